#ifndef GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_1D_H_
#define GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_1D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Legacy nearest (PyTorch's upsample_nearest1d): self [N,C,Li] -> out [N,C,Lo] with
 * out[n,c,l] = self[n,c,src(l)], src(o) = min(floor(o * in/out), in - 1). NCL. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest1dGetWorkspaceSize(const aclTensor *self,
                                                                       const aclIntArray *outputSize, aclTensor *out,
                                                                       uint64_t *workspaceSize,
                                                                       aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest1d(void *workspace, uint64_t workspaceSize,
                                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
