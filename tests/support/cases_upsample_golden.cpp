// Golden vectors produced with PyTorch (tools/golden): every case of the upsample JSON files becomes a
// deterministic run compared bit for bit with PyTorch's CPU result.
#include <cctype>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "support/upsample_case_runner.h"

namespace gradlab::cases::upsample {
namespace {

using nlohmann::json;

float number(const json& v) {
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "nan") return std::numeric_limits<float>::quiet_NaN();
    if (s == "inf") return std::numeric_limits<float>::infinity();
    if (s == "-inf") return -std::numeric_limits<float>::infinity();
    return std::stof(s);
  }
  return v.get<float>();
}

std::vector<float> values(const json& tensor) {
  std::vector<float> out;
  for (const json& v : tensor.at("data")) out.push_back(number(v));
  return out;
}

std::vector<int64_t> shape(const json& tensor) { return tensor.at("shape").get<std::vector<int64_t>>(); }

aclDataType dtypeOf(const std::string& name) {
  if (name == "float16") return ACL_FLOAT16;
  if (name == "bfloat16") return ACL_BF16;
  return ACL_FLOAT;
}

// scales: null, a number, or a list of numbers / nulls (one per spatial axis); null means "use the sizes".
std::vector<double> scales(const json& params, size_t axes) {
  std::vector<double> s(axes, 0.0);
  if (!params.contains("scales") || params["scales"].is_null()) return s;
  const json& v = params["scales"];
  if (v.is_number()) {
    s.back() = v.get<double>();
    return s;
  }
  for (size_t i = 0; i < axes && i < v.size(); ++i) s[i] = v[i].is_null() ? 0.0 : v[i].get<double>();
  return s;
}

std::string sanitize(std::string s) {
  for (char& c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return s;
}

bool sameValue(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return x == y;
}

Case fromJson(const json& c, const std::string& file) {
  const bool backward = c.at("inputs").contains("gradOutput");
  const json& input = c.at("inputs").at(backward ? "gradOutput" : "self");
  const json& expectedTensor = c.at("expected").at(backward ? "gradInput" : "out");
  const std::vector<int64_t> in = shape(input), out = shape(expectedTensor);
  const bool twoD = in.size() == 4;
  const json params = c.value("params", json::object());
  const std::vector<double> s = scales(params, twoD ? 2 : 1);

  Problem p;
  p.op = backward ? (twoD ? Op::kBackward2d : Op::kBackward1d) : (twoD ? Op::kForward2d : Op::kForward1d);
  p.dtype = dtypeOf(c.value("dtype", input.value("dtype", std::string("float32"))));
  p.deterministic = true;
  p.seed = 1;
  p.values = values(input);
  // The backward op's "in" side is gradInput (the expected tensor), its "out" side gradOutput.
  const std::vector<int64_t>& inSide = backward ? out : in;
  const std::vector<int64_t>& outSide = backward ? in : out;
  p.shape.N = in[0], p.shape.C = in[1];
  p.shape.inW = inSide.back(), p.shape.outW = outSide.back();
  p.shape.inH = twoD ? inSide[2] : 1, p.shape.outH = twoD ? outSide[2] : 1;
  p.shape.scaleH = twoD ? s[0] : 0.0;
  p.shape.scaleW = s.back();
  const std::vector<float> expected = values(expectedTensor);
  const std::string name = "golden_" + sanitize(c.value("name", std::string("case")));
  return {name, opName(p.op), "golden", [p, expected, file] {
            const Outcome o = runProblem(p);
            if (o.status != 0) return CaseResult{false, describe(p) + ": " + o.stage + " failed: " + o.message};
            if (o.output.size() != expected.size()) {
              return CaseResult{false, file + ": expected " + std::to_string(expected.size()) + " values, got " +
                                           std::to_string(o.output.size())};
            }
            for (size_t i = 0; i < expected.size(); ++i) {
              if (!sameValue(o.output[i], expected[i])) {
                return CaseResult{false, describe(p) + ": cell " + std::to_string(i) + " = " +
                                             std::to_string(o.output[i]) + ", PyTorch gives " +
                                             std::to_string(expected[i])};
              }
            }
            return CaseResult{true, describe(p) + ": bit-identical to PyTorch (" + file + ")"};
          }};
}

}  // namespace

std::vector<Case> goldenCases(const std::string& path) {
  std::ifstream file(path);
  if (!file) return {};
  const std::string base = path.substr(path.find_last_of('/') + 1);
  const json doc = json::parse(file, nullptr, false);
  auto broken = [&](const std::string& why) {
    return std::vector<Case>{{"golden_unreadable_" + sanitize(base), "UpsampleNearestExact", "golden", [path, why] {
                                return CaseResult{false, path + ": " + why};
                              }}};
  };
  if (doc.is_discarded() || !doc.contains("cases")) return broken("not a golden-vector file (no \"cases\")");
  std::vector<Case> cases;
  for (const json& c : doc["cases"]) {
    try {
      cases.push_back(fromJson(c, base));
    } catch (const std::exception& e) {
      return broken(std::string("case ") + c.value("name", std::string("?")) + ": " + e.what());
    }
  }
  return cases;
}

}  // namespace gradlab::cases::upsample
