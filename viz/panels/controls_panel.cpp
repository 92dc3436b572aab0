#include <algorithm>
#include <array>
#include <optional>
#include <span>

#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/number_field.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

// A profile's name is what --device and a preset's "device" take; in another language the teaching chip also
// says what it is ("classroom（教学芯片）").
std::string profileLabel(const std::string& name) {
  if (name != "classroom" || i18n::language() == i18n::Language::kEnglish) return name;
  return i18n::trf("{0} (the teaching chip)", name);
}

constexpr std::array<uint64_t, 10> kUbSizes = {1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 196608, 262144};

void heading(const char* text) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme().panelAccent));
  ImGui::TextUnformatted(i18n::tr(text));
  ImGui::PopStyleColor();
}

// A run in flight: a size field whose value is not the one on screen yet is framed in the note colour, and
// says on hover what the grids still show (the fields keep what was typed: a further edit builds on it).
// `rowStart`: where the field's row began (its box, - / + and label are framed together).
// One number of a call's extents that a size field edits: N, C, or a side's spatial axis.
struct SizeSlot {
  enum Kind { kBatch, kChannels, kSpatial } kind = kSpatial;
  Side side = Side::kIn;
  int axis = kW;
  template <typename E>  // Extents, or const Extents to read
  auto& of(E& e) const { return kind == kBatch ? e.N : kind == kChannels ? e.C : e.side(side)[axis]; }
};

void markPending(const AppState& s, const char* label, int64_t typed, SizeSlot slot, ImVec2 rowStart) {
  if (!s.runProgress || !s.run.resolved) return;
  const int64_t shown = slot.of(s.run.request.shape);
  if (typed == shown) return;
  const ImVec2 a(rowStart.x - 2.0f, rowStart.y - 1.0f), b(ImGui::GetItemRectMax().x + 2.0f, ImGui::GetItemRectMax().y + 1.0f);
  ImGui::GetWindowDrawList()->AddRect(a, b, theme().warn, 3.0f, 0, 2.0f);
  if (logging()) logMark(cat("pending ", label, ": ", shown, " -> ", typed));
  if (ImGui::IsMouseHoveringRect(a, b))
    ImGui::SetTooltip("%s", i18n::trf("Running with {0}; the grids show {1} until it lands (Esc cancels).", typed, shown).c_str());
}

// A scale factor: 0 means "from the sizes"; otherwise any value in [0, 100].
bool scaleControl(const char* label, double* value) {
  const bool changed = realField(label, value, 0.0, 100.0, 0.25, "auto (0)");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", i18n::tr("Scale factor output/input (as PyTorch's scale_factor).\n0 or auto = use in/out from the sizes."));
  return changed;
}

// The strategy combo: the mode's default, CANN's choice, or one of the operator's strategies by name.
bool strategyControl(RunRequest& r) {
  const std::string current = r.strategy.value_or("");
  // The mode's default and CANN's choice are words (translated); a strategy's name is a name.
  auto named = [](const std::string& name) { return !name.empty() && name != kStrategyDefault && name != kStrategyCann; };
  auto label = [](const std::string& name) -> std::string {
    if (name.empty() || name == kStrategyDefault) return "default (the mode's)";
    if (name == kStrategyCann) return "cann (CANN's choice)";
    return name;
  };
  bool changed = false;
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("strategy ").x);
  if (ui::BeginCombo("strategy", named(current) ? current.c_str() : i18n::tr(label(current).c_str()))) {
    auto option = [&](const std::string& name, const char* tip) {
      std::optional<ui::Verbatim> verbatim;
      if (named(name)) verbatim.emplace();
      if (ui::Selectable(label(name).c_str(), name == current || (name.empty() && current == kStrategyDefault))) {
        changed |= name != current;
        if (name.empty()) r.strategy.reset();
        else r.strategy = name;
      }
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
        ImGui::TextUnformatted(i18n::tr(tip));
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    };
    option("", "Today's choice for the mode: the atomic strategy in default mode, the deterministic one with "
               "deterministic ticked (GRADLAB_STRATEGY, if set, applies).");
    option(std::string(kStrategyCann), "What CANN's own kernel for this call does on Atlas A2.");
    const DeviceProfile profile = r.profile.value_or(activeProfile());
    for (const StrategyInfo& st : strategiesOf(r.op)) {
      std::string tip = i18n::trf("{0}: {1}\n\nOrder: {2}\n\nNumerics: {3}", i18n::tr(st.title), i18n::tr(st.how),
                                  i18n::tr(st.order), i18n::tr(st.numerics));
      if (*st.needs) tip += "\n\n" + i18n::trf("Needs: {0}", i18n::tr(st.needs));
      const std::string why = strategyCannotRun(st, {r.dtype, &profile, r.deterministic, r.op});
      if (!why.empty()) tip += "\n\n" + i18n::trf("Not for this call ({0}): the mode's default runs instead.", why);
      option(st.name, tip.c_str());
    }
    ImGui::EndCombo();
  }
  return changed;
}

// The operator combo and its twin: true when the operator changed.
bool operatorSection(AppState& s) {
  RunRequest& r = s.controls.request;
  const OpInfo& op = opInfo(r.op);
  bool changed = false;
  heading("Operator");
  ImGui::SetNextItemWidth(-1);
  if (ui::BeginCombo("##op", i18n::tr(op.title))) {
    for (const OpInfo& other : allOps())
      if (ui::Selectable(other.title, other.kind == r.op)) {
        changed |= other.kind != r.op;
        setOperator(s.controls, other.kind);
      }
    ImGui::EndCombo();
  }
  textDimWrapped(op.name);
  if (ui::Button(op.backward ? "Show its forward" : "Show its backward")) setOperator(s.controls, op.twin), changed = true;
  return changed;
}

// N, C, each side's spatial sizes (as many as the operator's rank) and the scales.
bool shapeSection(AppState& s) {
  RunRequest& r = s.controls.request;
  const OpInfo& op = opInfo(r.op);
  const bool oneD = op.spatialRank == 1;
  bool changed = false;
  heading("Shape");
  if (op.allowsUnbatched) {
    changed |= ui::Checkbox(op.spatialRank == 3 ? "unbatched (4-D: C, D, H, W)" : "unbatched (3-D: C, H, W)", &r.shape.unbatched);
  }
  const int maxBatch = static_cast<int>(kMaxBatch), maxAxis = static_cast<int>(kMaxAxis);
  auto sizeField = [&](const char* label, SizeSlot slot, int max) {
    const ImVec2 rowStart = ImGui::GetCursorScreenPos();
    changed |= intField(label, &slot.of(r.shape), 1, max);
    markPending(s, label, slot.of(r.shape), slot, rowStart);
  };
  if (!(op.allowsUnbatched && r.shape.unbatched)) sizeField("N", {SizeSlot::kBatch}, maxBatch);
  sizeField("C", {SizeSlot::kChannels}, maxBatch);
  std::string inSide, outSide;
  for (const TensorRole& role : op.tensorRoles()) {
    std::string& side = role.side == Side::kIn ? inSide : outSide;
    side += (side.empty() ? "" : " / ") + std::string(role.name);
  }
  r.shape = r.shape.ofRank(op.spatialRank);
  textDimWrapped(oneD ? i18n::trf("in L = {0}, out L = {1}", inSide, outSide) : i18n::trf("in = {0}, out = {1}", inSide, outSide));
  for (const Side side : {Side::kIn, Side::kOut}) {
    for (int axis = firstAxis(op.spatialRank); axis < kMaxSpatialRank; ++axis) {
      const std::string label = std::string(side == Side::kIn ? "in " : "out ") + (oneD ? "L" : kAxisNames[axis]);
      sizeField(label.c_str(), {SizeSlot::kSpatial, side, axis}, maxAxis);
    }
  }
  if (op.scaleCount > 0) {
    for (int axis = firstAxis(op.spatialRank); axis < kMaxSpatialRank; ++axis) {
      const std::string label = oneD ? std::string("scale") : std::string("scale ") + kAxisNames[axis];
      changed |= scaleControl(label.c_str(), &r.shape.scales[axis]);
    }
  }
  // Under the fields, not above them: a notice that appears when a run starts must not move a field from
  // under the pointer on its way to it.
  if (s.runProgress) textColouredWrapped(theme().warn, i18n::tr("A run with these values is on its way; the grids show the previous one until it lands (Esc cancels)."));
  return changed;
}

// A combo of `options` for `value`, its names shown as they are (dtype names): true when it changed.
template <typename T, typename Options, typename Name>
bool verbatimCombo(const char* label, T* value, const Options& options, Name name) {
  bool changed = false;
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("out W ").x);
  if (ui::BeginCombo(label, name(*value))) {
    const ui::Verbatim names;
    for (T option : options)
      if (ui::Selectable(name(option), option == *value)) changed |= option != *value, *value = option;
    ImGui::EndCombo();
  }
  return changed;
}

// The seed and where the inputs' values come from: a change drops the values a preset gave.
bool valuesControls(RunRequest& r) {
  bool changed = false;
  int64_t seed = static_cast<int64_t>(std::min<uint64_t>(r.seed, 99999));
  auto dropPresetValues = [&r] {
    r.values.clear();
    r.indices.clear();
    r.forwardValues.clear();
  };
  if (intField("seed", &seed, 1, 99999)) {
    r.seed = static_cast<uint64_t>(seed);
    dropPresetValues();
    changed = true;
  }
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("out W ").x);
  if (ui::BeginCombo("values", i18n::tr(r.values.empty() ? valueSourceName(r.valueSource) : "from the preset"))) {
    for (ValueSource v : allValueSources()) {
      if (ui::Selectable(valueSourceName(v), r.values.empty() && v == r.valueSource)) {
        changed |= !r.values.empty() || v != r.valueSource;
        r.valueSource = v;
        dropPresetValues();
      }
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", i18n::tr("random: in [-1, 1)   integers: -4..4   ramp: 0, 1, 2, ...   ones: every value 1   shuffled: 1, 2, 3, ... in a seeded order, all different"));
  }
  if (!r.values.empty()) ImGui::TextDisabled("%s", i18n::trf("inputs: {0} values from the preset", r.values.size()).c_str());
  return changed;
}

// dtype, indices, layout, values, the mode and the strategy, and what the run on screen ran.
bool dataSection(AppState& s) {
  RunRequest& r = s.controls.request;
  const OpInfo& op = opInfo(r.op);
  bool changed = false;
  heading("Data");
  changed |= verbatimCombo("dtype", &r.dtype, op.dtypes, dtypeText);
  if (aclDataType indexType = indexTypeOf(r); op.hasIndices() && verbatimCombo("indices", &indexType, op.indexDtypes, dtypeText)) {
    r.indexType = indexType;
    changed = true;
  }
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("out W ").x);
  if (ui::BeginCombo("layout", i18n::tr(layoutName(r.layout)))) {
    for (Layout l : allLayouts())
      if (ui::Selectable(layoutName(l), l == r.layout)) changed |= l != r.layout, r.layout = l;
    ImGui::EndCombo();
  }
  changed |= valuesControls(r);
  changed |= ui::Checkbox("deterministic", &r.deterministic);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", i18n::tr("aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1): every gradInput cell has one owner core\n"
                                     "and a fixed summation order. Off: cores that share a cell combine with atomic adds."));

  changed |= strategyControl(r);
  if (s.run.ok() && s.run.result.plan) {
    const Plan& plan = *s.run.result.plan;
    const bool cann = plan.strategyName == plan.cannStrategy;
    textDimWrapped(plan.strategyNote.empty()
                       ? i18n::trf(cann ? "ran {0} (CANN's choice)" : "ran {0}", plan.strategyName)
                       : i18n::trf(cann ? "ran {0} (CANN's choice): {1}" : "ran {0}: {1}", plan.strategyName, plan.strategyNote));
  }
  return changed;
}

// The device profile, its core count and UB size.
bool deviceSection(RequestSpec& c) {
  bool changed = false;
  heading("Device");
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("out W ").x);
  if (ui::BeginCombo("profile", profileLabel(c.device).c_str())) {
    const ui::Verbatim names;
    for (const DeviceProfile& p : builtinProfiles())
      if (ui::Selectable(profileLabel(p.name).c_str(), p.name == c.device)) {
        changed |= p.name != c.device;
        c.device = p.name;
        c.cores = 0;
        c.ubBytes = 0;
      }
    ImGui::EndCombo();
  }
  DeviceProfile base;
  for (const DeviceProfile& p : builtinProfiles())
    if (p.name == c.device) base = p;
  int cores = c.cores > 0 ? c.cores : base.vectorCores;
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("out W ").x);
  if (ui::SliderInt("cores", &cores, 1, std::max(base.vectorCores, 1), "%d", ImGuiSliderFlags_AlwaysClamp)) {
    c.cores = cores;
    changed = true;
  }
  uint64_t ub = c.ubBytes > 0 ? c.ubBytes : base.ubBytes;
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("out W ").x);
  if (ui::BeginCombo("UB", cat(ub / 1024, " KiB").c_str())) {
    const ui::Verbatim sizes;
    for (uint64_t size : kUbSizes)
      if (ui::Selectable(cat(size / 1024, " KiB").c_str(), size == ub)) {
        changed |= size != ub;
        c.ubBytes = size;
      }
    ImGui::EndCombo();
  }
  textDimWrapped(i18n::tr(base.description));
  return changed;
}

}  // namespace

void drawControlsPanel(AppState& s) {
  bool changed = operatorSection(s);
  changed |= shapeSection(s);
  changed |= dataSection(s);
  changed |= deviceSection(s.controls);
  if (changed) runControls(s);

  ImGui::Spacing();
  if (!s.run.ok()) drawRunError(s.run);
  ImGui::Spacing();
  if (ui::Button("Copy as preset JSON")) {
    Preset p;
    p.title = opInfo(s.controls.request.op).title;
    p.spec = s.controls;
    ImGui::SetClipboardText(presetJson(p).c_str());
    setStatus(s, i18n::tr("preset JSON copied to the clipboard"));
  }
}

}  // namespace gradlab::viz
