// The time a run's step still needs, from its pace so far: nothing until the pace is known, then the
// units left over the units per second; a new step starts again.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include "viz/model/step_clock.h"

namespace gradlab::viz {
namespace {

TEST(VizStepClock, TimeLeftFollowsThePaceOfTheStep) {
  StepClock clock;
  clock.observe(1, 0, 1000, 10.0);
  EXPECT_EQ(clock.fraction(), 0.0);
  EXPECT_FALSE(clock.secondsLeft()) << "no pace yet";
  clock.observe(1, 100, 1000, 10.5);
  EXPECT_FALSE(clock.secondsLeft()) << "half a second is too early to guess";
  clock.observe(1, 250, 1000, 12.0);  // 250 units in 2 s
  EXPECT_DOUBLE_EQ(clock.fraction(), 0.25);
  ASSERT_TRUE(clock.secondsLeft());
  EXPECT_DOUBLE_EQ(*clock.secondsLeft(), 6.0);
  clock.observe(2, 0, 50, 12.1);  // the next step: its own pace
  EXPECT_EQ(clock.step(), 2);
  EXPECT_FALSE(clock.secondsLeft());
  clock.observe(2, 10, 50, 14.1);
  EXPECT_DOUBLE_EQ(*clock.secondsLeft(), 8.0);
}

}  // namespace
}  // namespace gradlab::viz
#endif
