#include "check.h"

#include <cmath>
#include <cstring>
#include <exception>
#include <iomanip>
#include <optional>
#include <ostream>

#include "gradlab/half.h"
#include "report.h"
#include "support/cases.h"
#include "support/device_tensor.h"
#include "support/reference_adaptive_pool.h"
#include "support/reference_upsample.h"

namespace gradlab::cli {
namespace {

// What a reference predicts for one output tensor.
struct Expected {
  std::string name;
  std::vector<float> fp32;        // the reference in fp32, in the SPEC's summation order
  std::vector<double> exact;      // the sums in double (empty: use fp32)
  std::vector<double> absSum;     // per cell, the sum of |terms| (empty: no accumulation, must be exact)
  std::vector<int64_t> ints;      // integer outputs (indices)
};

// One unit in the last place of the dtype at magnitude |v| (fp32's for FLOAT).
double ulp(aclDataType dtype, double v) {
  const int mantissa = dtype == ACL_FLOAT16 ? 10 : dtype == ACL_BF16 ? 7 : 23;
  const int minExp = dtype == ACL_FLOAT16 ? -14 : -126;
  int e = v == 0 ? minExp : std::max(minExp, std::ilogb(v));
  return std::ldexp(1.0, e - mantissa);
}

// "[n=0, c=1, h=2, w=3]"-style position of flat index i in `shape`.
std::string position(const std::vector<int64_t>& shape, size_t i) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = static_cast<int64_t>(i) % std::max<int64_t>(shape[d], 1);
    i /= static_cast<size_t>(std::max<int64_t>(shape[d], 1));
  }
  return shapeText(idx);
}

bool compare(std::ostream& out, const HostTensor& got, const Expected& want, aclDataType dtype, bool exact) {
  if (!want.ints.empty() || got.dtype == ACL_INT32 || got.dtype == ACL_INT64) {
    for (size_t i = 0; i < want.ints.size(); ++i) {
      if (i >= got.ints.size() || got.ints[i] != want.ints[i]) {
        out << "check: MISMATCH " << got.name << position(got.shape, i) << ": got "
            << (i < got.ints.size() ? std::to_string(got.ints[i]) : "nothing") << ", reference " << want.ints[i] << "\n";
        return false;
      }
    }
    out << "check: " << got.name << " matches the reference exactly (" << want.ints.size() << " indices)\n";
    return true;
  }
  if (got.values.size() != want.fp32.size()) {
    out << "check: MISMATCH " << got.name << " has " << got.values.size() << " cells, the reference "
        << want.fp32.size() << "\n";
    return false;
  }
  double worst = 0.0;
  for (size_t i = 0; i < want.fp32.size(); ++i) {
    const float expect = testing::roundTo(dtype, want.fp32[i]);
    const float g = got.values[i];
    if (exact || want.absSum.empty()) {
      if (!testing::sameBits(g, expect)) {
        out << "check: MISMATCH " << got.name << position(got.shape, i) << ": got " << std::setprecision(9) << g
            << ", reference " << expect << " (bit-exact expected)\n";
        return false;
      }
      continue;
    }
    // Reassociated fp32 sums: each add errs by at most half an fp32 ulp of a partial sum, bounded by the
    // sum of magnitudes; fp16/bf16 may then round to the neighbouring value.
    const double ref = want.exact.empty() ? static_cast<double>(want.fp32[i]) : want.exact[i];
    const double tol = want.absSum[i] * 1e-5 + (dtype == ACL_FLOAT ? 0.0 : ulp(dtype, std::fabs(ref)));
    if (std::isnan(ref) != std::isnan(g) || (!std::isnan(ref) && std::fabs(g - ref) > tol)) {
      out << "check: MISMATCH " << got.name << position(got.shape, i) << ": got " << std::setprecision(9) << g
          << ", reference " << ref << " (tolerance " << tol << ")\n";
      return false;
    }
    if (!std::isnan(ref)) worst = std::max(worst, std::fabs(g - ref));
  }
  out << "check: " << got.name << " matches the reference ";
  if (exact || want.absSum.empty()) {
    out << "bit for bit";
  } else {
    out << "within the reassociation bound (largest difference " << std::setprecision(3) << worst << ")";
  }
  out << " (" << want.fp32.size() << " cells, " << dtypeText(dtype) << ")\n";
  return true;
}

reference::PoolDims poolDims(const RunRequest& r) {
  reference::PoolDims d;
  d.planes = r.unbatched ? r.C : r.N * r.C;
  d.H = r.inH, d.W = r.inW, d.Ho = r.outH, d.Wo = r.outW;
  return d;
}

reference::UpsampleShape upsampleShape(const RunRequest& r) {
  const bool oneD = r.op == OpKind::kUpsampleNearestExact1dBackward || r.op == OpKind::kUpsampleNearestExact1d;
  reference::UpsampleShape s;
  s.N = r.N, s.C = r.C;
  s.inH = oneD ? 1 : r.inH, s.inW = r.inW;
  s.outH = oneD ? 1 : r.outH, s.outW = r.outW;
  s.scaleH = oneD ? 0.0 : r.scaleH, s.scaleW = r.scaleW;
  return s;
}

// The reference outputs of the request, computed from the run's own inputs; nullopt when there is none.
std::optional<std::vector<Expected>> referenceOutputs(std::ostream& out, const RunRequest& r, const RunResult& result) {
  std::vector<Expected> want;
  switch (r.op) {
    case OpKind::kAdaptiveMaxPool2d: {
      const reference::PoolForward f = reference::adaptiveMaxPool2d(result.input("self")->values, poolDims(r));
      want.push_back({"out", f.out, {}, {}, {}});
      want.push_back({"indices", {}, {}, {}, f.indices});
      return want;
    }
    case OpKind::kAdaptiveMaxPool2dBackward: {
      const reference::PoolDims d = poolDims(r);
      const HostTensor* grad = result.input("gradOutput");
      const HostTensor* idx = result.input("indices");
      if (reference::firstIndexOutsidePlane(idx->ints, d) >= 0) {
        out << "check: the indices leave their plane; the run should have failed\n";
        return std::nullopt;
      }
      Expected e{"gradInput", reference::adaptiveMaxPool2dBackward(grad->values, idx->ints, d), {}, {}, {}};
      reference::PoolBackwardDouble exact = reference::adaptiveMaxPool2dBackwardDouble(grad->values, idx->ints, d);
      e.exact = std::move(exact.gradInput);
      e.absSum = std::move(exact.absSum);
      want.push_back(std::move(e));
      return want;
    }
    case OpKind::kUpsampleNearestExact1dBackward:
    case OpKind::kUpsampleNearestExact2dBackward: {
      const reference::UpsampleShape shape = upsampleShape(r);
      const std::vector<float>& grad = result.input("gradOutput")->values;
      want.push_back({"gradInput", reference::upsampleBackward(shape, grad), reference::upsampleBackwardDouble(shape, grad),
                      reference::upsampleBackwardAbsSums(shape, grad), {}});
      return want;
    }
    case OpKind::kUpsampleNearestExact1d:
    case OpKind::kUpsampleNearestExact2d:
      want.push_back({"out", reference::upsampleForward(upsampleShape(r), result.input("self")->values), {}, {}, {}});
      return want;
  }
  out << "check: no independent reference for " << opName(r.op) << "\n";
  return std::nullopt;
}

}  // namespace

bool checkAgainstReference(std::ostream& out, const RunRequest& r, const RunResult& result) {
  std::optional<std::vector<Expected>> want = referenceOutputs(out, r, result);
  if (!want) return false;
  const bool exact = r.deterministic;
  bool ok = true;
  for (const Expected& e : *want) {
    const HostTensor* got = result.output(e.name);
    if (!got) {
      out << "check: the run produced no " << e.name << "\n";
      ok = false;
      continue;
    }
    ok = compare(out, *got, e, r.dtype, exact) && ok;
  }
  return ok;
}

int verifyCases(std::ostream& out, const std::string& op) {
  try {
    testing::RuntimeScope::shared();
  } catch (const std::exception& e) {
    out << "verify: cannot start the runtime: " << e.what() << "\n";
    return -1;
  }
  int passed = 0, failed = 0;
  for (const cases::Case& c : cases::allCases()) {
    if (!op.empty() && c.op != op) continue;
    cases::CaseResult r;
    try {
      r = c.run();
    } catch (const std::exception& e) {
      r = {false, std::string("threw: ") + e.what()};
    }
    (r.passed ? passed : failed)++;
    out << (r.passed ? "PASS  " : "FAIL  ") << std::left << std::setw(10) << c.group << std::right << c.name << ": "
        << r.detail << "\n";
  }
  out << "verify: " << passed << " passed, " << failed << " failed" << (op.empty() ? "" : " (" + op + ")") << "\n";
  return failed;
}

}  // namespace gradlab::cli
