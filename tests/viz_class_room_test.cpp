// A class where every student answers on their own device: joining (names cleaned, a token that rejoins),
// tries judged by the exercise code against the teacher's run and recorded once each, the room's
// distribution on the question's own terms, rounds, and a record that survives a crash and resumes.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "class_question_fixture.h"
#include "viz/model/class_room.h"
#include "viz/model/request_spec.h"

namespace gradlab::viz {
namespace {

using ClassQuestionPosed = PosedClassQuestion;

ClassTry classTryCell(const ClassQuestionPosed& p, int64_t row, int64_t col, int attempt, int round = 1) {
  ClassTry t;
  t.question = "first-steps/2";
  t.round = round;
  t.attempt = attempt;
  t.answer.cells = {{p.exercise.answerGrid, row, col}};
  return t;
}

class ClassRoomTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("gradlab-class-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string record() const { return (dir_ / "class.jsonl").string(); }
  std::filesystem::path dir_;
};

TEST(ClassNames, NamesAreCleanedOfWhatAScreenShouldNotShow) {
  EXPECT_EQ(cleanStudentName("  Li   Wei ", 64), "Li Wei");
  EXPECT_EQ(cleanStudentName("\u202Eevil\u200B\x01name\x7F", 64), "evilname") << "direction marks, zero-width, controls";
  EXPECT_EQ(cleanStudentName("\xff\xfe\xc3(", 64), "(") << "bytes that are not UTF-8 go";
  EXPECT_EQ(cleanStudentName("王小明", 64), "王小明");
  EXPECT_EQ(cleanStudentName("王小明", 7), "王小") << "cut between characters";
  EXPECT_EQ(cleanStudentName(std::string(1 << 20, 'a'), 64).size(), 64u) << "a megabyte name";
  EXPECT_EQ(cleanStudentName("\n\t\u200F", 64), "");
}

TEST_F(ClassRoomTest, AStudentJoinsAndTheirTokenRejoinsThem) {
  ClassRoom room(record());
  std::string why;
  const auto a = room.join("Ana", "en", "", &why);
  ASSERT_TRUE(a) << why;
  const auto b = room.join("", "zh", "", &why);
  ASSERT_TRUE(b) << why;
  EXPECT_NE(a->token, b->token);
  EXPECT_GE(a->token.size(), 32u);
  EXPECT_EQ(b->name, "") << "anonymous";
  const auto again = room.join("someone else", "en", a->token, &why);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->id, a->id) << "a reload rejoins the same student";
  EXPECT_FALSE(room.join("x", "fr", "", &why));
  EXPECT_NE(why.find("lang"), std::string::npos) << why;
}

TEST_F(ClassRoomTest, TriesAreJudgedByTheExerciseAndRecordedOnce) {
  const ClassQuestionPosed p = poseLandsInQuestion();
  ClassRoom room(record());
  std::string why;
  const auto s = *room.join("Ana", "en", "", &why);
  ClassTry early = classTryCell(p, 2, 1, 1);
  EXPECT_EQ(room.answer(s.token, early).kind, ClassTryOutcome::Kind::kRefused) << "no question open yet";
  room.openQuestion("first-steps", 2, p.exercise, p.scene);
  const ClassTryOutcome wrong = room.answer(s.token, classTryCell(p, 0, 0, 1));
  EXPECT_EQ(wrong.kind, ClassTryOutcome::Kind::kRecorded);
  EXPECT_FALSE(wrong.right);
  const ClassTryOutcome right = room.answer(s.token, classTryCell(p, 2, 1, 2));
  EXPECT_EQ(right.kind, ClassTryOutcome::Kind::kRecorded);
  EXPECT_TRUE(right.right);
  EXPECT_EQ(room.answer(s.token, classTryCell(p, 2, 1, 2)).kind, ClassTryOutcome::Kind::kRepeated) << "a resent try";
  EXPECT_EQ(room.answer("not-a-token", classTryCell(p, 2, 1, 1)).kind, ClassTryOutcome::Kind::kRefused);
  const ClassTryOutcome outside = room.answer(s.token, classTryCell(p, 4, 0, 3));
  EXPECT_EQ(outside.kind, ClassTryOutcome::Kind::kRefused);
  EXPECT_NE(outside.why.find("outside the 4x4 grid"), std::string::npos) << outside.why;

  const ClassSummary sum = room.summary("first-steps/2", 1);
  EXPECT_EQ(sum.students, 1);
  EXPECT_EQ(sum.answered, 1);
  EXPECT_EQ(sum.rightFirstTime, 0) << "the first try was wrong";
  EXPECT_EQ(sum.rightEventually, 1);
  EXPECT_EQ(sum.cells.size(), 1u) << "the distribution counts first tries";
  EXPECT_EQ(sum.cells.at({0, 0}), 1);
  const std::string csv = room.csv();
  EXPECT_NE(csv.find("s1,Ana,first-steps/2,1,1,\"{\"\"cells\"\":[[0,0]]}\",0,0"), std::string::npos) << csv;
}

// A choice question (which schedule CANN picks) answered from the students' devices: each try judged, an option
// the question does not have refused, the room's first picks counted per option.
TEST_F(ClassRoomTest, ChoiceTriesAreJudgedAndCountedPerOption) {
  RequestSpec spec;
  spec.request.op = OpKind::kUpsampleNearestExact2dBackward;
  spec.request.shape.in[kH] = spec.request.shape.in[kW] = 4;
  spec.request.shape.out[kH] = spec.request.shape.out[kW] = 8;
  spec.request.strategy = "cann";
  spec.device = "ascend950";
  RunRequest request;
  std::string why;
  ASSERT_TRUE(spec.resolve(&request, &why)) << why;
  request.trace = true;
  const RunResult result = run(request);
  const Scene scene = buildScene(sceneSourceOf(result, request.op), 0);
  const Exercise e = buildExercise({ExerciseKind::kSchedule, 0, 0, ""}, scene, request, result);
  ASSERT_TRUE(e.ok()) << e.error;
  ASSERT_EQ(e.rightOption, 3) << "16 cells: one a thread";
  ClassRoom room(record());
  room.openQuestion("three-ways", 4, e, scene);
  const auto ana = *room.join("Ana", "en", "", &why), bo = *room.join("Bo", "zh", "", &why), cy = *room.join("Cy", "en", "", &why);
  auto pick = [&](const ClassStudent& who, int32_t option, int attempt) {
    ClassTry t;
    t.question = "three-ways/4";
    t.attempt = attempt;
    t.answer.choice = option;
    return room.answer(who.token, t);
  };
  EXPECT_FALSE(pick(ana, 1, 1).right);
  EXPECT_TRUE(pick(ana, 3, 2).right);
  EXPECT_TRUE(pick(bo, 3, 1).right);
  const ClassTryOutcome beyond = pick(cy, 4, 1);
  EXPECT_EQ(beyond.kind, ClassTryOutcome::Kind::kRefused);
  EXPECT_NE(beyond.why.find("not one of the question's 4 options"), std::string::npos) << beyond.why;
  const ClassSummary sum = room.summary("three-ways/4", 1);
  EXPECT_EQ(sum.answered, 2);
  EXPECT_EQ(sum.rightFirstTime, 1);
  EXPECT_EQ(sum.choices, (std::map<int32_t, int>{{1, 1}, {3, 1}})) << "first tries only";
  EXPECT_NE(room.csv().find("\"{\"\"choice\"\":1}\""), std::string::npos) << room.csv();
}

TEST_F(ClassRoomTest, VoteAgainKeepsTheFirstRoundAndRevealClosesTheQuestion) {
  const ClassQuestionPosed p = poseLandsInQuestion();
  ClassRoom room(record());
  std::string why;
  const auto a = *room.join("A", "en", "", &why);
  const auto b = *room.join("B", "en", "", &why);
  room.openQuestion("first-steps", 2, p.exercise, p.scene);
  room.answer(a.token, classTryCell(p, 0, 0, 1));
  room.answer(b.token, classTryCell(p, 2, 1, 1));
  room.voteAgain();
  EXPECT_EQ(room.question().round, 2);
  EXPECT_EQ(room.answer(a.token, classTryCell(p, 2, 1, 2, 1)).kind, ClassTryOutcome::Kind::kRefused) << "round 1 is over";
  room.answer(a.token, classTryCell(p, 2, 1, 1, 2));
  EXPECT_EQ(room.summary("first-steps/2", 1).rightFirstTime, 1);
  EXPECT_EQ(room.summary("first-steps/2", 2).rightFirstTime, 1);
  EXPECT_EQ(room.summary("first-steps/2", 2).answered, 1);
  room.reveal();
  EXPECT_TRUE(room.question().revealed);
  EXPECT_EQ(room.answer(b.token, classTryCell(p, 2, 1, 1, 2)).kind, ClassTryOutcome::Kind::kRefused) << "revealed: closed";
}

TEST_F(ClassRoomTest, AClassReopenedFromItsRecordResumesWithNothingLost) {
  const ClassQuestionPosed p = poseLandsInQuestion();
  std::string why, token;
  {
    ClassRoom room(record());
    const auto s = *room.join("Ana", "en", "", &why);
    token = s.token;
    room.openQuestion("first-steps", 2, p.exercise, p.scene);
    room.answer(s.token, classTryCell(p, 2, 1, 1));
  }
  {  // a crash mid-write leaves half a line
    std::ofstream out(record(), std::ios::app);
    out << "{\"event\":\"try\",\"stud";
  }
  ClassRoom resumed(record());
  const auto again = resumed.join("", "en", token, &why);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->id, "s1");
  EXPECT_EQ(resumed.question().key(), "first-steps/2");
  EXPECT_EQ(resumed.summary("first-steps/2", 1).rightFirstTime, 1);
  resumed.openQuestion("first-steps", 2, p.exercise, p.scene);
  EXPECT_EQ(resumed.answer(token, classTryCell(p, 2, 1, 1)).kind, ClassTryOutcome::Kind::kRepeated) << "kept across the restart";
  const auto next = resumed.join("Bo", "zh", "", &why);
  ASSERT_TRUE(next);
  EXPECT_EQ(next->id, "s2");
}

// After class: per question the share right first time (a first try of round 1, right, with no hint), per student
// a score (questions right at some try) out of the questions asked; the same from the record after a restart, and
// as CSV where a name is never read as a spreadsheet formula.
TEST_F(ClassRoomTest, TheReportGivesEachQuestionsShareRightFirstTimeAndEachStudentsScore) {
  const ClassQuestionPosed p = poseLandsInQuestion();
  std::string why;
  {
    ClassRoom room(record());
    const auto ana = *room.join("Ana", "en", "", &why);
    const auto bo = *room.join("=HYPERLINK(x)", "en", "", &why);
    const auto anonymous = *room.join("", "zh", "", &why);
    room.openQuestion("first-steps", 2, p.exercise, p.scene);
    room.answer(ana.token, classTryCell(p, 2, 1, 1));  // right first time
    room.answer(bo.token, classTryCell(p, 0, 0, 1));   // wrong, then right
    room.answer(bo.token, classTryCell(p, 2, 1, 2));
    ClassTry hinted = classTryCell(p, 2, 1, 1);  // right, after a hint
    hinted.hints = 1;
    room.answer(anonymous.token, hinted);
    room.openQuestion("first-steps", 4, p.exercise, p.scene);
    ClassTry second = classTryCell(p, 0, 0, 1);
    second.question = "first-steps/4";
    room.answer(ana.token, second);  // wrong, and no more tries
    room.openQuestion("first-steps", 5, p.exercise, p.scene);  // asked, answered by nobody
  }
  const ClassRoom resumed(record());
  const ClassReport r = resumed.report();
  ASSERT_EQ(r.questions.size(), 3u);
  EXPECT_EQ(r.questions[0].key, "first-steps/2");
  EXPECT_EQ(r.questions[0].answered, 3);
  EXPECT_EQ(r.questions[0].rightFirstTime, 1);
  EXPECT_EQ(r.questions[0].rightEventually, 3);
  EXPECT_NEAR(r.questions[0].shareRightFirstTime(), 1.0 / 3.0, 1e-12);
  EXPECT_EQ(r.questions[1].answered, 1);
  EXPECT_EQ(r.questions[1].rightEventually, 0);
  EXPECT_EQ(r.questions[2].answered, 0);
  EXPECT_EQ(r.questions[2].shareRightFirstTime(), 0.0);
  ASSERT_EQ(r.students.size(), 3u);
  EXPECT_EQ(r.students[0].name, "Ana");
  EXPECT_EQ(r.students[0].answered, 2);
  EXPECT_EQ(r.students[0].rightFirstTime, 1);
  EXPECT_EQ(r.students[0].right, 1);
  EXPECT_EQ(r.students[1].rightFirstTime, 0);
  EXPECT_EQ(r.students[1].right, 1);
  EXPECT_EQ(r.students[2].rightFirstTime, 0) << "a hint was seen";
  EXPECT_EQ(r.students[2].right, 1);
  EXPECT_EQ(r.questionsCsv(),
            "question,answered,right_first_time,share_right_first_time,right_eventually\n"
            "first-steps/2,3,1,0.333,3\nfirst-steps/4,1,0,0.000,0\nfirst-steps/5,0,0,0.000,0\n");
  EXPECT_EQ(r.studentsCsv(),
            "student,name,questions_asked,answered,right_first_time,score\n"
            "s1,Ana,3,2,1,1\ns2,'=HYPERLINK(x),3,1,0,1\ns3,,3,1,0,1\n");
  EXPECT_NE(resumed.csv().find("s2,'=HYPERLINK(x),"), std::string::npos) << "the record's CSV guards names too";
}

TEST(ClassAnswers, TheWireFormatIsBoundedAndRoundTrips) {
  ClassLimits limits;
  std::string typed, why;
  Answer a;
  a.cells = {{1, 2, 3}, {1, 0, 0}};
  const auto back = answerFromJson(answerJson(a, ""), 1, limits, &typed, &why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(back->cells, a.cells);
  Answer n;
  n.number = 0.5;
  const auto number = answerFromJson(answerJson(n, "0.50"), 1, limits, &typed, &why);
  ASSERT_TRUE(number) << why;
  EXPECT_EQ(*number->number, 0.5);
  EXPECT_EQ(typed, "0.50");
  for (const char* hostile : {"[]", "nope", "{\"cells\":[[1]]}", "{\"cells\":[[1,2.5]]}", "{\"number\":3}",
                              "{\"number\":\"abc\"}", "{\"cores\":[-1]}", "{\"admin\":true}"}) {
    EXPECT_FALSE(answerFromJson(hostile, 1, limits, &typed, &why)) << hostile;
    EXPECT_FALSE(why.empty()) << hostile;
  }
  Answer c;
  c.choice = 2;
  EXPECT_EQ(answerJson(c, ""), "{\"choice\":2}");
  const auto choice = answerFromJson(answerJson(c, ""), 1, limits, &typed, &why);
  ASSERT_TRUE(choice) << why;
  EXPECT_EQ(choice->choice, 2);
  for (const char* hostile : {"{\"choice\":-1}", "{\"choice\":64}", "{\"choice\":\"2\"}", "{\"choice\":1.5}"}) {
    EXPECT_FALSE(answerFromJson(hostile, 1, limits, &typed, &why)) << hostile;
    EXPECT_NE(why.find("choice"), std::string::npos) << hostile << ": " << why;
  }
  std::string many = "{\"cells\":[";
  for (size_t i = 0; i <= limits.maxAnswerCells; ++i) many += (i ? ",[0,0]" : "[0,0]");
  EXPECT_FALSE(answerFromJson(many + "]}", 1, limits, &typed, &why));
}

}  // namespace
}  // namespace gradlab::viz
#endif
