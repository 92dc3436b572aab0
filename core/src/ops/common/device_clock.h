// The clock's one placement rule, shared by the plan's modelled events and a trace's recorded ones.
#pragma once

#include <span>

#include "gradlab/trace.h"

namespace gradlab::ops {

// Places one core's events of one phase (in issue order; on entry each holds its duration working alone
// as endUs - startUs) on that core's pipes (MTE2, vector, MTE3; a cube core's MTE2, MTE1, cube, FixPipe), from `startUs`: a pipe runs its events
// one at a time in issue order, a tile's events run in order, a tile starts when the tile before it is
// done (or the one before that when both are double-buffered), and copies go at half speed while both
// copy engines run if the core's HBM share is what limits them. Returns when the last event ends.
double placeCoreEvents(const Plan& plan, std::span<TraceEvent> events, double startUs);

// An event of `kind` moving `bytes` (and doing `work`: vector elements of a compute, multiply-adds of a
// matmul) for `tile`, with its duration as endUs, startUs = 0 and its ping/pong buffer.
TraceEvent unplacedEvent(const Plan& plan, int32_t core, int32_t tile, EventKind kind, uint64_t bytes,
                         uint64_t work);

}  // namespace gradlab::ops
