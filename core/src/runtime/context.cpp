#include "runtime/context.h"

#include <array>
#include <map>
#include <mutex>
#include <vector>

#include "runtime/error.h"
#include "runtime/executor_registry.h"
#include "runtime/memory.h"

namespace gradlab::rt {
namespace {

struct DeviceState {
  int32_t refs = 0;
  bool deterministic = false;
  std::shared_ptr<Stream> defaultStream;
};

struct Runtime {
  // Held by aclInit, aclFinalize and a device's last aclrtResetDevice for their whole run, so a teardown
  // finishes before the next aclInit (whose new memory it would otherwise release).
  std::mutex lifecycle;
  std::mutex mutex;
  bool initialized = false;
  std::array<DeviceState, kDeviceCount> devices;
  std::map<void*, std::shared_ptr<Stream>> streams;  // user streams by handle
  int32_t lastDevice = -1;
};

Runtime& runtime() {
  static Runtime* r = new Runtime();
  return *r;
}

thread_local int32_t t_device = -1;

// Takes the streams of `device` (all devices when < 0) out of the runtime; the caller holds r.mutex and
// destroys them after releasing it (each Stream finishes its queued work before it goes).
std::vector<std::shared_ptr<Stream>> takeStreams(Runtime& r, int32_t device) {
  std::vector<std::shared_ptr<Stream>> doomed;
  for (auto it = r.streams.begin(); it != r.streams.end();) {
    if (device < 0 || it->second->device() == device) {
      doomed.push_back(std::move(it->second));
      it = r.streams.erase(it);
    } else {
      ++it;
    }
  }
  for (int32_t d = 0; d < kDeviceCount; ++d) {
    if (device < 0 || d == device) {
      if (r.devices[d].defaultStream) doomed.push_back(std::move(r.devices[d].defaultStream));
    }
  }
  return doomed;
}

// A device work may be queued on: the runtime is initialized and the device holds a reference. The
// teardowns end both before they take the streams, so no stream is made for a device being torn down.
bool deviceOpen(const Runtime& r, int32_t device) {
  return r.initialized && device >= 0 && device < kDeviceCount && r.devices[device].refs > 0;
}

}  // namespace

bool isInitialized() {
  Runtime& r = runtime();
  std::lock_guard lock(r.mutex);
  return r.initialized;
}

aclError requireInit(const char* api) {
  if (!isInitialized()) return fail(ACL_ERROR_UNINITIALIZE, cat(api, ": aclInit has not been called"));
  return ACL_SUCCESS;
}

int32_t currentDevice() {
  Runtime& r = runtime();
  std::lock_guard lock(r.mutex);
  // The device this thread set ends when any thread resets it for the last time or calls aclFinalize.
  if (t_device >= 0 && r.devices[t_device].refs > 0) return t_device;
  return r.lastDevice;
}

aclError requireDevice(const char* api, int32_t* device) {
  if (aclError e = requireInit(api)) return e;
  *device = currentDevice();
  if (*device < 0) return fail(ACL_ERROR_RT_CONTEXT_NULL, cat(api, ": no device is set; call aclrtSetDevice first"));
  return ACL_SUCCESS;
}

bool deterministic(int32_t device) {
  if (device < 0 || device >= kDeviceCount) return false;
  Runtime& r = runtime();
  std::lock_guard lock(r.mutex);
  return r.devices[device].deterministic;
}

std::shared_ptr<Stream> resolveStream(void* handle, const char* api, aclError* code) {
  Runtime& r = runtime();
  if (code != nullptr) *code = ACL_ERROR_INVALID_RESOURCE_HANDLE;
  if (handle == nullptr) {
    int32_t device = -1;
    if (aclError e = requireDevice(api, &device)) {
      if (code != nullptr) *code = e;
      return nullptr;
    }
    std::lock_guard lock(r.mutex);
    if (!deviceOpen(r, device)) {  // torn down since requireDevice looked
      if (code != nullptr) *code = ACL_ERROR_RT_CONTEXT_NULL;
      setRecentError(cat(api, ": device ", device, " was reset or the runtime finalized meanwhile; call aclrtSetDevice"));
      return nullptr;
    }
    auto& s = r.devices[device].defaultStream;
    if (!s) {
      std::string reason;
      s = Stream::start(device, &reason);
      if (!s) {
        if (code != nullptr) *code = ACL_ERROR_RT_NO_STREAM_RESOURCE;
        setRecentError(cat(api, ": cannot start the default stream of device ", device, ": ", reason));
      }
    }
    return s;
  }
  std::lock_guard lock(r.mutex);
  auto it = r.streams.find(handle);
  if (it == r.streams.end()) {
    setRecentError(cat(api, ": stream ", formatPointer(handle),
                       " is unknown or was destroyed (create one with aclrtCreateStream)"));
    return nullptr;
  }
  return it->second;
}

aclError init() {
  Runtime& r = runtime();
  std::lock_guard teardown(r.lifecycle);
  std::lock_guard lock(r.mutex);
  if (r.initialized) return fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit: the runtime is already initialized");
  r.initialized = true;
  return ACL_SUCCESS;
}

aclError finalize() {
  Runtime& r = runtime();
  std::lock_guard teardown(r.lifecycle);
  std::vector<std::shared_ptr<Stream>> streams;
  {
    // From here on every call is refused (100001) and no stream can be made; work queued before drains
    // below, and a launch racing this finishes on the memory it pinned.
    std::lock_guard lock(r.mutex);
    if (!r.initialized) return fail(ACL_ERROR_REPEAT_FINALIZE, "aclFinalize: the runtime is not initialized");
    r.initialized = false;
    streams = takeStreams(r, -1);
    r.devices = {};
    r.lastDevice = -1;
  }
  streams.clear();
  auto [count, bytes] = DeviceMemory::instance().releaseAll(-1);
  size_t executors = ExecutorRegistry::instance().releaseAll();
  t_device = -1;
  if (count > 0 || executors > 0) {
    // Success, but say what was cleaned up on the user's behalf.
    clearRecentError();
    setRecentError(cat("aclFinalize: released ", count, " device allocation(s) (", bytes, " bytes) and ", executors,
                       " executor(s) that were never freed or launched"));
  }
  return ACL_SUCCESS;
}

namespace {

// The checks every device call starts with: an initialised runtime and a device id in range.
aclError checkDeviceCall(const char* api, int32_t device) {
  if (aclError e = requireInit(api)) return e;
  if (device < 0 || device >= kDeviceCount) {
    return fail(ACL_ERROR_RT_INVALID_DEVICEID, cat(api, ": deviceId ", device, " is out of range [0, ", kDeviceCount, ")"));
  }
  return ACL_SUCCESS;
}

}  // namespace

aclError setDevice(int32_t device) {
  if (aclError e = checkDeviceCall("aclrtSetDevice", device)) return e;
  Runtime& r = runtime();
  std::lock_guard lock(r.mutex);
  ++r.devices[device].refs;
  r.lastDevice = device;
  t_device = device;
  return ACL_SUCCESS;
}

aclError resetDevice(int32_t device) {
  if (aclError e = checkDeviceCall("aclrtResetDevice", device)) return e;
  Runtime& r = runtime();
  std::lock_guard teardown(r.lifecycle);
  std::vector<std::shared_ptr<Stream>> streams;
  {
    std::lock_guard lock(r.mutex);
    if (!r.initialized) return fail(ACL_ERROR_UNINITIALIZE, "aclrtResetDevice: aclInit has not been called");
    if (r.devices[device].refs == 0) {
      return fail(ACL_ERROR_INVALID_DEVICE, cat("aclrtResetDevice: device ", device, " was not set"));
    }
    if (--r.devices[device].refs > 0) return ACL_SUCCESS;
    // The last reference: like the real runtime, the device's streams finish their work and go, its
    // memory is released and its options return to their defaults. No stream can be made for it from here.
    streams = takeStreams(r, device);
    r.devices[device].deterministic = false;
    if (r.lastDevice == device) r.lastDevice = -1;
  }
  streams.clear();
  DeviceMemory::instance().releaseAll(device);
  if (t_device == device) t_device = -1;
  return ACL_SUCCESS;
}

aclError createStream(void** handle) {
  if (handle == nullptr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: stream is a null pointer");
  int32_t device = -1;
  if (aclError e = requireDevice("aclrtCreateStream", &device)) return e;
  std::string reason;
  std::shared_ptr<Stream> stream = Stream::start(device, &reason);
  if (!stream) {
    return fail(ACL_ERROR_RT_NO_STREAM_RESOURCE, cat("aclrtCreateStream: cannot start a stream on device ", device,
                                                     ": ", reason, " (destroy streams no longer used)"));
  }
  Runtime& r = runtime();
  std::unique_lock lock(r.mutex);
  if (!deviceOpen(r, device)) {  // torn down while the stream started
    lock.unlock();
    stream.reset();
    return fail(ACL_ERROR_RT_CONTEXT_NULL, cat("aclrtCreateStream: device ", device,
                                               " was reset or the runtime finalized meanwhile; call aclrtSetDevice"));
  }
  *handle = stream.get();
  r.streams.emplace(stream.get(), std::move(stream));
  return ACL_SUCCESS;
}

aclError destroyStream(void* handle) {
  if (aclError e = requireInit("aclrtDestroyStream")) return e;
  if (handle == nullptr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream: stream is a null pointer");
  std::shared_ptr<Stream> doomed;
  {
    Runtime& r = runtime();
    std::lock_guard lock(r.mutex);
    auto it = r.streams.find(handle);
    if (it == r.streams.end()) {
      return fail(ACL_ERROR_INVALID_RESOURCE_HANDLE,
                  cat("aclrtDestroyStream: stream ", formatPointer(handle), " is unknown or already destroyed"));
    }
    doomed = std::move(it->second);
    r.streams.erase(it);
  }
  doomed.reset();  // queued work completes first; its errors are dropped with the stream
  return ACL_SUCCESS;
}

aclError setDeterministic(int64_t value) {
  int32_t device = -1;
  if (aclError e = requireDevice("aclrtCtxSetSysParamOpt", &device)) return e;
  if (value != 0 && value != 1) {
    return fail(ACL_ERROR_INVALID_PARAM,
                cat("aclrtCtxSetSysParamOpt: ACL_OPT_DETERMINISTIC takes 0 or 1, got ", value));
  }
  Runtime& r = runtime();
  std::lock_guard lock(r.mutex);
  r.devices[device].deterministic = value == 1;
  return ACL_SUCCESS;
}

aclError getDeterministic(int64_t* value) {
  if (value == nullptr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtCtxGetSysParamOpt: value is a null pointer");
  int32_t device = -1;
  if (aclError e = requireDevice("aclrtCtxGetSysParamOpt", &device)) return e;
  *value = deterministic(device) ? 1 : 0;
  return ACL_SUCCESS;
}

}  // namespace gradlab::rt
