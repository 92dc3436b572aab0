// The spoiler rule under interaction: people click. With each shipped question open, a seeded walk of what a
// person does over the widget map (tabs, clicks on grids, Pipeline events, tiles and canvases, hovers, zoom,
// view check boxes and buttons, presenter mode on and off), after the previous step's own clicks were carried
// in (a selected tile, a pinned cell, a kernel line), checks the spoiler rule (tests/spoiler_rule.h) after
// every action. GRADLAB_SPOILER_WALK sets the actions per question and presenter mode: 6 in the test command,
// a few hundred for the long walk before a release.
#ifdef GRADLAB_HAVE_VIZ
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "panels_harness.h"
#include "spoiler_rule.h"
#include "viz/panels/actions.h"

namespace gradlab::viz {
namespace {

struct OnScreen {
  std::string id;
  ImVec2 min, max;
  ImVec2 at(std::mt19937& rng) const {
    std::uniform_real_distribution<float> fx(0.1f, 0.9f);
    return ImVec2(min.x + (max.x - min.x) * fx(rng), min.y + (max.y - min.y) * fx(rng));
  }
};

// What the last frame drew, from its widget map.
std::vector<OnScreen> onScreen() {
  std::vector<OnScreen> out;
  const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
  for (const auto& w : map["widgets"]) {  // the part inside its window: a widget scrolled out of view is not clicked
    const ImVec2 min(std::max(w["x0"].get<float>(), w["wx0"].get<float>()), std::max(w["y0"].get<float>(), w["wy0"].get<float>()));
    const ImVec2 max(std::min(w["x1"].get<float>(), w["wx1"].get<float>()), std::min(w["y1"].get<float>(), w["wy1"].get<float>()));
    if (max.x - min.x >= 2 && max.y - min.y >= 2) out.push_back({w["id"].get<std::string>(), min, max});
  }
  return out;
}

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// Widgets a person explores with while a question is open. Not: answering (Check, Show the answer, the
// teacher's outlines), leaving the step or the lesson, files, and the controls that change the run (the
// question then closes: a changed run is not the step's).
bool explores(const std::string& id) {
  if (!(startsWith(id, "tab/") || startsWith(id, "check/") || startsWith(id, "radio/") || startsWith(id, "button/") ||
        startsWith(id, "grid/") || startsWith(id, "canvas/")))
    return false;
  for (const char* no : {"Check", "Show the answer", "Teacher", "Next", "Previous", "Back", "lesson", "Lesson", "File", "Run",
                         "Export", "Screenshot", "Quit", "Start", "deterministic", "Verify", "class", "Class", "language"})
    if (id.find(no) != std::string::npos) return false;
  return true;
}

int walkLength() {
  const char* n = std::getenv("GRADLAB_SPOILER_WALK");
  return n && std::atoi(n) > 0 ? std::atoi(n) : 6;
}

class SpoilerWalk : public PanelsHarness {
 protected:
  void SetUp() override {
    PanelsHarness::SetUp();
    uimap::setEnabled(true);
  }
  void TearDown() override {
    uimap::setEnabled(false);
    PanelsHarness::TearDown();
  }

  // One thing a person does; returns what, for the failure message.
  std::string act(AppState& s, std::mt19937& rng) {
    const std::vector<OnScreen> widgets = onScreen();
    std::vector<const OnScreen*> targets, centre;
    for (const OnScreen& w : widgets) {
      if (explores(w.id)) targets.push_back(&w);
      if (w.id == "panel/centre") centre.push_back(&w);
    }
    const int what = std::uniform_int_distribution<int>(0, 9)(rng);
    if (what == 0) {
      s.view.presenter = !s.view.presenter;
      syncTheme(s);
      frame(s);
      return s.view.presenter ? "presenter on" : "presenter off";
    }
    if ((what == 1 || what == 2) && !centre.empty()) {  // hover, or zoom with the wheel, somewhere on the canvas
      const ImVec2 at = centre.front()->at(rng);
      frame(s, at, false, what == 2 ? (rng() % 2 ? 1.0f : -1.0f) : 0.0f);
      frame(s, at);
      return cat(what == 2 ? "wheel at " : "hover at ", at.x, ",", at.y);
    }
    if (what == 3 && !centre.empty()) {  // a click anywhere on the canvas: a cell, an event, a tile, nothing
      const ImVec2 at = centre.front()->at(rng);
      click(s, at);
      return cat("click at ", at.x, ",", at.y);
    }
    if (targets.empty()) return "nothing to click";
    const OnScreen& w = *targets[std::uniform_int_distribution<size_t>(0, targets.size() - 1)(rng)];
    click(s, w.at(rng));
    return "click " + w.id;
  }

  // The previous step's own clicks, carried into the question: a tile selected (a Pipeline event), a cell
  // pinned, a kernel line clicked, a few clicks of the walk.
  void carryIn(AppState& s, size_t lesson, size_t step, std::mt19937& rng) {
    if (step == 0) return;
    applyPreset(s, static_cast<int>(lesson), static_cast<int>(step - 1));
    if (s.exerciseOpen()) revealExercise(s);
    frame(s);
    if (const Plan* plan = s.run.result.plan.get(); plan && !plan->tiles.empty())
      selectTile(s, static_cast<int32_t>(rng() % plan->tiles.size()));
    if (s.run.scene.dst >= 0) s.view.pinned = CellRef{s.run.scene.dst, 0, 0};
    s.view.codeLine = CodeLineRef{0, 1};
    for (int i = 0; i < 2; ++i) act(s, rng);
  }
};

TEST_F(SpoilerWalk, NoClickGivesAnOpenQuestionsAnswerAway) {
  AppState s;
  const int steps = walkLength();
  std::mt19937 rng(20261128);
  int actions = 0;
  const int questions = forEachShippedQuestion(s, [&](size_t l, size_t p) {
    carryIn(s, l, p, rng);
    applyPreset(s, static_cast<int>(l), static_cast<int>(p));
    ASSERT_TRUE(s.exerciseOpen()) << s.course.lessons[l].id << " step " << p + 1;
    frame(s);
    std::string walk = "opened";
    for (int i = 0; i < steps; ++i) {
      walk += "; " + act(s, rng);
      ++actions;
      if (!s.exerciseOpen()) {  // the walk changed the run or answered it: the step anew
        applyPreset(s, static_cast<int>(l), static_cast<int>(p));
        walk += "; the step anew";
        continue;
      }
      frame(s);
      const std::string text = loggedFrame(s);
      for (const std::string& spoiler : spoilersIn(text, s))
        ADD_FAILURE() << s.course.lessons[l].id << " step " << p + 1 << " ("
                      << exerciseKindName(s.course.exercise->exercise.spec.kind) << ") after " << walk << ": "
                      << spoiler;
    }
  });
  EXPECT_GE(questions, 80);
  std::printf("spoiler walk: %d questions, %d actions\n", questions, actions);
}

}  // namespace
}  // namespace gradlab::viz
#endif
