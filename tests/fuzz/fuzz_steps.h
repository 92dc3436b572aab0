// The steps of a fuzz program (see fuzz_program.h), grouped by what they exercise.
#pragma once

#include "fuzz_program.h"
#include "fuzz_state.h"

namespace gradlab::fuzz {

// steps_runtime.cpp: memory, streams, devices, options, queries, aclFinalize.
void stepMalloc(State& s);
void stepFree(State& s);
void stepMemcpy(State& s);
void stepMemset(State& s);
void stepSynchronize(State& s);
void stepCreateStream(State& s);
void stepDestroyStream(State& s);
void stepDeterministic(State& s);
void stepQueries(State& s);
void stepSetDevice(State& s);
void stepResetDevice(State& s);
void stepFinalizeAndInit(State& s);
// Fresh runtime for every program, so a reported input replays the same way on its own.
void startRuntime();

// steps_tensors.cpp
void stepCreateTensor(State& s);
void stepDestroyTensor(State& s);
void stepCreateIntArray(State& s);

// steps_operators.cpp
void stepOperator(State& s);
void stepLaunchKept(State& s);
void stepDestroyExecutor(State& s);

// steps_introspection.cpp: gradlab's own C++ API (profiles, the runner, plans and traces of executors).
void stepProfile(State& s);
void stepRun(State& s);
void stepInspectExecutor(State& s);

}  // namespace gradlab::fuzz
