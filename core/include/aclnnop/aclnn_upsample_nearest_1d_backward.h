#ifndef GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_1D_BACKWARD_H_
#define GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_1D_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Legacy nearest backward (PyTorch's upsample_nearest1d_backward): gradOut [N,C,Lo] -> out [N,C,Li],
 * out[n,c,src(l)] += gradOut[n,c,l], src as for aclnnUpsampleNearest2dBackward along L. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest1dBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclIntArray *outputSize, const aclIntArray *inputSize, double scales,
    aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest1dBackward(void *workspace, uint64_t workspaceSize,
                                                               aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
