#include "gradlab/profile.h"

#include <cstdlib>
#include <mutex>
#include <sstream>

namespace gradlab {
namespace {

std::mutex g_mutex;
bool g_overridden = false;
DeviceProfile g_active;

DeviceProfile profileFromEnvironment() {
  DeviceProfile p = builtinProfiles().front();
  if (const char* spec = std::getenv("GRADLAB_DEVICE")) {
    DeviceProfile parsed;
    std::string error;
    if (parseProfileSpec(spec, &parsed, &error)) p = parsed;
  }
  return p;
}

bool parseSize(const std::string& text, uint64_t* out) {
  if (text.empty()) return false;
  char* end = nullptr;
  unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  std::string suffix(end);
  if (suffix == "k" || suffix == "K" || suffix == "KiB") v *= 1024;
  else if (suffix == "m" || suffix == "M" || suffix == "MiB") v *= 1024 * 1024;
  else if (!suffix.empty()) return false;
  *out = v;
  return true;
}

}  // namespace

const std::vector<DeviceProfile>& builtinProfiles() {
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
    small.description = "A tiny teaching chip: 4 vector cores with 16 KiB of UB, so tiling is visible";
    small.cubeCores = 2;
    small.vectorCores = 4;
    small.ubBytes = 16 * 1024;
    small.gmBandwidthGBps = 100.0;
    small.mteBandwidthGBps = 25.0;
    small.vectorElemsPerNs = 8.0;
    v.push_back(small);
    return v;
  }();
  return profiles;
}

DeviceProfile activeProfile() {
  std::lock_guard lock(g_mutex);
  if (!g_overridden) {
    g_active = profileFromEnvironment();
    g_overridden = true;
  }
  return g_active;
}

void setActiveProfile(const DeviceProfile& profile) {
  std::lock_guard lock(g_mutex);
  g_active = profile;
  g_overridden = true;
}

bool parseProfileSpec(const std::string& spec, DeviceProfile* out, std::string* error) {
  DeviceProfile p = builtinProfiles().front();
  std::string rest = spec;
  size_t colon = spec.find(':');
  std::string head = colon == std::string::npos ? spec : spec.substr(0, colon);
  if (head.find('=') == std::string::npos) {
    bool found = false;
    for (const DeviceProfile& b : builtinProfiles()) {
      if (b.name == head) {
        p = b;
        found = true;
      }
    }
    if (!found) {
      std::string names;
      for (const DeviceProfile& b : builtinProfiles()) names += (names.empty() ? "" : ", ") + b.name;
      if (error) *error = "unknown device profile '" + head + "' (known: " + names + ")";
      return false;
    }
    rest = colon == std::string::npos ? "" : spec.substr(colon + 1);
  }
  std::stringstream items(rest);
  for (std::string item; std::getline(items, item, ',');) {
    if (item.empty()) continue;
    size_t eq = item.find('=');
    std::string key = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
    uint64_t v = 0;
    if (!parseSize(value, &v)) {
      if (error) *error = "bad value in '" + item + "' (expected key=number)";
      return false;
    }
    if (key == "cores" || key == "vector_cores") {
      if (v < 1 || v > 1024) {
        if (error) *error = "cores=" + value + " is out of range [1, 1024]";
        return false;
      }
      p.vectorCores = static_cast<int32_t>(v);
    } else if (key == "ub") {
      if (v < 1024 || v > (64u << 20)) {
        if (error) *error = "ub=" + value + " is out of range [1k, 64M] bytes";
        return false;
      }
      p.ubBytes = v;
    } else {
      if (error) *error = "unknown key '" + key + "' (known: cores, ub)";
      return false;
    }
  }
  if (colon != std::string::npos || head.find('=') != std::string::npos) p.name += "-custom";
  *out = p;
  return true;
}

}  // namespace gradlab
