#ifndef GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_2D_BACKWARD_H_
#define GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_2D_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Legacy nearest backward (PyTorch's upsample_nearest2d_backward): gradOut [N,C,Ho,Wo] -> gradInput
 * [N,C,Hi,Wi], gradInput[n,c,src(h),src(w)] += gradOut[n,c,h,w], src(o) = min(floor(o * s), in - 1) with
 * s = 1/scale (scale > 0) or in/out; o itself when out == in, o >> 1 when out == 2 * in. NCHW or NHWC. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest2dBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclIntArray *outputSize, const aclIntArray *inputSize, double scalesH,
    double scalesW, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest2dBackward(void *workspace, uint64_t workspaceSize,
                                                               aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
