/* gradlab: umbrella header of the emulated AscendCL runtime. */
#ifndef GRADLAB_ACL_ACL_H_
#define GRADLAB_ACL_ACL_H_

#include "acl/acl_base.h"
#include "acl/acl_rt.h"
#include "aclnn/acl_meta.h"

#endif /* GRADLAB_ACL_ACL_H_ */
