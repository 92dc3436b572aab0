// The formatters of gradlab/refusal.h: one per rule id a check of the library records when it refuses
// (gradlab/refusal_facts.h) and the app's controls or gradlab-cli's flags can reach (sizes, scales, dtype,
// strategy, device profile, explicit inputs and indices). explain() picks the formatter by the rule id the
// run reports and builds the explanation from the recorded facts (the limits included) and the request;
// it never reads the library's sentence. Checks that record no rule (null pointers, ranks, formats, N/C or
// dtype mismatches between tensors, misaligned or overlapping views: the runner builds every tensor from
// one set of sizes and one dtype) get the honest fallback.
#include <algorithm>
#include <cmath>
#include <limits>

#include "gradlab/refusal.h"
#include "i18n/translate.h"
#include "refusal_util.h"

namespace gradlab::refusal {
namespace {

using detail::cellCount;
using detail::exact;
using detail::num;
using i18n::tr;
using i18n::trf;

// The call a refusal came from, as the formatters see it.
struct Call {
  const RunRequest& r;
  const OpInfo& op;  // whose check refused: the request's operator, or its forward twin (the facts' "api")
  Extents sizes;  // the request's, unbatched only where its operator allows it
  const RefusalFacts& f;
};

// What a formatter built.
struct Candidate {
  Explanation e;
};
using Format = std::optional<Candidate> (*)(const Call&);

struct Entry {
  RuleInfo info;
  Format format;  // nullptr: explained elsewhere (device specs: explainDeviceSpec)
};

// A limit as the texts name it: "2^24" for a power of two, else the number.
std::string limitName(double limit) {
  int exponent = 0;
  if (limit > 0 && std::frexp(limit, &exponent) == 0.5 && exponent > 10) return "2^" + std::to_string(exponent - 1);
  return num(limit);
}
std::string whole(double v) { return std::to_string(static_cast<long long>(v)); }

// The picture of one number against its limit, marked as what breaks the rule; callers adjust the rest.
Gauge& gaugePicture(Explanation& e, std::string label, double value, double limit, std::string valueText,
                    std::string limitText, std::string caption) {
  Gauge g;
  g.label = std::move(label);
  g.value = value;
  g.limit = limit;
  g.offending = true;
  g.valueText = std::move(valueText);
  g.limitText = std::move(limitText);
  e.picture.kind = PictureKind::kGauges;
  e.picture.gauges = {g};
  e.picture.caption = std::move(caption);
  return e.picture.gauges.back();
}

// ---- upsample backwards: the 50x ratio and negative scales ------------------------------------------

struct Axis {
  const char* name;       // "H", "W", "L"
  const char* scaleName;  // "scalesH", "scalesW", "scales"
  double scale;
  int64_t in, out;
};

std::vector<Axis> upsampleAxes(const Call& c) {
  static constexpr const char* kScaleNames[] = {"scalesD", "scalesH", "scalesW"};
  const Extents& s = c.sizes;
  if (c.op.spatialRank == 1) return {{"L", "scales", s.scales[kW], s.in[kW], s.out[kW]}};
  std::vector<Axis> axes;
  for (int a = firstAxis(c.op.spatialRank); a < kMaxSpatialRank; ++a) axes.push_back({kAxisNames[a], kScaleNames[a], s.scales[a], s.in[a], s.out[a]});
  return axes;
}

// The library's checkRatio: 1/scale, or in/out with no scale; nothing to say about sizes <= 0.
std::optional<double> ratioOf(const Axis& a) {
  if (a.scale <= 0.0 && (a.in <= 0 || a.out <= 0)) return std::nullopt;
  return a.scale > 0.0 ? 1.0 / a.scale : static_cast<double>(a.in) / static_cast<double>(a.out);
}

std::optional<Candidate> upsampleRatio(const Call& c) {
  const std::vector<Axis> axes = upsampleAxes(c);
  const std::string ax = c.f.text("axis");
  const auto badAt = std::find_if(axes.begin(), axes.end(), [&](const Axis& a) { return a.name == ax; });
  const double minRatio = c.f.number("minRatio"), maxGrowth = c.f.number("maxGrowth"), ratio = c.f.number("ratio");
  if (badAt == axes.end() || !(minRatio > 0) || !(maxGrowth > 0) || !(ratio > 0)) return std::nullopt;
  const Axis* bad = &*badAt;
  const auto most = static_cast<int64_t>(maxGrowth);
  Candidate k;
  Explanation& e = k.e;
  e.plain = trf("Each gradInput cell of an upsample backward sums the gradOutput cells that copied it; CANN's kernel "
                "takes at most {0} of them per axis, so it refuses a call whose ratio in/out (1/scale when a scale "
                "is given) is below {1} on any axis.",
                num(maxGrowth), num(minRatio));
  const double growth = 1.0 / ratio;
  const double sizesGrowth = static_cast<double>(bad->out) / static_cast<double>(bad->in);
  if (bad->scale > 0.0) {
    e.numbers.push_back(trf("scale {0} = {1}: the ratio 1/scale = {2} < {4}, so gradOutput counts as {3}x "
                            "gradInput along {0} (at most {5}x)",
                            ax, exact(bad->scale), num(ratio), num(growth), num(minRatio), num(maxGrowth)));
    e.numbers.push_back(trf("the scale decides, not the sizes: in {0} {1} -> out {0} {2} alone would be {3}x", ax,
                            bad->in, bad->out, num(sizesGrowth)));
    e.fixes.push_back(trf("scale {0} at most {1} (1/{1} = {2})", ax, num(maxGrowth), num(minRatio)));
    if (static_cast<double>(bad->in) / static_cast<double>(bad->out) >= minRatio) {
      e.fixes.push_back(trf("or scale {0} 0 (auto): the sizes give {1}x", ax, num(sizesGrowth)));
    }
  } else {
    e.numbers.push_back(trf("gradOutput {0} {1} / gradInput {0} {2} = {3} > {5}: an axis may grow at most {5}x (the "
                            "ratio in/out = {2}/{1} = {4} < {6})",
                            ax, bad->out, bad->in, num(growth), num(ratio), num(maxGrowth), num(minRatio)));
    e.fixes.push_back(trf("out {0} at most {1} ({3} x in {0} {2})", ax, most * bad->in, bad->in, most));
    e.fixes.push_back(trf("or in {0} at least {1} (out {0} {2} / {3}, rounded up)", ax, (bad->out + most - 1) / most,
                          bad->out, most));
  }
  Picture& p = e.picture;
  p.kind = PictureKind::kGauges;
  for (const Axis& a : axes) {
    const auto r = ratioOf(a);
    if (!r || !(*r > 0.0)) continue;
    Gauge g;
    g.label = a.scale > 0.0 ? trf("growth along {0} (scale {1})", a.name, exact(a.scale))
                            : trf("growth along {0} (out/in {1}/{2})", a.name, a.out, a.in);
    g.value = 1.0 / *r;
    g.limit = maxGrowth;
    g.offending = &a == bad;
    g.valueText = num(g.value) + "x";
    g.limitText = num(maxGrowth) + "x";
    p.gauges.push_back(g);
    if (&a != bad) {
      e.numbers.push_back(g.value <= maxGrowth ? trf("{0}: {1}x, within the limit", a.name, num(g.value))
                                          : trf("{0}: {1}x, over it too (the library names the first axis)", a.name,
                                                num(g.value)));
    }
  }
  p.caption = trf("each axis may grow at most {0}x: ratio in/out (or 1/scale) >= {1}", num(maxGrowth), num(minRatio));
  return k;
}

std::optional<Candidate> negativeScale(const Call& c) {
  const std::string scaleName = c.f.text("scale");
  for (const Axis& a : upsampleAxes(c)) {
    if (a.scaleName != scaleName) continue;
    Candidate k;
    Explanation& e = k.e;
    e.plain = tr("A scale factor is output/input along an axis (PyTorch's scale_factor), so it cannot be negative; "
                 "0 (or NaN) means \"take the ratio from the sizes\".");
    e.numbers.push_back(trf("scale {0} = {1} < 0", a.name, exact(a.scale)));
    if (a.in > 0 && a.out > 0) {
      const double growth = static_cast<double>(a.out) / static_cast<double>(a.in);
      e.fixes.push_back(trf("scale {0} = out/in = {1}/{2} = {3} (any value >= 0)", a.name, a.out, a.in, num(growth)));
    } else {
      e.fixes.push_back(trf("scale {0} >= 0", a.name));
    }
    e.fixes.push_back(trf("or scale {0} 0 (auto): the ratio comes from the sizes", a.name));
    gaugePicture(e, trf("scale {0}", a.name), a.scale, 0.0, exact(a.scale), "0",
                 tr("a scale must be >= 0 (0: use the sizes)"))
        .atMost = false;
    return k;
  }
  return std::nullopt;
}

// ---- sizes ------------------------------------------------------------------------------------------

std::vector<std::string> axisNames(size_t rank, int spatialRank) {
  if (rank == 3 && spatialRank == 1) return {"N", "C", "L"};
  if (rank == 3) return {"C", "H", "W"};
  return {"N", "C", "H", "W"};
}

// Every tensor of the call, its shape from the catalog, `mark` deciding which dimensions to outline.
template <typename Mark>
std::vector<ShapeView> callShapes(const Call& c, Mark mark) {
  std::vector<ShapeView> shapes;
  for (const TensorRole& role : c.op.tensorRoles()) {
    ShapeView s;
    s.name = role.name;
    s.dims = sideShape(c.op, role.side, c.sizes);
    s.axes = axisNames(s.dims.size(), c.op.spatialRank);
    for (int64_t d : s.dims) s.marked.push_back(mark(d));
    s.note = trf("{0} cells", cellCount(s.dims));
    shapes.push_back(s);
  }
  return shapes;
}

std::optional<Candidate> sizeNotPositive(const Call& c) {
  const Extents& s = c.sizes;
  const bool oneD = c.op.spatialRank == 1;
  std::vector<std::pair<std::string, int64_t>> sizes;
  if (!s.unbatched) sizes.push_back({"N", s.N});
  sizes.push_back({"C", s.C});
  for (const Side side : {Side::kIn, Side::kOut}) {
    for (int axis = firstAxis(c.op.spatialRank); axis < kMaxSpatialRank; ++axis) {
      sizes.push_back({std::string(side == Side::kIn ? "in " : "out ") + (oneD ? "L" : kAxisNames[axis]), s.side(side)[axis]});
    }
  }
  std::vector<std::pair<std::string, int64_t>> bad;
  bool negative = false;
  for (const auto& [name, v] : sizes) {
    if (v <= 0) bad.push_back({name, v});
    negative |= v < 0;
  }
  const bool createTensor = c.f.text("api") == "aclCreateTensor";
  if (bad.empty() || (createTensor && !negative)) return std::nullopt;
  Candidate k;
  Explanation& e = k.e;
  e.plain = createTensor
                ? std::string(tr("A tensor's sizes count its cells, so none can be negative: the runner's "
                                 "aclCreateTensor refuses the shape before any operator sees it."))
                : trf("aclnn{0} refuses a size of 0 (or less) on the axes it checks: a tensor with no cells there has "
                      "nothing to compute, and this operator says so instead of returning nothing.",
                      c.op.name);
  std::string list;
  for (const auto& [name, v] : bad) list += (list.empty() ? "" : ", ") + name + " = " + std::to_string(v);
  e.numbers.push_back(trf("the call has {0}", list));
  for (const auto& [name, v] : bad) e.fixes.push_back(trf("{0} at least 1", name));
  e.picture.kind = PictureKind::kShapes;
  e.picture.shapes = callShapes(c, [](int64_t d) { return d <= 0; });
  e.picture.caption = tr("the outlined sizes are empty (0) or negative");
  return k;
}

// ---- dtypes and strategies ----------------------------------------------------------------------------

std::optional<Candidate> dtypeNotSupported(const Call& c) {
  const std::span<const aclDataType> dtypes = c.op.dtypes;
  const bool valueBad = !c.f.has("indices");
  Candidate k;
  Explanation& e = k.e;
  Choices& ch = e.picture.choices;
  const std::string api = c.op.aclnnName();
  if (valueBad) {
    ch.what = tr("dtype");
    for (aclDataType d : dtypes) ch.allowed.push_back(dtypeText(d));
    ch.given = dtypeText(c.r.dtype);
    e.plain = tr("Each operator takes the dtypes of CANN's list for Atlas A2/A3 and refuses the others; the list "
                 "differs from operator to operator (gradlab-cli --list-ops shows them).");
    e.numbers.push_back(trf("dtype {0} ({1}) is not in {2}'s list: {3}", ch.given, aclDtypeName(c.r.dtype), api,
                            detail::joinOr(ch.allowed)));
    const OpInfo& twin = opInfo(c.op.twin);
    if (std::find(twin.dtypes.begin(), twin.dtypes.end(), c.r.dtype) != twin.dtypes.end()) {
      e.numbers.push_back(trf("its twin aclnn{0} does take {1}: the two lists differ", twin.name, ch.given));
    }
    // Refused by the forward the runner calls first: the fix must suit the backward as well.
    std::vector<std::string> both;
    const std::span<const aclDataType> asked = opInfo(c.r.op).dtypes;
    for (aclDataType d : dtypes) {
      if (std::find(asked.begin(), asked.end(), d) != asked.end()) both.push_back(dtypeText(d));
    }
    e.fixes.push_back(c.op.kind != c.r.op
                          ? trf("dtype {0} (taken by both aclnn{1} and its forward)", detail::joinOr(both), opInfo(c.r.op).name)
                          : trf("dtype {0}", detail::joinOr(both)));
  } else {
    ch.what = tr("indices dtype");
    ch.allowed = {dtypeText(ACL_INT32), dtypeText(ACL_INT64)};
    ch.given = dtypeText(c.r.indexType);
    e.plain = tr("Indices name a cell h*W + w of their plane: they are whole numbers, INT32 or INT64.");
    e.numbers.push_back(trf("indices dtype {0} ({1}) is not INT32 or INT64", ch.given, aclDtypeName(c.r.indexType)));
    e.fixes.push_back(tr("indices int32 or int64"));
  }
  if (c.op.kind != c.r.op) {
    e.numbers.push_back(trf("refused by aclnn{0}, which the runner calls first to produce the backward's indices", c.op.name));
  }
  e.picture.kind = PictureKind::kChoices;
  e.picture.caption = valueBad ? trf("dtypes {0} takes; the one asked for is marked", api)
                               : trf("indices dtypes {0} takes; the one asked for is marked", api);
  return k;
}

std::optional<Candidate> strategyUnknown(const Call& c) {
  Candidate k;
  Explanation& e = k.e;
  Choices& ch = e.picture.choices;
  ch.what = tr("strategy");
  for (const StrategyInfo& s : strategiesOf(c.op.kind)) ch.allowed.push_back(s.name);
  ch.allowed.push_back(std::string(kStrategyCann));
  ch.allowed.push_back(std::string(kStrategyDefault));
  ch.given = c.f.text("strategy");
  e.plain = tr("A call may ask for one of its operator's strategies by name, for cann (what CANN's own kernel "
               "does) or for default; a name the operator does not have is refused (GRADLAB_STRATEGY, which "
               "applies to every operator, only leaves a note).");
  e.numbers.push_back(trf("strategy \"{0}\" is not one of {1}'s: {2}", ch.given, c.op.cliName, strategyNames(c.op.kind)));
  e.fixes.push_back(trf("strategy {0}", detail::joinOr(ch.allowed)));
  e.picture.kind = PictureKind::kChoices;
  e.picture.caption = trf("what {0} can be asked to run; the name given is marked", c.op.cliName);
  return k;
}

// ---- device profiles and the unified buffer ------------------------------------------------------------

// A profile number as the explanations write it: sizes in KiB/MiB, others as numbers.
std::string limitText(const ProfileLimit& l, double v) { return l.bytes ? bytesText(static_cast<uint64_t>(v)) : num(v); }

// The explanation of `l` broken by `v`, with the range [low, high] the caller must keep (a spec's may be
// narrower than the profile's: at least one cube core).
Candidate profileCandidate(const ProfileLimit& l, double v, double low, double high, const std::string& profileName) {
  Candidate k;
  Explanation& e = k.e;
  const bool range = std::isfinite(high);
  const ProfileLimit& cores = profileLimits()[0];
  const ProfileLimit& cubes = profileLimits()[1];
  const ProfileLimit& ub = profileLimits()[2];
  e.plain = trf("A device profile must describe a chip the operators can plan for: {0} to {1} vector cores, {2} to {3} "
                "cube cores, and buffers of {4} (every operator's smallest tile) to {5}; rates positive.",
                num(cores.low), num(cores.high), num(cubes.low), num(cubes.high), limitText(ub, ub.low), limitText(ub, ub.high));
  const std::string value = limitText(l, v);
  e.numbers.push_back(range        ? trf("profile {0}: {1} = {2} is outside [{3}, {4}]", profileName, l.field, value,
                                         limitText(l, low), limitText(l, high))
                      : l.aboveLow ? trf("profile {0}: {1} = {2} is not a positive number", profileName, l.field, value)
                                   : trf("profile {0}: {1} = {2} is not a number >= {3}", profileName, l.field, value,
                                         limitText(l, low)));
  const std::string key = *l.specKey ? std::string(l.specKey) + "=" : std::string(l.field) + " = ";
  if (range) {
    e.fixes.push_back(l.bytes ? trf("{0}{1} .. {2} (e.g. {0}16k, the classroom chip's UB)", key, specSizeText(static_cast<uint64_t>(low)), specSizeText(static_cast<uint64_t>(high)))
                              : key + limitText(l, low) + " .. " + limitText(l, high));
  } else {
    e.fixes.push_back(l.aboveLow ? trf("{0} a positive number", l.field) : trf("{0} a number >= {1}", l.field, limitText(l, low)));
  }
  Gauge& g = gaugePicture(e, l.field, v, range ? high : low, limitText(l, v), limitText(l, range ? high : low),
                          range        ? trf("{0} must lie in the marked range", l.field)
                          : l.aboveLow ? trf("{0} must be > 0", l.field)
                                       : trf("{0} must be >= 0", l.field));
  g.atMost = range;
  if (range) g.low = low;
  g.logScale = range && high / std::max(low, 1.0) > 100.0;
  g.lowText = range ? limitText(l, low) : "";
  return k;
}

// A RunRequest's profile that breaks a limit (stage "setup"); device specs are explained from the parser's
// own facts (explainDeviceSpec).
std::optional<Candidate> profileOutOfRange(const Call& c) {
  const std::string field = c.f.text("field");
  for (const ProfileLimit& l : profileLimits()) {
    if (field == l.field) return profileCandidate(l, c.f.number("value"), l.low, l.high, c.f.text("profile"));
  }
  return std::nullopt;
}

Candidate profileUnknown(const std::string& given) {
  Candidate k;
  Explanation& e = k.e;
  Choices& ch = e.picture.choices;
  ch.what = tr("device profile");
  for (const DeviceProfile& p : builtinProfiles()) ch.allowed.push_back(p.name);
  ch.given = given;
  e.plain = tr("A device spec starts with a built-in profile's name; cores, cubes and ub may then override its "
               "numbers (name:cores=8,ub=64k).");
  e.numbers.push_back(trf("\"{0}\" is not a built-in profile: {1}", ch.given, detail::joinOr(ch.allowed)));
  e.fixes.push_back(trf("a profile name: {0}, e.g. classroom:cores=2", detail::joinOr(ch.allowed)));
  e.picture.kind = PictureKind::kChoices;
  e.picture.caption = tr("the built-in profiles; the name given is marked");
  return k;
}

// The unified-buffer backstop of every plan (a tile needing more UB than the profile has). The need
// comes from the library's sentence (only the plan knows it); the budget is recomputed from the request.
std::optional<Candidate> ubBudget(const Call& c) {
  const auto need = static_cast<uint64_t>(c.f.number("need")), has = static_cast<uint64_t>(c.f.number("has"));
  const std::string tile = whole(c.f.number("tile")), profileName = c.f.text("profile");
  Candidate k;
  Explanation& e = k.e;
  e.plain = tr("A vector core stages every tile through its unified buffer (UB); a plan whose tile needs more "
               "UB than the device profile has cannot run.");
  e.numbers.push_back(trf("tile {0} needs {1} of UB; profile {2} has {3}", tile, bytesText(need), profileName,
                          bytesText(has)));
  e.fixes.push_back(trf("a UB of at least {0} (ub={1}k), or a smaller call", bytesText(need), (need + 1023) / 1024));
  gaugePicture(e, trf("tile {0} UB need", tile), double(need), double(has), bytesText(need),
               bytesText(has) + " UB", tr("the tile's need against the profile's unified buffer"));
  return k;
}

// ---- adaptive pooling ------------------------------------------------------------------------------------

// The divisors of n nearest to `want` from below and above (pairs d, n / d up to sqrt(n): a plane's side
// may be in the billions).
std::pair<int64_t, int64_t> nearDivisors(int64_t n, int64_t want) {
  int64_t below = 1, above = n;
  auto consider = [&](int64_t d) {
    if (d <= want) below = std::max(below, d);
    if (d >= want) above = std::min(above, d);
  };
  for (int64_t d = 1; d <= n / d; ++d) {
    if (n % d != 0) continue;
    consider(d);
    consider(n / d);
  }
  return {below, above};
}

std::string divisorHint(const char* axis, int64_t n, int64_t want) {
  const auto [below, above] = nearDivisors(n, want);
  if (n % std::max<int64_t>(want, 1) == 0) return trf("out {0} {1} (divides already)", axis, want);
  return above != below ? trf("out {0} a divisor of {1} (e.g. {2} or {3})", axis, n, below, above)
                        : trf("out {0} a divisor of {1} (e.g. {2})", axis, n, below);
}

// H * W of the plane against a limit of cells per plane: the pool rules' shared numbers and picture.
Candidate planeLimit(int64_t h, int64_t w, int64_t limit, const std::string& limitName, std::string plain,
                     std::string caption) {
  const int64_t cells = cellCount({h, w});
  const std::string product = "H * W = " + std::to_string(h) + " * " + std::to_string(w);
  Candidate k;
  k.e.plain = std::move(plain);
  k.e.numbers.push_back(product + " = " + std::to_string(cells) + " > " + limitName + " = " + std::to_string(limit));
  k.e.fixes.push_back(trf("in H * W at most {0}", limit));
  gaugePicture(k.e, tr("cells per plane (H * W)"), double(cells), double(limit), std::to_string(cells), limitName,
               std::move(caption));
  return k;
}

std::optional<Candidate> poolNonDivisible(const Call& c) {
  const auto h = static_cast<int64_t>(c.f.number("H")), w = static_cast<int64_t>(c.f.number("W"));
  const auto ho = static_cast<int64_t>(c.f.number("Ho")), wo = static_cast<int64_t>(c.f.number("Wo"));
  const auto limit = static_cast<int64_t>(c.f.number("limit"));
  if (h <= 0 || w <= 0 || ho <= 0 || wo <= 0 || limit <= 0) return std::nullopt;
  const std::string name = limitName(double(limit));
  Candidate k = planeLimit(h, w, limit, name,
                           trf("When the adaptive windows do not divide the input they overlap, and CANN's API page "
                               "supports such a pool only up to {0} cells per plane; gradlab enforces that documented "
                               "limit.",
                               name),
                           trf("overlapping windows: at most {0} = {1} cells per plane", name, limit));
  Explanation& e = k.e;
  e.numbers.push_back(trf("H % Ho = {0} % {1} = {2}, W % Wo = {3} % {4} = {5}: the windows do not divide the input", h,
                          ho, h % ho, w, wo, w % wo));
  e.fixes = {trf("{0} and {1}: windows that divide the input have no {2} limit", divisorHint("H", h, ho),
                 divisorHint("W", w, wo), name),
             trf("or in H * W at most {0} (e.g. in {1}x{2})", limit, std::max<int64_t>(limit / w, 1), w)};
  return k;
}

std::optional<Candidate> poolPlaneInt32(const Call& c) {
  const auto h = static_cast<int64_t>(c.f.number("H")), w = static_cast<int64_t>(c.f.number("W"));
  const auto limit = static_cast<int64_t>(c.f.number("limit"));
  if (h <= 0 || w <= 0 || limit <= 0) return std::nullopt;
  return planeLimit(h, w, limit, "INT32_MAX",
                    tr("An index is h * W + w inside its plane and INT32 indices must hold every one of them, so a "
                       "plane may have at most INT32_MAX cells."),
                    tr("a plane's cells against INT32_MAX"));
}

int64_t floorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

std::optional<Candidate> indexOutsidePlane(const Call& c) {
  const Extents& s = c.sizes;
  const auto H = static_cast<int64_t>(c.f.number("H")), W = static_cast<int64_t>(c.f.number("W"));
  const int64_t Ho = s.out[kH], Wo = s.out[kW];
  const auto pos = static_cast<int64_t>(c.f.number("position"));
  // A 3-D call's plane (facts D, H, W) is not drawn: its message alone says where the index points.
  if (c.f.has("D") || H <= 0 || W <= 0 || Ho <= 0 || Wo <= 0 || !(pos >= 0)) return std::nullopt;
  const int64_t hw = H * W;
  const auto v = static_cast<int64_t>(c.f.number("value"));
  const int64_t rem = pos % (Ho * Wo), oh = rem / Wo, ow = rem % Wo;
  const std::string cell = c.f.text("cell");
  Candidate k;
  Explanation& e = k.e;
  PlaneView& pv = e.picture.plane;
  pv.rows = H, pv.cols = W, pv.index = v;
  pv.row = floorDiv(v, W);
  pv.col = v - pv.row * W;
  pv.winRow0 = windowStart(oh, H, Ho), pv.winRow1 = windowEnd(oh, H, Ho);
  pv.winCol0 = windowStart(ow, W, Wo), pv.winCol1 = windowEnd(ow, W, Wo);
  pv.cell = "indices[" + cell + "]";
  e.plain = tr("Each index names the cell h * W + w of its own H x W plane where the forward found the max; the "
               "kernel checks every index as it adds its value, never writes outside the plane, and fails the launch at the "
               "earliest index outside it (507015 at aclrtSynchronizeStream), with every gradInput cell set to NaN. Only "
               "the plane is checked: an index inside the plane but outside its window is used as given.");
  e.numbers.push_back(trf("{0} = {1} = {2} * {3} + {4}: row {2}, col {4}", pv.cell, v, pv.row, W, pv.col));
  e.numbers.push_back(v < 0 ? trf("the plane has H * W = {0} * {1} = {2} cells, indices 0..{3}: {4} is negative", H, W, hw,
                                  hw - 1, v)
                            : trf("the plane has H * W = {0} * {1} = {2} cells, indices 0..{3}: {4} is past its end", H, W,
                                  hw, hw - 1, v));
  auto span = [](bool rows, int64_t a, int64_t b) {
    if (b - a == 1) return rows ? trf("row {0}", a) : trf("col {0}", a);
    return rows ? trf("rows {0}..{1}", a, b - 1) : trf("cols {0}..{1}", a, b - 1);
  };
  std::string window;
  int listed = 0;
  for (int64_t r = pv.winRow0; r < pv.winRow1; ++r) {
    for (int64_t q = pv.winCol0; q < pv.winCol1; ++q) {
      if (listed++ < 8) window += (window.empty() ? "" : ", ") + std::to_string(r * W + q);
    }
  }
  if (listed > 8) window += ", ...";
  e.numbers.push_back(trf("gradOutput[{0}] pools {1}, {2} of the plane", cell, span(true, pv.winRow0, pv.winRow1),
                          span(false, pv.winCol0, pv.winCol1)));
  e.fixes.push_back(listed == 1 ? trf("{0} in [0, {1}); for a max-pool gradient, the cell of its window that held the "
                                      "max: cell {2}",
                                      pv.cell, hw, window)
                                : trf("{0} in [0, {1}); for a max-pool gradient, the cell of its window that held the "
                                      "max: one of {2}",
                                      pv.cell, hw, window));
  e.fixes.push_back(tr("or leave the indices out: the runner then takes the forward's own"));
  e.picture.kind = PictureKind::kPlane;
  e.picture.caption = trf("the {0}x{1} plane, the cell's window, and where {2} points", H, W, v);
  return k;
}

// ---- the runner's own setup ----------------------------------------------------------------------------

std::optional<Candidate> inputCount(const Call& c) {
  for (const TensorRole& role : c.op.tensorRoles()) {
    if (c.f.text("tensor") != role.name) continue;
    const std::string what = c.f.text("input");
    const bool values = what == "values";
    const auto given = static_cast<size_t>(c.f.number("given"));
    const std::vector<int64_t> shape = sideShape(c.op, role.side, c.sizes);
    const auto cells = static_cast<int64_t>(c.f.number("cells"));
    Candidate k;
    Explanation& e = k.e;
    e.plain = tr("Explicit inputs fill a tensor cell by cell in row-major order, so there must be exactly one per "
                 "cell; the runner refuses a list that does not fit before calling the operator.");
    e.numbers.push_back(values ? trf("{0} values for {1} {2} = {3} cells", given, role.name, shapeText(shape), cells)
                               : trf("{0} indices for {1} {2} = {3} cells", given, role.name, shapeText(shape), cells));
    e.fixes.push_back(values ? trf("{0} values (one per cell of {1})", cells, role.name)
                             : trf("{0} indices (one per cell of {1})", cells, role.name));
    e.fixes.push_back(values ? tr("or none: the value source fills the tensor")
                             : tr("or none: the runner takes the forward's own indices"));
    ShapeView t;
    t.name = role.name;
    t.dims = shape;
    t.axes = axisNames(shape.size(), c.op.spatialRank);
    t.marked.assign(shape.size(), false);
    t.note = trf("{0} cells", cells);
    ShapeView list;
    list.name = values ? tr("values") : what;  // indices: the tensor's name
    list.dims = {static_cast<int64_t>(given)};
    list.axes = {tr("count")};
    list.marked = {true};
    list.note = trf("{0} given", given);
    e.picture.kind = PictureKind::kShapes;
    e.picture.shapes = {t, list};
    e.picture.caption = values ? tr("one value per cell") : tr("one index per cell");
    return k;
  }
  return std::nullopt;
}

std::optional<Candidate> tooLarge(const Call& c) {
  const double limit = c.f.number("limit");
  for (const TensorRole& role : c.op.tensorRoles()) {
    if (c.f.text("tensor") != role.name || !(limit > 0)) continue;
    const std::vector<int64_t> shape = sideShape(c.op, role.side, c.sizes);
    const int64_t cells = cellCount(shape);  // saturates
    const std::string name = limitName(limit);
    Candidate k;
    Explanation& e = k.e;
    e.plain = trf("The runner keeps a host copy of every tensor it builds, so it refuses a tensor of more than {0} "
                  "cells before the device sees it.",
                  name);
    e.numbers.push_back(cells == std::numeric_limits<int64_t>::max()
                            ? trf("{0} {1} has more than int64 can count cells > {2} = {3}", role.name,
                                  shapeText(shape), name, whole(limit))
                            : trf("{0} {1} has {2} cells > {3} = {4}", role.name, shapeText(shape), cells, name,
                                  whole(limit)));
    e.fixes.push_back(trf("smaller sizes: at most {0} cells per tensor", whole(limit)));
    gaugePicture(e, std::string(role.name) + " " + tr("cells"), double(cells), limit, num(double(cells)), name,
                 trf("cells of one tensor against the runner's {0}", name))
        .logScale = true;
    return k;
  }
  return std::nullopt;
}

// ---- the table --------------------------------------------------------------------------------------------

const Entry kEntries[] = {
    {{"upsample-ratio", "gradOutput at most 50x gradInput along each axis",
      "an upsample backward (nearest-exact, 1-D or 2-D) whose out/in (or scale) exceeds 50 on an axis",
      PictureKind::kGauges},
     upsampleRatio},
    {{"negative-scale", "a scale factor is not negative", "a negative --scales / scale H, W or L",
      PictureKind::kGauges},
     negativeScale},
    {{"size-not-positive", "every checked size at least 1",
      "a size of 0 (or a negative one) where the operator refuses empty tensors (e.g. the 1-D backwards)",
      PictureKind::kShapes},
     sizeNotPositive},
    {{"dtype-not-supported", "a dtype of the operator's list",
      "a dtype (or indices dtype) outside the operator's CANN list, e.g. float64 for an upsample backward",
      PictureKind::kChoices},
     dtypeNotSupported},
    {{"strategy-unknown", "a strategy the operator has", "a strategy name the operator does not have",
      PictureKind::kChoices},
     strategyUnknown},
    {{"device-profile-range", "device profile numbers within their limits",
      "a device profile with cores, cube cores or a buffer outside its range (e.g. ub=512)", PictureKind::kGauges},
     profileOutOfRange},
    {{"device-profile-unknown", "a built-in device profile", "a device spec naming no built-in profile",
      PictureKind::kChoices},
     nullptr},  // explainDeviceSpec, from parseProfileSpec's facts
    {{"ub-budget", "every tile fits the unified buffer", "a plan whose tile needs more UB than the profile has",
      PictureKind::kGauges},
     ubBudget},
    {{"pool-overlap-2^24", "overlapping adaptive windows: at most 2^24 cells per plane",
      "an adaptive max-pool backward whose windows do not divide the input, with H * W > 2^24",
      PictureKind::kGauges},
     poolNonDivisible},
    {{"pool-plane-int32", "a plane of at most INT32_MAX cells", "an adaptive pool with H * W > 2147483647",
      PictureKind::kGauges},
     poolPlaneInt32},
    {{"index-outside-plane", "every index inside its plane",
      "adaptive max-pool backward indices (--indices, a preset's) outside [0, H * W)", PictureKind::kPlane},
     indexOutsidePlane},
    {{"input-count", "one explicit value (or index) per cell",
      "explicit values or indices whose count does not fit the tensor", PictureKind::kShapes},
     inputCount},
    {{"tensor-too-large", "at most 2^34 cells per tensor", "sizes whose tensor has more than 2^34 cells",
      PictureKind::kGauges},
     tooLarge},
};

Explanation basics(int status, const std::string& stage, const std::string& message) {
  Explanation e;
  e.refused = status != 0 || !message.empty();
  e.status = status;
  e.codeName = codeName(status);
  e.stage = stage;
  e.message = message;
  return e;
}

// `e` (the run's code, stage and message) explained by `entry`'s candidate.
Explanation adopt(const Entry& entry, Candidate k, const Explanation& base) {
  Explanation e = std::move(k.e);
  e.refused = base.refused;
  e.status = base.status;
  e.codeName = base.codeName;
  e.stage = base.stage;
  e.message = base.message;
  e.matched = true;
  e.ruleId = entry.info.id;
  e.rule = tr(entry.info.name);
  return e;
}

const Entry* entryOf(std::string_view id) {
  const auto it = std::find_if(std::begin(kEntries), std::end(kEntries), [&](const Entry& e) { return e.info.id == id; });
  return it == std::end(kEntries) ? nullptr : &*it;
}

// The operator whose check refused: the one the facts' api names ("aclnnX" or "aclnnXGetWorkspaceSize"),
// else the request's.
const OpInfo& refusingOp(const RunRequest& request, const RefusalFacts& facts) {
  std::string api = facts.text("api");
  constexpr std::string_view kSuffix = "GetWorkspaceSize";
  if (api.size() > kSuffix.size() && api.compare(api.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0) {
    api.resize(api.size() - kSuffix.size());
  }
  const OpInfo* op = api.rfind("aclnn", 0) == 0 ? findOp(api) : nullptr;
  return op != nullptr ? *op : opInfo(request.op);
}

}  // namespace

std::span<const RuleInfo> rules() {
  static const std::vector<RuleInfo> infos = [] {
    std::vector<RuleInfo> v;
    for (const Entry& e : kEntries) v.push_back(e.info);
    return v;
  }();
  return infos;
}

const char* codeName(int status) {
  switch (status) {
    case ACLNN_ERR_PARAM_NULLPTR: return "ACLNN_ERR_PARAM_NULLPTR";
    case ACLNN_ERR_PARAM_INVALID: return "ACLNN_ERR_PARAM_INVALID";
    case ACLNN_ERR_RUNTIME_ERROR: return "ACLNN_ERR_RUNTIME_ERROR";
    case ACLNN_ERR_INNER: return "ACLNN_ERR_INNER";
    case ACLNN_ERR_INNER_NULLPTR: return "ACLNN_ERR_INNER_NULLPTR";
    case ACL_ERROR_RT_AICORE_EXCEPTION: return "ACL_ERROR_RT_AICORE_EXCEPTION";
    case ACL_ERROR_RT_INTERNAL_ERROR: return "ACL_ERROR_RT_INTERNAL_ERROR";
    case ACL_ERROR_RT_MEMORY_ALLOCATION: return "ACL_ERROR_RT_MEMORY_ALLOCATION";
    case ACL_ERROR_RT_PARAM_INVALID: return "ACL_ERROR_RT_PARAM_INVALID";
    case ACL_ERROR_INVALID_PARAM: return "ACL_ERROR_INVALID_PARAM";
    case ACL_ERROR_BAD_ALLOC: return "ACL_ERROR_BAD_ALLOC";
    case ACL_ERROR_INTERNAL_ERROR: return "ACL_ERROR_INTERNAL_ERROR";
    default: return "";
  }
}

Explanation explain(const RunRequest& request, const RunResult& result) {
  Explanation e = basics(result.status, result.stage, result.message);
  if (result.ok() || static_cast<size_t>(request.op) >= kOpCount) return e;
  const Entry* entry = entryOf(result.refusal.rule);
  if (entry == nullptr || entry->format == nullptr) return e;
  Extents sizes = request.shape;
  sizes.unbatched = sizes.unbatched && opInfo(request.op).allowsUnbatched;
  const Call call{request, refusingOp(request, result.refusal), sizes, result.refusal};
  std::optional<Candidate> k = entry->format(call);
  return k ? adopt(*entry, std::move(*k), e) : e;
}

Explanation explainDeviceSpec(const std::string& spec, const std::string& error) {
  Explanation e = basics(0, "device", error);
  e.refused = true;
  // The parser's own facts say what it refused: no second reading of the spec, no reading of its sentence.
  DeviceProfile parsed;
  std::string sentence;
  ProfileSpecRefusal why;
  if (parseProfileSpec(spec, &parsed, &sentence, &why)) return e;
  using Kind = ProfileSpecRefusal::Kind;
  if (why.kind == Kind::kOutOfRange && why.limit != nullptr) {
    return adopt(*entryOf("device-profile-range"),
                 profileCandidate(*why.limit, static_cast<double>(why.value), why.low, why.high, why.profile.name), e);
  }
  if (why.kind == Kind::kUnknownProfile) return adopt(*entryOf("device-profile-unknown"), profileUnknown(why.text), e);
  return e;
}

}  // namespace gradlab::refusal
