#ifndef GRADLAB_ACLNNOP_ADAPTIVE_MAX_POOL3D_H_
#define GRADLAB_ACLNNOP_ADAPTIVE_MAX_POOL3D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out = max over each adaptive window of self (5-D N,C,D,H,W or 4-D C,D,H,W; outputSize = [Do, Ho, Wo]);
   indices = d*H*W + h*W + w of the max inside its plane (INT32, as on Atlas A2/A3). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool3dGetWorkspaceSize(const aclTensor *self,
                                                                       const aclIntArray *outputSize,
                                                                       aclTensor *outputOut, aclTensor *indicesOut,
                                                                       uint64_t *workspaceSize,
                                                                       aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool3d(void *workspace, uint64_t workspaceSize,
                                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
