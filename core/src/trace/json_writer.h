// A minimal streaming JSON writer for large traces (millions of moves): appends to one string, writes
// floats in their shortest round-trip form and non-finite values as "nan" / "inf" / "-inf".
#pragma once

#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <type_traits>

#include <fmt/format.h>

namespace gradlab::trace_json {

inline void appendString(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          auto r = std::to_chars(buf, buf + sizeof buf, static_cast<int>(c), 16);
          out += "\\u";
          out.append(4 - static_cast<size_t>(r.ptr - buf), '0');
          out.append(buf, r.ptr);
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

template <typename Int>
void appendInt(std::string& out, Int v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

template <typename Float>
void appendFloat(std::string& out, Float v) {
  if (std::isnan(v)) {
    out += "\"nan\"";
  } else if (std::isinf(v)) {
    out += v > 0 ? "\"inf\"" : "\"-inf\"";
  } else if (v == 0 && std::signbit(v)) {
    out += "-0.0";  // "-0" would read back as the integer 0
  } else {
    char buf[40];
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
#else  // a standard library without floating-point to_chars (the browser build's): {fmt}'s shortest form
    fmt::format_to(std::back_inserter(out), "{}", v);
#endif
  }
}

// A value as its type writes it: strings quoted, bools as true / false, integers, floats as above.
inline void appendValue(std::string& out, std::string_view s) { appendString(out, s); }
inline void appendValue(std::string& out, const char* s) { appendString(out, s); }
inline void appendValue(std::string& out, bool b) { out += b ? "true" : "false"; }
template <std::integral Int>
  requires(!std::same_as<Int, bool>)
void appendValue(std::string& out, Int v) {
  appendInt(out, v);
}
template <std::floating_point Float>
void appendValue(std::string& out, Float v) {
  appendFloat(out, v);
}

// ,"key":value — a member after an object's first.
template <typename Value>
void appendField(std::string& out, std::string_view key, const Value& v) {
  out += ",\"";
  out += key;
  out += "\":";
  appendValue(out, v);
}

// v0,v1,... — the members of an array written as a row.
template <typename... Values>
void appendValues(std::string& out, const Values&... v) {
  bool first = true;
  auto one = [&](const auto& value) {
    if (!first) out += ',';
    first = false;
    appendValue(out, value);
  };
  (one(v), ...);
}

}  // namespace gradlab::trace_json
