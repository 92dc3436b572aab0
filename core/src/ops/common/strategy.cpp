#include "gradlab/strategy.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "gradlab/ops.h"
#include "ops/common/lower_case.h"
#include "ops/common/strategy_choice.h"
#include "runtime/error.h"
#include "runtime/prose.h"

namespace gradlab {

const char* coreKindName(CoreKind kind) { return kind == CoreKind::kCube ? "AIC" : "AIV"; }

std::span<const StrategyInfo> strategiesOf(OpKind op) { return opInfo(op).strategies; }

const StrategyInfo* findStrategy(OpKind op, std::string_view name) {
  const std::string wanted = ops::lowerCase(name);
  for (const StrategyInfo& s : strategiesOf(op)) {
    if (wanted == s.name) return &s;
  }
  return nullptr;
}

std::string strategyNames(OpKind op) {
  std::string names;
  for (const StrategyInfo& s : strategiesOf(op)) names += (names.empty() ? "" : ", ") + std::string(s.name);
  return names;
}

std::string strategyCannotRun(const StrategyInfo& strategy, const StrategyCall& call) {
  const char* why = strategy.cannotRun != nullptr && call.profile != nullptr ? strategy.cannotRun(call) : nullptr;
  return why != nullptr ? rt::prose(why) : std::string();
}

bool strategyRequestValid(OpKind op, std::string_view request) {
  const std::string r = ops::lowerCase(request);
  return r.empty() || r == kStrategyDefault || r == kStrategyCann || findStrategy(op, r) != nullptr;
}

const std::string& environmentStrategy() {
  static const std::string request = [] {
    const char* text = std::getenv("GRADLAB_STRATEGY");
    return text == nullptr ? std::string() : ops::lowerCase(text);
  }();
  return request;
}

namespace ops {

aclnnStatus chooseStrategy(const char* api, OpKind op, aclDataType dtype, const Extents& shape, const PlanContext& ctx,
                           std::string_view defaultName, StrategyChoice* out) {
  const std::string request = ops::lowerCase(ctx.strategy);
  out->cann = opInfo(op).cannChoice({dtype, &ctx.profile, ctx.deterministic, op}, shape);
  out->note.clear();
  std::string_view name = defaultName;
  if (request == kStrategyCann) {
    name = out->cann.strategy;
  } else if (!request.empty() && request != kStrategyDefault) {
    if (findStrategy(op, request) != nullptr) {
      name = request;
    } else if (ctx.strategyFromEnvironment) {
      out->note = rt::planProse("GRADLAB_STRATEGY={0} names no strategy of {1} ({2}): it runs its default, {3}", request,
                            opName(op), strategyNames(op), defaultName);
    } else {
      return rt::refuse(ACLNN_ERR_PARAM_INVALID,
                        RefusalFacts{"strategy-unknown", {}}.add("strategy", ctx.strategy).add("api", api),
                        rt::cat(api, ": strategy \"", ctx.strategy, "\" is not one of ", opName(op), "'s: ",
                                strategyNames(op), ", or cann (CANN's choice) or default"));
    }
  }
  out->info = findStrategy(op, name);
  // A strategy without a twin keeps deterministic mode itself (the 950's SIMT pool kernel orders its adds then).
  if (ctx.deterministic && out->info->atomic && *out->info->deterministicTwin != '\0') {
    const StrategyInfo* twin = findStrategy(op, out->info->deterministicTwin);
    out->note = rt::planProse("{0} adds into shared cells with atomic adds, whose order is up to the cores: deterministic "
                          "mode runs {1} instead", out->info->name, twin->name);
    out->info = twin;
  }
  const char* why = out->info->cannotRun != nullptr ? out->info->cannotRun({dtype, &ctx.profile, ctx.deterministic, op})
                                                     : nullptr;
  if (why != nullptr) {
    out->note = rt::planProse("{0} cannot run this call ({1}): it runs {2} instead", out->info->name, rt::prose(why),
                              defaultName);
    out->info = findStrategy(op, defaultName);
  }
  return ACLNN_SUCCESS;
}

void stampStrategy(Plan& plan, const StrategyChoice& choice) {
  plan.strategyName = choice.info->name;
  plan.cannStrategy = std::string(choice.cann.strategy);
  plan.cannWhy = choice.cann.why;
  plan.strategyNote = choice.note;
}

}  // namespace ops
}  // namespace gradlab
