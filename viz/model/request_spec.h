// What the user (or a lesson preset) asks to run: a RunRequest plus the device choice as the controls
// hold it (profile name, core count and UB size overrides). Also the text names used in lesson JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gradlab/runner.h"

namespace gradlab::viz {

// Sizes the app and lessons accept: enough for any classroom picture, small enough to trace and draw.
inline constexpr int64_t kMaxAxis = 1024;   // each spatial size
inline constexpr int64_t kMaxBatch = 64;    // N and C

struct RequestSpec {
  RequestSpec() { request.valueSource = ValueSource::kSmallIntegers; }  // the app's default inputs
  RunRequest request;               // request.profile is ignored: see device/cores/ubBytes
  std::string device = "classroom"; // a built-in profile name
  int32_t cores = 0;                // 0: the profile's vectorCores
  uint64_t ubBytes = 0;             // 0: the profile's ubBytes

  // The request with its profile resolved; false (and `error`) when the device spec does not parse.
  bool resolve(RunRequest* out, std::string* error) const;
  // The device as a profile spec: "classroom", "classroom:cores=2,ub=4096".
  std::string deviceSpec() const;
  DeviceProfile profile() const;    // the resolved profile, or the default one if it does not resolve
  friend bool operator==(const RequestSpec& a, const RequestSpec& b);
};

// Drops explicit values or indices that no longer fit the request's tensors (a preset whose shape or
// operator was changed in the app), so the value source fills them instead; one sentence per drop.
std::vector<std::string> dropMisfitInputs(RunRequest* request);


}  // namespace gradlab::viz
