#include "fuzz_contract.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "acl/acl.h"
#include "runtime/error.h"

namespace gradlab::fuzz {

void beginCall() { gradlab::rt::clearRecentError(); }

void violation(const char* api, const char* what) {
  std::fprintf(stderr, "gradlab fuzz: contract violation in %s: %s (aclGetRecentErrMsg() = \"%s\")\n", api, what,
               aclGetRecentErrMsg());
  std::abort();
}

void expectCode(const char* api, int64_t code, std::initializer_list<int64_t> allowed) {
  bool documented = false;
  for (int64_t a : allowed) documented |= a == code;
  if (!documented) {
    char what[96];
    std::snprintf(what, sizeof what, "returned %lld, which is not a documented code of this call",
                  static_cast<long long>(code));
    violation(api, what);
  }
  if (code != 0 && std::strlen(aclGetRecentErrMsg()) == 0) violation(api, "failed without a reason");
}

void expectObjectOrReason(const char* api, const void* object) {
  if (object == nullptr && std::strlen(aclGetRecentErrMsg()) == 0) violation(api, "returned NULL without a reason");
}

}  // namespace gradlab::fuzz
