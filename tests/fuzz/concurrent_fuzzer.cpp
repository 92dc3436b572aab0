// libFuzzer target for concurrent programs: two threads share one runtime, its devices and a table of
// device blocks, and race launches of a small operator call (over tensors in those blocks), copies and
// memsets against frees, reallocations, device resets, aclFinalize / aclInit and stream teardown.
// Input: byte 0 splits the rest into thread A's and thread B's byte streams; each stream is a program of
// up to kMaxSteps steps (a step byte, then its argument bytes; past the end every read is 0). Before the
// threads start, bytes of A's stream pick the operator, its dtype and sizes.
// The contract (fuzz_contract.h): every call returns a code its header documents (plus 100001 / 107002,
// which the other thread's aclFinalize or reset can cause at any moment) and a failure leaves a reason; nothing
// crashes, hangs or touches freed memory (AddressSanitizer; the tsan build replays the corpus too).
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "byte_reader.h"
#include "fuzz_contract.h"
#include "fuzz_program.h"
#include "fuzz_steps.h"
#include "gradlab/ops.h"

namespace gradlab::fuzz {
namespace {

using namespace codes;

constexpr int kRacerSteps = 24;  // per thread
constexpr size_t kSlots = 6;  // blocks 0 .. roleCount - 1 hold the call's tensors; the rest are spare
constexpr size_t kHostBytes = size_t{64} << 10;

// What both threads share: the blocks (any thread may free or replace one at any time), the call's
// tensors over the first blocks, and every pointer ever allocated (freed at the end, whatever happened).
struct Shared {
  std::array<std::atomic<void*>, kSlots> slots{};
  std::array<size_t, kSlots> bytes{};
  const OpInfo* op = nullptr;
  std::vector<aclTensor*> tensors;
  aclIntArray* outputSize = nullptr;
  aclIntArray* inputSize = nullptr;
  std::mutex allocatedMutex;
  std::vector<void*> allocated;

  void remember(void* p) {
    std::lock_guard lock(allocatedMutex);
    allocated.push_back(p);
  }
};

void* allocate(Shared& shared, size_t bytes) {
  void* p = nullptr;
  beginCall();
  const aclError e = aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  expectCode("aclrtMalloc", e, {kSuccess, kUninitialized, kContextNull, kMemoryAllocation});
  if (e != ACL_SUCCESS) return nullptr;
  shared.remember(p);
  return p;
}

void setup(Shared& s, ByteReader& in) {
  static const int64_t channels[] = {1, 2, 4, 16};
  static const int64_t ins[] = {1, 3, 8, 16, 32};
  static const int64_t outs[] = {1, 2, 5, 16, 32, 64};
  s.op = &allOps()[in.pick(static_cast<uint32_t>(kOpCount))];
  const OpInfo& op = *s.op;
  const aclDataType dtype = op.dtypes[in.pick(static_cast<uint32_t>(op.dtypes.size()))];
  Extents sizes;
  sizes.N = 1 + in.pick(2);
  sizes.C = channels[in.pick(4)];
  sizes.in[kH] = ins[in.pick(5)], sizes.in[kW] = ins[in.pick(5)];
  sizes.out[kH] = outs[in.pick(6)], sizes.out[kW] = outs[in.pick(6)];
  const aclFormat format = sideFormat(op, false);
  for (size_t i = 0; i < kSlots; ++i) {
    const TensorRole* role = i < static_cast<size_t>(op.roleCount) ? &op.roles[i] : nullptr;
    std::vector<int64_t> shape = role ? sideShape(op, role->side, sizes) : std::vector<int64_t>{4096};
    const aclDataType type = role && role->integer() ? op.indexDtype() : role ? dtype : ACL_UINT8;
    size_t bytes = aclDataTypeSize(type);
    for (int64_t d : shape) bytes *= static_cast<size_t>(d);
    void* block = allocate(s, bytes);
    if (block != nullptr) {  // zeros: every index is legal, every value finite
      beginCall();
      expectCode("aclrtMemset", aclrtMemset(block, bytes, 0, bytes), {kSuccess});
    }
    s.slots[i].store(block);
    s.bytes[i] = bytes;
    if (role == nullptr) continue;
    beginCall();
    aclTensor* t = aclCreateTensor(shape.data(), shape.size(), type, nullptr, 0, format, shape.data(), shape.size(), block);
    expectObjectOrReason("aclCreateTensor", t);
    s.tensors.push_back(t);
  }
  const std::vector<int64_t> outSpatial =
      op.spatialRank == 1 ? std::vector<int64_t>{sizes.out[kW]} : std::vector<int64_t>{sizes.out[kH], sizes.out[kW]};
  const std::vector<int64_t> inShape = sideShape(op, Side::kIn, sizes);
  s.outputSize = aclCreateIntArray(outSpatial.data(), outSpatial.size());
  s.inputSize = aclCreateIntArray(inShape.data(), inShape.size());
}

void teardown(Shared& s) {
  beginCall();
  expectCode("aclrtSynchronizeStream", aclrtSynchronizeStream(nullptr),
             {kSuccess, kAicoreException, kRtInternal, kContextNull, kUninitialized});
  for (aclTensor* t : s.tensors) {
    beginCall();
    expectCode("aclDestroyTensor", aclDestroyTensor(t), {kSuccess, kNullptr});
  }
  aclDestroyIntArray(s.outputSize);
  aclDestroyIntArray(s.inputSize);
  for (void* p : s.allocated) {  // freed already (by a thread, a reset or aclFinalize) or not
    beginCall();
    expectCode("aclrtFree", aclrtFree(p), {kSuccess, kInvalidParam, kUninitialized});
  }
}

// One thread's program.
class Racer {
 public:
  Racer(Shared& shared, ByteReader& in) : s_(shared), in_(in), host_(kHostBytes) {}

  void run() {
    beginCall();
    expectCode("aclrtSetDevice", aclrtSetDevice(0), {kSuccess, kUninitialized});
    for (int step = 0; step < kRacerSteps && !in_.done(); ++step) {
      switch (in_.pick(11)) {
        case 0:
        case 1: launch(); break;
        case 2: freeSlot(); break;
        case 3: replaceSlot(); break;
        case 4: copy(); break;
        case 5: memset(); break;
        case 6: synchronize(stream()); break;
        case 7: reset(); break;
        case 8: finalizeAndInit(); break;
        case 9: streamStep(); break;
        default: deterministic(); break;
      }
    }
    for (aclrtStream st : streams_) {
      beginCall();
      expectCode("aclrtDestroyStream", aclrtDestroyStream(st), {kSuccess, kInvalidHandle, kUninitialized});
    }
  }

 private:
  void* slot() { return s_.slots[in_.pick(kSlots)].load(); }
  size_t count() {
    static const size_t counts[] = {0, 1, 64, 4096, kHostBytes};
    return counts[in_.pick(5)];
  }
  aclrtStream stream() { return streams_.empty() || in_.pick(2) == 0 ? nullptr : streams_[in_.pick(2) % streams_.size()]; }

  void synchronize(aclrtStream st) {
    beginCall();
    expectCode("aclrtSynchronizeStream", aclrtSynchronizeStream(st),
               {kSuccess, kAicoreException, kRtInternal, kInvalidHandle, kContextNull, kUninitialized});
  }

  void launch() {
    const OpInfo& op = *s_.op;
    OpArgs args;
    for (size_t i = 0; i < s_.tensors.size(); ++i) args.tensors[i] = s_.tensors[i];
    args.outputSize = op.takesOutputSize ? s_.outputSize : nullptr;
    args.inputSize = op.takesInputSize ? s_.inputSize : nullptr;
    if (in_.pick(4) == 0) args.deterministic = in_.pick(2) == 1;
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    const std::string api = op.aclnnName() + "GetWorkspaceSize";
    beginCall();
    const aclnnStatus st = op.getWorkspaceSize(args, &workspaceSize, &executor);
    expectCode(api.c_str(), st, {kSuccess, kNullptr, kParamInvalid, kInner});
    if (st != ACLNN_SUCCESS) return;
    if (in_.pick(8) == 0 || workspaceSize > (size_t{1} << 20)) {
      beginCall();
      expectCode("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(executor), {kSuccess, kNullptr, kParamInvalid});
      return;
    }
    void* workspace = nullptr;
    if (workspaceSize > 0) workspace = in_.pick(4) == 0 ? slot() : allocate(s_, workspaceSize);
    aclrtStream queue = stream();
    beginCall();
    const aclnnStatus launched = op.launch(workspace, workspaceSize, executor, queue);
    expectCode(op.aclnnName().c_str(), launched, {kSuccess, kNullptr, kParamInvalid, kUninitialized, kContextNull});
    if (launched != ACLNN_SUCCESS) {  // the executor is still ours
      beginCall();
      expectCode("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(executor), {kSuccess, kNullptr, kParamInvalid});
    }
    if (in_.pick(2) == 0) synchronize(queue);
  }

  void freeSlot() {
    void* p = slot();
    beginCall();
    expectCode("aclrtFree", aclrtFree(p), {kSuccess, kInvalidParam, kUninitialized});
  }

  void replaceSlot() {
    const size_t i = in_.pick(kSlots);
    if (void* p = allocate(s_, s_.bytes[i])) s_.slots[i].store(p);
  }

  void copy() {
    static const int32_t kinds[] = {ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST, ACL_MEMCPY_DEVICE_TO_DEVICE,
                                    ACL_MEMCPY_DEFAULT};
    const auto kind = static_cast<aclrtMemcpyKind>(kinds[in_.pick(4)]);
    const size_t n = count();
    void* dst = kind == ACL_MEMCPY_DEVICE_TO_HOST ? host_.data() : slot();
    void* src = kind == ACL_MEMCPY_HOST_TO_DEVICE ? host_.data() : slot();
    beginCall();
    expectCode("aclrtMemcpy", aclrtMemcpy(dst, n, src, n, kind), {kSuccess, kInvalidParam, kUninitialized});
  }

  void memset() {
    void* p = slot();
    const size_t n = count();
    beginCall();
    expectCode("aclrtMemset", aclrtMemset(p, n, in_.byte(), n), {kSuccess, kInvalidParam, kUninitialized});
  }

  void reset() {
    beginCall();
    expectCode("aclrtResetDevice", aclrtResetDevice(0), {kSuccess, kInvalidDevice, kUninitialized});
    beginCall();
    expectCode("aclrtSetDevice", aclrtSetDevice(0), {kSuccess, kUninitialized});
  }

  void finalizeAndInit() {
    beginCall();
    expectCode("aclFinalize", aclFinalize(), {kSuccess, kRepeatFinalize});
    streams_.clear();  // released with everything else
    if (in_.pick(2) == 0) std::this_thread::yield();
    beginCall();
    expectCode("aclInit", aclInit(nullptr), {kSuccess, kRepeatInitialize});
    beginCall();
    expectCode("aclrtSetDevice", aclrtSetDevice(0), {kSuccess, kUninitialized});
  }

  void streamStep() {
    if (streams_.size() < 2 && in_.pick(2) == 0) {
      aclrtStream st = nullptr;
      beginCall();
      const aclError e = aclrtCreateStream(&st);
      expectCode("aclrtCreateStream", e, {kSuccess, kContextNull, kUninitialized});
      if (e == ACL_SUCCESS) streams_.push_back(st);
    } else if (!streams_.empty()) {
      beginCall();
      expectCode("aclrtDestroyStream", aclrtDestroyStream(streams_.back()), {kSuccess, kInvalidHandle, kUninitialized});
      streams_.pop_back();
    }
  }

  void deterministic() {
    beginCall();
    expectCode("aclrtCtxSetSysParamOpt", aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, in_.pick(2)),
               {kSuccess, kContextNull, kUninitialized});
  }

  Shared& s_;
  ByteReader& in_;
  std::vector<uint8_t> host_;
  std::vector<aclrtStream> streams_;
};

}  // namespace

void runConcurrentProgram(const uint8_t* data, size_t size) {
  startRuntime();
  const size_t split = size == 0 ? 0 : 1 + (size - 1) * data[0] / 256;
  ByteReader a(size == 0 ? data : data + 1, split == 0 ? 0 : split - 1);
  ByteReader b(data + split, size - split);
  Shared shared;
  setup(shared, a);
  Racer ra(shared, a), rb(shared, b);
  std::thread other([&rb] { rb.run(); });
  ra.run();
  other.join();
  teardown(shared);
}

}  // namespace gradlab::fuzz

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  gradlab::fuzz::initialize();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  gradlab::fuzz::runConcurrentProgram(data, size);
  return 0;
}
