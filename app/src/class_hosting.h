// gradlab --host-class: the app's side of a class. Starts the class server (app/class_server) over a class
// room whose record is kept beside the outputs, and keeps it following the teacher: the lesson step and
// tab on screen, the step's question opened in the room (judged by the exercise the teacher's run poses),
// closed when the step asks nothing.
#pragma once

#include <memory>
#include <string>

#include "options.h"
#include "viz/panels/app_state.h"

namespace gradlab::app {

class ClassHosting {
 public:
  virtual ~ClassHosting() = default;
  // The link a student opens (http://ADDRESS:PORT/?join=CODE), the code alone, the teacher's token.
  virtual std::string studentLink() const = 0;
  virtual std::string joinCode() const = 0;
  virtual std::string teacherToken() const = 0;
  virtual std::string recordPath() const = 0;
  // What the teacher's screen shows: how to join (link, code, QR code: filled once) and how many joined and
  // answered (each call).
  virtual void fillBoard(viz::ClassBoard& board) = 0;
  // Call after each frame or change: tells the pages when the teacher's step, tab or question changed.
  virtual void follow(const viz::AppState& state) = 0;
  // After class: the report (per question the share right first time, per student a score) as two CSV files
  // beside the record; returns the sentence that says where, or why not.
  virtual std::string writeReport() = 0;
};

// nullptr (and `why`) when the server cannot start: no cpp-httplib in this build, the port taken, no site.
std::unique_ptr<ClassHosting> startClass(const viz::AppState& state, const Options& options, std::string* why);

// Headless hosting: prints the links and serves until Ctrl+C (or --serve-seconds). Returns the exit code.
int hostClassHeadless(viz::AppState& state, const Options& options);

}  // namespace gradlab::app
