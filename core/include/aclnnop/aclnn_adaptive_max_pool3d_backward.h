#ifndef GRADLAB_ACLNNOP_ADAPTIVE_MAX_POOL3D_BACKWARD_H_
#define GRADLAB_ACLNNOP_ADAPTIVE_MAX_POOL3D_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradInput[n,c,indices[n,c,od,oh,ow]] += gradOutput[n,c,od,oh,ow]; 4-D (C,D,H,W) or 5-D (N,C,D,H,W). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices, aclTensor *gradInput,
    uint64_t *workspaceSize, aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool3dBackward(void *workspace, uint64_t workspaceSize,
                                                               aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
