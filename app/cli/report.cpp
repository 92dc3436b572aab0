#include "report.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <numeric>
#include <iterator>
#include <ostream>
#include <span>

#include <fmt/format.h>

#include "gradlab/npy.h"
#include "i18n/translate.h"
#include "run_options.h"

namespace gradlab::cli {
namespace {

std::string range(int64_t a, int64_t b) { return fmt::format("[{},{})", a, b); }

// Planes x rows x cols box.
std::string boxText(const Box& b) {
  return fmt::format("{} {} {}", range(b.plane0, b.plane1), range(b.row0, b.row1), range(b.col0, b.col1));
}

// A number with `digits` digits after the point.
std::string fixed(double v, int digits) { return fmt::format("{:.{}f}", v, digits); }

std::string profileText(const DeviceProfile& p) {
  return i18n::trf("{0} ({1} cube + {2} vector cores, {3} UB)", p.name, p.cubeCores, p.vectorCores, bytesText(p.ubBytes));
}

// Wraps `text` at `width` columns, every line after the first indented by `indent`.
std::string wrapped(const std::string& text, size_t width, const std::string& indent) {
  std::string out, line;
  std::istringstream words(text);
  for (std::string w; words >> w;) {
    if (!line.empty() && line.size() + 1 + w.size() > width) {
      out += line + "\n" + indent;
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  return out + line;
}

}  // namespace

std::string modelledTimeText(const Plan& p) {
  const ModelledTime m = modelledTime(p);
  return i18n::trf("modelled time: {0} us (launch {1} us, bandwidth-bound {2} %); {3} at {4} GB/s effective, {5} % of "
                   "the profile's {6} GB/s HBM",
                   fixed(m.totalUs(), m.totalUs() < 100 ? 3 : 1), fixed(m.launchUs, 1), fixed(100.0 * m.bandwidthBound(), 0),
                   bytesText(m.bytes), fixed(m.effectiveGBps(), 1),
                   fixed(100.0 * m.effectiveGBps() / p.profile.gmBandwidthGBps, 1), fixed(p.profile.gmBandwidthGBps, 0));
}

namespace {

struct Summary {
  double sum = 0.0;
  float lo = INFINITY, hi = -INFINITY;
  size_t nans = 0;
};

// The sum (in double), least and largest value and NaN count of an output's cells, NaNs left out of the rest.
// Eight sums side by side, one per lane: a gigabyte of cells in a tenth of a second, where one running sum
// waited on each add (0.7 s of a 5 GiB call's 3.4).
Summary summarize(std::span<const float> values) {
  constexpr size_t kLanes = 8;
  double sums[kLanes] = {};
  float lo[kLanes], hi[kLanes];
  size_t nans[kLanes] = {};
  std::fill(std::begin(lo), std::end(lo), INFINITY);
  std::fill(std::begin(hi), std::end(hi), -INFINITY);
  auto take = [&](size_t j, float v) {
    const bool nan = v != v;
    nans[j] += nan;
    sums[j] += nan ? 0.0 : double{v};  // never -0 before: adding +0 changes nothing
    lo[j] = v < lo[j] ? v : lo[j];     // false for a NaN
    hi[j] = v > hi[j] ? v : hi[j];
  };
  size_t i = 0;
  for (; i + kLanes <= values.size(); i += kLanes) {
    for (size_t j = 0; j < kLanes; ++j) take(j, values[i + j]);
  }
  for (size_t j = 0; i < values.size(); ++i, ++j) take(j, values[i]);
  Summary s;
  for (size_t j = 0; j < kLanes; ++j) {
    s.sum += sums[j];
    s.lo = std::min(s.lo, lo[j]);
    s.hi = std::max(s.hi, hi[j]);
    s.nans += nans[j];
  }
  return s;
}

}  // namespace

void printSummary(std::ostream& out, const RunRequest& r, const RunResult& result) {
  const DeviceProfile profile = r.profile ? *r.profile : activeProfile();
  const AtomicSchedule schedule = r.schedule ? *r.schedule : defaultSchedule();
  out << opName(r.op) << "  " << dtypeText(r.dtype) << ", "
      << (r.deterministic ? std::string(i18n::tr("deterministic"))
                          : i18n::trf("default (atomic) mode, schedule {0}", scheduleText(schedule)))
      << ", " << i18n::trf("layout {0}, device {1}", layoutName(r.layout), profileText(profile)) << "\n";
  for (const HostTensor& t : result.inputs) {
    out << "  in   " << std::left << std::setw(11) << t.name << std::right << dtypeText(t.dtype) << " " << shapeText(t.shape) << "\n";
  }
  for (const HostTensor& t : result.outputs) {
    const auto [sum, lo, hi, nans] = summarize(t.values);
    out << "  out  " << std::left << std::setw(11) << t.name << std::right << dtypeText(t.dtype) << " " << shapeText(t.shape);
    if (!t.values.empty()) {
      out << "  " << i18n::tr("sum") << " " << fmt::format("{:.9g}  min {:.9g}  max {:.9g}", sum, lo, hi);
      if (nans) out << "  NaN " << nans;
    }
    out << "\n";
  }
  if (result.plan) {
    const Plan& p = *result.plan;
    out << "  " << i18n::trf("plan {0} tiles on {1} cores, workspace {2}, imbalance {3}", p.tiles.size(), p.coresWithWork(),
                             bytesText(result.workspaceBytes), fixed(p.imbalance(), 2))
        << "\n";
    out << "  " << modelledTimeText(p) << "\n";
    if (!p.strategyName.empty()) {
      out << "  "
          << (p.strategyName == p.cannStrategy ? i18n::trf("strategy {0} (CANN's choice): {1}", p.strategyName, p.strategy)
                                               : i18n::trf("strategy {0}: {1}", p.strategyName, p.strategy))
          << "\n";
      if (!p.strategyNote.empty()) out << "  " << i18n::trf("note: {0}", p.strategyNote) << "\n";
      if (p.strategyName != p.cannStrategy && !p.cannStrategy.empty()) {
        out << "  " << i18n::trf("CANN would run {0}: {1} (--strategy cann)", p.cannStrategy, p.cannWhy) << "\n";
      }
    } else if (!p.strategy.empty()) {
      out << "  " << i18n::trf("strategy: {0}", p.strategy) << "\n";
    }
    if (!p.coreChoice.empty()) out << "  " << i18n::trf("cores: {0}", p.coreChoice) << "\n";
  }
  if (result.trace) {
    out << "  "
        << (result.trace->movesTruncated
                ? i18n::trf("trace {0} events, {1} cell moves (truncated)", result.trace->events.size(), result.trace->moves.size())
                : i18n::trf("trace {0} events, {1} cell moves", result.trace->events.size(), result.trace->moves.size()))
        << "\n";
  }
  out << "  " << i18n::trf("wall {0} ms (GetWorkspaceSize + launch + synchronize)", fmt::format("{:.3g}", result.wallMs))
      << "\n";
}

void printPlan(std::ostream& out, const Plan& p, int rows) {
  out << i18n::trf("plan of {0} on {1}: src {2} -> dst {3}", opName(p.op), profileText(p.profile), shapeText(p.srcShape),
                   shapeText(p.dstShape))
      << ", "
      << (p.deterministic ? std::string(i18n::tr("deterministic"))
                          : i18n::trf("atomic adds allowed, schedule {0}", scheduleText(p.schedule)))
      << (p.dtype == ACL_FLOAT ? "" : std::string(", accumulate ") + accumulationName(p.accumulate)) << "\n";
  out << i18n::tr("phases, one after another with a barrier between them:") << "\n";
  for (size_t i = 0; i < p.phases.size(); ++i) {
    out << "  " << i << " " << std::left << std::setw(8) << phaseKindName(p.phases[i].kind) << std::right
        << p.phases[i].what << "\n";
  }
  for (size_t b = 0; b < p.buffers.size(); ++b) {
    out << "  " << i18n::trf("buffer {0} {1} {2}: {3}", b, p.buffers[b].name, shapeText(p.buffers[b].shape), p.buffers[b].what)
        << "\n";
  }
  out << i18n::tr("boxes are [planes) [rows) [cols) of the logical tensors (plane = n*C + c); #B: of buffer B") << "\n";
  out << i18n::tr("cores: AIV n is vector core n (pipes MTE2, VECTOR, MTE3), AIC n cube core n (MTE2, MTE1, CUBE, FIXPIPE)")
      << "\n";
  out << std::setw(6) << "tile" << std::setw(6) << "phase" << std::setw(8) << "core" << std::setw(6) << "order" << "  "
      << std::left << std::setw(30)
      << "src box" << std::setw(30) << "dst box" << std::right << std::setw(10) << "UB bytes" << std::setw(8) << "atomic"
      << std::setw(12) << "est us" << "  UB holds\n";
  const size_t shown = std::min(p.tiles.size(), static_cast<size_t>(std::max(rows, 0)));
  auto box = [](const Box& b, int32_t buffer) { return boxText(b) + (buffer >= 0 ? " #" + std::to_string(buffer) : ""); };
  for (size_t i = 0; i < shown; ++i) {
    const Tile& t = p.tiles[i];
    const bool cube = p.coreKind(t.core) == CoreKind::kCube;
    out << std::setw(6) << t.id << std::setw(6) << t.phase << std::setw(8) << p.coreName(t.core) << std::setw(6) << t.order
        << "  " << std::left << std::setw(30) << box(t.src, t.srcBuffer) << std::setw(30) << box(t.dst, t.dstBuffer)
        << std::right << std::setw(10) << (cube ? std::string("-") : std::to_string(t.ubBytes)) << std::setw(8)
        << (t.atomic ? "yes" : "no") << std::setw(12) << std::fixed << std::setprecision(4) << t.estimatedUs
        << std::defaultfloat << "  " << p.ubUseText(t) << (doubleBuffered(p, t) ? " [double-buffered]" : "") << "\n";
  }
  if (shown < p.tiles.size())
    out << "  ... " << i18n::trf("{0} more tiles (--plan-rows N to list them)", p.tiles.size() - shown) << "\n";
  uint64_t maxUb = 0;
  for (const Tile& t : p.tiles) maxUb = std::max(maxUb, t.ubBytes);
  out << i18n::trf("largest UB footprint {0} of {1} bytes (a tile that needs at most half the UB is double-buffered: the "
                   "next one's copy-in lands beside it)",
                   maxUb, p.profile.ubBytes)
      << "\n";
  uint64_t l1 = 0, l0a = 0, l0b = 0, l0c = 0;
  bool cube = false;
  for (const Tile& t : p.tiles) {
    if (p.coreKind(t.core) != CoreKind::kCube) continue;
    cube = true;
    l1 = std::max(l1, t.l1Bytes), l0a = std::max(l0a, t.l0aBytes), l0b = std::max(l0b, t.l0bBytes), l0c = std::max(l0c, t.l0cBytes);
  }
  if (cube) {
    out << i18n::trf("largest cube tile: L1 {0} of {1}, L0A {2} of {3}, L0B {4} of {5}, L0C {6} of {7} bytes (at most half "
                     "of each: ping-pong, the next block loads while the cube multiplies)",
                     l1, p.profile.l1Bytes, l0a, p.profile.l0aBytes, l0b, p.profile.l0bBytes, l0c, p.profile.l0cBytes)
        << "\n";
  }
  if (!p.coreChoice.empty()) out << i18n::trf("cores: {0}", p.coreChoice) << "\n";
  out << modelledTimeText(p) << "\n";
  const std::vector<double> load = p.coreLoadUs();
  out << i18n::tr("per-core load (us):");
  for (size_t c = 0; c < load.size(); ++c) {
    if (c % 8 == 0) out << "\n ";
    out << " " << std::setw(6) << p.coreName(static_cast<int32_t>(c)) << ":" << std::fixed << std::setprecision(4)
        << std::setw(9) << load[c];
  }
  out << std::defaultfloat << "\n";
  if (!load.empty()) {
    const double mean = std::accumulate(load.begin(), load.end(), 0.0) / static_cast<double>(load.size());
    out << i18n::trf("max {0} us, mean {1} us, imbalance (max/mean) {2}",
                     fmt::format("{:.4g}", *std::max_element(load.begin(), load.end())), fmt::format("{:.4g}", mean),
                     fixed(p.imbalance(), 3))
        << "\n";
  }
}

void printValues(std::ostream& out, const HostTensor& t) {
  out << t.name << " " << dtypeText(t.dtype) << " " << shapeText(t.shape) << ":\n";
  const int64_t cols = t.shape.empty() ? 1 : std::max<int64_t>(t.shape.back(), 1);
  const bool ints = !t.ints.empty();
  const size_t n = ints ? t.ints.size() : t.values.size();
  for (size_t i = 0; i < n; ++i) {
    if (i % cols == 0) out << "  ";
    if (ints) {
      out << std::setw(6) << t.ints[i];
    } else {
      out << std::setw(14) << std::setprecision(8) << t.values[i];
    }
    out << ((i + 1) % cols == 0 ? "\n" : " ");
  }
}

void printProfiles(std::ostream& out) {
  const DeviceProfile active = activeProfile();
  out << i18n::tr("device profiles (choose with --device NAME[:cores=N,ub=SIZE] or GRADLAB_DEVICE):") << "\n";
  for (const DeviceProfile& p : builtinProfiles()) {
    out << "  " << std::left << std::setw(12) << p.name << std::right << std::setw(4) << p.cubeCores << " cube / "
        << std::setw(3) << p.vectorCores << " vector cores, UB " << std::setw(9) << bytesText(p.ubBytes) << ", MTE "
        << p.mteBandwidthGBps << " GB/s per core" << (p.name == active.name ? "   [active]" : "") << "\n      "
        << i18n::tr(p.description) << "\n      cube buffers: L1 " << bytesText(p.l1Bytes) << ", L0A " << bytesText(p.l0aBytes)
        << ", L0B " << bytesText(p.l0bBytes) << ", L0C " << bytesText(p.l0cBytes) << "; " << p.cubeMacsPerNs
        << " fp16 multiply-adds per ns per cube core\n";
  }
  if (std::none_of(builtinProfiles().begin(), builtinProfiles().end(),
                   [&](const DeviceProfile& p) { return p.name == active.name; })) {
    out << "  " << i18n::trf("active: {0} (from GRADLAB_DEVICE)", profileText(active)) << "\n";
  }
}

void printStrategies(std::ostream& out, const OpInfo* only) {
  out << i18n::tr("strategies (choose with --strategy NAME, cann for CANN's own choice, or GRADLAB_STRATEGY):") << "\n";
  for (const OpInfo& op : allOps()) {
    if (only && only->kind != op.kind) continue;
    out << "  " << op.cliName << " (CANN kernel " << op.kernelOp << ")\n";
    for (const StrategyInfo& s : op.strategies) {
      const std::string indent(8, ' ');
      out << "    " << std::left << std::setw(10) << s.name << std::right << i18n::tr(s.title) << "; "
          << i18n::tr(s.cube ? "cube and vector cores" : "vector cores")
          << (s.atomic ? i18n::tr(", atomic adds (default mode only)") : "") << "\n" << indent
          << wrapped(i18n::tr(s.how), 96, indent) << "\n" << indent
          << wrapped(i18n::trf("order: {0}", i18n::tr(s.order)), 96, indent) << "\n" << indent
          << wrapped(i18n::trf("numerics: {0}", i18n::tr(s.numerics)), 96, indent) << "\n";
      if (*s.needs) out << indent << wrapped(i18n::trf("needs: {0}", i18n::tr(s.needs)), 96, indent) << "\n";
    }
  }
}

void printOps(std::ostream& out) {
  out << i18n::tr("operators (choose with --op NAME; the aclnn name works too):") << "\n";
  for (const OpInfo& op : allOps()) {
    out << "  " << std::left << std::setw(30) << op.cliName << std::setw(40) << op.aclnnName() << "kernel "
        << op.kernelOp << std::right << "\n      " << i18n::tr(op.title) << "; " << i18n::trf("dtypes {0}", dtypeList(op)) << "\n";
  }
}

bool saveTensors(const std::string& dir, const RunResult& result, std::string* error) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    *error = "cannot create directory '" + dir + "': " + ec.message();
    return false;
  }
  auto save = [&](const HostTensor& t) {
    npy::Array a;
    if (t.dtype == ACL_INT64 || t.dtype == ACL_INT32) {
      a = t.dtype == ACL_INT64 ? npy::fromInt64(t.shape, t.ints) : npy::fromInt32(t.shape, t.ints);
    } else if (t.dtype == ACL_FLOAT16) {
      a = npy::fromFloat16(t.shape, t.values);  // exact: the values came from fp16
    } else {
      a = npy::fromFloat32(t.shape, t.values);  // float32, and bfloat16 widened exactly
    }
    return npy::write((std::filesystem::path(dir) / (t.name + ".npy")).string(), a, error);
  };
  for (const HostTensor& t : result.inputs) {
    if (!save(t)) return false;
  }
  for (const HostTensor& t : result.outputs) {
    if (!save(t)) return false;
  }
  return true;
}

}  // namespace gradlab::cli
