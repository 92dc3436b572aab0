// The emulated chip: how many cores, how much unified buffer (UB), how fast data moves.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

struct DeviceProfile {
  std::string name = "atlas-a2";
  std::string description = "Atlas A2 class training part (Ascend 910B style)";
  // Each AI core is one cube core (AIC, matrix products) and two vector cores (AIV, everything else).
  int32_t cubeCores = 24;
  int32_t vectorCores = 48;
  uint64_t ubBytes = 192 * 1024;    // unified buffer per vector core
  // A cube core's buffers: L1 (staged from GM by MTE2), L0A and L0B (the left and right operands, loaded
  // from L1 by MTE1) and L0C (the fp32 accumulator the cube adds into; FixPipe copies it out).
  uint64_t l1Bytes = 512 * 1024;
  uint64_t l0aBytes = 64 * 1024;
  uint64_t l0bBytes = 64 * 1024;
  uint64_t l0cBytes = 128 * 1024;
  // The clock (docs/device-model.md gives the sources of each figure).
  double gmBandwidthGBps = 1600.0;  // whole-chip HBM bandwidth, shared by the copy engines at work
  double mteBandwidthGBps = 64.0;   // one copy engine's GM<->UB bandwidth (MTE2 in, MTE3 out)
  double vectorElemsPerNs = 115.0;  // fp32 elements one vector core handles per ns (256 B/cycle at 1.8 GHz)
  double launchOverheadUs = 3.0;    // fixed cost of a kernel launch
  double atomicAddCost = 2.0;       // an atomic add into GM takes this many times a plain copy-out of its bytes
  // The cube: one 16x16x16 fractal product of FLOAT16/BF16 operands per cycle at 1.8 GHz; FLOAT operands
  // (16x8x16 fractals, one every other cycle) at a quarter of that rate. MTE1 moves L1 -> L0A/L0B on chip.
  double cubeMacsPerNs = 7372.8;    // FLOAT16/BF16 multiply-adds per ns of one cube core (4096 per cycle)
  double mte1BandwidthGBps = 460.8; // L1 -> L0 bytes per ns of one cube core (256 B per cycle)
  // SIMT (the Ascend 950's vector cores also run threads, each with its own registers and scalar loads from
  // GM through a data cache). 0 threads: the chip has no SIMT, and the SIMT strategies cannot run on it.
  int32_t simtThreads = 0;          // threads one vector core runs at once (CANN's kernels launch up to this many)
  int32_t simtWarp = 32;            // threads that issue together (a warp)
  uint64_t cacheLineBytes = 128;    // the GM cache line SIMT tilings align to
  uint64_t simtDataCacheBytes = 0;  // the part of the UB a SIMT kernel gives to its data cache
  uint64_t workspaceBytes = 0;      // the system workspace CANN's tilings ask for on this chip (0: none)
  double simtLanesPerNs = 0.0;      // thread-instructions one vector core issues per ns (a warp a cycle)
  bool hasSimt() const { return simtThreads > 0; }
};

// Limits every profile keeps (checked wherever a profile enters: parseProfileSpec, setActiveProfile, a
// RunRequest's or OpArgs' profile). Every operator's smallest tile fits in kMinUbBytes of UB.
inline constexpr int32_t kMaxCores = 1024;
inline constexpr uint64_t kMinUbBytes = 1024;
inline constexpr uint64_t kMaxUbBytes = uint64_t{64} << 20;
// The cube's fractal: M and N are cut in 16s, K in 16s (FLOAT16/BF16) or 8s (FLOAT).
inline constexpr int64_t kCubeFractal = 16;
// A vector core's SIMT threads: at most this many (CANN's kernels ask for 2048 with 32-bit indices).
inline constexpr int32_t kMaxSimtThreads = 65536;

// One number of a DeviceProfile and the range every profile keeps it in. profileLimits() is the one table
// of them: profileProblem, parseProfileSpec and the refusal explanations (gradlab/refusal.h) all read it.
struct ProfileLimit {
  const char* field;     // "ubBytes"
  const char* specKey;   // what a device spec calls it ("ub"), or "" when a spec cannot set it
  double low, high;      // legal: low <= value <= high (high infinite: no upper end)
  bool aboveLow;         // legal: value > low instead (rates)
  bool integral;         // a count or a size: written without a point
  bool bytes;            // a size in bytes
  double (*get)(const DeviceProfile&);
  bool legal(double value) const;
};
// In the order profileProblem checks them: vectorCores, cubeCores, ubBytes, the cube's buffers, the rates,
// launchOverheadUs, atomicAddCost, simtThreads, simtWarp.
std::span<const ProfileLimit> profileLimits();
// A size in bytes as a device spec writes it: "64m", "16k", or the plain count when it is no whole KiB.
std::string specSizeText(uint64_t bytes);
// The first limit `profile` breaks, in that order; nullptr when it keeps them all.
const ProfileLimit* brokenProfileLimit(const DeviceProfile& profile);

// "" when the operators can plan with `profile`; otherwise one sentence naming the field and its value.
std::string profileProblem(const DeviceProfile& profile);

// A spec is a name and a few items: a longer one is refused before any of it is echoed.
inline constexpr size_t kMaxProfileSpecChars = 512;

// Built-in profiles, the first is the default.
const std::vector<DeviceProfile>& builtinProfiles();
// The profile direct aclnn calls plan with: the default, or GRADLAB_DEVICE (see profile.cpp), or setActiveProfile.
DeviceProfile activeProfile();
// The built-in profile `profile` was made from: its own name, or the one a spec's overrides were made on
// (parseProfileSpec names "atlas-a2:cores=8" "atlas-a2-custom").
std::string builtinProfileName(const DeviceProfile& profile);
// 161002 with aclGetRecentErrMsg() naming the field when profileProblem() refuses it; the active profile
// then stays as it was.
aclnnStatus setActiveProfile(const DeviceProfile& profile);
// Parses "name", "name:cores=8,ub=65536" or "cores=8,ub=64k"; returns false and fills `error` on a bad spec.
// cores=N sets N vector cores and (N + 1) / 2 cube cores (one cube core per two vector cores, as on the
// chip); cubes=M sets the cube cores alone; threads=T a vector core's SIMT threads (0: no SIMT).
// `refusal`, when given, receives what was refused as facts (the error sentence is written from them).
struct ProfileSpecRefusal {
  enum class Kind : uint8_t {
    kNone,            // the spec parsed
    kEmpty,           // nothing but spaces
    kUnknownProfile,  // text: the name given
    kBadShape,        // text: the spec ("a=1:b", a colon after items)
    kBadItem,         // text: an item without '='
    kBadValue,        // text: the item whose value is not a size
    kUnknownKey,      // text: the item, key: its key
    kOutOfRange,      // text: the item ("cores=0"), key: its short key, limit/low/high/value: the range broken
  };
  Kind kind = Kind::kNone;
  std::string text, key;
  const ProfileLimit* limit = nullptr;
  double low = 0.0, high = 0.0;  // the range a spec keeps: the limit's, but at least one cube core
  uint64_t value = 0;
  DeviceProfile profile;         // kOutOfRange: the spec's profile up to that item, the value given in place
};
bool parseProfileSpec(const std::string& spec, DeviceProfile* out, std::string* error,
                      ProfileSpecRefusal* refusal = nullptr);

}  // namespace gradlab
GRADLAB_API_END
