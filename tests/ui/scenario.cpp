#include "scenario.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "app_process.h"
#include "x_display.h"

namespace gradlab::uitest {
namespace {

using nlohmann::json;

bool matches(const std::string& actual, const std::string& wanted) {
  if (wanted.rfind(">=", 0) == 0 || wanted.rfind("<=", 0) == 0) {  // numbers: ">=12" ("12.5 px" reads as 12.5)
    char* end = nullptr;
    const double a = std::strtod(actual.c_str(), &end);
    if (end == actual.c_str()) return false;
    const double w = std::strtod(wanted.c_str() + 2, nullptr);
    return wanted[0] == '>' ? a >= w : a <= w;
  }
  if (!wanted.empty() && wanted[0] == '~') return actual.find(wanted.substr(1)) != std::string::npos;
  if (!wanted.empty() && wanted[0] == '!') return actual != wanted.substr(1);
  return actual == wanted;
}

std::string text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

struct Point {
  int x = 0, y = 0;
};

Point pointIn(const Widget& w, const json& step) {
  double fx = 0.5, fy = 0.5;
  if (step.contains("at") && step["at"].is_array() && step["at"].size() == 2) fx = step["at"][0], fy = step["at"][1];
  return Point{static_cast<int>(w.x0 + (w.x1 - w.x0) * fx), static_cast<int>(w.y0 + (w.y1 - w.y0) * fy)};
}

class Runner {
 public:
  Runner(const RunSettings& settings, XDisplay& x, AppProcess& app) : settings_(settings), x_(x), app_(app) {}

  // The step's action; "" on success, else why not.
  std::string act(const json& step, const Frame& frame) {
    stepStart_ = frame.number;
    auto target = [&](const char* key, const Widget** w) -> std::string {
      const std::string id = step[key].get<std::string>();
      *w = frame.find(id);
      return *w ? std::string() : "no widget \"" + id + "\" on screen" + nearby(frame, id);
    };
    const Widget* w = nullptr;
    for (const char* click : {"click", "rightClick", "doubleClick"}) {
      if (!step.contains(click)) continue;
      if (std::string e = target(click, &w); !e.empty()) return e;
      const Point p = pointIn(*w, step);
      press(p, std::string(click) == "rightClick" ? 3 : 1, step.value("hold", 0.12));
      if (std::string(click) == "doubleClick") press(p, 1, 0.05);
      return "";
    }
    if (step.contains("move")) {
      if (std::string e = target("move", &w); !e.empty()) return e;
      const Point p = pointIn(*w, step);
      x_.move(p.x, p.y);
      return "";
    }
    if (step.contains("wheel")) {
      if (std::string e = target("wheel", &w); !e.empty()) return e;
      const Point p = pointIn(*w, step);
      x_.move(p.x, p.y);
      sleepSeconds(0.05);
      const int clicks = step.value("clicks", 1);
      for (int i = 0; i < std::abs(clicks); ++i) {
        x_.button(clicks > 0 ? 4 : 5, true);
        x_.button(clicks > 0 ? 4 : 5, false);
        sleepSeconds(0.03);
      }
      return "";
    }
    if (step.contains("drag")) {
      if (std::string e = target("drag", &w); !e.empty()) return e;
      const Point p = pointIn(*w, step);
      const int dx = step["by"][0], dy = step["by"][1], button = step.value("button", 1);
      x_.move(p.x, p.y);
      sleepSeconds(0.08);
      x_.button(button, true);
      for (int i = 1; i <= 10; ++i) {
        sleepSeconds(0.03);
        x_.move(p.x + dx * i / 10, p.y + dy * i / 10);
      }
      sleepSeconds(0.08);
      x_.button(button, false);
      return "";
    }
    if (step.contains("type")) return x_.type(step["type"].get<std::string>(), step.value("gap", 0.06)) ? "" : "cannot type that";
    if (step.contains("key")) return x_.key(step["key"].get<std::string>(), step.value("hold", 0.08)) ? "" : "unknown key";
    if (step.contains("wait")) {
      sleepSeconds(step["wait"].get<double>());
      return "";
    }
    if (step.contains("writeFile")) {
      std::ofstream out(settings_.workDir + "/" + step["writeFile"].get<std::string>(), std::ios::binary);
      out << step.value("text", "");
      return out ? "" : "cannot write the file";
    }
    if (step.contains("log")) {  // prints facts of the app's state (for writing and debugging scenarios)
      for (const json& key : step["log"]) std::printf("  %s = %s\n", key.get<std::string>().c_str(), frame.fact(key).c_str());
      return "";
    }
    if (step.contains("screenshot")) {
      return x_.grab().writePng(settings_.workDir + "/" + step["screenshot"].get<std::string>() + ".png") ? "" : "cannot save";
    }
    return "";
  }

  // The step's checks against one frame; "" when all hold.
  std::string check(const json& step, const Frame& frame, const Screen& before) {
    if (step.contains("expect"))
      for (const auto& [key, wanted] : step["expect"].items()) {
        const std::string actual = frame.fact(key);
        if (!matches(actual, text(wanted))) return "state \"" + key + "\" is \"" + actual + "\", wanted \"" + text(wanted) + "\"";
      }
    if (step.contains("expectWidget"))
      for (const auto& [id, wanted] : step["expectWidget"].items()) {
        const Widget* w = frame.find(id);
        if (!w) return "no widget \"" + id + "\" on screen" + nearby(frame, id);
        if (!matches(w->value, text(wanted))) return "\"" + id + "\" shows \"" + w->value + "\", wanted \"" + text(wanted) + "\"";
      }
    if (step.contains("exists"))
      for (const json& id : step["exists"])
        if (!frame.find(id)) return "no widget \"" + id.get<std::string>() + "\" on screen" + nearby(frame, id);
    if (step.contains("absent"))
      for (const json& id : step["absent"])
        if (frame.find(id)) return "widget \"" + id.get<std::string>() + "\" is on screen";
    if (step.contains("inside")) {
      const Widget* w = frame.find(step["inside"][0]);
      const Widget* c = frame.find(step["inside"][1]);
      if (!w || !c) return "\"inside\" names a widget that is not on screen";
      if (w->x0 < c->x0 - 1 || w->y0 < c->y0 - 1 || w->x1 > c->x1 + 1 || w->y1 > c->y1 + 1)
        return w->id + " lies outside " + c->id;
    }
    if (step.contains("framesDrawn") && frame.number < stepStart_ + step["framesDrawn"].get<unsigned long long>())
      return "the app drew " + std::to_string(frame.number - stepStart_) + " frames since the step began, wanted " +
             step["framesDrawn"].dump();
    for (const char* key : {"changed", "unchanged"}) {
      if (!step.contains(key)) continue;
      const Widget* w = frame.find(step[key]);
      if (!w) return std::string("no widget \"") + step[key].get<std::string>() + "\" on screen";
      const Screen now = x_.grab();
      const long n = now.differing(before, int(w->x0), int(w->y0), int(w->x1), int(w->y1));
      const long area = static_cast<long>((w->x1 - w->x0) * (w->y1 - w->y0));
      const bool changed = n > std::max(20L, area / 500);
      if (changed != (std::string(key) == "changed"))
        return w->id + (changed ? " changed" : " did not change") + " (" + std::to_string(n) + " pixels differ)";
    }
    return "";
  }

  static bool hasChecks(const json& step) {
    for (const char* k : {"expect", "expectWidget", "exists", "absent", "changed", "unchanged", "inside", "framesDrawn"})
      if (step.contains(k)) return true;
    return false;
  }

 private:
  // The pointer jumps onto the widget and presses at once (the quickest hand, and xdotool's "click").
  void press(Point p, int button, double hold) {
    x_.move(p.x, p.y);
    x_.button(button, true);
    sleepSeconds(hold);
    x_.button(button, false);
    sleepSeconds(0.04);
  }
  static std::string nearby(const Frame& frame, const std::string& id) {
    const std::string kind = id.substr(0, id.find('/') + 1);
    std::string names;
    for (const Widget& w : frame.widgets)
      if (w.id.rfind(kind, 0) == 0 && names.size() < 400) names += (names.empty() ? "" : ", ") + w.id;
    return names.empty() ? "" : " (on screen: " + names + ")";
  }
  unsigned long long stepStart_ = 0;  // the frame the step acted on (for framesDrawn)
  const RunSettings& settings_;
  XDisplay& x_;
  AppProcess& app_;
};

std::string describe(const json& step) {
  std::string d = step.dump();
  return d.size() > 160 ? d.substr(0, 157) + "..." : d;
}

// The frame to act on: the step's target (if any) drawn at the same place in three frames in a row, since a
// popup's first frame lays it out before it is placed, and a panel that scrolls a new question into view
// moves its buttons for a few frames (two equal frames in the middle of that were seen under load). While a
// run is on the UI worker (state "worker": "busy") its result can still move the target when it lands: a
// person waits a moment for that, so this waits up to kBusyWait seconds before acting anyway (a scenario
// may click during a long run on purpose: "whileBusy": true acts as soon as the target stands still).
constexpr double kBusyWait = 2.0;

// How long a step's checks may take to hold: a limit on a hang, not a measurement (a check that holds ends the
// wait), so it is generous enough for a sanitized build on a machine whose other core is busy.
constexpr double kDefaultWithin = 10.0;

std::optional<Frame> settledFrame(const AppProcess& app, XDisplay& x, const json& step) {
  std::string id;
  for (const char* key : {"click", "rightClick", "doubleClick", "move", "wheel", "drag"})
    if (step.contains(key)) id = step[key].get<std::string>();
  std::optional<Frame> previous = app.latest();
  if (!previous) previous = app.waitForFrame(0, 5.0);
  if (id.empty() || !previous) return previous;
  const auto busySince = std::chrono::steady_clock::now();
  const bool actWhileBusy = step.value("whileBusy", false);  // the step is about acting during a run
  const auto busy = [&](const Frame& f) {
    return !actWhileBusy && f.fact("worker") == "busy" &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - busySince).count() < kBusyWait;
  };
  int still = 0;  // frames in a row with the target where it was
  for (int tries = 0; tries < 40 || busy(*previous); ++tries) {
    std::optional<Frame> next = app.waitForFrame(previous->number + 1, 5.0);
    if (!next) return previous;
    const Widget* a = previous->find(id);
    const Widget* b = next->find(id);
    const bool same = a && b && a->x0 == b->x0 && a->y0 == b->y0 && a->x1 == b->x1 && a->y1 == b->y1;
    still = same ? still + 1 : 0;
    if (same) {
      if (b->scrollNeeded() == 0) {
        if (still >= 2 && !busy(*next)) return next;
        previous = next;
        continue;
      }
      // Out of its panel's view: scroll the panel with the wheel, as a person would.
      x.move(static_cast<int>((b->wx0 + b->wx1) / 2), static_cast<int>((b->wy0 + b->wy1) / 2));
      sleepSeconds(0.03);
      x.button(b->scrollNeeded() > 0 ? 5 : 4, true);
      x.button(b->scrollNeeded() > 0 ? 5 : 4, false);
      // Two frames later the wheel has surely been handled: judge the place from there.
      next = app.waitForFrame(next->number + 2, 5.0);
      if (!next) return previous;
      still = 0;
    }
    previous = next;
  }
  return previous;
}

// "${NAME}" in an argument is the environment's NAME (a class's site is where the web stage built it).
std::string withEnvironment(std::string text) {
  for (size_t at = text.find("${"); at != std::string::npos; at = text.find("${", at)) {
    const size_t end = text.find('}', at);
    if (end == std::string::npos) break;
    const char* value = std::getenv(text.substr(at + 2, end - at - 2).c_str());
    const std::string with = value ? value : "";
    text.replace(at, end - at + 1, with);
    at += with.size();
  }
  return text;
}

}  // namespace

bool runScenario(const json& scenario, const RunSettings& settings) {
  const std::string name = scenario.value("name", "scenario");
  XDisplay x;
  if (!x.ok()) {
    std::printf("%s: no X display with the XTest extension (run under xvfb-run)\n", name.c_str());
    return false;
  }
  std::vector<std::string> args = {"--size", "1280x720", "--out-dir", "."};
  for (const json& a : scenario.value("args", json::array())) args.push_back(withEnvironment(a.get<std::string>()));
  AppProcess app(settings.app, args, settings.workDir);
  std::string error;
  if (!app.start(&error)) {
    std::printf("%s: %s\n", name.c_str(), error.c_str());
    return false;
  }
  std::optional<Frame> frame = app.waitForFrame(3, 30.0);
  if (!frame) {
    std::printf("%s: the app drew no frame within 30 s\n%s\n", name.c_str(), app.log().c_str());
    app.stop(2.0);
    return false;
  }
  // The pointer starts away from every widget, on the desktop beside the window when there is room.
  x.move(frame->windowX + frame->width - 2, frame->windowY + frame->height - 2);
  Runner runner(settings, x, app);
  const json steps = scenario.value("steps", json::array());
  int index = 0;
  bool ok = true;
  for (const json& step : steps) {
    ++index;
    if (step.contains("framesPerSecond") || step.contains("measureFrames")) {
      // A rate passes or fails with the machine's load, not with the code: benchmarks measure it.
      std::printf("%s step %d: a scenario checks no frame rate (framesDrawn counts frames instead)\n", name.c_str(), index);
      ok = false;
      break;
    }
    frame = settledFrame(app, x, step);
    if (!frame) {
      std::printf("%s step %d: the app is gone\n", name.c_str(), index);
      ok = false;
      break;
    }
    const Screen before = x.grab();
    const unsigned long long start = frame->number;
    std::string failure = runner.act(step, *frame);
    if (failure.empty() && Runner::hasChecks(step)) {
      const double within = step.value("within", kDefaultWithin);
      const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(within);
      // At least two frames after the input, then frame by frame until the checks hold or time is up.
      std::optional<Frame> now = app.waitForFrame(start + 2, within + 5.0);
      failure = now ? runner.check(step, *now, before) : "the app drew no further frame";
      while (!failure.empty() && now && std::chrono::steady_clock::now() < until) {
        now = app.waitForFrame(now->number + 1, within + 5.0);
        if (now) failure = runner.check(step, *now, before);
      }
    } else if (failure.empty()) {
      app.waitForFrame(start + 1, 5.0);
    }
    if (settings.verbose || !failure.empty())
      std::printf("%s step %d %s: %s\n", name.c_str(), index, failure.empty() ? "ok" : "FAILED", describe(step).c_str());
    if (!failure.empty()) {
      const std::string shot = settings.workDir + "/failed-step" + std::to_string(index) + ".png";
      x.grab().writePng(shot);
      std::printf("  %s\n  screen: %s\n", failure.c_str(), shot.c_str());
      ok = false;
      break;
    }
  }
  const bool crashed = !app.running();
  const int status = app.stop(5.0);
  if (crashed || status != 0) {
    std::printf("%s: the app %s (status %d)\n%s\n", name.c_str(), crashed ? "exited during the scenario" : "did not exit cleanly",
                status, app.log().c_str());
    ok = false;
  }
  std::printf("%s: %d of %zu steps %s\n", name.c_str(), ok ? index : index - 1, steps.size(), ok ? "passed" : "passed before a failure");
  return ok;
}

}  // namespace gradlab::uitest
