#include "npy/npy_header.h"

#include <cctype>
#include <limits>
#include <map>

#include "gradlab/printable.h"

namespace gradlab::npy::detail {
namespace {

// Header text as one short line: its newline (every header ends in one) and any other control byte
// escaped, and at most its first 200 bytes quoted.
std::string oneLine(const std::string& text) { return printableLine(text, 200); }

// A tiny reader for the subset of Python literals NumPy writes: 'strings', True/False, (ints,).
class Literal {
 public:
  explicit Literal(const std::string& text) : s_(text) {}

  void skipSpace() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool eat(char c) {
    skipSpace();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool peek(char c) {
    skipSpace();
    return i_ < s_.size() && s_[i_] == c;
  }
  bool atEnd() {
    skipSpace();
    return i_ >= s_.size();
  }
  bool string(std::string* out) {
    skipSpace();
    if (i_ >= s_.size() || (s_[i_] != '\'' && s_[i_] != '"')) return false;
    const char quote = s_[i_++];
    out->clear();
    while (i_ < s_.size() && s_[i_] != quote) {
      if (s_[i_] == '\\') return false;  // NumPy never escapes inside these strings
      *out += s_[i_++];
    }
    if (i_ >= s_.size()) return false;
    ++i_;
    return true;
  }
  bool word(std::string* out) {
    skipSpace();
    out->clear();
    while (i_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[i_]))) *out += s_[i_++];
    return !out->empty();
  }
  bool integer(int64_t* out) {
    skipSpace();
    size_t start = i_;
    int64_t v = 0;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
      const int64_t d = s_[i_++] - '0';
      if (v > (std::numeric_limits<int64_t>::max() - d) / 10) return false;
      v = v * 10 + d;
    }
    if (i_ == start) return false;
    if (i_ < s_.size() && (s_[i_] == 'L' || s_[i_] == 'l')) ++i_;  // Python 2 longs: (3L, 4L)
    *out = v;
    return true;
  }
  size_t position() const { return i_; }

 private:
  const std::string& s_;
  size_t i_ = 0;
};

bool dtypeFromDescr(const std::string& descr, DType* dtype, bool* bigEndian, std::string* error) {
  if (descr.size() < 3) {
    *error = "unsupported dtype descr '" + oneLine(descr) + "'";
    return false;
  }
  const char order = descr[0];
  const std::string code = descr.substr(1);
  static const std::map<std::string, DType> codes = {
      {"f2", DType::kFloat16}, {"f4", DType::kFloat32}, {"f8", DType::kFloat64}, {"i1", DType::kInt8},
      {"i2", DType::kInt16},   {"i4", DType::kInt32},   {"i8", DType::kInt64},   {"u1", DType::kUint8},
      {"u2", DType::kUint16},  {"u4", DType::kUint32},  {"u8", DType::kUint64},  {"b1", DType::kBool}};
  auto it = codes.find(code);
  if (it == codes.end() || (order != '<' && order != '>' && order != '|' && order != '=')) {
    *error = "unsupported dtype descr '" + oneLine(descr) +
             "' (supported: float16/32/64, int8/16/32/64, uint8/16/32/64 and bool, either byte order)";
    return false;
  }
  if (order == '|' && dtypeSize(it->second) != 1) {
    *error = "dtype descr '" + oneLine(descr) + "' has no byte order but its elements are wider than one byte";
    return false;
  }
  *dtype = it->second;
  *bigEndian = order == '>';
  return true;
}

}  // namespace

std::string descrOf(DType dtype) {
  switch (dtype) {
    case DType::kFloat16: return "<f2";
    case DType::kFloat32: return "<f4";
    case DType::kFloat64: return "<f8";
    case DType::kInt8: return "|i1";
    case DType::kInt16: return "<i2";
    case DType::kInt32: return "<i4";
    case DType::kInt64: return "<i8";
    case DType::kUint8: return "|u1";
    case DType::kUint16: return "<u2";
    case DType::kUint32: return "<u4";
    case DType::kUint64: return "<u8";
    case DType::kBool: return "|b1";
  }
  return "?";
}

bool parseHeader(const std::string& text, Header* out, std::string* error) {
  Literal lit(text);
  auto bad = [&](const std::string& why) {
    *error = "bad .npy header: " + oneLine(why) + " at offset " + std::to_string(lit.position()) + " of \"" + oneLine(text) + "\"";
    return false;
  };
  if (!lit.eat('{')) return bad("expected '{'");
  bool haveDescr = false, haveOrder = false, haveShape = false;
  Header h;
  while (!lit.eat('}')) {
    std::string key;
    if (!lit.string(&key)) return bad("expected a quoted key");
    if (!lit.eat(':')) return bad("expected ':'");
    if (key == "descr") {
      std::string descr;
      if (lit.peek('[')) {
        *error = "structured (record) dtypes are not supported; save a plain numeric array";
        return false;
      }
      if (!lit.string(&descr)) return bad("expected the descr string");
      if (!dtypeFromDescr(descr, &h.dtype, &h.bigEndian, error)) return false;
      haveDescr = true;
    } else if (key == "fortran_order") {
      std::string word;
      if (!lit.word(&word) || (word != "True" && word != "False")) return bad("expected True or False");
      h.fortranOrder = word == "True";
      haveOrder = true;
    } else if (key == "shape") {
      if (!lit.eat('(')) return bad("expected '(' to open the shape");
      while (!lit.eat(')')) {
        int64_t d = 0;
        if (!lit.integer(&d)) return bad("expected a non-negative dimension");
        h.shape.push_back(d);
        if (!lit.eat(',') && !lit.peek(')')) return bad("expected ',' or ')' in the shape");
      }
      haveShape = true;
    } else {
      return bad("unexpected key '" + key + "'");
    }
    if (!lit.eat(',') && !lit.peek('}')) return bad("expected ',' or '}'");
  }
  if (!lit.atEnd()) return bad("unexpected text after the dict");
  if (!haveDescr || !haveOrder || !haveShape) {
    *error = std::string("bad .npy header: missing '") + (!haveDescr ? "descr" : !haveOrder ? "fortran_order" : "shape") +
             "' in \"" + oneLine(text) + "\"";
    return false;
  }
  *out = h;
  return true;
}

}  // namespace gradlab::npy::detail
