// std::bit_cast and relaxed std::atomic_ref operations through the compiler's builtins (GCC and clang), so
// that the same code builds where the standard library lacks them (the libc++ of Debian's emscripten
// 3.1.6, for the browser build). Same semantics: a bitwise copy; relaxed atomics on a plain object.
#pragma once

namespace gradlab {

template <typename To, typename From>
constexpr To bitCast(const From& from) {
  static_assert(sizeof(To) == sizeof(From));
  return __builtin_bit_cast(To, from);
}

// Replaces *cell by next(*cell) atomically (relaxed); returns the value it replaced.
template <typename T, typename Next>
T atomicUpdate(T* cell, const Next& next) {
  T before;
  __atomic_load(cell, &before, __ATOMIC_RELAXED);
  T after = next(before);
  while (!__atomic_compare_exchange(cell, &before, &after, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) after = next(before);
  return before;
}

// Adds `value` to *cell atomically (relaxed) and returns what it held before: std::atomic_ref's fetch_add.
template <typename T>
T atomicFetchAdd(T* cell, T value) {
  return atomicUpdate(cell, [value](T sum) { return sum + value; });
}

}  // namespace gradlab
