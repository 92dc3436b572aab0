// Enum parameters of the C API as the integers the caller passed. A C caller may pass any int for an
// enum, but C++ reading a value outside the enum's range through the enum type is undefined behaviour
// (UBSan: "not a valid value for type"), so entry points check the raw integer before any other use.
#pragma once

#include <cstring>
#include <type_traits>

namespace gradlab::rt {

// Signed, as the int a C caller passes (compilers give enums without negative values an unsigned type).
template <typename E>
std::make_signed_t<std::underlying_type_t<E>> rawEnum(const E& value) {
  std::make_signed_t<std::underlying_type_t<E>> raw;
  std::memcpy(&raw, &value, sizeof raw);
  return raw;
}

}  // namespace gradlab::rt
