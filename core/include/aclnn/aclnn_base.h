#ifndef GRADLAB_ACLNN_ACLNN_BASE_H_
#define GRADLAB_ACLNN_ACLNN_BASE_H_
#include "acl/acl_base.h"
#include "acl/acl_rt.h"
#include "aclnn/acl_meta.h"
#endif
