// The cgroup whose memory limit binds this process: its own directory and every parent, found under the
// mount even where the mount shows only a container's subtree (/proc/self/cgroup says
// "/process_api/ID/job", the mount holds "job"). The budget used to read only the mount's top directory,
// so a process in a 1 GiB child cgroup saw no limit and was OOM-killed instead of refused.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "runtime/host_memory.h"

namespace gradlab::rt {
namespace {

std::vector<std::string> chain(const std::string& path, const std::set<std::string>& dirs) {
  return cgroupChain("/m", path, [&dirs](const std::string& d) { return dirs.count(d) > 0; });
}

TEST(RuntimeHostMemory, TheProcessesOwnCgroupAndItsParents) {
  EXPECT_EQ(chain("/a/b", {"/m", "/m/a", "/m/a/b"}), (std::vector<std::string>{"/m/a/b", "/m/a", "/m"}));
}

TEST(RuntimeHostMemory, AContainersMountShowsOnlyItsSubtree) {
  EXPECT_EQ(chain("/process_api/b385/job", {"/m", "/m/job"}), (std::vector<std::string>{"/m/job", "/m"}));
  EXPECT_EQ(chain("/process_api/b385", {"/m", "/m/job"}), (std::vector<std::string>{"/m"}));
}

TEST(RuntimeHostMemory, TheRootAndNoMount) {
  EXPECT_EQ(chain("/", {"/m"}), (std::vector<std::string>{"/m"}));
  EXPECT_EQ(chain("", {"/m"}), (std::vector<std::string>{"/m"}));
  EXPECT_TRUE(chain("/a", {}).empty());
}

TEST(RuntimeHostMemory, AvailableMemoryIsPositiveWithASource) {
  const HostMemory host = hostMemoryAvailable();
  EXPECT_GT(host.availableBytes, 0u);
  EXPECT_FALSE(host.source.empty());
}

}  // namespace
}  // namespace gradlab::rt
