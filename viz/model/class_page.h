// A student's page in a class: what the class server says the teacher shows (read from its state JSON) and
// the try the page sends when the student checks an answer. No network here: the page's script carries the
// text both ways (tools/web/index.html), and the class server writes and reads the same fields.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "viz/model/class_room.h"

namespace gradlab::viz {

// The teacher's screen as the class server's /api/state and /api/events describe it.
struct ClassPageState {
  uint64_t version = 0;
  std::string lesson;   // a lesson id; "" when the teacher is not in a lesson
  int step = 0;         // 1-based, as ClassQuestion::key() counts
  std::string tab;      // "scatter", "tiling", ...
  ClassQuestion question;
};

// nullopt (and `why`) for text that is not the server's state: bounded, strict about types.
std::optional<ClassPageState> classPageStateFromJson(const std::string& json, std::string* why);
std::string classPageStateJson(const ClassPageState& state);

// The body of POST /api/answer for one try.
std::string classTryJson(const ClassTry& attempt);

}  // namespace gradlab::viz
