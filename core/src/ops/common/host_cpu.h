// What the host CPU offers the kernels' vector paths, asked once per process.
#pragma once

namespace gradlab::ops {

// An x86 CPU with AVX2 and an OS that saves the YMM registers; false elsewhere.
bool hostHasAvx2();

}  // namespace gradlab::ops
