// A device profile from a GRADLAB_DEVICE / --device style spec, failing the current test when it does not
// parse.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "gradlab/profile.h"

namespace gradlab::testing {

inline DeviceProfile profileOf(const char* spec) {
  DeviceProfile p;
  std::string error;
  EXPECT_TRUE(parseProfileSpec(spec, &p, &error)) << spec << ": " << error;
  return p;
}

// The classroom profile with 8 vector cores: enough cores to share rows between them.
inline DeviceProfile eightCores() { return profileOf("classroom:cores=8"); }

}  // namespace gradlab::testing
