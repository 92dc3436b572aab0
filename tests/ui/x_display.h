// Real input on an X display, as a person's mouse and keyboard make it (XTest: the X server itself
// generates the events, exactly as for a physical device), and the screen's pixels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gradlab/no_copy.h"

struct _XDisplay;

namespace gradlab::uitest {

struct Screen {
  int width = 0, height = 0;
  std::vector<uint8_t> rgb;  // width * height * 3
  bool empty() const { return rgb.empty(); }
  // Pixels that differ by more than `tolerance` in any channel inside [x0, x1) x [y0, y1).
  long differing(const Screen& other, int x0, int y0, int x1, int y1, int tolerance = 8) const;
  bool writePng(const std::string& path) const;
};

class XDisplay : NoCopy {
 public:
  XDisplay();
  ~XDisplay();
  bool ok() const { return display_ != nullptr; }

  void move(int x, int y);
  void button(int button, bool down);  // 1 left, 2 middle, 3 right, 4/5 wheel up/down
  // A key by X keysym name ("Return", "Tab", "Escape", "BackSpace", "a", "9"); modifiers as "ctrl+a", "shift+Tab".
  bool key(const std::string& combo, double holdSeconds);
  // Types text one character at a time, as a typist does.
  bool type(const std::string& text, double gapSeconds);
  Screen grab();

 private:
  bool keyDown(const std::string& keysymName, bool down);
  _XDisplay* display_ = nullptr;
};

void sleepSeconds(double s);

}  // namespace gradlab::uitest
