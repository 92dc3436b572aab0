#include "viz/model/class_page.h"

#include <nlohmann/json.hpp>

namespace gradlab::viz {

using Json = nlohmann::json;

namespace {

constexpr size_t kMaxStateBytes = 4096;  // the server's state is a few hundred bytes

template <typename T>
bool field(const Json& j, const char* name, T* out, std::string* why) {
  const auto it = j.find(name);
  if (it == j.end()) return true;  // absent: the default
  if constexpr (std::is_same_v<T, std::string>) {
    if (!it->is_string()) return (*why = std::string("\"") + name + "\" must be text", false);
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!it->is_boolean()) return (*why = std::string("\"") + name + "\" must be true or false", false);
  } else {
    if (!it->is_number_integer() || it->get<int64_t>() < 0) return (*why = std::string("\"") + name + "\" must be a whole number", false);
  }
  *out = it->get<T>();
  return true;
}

}  // namespace

std::optional<ClassPageState> classPageStateFromJson(const std::string& text, std::string* why) {
  if (text.size() > kMaxStateBytes) {
    *why = "the class state is longer than " + std::to_string(kMaxStateBytes) + " bytes";
    return std::nullopt;
  }
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    *why = "the class state is not a JSON object";
    return std::nullopt;
  }
  ClassPageState s;
  if (!field(j, "version", &s.version, why) || !field(j, "lesson", &s.lesson, why) || !field(j, "step", &s.step, why) ||
      !field(j, "tab", &s.tab, why))
    return std::nullopt;
  if (const auto q = j.find("question"); q != j.end()) {
    if (!q->is_object()) {
      *why = "\"question\" must be an object";
      return std::nullopt;
    }
    std::string key;
    if (!field(*q, "key", &key, why) || !field(*q, "round", &s.question.round, why) || !field(*q, "open", &s.question.open, why) ||
        !field(*q, "revealed", &s.question.revealed, why))
      return std::nullopt;
    // "lesson/step", as ClassQuestion::key() writes it.
    if (const size_t slash = key.rfind('/'); slash != std::string::npos) {
      s.question.lesson = key.substr(0, slash);
      const std::string step = key.substr(slash + 1);
      s.question.step = !step.empty() && step.size() < 6 && step.find_first_not_of("0123456789") == std::string::npos ? std::stoi(step) : 0;
    }
  }
  return s;
}

std::string classPageStateJson(const ClassPageState& s) {
  return Json{{"version", s.version},
              {"lesson", s.lesson},
              {"step", s.step},
              {"tab", s.tab},
              {"question", {{"key", s.question.key()}, {"round", s.question.round}, {"open", s.question.open}, {"revealed", s.question.revealed}}}}
      .dump();
}

std::string classTryJson(const ClassTry& t) {
  return Json{{"question", t.question},
              {"round", t.round},
              {"attempt", t.attempt},
              {"answer", Json::parse(answerJson(t.answer, t.typed))},
              {"hints", t.hints},
              {"seconds", t.seconds}}
      .dump();
}

}  // namespace gradlab::viz
