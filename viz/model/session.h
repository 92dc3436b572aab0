// A saved session (*.gradlab): the whole state a teacher sets up — the call (operator, shapes, scales,
// dtype, layout, determinism, device, value source and seed), how it is shown (tab, colours, pacing, plane,
// the memory-order strips, the Compare tab's choices, the pinned cell), where the animation stands, and the
// lesson step it came from. A small versioned JSON file:
//   { "gradlab-session": 1, "lesson": "first-steps", "step": 2, "at": 0.45, "presenter": false, "lang": "zh",
//     "request": { ...as a lesson preset's... }, "view": { ...as a lesson preset's... } }
#pragma once

#include <optional>
#include <string>

#include "i18n/language.h"
#include "viz/model/lesson.h"

namespace gradlab::viz {

inline constexpr int kSessionVersion = 1;
inline constexpr const char* kSessionExtension = ".gradlab";

struct Session {
  RequestSpec spec;
  PresetView view;
  std::string lesson;   // the lesson it came from ("" in free exploration)
  int step = 0;         // 0-based step of that lesson
  double at = 0.0;      // where the animation stands, 0 (start) .. 1 (end)
  bool presenter = false;
  std::optional<i18n::Language> language;  // "lang": "en" or "zh"; absent: the app's own stays
};

std::string sessionJson(const Session& session);
// False with one line naming the field (or the version) when the text is not a session this app reads.
bool parseSession(const std::string& text, Session* out, std::string* error);
bool saveSessionFile(const std::string& path, const Session& session, std::string* error);
bool loadSessionFile(const std::string& path, Session* out, std::string* error);

}  // namespace gradlab::viz
