// Bounds on the JSON the app reads (lessons, presets, sessions): its size, and its nesting depth checked
// while parsing, so nothing recursive (dump, copy, comparison) ever meets a document deep enough to
// overflow the stack. Numbers are taken only when their field's type holds them exactly.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "i18n/translate.h"

namespace gradlab::viz {

// Far above any file the app writes (a request nests 3 levels, a lesson 6).
inline constexpr int kMaxJsonDepth = 64;
// A session or lesson holds at most a few inputs of 1024 x 1024 values, written out in about 12 bytes each.
inline constexpr uint64_t kMaxJsonFileBytes = uint64_t{64} << 20;
// Parsing costs about 16 bytes a value (a JSON node) beside the text: a document may hold at most this many
// values (numbers, strings, arrays, objects), checked while it is parsed, so no document, however its
// bytes are spent, takes more than ~64 MiB to read.
inline constexpr uint64_t kMaxJsonValues = uint64_t{1} << 22;
// The longest text a lesson or session holds is a paragraph or a device spec (at most 512 characters).
inline constexpr uint64_t kMaxJsonStringBytes = uint64_t{64} << 10;

// Parses `text`; false with `error` set to a line naming what is over a bound above (its size, the field
// that nests too deep "\"request\".\"values\" nests deeper than 64 levels", too many values, a string too
// long) or nlohmann's message.
bool parseBoundedJson(const std::string& text, nlohmann::json* out, std::string* error);

// Reads the file at `path` into `text`; false with `error` ("cannot read ...", or its size against
// kMaxJsonFileBytes) otherwise. The error does not repeat the path.
bool readJsonFile(const std::string& path, std::string* text, std::string* error);

// `v` as T when T holds it exactly: a whole number in T's range for an integer type, a finite number in
// T's range for float or double. Otherwise false, and `why` says it of `field`, in the reader's language
// ("\"N\" is 2.5, not a whole number in [0, 10]").
template <typename T>
bool exactNumber(const nlohmann::json& v, T* out, const std::string& field, std::string* why) {
  static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>);
  if (!v.is_number()) {
    *why = i18n::trf("{0} has the wrong type", field);
    return false;
  }
  if constexpr (std::is_integral_v<T>) {
    using Limits = std::numeric_limits<T>;
    if (v.is_number_unsigned()) {
      const uint64_t u = v.get<uint64_t>();
      if (u <= static_cast<uint64_t>(Limits::max())) return *out = static_cast<T>(u), true;
    } else if (v.is_number_integer()) {
      const int64_t i = v.get<int64_t>();
      if ((Limits::is_signed || i >= 0) && i >= static_cast<int64_t>(Limits::min()) &&
          (i < 0 || static_cast<uint64_t>(i) <= static_cast<uint64_t>(Limits::max()))) {
        return *out = static_cast<T>(i), true;
      }
    } else {
      // A whole float in range (JSON writers may spell 3 as 3.0); 2^63 and above are out of every type's range.
      const double d = v.get<double>();
      if (std::isfinite(d) && d == std::floor(d) && d >= static_cast<double>(Limits::min()) &&
          d < 9223372036854775808.0 && d <= static_cast<double>(Limits::max())) {
        return *out = static_cast<T>(d), true;
      }
    }
    *why = i18n::trf("{0} is {1}, not a whole number in [{2}, {3}]", field, v.dump(), std::to_string(Limits::min()),
                     std::to_string(Limits::max()));
    return false;
  } else {
    const double d = v.get<double>();
    // A float field takes what rounds to a finite float: below FLT_MAX + half its ulp (2^103).
    const double limit = sizeof(T) == 4 ? static_cast<double>(std::numeric_limits<float>::max()) + 0x1p103
                                        : std::numeric_limits<double>::infinity();
    if (std::isfinite(d) && std::fabs(d) < limit) return *out = static_cast<T>(d), true;
    *why = i18n::trf("{0} is {1}, outside the finite range of {2}", field, v.dump(), sizeof(T) == 4 ? "float32" : "float64");
    return false;
  }
}

}  // namespace gradlab::viz
