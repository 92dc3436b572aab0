#ifndef GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT3D_H_
#define GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT3D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* self [N,C,Di,Hi,Wi] -> out [N,C,Do,Ho,Wo]: out[n,c,d,h,w] = self[n,c,src(d),src(h),src(w)]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact3dGetWorkspaceSize(const aclTensor *self,
                                                                            const aclIntArray *outputSize,
                                                                            double scalesD, double scalesH,
                                                                            double scalesW, aclTensor *out,
                                                                            uint64_t *workspaceSize,
                                                                            aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact3d(void *workspace, uint64_t workspaceSize,
                                                            aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
