#ifndef GRADLAB_ACLNNOP_ADAPTIVE_MAX_POOL2D_H_
#define GRADLAB_ACLNNOP_ADAPTIVE_MAX_POOL2D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = max over each adaptive window of self; indices = h*W + w of the max inside its plane. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool2dGetWorkspaceSize(const aclTensor *self,
                                                                       const aclIntArray *outputSize,
                                                                       aclTensor *outputOut, aclTensor *indicesOut,
                                                                       uint64_t *workspaceSize,
                                                                       aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool2d(void *workspace, uint64_t workspaceSize,
                                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
