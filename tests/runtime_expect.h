// Assertions for the runtime's error contract: a failing call returns an exact code and leaves one
// sentence in aclGetRecentErrMsg() that names the argument and the values.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>

#include "acl/acl.h"
#include "runtime/error.h"

namespace gradlab::testing {

// The recent message must contain every one of `parts`.
inline ::testing::AssertionResult messageHas(std::initializer_list<std::string_view> parts) {
  std::string message = aclGetRecentErrMsg();
  for (std::string_view part : parts) {
    if (message.find(part) == std::string::npos) {
      return ::testing::AssertionFailure() << "aclGetRecentErrMsg() = \"" << message << "\" lacks \"" << part << "\"";
    }
  }
  return ::testing::AssertionSuccess();
}

inline ::testing::AssertionResult failsWith(long long got, long long want, std::initializer_list<std::string_view> parts) {
  if (got != want) {
    return ::testing::AssertionFailure() << "returned " << got << ", expected " << want << " (aclGetRecentErrMsg() = \""
                                         << aclGetRecentErrMsg() << "\")";
  }
  return messageHas(parts);
}

// The runtime prints pointers with %p; messages are matched against the same spelling.
inline std::string ptr(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

}  // namespace gradlab::testing

// The recent message is cleared first so a stale sentence from an earlier call cannot satisfy the check.
#define EXPECT_FAILS(call, code, ...)                                                     \
  do {                                                                                    \
    ::gradlab::rt::clearRecentError();                                                    \
    EXPECT_TRUE(::gradlab::testing::failsWith((call), (code), {__VA_ARGS__})) << #call; \
  } while (0)

// For the constructors that report failure by returning nullptr (aclCreateTensor, aclCreateIntArray).
#define EXPECT_NULL_WITH(call, ...)                                             \
  do {                                                                          \
    ::gradlab::rt::clearRecentError();                                          \
    EXPECT_EQ((call), nullptr) << #call;                                        \
    EXPECT_TRUE(::gradlab::testing::messageHas({__VA_ARGS__})) << #call;        \
  } while (0)
