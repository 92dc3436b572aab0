// Marks gradlab's C++ API for export from libgradlab.so. The core compiles with hidden visibility, so
// only what a public header declares between GRADLAB_API_BEGIN and GRADLAB_API_END (and the C API, marked
// ACL_FUNC_VISIBILITY) is visible to programs linking the shared library; internals stay inside it.
// Programs that include these headers see no difference.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define GRADLAB_API_BEGIN _Pragma("GCC visibility push(default)")
#define GRADLAB_API_END _Pragma("GCC visibility pop")
#else
#define GRADLAB_API_BEGIN
#define GRADLAB_API_END
#endif
