// Writes the seed corpus (tests/fuzz/corpus/): one small program per behaviour worth starting from,
// in the byte language of fuzz_values.h and the steps. Re-run after changing that language:
//   build/tests/gradlab_fuzz_make_seeds tests/fuzz/corpus   (see README.md)
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "fuzz_program.h"
#include "fuzz_values.h"
#include "gradlab/ops.h"

namespace {

using gradlab::OpInfo;
using gradlab::OpKind;
using gradlab::allOps;
using gradlab::fuzz::ByteWriter;
using gradlab::fuzz::Step;

enum Fill : uint8_t { kFresh = 0, kZeros = 1, kInt64 = 2, kInt32 = 3, kFloats = 4, kBits = 5 };
// Index of `hi` in the fill table {1, 2, 4, 6, 9, 12, 16, 20, 64, 100}.
enum Hi : uint8_t { kHi4 = 2, kHi9 = 4, kHi20 = 7, kHi64 = 8, kHi100 = 9 };
constexpr uint8_t kNull = 255;

class Program {
 public:
  Program& step(Step s) {
    w.byte(static_cast<uint8_t>(s));
    return *this;
  }
  // A tensor over its own freshly allocated, filled device memory (tensor slots count from 0).
  Program& tensor(std::vector<int64_t> dims, aclDataType dtype, aclFormat format, Fill fill = kFloats, Hi hi = kHi20,
                  std::vector<int64_t> strides = {}, int64_t offset = 0, bool badValues = false) {
    step(Step::kCreateTensor);
    w.byte(static_cast<uint8_t>(4 | (strides.empty() ? 0 : 1)));
    w.byte(static_cast<uint8_t>(dims.size()));
    for (int64_t d : dims) w.size(d);
    for (int64_t s : strides) w.size(s);
    if (offset >= 0 && offset < 4) w.byte(1).byte(static_cast<uint8_t>(offset));
    else w.byte(0).size(offset);
    w.dtype(dtype).format(format);
    bool empty = false;
    for (int64_t d : dims) empty |= d == 0;
    if (empty) {  // nothing to allocate: the data pointer is chosen instead (null)
      w.byte(0).byte(0);
      return *this;
    }
    w.byte(fill);
    if (fill != kFresh) {
      w.byte(hi);
      if (badValues) w.byte(0).byte(7);  // every 8th value from the edge table
      else w.byte(1);
      w.byte(42);
    }
    return *this;
  }
  // An empty tensor (some dim 0) whose data pointer is the made-up `pointer`, with an element offset.
  Program& emptyTensorAt(std::vector<int64_t> dims, aclDataType dtype, aclFormat format, int64_t offset, uintptr_t pointer) {
    step(Step::kCreateTensor);
    w.byte(4).byte(static_cast<uint8_t>(dims.size()));
    for (int64_t d : dims) w.size(d);
    w.byte(0).size(offset);
    w.dtype(dtype).format(format);
    w.byte(9).byte(0).raw<uintptr_t>(pointer);  // devicePointer(): kind 9 reads a raw address
    return *this;
  }
  // A descriptor only: dims (any rank up to 5), strides, no memory behind it (a made-up pointer).
  Program& descriptor(std::vector<int64_t> dims, aclDataType dtype, std::vector<int64_t> strides = {}) {
    step(Step::kCreateTensor);
    w.byte(static_cast<uint8_t>(strides.empty() ? 0 : 1));
    w.byte(static_cast<uint8_t>(dims.size()));
    for (int64_t d : dims) w.size(d);
    for (int64_t s : strides) w.size(s);
    w.byte(1).byte(0);
    w.dtype(dtype).format(ACL_FORMAT_ND);
    w.byte(9).byte(0).raw<uint64_t>(0x10000);  // devicePointer: made-up bits
    return *this;
  }
  Program& array(std::vector<int64_t> values) {
    step(Step::kCreateIntArray);
    w.byte(static_cast<uint8_t>(values.size()));
    for (int64_t v : values) w.size(v);
    return *this;
  }
  // After a successful GetWorkspaceSize: launch with the right workspace on `stream` (0 = default,
  // 1 = created stream `which`), then synchronize or not.
  Program& launchRight(uint8_t streamKind = 0, uint8_t which = 0, bool sync = true) {
    w.byte(3);  // neither destroy nor keep
    w.byte(1);  // the op's own launch entry
    launchArgs(streamKind, which, sync);
    w.byte(1);  // not kept as a stale handle
    return *this;
  }
  Program& keep() {
    w.byte(1);
    return *this;
  }
  // Launch with the size GetWorkspaceSize asked for, but the workspace `offset` bytes into the first live
  // allocation; on the default stream, synchronized.
  Program& launchWorkspaceInside(uint8_t offset) {
    w.byte(3).byte(1);
    w.byte(1);                             // the right size, any pointer
    w.byte(4).byte(0).byte(offset);        // devicePointer: inside a live allocation
    w.byte(0).byte(0).byte(1).byte(1);     // default stream, synchronize, no free while running
    w.byte(1);
    return *this;
  }
  Program& launchArgs(uint8_t streamKind, uint8_t which, bool sync) {
    w.byte(2);  // the workspace GetWorkspaceSize asked for
    w.byte(streamKind).byte(which);
    w.byte(sync ? 1 : 0);
    w.byte(1);  // no free while running
    return *this;
  }
  // GetWorkspaceSize of a catalog operator: tensor slots in the catalog's role order, then the arrays and
  // scales it takes, then a direct call's context.
  Program& call(OpKind op, std::vector<uint8_t> tensors, std::vector<uint8_t> arrays, std::vector<double> scales) {
    step(Step::kOperator).w.op(op).byte(0);
    for (uint8_t t : tensors) w.byte(t);
    for (uint8_t a : arrays) w.byte(a);
    for (double s : scales) w.scale(s);
    if (seededSchedule_ == 0) {
      w.directCall();
    } else {  // readCallContext: schedule seed:N and accumulate=dtype
      w.byte(4 | 8).byte(seededSchedule_).byte(1);
    }
    return *this;
  }
  // Later calls carry schedule seed:N and accumulate=dtype (0: direct calls again).
  Program& scheduled(uint8_t seed) {
    seededSchedule_ = seed;
    return *this;
  }
  Program& upsample2dBackward(uint8_t gradOutput, uint8_t outputSize, uint8_t inputSize, double sh, double sw,
                              uint8_t out) {
    return call(OpKind::kUpsampleNearestExact2dBackward, {gradOutput, out}, {outputSize, inputSize}, {sh, sw});
  }
  Program& upsample1dBackward(uint8_t gradOutput, uint8_t outputSize, uint8_t inputSize, double s, uint8_t out) {
    return call(OpKind::kUpsampleNearestExact1dBackward, {gradOutput, out}, {outputSize, inputSize}, {s});
  }
  Program& upsample2d(uint8_t self, uint8_t outputSize, double sh, double sw, uint8_t out) {
    return call(OpKind::kUpsampleNearestExact2d, {self, out}, {outputSize}, {sh, sw});
  }
  Program& upsample1d(uint8_t self, uint8_t outputSize, double s, uint8_t out) {
    return call(OpKind::kUpsampleNearestExact1d, {self, out}, {outputSize}, {s});
  }
  Program& poolBackward(uint8_t gradOutput, uint8_t self, uint8_t indices, uint8_t gradInput) {
    return call(OpKind::kAdaptiveMaxPool2dBackward, {gradOutput, self, indices, gradInput}, {}, {});
  }
  Program& pool(uint8_t self, uint8_t outputSize, uint8_t out, uint8_t indices) {
    return call(OpKind::kAdaptiveMaxPool2d, {self, out, indices}, {outputSize}, {});
  }
  // A descriptor over `offset` bytes into the first live allocation (no memory of its own).
  Program& tensorInside(std::vector<int64_t> dims, aclDataType dtype, aclFormat format, uint8_t offset) {
    step(Step::kCreateTensor);
    w.byte(0).byte(static_cast<uint8_t>(dims.size()));
    for (int64_t d : dims) w.size(d);
    w.byte(1).byte(0);
    w.dtype(dtype).format(format);
    w.byte(4).byte(0).byte(offset);  // devicePointer: inside a live allocation
    return *this;
  }
  Program& malloc(uint64_t bytes) {
    step(Step::kMalloc).w.bytes(bytes).byte(1);
    return *this;
  }
  Program& deterministic(bool on) {
    step(Step::kDeterministic).w.byte(0).byte(on ? 1 : 0).byte(1);
    return *this;
  }
  Program& synchronize(uint8_t streamKind = 0, uint8_t which = 0) {
    step(Step::kSynchronize).w.byte(streamKind).byte(which);
    return *this;
  }
  Program& createStream() {
    step(Step::kCreateStream).w.byte(1);
    return *this;
  }
  Program& destroyStream(uint8_t streamKind, uint8_t which) {
    step(Step::kDestroyStream).w.byte(streamKind).byte(which);
    return *this;
  }
  ByteWriter w;

 private:
  uint8_t seededSchedule_ = 0;
};

void write(const std::filesystem::path& dir, const std::string& name, const Program& p) {
  std::ofstream(dir / ("seed-" + name), std::ios::binary) << p.w.str();
}

// A program that once found a bug (fixed, with a unit test of its own), written in today's language.
void writeRegression(const std::filesystem::path& dir, const std::string& name, const Program& p) {
  std::ofstream(dir / ("regress-" + name), std::ios::binary) << p.w.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();

  {  // upsample 2-D backward: fp32 default mode, then deterministic, then fp16 with a strided out
    Program p;
    p.tensor({1, 2, 4, 6}, ACL_FLOAT, ACL_FORMAT_NCHW).tensor({1, 2, 2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh);
    p.array({4, 6}).array({1, 2, 2, 3});
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight();
    p.deterministic(true).upsample2dBackward(0, 0, 1, 2.0, 2.0, 1).launchRight();
    p.tensor({1, 2, 4, 6}, ACL_FLOAT16, ACL_FORMAT_NCHW, kBits);
    p.tensor({1, 2, 2, 3}, ACL_FLOAT16, ACL_FORMAT_NCHW, kFresh, kHi20, {12, 1, 6, 2}, 1);
    p.upsample2dBackward(2, 0, 1, 0.5, 3.0, 3).launchRight();
    write(dir, "upsample2d_backward_modes", p);
  }
  {  // 2-D backward with the scales at their edges
    Program p;
    p.tensor({1, 1, 8, 8}, ACL_BF16, ACL_FORMAT_ND).tensor({1, 1, 2, 2}, ACL_BF16, ACL_FORMAT_ND, kFresh);
    p.array({8, 8}).array({1, 1, 2, 2});
    for (double s : {nan, inf, -inf, -1.0, 1e300, 50.0001}) p.upsample2dBackward(0, 0, 1, s, 0.25, 1);  // refused
    for (double s : {1e-300, 0.02, 0.0199999, 50.0}) p.upsample2dBackward(0, 0, 1, s, 0.25, 1).launchRight();
    write(dir, "upsample2d_backward_scales", p);
  }
  {  // empty 2-D backward (zeroes out) and empty 1-D backward (refused)
    Program p;
    p.tensor({1, 2, 0, 6}, ACL_FLOAT, ACL_FORMAT_NCHW).tensor({1, 2, 2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh);
    p.array({0, 6}).array({1, 2, 2, 3});
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight();
    p.tensor({2, 0, 5}, ACL_FLOAT, ACL_FORMAT_NCL).tensor({2, 0, 3}, ACL_FLOAT, ACL_FORMAT_NCL);
    p.array({5}).array({2, 0, 3});
    p.upsample1dBackward(2, 2, 3, 0.0, 3).launchRight();
    write(dir, "empty_tensors", p);
  }
  {  // upsample 1-D backward, default and deterministic, on a created stream
    Program p;
    p.createStream();
    p.tensor({2, 3, 10}, ACL_FLOAT, ACL_FORMAT_NCL).tensor({2, 3, 5}, ACL_FLOAT, ACL_FORMAT_NCL, kFresh);
    p.array({10}).array({2, 3, 5});
    p.upsample1dBackward(0, 0, 1, 0.0, 1).launchRight(1, 0);
    p.deterministic(true).upsample1dBackward(0, 0, 1, 2.0, 1).launchRight(1, 0);
    p.upsample1dBackward(0, 0, 1, 0.019, 1).launchRight(1, 0);
    write(dir, "upsample1d_backward_stream", p);
  }
  {  // forwards: 2-D bf16 and 1-D fp16, upscaling and downscaling
    Program p;
    p.tensor({1, 1, 3, 3}, ACL_BF16, ACL_FORMAT_NCHW).tensor({1, 1, 7, 5}, ACL_BF16, ACL_FORMAT_NCHW, kFresh);
    p.array({7, 5});
    p.upsample2d(0, 0, 0.0, 0.0, 1).launchRight();
    p.upsample2d(0, 0, 2.5, inf, 1).launchRight();
    p.tensor({2, 2, 9}, ACL_FLOAT16, ACL_FORMAT_NCL).tensor({2, 2, 4}, ACL_FLOAT16, ACL_FORMAT_NCL, kFresh);
    p.array({4});
    p.upsample1d(2, 1, 0.0, 3).launchRight();
    p.upsample1d(2, 1, 1e-300, 3).launchRight();
    write(dir, "upsample_forwards", p);
  }
  {  // adaptive max pool forward (4-D, int64 indices) and backward with those indices
    Program p;
    p.tensor({1, 2, 5, 7}, ACL_FLOAT, ACL_FORMAT_NCHW, kFloats, kHi100);
    p.tensor({1, 2, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh);
    p.tensor({1, 2, 3, 4}, ACL_INT64, ACL_FORMAT_NCHW, kFresh);
    p.array({3, 4});
    p.pool(0, 0, 1, 2).launchRight();
    p.tensor({1, 2, 5, 7}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh);
    p.poolBackward(1, 0, 2, 3).launchRight();
    p.deterministic(true).poolBackward(1, 0, 2, 3).launchRight();
    write(dir, "adaptive_pool_forward_backward", p);
  }
  {  // backward with indices outside the plane: the launch fails at synchronize, the next one works
    Program p;
    p.tensor({3, 6, 5}, ACL_FLOAT16, ACL_FORMAT_ND, kFloats);           // gradOutput, unbatched
    p.tensor({3, 9, 4}, ACL_FLOAT16, ACL_FORMAT_ND, kFresh);            // self
    p.tensor({3, 6, 5}, ACL_INT32, ACL_FORMAT_ND, kInt32, kHi64, {}, 0, true);  // bad indices
    p.tensor({3, 9, 4}, ACL_FLOAT16, ACL_FORMAT_ND, kFresh);            // gradInput
    p.tensor({3, 6, 5}, ACL_INT32, ACL_FORMAT_ND, kInt32, kHi20);       // good indices
    p.poolBackward(0, 1, 2, 3).launchRight();
    p.poolBackward(0, 1, 4, 3).launchRight();
    p.deterministic(true).poolBackward(0, 1, 2, 3).launchRight(0, 0, false);
    p.poolBackward(0, 1, 4, 3).launchRight();
    write(dir, "adaptive_pool_bad_indices", p);
  }
  {  // views whose element count or byte size overflows, and views larger than the device
    Program p;
    p.descriptor({int64_t{1} << 62, 4}, ACL_FLOAT);
    p.descriptor({3037000500, 3037000500}, ACL_FLOAT, {0, 0});
    p.descriptor({65536, 65536, 65536, 2}, ACL_FLOAT, {0, 0, 0, 0});  // slot 0: 2^49 cells, 2^51 bytes
    p.tensor({1, 1, 2, 2}, ACL_FLOAT, ACL_FORMAT_ND, kFresh);           // slot 1
    p.array({65536, 2}).array({1, 1, 2, 2});
    p.upsample2dBackward(0, 0, 1, 1.0, 1.0, 1);
    p.descriptor({1, 1, 4096, 4096}, ACL_FLOAT, {0, 0, 0, 0});  // slot 2: 2^24 cells over one element
    p.tensor({1, 1, 4096, 4096}, ACL_FLOAT, ACL_FORMAT_ND, kFresh, kHi20, {0, 0, 0, 0});  // slot 3: an output whose cells share memory
    p.array({4096, 4096});
    p.upsample2d(1, 2, 0.0, 0.0, 3);
    p.poolBackward(2, 1, 2, 1);
    write(dir, "overflow_and_huge_views", p);
  }
  {  // device memory misuse: zero, huge and over-capacity sizes, double and interior frees, bad copies
    Program p;
    p.step(Step::kMalloc).w.bytes(0).byte(1);
    p.step(Step::kMalloc).w.bytes(std::numeric_limits<uint64_t>::max()).byte(1);
    p.step(Step::kMalloc).w.bytes((uint64_t{64} << 30) + 1).byte(1);
    p.step(Step::kMalloc).w.bytes(4096).byte(1);
    p.step(Step::kMalloc).w.bytes(100).byte(1);
    p.step(Step::kFree).w.byte(4).byte(0).byte(8);   // interior
    p.step(Step::kFree).w.byte(1).byte(0);           // base
    p.step(Step::kFree).w.byte(6).byte(0);           // freed
    p.step(Step::kFree).w.byte(7).byte(0).byte(3);   // host
    p.step(Step::kFree).w.byte(0).byte(0);           // null
    // memcpy host -> device into the 100-byte block: 100 fits, 101 does not
    p.step(Step::kMemcpy).w.byte(1).bytes(100).byte(2).byte(0).byte(1).byte(0).byte(0);
    p.step(Step::kMemcpy).w.byte(1).bytes(101).byte(2).byte(1).byte(1).byte(0).byte(0);
    p.step(Step::kMemcpy).w.byte(4).bytes(64).byte(1).byte(1).byte(6).byte(0).byte(0);  // DEFAULT, freed dst
    p.step(Step::kMemset).w.byte(1).byte(0).bytes(100).byte(1).raw<int32_t>(7);
    p.step(Step::kMemset).w.byte(5).byte(0).bytes(1).byte(1).raw<int32_t>(7);
    write(dir, "memory_misuse", p);
  }
  {  // a stream destroyed with work queued, then used again; executors kept past aclFinalize
    Program p;
    p.createStream();
    p.tensor({2, 3, 16, 16}, ACL_FLOAT, ACL_FORMAT_NCHW).tensor({2, 3, 4, 4}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh);
    p.array({16, 16}).array({2, 3, 4, 4});
    for (int i = 0; i < 3; ++i) p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight(1, 0, false);
    p.destroyStream(1, 0);
    p.synchronize(2, 0);
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).keep();
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight(2, 0);
    p.step(Step::kFinalizeAndInit).w.byte(1);
    p.step(Step::kLaunchKept).w.byte(0).bytes(0).byte(0);
    p.launchArgs(0, 0, true);
    write(dir, "stream_destroy_and_finalize", p);
  }
  {  // devices: set another, allocate there, reset it (memory goes), reset again (refused)
    Program p;
    p.step(Step::kSetDevice).w.byte(3);  // device 1
    p.tensor({1, 1, 4, 4}, ACL_FLOAT, ACL_FORMAT_ND).tensor({1, 1, 2, 2}, ACL_FLOAT, ACL_FORMAT_ND, kFresh);
    p.array({4, 4}).array({1, 1, 2, 2});
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight(0, 0, false);
    p.step(Step::kResetDevice).w.byte(3);
    p.step(Step::kResetDevice).w.byte(3);
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1);
    p.step(Step::kQueries).w.byte(1).byte(0).byte(0).byte(0);
    p.step(Step::kSetDevice).w.byte(6);  // device 8: out of range
    write(dir, "devices_reset", p);
  }
  {  // profiles: specs parsed and set, then made-up fields, usable or not, set directly and carried by a call
    Program p;
    p.tensor({1, 1, 4, 4}, ACL_FLOAT, ACL_FORMAT_NCHW).tensor({1, 1, 2, 2}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh);
    p.array({4, 4}).array({1, 1, 2, 2});
    // parse "classroom" ":" "ub" "=" "16" "k" and set it
    p.step(Step::kProfile).w.byte(0).byte(6).byte(2).byte(8).byte(4).byte(6).byte(18).byte(9).byte(0);
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight();
    p.step(Step::kProfile).w.byte(1).byte(0).byte(2).byte(1);  // atlas-a2 with ub = 64 bytes: refused
    p.step(Step::kProfile).w.byte(1).byte(2).byte(1).byte(3);  // classroom with 3 cores
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight();
    // The same call carrying a profile with 64 bytes of UB (refused) and one with 1 KiB (planned).
    p.step(Step::kOperator).w.op(OpKind::kUpsampleNearestExact2dBackward).byte(0).byte(0).byte(1).byte(0).byte(1);
    p.w.scale(0.0).scale(0.0).byte(2).byte(0).byte(2).byte(1);
    p.step(Step::kOperator).w.op(OpKind::kUpsampleNearestExact2dBackward).byte(0).byte(0).byte(1).byte(0).byte(1);
    p.w.scale(0.0).scale(0.0).byte(3).byte(1).byte(0).byte(3).byte(1).byte(4);
    p.launchRight();
    write(dir, "profiles", p);
  }
  {  // the runner, every operator: small requests with and without traces, values and profiles
    Program p;
    for (const OpInfo& op : allOps()) {
      p.step(Step::kRun).w.op(op.kind).byte(2).byte(3).byte(4).byte(3).byte(9).byte(5).scale(0.0).scale(0.0);
      p.w.byte(4 | 2).byte(0).byte(0).byte(1).byte(7);  // traced, deterministic; fp32, int64, channels-last; seed 7
      p.step(Step::kRun).w.op(op.kind).byte(1).byte(2).byte(6).byte(5).byte(3).byte(7).scale(2.0).scale(0.5);
      // traced, default; fp16, int32, sliced; classroom; atomic schedule seed:2, accumulate=dtype
      p.w.byte(128 | 8 | 4).byte(1).byte(1).byte(2).byte(3).byte(2).byte(0).byte(5);
    }
    p.step(Step::kInspectExecutor).w.byte(255).byte(0);
    write(dir, "runner", p);
  }
  {  // executors inspected while kept, after their launch and when foreign
    Program p;
    p.tensor({1, 2, 6, 4}, ACL_FLOAT, ACL_FORMAT_NCHW).tensor({1, 2, 3, 2}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh);
    p.array({6, 4}).array({1, 2, 3, 2});
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).keep();
    p.step(Step::kInspectExecutor).w.byte(0).byte(0);  // plan, and ask for a trace
    p.step(Step::kLaunchKept).w.byte(0).bytes(0).byte(0);
    p.launchArgs(0, 0, true);
    p.step(Step::kInspectExecutor).w.byte(0).byte(0);  // launched: no plan any more
    p.step(Step::kInspectExecutor).w.byte(254).byte(0);
    write(dir, "inspect_executors", p);
  }  {  // calls carrying an atomic schedule and accumulate=dtype: bf16 rows shared by 3 cores
    Program p;
    p.step(Step::kProfile).w.byte(1).byte(2).byte(1).byte(3);  // classroom with 3 cores
    p.tensor({1, 2, 24, 20}, ACL_BF16, ACL_FORMAT_NCHW).tensor({1, 2, 3, 2}, ACL_BF16, ACL_FORMAT_NCHW, kFresh);
    p.array({24, 20}).array({1, 2, 3, 2});
    p.scheduled(7).upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight();
    p.deterministic(true).upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight();
    write(dir, "schedules", p);
  }

  {  // aclrtMalloc with a policy outside the enum (UBSan: the int was read through the enum type)
    Program p;
    p.step(Step::kMalloc).w.bytes(64).byte(0).raw<int8_t>(0);  // policy 0 % 9 - 1 = -1
    writeRegression(dir, "malloc-policy-outside-enum-range", p);
  }
  {  // an empty tensor with null data and an offset (UBSan: pointer arithmetic on null)
    Program p;
    p.tensor({1, 1, 0, 4}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh, kHi20, {}, 3);
    p.tensor({1, 1, 2, 2}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh);
    p.array({0, 4}).array({1, 1, 2, 2});
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight();
    p.upsample2d(1, 0, 0.0, 0.0, 0);
    writeRegression(dir, "empty-tensor-null-data-with-offset", p);
  }
  {  // an empty 2-D backward whose empty out has a made-up pointer and an offset: zeroing nothing did pointer
     // arithmetic on it (UBSan: pointer index overflow), found by CI's 60-second fuzz run
    Program p;
    p.tensor({1, 1, 0, 2}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh);
    p.emptyTensorAt({1, 0, 8, 4}, ACL_FLOAT, ACL_FORMAT_NCHW, 12, ~uintptr_t{0});
    p.array({0, 2}).array({1, 0, 8, 4});
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchRight();
    writeRegression(dir, "empty-out-with-made-up-pointer", p);
  }
  {  // an fp32 tensor 2 bytes into its allocation (UBSan: misaligned atomic adds in the kernel); refused now
    Program p;
    p.malloc(4096);
    p.tensorInside({1, 1, 8, 8}, ACL_FLOAT, ACL_FORMAT_NCHW, 2);
    p.tensor({1, 1, 2, 2}, ACL_FLOAT, ACL_FORMAT_NCHW, kFresh);
    p.array({8, 8}).array({1, 1, 2, 2});
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1);  // refused: nothing to launch
    p.deterministic(true).upsample2dBackward(0, 0, 1, 0.0, 0.0, 1);
    writeRegression(dir, "misaligned-fp32-tensor", p);
  }
  {  // the legacy reference with a scale near 0: 0 * inf is NaN (UBSan in the reference's cast to int64)
    Program p;
    p.step(Step::kRun).w.op(OpKind::kUpsampleNearest1dBackward).byte(1).byte(0).byte(0).byte(4).byte(0).byte(8);
    p.w.scale(0.0).scale(1e-300).byte(2).byte(0).byte(0).byte(0).byte(1);
    writeRegression(dir, "legacy-nearest-reference-tiny-scale", p);
  }
  {  // four fp16 gradients of 65504 into one cell: the sum overflows to +inf, which the judge took for a mismatch
    Program p;
    p.step(Step::kRun).w.op(OpKind::kUpsampleNearestExact1dBackward).byte(0).byte(0).byte(0).byte(0).byte(0).byte(4);
    p.w.scale(0.0).scale(0.0).byte(16).byte(1).byte(0).byte(0).byte(1);  // explicit values; fp16, default mode
    p.w.byte(13).byte(13).byte(13).byte(13);                           // 65504 four times
    writeRegression(dir, "float16-sum-overflows-to-infinity", p);
  }
  {  // an adaptive backward whose gradInput is empty (H = 0): success, though no index can lie in the plane;
     // the judge wanted a failure
    Program p;
    p.step(Step::kRun).w.op(OpKind::kAdaptiveMaxPool2dBackward).byte(0).byte(0).byte(10).byte(2).byte(0).byte(3);
    p.w.scale(0.0).scale(0.0).byte(64).byte(0).byte(0).byte(0).byte(1);  // explicit indices; fp32, default mode
    p.w.byte(0).byte(0).byte(0);                                        // indices -1, -1, -1
    writeRegression(dir, "adaptive-backward-empty-grad-input", p);
  }
  {  // the cube strategy on a profile of 1 vector core and 2 cube cores: its plan's core lanes (cube lanes
     // first, then vector) outnumber the vector cores, which the fuzzer's plan check took for a bad plan
    Program p;
    p.step(Step::kRun).w.op(OpKind::kUpsampleNearestExact2dBackward).byte(0).byte(0).byte(4).byte(4).byte(7).byte(7);
    p.w.scale(0.0).scale(0.0).byte(8).byte(0).byte(0).byte(0).byte(0xC0);  // a profile; fp32, contiguous; cube
    p.w.byte(0).byte(1 | 4).byte(1).byte(2);                                // atlas-a2, 1 vector and 2 cube cores
    writeRegression(dir, "cube-lanes-outnumber-vector-cores", p);
  }
  {  // the 2-D exact forward of an empty self (3x3x0x1) into an out with cells: success and nothing written, as
     // CANN does; the judge compared the untouched out with a reference of zeros
    Program p;
    p.step(Step::kRun).w.op(OpKind::kUpsampleNearestExact2d).byte(3).byte(3).byte(10).byte(0).byte(3).byte(0);
    p.w.scale(0.0).scale(0.0).byte(4).byte(1).byte(0).byte(0).byte(1);  // traced; fp16, default mode
    writeRegression(dir, "forward-of-empty-self-writes-nothing", p);
  }
  {  // an fp16 2-D backward in default mode launched with its fp32 workspace 5 bytes into an allocation
     // (UBSan: misaligned atomic adds into the workspace, CI's 60-second run); refused now, then 32 in works
    Program p;
    p.malloc(4096);
    p.tensor({1, 1, 8, 8}, ACL_FLOAT16, ACL_FORMAT_NCHW).tensor({1, 1, 2, 2}, ACL_FLOAT16, ACL_FORMAT_NCHW, kFresh);
    p.array({8, 8}).array({1, 1, 2, 2});
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchWorkspaceInside(5);
    p.upsample2dBackward(0, 0, 1, 0.0, 0.0, 1).launchWorkspaceInside(32);
    writeRegression(dir, "misaligned-workspace", p);
  }
  std::printf("wrote the seed corpus to %s\n", dir.c_str());
  return 0;
}
