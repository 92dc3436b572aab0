// Lessons true of their runs: every caption of every shipped lesson fills its placeholders from the step's
// own run, every claim a step declares holds for that run, and no caption calls an upsample a downsample.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include "viz/model/caption.h"
#include "viz/model/lesson.h"
#include "viz/model/text.h"

namespace gradlab::viz {
namespace {

struct StepRun {
  RunRequest request;
  RunResult result;
  Scene scene;
};

StepRun runStep(const Preset& p) {
  StepRun s;
  std::string error;
  EXPECT_TRUE(p.spec.resolve(&s.request, &error)) << error;
  s.request.trace = true;
  s.result = run(s.request);
  EXPECT_TRUE(s.result.ok()) << s.result.message;
  s.scene = buildScene(sceneSourceOf(s.result, s.request.op), p.view.plane);
  return s;
}

TEST(VizLessonTruth, EveryCaptionAndClaimHoldsForItsRun) {
  std::vector<std::string> errors;
  const std::vector<Lesson> lessons = loadLessons(std::string(GRADLAB_ASSETS_DIR) + "/lessons", &errors);
  ASSERT_TRUE(errors.empty()) << errors.front();
  int claims = 0;
  for (const Lesson& l : lessons) {
    for (size_t k = 0; k < l.presets.size(); ++k) {
      const Preset& p = l.presets[k];
      const std::string where = cat(l.id, " step ", k + 1, " (", p.title, ")");
      const StepRun s = runStep(p);
      std::string unfilled;
      const std::string caption = fillCaption(p.caption, s.scene, false, &unfilled);
      EXPECT_TRUE(unfilled.empty()) << where << ": " << unfilled;
      bool saysCoresWait = false;
      for (const CaptionClaim& c : p.claims) {
        EXPECT_EQ(claimFailure(c, s.scene), "") << where;
        saysCoresWait = saysCoresWait || c.coresWait.value_or(false);
        ++claims;
      }
      // "Cores in parallel" shows every core starting at once unless the step says why one waits
      // (tiling-and-cores 2's third core waited for the second's last row until two thirds of the animation).
      if (p.view.pacingSet && p.view.pacing == Pacing::kCoresInParallel && !saysCoresWait) {
        EXPECT_EQ(Animation(s.scene, Pacing::kCoresInParallel).coresStartingLate(), 0) << where << ": a core starts late";
      }
      // A backward whose gradOutput is larger than gradInput is an upsample's backward, whatever it sums.
      const RunRequest& r = s.request;
      const bool grows = r.shape.out[kH] * r.shape.out[kW] > r.shape.in[kH] * r.shape.in[kW];
      if (grows && opInfo(r.op).rule != IndexRule::kAdaptiveMax) {
        EXPECT_EQ(caption.find("downsample"), std::string::npos) << where << " calls an upsample a downsample: " << caption;
      }
    }
  }
  EXPECT_GE(claims, 3);
}

// While a step's question is open the view holds back core colours, hatching and what a hover shows (they
// would answer it): its caption, in English and in Chinese, says none of them until the question is answered
// (tiling-and-cores said "Cell colours are cores" over cells coloured by value, and "(hatched cells)" with none
// hatched; first-steps "Hover an output cell to see the formula" where a hover showed nothing).
TEST(VizLessonTruth, AnOpenQuestionsCaptionDescribesOnlyWhatIsShown) {
  std::vector<std::string> errors;
  const std::vector<Lesson> lessons = loadLessons(std::string(GRADLAB_ASSETS_DIR) + "/lessons", &errors);
  ASSERT_TRUE(errors.empty()) << errors.front();
  const char* heldBack[] = {"hover", "Hover", "hatched", "colours are cores", "Colour by cores", "悬停", "斜线", "颜色代表核", "按核着色"};
  int questions = 0, later = 0;
  for (const Lesson& l : lessons) {
    for (size_t k = 0; k < l.presets.size(); ++k) {
      const Preset& p = l.presets[k];
      if (!p.exercise) continue;
      ++questions;
      std::vector<std::string> captions = {p.caption};
      if (l.chinese && k < l.chinese->steps.size()) captions.push_back(l.chinese->steps[k].caption);
      for (const std::string& caption : captions) {
        const std::string open = fillCaption(caption, Scene{}, true, nullptr);
        for (const char* words : heldBack)
          EXPECT_EQ(open.find(words), std::string::npos) << l.id << " step " << k + 1 << " says \"" << words << "\" while its question is open: " << open;
        later += fillCaption(caption, Scene{}, false, nullptr) != open ? 1 : 0;
      }
    }
  }
  EXPECT_GT(questions, 20);
  EXPECT_GE(later, 6) << "captions that say more once answered";
}

// A false claim is caught, with the run's own number in the message.
TEST(VizLessonTruth, AFalseClaimNamesWhatTheRunDid) {
  Preset p;
  p.spec.request.op = OpKind::kUpsampleNearestExact2dBackward;
  p.spec.request.shape.in[kH] = p.spec.request.shape.in[kW] = 4;
  p.spec.request.shape.out[kH] = p.spec.request.shape.out[kW] = 8;
  p.spec.device = "classroom";
  const StepRun s = runStep(p);
  EXPECT_EQ(claimFailure({"gradInput[1, 2]", 4, std::nullopt, std::nullopt, std::nullopt, {}}, s.scene), "");  // every cell sums a 2x2 block
  EXPECT_EQ(claimFailure({"gradInput[1, 2]", 2, std::nullopt, std::nullopt, std::nullopt, {}}, s.scene), "gradInput[1, 2] receives 4 add(s), not 2");
  EXPECT_NE(claimFailure({"gradInput[9, 2]", 4, std::nullopt, std::nullopt, std::nullopt, {}}, s.scene), "");
  // 8 gradOutput rows on 4 cores, 2 each: each core's band lands in its own gradInput row, nobody waits.
  EXPECT_EQ(claimFailure({"", std::nullopt, std::nullopt, std::nullopt, true, {}}, s.scene), "every core starts at once in parallel pacing");
  EXPECT_EQ(claimFailure({"", std::nullopt, std::nullopt, std::nullopt, false, {}}, s.scene), "");
  // A claim about the plan's words: the strategy line as the run described it.
  CaptionClaim says;
  says.planSays = "gradOutput rows split";
  EXPECT_EQ(claimFailure(says, s.scene), "") << s.scene.plan->strategy;
  says.planSays = "schedule 1 (";
  EXPECT_NE(claimFailure(says, s.scene).find("the plan does not say \"schedule 1 (\""), std::string::npos);
  std::string unfilled;
  EXPECT_EQ(fillCaption("{adds gradInput[0, 0]} adds on {cores} cores", s.scene, false, &unfilled), "4 adds on 4 cores");
  // A part shown once the question is answered may hold placeholders of its own (three-ways 2 showed "cores
  // here ...}" when its part ended at the first closing brace).
  EXPECT_EQ(fillCaption("Look. {once answered: {cores} cores did it.} Then", s.scene, false, &unfilled), "Look. 4 cores did it. Then");
  EXPECT_EQ(fillCaption("Look. {once answered: {cores} cores did it.} Then", s.scene, true, &unfilled), "Look. Then");
  EXPECT_EQ(unfilled, "");
  fillCaption("{nonsense}", s.scene, false, &unfilled);
  EXPECT_EQ(unfilled, "unknown placeholder {nonsense}");
  // A part for after the answer, left out while the question is open: no space where it was, at the start
  // (nearest-vs-exact 6 began with one) or between sentences.
  EXPECT_EQ(fillCaption("{once answered: 3, 2, 3.} Check it.", s.scene, true, &unfilled), "Check it.");
  EXPECT_EQ(fillCaption("A. {once answered: B.} C.", s.scene, true, &unfilled), "A. C.");
  EXPECT_EQ(fillCaption("{once answered: B.} C.", s.scene, false, &unfilled), "B. C.");
}

// A claim about the plan: whether some tile covers more than one plane (tiling-and-cores once said a tile
// "may cover parts of two planes" of a run whose every tile lies in one).
TEST(VizLessonTruth, APlaneClaimLooksAtEveryTile) {
  Preset p;
  p.spec.request.op = OpKind::kUpsampleNearestExact2dBackward;
  p.spec.request.shape.N = 2;
  p.spec.request.shape.C = 3;
  p.spec.request.shape.in[kH] = p.spec.request.shape.in[kW] = 8;
  p.spec.request.shape.out[kH] = p.spec.request.shape.out[kW] = 16;
  p.spec.device = "classroom";
  const StepRun s = runStep(p);
  ASSERT_TRUE(s.scene.plan);
  bool crossing = false;
  for (const Tile& t : s.scene.plan->tiles) crossing = crossing || t.dst.plane1 - t.dst.plane0 > 1 || t.src.plane1 - t.src.plane0 > 1;
  CaptionClaim claim;
  claim.tilesCrossPlanes = crossing;
  EXPECT_EQ(claimFailure(claim, s.scene), "");
  claim.tilesCrossPlanes = !crossing;
  EXPECT_NE(claimFailure(claim, s.scene), "");
}

TEST(VizLessonTruth, ATieClaimLooksAtTheWindow) {
  Preset p;
  p.spec.request.op = OpKind::kAdaptiveMaxPool2d;
  p.spec.request.shape.in[kH] = p.spec.request.shape.in[kW] = 4;
  p.spec.request.shape.out[kH] = p.spec.request.shape.out[kW] = 2;
  p.spec.request.values = {1, 7, 2, 2, 7, 3, 2, 2, 0, 0, 5, 9, 4, 0, 9, 1};
  p.spec.device = "classroom";
  const StepRun s = runStep(p);
  EXPECT_EQ(claimFailure({"out[0, 0]", std::nullopt, true, std::nullopt, std::nullopt, {}}, s.scene), "");   // 7 twice
  EXPECT_EQ(claimFailure({"out[0, 1]", std::nullopt, true, std::nullopt, std::nullopt, {}}, s.scene), "");   // 2 four times
  EXPECT_EQ(claimFailure({"out[1, 0]", std::nullopt, true, std::nullopt, std::nullopt, {}}, s.scene), "out[1, 0]'s window has its maximum in 1 cell(s): no tie");
}

}  // namespace
}  // namespace gradlab::viz
#endif
