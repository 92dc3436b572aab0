#ifndef GRADLAB_ACLNNOP_ADAPTIVE_MAX_POOL2D_BACKWARD_H_
#define GRADLAB_ACLNNOP_ADAPTIVE_MAX_POOL2D_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradInput[n,c,indices[n,c,oh,ow]] += gradOutput[n,c,oh,ow]; 3-D (C,H,W) or 4-D (N,C,H,W). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices, aclTensor *gradInput,
    uint64_t *workspaceSize, aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool2dBackward(void *workspace, uint64_t workspaceSize,
                                                               aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
