// The app under test: started with its widget map on (GRADLAB_UI_MAP), read frame by frame.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gradlab::uitest {

struct Widget {
  std::string id, kind, value;
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;      // screen pixels (the window's origin added)
  double wx0 = 0, wy0 = 0, wx1 = 0, wy1 = 0;  // the panel it is drawn in, likewise
  // Above (-1), below (+1) or within (0) its panel's visible part.
  int scrollNeeded() const { return y0 < wy0 - 0.5 ? -1 : y1 > wy1 + 0.5 ? +1 : 0; }
};

struct Frame {
  unsigned long long number = 0;
  int windowX = 0, windowY = 0, width = 0, height = 0;
  std::vector<Widget> widgets;
  nlohmann::json state;
  const Widget* find(const std::string& id) const;
  std::string fact(const std::string& key) const;  // "" when absent
};

class AppProcess {
 public:
  AppProcess(std::string app, std::vector<std::string> args, std::string workDir);
  ~AppProcess();
  bool start(std::string* error);
  // The newest frame the app has written (nullopt before the first, or if the file was mid-write).
  std::optional<Frame> latest() const;
  // Waits until the app has drawn a frame numbered at least `number`; false if it exited or `seconds` passed.
  std::optional<Frame> waitForFrame(unsigned long long number, double seconds) const;
  bool running() const;
  // Asks the app to quit (SIGTERM becomes SDL_QUIT); returns its exit status, or -signal if it was killed.
  int stop(double seconds);
  std::string log() const;
  const std::string& mapPath() const { return map_; }

 private:
  std::string app_, work_, map_, log_;
  std::vector<std::string> args_;
  int pid_ = -1;
  mutable int status_ = 0;
  mutable bool exited_ = false;
};

}  // namespace gradlab::uitest
