#include "run_options.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include <CLI/CLI.hpp>

#include "gradlab/npy.h"

namespace gradlab::cli {
namespace {

// Feeds the pieces of "8x6" / "2,1.5" to `take` one at a time (through `item`); false as soon as one fails.
template <typename Take>
bool forEachItem(const std::string& text, std::string& item, Take take) {
  for (char ch : text) {
    if (ch == 'x' || ch == 'X' || ch == ',') {
      if (!take()) return false;
    } else {
      item += ch;
    }
  }
  return take();
}

// "8x6" -> {8, 6}; "8" -> {8}. Every number must be a positive integer.
bool parseDims(const std::string& text, std::vector<int64_t>* dims, std::string* error, const char* option) {
  dims->clear();
  std::string item;
  auto flush = [&]() {
    if (item.empty() || item.size() > 12 || !std::all_of(item.begin(), item.end(), [](char d) { return std::isdigit(static_cast<unsigned char>(d)) != 0; }) || std::stoll(item) <= 0) {
      *error = std::string(option) + " '" + text + "': sizes are positive integers, written H x W (\"8x8\") or L (\"16\")";
      return false;
    }
    dims->push_back(std::stoll(item));
    item.clear();
    return true;
  };
  return forEachItem(text, item, flush);
}

// std::from_chars for a double; where the standard library has none (the browser build's libc++), strtod
// held to from_chars's grammar: no leading space, no hex, the C locale.
std::from_chars_result parseDouble(const char* first, const char* last, double& v) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  return std::from_chars(first, last, v);
#else
  const std::string text(first, last);
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])) || text.find_first_of("xX") != std::string::npos) {
    return {first, std::errc::invalid_argument};
  }
  errno = 0;
  char* end = nullptr;
  v = std::strtod(text.c_str(), &end);
  if (end == text.c_str()) return {first, std::errc::invalid_argument};
  return {first + (end - text.c_str()), errno == ERANGE && (v == 0.0 || std::isinf(v)) ? std::errc::result_out_of_range : std::errc()};
#endif
}

// "2" -> {2}; "2,1.5" -> {2, 1.5}. Text that is not a finite number, and a number outside a normal double's range
// (1e-308 is subnormal, 1e-400 underflows to 0, 1e400 overflows), are refused with messages naming the value.
bool parseScales(const std::string& text, std::vector<double>* scales, std::string* error) {
  scales->clear();
  std::string item;
  auto flush = [&]() {
    double v = 0.0;
    const char* first = item.data() + (item.size() > 1 && item[0] == '+' && item[1] != '-' ? 1 : 0);
    const auto [end, ec] = parseDouble(first, item.data() + item.size(), v);
    const bool whole = end == item.data() + item.size();
    if (whole && (ec == std::errc::result_out_of_range || (ec == std::errc() && std::fpclassify(v) == FP_SUBNORMAL))) {
      *error = "--scales '" + text + "': " + item +
               " is out of range: a scale is 0 (from the sizes) or a magnitude from 2.2250738585072014e-308 to "
               "1.7976931348623157e+308";
      return false;
    }
    if (ec != std::errc() || !whole) {
      *error = "--scales '" + text + "': '" + item + "' is not a number; expected e.g. 2 or 2,1.5 (height, width)";
      return false;
    }
    if (!std::isfinite(v)) {  // as the app's field refuses it: a NaN request never equals itself
      *error = "--scales '" + text + "': '" + item + "' is not a finite number; expected e.g. 2 or 2,1.5 (height, width)";
      return false;
    }
    scales->push_back(v);
    item.clear();
    return true;
  };
  return forEachItem(text, item, flush);
}

// Whether the run, with `file` read for it, fits what the host can give: reading holds the file's bytes and
// the decoded array at once, then the request keeps the values (4 bytes a cell) or indices (8).
bool fitsWithFile(const RunRequest& r, const std::string& file, const npy::Info& info, std::string* error) {
  uint64_t cells = 1, reading = 0;
  for (int64_t d : info.shape) {
    if (__builtin_mul_overflow(cells, static_cast<uint64_t>(d), &cells)) cells = UINT64_MAX;
  }
  if (__builtin_mul_overflow(cells, uint64_t{npy::isFloating(info.dtype) ? 4u : 8u}, &reading) ||
      __builtin_add_overflow(reading, 2 * info.fileBytes, &reading))
    reading = UINT64_MAX;
  const std::string problem = runMemoryProblem(r, reading);
  if (problem.empty()) return true;
  *error = file + " (" + std::to_string(info.fileBytes) + " bytes) is not read: " + problem;
  return false;
}

// A .npy file given for one tensor (--self, --indices): its shape must be `expected`, `role`'s, integers where
// `integers`, and what reading it costs must fit with the run. False with a one-line reason.
bool readShaped(const char* flag, const std::string& path, const std::vector<int64_t>& expected, const char* role,
                const RunRequest& r, bool integers, npy::Array* out, std::string* error) {
  npy::Info info;
  if (!npy::peek(path, &info, error)) return false;
  if (integers && npy::isFloating(info.dtype)) {
    *error = std::string(flag) + " " + path + " holds " + npy::dtypeName(info.dtype) + "; indices must be integers";
    return false;
  }
  if (info.shape != expected) {
    *error = std::string(flag) + " " + path + " has shape " + shapeText(info.shape) + " but " + role + " is " +
             shapeText(expected);
    return false;
  }
  if (!fitsWithFile(r, path, info, error)) return false;
  if (!npy::read(path, out, error)) return false;
  if (out->shape != info.shape || (integers && npy::isFloating(out->dtype))) {
    *error = std::string(flag) + " " + path + " changed while it was read";
    return false;
  }
  return true;
}

}  // namespace

std::string dtypeList(const OpInfo& op) {
  std::string list;
  for (size_t i = 0; i < op.dtypes.size(); ++i) {
    list += (i == 0 ? "" : i + 1 == op.dtypes.size() ? " or " : ", ") + std::string(dtypeText(op.dtypes[i]));
  }
  return list;
}

void addRunOptions(CLI::App& app, RunOptions& o) {
  app.add_option("--op", o.op, "Operator: " + cliNames() + " (or the aclnn name, e.g. UpsampleNearestExact2dBackward)")
      ->check([](const std::string& v) {
        return findOp(v) ? std::string() : "unknown operator '" + v + "' (known: " + cliNames() + ")";
      });
  const auto positive = [](const std::string& v) {
    return v.find_first_not_of("0123456789") == std::string::npos && v.size() <= 12 && std::stoll(v) > 0
               ? std::string()
               : "'" + v + "' is not a positive integer";
  };
  app.add_option("--n", o.n, "Batch size N")->check(positive);
  app.add_option("--c", o.c, "Channels C")->check(positive);
  app.add_option("--in", o.in, "Input-side spatial size HxW (1-D: L, 3-D: DxHxW): gradInput of a backward op, self of a forward op");
  app.add_option("--out", o.out, "Output-side spatial size HxW (1-D: L, 3-D: DxHxW): gradOutput of a backward op, out of a forward op");
  app.add_option("--scales", o.scales, "Upsample scale factors (output/input): S, SH,SW or SD,SH,SW; default: from the sizes");
  app.add_flag("--unbatched", o.unbatched, "Adaptive pool: 3-D (C,H,W) tensors");
  app.add_option("--dtype", o.dtype, "Element type; each operator takes its own list (--list-ops)")
      ->check([](const std::string& v) {
        return dtypeFromText(v) ? std::string() : "'" + v + "' is not a dtype (f32, f16, bf16, f64, u8)";
      })
      ->capture_default_str();
  app.add_option("--index-type", o.indexType, "Adaptive pool indices (default: the operator's first, int64 for 2-D, "
                                              "int32 for 3-D)")
      ->check(CLI::IsMember({"int64", "int32", "i64", "i32"}, CLI::ignore_case));
  std::vector<std::string> layouts;
  for (Layout l : allLayouts()) layouts.push_back(layoutName(l));
  app.add_option("--layout", o.layout, "Device layout of every tensor")
      ->check(CLI::IsMember(layouts, CLI::ignore_case))
      ->capture_default_str();
  app.add_flag("--deterministic", o.deterministic, "ACL_OPT_DETERMINISTIC=1: one owner per output cell, fixed order");
  app.add_option("--schedule", o.schedule,
                 "Default mode: who orders the atomic adds into a shared cell: host (thread timing) or a seed N "
                 "(a reproducible interleaving; like GRADLAB_SCHEDULE=seed:N)")
      ->check([](const std::string& v) {
        return parseSchedule(v) ? std::string()
                                : "'" + v + "' is not host, N or seed:N (N a whole number from 0 to 2^64 - 1)";
      });
  app.add_option("--accumulate", o.accumulate,
                 "FLOAT16/BF16 backward sums: fp32 (an fp32 accumulator or workspace, rounded once; CANN's way) or "
                 "dtype (every sum rounded to the dtype; like GRADLAB_ACCUMULATE)")
      ->check(CLI::IsMember({"fp32", "dtype"}));
  app.add_option("--strategy", o.strategy,
                 "How the work is laid out on the chip: a strategy of the operator (--list-strategies), cann "
                 "(CANN's own choice for the call) or default (like GRADLAB_STRATEGY)");
  app.add_option("--device", o.device, "Device profile: name or name:cores=8,ub=64k (like GRADLAB_DEVICE)")
      ->check([](const std::string& v) {
        DeviceProfile p;
        std::string error;
        return parseProfileSpec(v, &p, &error) ? std::string() : error;
      });
  // Checked as text before CLI11 converts it: -1 and 2^64 used to wrap silently into 2^64 - 1.
  app.add_option("--seed", o.seed, "Seed of the input values (random, integers)")
      ->check([](const std::string& v) {
        uint64_t seed = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), seed);
        return ec == std::errc() && end == v.data() + v.size()
                   ? std::string()
                   : "expected a whole number from 0 to 18446744073709551615, not '" + v + "'";
      })
      ->capture_default_str();
  std::vector<std::string> sources;
  for (ValueSource s : allValueSources()) sources.push_back(valueSourceName(s));
  app.add_option("--values", o.values, "Input values without --input: random (in [-1, 1)), integers (-4..4), ramp "
                                       "(0, 1, 2, ...), ones or shuffled (each plane 1, 2, 3, ... in a seeded order: all different)")
      ->check(CLI::IsMember(sources, CLI::ignore_case))
      ->capture_default_str();
  app.add_option("--input", o.input, "Primary input (gradOutput / self) from a .npy file; its shape sets N, C and that side")
      ->check(CLI::ExistingFile);
  app.add_option("--self", o.self,
                 "Adaptive pool backward: its forward's input (self) from a .npy file (the input side's shape); the "
                 "forward picks the indices on it unless --indices gives them")
      ->check(CLI::ExistingFile);
  app.add_option("--indices", o.indices, "Adaptive pool backward: indices from a .npy file (integers, gradOutput's shape)")
      ->check(CLI::ExistingFile);
}

bool buildRequest(const RunOptions& o, const CLI::App& app, RunRequest* out, std::string* error) {
  RunRequest r;
  if (o.op.empty()) {
    *error = "--op is required (one of " + cliNames() + ")";
    return false;
  }
  const OpInfo& op = *findOp(o.op);
  r.op = op.kind;
  r.shape.N = o.n;
  r.shape.C = o.c;
  r.shape.unbatched = o.unbatched;
  if (r.shape.unbatched && !op.allowsUnbatched) {
    *error = std::string("--unbatched applies to operators with 3-D (C, H, W) tensors only; ") + op.name + " has none";
    return false;
  }
  if (r.shape.unbatched && app.count("--n") > 0 && o.n != 1) {
    *error = "--unbatched tensors have no N; drop --n";
    return false;
  }

  // Spatial sizes: the catalog's example call unless given.
  const int rank = op.spatialRank;
  std::vector<int64_t> in = op.example.spatial(Side::kIn, rank);
  std::vector<int64_t> outDims = op.example.spatial(Side::kOut, rank);
  if (!o.in.empty() && !parseDims(o.in, &in, error, "--in")) return false;
  if (!o.out.empty() && !parseDims(o.out, &outDims, error, "--out")) return false;
  static constexpr const char* kSizesNeeded[] = {"one size L", "two sizes HxW", "three sizes DxHxW"};
  for (auto [dims, name] : {std::pair{&in, "--in"}, std::pair{&outDims, "--out"}}) {
    if (dims->size() != static_cast<size_t>(rank)) {
      *error = std::string(name) + " needs " + kSizesNeeded[rank - 1] + " for " + op.name;
      return false;
    }
  }
  std::copy(in.begin(), in.end(), r.shape.in.end() - rank);
  std::copy(outDims.begin(), outDims.end(), r.shape.out.end() - rank);

  if (!o.scales.empty()) {
    if (op.scaleCount == 0) {
      *error = std::string("--scales applies to operators that take scales; ") + op.name + " takes none";
      return false;
    }
    std::vector<double> s;
    if (!parseScales(o.scales, &s, error)) return false;
    if (s.size() > static_cast<size_t>(op.scaleCount)) {
      static constexpr const char* kScalesTaken[] = {"one scale", "one or two scales", "one or three scales"};
      *error = "--scales '" + o.scales + "': " + op.name + " takes " + kScalesTaken[op.scaleCount - 1];
      return false;
    }
    // One scale for every axis, or one per axis, outermost first.
    for (int axis = firstAxis(rank); axis < kMaxSpatialRank; ++axis) {
      r.shape.scales[axis] = s.size() == 1 ? s.front() : s[static_cast<size_t>(axis - firstAxis(rank))];
    }
  }

  r.dtype = dtypeFromText(o.dtype).value_or(ACL_FLOAT);
  if (std::find(op.dtypes.begin(), op.dtypes.end(), r.dtype) == op.dtypes.end()) {
    *error = "--dtype " + o.dtype + ": " + op.aclnnName() + " takes " + dtypeList(op) + " (CANN's list on Atlas A2/A3)";
    return false;
  }
  if (!o.indexType.empty()) r.indexType = dtypeFromText(o.indexType).value_or(ACL_INT64);  // else the operator's
  r.layout = layoutFromName(o.layout).value_or(Layout::kContiguous);
  r.deterministic = o.deterministic;
  if (!o.schedule.empty()) r.schedule = parseSchedule(o.schedule);
  if (!o.accumulate.empty()) r.accumulate = parseAccumulation(o.accumulate);
  if (!o.strategy.empty()) {
    if (!strategyRequestValid(op.kind, o.strategy)) {
      *error = "--strategy " + o.strategy + ": " + op.cliName + " has " + strategyNames(op.kind) +
               " (or cann: CANN's choice, default: the mode's)";
      return false;
    }
    r.strategy = o.strategy;
  }
  r.seed = o.seed;
  r.valueSource = valueSourceFromName(o.values).value_or(ValueSource::kRandom);
  if (!o.device.empty()) {
    DeviceProfile p;
    if (!parseProfileSpec(o.device, &p, error)) return false;
    r.profile = p;
  }

  const TensorRole& primary = *std::find_if(op.tensorRoles().begin(), op.tensorRoles().end(),
                                            [](const TensorRole& t) { return t.kind == RoleKind::kValues; });
  if (!o.input.empty()) {
    // The header first: the shape is checked, and what reading the file will cost weighed with the run, before
    // the file is read (a valid 4 GiB file was read whole and killed the process in 6 GiB).
    npy::Info info;
    if (!npy::peek(o.input, &info, error)) return false;
    const std::vector<int64_t> expected = sideShape(op, primary.side, r.shape);
    const bool sizesGiven = app.count("--n") > 0 || app.count("--c") > 0 ||
                            (primary.side == Side::kOut ? !o.out.empty() : !o.in.empty());
    if (info.shape.size() != expected.size()) {
      *error = "--input " + o.input + " has shape " + shapeText(info.shape) + "; " + op.name + " needs a " +
               std::to_string(expected.size()) + "-D " + primary.name;
      return false;
    }
    if (sizesGiven && info.shape != expected) {
      *error = "--input " + o.input + " has shape " + shapeText(info.shape) + " but the size options ask for " +
               shapeText(expected) + " (drop them to take the file's shape)";
      return false;
    }
    if (std::any_of(info.shape.begin(), info.shape.end(), [](int64_t d) { return d <= 0; })) {
      *error = "--input " + o.input + " has shape " + shapeText(info.shape) + "; every size must be positive";
      return false;
    }
    takeSideShape(op, primary.side, info.shape, &r.shape);  // the same rank as expected: unbatched as asked
    if (!fitsWithFile(r, o.input, info, error)) return false;
    npy::Array a;
    if (!npy::read(o.input, &a, error)) return false;
    if (a.shape != info.shape) {  // the file changed between the two reads
      *error = "--input " + o.input + " changed while it was read";
      return false;
    }
    if (!a.toFloat(&r.values, error)) {
      *error = "--input " + o.input + ": " + *error;
      return false;
    }
  }
  if (!o.self.empty()) {
    const auto shapeOnly = std::find_if(op.tensorRoles().begin(), op.tensorRoles().end(),
                                        [](const TensorRole& t) { return t.kind == RoleKind::kShapeOnly; });
    if (shapeOnly == op.tensorRoles().end()) {
      *error = std::string("--self applies to backward operators that read their forward's input; ") + op.name +
               " reads none";
      return false;
    }
    npy::Array a;
    if (!readShaped("--self", o.self, sideShape(op, shapeOnly->side, r.shape), shapeOnly->name, r, false, &a, error)) {
      return false;
    }
    if (!a.toFloat(&r.forwardValues, error)) {
      *error = "--self " + o.self + ": " + *error;
      return false;
    }
  }
  if (!o.indices.empty()) {
    const TensorRole* indices = nullptr;
    for (const TensorRole& t : op.tensorRoles()) {
      if (t.kind == RoleKind::kIndices) indices = &t;
    }
    if (indices == nullptr) {
      *error = std::string("--indices applies to operators that read indices; ") + op.name + " reads none";
      return false;
    }
    npy::Array a;
    if (!readShaped("--indices", o.indices, sideShape(op, indices->side, r.shape), indices->name, r, true, &a, error)) {
      return false;
    }
    if (!a.toInt64(&r.indices, error)) return false;
  }
  *out = r;
  return true;
}

}  // namespace gradlab::cli
