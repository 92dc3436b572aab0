// A class in which every student answers on their own device: who joined, the question the teacher has
// open, every try each student sent, and what the room answered (the distribution the teacher's screen
// draws on the question's own picture). Every event is appended to the class record (JSON lines) as it
// happens, and a class reopened from its record resumes where it was. No network here: the class server
// (app/class_server) carries requests to it, and it judges each answer with the exercise code the page uses.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "viz/model/class_report.h"
#include "viz/model/exercise.h"

namespace gradlab::viz {

// The limits a hostile or careless page meets (the server also bounds the request bytes).
struct ClassLimits {
  size_t maxStudents = 500;
  size_t maxNameBytes = 64;        // after cleaning, cut at a character boundary
  size_t maxAnswerCells = 4096;
  size_t maxTypedChars = 64;
  size_t maxTriesPerQuestion = 50;
};

// 128 bits from the system's random device, as 32 hex digits: a student's or the teacher's secret.
std::string unguessableToken();

// A name as the teacher's screen may show it: valid UTF-8, no control characters or direction marks,
// spaces collapsed, at most `maxBytes` (cut between characters); "" when nothing printable is left.
std::string cleanStudentName(const std::string& name, size_t maxBytes);

struct ClassStudent {
  std::string id;     // "s1", "s2", ...: what the record and the teacher's screen use
  std::string name;   // cleaned; "" for an anonymous student
  std::string lang;   // "en" or "zh": their own page's language
  std::string token;  // their secret: rejoins them (a reload, a dropped Wi-Fi) with their answers kept
};

// The question the teacher has open: a lesson step, asked in rounds (peer instruction's "vote again" opens
// round 2 with the first round's answers kept).
struct ClassQuestion {
  std::string lesson;
  int step = 0;
  int round = 1;
  bool open = false;      // answers are taken
  bool revealed = false;  // the answer is shown on every device
  std::string key() const;  // "first-steps/2"
  friend bool operator==(const ClassQuestion&, const ClassQuestion&) = default;
};

// One try as a page sends it: the answer in the exercise's terms, and the try's number for that student
// (a page that resends after a dropped connection sends the same number: it is recorded once).
struct ClassTry {
  std::string question;  // ClassQuestion::key() it answers
  int round = 1;
  int attempt = 1;       // 1, 2, ...
  Answer answer;         // cells on the exercise's answer grid, a number, or cores
  std::string typed;     // a number as typed (what the page showed), when the answer is a number
  int hints = 0;         // hints the student had seen
  double seconds = 0.0;  // since the question opened on their page
};

struct ClassTryOutcome {
  enum class Kind { kRecorded, kRepeated, kRefused } kind = Kind::kRefused;
  bool right = false;
  std::string why;  // refused: one sentence naming the field and the value
};

// What the room answered to one round of a question: each student's first try (what they thought before
// any feedback), counted on the question's own terms.
struct ClassSummary {
  int students = 0;             // joined
  int answered = 0;             // sent at least one try
  int rightFirstTime = 0;       // first try right with no hint
  int rightEventually = 0;
  std::map<std::pair<int64_t, int64_t>, int> cells;  // (row, col) of the answer grid: how many picked it
  std::map<std::string, int> numbers;                // typed numbers as typed, trimmed
  std::map<int32_t, int> cores;
  std::map<int32_t, int> choices;  // option -> how many picked it
};

class ClassRoom {
 public:
  using Clock = std::function<int64_t()>;  // milliseconds; the record's timestamps
  // Appends each event to `recordPath` (created when missing; "" keeps no record). An existing record is
  // replayed first: students, tries and the open question come back as they were.
  explicit ClassRoom(std::string recordPath, ClassLimits limits = {}, Clock clock = {});

  const std::string& recordProblem() const { return recordProblem_; }  // "" while the record is written

  // A new student, or with the `token` of one who joined before, that student again. nullopt (and `why`)
  // when the class is full or the language unknown.
  std::optional<ClassStudent> join(const std::string& name, const std::string& lang, const std::string& token,
                                   std::string* why);
  std::optional<ClassStudent> student(const std::string& token) const;
  // The tries the student with `token` sent to the open question's current round (a reloaded page numbers its
  // next try after them: a try numbered again would be taken for a resend).
  int triesNow(const std::string& token) const;

  // The teacher's side. `exercise` and `scene` judge the tries of the open question.
  void openQuestion(const std::string& lesson, int step, const Exercise& exercise, const Scene& scene);
  void reveal();
  void voteAgain();  // a new round of the same question; the earlier rounds' tries are kept
  void close();      // no question open (a step without one)
  ClassQuestion question() const;
  int answerGrid() const;  // the scene grid the open question's cells are picked on; -1 when none is open

  ClassTryOutcome answer(const std::string& token, const ClassTry& attempt);
  ClassSummary summary(const std::string& question, int round) const;
  // Every try as a CSV table (student, name, question, round, attempt, answer, right, hints, seconds, time).
  std::string csv() const;
  // After class: per question asked, the share right first time; per student, a score.
  ClassReport report() const;

 private:
  struct Recorded {
    std::string student, question, answer;
    int round = 1, attempt = 1, hints = 0;
    bool right = false;
    double seconds = 0.0;
    int64_t at = 0;
    Answer parsed;
    std::string typed;
  };
  void append(const std::string& line);
  void replay(const std::string& path);
  std::string newToken();
  const ClassStudent* byToken(const std::string& token) const;  // the caller holds mutex_
  void noteAsked(const std::string& key);                          // the caller holds mutex_

  mutable std::mutex mutex_;
  std::string recordPath_, recordProblem_;
  ClassLimits limits_;
  Clock clock_;
  std::vector<ClassStudent> students_;
  ClassQuestion question_;
  std::optional<Exercise> exercise_;
  std::optional<Scene> scene_;
  std::vector<Recorded> tries_;
  std::vector<std::string> asked_;  // the questions opened, each once, in order
  uint64_t tokenCounter_ = 0;
};

// A try's answer as the record and the wire write it, and back: {"cells": [[r, c], ...]}, {"number": "0.5"},
// {"cores": [0, 3]}, {"choice": 2}. Parsing is bounded by `limits` and refuses (nullopt, `why`) anything else.
std::string answerJson(const Answer& answer, const std::string& typed);
std::optional<Answer> answerFromJson(const std::string& json, int answerGrid, const ClassLimits& limits,
                                     std::string* typed, std::string* why);

}  // namespace gradlab::viz
