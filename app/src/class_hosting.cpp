#include "class_hosting.h"

#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <thread>

#ifdef GRADLAB_HAVE_CLASS_SERVER
#include <ifaddrs.h>
#include <netdb.h>
#include <sys/socket.h>

#include "class_server.h"
#include "join_qr.h"
#endif
#include "i18n/translate.h"
#include "viz/model/text.h"

namespace gradlab::app {
namespace {

volatile std::sig_atomic_t g_stop = 0;
void onSignal(int) { g_stop = 1; }

#ifdef GRADLAB_HAVE_CLASS_SERVER

// The address a phone on the same network reaches this machine at: the one --bind names, else the first
// private IPv4 address of an interface that is up, else loopback.
std::string reachableAddress(const std::string& bind) {
  if (bind != "0.0.0.0" && bind != "::") return bind;
  std::string found = "127.0.0.1";
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return found;
  for (ifaddrs* a = list; a != nullptr; a = a->ifa_next) {
    if (a->ifa_addr == nullptr || a->ifa_addr->sa_family != AF_INET) continue;
    char host[NI_MAXHOST];
    if (getnameinfo(a->ifa_addr, sizeof(sockaddr_in), host, sizeof host, nullptr, 0, NI_NUMERICHOST) != 0) continue;
    if (localNetworkAddress(host) && std::string(host).rfind("127.", 0) != 0) {
      found = host;
      break;
    }
  }
  freeifaddrs(list);
  return found;
}

// The browser build: --site, else an installed copy beside the executable, else build-web/site beside the
// source tree.
std::string findSite(const std::string& requested) {
  std::vector<std::filesystem::path> candidates;
  if (!requested.empty()) candidates.emplace_back(requested);
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) candidates.push_back(exe.parent_path().parent_path() / "share" / "gradlab" / "site");
#ifdef GRADLAB_ASSETS_DIR
  candidates.push_back(std::filesystem::path(GRADLAB_ASSETS_DIR).parent_path() / "build-web" / "site");
#endif
  for (const auto& c : candidates) {
    if (std::filesystem::is_regular_file(c / "index.html", ec)) return c.string();
    if (!requested.empty()) break;  // the one named, or none
  }
  return "";
}

class ServedClass : public ClassHosting {
 public:
  ServedClass(std::string record, ClassServerOptions options, std::string address)
      : record_(std::move(record)), room_(record_), server_(room_, std::move(options)), address_(std::move(address)) {}
  bool start(std::string* why) { return server_.start(why); }
  std::string studentLink() const override { return server_.studentLink(address_); }
  std::string joinCode() const override { return server_.joinCode(); }
  std::string teacherToken() const override { return server_.teacherToken(); }
  std::string recordPath() const override { return record_; }
  void fillBoard(viz::ClassBoard& board) override {
    if (board.link.empty()) {  // the link and its QR code do not change: made once
      board.link = studentLink();
      board.code = joinCode();
      board.qr = qrModules(board.link, &board.qrSize);
    }
    if (board.voteAgain) {  // the board's Vote again: a new round on every page, the first one's answers kept
      board.voteAgain = false;
      room_.voteAgain();
      server_.changed();
    }
    const viz::ClassQuestion q = room_.question();
    board.rounds.clear();
    if (q.round > 1) board.rounds.push_back(room_.summary(q.key(), 1));
    board.rounds.push_back(room_.summary(q.key(), q.round));
    if (board.reportWanted) board.report = room_.report();  // shown on the board: built while it is
    else board.report.reset();
    board.joined = board.rounds.back().students;
    board.answered = board.rounds.back().answered;
    board.asking = q.open || q.revealed;
    board.question = q.key();
    board.revealed = q.revealed;
  }

  void follow(const viz::AppState& s) override {
    const std::string lesson = s.course.lesson >= 0 && s.course.lesson < static_cast<int>(s.course.lessons.size())
                                   ? s.course.lessons[s.course.lesson].id
                                   : "";
    const ClassView view{lesson, s.course.preset + 1, viz::tabName(s.view.tab)};
    const bool asking = s.course.exercise && s.course.exercise->exercise.ok();
    const uint64_t question = asking ? s.run.id : 0;
    // The teacher's own screen shows the answer (Show the answer, or answered right): every page shows it.
    const bool revealed = asking && !s.course.exercise->open();
    if (view.lesson == shown_.lesson && view.step == shown_.step && view.tab == shown_.tab && question == question_ &&
        revealed == revealed_)
      return;
    if (asking && question != question_)
      room_.openQuestion(lesson, view.step, s.course.exercise->exercise, s.run.scene);
    if (!asking && question_ != 0) room_.close();
    if (revealed && !revealed_ && question == question_) room_.reveal();  // on the change only: a new round stays open
    shown_ = view;
    question_ = question;
    revealed_ = revealed;
    server_.show(view);
  }

  std::string writeReport() override {
    const viz::ClassReport report = room_.report();
    std::filesystem::path base(record_);
    const std::string stem = base.stem().string();
    const std::filesystem::path questions = base.replace_filename(stem + "-questions.csv"),
                                students = base.replace_filename(stem + "-students.csv");
    for (const auto& [path, text] : {std::pair{questions, report.questionsCsv()}, std::pair{students, report.studentsCsv()}}) {
      std::ofstream out(path, std::ios::binary);
      out << text;
      if (!out.flush()) return i18n::trf("the class report cannot be written to {0}", path.string());
    }
    std::string shares;
    for (const viz::ClassReport::Question& q : report.questions)
      shares += cat(shares.empty() ? "" : ", ", q.key, " ", q.rightFirstTime, "/", q.answered);
    return i18n::trf("class report: {0} and {1} (right first time: {2})", questions.string(), students.string(),
                     shares.empty() ? i18n::tr("no question was asked") : shares);
  }

 private:
  std::string record_;
  viz::ClassRoom room_;
  ClassServer server_;
  std::string address_;
  ClassView shown_{"", -1, ""};
  uint64_t question_ = 0;
  bool revealed_ = false;
};

#endif

}  // namespace

std::unique_ptr<ClassHosting> startClass(const viz::AppState& state, const Options& options, std::string* why) {
#ifdef GRADLAB_HAVE_CLASS_SERVER
  ClassServerOptions server;
  server.bind = options.classBind;
  server.port = options.classPort;
  server.site = findSite(options.classSite);
  if (server.site.empty()) {
    *why = options.classSite.empty()
               ? i18n::tr("no browser build to serve: build it with tools/web/build, or name one with --site")
               : i18n::trf("--site {0} has no index.html (tools/web/build writes one)", options.classSite);
    return nullptr;
  }
  std::string record = options.classRecord;
  if (record.empty()) {
    char day[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(day, sizeof day, "%Y%m%d", std::localtime(&now));
    // Beside the other exports (never the current directory: after the README's command, the repository).
    std::error_code ec;
    std::filesystem::create_directories(state.view.outputDir, ec);
    record = (std::filesystem::path(state.view.outputDir) / (std::string("gradlab-class-") + day + ".jsonl")).string();
  }
  auto hosting = std::make_unique<ServedClass>(record, server, reachableAddress(options.classBind));
  if (!hosting->start(why)) return nullptr;
  hosting->follow(state);
  return hosting;
#else
  (void)state, (void)options;
  *why = i18n::tr("this gradlab was built without cpp-httplib (Debian: libcpp-httplib-dev), so it cannot host a class");
  return nullptr;
#endif
}

int hostClassHeadless(viz::AppState& state, const Options& options) {
  std::string why;
  std::unique_ptr<ClassHosting> hosting = startClass(state, options, &why);
  if (!hosting) {
    std::fprintf(stderr, "gradlab: %s\n", why.c_str());
    return 1;
  }
  std::printf("gradlab: %s\n", i18n::trf("class open: students open {0} (code {1})", hosting->studentLink(),
                                          hosting->joinCode()).c_str());
  std::printf("gradlab: %s\n", i18n::trf("teacher token: {0}; class record: {1}", hosting->teacherToken(),
                                          hosting->recordPath()).c_str());
  std::fflush(stdout);
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  const auto start = std::chrono::steady_clock::now();
  while (!g_stop) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options.serveSeconds > 0.0 && elapsed >= options.serveSeconds) break;
  }
  std::printf("gradlab: %s\n", i18n::tr("class closed; its record is kept"));
  std::printf("gradlab: %s\n", hosting->writeReport().c_str());
  return 0;
}

}  // namespace gradlab::app
