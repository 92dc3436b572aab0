#include "gradlab/profile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <sstream>
#include <utility>

#include "ops/common/lower_case.h"
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

// "65536", "64k", "64KiB", "1m": a positive decimal count with an optional binary suffix.
bool parseSize(const std::string& text, uint64_t* out) {
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  size_t digits = 0;
  uint64_t v = 0;
  for (; digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])); ++digits) {
    uint64_t d = static_cast<uint64_t>(text[digits] - '0');
    if (v > (std::numeric_limits<uint64_t>::max() - d) / 10) return false;
    v = v * 10 + d;
  }
  std::string suffix = ops::lowerCase(text.substr(digits));
  uint64_t scale = 1;
  if (suffix == "k" || suffix == "kb" || suffix == "kib") scale = 1024;
  else if (suffix == "m" || suffix == "mb" || suffix == "mib") scale = 1024 * 1024;
  else if (!suffix.empty()) return false;
  if (v > std::numeric_limits<uint64_t>::max() / scale) return false;
  *out = v * scale;
  return true;
}

std::string knownNames() {
  std::string names;
  for (const DeviceProfile& b : builtinProfiles()) names += (names.empty() ? "" : ", ") + b.name;
  return names;
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

}  // namespace

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
  using rt::cat;
  auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
  if (p.vectorCores < 1 || p.vectorCores > kMaxCores) {
    return cat("device profile ", p.name, ": vectorCores = ", p.vectorCores, " is outside [1, ", kMaxCores, "]");
  }
  if (p.cubeCores < 0 || p.cubeCores > kMaxCores) {
    return cat("device profile ", p.name, ": cubeCores = ", p.cubeCores, " is outside [0, ", kMaxCores, "]");
  }
  if (p.ubBytes < kMinUbBytes || p.ubBytes > kMaxUbBytes) {
    return cat("device profile ", p.name, ": ubBytes = ", p.ubBytes, " is outside [", kMinUbBytes, ", ", kMaxUbBytes,
               "] (the operators' smallest tiles need ", kMinUbBytes, " bytes of unified buffer)");
  }
  // The cube's buffers must hold at least one fractal of each operand (16x16 fp32 values: 1 KiB).
  const std::pair<const char*, uint64_t> cubeBuffers[] = {
      {"l1Bytes", p.l1Bytes}, {"l0aBytes", p.l0aBytes}, {"l0bBytes", p.l0bBytes}, {"l0cBytes", p.l0cBytes}};
  for (const auto& [field, bytes] : cubeBuffers) {
    if (bytes < kMinUbBytes || bytes > kMaxUbBytes) {
      return cat("device profile ", p.name, ": ", field, " = ", bytes, " is outside [", kMinUbBytes, ", ", kMaxUbBytes, "]");
    }
  }
  if (!positive(p.cubeMacsPerNs)) return cat("device profile ", p.name, ": cubeMacsPerNs = ", p.cubeMacsPerNs, " is not a positive number");
  if (!positive(p.mte1BandwidthGBps)) return cat("device profile ", p.name, ": mte1BandwidthGBps = ", p.mte1BandwidthGBps, " is not a positive number");
  if (!positive(p.gmBandwidthGBps)) return cat("device profile ", p.name, ": gmBandwidthGBps = ", p.gmBandwidthGBps, " is not a positive number");
  if (!positive(p.mteBandwidthGBps)) return cat("device profile ", p.name, ": mteBandwidthGBps = ", p.mteBandwidthGBps, " is not a positive number");
  if (!positive(p.vectorElemsPerNs)) return cat("device profile ", p.name, ": vectorElemsPerNs = ", p.vectorElemsPerNs, " is not a positive number");
  if (!(std::isfinite(p.launchOverheadUs) && p.launchOverheadUs >= 0.0)) {
    return cat("device profile ", p.name, ": launchOverheadUs = ", p.launchOverheadUs, " is not a number >= 0");
  }
  if (!(std::isfinite(p.atomicAddCost) && p.atomicAddCost >= 1.0 && p.atomicAddCost <= 1000.0)) {
    return cat("device profile ", p.name, ": atomicAddCost = ", p.atomicAddCost, " is outside [1, 1000]");
  }
  return {};
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

bool parseProfileSpec(const std::string& rawSpec, DeviceProfile* out, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  const std::string spec = trim(rawSpec);
  if (spec.empty()) return fail("empty device profile spec (expected a name such as " + knownNames() + ")");

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
    if (!found) return fail("unknown device profile '" + head + "' (known: " + knownNames() + ")");
    rest = colon == std::string::npos ? "" : spec.substr(colon + 1);
  } else if (colon != std::string::npos) {
    return fail("bad device profile spec '" + spec + "' (expected name, name:key=value,... or key=value,...)");
  }

  bool customized = false, cubesGiven = false;
  std::stringstream items(rest);
  for (std::string item; std::getline(items, item, ',');) {
    item = trim(item);
    if (item.empty()) continue;
    size_t eq = item.find('=');
    if (eq == std::string::npos) return fail("bad item '" + item + "' (expected key=value with key cores, cubes or ub)");
    std::string key = ops::lowerCase(trim(item.substr(0, eq))), value = trim(item.substr(eq + 1));
    uint64_t v = 0;
    if (!parseSize(value, &v)) return fail("bad value in '" + item + "' (expected a positive number, e.g. 8 or 64k)");
    if (key == "cores" || key == "vector_cores") {
      if (v < 1 || v > kMaxCores) return fail("cores=" + value + " is out of range [1, " + std::to_string(kMaxCores) + "]");
      p.vectorCores = static_cast<int32_t>(v);
      if (!cubesGiven) p.cubeCores = static_cast<int32_t>((v + 1) / 2);
    } else if (key == "cubes" || key == "cube_cores") {
      if (v < 1 || v > kMaxCores) return fail("cubes=" + value + " is out of range [1, " + std::to_string(kMaxCores) + "]");
      p.cubeCores = static_cast<int32_t>(v);
      cubesGiven = true;
    } else if (key == "ub") {
      if (v < kMinUbBytes || v > kMaxUbBytes) return fail("ub=" + value + " is out of range [1k, 64M] bytes");
      p.ubBytes = v;
    } else {
      return fail("unknown key '" + key + "' in '" + item + "' (known: cores, cubes, ub)");
    }
    customized = true;
  }
  if (customized) {
    p.name += "-custom";
    std::string ub = p.ubBytes % 1024 == 0 ? std::to_string(p.ubBytes / 1024) + " KiB" : std::to_string(p.ubBytes) + " B";
    p.description = rt::prose("{0} ({1} cube and {2} vector cores, {3} UB)", rt::prosePattern(p.description.c_str()), p.cubeCores, p.vectorCores, ub);
  }
  *out = p;
  return true;
}

}  // namespace gradlab
