#ifndef GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT3D_BACKWARD_H_
#define GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT3D_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradOut [N,C,Do,Ho,Wo] -> gradInput [N,C,Di,Hi,Wi]: gradInput[n,c,src(d),src(h),src(w)] += gradOut[n,c,d,h,w]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact3dBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclIntArray *outputSize, const aclIntArray *inputSize, double scalesD,
    double scalesH, double scalesW, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact3dBackward(void *workspace, uint64_t workspaceSize,
                                                                    aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
