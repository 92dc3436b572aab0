/* gradlab: tensors, integer arrays and operator executors of the aclnn API. */
#ifndef GRADLAB_ACLNN_ACL_META_H_
#define GRADLAB_ACLNN_ACL_META_H_

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct aclTensor aclTensor;
typedef struct aclIntArray aclIntArray;
typedef struct aclOpExecutor aclOpExecutor;
typedef int32_t aclnnStatus;

static const aclnnStatus ACLNN_SUCCESS = 0;
static const aclnnStatus ACLNN_ERR_PARAM_NULLPTR = 161001;
static const aclnnStatus ACLNN_ERR_PARAM_INVALID = 161002;
static const aclnnStatus ACLNN_ERR_RUNTIME_ERROR = 361001;
static const aclnnStatus ACLNN_ERR_INNER = 561000;
static const aclnnStatus ACLNN_ERR_INNER_NULLPTR = 561103;

/* Returns NULL (and sets aclGetRecentErrMsg) when the description is inconsistent:
 * negative dims or strides, a view that reaches past the storage, too many dims. */
ACL_FUNC_VISIBILITY aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                               const int64_t *stride, int64_t offset, aclFormat format,
                                               const int64_t *storageDims, uint64_t storageDimsNum,
                                               void *tensorData);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor *tensor);
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims, uint64_t *viewDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format);

ACL_FUNC_VISIBILITY aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray *array);
ACL_FUNC_VISIBILITY aclnnStatus aclGetIntArraySize(const aclIntArray *array, uint64_t *size);

/* Frees an executor that was never launched (a launched one frees itself once it has run). */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor);

#ifdef __cplusplus
}
#endif

#endif /* GRADLAB_ACLNN_ACL_META_H_ */
