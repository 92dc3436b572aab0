#include "gradlab/profile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <sstream>
#include <string_view>
#include <utility>
#include <fmt/format.h>

#include "gradlab/printable.h"
#include "ops/common/lower_case.h"
#include "runtime/byte_count.h"
#include "runtime/error.h"
#include "runtime/prose.h"

namespace gradlab {
namespace {

std::mutex g_mutex;
bool g_resolved = false;
DeviceProfile g_active;

// GRADLAB_DEVICE is read once, the first time anybody asks for the active profile. A spec that does
// not parse is reported on stderr (once) and the default is used: a silent fallback would make a
// typo look like a profile that has no effect.
DeviceProfile profileFromEnvironment() {
  DeviceProfile p = builtinProfiles().front();
  const char* spec = std::getenv("GRADLAB_DEVICE");
  if (spec == nullptr || *spec == '\0') return p;
  DeviceProfile parsed;
  std::string error;
  if (parseProfileSpec(spec, &parsed, &error)) return parsed;
  std::fprintf(stderr, "gradlab: ignoring GRADLAB_DEVICE=\"%s\": %s; using the default profile %s\n", spec,
               error.c_str(), p.name.c_str());
  return p;
}

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

constexpr std::string_view kCustomSuffix = "-custom";

std::string knownNames() {
  std::string names;
  for (const DeviceProfile& b : builtinProfiles()) names += (names.empty() ? "" : ", ") + b.name;
  return names;
}

// The Ascend 950 (arch35): docs/device-model.md gives the source of every number, and says which are ours.
DeviceProfile ascend950() {
  DeviceProfile p;
  p.name = "ascend950";
  p.description = "Ascend 950 class part (arch35): vector cores that also run 2048 SIMT threads each";
  p.cubeCores = 32;
  p.vectorCores = 64;
  p.ubBytes = 256 * 1024;
  p.gmBandwidthGBps = 1600.0;
  p.simtThreads = 2048;
  p.simtWarp = 32;
  p.cacheLineBytes = 128;
  p.simtDataCacheBytes = 128 * 1024;
  p.workspaceBytes = 16u << 20;
  p.simtLanesPerNs = 57.6;  // one warp of 32 threads a cycle at about 1.8 GHz
  return p;
}

// The built-in profiles as written, descriptions in English.
const std::vector<DeviceProfile>& englishProfiles() {
  static const std::vector<DeviceProfile> profiles = [] {
    std::vector<DeviceProfile> v;
    v.push_back(DeviceProfile{});  // atlas-a2
    DeviceProfile a3;
    a3.name = "atlas-a3";
    a3.description = "Atlas A3 class part: same core layout as A2, faster memory";
    a3.gmBandwidthGBps = 3200.0;
    v.push_back(a3);
    v.push_back(ascend950());
    DeviceProfile small;
    small.name = "classroom";
    small.description = "A tiny teaching chip: 2 cube and 4 vector cores with small buffers, so tiling is visible";
    small.cubeCores = 2;
    small.vectorCores = 4;
    small.ubBytes = 16 * 1024;
    small.l1Bytes = 32 * 1024;
    small.l0aBytes = 4 * 1024;
    small.l0bBytes = 4 * 1024;
    small.l0cBytes = 8 * 1024;
    small.cubeMacsPerNs = 256.0;
    small.mte1BandwidthGBps = 32.0;
    small.gmBandwidthGBps = 100.0;
    small.mteBandwidthGBps = 25.0;
    small.vectorElemsPerNs = 8.0;
    v.push_back(small);
    return v;
  }();
  return profiles;
}

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kMinBuffer = static_cast<double>(kMinUbBytes), kMaxBuffer = static_cast<double>(kMaxUbBytes);

// Every buffer must hold the operators' smallest tile (and the cube's, one fractal of each operand: 1 KiB).
const ProfileLimit kLimits[] = {
    {"vectorCores", "cores", 1, kMaxCores, false, true, false, [](const DeviceProfile& p) { return double(p.vectorCores); }},
    {"cubeCores", "cubes", 0, kMaxCores, false, true, false, [](const DeviceProfile& p) { return double(p.cubeCores); }},
    {"ubBytes", "ub", kMinBuffer, kMaxBuffer, false, true, true, [](const DeviceProfile& p) { return double(p.ubBytes); }},
    {"l1Bytes", "", kMinBuffer, kMaxBuffer, false, true, true, [](const DeviceProfile& p) { return double(p.l1Bytes); }},
    {"l0aBytes", "", kMinBuffer, kMaxBuffer, false, true, true, [](const DeviceProfile& p) { return double(p.l0aBytes); }},
    {"l0bBytes", "", kMinBuffer, kMaxBuffer, false, true, true, [](const DeviceProfile& p) { return double(p.l0bBytes); }},
    {"l0cBytes", "", kMinBuffer, kMaxBuffer, false, true, true, [](const DeviceProfile& p) { return double(p.l0cBytes); }},
    {"cubeMacsPerNs", "", 0, kInfinity, true, false, false, [](const DeviceProfile& p) { return p.cubeMacsPerNs; }},
    {"mte1BandwidthGBps", "", 0, kInfinity, true, false, false, [](const DeviceProfile& p) { return p.mte1BandwidthGBps; }},
    {"gmBandwidthGBps", "", 0, kInfinity, true, false, false, [](const DeviceProfile& p) { return p.gmBandwidthGBps; }},
    {"mteBandwidthGBps", "", 0, kInfinity, true, false, false, [](const DeviceProfile& p) { return p.mteBandwidthGBps; }},
    {"vectorElemsPerNs", "", 0, kInfinity, true, false, false, [](const DeviceProfile& p) { return p.vectorElemsPerNs; }},
    {"launchOverheadUs", "", 0, kInfinity, false, false, false, [](const DeviceProfile& p) { return p.launchOverheadUs; }},
    {"atomicAddCost", "", 1, 1000, false, false, false, [](const DeviceProfile& p) { return p.atomicAddCost; }},
    {"simtThreads", "threads", 0, kMaxSimtThreads, false, true, false, [](const DeviceProfile& p) { return double(p.simtThreads); }},
    {"simtWarp", "", 1, 1024, false, true, false, [](const DeviceProfile& p) { return double(p.simtWarp); }},
};

// A limit's number as the messages write it: counts and sizes whole, others as cat writes them. (A size past
// 2^53 bytes, absurd for a buffer, is written as its nearest double.)
std::string limitNumber(const ProfileLimit& limit, double v) {
  if (!limit.integral || !std::isfinite(v)) return rt::cat(v);
  return fmt::format("{:.0f}", v);
}

}  // namespace

std::string specSizeText(uint64_t bytes) {
  if (bytes > 0 && bytes % (uint64_t{1} << 20) == 0) return std::to_string(bytes >> 20) + "m";
  if (bytes > 0 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + "k";
  return std::to_string(bytes);
}

namespace {

const ProfileLimit& limitOfSpecKey(const char* key) {
  for (const ProfileLimit& l : kLimits) {
    if (std::string(l.specKey) == key) return l;
  }
  return kLimits[0];
}

}  // namespace

bool ProfileLimit::legal(double v) const { return std::isfinite(v) && (aboveLow ? v > low : v >= low) && v <= high; }

std::span<const ProfileLimit> profileLimits() { return kLimits; }

const ProfileLimit* brokenProfileLimit(const DeviceProfile& profile) {
  for (const ProfileLimit& l : kLimits) {
    if (!l.legal(l.get(profile))) return &l;
  }
  return nullptr;
}

// Their descriptions are English; a program shows them in its reader's language where it shows them.
const std::vector<DeviceProfile>& builtinProfiles() { return englishProfiles(); }

DeviceProfile activeProfile() {
  std::lock_guard lock(g_mutex);
  if (!g_resolved) {
    g_active = profileFromEnvironment();
    g_resolved = true;
  }
  return g_active;
}

std::string profileProblem(const DeviceProfile& p) {
  const ProfileLimit* broken = brokenProfileLimit(p);
  if (broken == nullptr) return {};
  const ProfileLimit& l = *broken;
  std::string problem = rt::cat("device profile ", p.name, ": ", l.field, " = ", limitNumber(l, l.get(p)));
  if (l.aboveLow) return problem + " is not a positive number";
  if (l.high == kInfinity) return problem + " is not a number >= " + limitNumber(l, l.low);
  problem += rt::cat(" is outside [", limitNumber(l, l.low), ", ", limitNumber(l, l.high), "]");
  if (std::string_view(l.field) == "ubBytes") {
    problem += rt::cat(" (the operators' smallest tiles need ", kMinUbBytes, " bytes of unified buffer)");
  }
  return problem;
}

aclnnStatus setActiveProfile(const DeviceProfile& profile) {
  if (std::string problem = profileProblem(profile); !problem.empty()) {
    return rt::fail(ACLNN_ERR_PARAM_INVALID, "setActiveProfile: " + problem);
  }
  std::lock_guard lock(g_mutex);
  g_active = profile;
  g_resolved = true;
  return ACLNN_SUCCESS;
}

std::string builtinProfileName(const DeviceProfile& profile) {
  for (const DeviceProfile& builtin : builtinProfiles()) {
    if (profile.name == builtin.name + std::string(kCustomSuffix)) return builtin.name;
  }
  return profile.name;
}

bool parseProfileSpec(const std::string& rawSpec, DeviceProfile* out, std::string* error, ProfileSpecRefusal* refusal) {
  using Kind = ProfileSpecRefusal::Kind;
  ProfileSpecRefusal why;
  auto fail = [&](Kind kind, std::string text, const std::string& sentence) {
    why.kind = kind;
    why.text = std::move(text);
    if (error) *error = sentence;
    if (refusal) *refusal = std::move(why);
    return false;
  };
  const std::string spec = trim(rawSpec);
  if (spec.empty()) return fail(Kind::kEmpty, "", "empty device profile spec (expected a name such as " + knownNames() + ")");
  // A link's 60,000 characters, shown whole and wrapped again every frame, froze the app.
  if (spec.size() > kMaxProfileSpecChars) {
    const std::string start = printableLine(spec, 40);
    return fail(Kind::kBadShape, start,
                "device profile spec '" + start + "' is " + std::to_string(spec.size()) + " characters long; at most " +
                    std::to_string(kMaxProfileSpecChars) + " (expected a name such as " + knownNames() + ", then :key=value items)");
  }

  DeviceProfile p = builtinProfiles().front();
  std::string rest = spec;
  size_t colon = spec.find(':');
  std::string head = trim(colon == std::string::npos ? spec : spec.substr(0, colon));
  if (head.find('=') == std::string::npos) {
    bool found = false;
    for (const DeviceProfile& b : builtinProfiles()) {
      if (b.name == ops::lowerCase(head)) {
        p = b;
        found = true;
      }
    }
    if (!found) return fail(Kind::kUnknownProfile, head, "unknown device profile '" + printableLine(head, 60) + "' (known: " + knownNames() + ")");
    rest = colon == std::string::npos ? "" : spec.substr(colon + 1);
  } else if (colon != std::string::npos) {
    return fail(Kind::kBadShape, spec, "bad device profile spec '" + printableLine(spec, 60) + "' (expected name, name:key=value,... or key=value,...)");
  }

  bool customized = false, cubesGiven = false;
  std::stringstream items(rest);
  for (std::string item; std::getline(items, item, ',');) {
    item = trim(item);
    if (item.empty()) continue;
    size_t eq = item.find('=');
    if (eq == std::string::npos) {
      return fail(Kind::kBadItem, item, "bad item '" + printableLine(item, 60) + "' (expected key=value with key cores, cubes, ub or threads)");
    }
    std::string key = ops::lowerCase(trim(item.substr(0, eq))), value = trim(item.substr(eq + 1));
    uint64_t v = 0;
    if (!rt::parseByteCount(value, &v)) {
      return fail(Kind::kBadValue, item, "bad value in '" + printableLine(item, 60) + "' (expected a positive number, e.g. 8 or 64k)");
    }
    const char* shortKey = key == "cores" || key == "vector_cores" ? "cores"
                           : key == "cubes" || key == "cube_cores" ? "cubes"
                           : key == "ub"                           ? "ub"
                           : key == "threads" || key == "simt_threads" ? "threads"
                                                                   : nullptr;
    if (shortKey == nullptr) {
      why.key = key;
      return fail(Kind::kUnknownKey, item, "unknown key '" + printableLine(key, 60) + "' in '" + printableLine(item, 60) + "' (known: cores, cubes, ub, threads)");
    }
    const ProfileLimit& limit = limitOfSpecKey(shortKey);
    const int32_t count = static_cast<int32_t>(std::min<uint64_t>(v, uint64_t{1} << 30));
    if (limit.bytes) {
      p.ubBytes = v;
    } else if (std::string(shortKey) == "threads") {
      p.simtThreads = count;
    } else if (std::string(shortKey) == "cores") {
      p.vectorCores = count;
      if (!cubesGiven) p.cubeCores = (count + 1) / 2;
    } else {
      p.cubeCores = count;
      cubesGiven = true;
    }
    // A spec asks for at least one core of each kind; threads=0 takes SIMT away.
    const double low = std::string(shortKey) == "threads" ? 0.0 : std::max(limit.low, 1.0);
    if (static_cast<double>(v) < low || static_cast<double>(v) > limit.high) {
      why.key = shortKey;
      why.limit = &limit;
      why.low = low;
      why.high = limit.high;
      why.value = v;
      why.profile = p;
      const std::string range = limit.bytes ? "[" + specSizeText(static_cast<uint64_t>(low)) + ", " + specSizeText(static_cast<uint64_t>(limit.high)) + "] bytes"
                                            : "[" + limitNumber(limit, low) + ", " + limitNumber(limit, limit.high) + "]";
      return fail(Kind::kOutOfRange, std::string(shortKey) + "=" + value,
                  std::string(shortKey) + "=" + value + " is out of range " + range);
    }
    customized = true;
  }
  if (customized) {
    p.name += kCustomSuffix;
    std::string ub = p.ubBytes % 1024 == 0 ? std::to_string(p.ubBytes / 1024) + " KiB" : std::to_string(p.ubBytes) + " B";
    p.description = rt::prose("{0} ({1} cube and {2} vector cores, {3} UB)", rt::prosePattern(p.description.c_str()), p.cubeCores, p.vectorCores, ub);
  }
  *out = p;
  if (refusal) *refusal = ProfileSpecRefusal{};
  return true;
}

}  // namespace gradlab
