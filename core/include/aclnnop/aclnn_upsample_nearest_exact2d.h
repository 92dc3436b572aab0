#ifndef GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT2D_H_
#define GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT2D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* self [N,C,Hi,Wi] -> out [N,C,Ho,Wo]: out[n,c,h,w] = self[n,c,src(h),src(w)]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact2dGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *outputSize, double scalesH, double scalesW, aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact2d(void *workspace, uint64_t workspaceSize,
                                                            aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
