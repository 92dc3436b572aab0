#include "x_display.h"

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/XKBlib.h>
#include <stb_image_write.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <thread>

namespace gradlab::uitest {

void sleepSeconds(double s) {
  if (s > 0) std::this_thread::sleep_for(std::chrono::duration<double>(s));
}

long Screen::differing(const Screen& other, int x0, int y0, int x1, int y1, int tolerance) const {
  if (other.width != width || other.height != height) return static_cast<long>(width) * height;
  long n = 0;
  for (int y = std::max(y0, 0); y < std::min(y1, height); ++y)
    for (int x = std::max(x0, 0); x < std::min(x1, width); ++x) {
      const size_t i = (static_cast<size_t>(y) * width + x) * 3;
      for (int c = 0; c < 3; ++c)
        if (std::abs(int(rgb[i + c]) - int(other.rgb[i + c])) > tolerance) {
          ++n;
          break;
        }
    }
  return n;
}

bool Screen::writePng(const std::string& path) const {
  return !empty() && stbi_write_png(path.c_str(), width, height, 3, rgb.data(), width * 3) != 0;
}

XDisplay::XDisplay() {
  display_ = XOpenDisplay(nullptr);
  int event = 0, error = 0, major = 0, minor = 0;
  if (display_ && !XTestQueryExtension(display_, &event, &error, &major, &minor)) {
    XCloseDisplay(display_);
    display_ = nullptr;
  }
}

XDisplay::~XDisplay() {
  if (display_) XCloseDisplay(display_);
}

void XDisplay::move(int x, int y) {
  XTestFakeMotionEvent(display_, -1, x, y, CurrentTime);
  XFlush(display_);
}

void XDisplay::button(int b, bool down) {
  XTestFakeButtonEvent(display_, static_cast<unsigned>(b), down ? True : False, CurrentTime);
  XFlush(display_);
}

bool XDisplay::keyDown(const std::string& name, bool down) {
  const KeySym sym = XStringToKeysym(name.c_str());
  if (sym == NoSymbol) return false;
  const KeyCode code = XKeysymToKeycode(display_, sym);
  if (code == 0) return false;
  XTestFakeKeyEvent(display_, code, down ? True : False, CurrentTime);
  XFlush(display_);
  return true;
}

bool XDisplay::key(const std::string& combo, double hold) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t plus = combo.find('+', start);
    if (plus == std::string::npos || plus + 1 == combo.size()) {
      parts.push_back(combo.substr(start));
      break;
    }
    parts.push_back(combo.substr(start, plus - start));
    start = plus + 1;
  }
  static const std::map<std::string, std::string> kModifiers = {
      {"ctrl", "Control_L"}, {"shift", "Shift_L"}, {"alt", "Alt_L"}};
  std::vector<std::string> names;
  for (size_t i = 0; i < parts.size(); ++i) {
    auto m = kModifiers.find(parts[i]);
    names.push_back(i + 1 < parts.size() && m != kModifiers.end() ? m->second : parts[i]);
  }
  for (const std::string& n : names)
    if (!keyDown(n, true)) return false;
  sleepSeconds(hold);
  for (auto it = names.rbegin(); it != names.rend(); ++it) keyDown(*it, false);
  return true;
}

bool XDisplay::type(const std::string& text, double gap) {
  static const std::map<char, std::string> kNames = {
      {'.', "period"}, {'-', "minus"}, {'/', "slash"}, {' ', "space"}, {'_', "shift+minus"}, {',', "comma"},
      {'+', "shift+equal"}, {':', "shift+semicolon"}, {'=', "equal"}, {'x', "x"}};
  for (char c : text) {
    std::string name;
    if (auto it = kNames.find(c); it != kNames.end()) name = it->second;
    else if (c >= 'A' && c <= 'Z') name = std::string("shift+") + static_cast<char>(c - 'A' + 'a');
    else name = std::string(1, c);
    if (!key(name, 0.03)) return false;
    sleepSeconds(gap);
  }
  return true;
}

Screen XDisplay::grab() {
  Screen s;
  const Window root = DefaultRootWindow(display_);
  XWindowAttributes attributes;
  XGetWindowAttributes(display_, root, &attributes);
  XImage* image = XGetImage(display_, root, 0, 0, attributes.width, attributes.height, AllPlanes, ZPixmap);
  if (!image) return s;
  s.width = attributes.width;
  s.height = attributes.height;
  s.rgb.resize(static_cast<size_t>(s.width) * s.height * 3);
  for (int y = 0; y < s.height; ++y)
    for (int x = 0; x < s.width; ++x) {
      const unsigned long p = XGetPixel(image, x, y);
      uint8_t* out = &s.rgb[(static_cast<size_t>(y) * s.width + x) * 3];
      out[0] = static_cast<uint8_t>((p & image->red_mask) >> 16);
      out[1] = static_cast<uint8_t>((p & image->green_mask) >> 8);
      out[2] = static_cast<uint8_t>(p & image->blue_mask);
    }
  XDestroyImage(image);
  return s;
}

}  // namespace gradlab::uitest
