#include "viz/model/class_room.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <random>
#include <set>

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "viz/model/text.h"

namespace gradlab::viz {
namespace {

using Json = nlohmann::json;

int64_t wallMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// The code point at `s[i]` and its length in bytes; length 0 where the bytes are not valid UTF-8.
std::pair<char32_t, size_t> decodeUtf8(const std::string& s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return {c, 1};
  size_t n = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
  if (n == 0 || i + n > s.size()) return {0, 0};
  char32_t cp = c & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) return {0, 0};
    cp = (cp << 6) | (b(i + k) & 0x3F);
  }
  const char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {0, 0};
  return {cp, n};
}

// Characters a name must not carry: controls, direction and zero-width marks, and other invisible formats.
bool hiddenOrControl(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp == 0xAD || (cp >= 0x200B && cp <= 0x200F) ||
         (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x206F) || cp == 0xFEFF ||
         (cp >= 0xFFF0 && cp <= 0xFFFF) || (cp >= 0xE0000 && cp <= 0xE007F);
}

bool isSpace(char32_t cp) { return cp == ' ' || cp == 0xA0 || cp == 0x3000 || (cp >= 0x2000 && cp <= 0x200A); }

}  // namespace

std::string cleanStudentName(const std::string& name, size_t maxBytes) {
  std::string out;
  bool pendingSpace = false;
  for (size_t i = 0; i < name.size();) {
    auto [cp, n] = decodeUtf8(name, i);
    if (n == 0) {  // not UTF-8: the byte goes
      ++i;
      continue;
    }
    const std::string piece = name.substr(i, n);
    i += n;
    if (isSpace(cp) || cp == '\t') {
      pendingSpace = !out.empty();
      continue;
    }
    if (hiddenOrControl(cp)) continue;
    const size_t add = piece.size() + (pendingSpace ? 1 : 0);
    if (out.size() + add > maxBytes) break;
    if (pendingSpace) out += ' ';
    out += piece;
    pendingSpace = false;
  }
  return out;
}

std::string ClassQuestion::key() const { return lesson + "/" + std::to_string(step); }

std::string answerJson(const Answer& answer, const std::string& typed) {
  Json j = Json::object();
  if (!answer.cells.empty()) {
    Json cells = Json::array();
    for (const CellRef& c : answer.cells) cells.push_back({c.row, c.col});
    j["cells"] = std::move(cells);
  }
  if (answer.number) j["number"] = typed.empty() ? fmt::format("{:.9g}", *answer.number) : typed;
  if (!answer.cores.empty()) j["cores"] = answer.cores;
  if (answer.choice) j["choice"] = *answer.choice;
  if (j.empty()) j["cells"] = Json::array();  // an empty set of cells (a question whose answer may be none)
  return j.dump();
}

std::optional<Answer> answerFromJson(const std::string& text, int answerGrid, const ClassLimits& limits,
                                     std::string* typed, std::string* why) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    *why = "the answer is not a JSON object";
    return std::nullopt;
  }
  Answer a;
  for (const auto& [field, value] : j.items()) {
    if (field == "cells") {
      if (!value.is_array() || value.size() > limits.maxAnswerCells) {
        *why = cat("\"cells\" must be a list of at most ", limits.maxAnswerCells, " [row, col] pairs");
        return std::nullopt;
      }
      for (const Json& c : value) {
        if (!c.is_array() || c.size() != 2 || !c[0].is_number_integer() || !c[1].is_number_integer()) {
          *why = "each cell must be [row, col], two whole numbers";
          return std::nullopt;
        }
        a.cells.push_back({answerGrid, c[0].get<int64_t>(), c[1].get<int64_t>()});
      }
    } else if (field == "number") {
      if (!value.is_string() || value.get<std::string>().size() > limits.maxTypedChars) {
        *why = cat("\"number\" must be the typed text, at most ", limits.maxTypedChars, " characters");
        return std::nullopt;
      }
      *typed = value.get<std::string>();
      a.number = parseTypedNumber(*typed);
      if (!a.number) {
        *why = "\"number\" \"" + cleanStudentName(*typed, 32) + "\" is not a number";
        return std::nullopt;
      }
    } else if (field == "cores") {
      if (!value.is_array() || value.size() > 1024) {
        *why = "\"cores\" must be a list of at most 1024 core numbers";
        return std::nullopt;
      }
      for (const Json& c : value) {
        if (!c.is_number_integer() || c.get<int64_t>() < 0 || c.get<int64_t>() > 65535) {
          *why = "each core must be a whole number from 0 to 65535";
          return std::nullopt;
        }
        a.cores.push_back(c.get<int32_t>());
      }
    } else if (field == "choice") {
      if (!value.is_number_integer() || value.get<int64_t>() < 0 || value.get<int64_t>() > 63) {
        *why = "\"choice\" must be the number of an option, from 0 to 63";
        return std::nullopt;
      }
      a.choice = value.get<int32_t>();
    } else {
      *why = "the answer has an unknown field \"" + cleanStudentName(field, 32) + "\"";
      return std::nullopt;
    }
  }
  return a;
}

ClassRoom::ClassRoom(std::string recordPath, ClassLimits limits, Clock clock)
    : recordPath_(std::move(recordPath)), limits_(limits), clock_(clock ? std::move(clock) : Clock(wallMs)) {
  if (!recordPath_.empty()) replay(recordPath_);
}

void ClassRoom::append(const std::string& line) {
  if (recordPath_.empty()) return;
  std::ofstream out(recordPath_, std::ios::app | std::ios::binary);
  out << line << '\n';
  out.flush();
  if (!out) recordProblem_ = "the class record " + recordPath_ + " cannot be written";
}

void ClassRoom::replay(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    const Json j = Json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("event")) continue;  // a line cut short by a crash
    const std::string event = j.value("event", "");
    if (event == "join") {
      students_.push_back({j.value("student", ""), j.value("name", ""), j.value("lang", "en"), j.value("token", "")});
    } else if (event == "question") {
      question_ = {j.value("lesson", ""), j.value("step", 0), j.value("round", 1), true, false};
      noteAsked(question_.key());
    } else if (event == "reveal") {
      question_.revealed = true;
      question_.open = false;
    } else if (event == "close") {
      question_.open = false;
    } else if (event == "try") {
      Recorded r;
      r.student = j.value("student", "");
      r.question = j.value("question", "");
      r.round = j.value("round", 1);
      r.attempt = j.value("attempt", 1);
      r.hints = j.value("hints", 0);
      r.right = j.value("right", false);
      r.seconds = j.value("seconds", 0.0);
      r.at = j.value("at", int64_t{0});
      r.answer = j.contains("answer") ? j["answer"].dump() : "{}";
      std::string why;
      if (auto parsed = answerFromJson(r.answer, 0, limits_, &r.typed, &why)) r.parsed = *parsed;
      tries_.push_back(std::move(r));
    }
  }
  tokenCounter_ = students_.size();
}

std::string unguessableToken() {
  std::random_device device;
  return fmt::format("{:08x}{:08x}{:08x}{:08x}", device(), device(), device(), device());
}

std::string ClassRoom::newToken() {
  // Unguessable, and unique even where the random device repeats itself: the count of tokens made follows.
  return unguessableToken() + std::to_string(++tokenCounter_);
}

void ClassRoom::noteAsked(const std::string& key) {
  if (std::find(asked_.begin(), asked_.end(), key) == asked_.end()) asked_.push_back(key);
}

const ClassStudent* ClassRoom::byToken(const std::string& token) const {
  for (const ClassStudent& s : students_) {
    if (!token.empty() && s.token == token) return &s;
  }
  return nullptr;
}

std::optional<ClassStudent> ClassRoom::join(const std::string& name, const std::string& lang, const std::string& token,
                                            std::string* why) {
  std::lock_guard lock(mutex_);
  if (const ClassStudent* known = byToken(token)) return *known;
  if (lang != "en" && lang != "zh") {
    *why = "lang must be \"en\" or \"zh\"";
    return std::nullopt;
  }
  if (students_.size() >= limits_.maxStudents) {
    *why = cat("the class is full (", limits_.maxStudents, " students)");
    return std::nullopt;
  }
  ClassStudent s{"s" + std::to_string(students_.size() + 1), cleanStudentName(name, limits_.maxNameBytes), lang, newToken()};
  students_.push_back(s);
  append(Json{{"event", "join"}, {"student", s.id}, {"name", s.name}, {"lang", s.lang}, {"token", s.token},
              {"at", clock_()}}.dump());
  return s;
}

std::optional<ClassStudent> ClassRoom::student(const std::string& token) const {
  std::lock_guard lock(mutex_);
  const ClassStudent* known = byToken(token);
  return known ? std::optional<ClassStudent>(*known) : std::nullopt;
}

int ClassRoom::triesNow(const std::string& token) const {
  std::lock_guard lock(mutex_);
  const ClassStudent* who = byToken(token);
  if (who == nullptr) return 0;
  const std::string question = question_.key();
  int tries = 0;
  for (const Recorded& r : tries_)
    if (r.student == who->id && r.question == question && r.round == question_.round) tries = std::max(tries, r.attempt);
  return tries;
}

void ClassRoom::openQuestion(const std::string& lesson, int step, const Exercise& exercise, const Scene& scene) {
  std::lock_guard lock(mutex_);
  const bool same = question_.lesson == lesson && question_.step == step;
  if (!same) question_ = {lesson, step, 1, true, false};
  question_.open = !question_.revealed;  // the same question, resumed: as it was
  exercise_ = exercise;
  scene_ = scene;
  if (!same) {
    noteAsked(question_.key());
    append(Json{{"event", "question"}, {"lesson", lesson}, {"step", step}, {"round", 1}, {"at", clock_()}}.dump());
  }
}

void ClassRoom::reveal() {
  std::lock_guard lock(mutex_);
  question_.revealed = true;
  question_.open = false;
  append(Json{{"event", "reveal"}, {"question", question_.key()}, {"round", question_.round}, {"at", clock_()}}.dump());
}

void ClassRoom::voteAgain() {
  std::lock_guard lock(mutex_);
  ++question_.round;
  question_.open = true;
  question_.revealed = false;
  append(Json{{"event", "question"}, {"lesson", question_.lesson}, {"step", question_.step}, {"round", question_.round},
              {"at", clock_()}}.dump());
}

void ClassRoom::close() {
  std::lock_guard lock(mutex_);
  question_.open = false;
  exercise_.reset();
  scene_.reset();
  append(Json{{"event", "close"}, {"at", clock_()}}.dump());
}

ClassQuestion ClassRoom::question() const {
  std::lock_guard lock(mutex_);
  return question_;
}

int ClassRoom::answerGrid() const {
  std::lock_guard lock(mutex_);
  return exercise_ ? exercise_->answerGrid : -1;
}

ClassTryOutcome ClassRoom::answer(const std::string& token, const ClassTry& t) {
  std::lock_guard lock(mutex_);
  ClassTryOutcome out;
  const ClassStudent* who = byToken(token);
  if (who == nullptr) {
    out.why = "no student has this token: join the class first";
    return out;
  }
  for (const Recorded& r : tries_) {  // a resent try: recorded once
    if (r.student == who->id && r.question == t.question && r.round == t.round && r.attempt == t.attempt) {
      out.kind = ClassTryOutcome::Kind::kRepeated;
      out.right = r.right;
      return out;
    }
  }
  if (!question_.open || t.question != question_.key() || t.round != question_.round || !exercise_ || !scene_) {
    out.why = "that question is not open: " + question_.key() + " round " + std::to_string(question_.round) +
              (question_.open ? " is" : " was last");
    return out;
  }
  if (t.attempt < 1 || static_cast<size_t>(t.attempt) > limits_.maxTriesPerQuestion || t.hints < 0 || t.hints > 100 ||
      !std::isfinite(t.seconds) || t.seconds < 0.0) {
    out.why = cat("attempt ", t.attempt, ", hints ", t.hints, ": out of range");
    return out;
  }
  for (const CellRef& c : t.answer.cells) {
    if (c.grid != exercise_->answerGrid || c.row < 0 || c.col < 0 || c.row >= exercise_->answerRows ||
        c.col >= exercise_->answerCols) {
      out.why = cat("cell (", c.row, ", ", c.col, ") is outside the ", exercise_->answerRows, "x", exercise_->answerCols,
                    " grid the question is answered on");
      return out;
    }
  }
  if (t.answer.choice && *t.answer.choice >= static_cast<int32_t>(exercise_->options.size())) {
    out.why = cat("choice ", *t.answer.choice, " is not one of the question's ", exercise_->options.size(), " options");
    return out;
  }
  out.right = checkAnswer(*exercise_, t.answer, *scene_).correct;
  out.kind = ClassTryOutcome::Kind::kRecorded;
  Recorded r{who->id, t.question, answerJson(t.answer, t.typed), t.round, t.attempt, t.hints, out.right, t.seconds,
             clock_(), t.answer, t.typed};
  append(Json{{"event", "try"}, {"student", r.student}, {"question", r.question}, {"round", r.round},
              {"attempt", r.attempt}, {"answer", Json::parse(r.answer)}, {"right", r.right}, {"hints", r.hints},
              {"seconds", r.seconds}, {"at", r.at}}.dump());
  tries_.push_back(std::move(r));
  return out;
}

ClassSummary ClassRoom::summary(const std::string& question, int round) const {
  std::lock_guard lock(mutex_);
  ClassSummary s;
  s.students = static_cast<int>(students_.size());
  std::map<std::string, const Recorded*> first;
  std::set<std::string> right;
  for (const Recorded& r : tries_) {
    if (r.question != question || r.round != round) continue;
    auto [it, fresh] = first.try_emplace(r.student, &r);
    if (!fresh && r.attempt < it->second->attempt) it->second = &r;
    if (r.right) right.insert(r.student);
  }
  s.answered = static_cast<int>(first.size());
  s.rightEventually = static_cast<int>(right.size());
  for (const auto& [student, r] : first) {
    if (r->right && r->hints == 0) ++s.rightFirstTime;
    for (const CellRef& c : r->parsed.cells) ++s.cells[{c.row, c.col}];
    if (r->parsed.number) ++s.numbers[r->typed.empty() ? fmt::format("{:.9g}", *r->parsed.number) : r->typed];
    for (int32_t core : r->parsed.cores) ++s.cores[core];
    if (r->parsed.choice) ++s.choices[*r->parsed.choice];
  }
  return s;
}

std::string ClassRoom::csv() const {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::string> names;
  for (const ClassStudent& s : students_) names[s.id] = s.name;
  std::string out = "student,name,question,round,attempt,answer,right,hints,seconds,at_ms\n";
  for (const Recorded& r : tries_) {
    out += cat(r.student, ",", csvText(names[r.student]), ",", csvField(r.question), ",", r.round, ",", r.attempt, ",",
               csvField(r.answer), ",", r.right ? "1" : "0", ",", r.hints, ",", fmt::format("{:.3f}", r.seconds), ",", r.at, "\n");
  }
  return out;
}

ClassReport ClassRoom::report() const {
  std::lock_guard lock(mutex_);
  ClassReport out;
  // Per (student, question): their first try of round 1, and whether any try of theirs was right.
  struct Tally {
    const Recorded* first = nullptr;
    bool right = false;
  };
  std::map<std::pair<std::string, std::string>, Tally> tally;
  for (const Recorded& r : tries_) {
    Tally& t = tally[{r.student, r.question}];
    if (r.round == 1 && (!t.first || r.attempt < t.first->attempt)) t.first = &r;
    t.right = t.right || r.right;
  }
  std::map<std::string, size_t> questionAt, studentAt;
  for (const std::string& key : asked_) {
    questionAt[key] = out.questions.size();
    out.questions.push_back({key});
  }
  for (const ClassStudent& s : students_) {
    studentAt[s.id] = out.students.size();
    out.students.push_back({s.id, s.name});
  }
  for (const auto& [who, t] : tally) {
    const bool firstRight = t.first && t.first->right && t.first->hints == 0;
    if (auto q = questionAt.find(who.second); q != questionAt.end()) {
      ClassReport::Question& question = out.questions[q->second];
      ++question.answered;
      question.rightFirstTime += firstRight;
      question.rightEventually += t.right;
    }
    if (auto s = studentAt.find(who.first); s != studentAt.end()) {
      ClassReport::Student& student = out.students[s->second];
      ++student.answered;
      student.rightFirstTime += firstRight;
      student.right += t.right;
    }
  }
  return out;
}

}  // namespace gradlab::viz
