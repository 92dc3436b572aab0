// Golden vectors from PyTorch's CPU kernels (tools/golden/generate.py): every case of every *.json file in
// goldenDir() becomes a deterministic run through the runner, compared bit for bit with PyTorch's result
// (for FLOAT16 / BF16: the fp32 result rounded once, as the files record it). The files name their
// operators as the catalog does (in snake case), so an operator's golden file is all it takes.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "gradlab/cat.h"
#include "i18n/translate.h"
#include "verify/cases.h"
#include "verify/device_tensor.h"
#include "verify/judge.h"
#include "verify/run_case.h"

namespace gradlab::verify {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

bool hasGoldenFiles(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return false;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".json") return true;
  }
  return false;
}

double number(const json& v) {
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (const auto word = nonFiniteNumber(s)) return *word;
    return std::stod(s);
  }
  return v.get<double>();
}

struct GoldenTensor {
  std::vector<int64_t> shape;
  aclDataType dtype = ACL_FLOAT;
  std::vector<double> data;  // row-major
};

GoldenTensor tensorOf(const json& t) {
  GoldenTensor g;
  g.shape = t.at("shape").get<std::vector<int64_t>>();
  const std::string dtype = t.value("dtype", std::string("float32"));
  const std::optional<aclDataType> d = dtypeFromText(dtype);
  if (!d) throw std::invalid_argument("unknown dtype \"" + dtype + "\"");
  g.dtype = *d;
  for (const json& v : t.at("data")) g.data.push_back(number(v));
  return g;
}

const OpInfo* opBySnakeName(const std::string& name) {
  for (const OpInfo& op : allOps()) {
    if (snakeName(op.kind) == name) return &op;
  }
  return nullptr;
}

struct GoldenCase {
  RunRequest request;
  std::vector<std::pair<std::string, GoldenTensor>> expected;  // by role name
};

GoldenCase goldenCase(const json& c) {
  const std::string opName = c.at("op").get<std::string>();
  const OpInfo* op = opBySnakeName(opName);
  if (op == nullptr) throw std::invalid_argument("names the unknown operator \"" + opName + "\"");
  GoldenCase g;
  RunRequest& r = g.request;
  r.op = op->kind;
  r.deterministic = true;
  const std::optional<aclDataType> dtype = dtypeFromText(c.value("dtype", std::string("float32")));
  if (!dtype) throw std::invalid_argument("has an unknown dtype");
  r.dtype = *dtype;
  bool sides[2] = {false, false};
  Extents sizes;
  for (const TensorRole& role : op->tensorRoles()) {
    const json& group = c.at(role.written() ? "expected" : "inputs");
    if (!group.contains(role.name)) continue;
    GoldenTensor t = tensorOf(group.at(role.name));
    if (!takeSideShape(*op, role.side, t.shape, &sizes)) {
      throw std::invalid_argument(std::string("has a ") + role.name + " of shape " + shapeText(t.shape) +
                                  " that does not fit the operator");
    }
    sides[static_cast<int>(role.side)] = true;
    if (role.written()) {
      g.expected.emplace_back(role.name, std::move(t));
    } else if (role.kind == RoleKind::kValues) {
      r.values.assign(t.data.begin(), t.data.end());
    } else if (role.kind == RoleKind::kIndices) {
      r.indices.assign(t.data.begin(), t.data.end());
      r.indexType = t.dtype;
    }
  }
  for (const auto& [name, t] : g.expected) {
    if (t.dtype == ACL_INT32 || t.dtype == ACL_INT64) r.indexType = t.dtype;
  }
  if (!sides[0] || !sides[1]) throw std::invalid_argument("lacks the tensors that give both sides' sizes");
  r.shape = sizes;
  if (g.expected.empty()) throw std::invalid_argument("expects no output");
  const json params = c.value("params", json::object());
  if (params.contains("scales") && !params["scales"].is_null()) {
    const json& s = params["scales"];
    std::vector<double> scales;
    if (s.is_number()) scales.push_back(s.get<double>());
    for (const json& v : s.is_array() ? s : json::array()) scales.push_back(v.is_null() ? 0.0 : v.get<double>());
    // In the operator's order, outermost first: the last of them is W's (L's).
    const size_t n = std::min(scales.size(), static_cast<size_t>(op->spatialRank));
    std::copy(scales.end() - static_cast<ptrdiff_t>(n), scales.end(), r.shape.scales.end() - static_cast<ptrdiff_t>(n));
  }
  return g;
}

std::string sanitized(const std::string& s) {
  std::string out;
  for (char ch : s) out += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return out;
}

Case brokenCase(std::string name, std::string why) {
  return {"golden_" + sanitized(name), OpKind::kCount, "golden", [why] { return CaseResult{false, why, 0}; }};
}

// A strategy that associates its sums differently from PyTorch (the cube's matrix products) is held to the
// summation bound around PyTorch's values instead of its bits.
bool boundOnly(const RunRequest& r, const RunResult& result) {
  const StrategyInfo* s = result.plan ? findStrategy(r.op, result.plan->strategyName) : nullptr;
  return s != nullptr && !s->referenceOrder && opInfo(r.op).backward;
}

CaseResult runGolden(const GoldenCase& g, const std::string& file) {
  const RunResult result = runCase(g.request);
  const std::string what = describe(g.request) + ": ";
  if (!result.ok()) return {false, what + i18n::trf("{0} failed: {1}", result.stage, result.message), 0};
  // CANN's 950 windows (the simt strategy) part from PyTorch's map for a few sizes: there the run is held to the
  // reference with CANN's windows, and says where the two part.
  // A run that adds in FLOAT16 / BF16 (accumulate=dtype; the 950's SIMT pool kernel always does) rounds every sum
  // where PyTorch rounds the fp32 sum once: it is held to the reference that rounds as it does.
  if (result.plan && result.plan->accumulate == Accumulation::kDtype && g.request.dtype != ACL_FLOAT &&
      opInfo(g.request.op).backward) {
    const Verdict v = checkRun(g.request, result);
    return {v.passed,
            what + i18n::trf("adds in {0} where PyTorch rounds the fp32 sum once ({1}): {2} ({3})",
                             dtypeText(g.request.dtype), result.plan->strategyName,
                             v.lines.empty() ? std::string() : v.lines.front(), file),
            digestOf(result)};
  }
  if (const std::string differ = cannWindowsDiffer(g.request, result); !differ.empty()) {
    const Verdict v = checkRun(g.request, result);
    return {v.passed,
            what + i18n::trf("differs from PyTorch where CANN's 950 kernel does ({0}): {1} ({2})", differ,
                             v.lines.empty() ? std::string() : v.lines.front(), file),
            digestOf(result)};
  }
  std::vector<Expected> bounds;
  std::string why;
  const bool bounded = boundOnly(g.request, result) && referenceOutputs(g.request, result, &bounds, &why) &&
                       !bounds.empty() && !bounds.front().absSum.empty();
  for (const auto& [name, want] : g.expected) {
    const HostTensor* got = result.output(name);
    if (got == nullptr) return {false, what + i18n::trf("the run produced no {0}", name), 0};
    const bool ints = want.dtype == ACL_INT32 || want.dtype == ACL_INT64;
    const size_t cells = ints ? got->ints.size() : got->values.size();
    if (cells != want.data.size()) {
      return {false, what + i18n::trf("{0} has {1} cells, PyTorch {2}", name, cells, want.data.size()), 0};
    }
    for (size_t i = 0; i < cells; ++i) {
      const float torch = static_cast<float>(want.data[i]);
      bool same = ints ? got->ints[i] == static_cast<int64_t>(want.data[i]) : sameBits(got->values[i], torch);
      if (!same && bounded && !ints && std::isfinite(torch)) {
        const Expected& e = bounds.front();
        const double tol = sumTolerance(g.request.dtype, e.terms[i], e.absSum[i],
                                        std::max(std::fabs(double{torch}), std::fabs(double{got->values[i]})));
        same = std::fabs(double{got->values[i]} - double{torch}) <= tol;
      }
      if (!same) {
        return {false,
                what + i18n::trf("{0} cell {1} = {2}, PyTorch gives {3}", name, i,
                                 ints ? std::to_string(got->ints[i]) : std::to_string(got->values[i]),
                                 std::to_string(want.data[i])),
                0};
      }
    }
  }
  if (bounded) {
    return {true,
            what + i18n::trf("within the summation bound of PyTorch's values ({0} associates its sums differently; {1})",
                             result.plan->strategyName, file),
            digestOf(result)};
  }
  return {true, what + i18n::trf("bit-identical to PyTorch ({0})", file), digestOf(result)};
}

}  // namespace

std::string goldenDir(std::vector<std::string>* tried) {
  std::vector<fs::path> candidates;
  if (const char* env = std::getenv("GRADLAB_GOLDEN_DIR"); env && *env) candidates.emplace_back(env);
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) candidates.push_back(exe.parent_path().parent_path() / "share" / "gradlab" / "golden");
#ifdef GRADLAB_SOURCE_GOLDEN_DIR
  candidates.emplace_back(GRADLAB_SOURCE_GOLDEN_DIR);
#endif
  for (const fs::path& c : candidates) {
    if (hasGoldenFiles(c)) return c.string();
    if (tried) tried->push_back(c.string());
  }
  return "";
}

std::vector<Case> goldenCases() {
  std::vector<std::string> tried;
  const std::string dir = goldenDir(&tried);
  if (dir.empty()) {
    std::string where;
    for (const std::string& t : tried) where += (where.empty() ? "" : ", ") + t;
    return {brokenCase("data_missing", "no golden vectors found (looked in " + where +
                                           "); set GRADLAB_GOLDEN_DIR to the directory of the *.json files")};
  }
  return goldenCasesIn(dir);
}

std::vector<Case> goldenCasesIn(const std::string& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  if (files.empty()) return {brokenCase("data_missing", "no golden-vector files (*.json) in " + dir)};
  std::sort(files.begin(), files.end());
  std::vector<Case> cases;
  for (const fs::path& path : files) {
    const std::string file = path.filename().string();
    std::ifstream in(path);
    const json doc = json::parse(in, nullptr, false);
    if (!in || doc.is_discarded() || !doc.contains("cases") || !doc["cases"].is_array() || doc["cases"].empty()) {
      cases.push_back(brokenCase("unreadable_" + file, path.string() + " is not a golden-vector file with a \"cases\" list"));
      continue;
    }
    for (const json& c : doc["cases"]) {
      const std::string name = c.value("name", std::string("case"));
      try {
        auto g = std::make_shared<const GoldenCase>(goldenCase(c));
        cases.push_back({"golden_" + sanitized(name), g->request.op, "golden", [g, file] { return runGolden(*g, file); }});
      } catch (const std::exception& e) {
        cases.push_back(brokenCase(file + "_" + name, file + ": case \"" + name + "\" " + e.what()));
      }
    }
  }
  return cases;
}

}  // namespace gradlab::verify
