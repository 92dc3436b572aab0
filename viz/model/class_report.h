// After a class: per question, how many answered and the share right first time; per student, a score.
// Built by ClassRoom::report() from its record; written as two CSV tables beside the record when the class ends,
// served to the teacher (/api/teacher/report) and shown on the teacher's board.
#pragma once

#include <string>
#include <vector>

namespace gradlab::viz {

struct ClassReport {
  struct Question {
    std::string key;          // "first-steps/2"
    int answered = 0;         // students who sent a try (any round)
    int rightFirstTime = 0;   // their first try of round 1 was right, with no hint
    int rightEventually = 0;  // some try of theirs was right (any round)
    double shareRightFirstTime() const { return answered > 0 ? static_cast<double>(rightFirstTime) / answered : 0.0; }
  };
  struct Student {
    std::string id, name;     // name "" for an anonymous student
    int answered = 0;         // questions they sent a try to
    int rightFirstTime = 0;   // questions right at their first try, with no hint
    int right = 0;            // questions right at some try: their score, out of the questions asked
  };
  std::vector<Question> questions;  // in the order they were first asked
  std::vector<Student> students;    // in the order they joined

  // question,answered,right_first_time,share_right_first_time,right_eventually
  std::string questionsCsv() const;
  // student,name,questions_asked,answered,right_first_time,score
  std::string studentsCsv() const;
};

// A CSV field, quoted where it must be.
std::string csvField(const std::string& s);
// A person's words as a CSV field that a spreadsheet never reads as a formula (a name "=HYPERLINK(...)").
std::string csvText(const std::string& s);

}  // namespace gradlab::viz
