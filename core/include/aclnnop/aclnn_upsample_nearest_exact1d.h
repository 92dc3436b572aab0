#ifndef GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT1D_H_
#define GRADLAB_ACLNNOP_UPSAMPLE_NEAREST_EXACT1D_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* self [N,C,Li] -> out [N,C,Lo]: out[n,c,l] = self[n,c,src(l)]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact1dGetWorkspaceSize(const aclTensor *self,
                                                                            const aclIntArray *outputSize,
                                                                            double scales, aclTensor *out,
                                                                            uint64_t *workspaceSize,
                                                                            aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact1d(void *workspace, uint64_t workspaceSize,
                                                            aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
