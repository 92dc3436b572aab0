// A student's page in a class, as the browser runs it: the page follows the teacher's step from the class
// server's state, every Check sends a try that the server judges against the teacher's run (recorded once per
// attempt), a step the student wandered to sends nothing, and the teacher's reveal shows the answer on the
// page. The page's script (tools/web/index.html) only carries the text; here a cpp-httplib client carries it.
#if defined(GRADLAB_HAVE_CLASS_SERVER) && defined(GRADLAB_HAVE_VIZ)
#include <gtest/gtest.h>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "class_server.h"
#include "join_qr.h"
#include "viz/model/class_page.h"
#include "viz/panels/actions.h"
#include "viz/panels/app_state.h"
#include "viz/panels/class_student.h"

namespace gradlab::viz {
namespace {

using Json = nlohmann::json;

AppState pageOnShippedLessons() {
  AppState s;
  s.host.runner = [](const RunRequest& r) { return run(r); };
  s.course.lessons = loadLessons(std::string(GRADLAB_ASSETS_DIR) + "/lessons", &s.course.loadErrors);
  return s;
}

ClassPageState stateOf(httplib::Client& c) {
  auto res = c.Get("/api/state");
  EXPECT_TRUE(res && res->status == 200);
  std::string why;
  const auto state = classPageStateFromJson(res ? res->body : "", &why);
  EXPECT_TRUE(state) << why;
  return state.value_or(ClassPageState{});
}

// A class on loopback whose teacher opened first-steps step 2 (which gradInput cell does gradOutput (5, 3)
// land in), on the tab `tab`.
struct TeacherOnLoopback {
  ClassRoom room{""};
  std::unique_ptr<app::ClassServer> server;
  std::unique_ptr<httplib::Client> client;  // the students' pages' connection
  AppState teacher = pageOnShippedLessons();

  explicit TeacherOnLoopback(const std::string& tab) {
    app::ClassServerOptions options;
    options.bind = "127.0.0.1";
    options.port = 0;
    options.workers = 8;
    server = std::make_unique<app::ClassServer>(room, options);
    std::string why;
    EXPECT_TRUE(server->start(&why)) << why;
    EXPECT_TRUE(selectLesson(teacher, "first-steps"));
    applyPreset(teacher, teacher.course.lesson, 1);
    EXPECT_TRUE(teacher.exerciseOpen());
    room.openQuestion("first-steps", 2, teacher.course.exercise->exercise, teacher.run.scene);
    server->show({"first-steps", 2, tab});
    client = std::make_unique<httplib::Client>("127.0.0.1", server->port());
    client->set_read_timeout(5, 0);
  }
  ~TeacherOnLoopback() { server->stop(); }
};

TEST(ClassStudentPage, FollowsTheTeacherSendsEachTryAndShowsTheRevealedAnswer) {
  TeacherOnLoopback c("tiling");
  ClassRoom& room = c.room;
  app::ClassServer& server = *c.server;
  httplib::Client& client = *c.client;
  auto joined = client.Post("/api/join", Json{{"class", server.joinCode()}, {"name", "Mei"}, {"lang", "zh"}}.dump(), "application/json");
  ASSERT_TRUE(joined && joined->status == 200);
  const std::string token = Json::parse(joined->body)["token"];

  AppState page = pageOnShippedLessons();
  ASSERT_TRUE(selectLesson(page, "layouts"));  // the page opened elsewhere
  page.course.student = std::make_shared<StudentClass>();
  std::vector<Json> replies;
  page.course.student->send = [&](const std::string& body) {
    auto res = client.Post("/api/answer", httplib::Headers{{"X-Student-Token", token}}, body, "application/json");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200) << res->body;
    replies.push_back(Json::parse(res->body, nullptr, false));
  };

  followClass(page, stateOf(client), 10.0);
  ASSERT_NE(page.currentLesson(), nullptr);
  EXPECT_EQ(page.currentLesson()->id, "first-steps");
  EXPECT_EQ(page.course.preset, 1);
  EXPECT_EQ(page.view.tab, Tab::kTiling);
  ASSERT_TRUE(page.exerciseOpen());

  // A wrong try, then the right one: each judged by the server against the teacher's run.
  page.course.exercise->answer = wrongAnswer(page.course.exercise->exercise);
  checkExercise(page);
  page.course.exercise->answer = rightAnswer(page.course.exercise->exercise);
  checkExercise(page);
  ASSERT_EQ(replies.size(), 2u);
  EXPECT_EQ(replies[0]["right"], false);
  EXPECT_EQ(replies[1]["right"], true);
  const ClassSummary summary = room.summary("first-steps/2", 1);
  EXPECT_EQ(summary.answered, 1);
  EXPECT_EQ(summary.rightFirstTime, 0);
  EXPECT_EQ(summary.rightEventually, 1);

  // The teacher changes tab: the page follows; the student's own tab choice stays until the teacher's next.
  page.view.tab = Tab::kScatter;
  followClass(page, stateOf(client), 11.0);
  EXPECT_EQ(page.view.tab, Tab::kScatter) << "the teacher's tab did not change";

  // A second student's page that wandered to another step sends nothing; the teacher's reveal shows the
  // answer on a page still asking.
  AppState other = pageOnShippedLessons();
  other.course.student = std::make_shared<StudentClass>();
  int sent = 0;
  other.course.student->send = [&](const std::string&) { ++sent; };
  followClass(other, stateOf(client), 12.0);
  applyPreset(other, other.course.lesson, 4);  // first-steps step 5, another question
  ASSERT_TRUE(other.exerciseOpen());
  other.course.exercise->answer = rightAnswer(other.course.exercise->exercise);
  checkExercise(other);
  EXPECT_EQ(sent, 0) << "the try answered another step than the teacher's question";
  applyPreset(other, other.course.lesson, 1);
  ASSERT_TRUE(other.exerciseOpen());
  room.reveal();
  server.changed();
  followClass(other, stateOf(client), 13.0);
  EXPECT_FALSE(other.exerciseOpen()) << "revealed by the teacher";
  other.course.exercise->answer = rightAnswer(other.course.exercise->exercise);
  checkExercise(other);
  EXPECT_EQ(sent, 0);
}

// A page reloaded mid-question joins again with its token and numbers its next try after the ones it sent:
// a wrong try, a reload, the right try: recorded as the second try and right (numbered 1 again, it was taken
// for a resend of the wrong one).
TEST(ClassStudentPage, AReloadedPageNumbersItsTriesOnFromTheOnesItSent) {
  TeacherOnLoopback c("scatter");
  ClassRoom& room = c.room;
  app::ClassServer& server = *c.server;
  httplib::Client& client = *c.client;
  std::string token;
  std::vector<Json> replies;
  // A page as index.html makes one: join (again, with the token once there is one), then follow.
  const auto openPage = [&](AppState& page) {
    auto joined = client.Post("/api/join", Json{{"class", server.joinCode()}, {"name", "Ana"}, {"lang", "en"}, {"token", token}}.dump(),
                              "application/json");
    ASSERT_TRUE(joined && joined->status == 200);
    const Json me = Json::parse(joined->body);
    token = me["token"];
    page.course.student = std::make_shared<StudentClass>();
    page.course.student->resumedQuestion = me["question"];
    page.course.student->resumedRound = me["round"];
    page.course.student->resumedTries = me["tries"];
    page.course.student->send = [&](const std::string& body) {
      auto res = client.Post("/api/answer", httplib::Headers{{"X-Student-Token", token}}, body, "application/json");
      ASSERT_TRUE(res && res->status == 200);
      replies.push_back(Json::parse(res->body));
    };
    followClass(page, stateOf(client), 1.0);
    ASSERT_TRUE(page.exerciseOpen());
  };
  AppState first = pageOnShippedLessons();
  openPage(first);
  first.course.exercise->answer = wrongAnswer(first.course.exercise->exercise);
  checkExercise(first);
  AppState reloaded = pageOnShippedLessons();
  openPage(reloaded);
  EXPECT_EQ(reloaded.course.student->resumedTries, 1);
  reloaded.course.exercise->answer = rightAnswer(reloaded.course.exercise->exercise);
  checkExercise(reloaded);
  ASSERT_EQ(replies.size(), 2u);
  EXPECT_EQ(replies[1]["recorded"], true);
  EXPECT_EQ(replies[1]["right"], true);
  const ClassSummary summary = room.summary("first-steps/2", 1);
  EXPECT_EQ(summary.students, 1) << "the reload is the same student";
  EXPECT_EQ(summary.rightEventually, 1);
}

TEST(ClassStudentPage, TheStateIsReadStrictlyAndRoundTrips) {
  ClassPageState s;
  s.version = 7;
  s.lesson = "determinism";
  s.step = 3;
  s.tab = "compare";
  s.question = {"determinism", 1, 2, true, false};
  std::string why;
  const auto back = classPageStateFromJson(classPageStateJson(s), &why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(back->lesson, "determinism");
  EXPECT_EQ(back->step, 3);
  EXPECT_EQ(back->tab, "compare");
  EXPECT_EQ(back->question, s.question);
  for (const char* bad : {"", "[]", "{\"step\": \"two\"}", "{\"step\": -1}", "{\"question\": 3}", "{\"question\": {\"open\": 1}}"}) {
    EXPECT_FALSE(classPageStateFromJson(bad, &why)) << bad;
    EXPECT_FALSE(why.empty()) << bad;
  }
  EXPECT_FALSE(classPageStateFromJson("{\"lesson\": \"" + std::string(5000, 'x') + "\"}", &why));
}

// The join link's QR code: a version the link fits (25 or 29 modules for a LAN link) with its three finder
// patterns (a dark 7x7 ring round a dark 3x3 square) in the corners a scanner looks for.
TEST(ClassJoinCard, TheLinksQrCodeHasItsFinderPatterns) {
  int size = 0;
  const std::vector<uint8_t> qr = app::qrModules("http://192.168.100.200:8642/?join=1234", &size);
  ASSERT_GE(size, 21);
  ASSERT_EQ(qr.size(), static_cast<size_t>(size * size));
  const auto dark = [&](int r, int c) { return qr[static_cast<size_t>(r * size + c)] != 0; };
  for (const auto& [r0, c0] : {std::pair{0, 0}, std::pair{0, size - 7}, std::pair{size - 7, 0}}) {
    for (int r = 0; r < 7; ++r) {
      for (int c = 0; c < 7; ++c) {
        const bool ring = r == 0 || r == 6 || c == 0 || c == 6, core = r >= 2 && r <= 4 && c >= 2 && c <= 4;
        EXPECT_EQ(dark(r0 + r, c0 + c), ring || core) << "finder at (" << r0 << ", " << c0 << "), module (" << r << ", " << c << ")";
      }
    }
  }
  EXPECT_TRUE(app::qrModules(std::string(8000, 'x'), &size).empty()) << "too long for a QR code";
  EXPECT_EQ(size, 0);
}

}  // namespace
}  // namespace gradlab::viz
#endif
