#include "ops/common/kernel_code.h"

#include <utility>

#include "gradlab/ops.h"
#include "runtime/prose.h"

namespace gradlab {

int KernelListing::firstLine(int16_t step) const {
  if (step < 0) return -1;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].step == step) return static_cast<int>(i);
  }
  return -1;
}

KernelListing kernelListing(const Plan& plan, int32_t phase) {
  if (phase < 0 || static_cast<size_t>(phase) >= plan.phases.size()) return {};
  KernelListing l = opInfo(plan.op).kernelListing(plan, phase);
  // The plan says what this call's phase does; the listing's own words stand where it says nothing.
  const std::string& what = plan.phases[static_cast<size_t>(phase)].what;
  if (!what.empty()) l.what = what;
  return l;
}

}  // namespace gradlab

namespace gradlab::ops::code {

CodeLine line(int32_t indent, std::string text, int16_t step, std::string note) {
  return {std::move(text), indent, step, std::move(note), step == kAtomicAdd};
}

KernelListing listing(std::string name, std::string core, std::string what, std::vector<CodeLine> lines) {
  return {std::move(name), std::move(core), std::move(what), std::move(lines)};
}

const char* typeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT16: return "half";
    case ACL_BF16: return "bfloat16_t";
    case ACL_DOUBLE: return "double";
    case ACL_UINT8: return "uint8_t";
    default: return "float";
  }
}

KernelListing zeroListing(std::string name, const std::string& target, std::string note, std::string what) {
  const std::string head = "__aicore__ void " + name + "(Tile t) {";
  return listing(std::move(name), "AIV", std::move(what),
                 {line(0, head),
                  line(1, "auto z = zeroBuf.Get<float>();"),
                  line(1, "Duplicate(z, 0.0f, len);", kZero, rt::prose("The vector unit fills a UB block with zeros.")),
                  line(1, "DataCopy(" + target + "[range], z, len);", kZero, std::move(note)),
                  line(0, "}"),
                  line(0, "// barrier: the next phase starts when"),
                  line(0, "// every core has finished this one")});
}

KernelListing convertListing(std::string name, const std::string& from, aclDataType fromType, const std::string& to,
                             aclDataType toType, std::string what) {
  const std::string in = typeName(fromType), out = typeName(toType);
  const bool same = in == out;
  const char* mode = toType == ACL_FLOAT ? "CAST_NONE" : "CAST_RINT";
  const std::string head = "__aicore__ void " + name + "(Tile t) {";
  return listing(std::move(name), "AIV", std::move(what),
                 {line(0, head),
                  line(1, "auto s = inQue.AllocTensor<" + in + ">();"),
                  line(1, "DataCopy(s, " + from + "[range], len);", kCopyIn, rt::prose("MTE2 copies the range into UB.")),
                  line(1, "inQue.EnQue(s); s = inQue.DeQue<" + in + ">();", -1,
                       rt::prose("The queue hands the data from the copy-in pipe to the vector pipe.")),
                  line(1, "auto d = outQue.AllocTensor<" + out + ">();"),
                  same ? line(1, "DataCopy(d, s, len);   // UB to UB", kCompute, rt::prose("Same type: the values move unchanged."))
                       : line(1, std::string("Cast(d, s, RoundMode::") + mode + ", len);", kCompute,
                              toType == ACL_FLOAT ? rt::prose("Each value widens to fp32 exactly.")
                                                  : rt::prose("Each fp32 sum is rounded to {0} once (nearest even).", out)),
                  line(1, "outQue.EnQue(d); d = outQue.DeQue<" + out + ">();"),
                  line(1, "DataCopy(" + to + "[range], d, len);", kCopyOut, rt::prose("MTE3 copies the result out to GM.")),
                  line(1, "inQue.FreeTensor(s); outQue.FreeTensor(d);"),
                  line(0, "}")});
}

}  // namespace gradlab::ops::code
