// What every public call may return: the codes the headers define for it, and a reason in
// aclGetRecentErrMsg() whenever it fails. A violation aborts the process with the call and the code,
// which libFuzzer (or the replay driver under the sanitizers) reports as a crash.
#pragma once

#include <cstdint>
#include <initializer_list>

namespace gradlab::fuzz {

// Clears the recent error message, so a stale one cannot pass for the reason of the next failure.
void beginCall();
// Aborts unless `code` is one of `allowed` and, when it is not 0, the recent message is non-empty.
void expectCode(const char* api, int64_t code, std::initializer_list<int64_t> allowed);
// For the constructors that report failure with nullptr: a null result needs a reason.
void expectObjectOrReason(const char* api, const void* object);
// Aborts with `what` (a broken invariant that is not about one return code).
[[noreturn]] void violation(const char* api, const char* what);

// The codes of acl_base.h / acl_meta.h the runtime and the operators use.
namespace codes {
constexpr int64_t kSuccess = 0;
constexpr int64_t kInvalidParam = 100000;
constexpr int64_t kUninitialized = 100001;
constexpr int64_t kRepeatInitialize = 100002;
constexpr int64_t kRepeatFinalize = 100037;
constexpr int64_t kInvalidDevice = 200002;
constexpr int64_t kInvalidHandle = 200005;
constexpr int64_t kInvalidDeviceId = 107001;
constexpr int64_t kContextNull = 107002;
constexpr int64_t kMemoryAllocation = 207001;
constexpr int64_t kRtInternal = 507000;
constexpr int64_t kAicoreException = 507015;
constexpr int64_t kNullptr = 161001;
constexpr int64_t kParamInvalid = 161002;
constexpr int64_t kInner = 561000;
}  // namespace codes

}  // namespace gradlab::fuzz
