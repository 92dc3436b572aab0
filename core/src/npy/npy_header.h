// The header of a .npy file: the Python dict literal {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gradlab/npy.h"

namespace gradlab::npy::detail {

struct Header {
  DType dtype = DType::kFloat32;
  bool bigEndian = false;
  bool fortranOrder = false;
  std::vector<int64_t> shape;
};

// Parses the dict text (without magic/length). False with a reason for anything but a plain numeric descr.
bool parseHeader(const std::string& text, Header* out, std::string* error);

// The descr string NumPy writes for a little-endian (or byte-sized) dtype: "<f4", "|u1", "|b1".
std::string descrOf(DType dtype);

}  // namespace gradlab::npy::detail
