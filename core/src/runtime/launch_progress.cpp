#include "runtime/launch_progress.h"

namespace gradlab::rt {
namespace {
thread_local RunProgress* t_progress = nullptr;  // a plain pointer: no destructor on the library's threads
}  // namespace

RunProgress* launchProgress() { return t_progress; }

LaunchProgressScope::LaunchProgressScope(RunProgress* progress) : previous_(t_progress) { t_progress = progress; }

LaunchProgressScope::~LaunchProgressScope() { t_progress = previous_; }

}  // namespace gradlab::rt
