#ifndef GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_2D_H_
#define GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_2D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Legacy nearest (PyTorch's upsample_nearest2d): self [N,C,Hi,Wi] -> out [N,C,Ho,Wo] with
 * out[n,c,h,w] = self[n,c,src(h),src(w)], src(o) = min(floor(o * in/out), in - 1). NCHW or NHWC. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest2dGetWorkspaceSize(const aclTensor *self,
                                                                       const aclIntArray *outputSize, aclTensor *out,
                                                                       uint64_t *workspaceSize,
                                                                       aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest2d(void *workspace, uint64_t workspaceSize,
                                                       aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
