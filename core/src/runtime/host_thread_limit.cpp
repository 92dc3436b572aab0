#include "gradlab/host_threads.h"

#include "runtime/core_pool.h"

namespace gradlab {

void setHostThreadLimit(int32_t threads) { rt::limitHostThreads(threads); }

}  // namespace gradlab
