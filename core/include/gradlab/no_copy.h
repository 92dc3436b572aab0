// A base for owners of a resource (a thread, a file, a device allocation, a scope's saved state) whose copy
// would release it twice: a class that derives from NoCopy can be neither copied nor moved.
#pragma once

namespace gradlab {

struct NoCopy {
  NoCopy() = default;
  NoCopy(const NoCopy&) = delete;
  NoCopy& operator=(const NoCopy&) = delete;
};

}  // namespace gradlab
