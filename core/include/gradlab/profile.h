// The emulated chip: how many cores, how much unified buffer (UB), how fast data moves.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

struct DeviceProfile {
  std::string name = "atlas-a2";
  std::string description = "Atlas A2 class training part (Ascend 910B style)";
  int32_t cubeCores = 24;
  int32_t vectorCores = 48;         // the backward ops here are vector work: tiles go to vector cores
  uint64_t ubBytes = 192 * 1024;    // unified buffer per vector core
  // The clock (docs/device-model.md gives the sources of each figure).
  double gmBandwidthGBps = 1600.0;  // whole-chip HBM bandwidth, shared by the copy engines at work
  double mteBandwidthGBps = 64.0;   // one copy engine's GM<->UB bandwidth (MTE2 in, MTE3 out)
  double vectorElemsPerNs = 115.0;  // fp32 elements one vector core handles per ns (256 B/cycle at 1.8 GHz)
  double launchOverheadUs = 3.0;    // fixed cost of a kernel launch
  double atomicAddCost = 2.0;       // an atomic add into GM takes this many times a plain copy-out of its bytes
};

// Limits every profile keeps (checked wherever a profile enters: parseProfileSpec, setActiveProfile, a
// RunRequest's or OpArgs' profile). Every operator's smallest tile fits in kMinUbBytes of UB.
inline constexpr int32_t kMaxCores = 1024;
inline constexpr uint64_t kMinUbBytes = 1024;
inline constexpr uint64_t kMaxUbBytes = uint64_t{64} << 20;

// "" when the operators can plan with `profile`; otherwise one sentence naming the field and its value.
std::string profileProblem(const DeviceProfile& profile);

// Built-in profiles, the first is the default.
const std::vector<DeviceProfile>& builtinProfiles();
// The profile direct aclnn calls plan with: the default, or GRADLAB_DEVICE (see profile.cpp), or setActiveProfile.
DeviceProfile activeProfile();
// 161002 with aclGetRecentErrMsg() naming the field when profileProblem() refuses it; the active profile
// then stays as it was.
aclnnStatus setActiveProfile(const DeviceProfile& profile);
// Parses "name", "name:cores=8,ub=65536" or "cores=8,ub=64k"; returns false and fills `error` on a bad spec.
bool parseProfileSpec(const std::string& spec, DeviceProfile* out, std::string* error);

}  // namespace gradlab
GRADLAB_API_END
