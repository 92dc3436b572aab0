#include "tracing_build/twin_library.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

namespace gradlab::bench {
namespace {

template <typename Fn>
void bind(void* handle, const char* symbol, Fn& fn) {
  fn = reinterpret_cast<Fn>(dlsym(handle, symbol));
  if (fn == nullptr) {
    std::fprintf(stderr, "gradlab bench: %s not found: %s\n", symbol, dlerror());
    std::exit(1);
  }
}

}  // namespace

TwinLibrary& TwinLibrary::load(const std::string& name, const std::string& path) {
  static std::map<std::string, std::unique_ptr<TwinLibrary>> loaded;  // never unloaded: threads live on
  auto& slot = loaded[name];
  if (slot) return *slot;
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    std::fprintf(stderr, "gradlab bench: cannot load %s: %s\n", path.c_str(), dlerror());
    std::exit(1);
  }
  auto lib = std::make_unique<TwinLibrary>();
  lib->name = name;
  bind(handle, "aclInit", lib->init);
  bind(handle, "aclrtSetDevice", lib->setDevice);
  bind(handle, "aclrtCreateStream", lib->createStream);
  bind(handle, "aclrtSynchronizeStream", lib->synchronizeStream);
  bind(handle, "aclrtMalloc", lib->malloc);
  bind(handle, "aclrtMemcpy", lib->memcpy);
  bind(handle, "aclrtCtxSetSysParamOpt", lib->setSysParamOpt);
  bind(handle, "aclGetRecentErrMsg", lib->recentErrMsg);
  bind(handle, "aclCreateTensor", lib->createTensor);
  bind(handle, "aclCreateIntArray", lib->createIntArray);
  bind(handle, "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize", lib->upsample2dBackwardGetWorkspaceSize);
  bind(handle, "aclnnUpsampleNearestExact2dBackward", lib->upsample2dBackward);
  bind(handle, "aclnnAdaptiveMaxPool2dGetWorkspaceSize", lib->adaptivePoolGetWorkspaceSize);
  bind(handle, "aclnnAdaptiveMaxPool2d", lib->adaptivePool);
  bind(handle, "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize", lib->adaptivePoolBackwardGetWorkspaceSize);
  bind(handle, "aclnnAdaptiveMaxPool2dBackward", lib->adaptivePoolBackward);
  lib->require(lib->init(nullptr), "aclInit");
  lib->require(lib->setDevice(0), "aclrtSetDevice");
  lib->require(lib->createStream(&lib->stream), "aclrtCreateStream");
  lib->require(lib->setSysParamOpt(ACL_OPT_DETERMINISTIC, 1), "aclrtCtxSetSysParamOpt");
  slot = std::move(lib);
  return *slot;
}

void TwinLibrary::require(int status, const char* what) const {
  if (status == 0) return;
  std::fprintf(stderr, "gradlab bench (%s): %s failed with %d: %s\n", name.c_str(), what, status, recentErrMsg());
  std::exit(1);
}

}  // namespace gradlab::bench
