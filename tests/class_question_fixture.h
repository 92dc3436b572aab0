// The question the class tests ask: "click the gradInput cell that gradOutput (5, 3) lands in" on a 4x4 ->
// 8x8 upsample backward, whose answer is gradInput (2, 1), posed from a real traced run.
#pragma once

#include <gtest/gtest.h>

#include "gradlab/runner.h"
#include "viz/model/exercise.h"
#include "viz/model/scene.h"

namespace gradlab::viz {

struct PosedClassQuestion {
  RunResult result;  // the scene views its tensors
  Scene scene;
  Exercise exercise;
};

inline PosedClassQuestion poseLandsInQuestion() {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 4, r.shape.out[kH] = r.shape.out[kW] = 8;
  r.deterministic = true;
  r.trace = true;
  PosedClassQuestion p;
  p.result = run(r);
  EXPECT_TRUE(p.result.ok()) << p.result.message;
  p.scene = buildScene(sceneSourceOf(p.result, r.op), 0);
  p.exercise = buildExercise({ExerciseKind::kLandsIn, 5, 3, ""}, p.scene, r, p.result);
  EXPECT_TRUE(p.exercise.ok()) << p.exercise.error;
  return p;
}

}  // namespace gradlab::viz
