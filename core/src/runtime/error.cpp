#include "runtime/error.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "acl/acl_base.h"

namespace gradlab::rt {
namespace {

thread_local std::string t_recent;

bool loggingEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("GRADLAB_LOG");
    return !(v && (std::strcmp(v, "off") == 0 || std::strcmp(v, "0") == 0 || std::strcmp(v, "quiet") == 0));
  }();
  return enabled;
}

}  // namespace

void setRecentError(std::string message) {
  t_recent = std::move(message);
  if (loggingEnabled()) std::fprintf(stderr, "[gradlab ERROR] %s\n", t_recent.c_str());
}

const char* recentError() { return t_recent.c_str(); }
void clearRecentError() { t_recent.clear(); }

std::string formatDims(const int64_t* dims, uint64_t count) {
  std::string s = "[";
  for (uint64_t i = 0; i < count; ++i) {
    if (i) s += ", ";
    s += std::to_string(dims[i]);
  }
  return s + "]";
}

std::string formatPointer(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

}  // namespace gradlab::rt

extern "C" const char* aclGetRecentErrMsg(void) { return gradlab::rt::recentError(); }
