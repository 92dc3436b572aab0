// aclCreateTensor / aclCreateIntArray and their getters: consistent descriptions are accepted (any view
// inside its storage), inconsistent ones return nullptr with a sentence naming the argument and values.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "acl_handles.h"
#include "runtime/tensor.h"
#include "runtime_expect.h"

namespace {

using gradlab::testing::TensorPtr;

// Tensors are host-side descriptors; aclCreateTensor never looks at the data pointer.
void* const kData = reinterpret_cast<void*>(0x1000);

TensorPtr create(std::vector<int64_t> view, const std::vector<int64_t>& strides, int64_t offset,
                 std::vector<int64_t> storage, aclDataType dtype = ACL_FLOAT) {
  return TensorPtr(aclCreateTensor(view.data(), view.size(), dtype, strides.empty() ? nullptr : strides.data(), offset,
                                   ACL_FORMAT_ND, storage.data(), storage.size(), kData));
}

TEST(RuntimeTensor, ContiguousTensorAndGetters) {
  std::vector<int64_t> shape{2, 3, 4};
  std::vector<int64_t> strides{12, 4, 1};
  TensorPtr t(aclCreateTensor(shape.data(), 3, ACL_FLOAT16, strides.data(), 0, ACL_FORMAT_NCL, shape.data(), 3, kData));
  ASSERT_NE(t, nullptr) << aclGetRecentErrMsg();
  int64_t* dims = nullptr;
  uint64_t count = 0;
  ASSERT_EQ(aclGetViewShape(t.get(), &dims, &count), ACLNN_SUCCESS);
  EXPECT_EQ(std::vector<int64_t>(dims, dims + count), shape);
  delete[] dims;
  aclDataType dtype = ACL_DT_UNDEFINED;
  ASSERT_EQ(aclGetDataType(t.get(), &dtype), ACLNN_SUCCESS);
  EXPECT_EQ(dtype, ACL_FLOAT16);
  aclFormat format = ACL_FORMAT_UNDEFINED;
  ASSERT_EQ(aclGetFormat(t.get(), &format), ACLNN_SUCCESS);
  EXPECT_EQ(format, ACL_FORMAT_NCL);
  EXPECT_TRUE(t->contiguous());
  EXPECT_EQ(t->numel(), 24);
  EXPECT_EQ(t->reachBytes(), 48u);
}

TEST(RuntimeTensor, NullStridesMeanContiguous) {
  TensorPtr t = create({2, 3, 4}, {}, 0, {24});
  ASSERT_NE(t, nullptr) << aclGetRecentErrMsg();
  EXPECT_EQ(t->strides, (std::vector<int64_t>{12, 4, 1}));
  EXPECT_TRUE(t->contiguous());
}

TEST(RuntimeTensor, NonContiguousViewsInsideTheStorageAreLegal) {
  // Transposed 3x2 view of a 2x3 storage.
  TensorPtr transposed = create({3, 2}, {1, 3}, 0, {2, 3});
  ASSERT_NE(transposed, nullptr) << aclGetRecentErrMsg();
  EXPECT_FALSE(transposed->contiguous());
  // Every other element, with an offset, reaching exactly the last storage element.
  TensorPtr sliced = create({2, 2}, {4, 2}, 1, {8});
  ASSERT_NE(sliced, nullptr) << aclGetRecentErrMsg();
  EXPECT_EQ(sliced->reachBytes(), 8u * 4u);
  // Broadcast (stride 0).
  TensorPtr broadcast = create({4, 4}, {0, 1}, 0, {4});
  ASSERT_NE(broadcast, nullptr) << aclGetRecentErrMsg();
}

TEST(RuntimeTensor, EmptyAndScalarTensors) {
  TensorPtr empty = create({2, 0, 3}, {}, 0, {0});
  ASSERT_NE(empty, nullptr) << aclGetRecentErrMsg();
  EXPECT_TRUE(empty->empty());
  EXPECT_EQ(empty->reachBytes(), 0u);
  TensorPtr scalar(aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, kData));
  ASSERT_NE(scalar, nullptr) << aclGetRecentErrMsg();
  EXPECT_EQ(scalar->numel(), 1);
}

TEST(RuntimeTensor, TooManyDims) {
  std::vector<int64_t> dims(9, 1);
  EXPECT_NULL_WITH(aclCreateTensor(dims.data(), 9, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 9, kData),
                   "aclCreateTensor: viewDimsNum 9 exceeds the maximum of 8");
  std::vector<int64_t> view{1};
  EXPECT_NULL_WITH(aclCreateTensor(view.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 9, kData),
                   "aclCreateTensor: storageDimsNum 9 exceeds the maximum of 8");
}

TEST(RuntimeTensor, NegativeDim) {
  EXPECT_NULL_WITH(create({2, -3}, {}, 0, {6}).release(), "aclCreateTensor: viewDims [2, -3] has a negative size");
  EXPECT_NULL_WITH(create({2}, {}, 0, {-2}).release(), "aclCreateTensor: storageDims [-2] has a negative size");
}

TEST(RuntimeTensor, NegativeStride) {
  EXPECT_NULL_WITH(create({2, 3}, {3, -1}, 2, {6}).release(), "aclCreateTensor: stride [3, -1] has a negative stride");
}

TEST(RuntimeTensor, NegativeOffset) {
  EXPECT_NULL_WITH(create({2}, {1}, -1, {6}).release(), "aclCreateTensor: offset -1 is negative");
}

TEST(RuntimeTensor, ViewReachingPastTheStorage) {
  EXPECT_NULL_WITH(create({2, 3}, {3, 1}, 1, {6}).release(),
                   "aclCreateTensor: the view [2, 3] with stride [3, 1] and offset 1 reaches element 6 but storageDims "
                   "[6] hold 6 elements");
  EXPECT_NULL_WITH(create({3, 2}, {1, 4}, 0, {2, 3}).release(), "the view [3, 2] with stride [1, 4] and offset 0",
                   "reaches element 6", "storageDims [2, 3] hold 6 elements");
  EXPECT_NULL_WITH(create({4}, {}, 0, {}).release(), "reaches element 3", "storageDims [] hold 1 elements");
}

TEST(RuntimeTensor, UnsupportedDtype) {
  EXPECT_NULL_WITH(create({2}, {}, 0, {2}, ACL_STRING).release(), "aclCreateTensor: dataType 13 is not supported");
  EXPECT_NULL_WITH(create({2}, {}, 0, {2}, ACL_DT_UNDEFINED).release(), "aclCreateTensor: dataType -1 is not supported");
  // 31: not a data type, yet inside the enum's range (a C++ test may not pass values outside it; the
  // fuzzer's C-style calls do).
  EXPECT_NULL_WITH(create({2}, {}, 0, {2}, static_cast<aclDataType>(31)).release(), "dataType 31 is not supported");
}

TEST(RuntimeTensor, UndeclaredFormat) {
  std::vector<int64_t> dims{2};
  EXPECT_NULL_WITH(aclCreateTensor(dims.data(), 1, ACL_FLOAT, nullptr, 0, static_cast<aclFormat>(63), dims.data(), 1, kData),
                   "aclCreateTensor: format 63 is not an aclFormat");
  aclTensor* t = aclCreateTensor(dims.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_UNDEFINED, dims.data(), 1, kData);
  EXPECT_NE(t, nullptr) << aclGetRecentErrMsg();
  aclDestroyTensor(t);
}

TEST(RuntimeTensor, NullDimsWithCount) {
  std::vector<int64_t> storage{4};
  EXPECT_NULL_WITH(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage.data(), 1, kData),
                   "aclCreateTensor: viewDims is a null pointer but viewDimsNum is 2");
  std::vector<int64_t> view{4};
  EXPECT_NULL_WITH(aclCreateTensor(view.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 3, kData),
                   "aclCreateTensor: storageDims is a null pointer but storageDimsNum is 3");
}

TEST(RuntimeTensor, OverflowingElementCount) {
  const int64_t big = int64_t{1} << 32;
  EXPECT_NULL_WITH(create({big, big, 4}, {}, 0, {16}).release(),
                   "aclCreateTensor: viewDims [4294967296, 4294967296, 4] has more elements than int64 can count");
  // Contiguous strides of these dims overflow too (the product of the trailing dims).
  EXPECT_NULL_WITH(create({2, big, big}, {}, 0, {16}).release(), "has more elements than int64 can count");
  EXPECT_NULL_WITH(create({4}, {}, 0, {big, big, 4}).release(),
                   "aclCreateTensor: storageDims [4294967296, 4294967296, 4] has more elements than int64 can count");
  EXPECT_NULL_WITH(create({4}, {}, 0, {int64_t{1} << 62}).release(),
                   "storageDims [4611686018427387904] holds more bytes than int64 can count");
  EXPECT_NULL_WITH(create({3, 3}, {int64_t{1} << 62, 1}, 0, {16}).release(),
                   "the view [3, 3] with stride [4611686018427387904, 1] reaches past what int64 can address");
}

TEST(RuntimeTensor, EmptyViewWithHugeContiguousStridesIsLegal) {
  // The strides of an empty view are never used; computing them must not overflow (UB) either.
  const int64_t big = int64_t{1} << 32;
  TensorPtr t = create({0, big, big}, {}, 0, {0});
  EXPECT_NE(t, nullptr) << aclGetRecentErrMsg();
}

TEST(RuntimeTensor, GettersRefuseNull) {
  TensorPtr t = create({2}, {}, 0, {2});
  int64_t* dims = nullptr;
  uint64_t count = 0;
  EXPECT_FAILS(aclGetViewShape(nullptr, &dims, &count), ACLNN_ERR_PARAM_NULLPTR, "aclGetViewShape");
  EXPECT_FAILS(aclGetViewShape(t.get(), nullptr, &count), ACLNN_ERR_PARAM_NULLPTR, "aclGetViewShape");
  EXPECT_FAILS(aclGetDataType(t.get(), nullptr), ACLNN_ERR_PARAM_NULLPTR, "aclGetDataType");
  EXPECT_FAILS(aclGetFormat(nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR, "aclGetFormat");
  EXPECT_EQ(aclDestroyTensor(nullptr), ACLNN_SUCCESS);
}

TEST(RuntimeTensor, DataTypeSizes) {
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_BF16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT32), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_DOUBLE), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_BOOL), 1u);
  EXPECT_EQ(aclDataTypeSize(ACL_STRING), 0u);
}

TEST(RuntimeIntArray, CreateAndSize) {
  std::vector<int64_t> v{4, 2};
  aclIntArray* a = aclCreateIntArray(v.data(), v.size());
  ASSERT_NE(a, nullptr);
  uint64_t size = 0;
  ASSERT_EQ(aclGetIntArraySize(a, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 2u);
  EXPECT_EQ(a->values, v);
  EXPECT_EQ(aclDestroyIntArray(a), ACLNN_SUCCESS);
  aclIntArray* empty = aclCreateIntArray(nullptr, 0);
  ASSERT_NE(empty, nullptr);
  EXPECT_EQ(aclDestroyIntArray(empty), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyIntArray(nullptr), ACLNN_SUCCESS);
}

TEST(RuntimeIntArray, NullValueWithSize) {
  EXPECT_NULL_WITH(aclCreateIntArray(nullptr, 3), "aclCreateIntArray: value is a null pointer but size is 3");
}

TEST(RuntimeIntArray, TooLarge) {
  std::vector<int64_t> v((1 << 20) + 1, 0);
  EXPECT_NULL_WITH(aclCreateIntArray(v.data(), v.size()),
                   "aclCreateIntArray: size 1048577 is larger than gradlab accepts (1048576)");
}

TEST(RuntimeIntArray, SizeGetterRefusesNull) {
  uint64_t size = 0;
  EXPECT_FAILS(aclGetIntArraySize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR,
               "aclGetIntArraySize: array and size must not be null");
}

}  // namespace
