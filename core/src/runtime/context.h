// Process-wide runtime state: aclInit, devices and their options, the streams that exist.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "acl/acl_base.h"
#include "runtime/stream.h"

namespace gradlab::rt {

constexpr int32_t kDeviceCount = 8;

// Fails with ACL_ERROR_UNINITIALIZE (and a message naming `api`) before aclInit.
aclError requireInit(const char* api);
bool isInitialized();

// The device of the calling thread: the one it set, else the last one any thread set, else -1.
int32_t currentDevice();
// Fails with ACL_ERROR_RT_CONTEXT_NULL when no device has been set.
aclError requireDevice(const char* api, int32_t* device);

bool deterministic(int32_t device);

// Resolves a user stream handle (nullptr = the current device's default stream, started on first use).
// Returns nullptr and sets the recent error when the handle is unknown or destroyed, when no device is
// set, or when the default stream's thread cannot start; `code` (when given) then says which
// (ACL_ERROR_INVALID_RESOURCE_HANDLE, the device's code, or ACL_ERROR_RT_NO_STREAM_RESOURCE).
std::shared_ptr<Stream> resolveStream(void* handle, const char* api, aclError* code = nullptr);

// Entry points used by the C API (acl_runtime_api.cpp).
aclError init();
aclError finalize();
aclError setDevice(int32_t device);
aclError resetDevice(int32_t device);
aclError createStream(void** handle);
aclError destroyStream(void* handle);
aclError setDeterministic(int64_t value);
aclError getDeterministic(int64_t* value);

}  // namespace gradlab::rt
