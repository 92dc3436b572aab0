#ifndef GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT2D_BACKWARD_H_
#define GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT2D_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradOutput [N,C,Ho,Wo] -> out [N,C,Hi,Wi]: out[n,c,src(h),src(w)] += gradOutput[n,c,h,w]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclIntArray *outputSize, const aclIntArray *inputSize, double scalesH,
    double scalesW, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact2dBackward(void *workspace, uint64_t workspaceSize,
                                                                    aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
