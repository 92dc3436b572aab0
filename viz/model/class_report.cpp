#include "viz/model/class_report.h"

#include <string_view>

#include <fmt/format.h>

#include "viz/model/text.h"

namespace gradlab::viz {

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csvText(const std::string& s) {
  return csvField(!s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos ? "'" + s : s);
}

std::string ClassReport::questionsCsv() const {
  std::string out = "question,answered,right_first_time,share_right_first_time,right_eventually\n";
  for (const Question& q : questions)
    out += cat(csvField(q.key), ",", q.answered, ",", q.rightFirstTime, ",", fmt::format("{:.3f}", q.shareRightFirstTime()), ",",
               q.rightEventually, "\n");
  return out;
}

std::string ClassReport::studentsCsv() const {
  std::string out = "student,name,questions_asked,answered,right_first_time,score\n";
  for (const Student& s : students)
    out += cat(s.id, ",", csvText(s.name), ",", questions.size(), ",", s.answered, ",", s.rightFirstTime, ",", s.right, "\n");
  return out;
}

}  // namespace gradlab::viz
