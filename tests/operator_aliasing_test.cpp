// CANN's operators are out-of-place: an output that overlaps an input or another output, or whose own
// elements overlap, is refused at GetWorkspaceSize with 161002 naming the tensors, for every operator of
// the catalog (the check reads the catalog's roles; no operator names it).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "gradlab/ops.h"
#include "acl_handles.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"

namespace {

using namespace gradlab;

using gradlab::testing::ArrayPtr;
using gradlab::testing::TensorPtr;

constexpr size_t kSlot = 4096;  // bytes per tensor in the shared buffer: more than any example tensor needs

class OperatorAliasing : public ::testing::Test {
 protected:
  void SetUp() override {
    verify::RuntimeScope::shared();
    ASSERT_EQ(aclrtMalloc(&buffer_, 8 * kSlot, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  }
  void TearDown() override { aclrtFree(buffer_); }

  // The catalog example's tensors, role i contiguous at byte slot[i] of the shared buffer.
  std::vector<TensorPtr> tensorsAt(const OpInfo& op, const std::vector<size_t>& slot) {
    std::vector<TensorPtr> tensors;
    for (int i = 0; i < op.roleCount; ++i) {
      const TensorRole& role = op.roles[i];
      std::vector<int64_t> shape = sideShape(op, role.side, op.example);
      std::vector<int64_t> strides(shape.size(), 1);
      for (size_t d = shape.size() - 1; d > 0; --d) strides[d - 1] = strides[d] * shape[d];
      int64_t cells = 1;
      for (int64_t d : shape) cells *= d;
      const aclDataType dtype = role.integer() ? op.indexDtype() : ACL_FLOAT;
      void* at = static_cast<std::byte*>(buffer_) + slot[i];
      tensors.emplace_back(aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0,
                                           sideFormat(op, false), &cells, 1, at));
      EXPECT_NE(tensors.back(), nullptr) << aclGetRecentErrMsg();
    }
    return tensors;
  }

  aclnnStatus call(const OpInfo& op, const std::vector<TensorPtr>& tensors) {
    OpArgs args;
    for (int i = 0; i < op.roleCount; ++i) args.tensors[i] = tensors[i].get();
    const Extents& s = op.example;
    const std::vector<int64_t> out = s.spatial(Side::kOut, op.spatialRank);
    ArrayPtr outputSize(aclCreateIntArray(out.data(), out.size()));
    const std::vector<int64_t> in = sideShape(op, Side::kIn, s);
    ArrayPtr inputSize(aclCreateIntArray(in.data(), in.size()));
    if (op.takesOutputSize) args.outputSize = outputSize.get();
    if (op.takesInputSize) args.inputSize = inputSize.get();
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    gradlab::rt::clearRecentError();
    const aclnnStatus status = op.getWorkspaceSize(args, &ws, &exec);
    if (exec != nullptr) aclDestroyAclOpExecutor(exec);
    return status;
  }

  void* buffer_ = nullptr;
};

TEST_F(OperatorAliasing, DisjointTensorsInOneBufferWork) {
  for (const OpInfo& op : allOps()) {
    std::vector<size_t> slot;
    for (int i = 0; i < op.roleCount; ++i) slot.push_back(i * kSlot);
    EXPECT_EQ(call(op, tensorsAt(op, slot)), ACLNN_SUCCESS) << op.name << ": " << aclGetRecentErrMsg();
  }
}

// Every output at the address of every other tensor it could meet (a shape-only input is never read).
TEST_F(OperatorAliasing, AnOutputOverlappingAnyOtherTensorIsRefusedForEveryOperator) {
  int refusals = 0;
  for (const OpInfo& op : allOps()) {
    for (int w = 0; w < op.roleCount; ++w) {
      if (!op.roles[w].written()) continue;
      for (int o = 0; o < op.roleCount; ++o) {
        if (o == w || op.roles[o].kind == RoleKind::kShapeOnly) continue;
        std::vector<size_t> slot;
        for (int i = 0; i < op.roleCount; ++i) slot.push_back(i * kSlot);
        slot[w] = slot[o] + 8;  // partly over the other tensor, not at its start
        const std::string api = op.aclnnName() + "GetWorkspaceSize";
        const char* written = op.roles[w].argument;
        const char* other = op.roles[o].argument;
        EXPECT_TRUE(gradlab::testing::failsWith(call(op, tensorsAt(op, slot)), ACLNN_ERR_PARAM_INVALID,
                                                {api, "overlaps", written, other, "out-of-place"}))
            << op.name << ": " << written << " over " << other;
        ++refusals;
      }
    }
  }
  EXPECT_EQ(refusals, 22) << "every output of the 14 operators against every tensor it could overlap";
}

// A FLOAT NCHW view of `dims` with `strides` over `storage` elements at `at` (inside another tensor's memory).
TensorPtr floatViewAt(void* at, std::vector<int64_t> dims, std::vector<int64_t> strides, int64_t storage) {
  return TensorPtr(aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_NCHW, &storage, 1, at));
}

// The issue's cases: an in-place forward upsample gave 54 of 64 cells wrong; out and indices of the
// adaptive pool at one address corrupted both.
TEST_F(OperatorAliasing, InPlaceUpsampleIsRefused) {
  verify::DeviceTensor out({1, 1, 8, 8}, ACL_FLOAT, std::vector<float>(64, 0.0f), ACL_FORMAT_NCHW);
  TensorPtr self = floatViewAt(out.data(), {1, 1, 4, 4}, {16, 16, 4, 1}, 16);
  std::vector<int64_t> size{8, 8};
  ArrayPtr outputSize(aclCreateIntArray(size.data(), 2));
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_FAILS(aclnnUpsampleNearestExact2dGetWorkspaceSize(self.get(), outputSize.get(), 0.0, 0.0, out, &ws, &exec),
               ACLNN_ERR_PARAM_INVALID, "aclnnUpsampleNearestExact2dGetWorkspaceSize: output out (FLOAT [1, 1, 8, 8]",
               "overlaps input self (FLOAT [1, 1, 4, 4]");
  EXPECT_EQ(exec, nullptr);
}

TEST_F(OperatorAliasing, AdaptivePoolOutAndIndicesAtOneAddressAreRefused) {
  verify::DeviceTensor self({1, 1, 4, 4}, ACL_FLOAT, std::vector<float>(16, 1.0f), ACL_FORMAT_NCHW);
  verify::DeviceTensor indices = verify::DeviceTensor::indices({1, 1, 2, 2}, ACL_INT64, {0, 0, 0, 0}, ACL_FORMAT_NCHW);
  TensorPtr out = floatViewAt(indices.data(), {1, 1, 2, 2}, {4, 4, 2, 1}, 4);
  std::vector<int64_t> size{2, 2};
  ArrayPtr outputSize(aclCreateIntArray(size.data(), 2));
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_FAILS(aclnnAdaptiveMaxPool2dGetWorkspaceSize(self, outputSize.get(), out.get(), indices, &ws, &exec),
               ACLNN_ERR_PARAM_INVALID, "output out (FLOAT [1, 1, 2, 2]", "overlaps output indices (INT64 [1, 1, 2, 2]");
  EXPECT_EQ(exec, nullptr);
}

// dims [1, 1, 2, 3], strides [6, 6, 4, 2]: offsets 0 2 4 / 4 6 8, element [0,0,0,2] and [0,0,1,0] coincide,
// though the span (9) holds more than the 6 elements.
TEST_F(OperatorAliasing, AnOutputWhoseStridesInterleaveOntoOneElementIsRefusedForEveryOperator) {
  int tested = 0;
  for (const OpInfo& op : allOps()) {
    std::vector<size_t> slot;
    for (int i = 0; i < op.roleCount; ++i) slot.push_back(i * kSlot);
    std::vector<TensorPtr> tensors = tensorsAt(op, slot);
    const int dst = op.dstRole;
    std::vector<int64_t> shape = sideShape(op, op.roles[dst].side, op.example);
    // The example output's last two axes are re-laid so that row 1 starts inside row 0.
    std::vector<int64_t> strides(shape.size());
    const int64_t cols = shape.back();
    if (cols < 3 || shape.size() < 3 || shape[shape.size() - 2] < 2) continue;
    strides.back() = 2;
    strides[shape.size() - 2] = 2 * cols - 2;
    for (size_t d = shape.size() - 2; d > 0; --d) strides[d - 1] = strides[d] * shape[d];
    int64_t storage = 1;
    for (size_t d = 0; d < shape.size(); ++d) storage += (shape[d] - 1) * strides[d];
    tensors[dst].reset(aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, sideFormat(op, false),
                                       &storage, 1, static_cast<std::byte*>(buffer_) + slot[dst]));
    ASSERT_NE(tensors[dst], nullptr) << aclGetRecentErrMsg();
    EXPECT_TRUE(gradlab::testing::failsWith(call(op, tensors), ACLNN_ERR_PARAM_INVALID,
                                            {op.roles[dst].argument, "is an output whose elements share memory",
                                             "are both at element offset"}))
        << op.name;
    ++tested;
  }
  EXPECT_EQ(tested, 9) << "every 2-D and 3-D operator whose example output has 3 columns or more (a 1-D one has one row)";
}

// UpsampleNearestExact2d of a 1x1 self into a [1, 1, 2, 3] out view with these strides over `storage`
// elements of the shared buffer's second slot.
aclnnStatus upsampleIntoView(void* buffer, std::vector<int64_t> strides, int64_t storage, aclOpExecutor** exec) {
  verify::DeviceTensor self({1, 1, 1, 1}, ACL_FLOAT, {1.0f}, ACL_FORMAT_NCHW);
  TensorPtr out = floatViewAt(static_cast<std::byte*>(buffer) + kSlot, {1, 1, 2, 3}, std::move(strides), storage);
  std::vector<int64_t> size{2, 3};
  ArrayPtr outputSize(aclCreateIntArray(size.data(), 2));
  uint64_t ws = 0;
  return aclnnUpsampleNearestExact2dGetWorkspaceSize(self, outputSize.get(), 0.0, 0.0, out.get(), &ws, exec);
}

TEST_F(OperatorAliasing, TheIssuesOverlappingOutputView) {
  aclOpExecutor* exec = nullptr;
  EXPECT_FAILS(upsampleIntoView(buffer_, {6, 6, 4, 2}, 9, &exec), ACLNN_ERR_PARAM_INVALID,
               "out (FLOAT [1, 1, 2, 3], strides [6, 6, 4, 2]) is an output whose elements share memory",
               "elements [0, 0, 0, 2] and [0, 0, 1, 0] are both at element offset 4");
}

// Interleaving strides whose elements stay apart are still legal: offsets 0 2 4 / 3 5 7.
TEST_F(OperatorAliasing, InterleavingStridesWithoutSharedElementsWork) {
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(upsampleIntoView(buffer_, {8, 8, 3, 2}, 8, &exec), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  aclDestroyAclOpExecutor(exec);
}

}  // namespace
