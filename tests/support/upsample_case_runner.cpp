#include "support/upsample_case_runner.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>

#include "acl/acl.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "gradlab/profile.h"
#include "support/device_tensor.h"

namespace gradlab::cases::upsample {
namespace {

using testing::DeviceTensor;

constexpr float kOutsideFill = -777.0f;
constexpr float kStaleOutput = 3.25f;  // what `out` holds before the run: the op must overwrite it

int64_t product(const std::vector<int64_t>& v) {
  int64_t p = 1;
  for (int64_t x : v) p *= x;
  return p;
}

struct View {
  std::vector<int64_t> strides;
  int64_t offset = 0;
  int64_t storage = 0;
};

// Strides (elements) of `shape` whose axes are laid out in memory in `order` (outermost first).
std::vector<int64_t> stridesInOrder(const std::vector<int64_t>& shape, const std::vector<int>& order) {
  std::vector<int64_t> strides(shape.size());
  int64_t s = 1;
  for (size_t i = order.size(); i-- > 0;) {
    strides[order[i]] = s;
    s *= std::max<int64_t>(shape[order[i]], 1);
  }
  return strides;
}

View makeView(const std::vector<int64_t>& shape, Layout layout) {
  const bool fourD = shape.size() == 4;
  View v;
  switch (layout) {
    case Layout::kContiguous:
      v.strides = stridesInOrder(shape, fourD ? std::vector<int>{0, 1, 2, 3} : std::vector<int>{0, 1, 2});
      break;
    case Layout::kChannelsLast:
      v.strides = stridesInOrder(shape, fourD ? std::vector<int>{0, 2, 3, 1} : std::vector<int>{0, 2, 1});
      break;
    case Layout::kTransposed:
      v.strides = stridesInOrder(shape, fourD ? std::vector<int>{0, 1, 3, 2} : std::vector<int>{2, 1, 0});
      break;
    case Layout::kSliced: {
      std::vector<int64_t> padded = shape;
      padded.back() += 3;
      padded[padded.size() - 2] += 1;
      v.strides = stridesInOrder(padded, fourD ? std::vector<int>{0, 1, 2, 3} : std::vector<int>{0, 1, 2});
      v.offset = 7;
      break;
    }
  }
  int64_t reach = v.offset;
  for (size_t d = 0; d < shape.size(); ++d) reach += (shape[d] - 1) * v.strides[d];
  v.storage = product(shape) == 0 ? v.offset + 1 : reach + 1 + (layout == Layout::kContiguous ? 0 : 5);
  return v;
}

// Storage indices of the view's cells.
std::vector<bool> viewMask(const std::vector<int64_t>& shape, const View& v) {
  std::vector<bool> mask(v.storage, false);
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t i = 0, n = product(shape); i < n; ++i) {
    int64_t at = v.offset;
    for (size_t d = 0; d < shape.size(); ++d) at += idx[d] * v.strides[d];
    mask[at] = true;
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  return mask;
}

// Sets the active device profile and the deterministic option for one case, restoring both after.
class ModeScope {
 public:
  ModeScope(const std::string& profile, bool deterministic) : savedProfile_(activeProfile()) {
    testing::RuntimeScope::shared();
    aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &savedDeterministic_);
    testing::RuntimeScope::shared().setDeterministic(deterministic);
    if (!profile.empty()) {
      DeviceProfile p;
      std::string error;
      if (parseProfileSpec(profile, &p, &error)) setActiveProfile(p);
    }
  }
  ~ModeScope() {
    setActiveProfile(savedProfile_);
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, savedDeterministic_);
  }
  ModeScope(const ModeScope&) = delete;
  ModeScope& operator=(const ModeScope&) = delete;

 private:
  DeviceProfile savedProfile_;
  int64_t savedDeterministic_ = 0;
};

aclFormat formatOf(const Problem& p) {
  if (p.seed % 2 == 0) return ACL_FORMAT_ND;
  return isOneD(p.op) ? ACL_FORMAT_NCL : ACL_FORMAT_NCHW;
}

std::string at(const std::vector<int64_t>& shape, int64_t flat) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = flat % std::max<int64_t>(shape[d], 1);
    flat /= std::max<int64_t>(shape[d], 1);
  }
  std::ostringstream s;
  s << "[";
  for (size_t d = 0; d < idx.size(); ++d) s << (d ? ", " : "") << idx[d];
  s << "]";
  return s.str();
}

CaseResult pass(std::string detail) { return {true, std::move(detail)}; }
CaseResult failure(std::string detail) { return {false, std::move(detail)}; }

std::string show(float v) {
  std::ostringstream s;
  s.precision(9);
  s << v;
  return s.str();
}

}  // namespace

const char* opName(Op op) {
  switch (op) {
    case Op::kBackward2d:
      return "UpsampleNearestExact2dBackward";
    case Op::kBackward1d:
      return "UpsampleNearestExact1dBackward";
    case Op::kForward2d:
      return "UpsampleNearestExact2d";
    case Op::kForward1d:
      return "UpsampleNearestExact1d";
  }
  return "?";
}

bool isBackward(Op op) { return op == Op::kBackward2d || op == Op::kBackward1d; }
bool isOneD(Op op) { return op == Op::kBackward1d || op == Op::kForward1d; }

const char* layoutName(Layout layout) {
  switch (layout) {
    case Layout::kContiguous:
      return "contiguous";
    case Layout::kSliced:
      return "sliced";
    case Layout::kChannelsLast:
      return "channels-last";
    case Layout::kTransposed:
      return "transposed";
  }
  return "?";
}

std::vector<int64_t> srcShape(const Problem& p) {
  const auto& s = p.shape;
  const bool back = isBackward(p.op);
  const int64_t H = back ? s.outH : s.inH, W = back ? s.outW : s.inW;
  return isOneD(p.op) ? std::vector<int64_t>{s.N, s.C, W} : std::vector<int64_t>{s.N, s.C, H, W};
}

std::vector<int64_t> dstShape(const Problem& p) {
  const auto& s = p.shape;
  const bool back = isBackward(p.op);
  const int64_t H = back ? s.inH : s.outH, W = back ? s.inW : s.outW;
  return isOneD(p.op) ? std::vector<int64_t>{s.N, s.C, W} : std::vector<int64_t>{s.N, s.C, H, W};
}

std::string describe(const Problem& p) {
  auto dims = [](const std::vector<int64_t>& v) {
    std::ostringstream d;
    d << "[";
    for (size_t i = 0; i < v.size(); ++i) d << (i ? ", " : "") << v[i];
    d << "]";
    return d.str();
  };
  std::ostringstream s;
  s << opName(p.op) << " " << dims(srcShape(p)) << " -> " << dims(dstShape(p));
  if (isOneD(p.op)) {
    s << " scales " << p.shape.scaleW;
  } else {
    s << " scales (" << p.shape.scaleH << ", " << p.shape.scaleW << ")";
  }
  s << ", "
    << (p.dtype == ACL_FLOAT     ? "fp32"
        : p.dtype == ACL_FLOAT16 ? "fp16"
                                 : "bf16")
    << ", " << layoutName(p.layout) << ", " << (p.deterministic ? "deterministic" : "default mode");
  if (!p.profile.empty()) s << ", profile " << p.profile;
  return s.str();
}

Outcome runProblem(const Problem& p, bool withTrace) {
  ModeScope mode(p.profile, p.deterministic);
  Outcome o;
  const std::vector<int64_t> inShape = srcShape(p), outShape = dstShape(p);
  const int64_t inCells = product(inShape);
  if (!p.values.empty()) {
    o.input = p.values;
  } else {
    std::mt19937_64 rng(p.seed);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    o.input.resize(inCells);
    for (float& v : o.input) v = dist(rng);
  }
  o.input = testing::roundAll(p.dtype, o.input);

  const aclFormat format = formatOf(p);
  const View inView = makeView(inShape, p.layout), outView = makeView(outShape, p.layout);
  DeviceTensor in(inShape, inView.strides, inView.offset, inView.storage, p.dtype, o.input, format, kOutsideFill);
  DeviceTensor out(outShape, outView.strides, outView.offset, outView.storage, p.dtype,
                   std::vector<float>(product(outShape), kStaleOutput), format, kOutsideFill);
  const auto& s = p.shape;
  std::vector<int64_t> outputSize = isOneD(p.op) ? std::vector<int64_t>{s.outW} : std::vector<int64_t>{s.outH, s.outW};
  std::vector<int64_t> inputSize = dstShape(p);
  aclIntArray* outputSizeArray = aclCreateIntArray(outputSize.data(), outputSize.size());
  aclIntArray* inputSizeArray = aclCreateIntArray(inputSize.data(), inputSize.size());

  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  int status = 0;
  switch (p.op) {
    case Op::kBackward2d:
      status = aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(in, outputSizeArray, inputSizeArray, s.scaleH,
                                                                   s.scaleW, out, &workspaceSize, &executor);
      break;
    case Op::kBackward1d:
      status = aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(in, outputSizeArray, inputSizeArray, s.scaleW, out,
                                                                   &workspaceSize, &executor);
      break;
    case Op::kForward2d:
      status = aclnnUpsampleNearestExact2dGetWorkspaceSize(in, outputSizeArray, s.scaleH, s.scaleW, out, &workspaceSize,
                                                           &executor);
      break;
    case Op::kForward1d:
      status =
          aclnnUpsampleNearestExact1dGetWorkspaceSize(in, outputSizeArray, s.scaleW, out, &workspaceSize, &executor);
      break;
  }
  aclDestroyIntArray(outputSizeArray);
  aclDestroyIntArray(inputSizeArray);
  if (status != 0) {
    o.status = status, o.stage = "GetWorkspaceSize", o.message = aclGetRecentErrMsg();
    return o;
  }
  o.workspaceBytes = workspaceSize;
  if (const Plan* plan = executorPlan(executor)) o.plan = *plan;
  if (withTrace) {
    o.trace = std::make_shared<Trace>();
    traceExecutor(executor, o.trace);
  }
  void* workspace = nullptr;
  if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtStream stream = testing::RuntimeScope::shared().stream();
  switch (p.op) {
    case Op::kBackward2d:
      status = aclnnUpsampleNearestExact2dBackward(workspace, workspaceSize, executor, stream);
      break;
    case Op::kBackward1d:
      status = aclnnUpsampleNearestExact1dBackward(workspace, workspaceSize, executor, stream);
      break;
    case Op::kForward2d:
      status = aclnnUpsampleNearestExact2d(workspace, workspaceSize, executor, stream);
      break;
    case Op::kForward1d:
      status = aclnnUpsampleNearestExact1d(workspace, workspaceSize, executor, stream);
      break;
  }
  if (status != 0) {
    o.status = status, o.stage = "launch", o.message = aclGetRecentErrMsg();
  } else if ((status = aclrtSynchronizeStream(stream)) != 0) {
    o.status = status, o.stage = "synchronize", o.message = aclGetRecentErrMsg();
  }
  if (workspace) aclrtFree(workspace);
  o.output = out.values();

  const std::vector<float> storage = out.storage();
  const std::vector<bool> mask = viewMask(outShape, outView);
  const float fill = testing::roundTo(p.dtype, kOutsideFill);
  for (size_t i = 0; i < storage.size(); ++i) {
    if (!mask[i] && !testing::sameBits(storage[i], fill)) {
      o.outsideProblem = "storage element " + std::to_string(i) + " outside the out view changed from " + show(fill) +
                         " to " + show(storage[i]);
      break;
    }
  }
  return o;
}

CaseResult judgeValues(const Problem& p, const Outcome& o) {
  if (o.status != 0) return failure(o.stage + " returned " + std::to_string(o.status) + ": " + o.message);
  if (!o.outsideProblem.empty()) return failure(o.outsideProblem);
  const std::vector<int64_t> shape = dstShape(p);
  if (!isBackward(p.op)) {
    const std::vector<float> expected = reference::upsampleForward(p.shape, o.input);
    for (size_t i = 0; i < expected.size(); ++i) {
      if (!testing::sameBits(expected[i], o.output[i])) {
        return failure("out" + at(shape, i) + " = " + show(o.output[i]) + ", expected " + show(expected[i]));
      }
    }
    return pass("equal to the reference gather (" + std::to_string(expected.size()) + " cells)");
  }
  if (p.deterministic) {
    std::vector<float> expected = testing::roundAll(p.dtype, reference::upsampleBackward(p.shape, o.input));
    for (size_t i = 0; i < expected.size(); ++i) {
      if (!testing::sameBits(expected[i], o.output[i])) {
        return failure("gradInput" + at(shape, i) + " = " + show(o.output[i]) + ", expected bit-exactly " +
                       show(expected[i]));
      }
    }
    return pass("bit-identical to the fp32 reference (" + std::to_string(expected.size()) + " cells)");
  }
  const std::vector<double> exact = reference::upsampleBackwardDouble(p.shape, o.input);
  const std::vector<double> magnitude = reference::upsampleBackwardAbsSums(p.shape, o.input);
  const std::vector<int64_t> counts = reference::upsampleBackwardCounts(p.shape);
  const double rel = p.dtype == ACL_FLOAT16 ? std::ldexp(1.0, -10) : p.dtype == ACL_BF16 ? std::ldexp(1.0, -7) : 0.0;
  const double tiny = p.dtype == ACL_FLOAT16 ? std::ldexp(1.0, -24) : 0.0;
  for (size_t i = 0; i < exact.size(); ++i) {
    const double fp32Tol = std::max(1e-6, static_cast<double>(counts[i]) * std::ldexp(1.0, -24)) * magnitude[i];
    const double tol = fp32Tol + rel * std::fabs(exact[i]) + tiny;
    const double err = std::fabs(static_cast<double>(o.output[i]) - exact[i]);
    if (!(err <= tol)) {
      return failure("gradInput" + at(shape, i) + " = " + show(o.output[i]) + ", expected " + show(exact[i]) +
                     " within " + show(static_cast<float>(tol)));
    }
  }
  return pass("within 1e-6 relative of the double reference (" + std::to_string(exact.size()) + " cells)");
}

CaseResult judgePlan(const Problem& p, const Plan& plan) {
  const std::vector<int64_t> shape = dstShape(p);
  const int64_t W = shape.back(), H = shape.size() == 4 ? shape[2] : 1, planes = shape[0] * shape[1];
  std::vector<int32_t> covered(planes * H * W, 0), atomicCover(planes * H * W, 0);
  for (const Tile& t : plan.tiles) {
    if (t.ubBytes > plan.profile.ubBytes) {
      return failure("tile " + std::to_string(t.id) + " needs " + std::to_string(t.ubBytes) + " UB bytes, above " +
                     std::to_string(plan.profile.ubBytes));
    }
    if (t.core < 0 || t.core >= plan.profile.vectorCores) return failure("tile on core " + std::to_string(t.core));
    for (int64_t pl = t.dst.plane0; pl < t.dst.plane1; ++pl) {
      for (int64_t r = t.dst.row0; r < t.dst.row1; ++r) {
        for (int64_t c = t.dst.col0; c < t.dst.col1; ++c) {
          const int64_t i = (pl * H + r) * W + c;
          if (i < 0 || i >= static_cast<int64_t>(covered.size())) return failure("tile box outside the output");
          ++covered[i];
          if (t.atomic) ++atomicCover[i];
        }
      }
    }
  }
  const bool singleOwner = p.deterministic || !isBackward(p.op);
  for (size_t i = 0; i < covered.size(); ++i) {
    if (covered[i] == 0) return failure("output cell " + at(shape, i) + " belongs to no tile");
    if (singleOwner && covered[i] != 1) {
      return failure("output cell " + at(shape, i) + " belongs to " + std::to_string(covered[i]) + " tiles");
    }
    if (!singleOwner && covered[i] > 1 && atomicCover[i] == 0) {
      return failure("output cell " + at(shape, i) + " is written by several tiles none of which is atomic");
    }
  }
  if (singleOwner) {
    for (const Tile& t : plan.tiles) {
      if (t.atomic) return failure("tile " + std::to_string(t.id) + " is atomic in a single-owner plan");
    }
    if (plan.workspaceBytes != 0) return failure("single-owner plan asks for a workspace");
  }
  return pass(std::to_string(plan.tiles.size()) + " tiles on " + std::to_string(plan.coresUsed) + " cores");
}

CaseResult judgeTrace(const Problem& p, const Outcome& o) {
  if (!o.trace) return failure("no trace was recorded");
  const Trace& t = *o.trace;
  if (t.movesTruncated) return failure("trace truncated");
  if (t.plan.tiles.size() != o.plan.tiles.size()) return failure("trace plan differs from the executor's plan");
  if (t.events.empty() && !o.plan.tiles.empty()) return failure("trace has no events");
  std::vector<float> replay(o.output.size(), 0.0f);
  std::vector<uint32_t> order(o.output.size(), 0);
  uint64_t previous = 0;
  for (size_t i = 0; i < t.moves.size(); ++i) {
    const CellMove& m = t.moves[i];
    if (i > 0 && m.sequence <= previous) return failure("moves are not sorted by sequence");
    previous = m.sequence;
    if (m.dst < 0 || m.dst >= static_cast<int64_t>(replay.size()))
      return failure("move into a cell outside the output");
    if (m.src < 0 || m.src >= static_cast<int64_t>(o.input.size()))
      return failure("move from a cell outside the input");
    if (!testing::sameBits(m.value, o.input[m.src])) return failure("move value differs from the input cell it names");
    if (m.orderAtDst != order[m.dst]++) return failure("orderAtDst out of step");
    if (isBackward(p.op)) {
      replay[m.dst] += m.value;
      if (!testing::sameBits(m.sumAfter, replay[m.dst])) return failure("sumAfter differs from the replayed running sum");
    } else {
      replay[m.dst] = m.value;
    }
  }
  replay = testing::roundAll(p.dtype, replay);
  for (size_t i = 0; i < replay.size(); ++i) {
    if (!testing::sameBits(replay[i], o.output[i])) {
      return failure("replaying " + std::to_string(t.moves.size()) + " moves gives " + show(replay[i]) + " at " +
                     at(dstShape(p), i) + ", the run wrote " + show(o.output[i]));
    }
  }
  return pass(std::to_string(t.moves.size()) + " moves replay to the output");
}

CaseResult runAndJudge(const Problem& p, bool withTrace) {
  const Outcome o = runProblem(p, withTrace);
  for (const CaseResult& r : {judgeValues(p, o), judgePlan(p, o.plan)}) {
    if (!r.passed) return failure(describe(p) + ": " + r.detail);
  }
  if (withTrace) {
    CaseResult r = judgeTrace(p, o);
    if (!r.passed) return failure(describe(p) + ": " + r.detail);
  }
  CaseResult values = judgeValues(p, o);
  return pass(describe(p) + ": " + values.detail + "; plan " + judgePlan(p, o.plan).detail);
}

}  // namespace gradlab::cases::upsample
