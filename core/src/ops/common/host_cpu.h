// What the host CPU offers the kernels' vector paths, asked once per process.
#pragma once

namespace gradlab::ops {

// An x86 CPU with AVX2 and an OS that saves the YMM registers; false elsewhere.
bool hostHasAvx2();
// An x86 CPU with AVX-512 F and DQ (64-bit lane multiplies) and an OS that saves the ZMM registers.
bool hostHasAvx512dq();
// An x86 CPU with AVX-512 F and BW (byte and word lanes, masks) and an OS that saves the ZMM registers.
bool hostHasAvx512bw();

}  // namespace gradlab::ops
