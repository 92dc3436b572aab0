// A student's page and the teacher, as HTTP clients of `gradlab --host-class --headless` (class_host_smoke.sh):
// join with the code from the printed link, read the state, answer the open question, and as the teacher see
// the answer counted and the record as CSV.   class_probe LINK TEACHER_TOKEN
#include <cstdio>
#include <httplib.h>
#include <nlohmann/json.hpp>
#include <string>

using Json = nlohmann::json;

int fail(const std::string& what) {
  std::fprintf(stderr, "FAIL: %s\n", what.c_str());
  return 1;
}

int main(int argc, char** argv) {
  if (argc != 3) return fail("usage: class_probe LINK TEACHER_TOKEN");
  const std::string link = argv[1], teacherToken = argv[2];
  const size_t query = link.find("/?join=");
  if (link.rfind("http://", 0) != 0 || query == std::string::npos) return fail("not a class link: " + link);
  const std::string base = link.substr(0, query), code = link.substr(query + 7);
  httplib::Client c(base);
  c.set_read_timeout(30, 0);

  auto page = c.Get("/");
  if (!page || page->status != 200) return fail("the site's index is not served");
  auto joined = c.Post("/api/join", Json{{"class", code}, {"name", "Probe"}, {"lang", "zh"}}.dump(), "application/json");
  if (!joined || joined->status != 200) return fail("join: " + (joined ? joined->body : std::string("no answer")));
  const std::string token = Json::parse(joined->body).value("token", "");
  auto state = c.Get("/api/state");
  if (!state || state->status != 200) return fail("state");
  const Json s = Json::parse(state->body);
  if (!s["question"].value("open", false)) return fail("no question open: " + state->body);
  const Json attempt{{"question", s["question"]["key"]}, {"round", s["question"]["round"]}, {"attempt", 1}, {"hints", 0},
                     {"seconds", 3.0}, {"answer", {{"cells", Json::array({Json::array({0, 0})})}}}};
  auto answered = c.Post("/api/answer", httplib::Headers{{"X-Student-Token", token}}, attempt.dump(), "application/json");
  if (!answered || answered->status != 200) return fail("answer: " + (answered ? answered->body : std::string("no answer")));
  auto summary = c.Get("/api/teacher/summary", httplib::Headers{{"X-Teacher-Token", teacherToken}});
  if (!summary || summary->status != 200) return fail("the teacher's summary");
  if (Json::parse(summary->body).value("answered", 0) != 1) return fail("the answer is not counted: " + summary->body);
  auto csv = c.Get("/api/teacher/record.csv", httplib::Headers{{"X-Teacher-Token", teacherToken}});
  if (!csv || csv->body.find(",Probe,") == std::string::npos) return fail("the CSV has no row for the probe");
  std::printf("ok: joined %s, answered %s (right: %s), counted, in the CSV\n", code.c_str(),
              s["question"]["key"].get<std::string>().c_str(), Json::parse(answered->body).value("right", false) ? "yes" : "no");
  return 0;
}
