#ifndef GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT1D_BACKWARD_H_
#define GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT1D_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gradOutput [N,C,Lo] -> out [N,C,Li]: out[n,c,src(l)] += gradOutput[n,c,l]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclIntArray *outputSize, const aclIntArray *inputSize, double scales,
    aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact1dBackward(void *workspace, uint64_t workspaceSize,
                                                                    aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
