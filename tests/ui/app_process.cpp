#include "app_process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "x_display.h"

namespace gradlab::uitest {

const Widget* Frame::find(const std::string& id) const {
  for (const Widget& w : widgets)
    if (w.id == id) return &w;
  return nullptr;
}

std::string Frame::fact(const std::string& key) const {
  auto it = state.find(key);
  return it == state.end() || !it->is_string() ? std::string() : it->get<std::string>();
}

AppProcess::AppProcess(std::string app, std::vector<std::string> args, std::string workDir)
    : app_(std::move(app)), work_(std::move(workDir)), args_(std::move(args)) {
  map_ = work_ + "/ui-map.json";
  log_ = work_ + "/app.log";
}

AppProcess::~AppProcess() {
  if (pid_ > 0 && running()) stop(2.0);
}

bool AppProcess::start(std::string* error) {
  ::unlink(map_.c_str());
  std::fflush(stdout);  // else the child's copy of the buffer is printed again
  pid_ = ::fork();
  if (pid_ < 0) {
    *error = "fork failed";
    return false;
  }
  if (pid_ == 0) {
    ::setenv("GRADLAB_UI_MAP", map_.c_str(), 1);
    ::setenv("SDL_VIDEODRIVER", "x11", 1);
    if (::chdir(work_.c_str()) != 0) std::_Exit(126);
    if (FILE* f = std::freopen(log_.c_str(), "w", stdout)) (void)f;
    ::dup2(::fileno(stdout), 2);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(app_.c_str()));
    for (std::string& a : args_) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(app_.c_str(), argv.data());
    std::_Exit(127);
  }
  return true;
}

std::optional<Frame> AppProcess::latest() const {
  std::ifstream in(map_);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  Frame f;
  f.number = j.value("frame", 0ULL);
  const nlohmann::json& w = j["window"];
  f.windowX = w.value("x", 0), f.windowY = w.value("y", 0), f.width = w.value("width", 0), f.height = w.value("height", 0);
  for (const nlohmann::json& e : j["widgets"]) {
    Widget x;
    x.id = e.value("id", "");
    x.kind = e.value("kind", "");
    x.value = e.value("value", "");
    x.x0 = e.value("x0", 0.0) + f.windowX, x.y0 = e.value("y0", 0.0) + f.windowY;
    x.x1 = e.value("x1", 0.0) + f.windowX, x.y1 = e.value("y1", 0.0) + f.windowY;
    x.wx0 = e.value("wx0", 0.0) + f.windowX, x.wy0 = e.value("wy0", 0.0) + f.windowY;
    x.wx1 = e.value("wx1", 0.0) + f.windowX, x.wy1 = e.value("wy1", 0.0) + f.windowY;
    f.widgets.push_back(std::move(x));
  }
  f.state = j["state"];
  return f;
}

std::optional<Frame> AppProcess::waitForFrame(unsigned long long number, double seconds) const {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    if (std::optional<Frame> f = latest(); f && f->number >= number) return f;
    if (!running()) return std::nullopt;
    sleepSeconds(0.02);
  }
  return std::nullopt;
}

bool AppProcess::running() const {
  if (pid_ <= 0 || exited_) return false;
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) {
    exited_ = true;
    status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    return false;
  }
  return true;
}

int AppProcess::stop(double seconds) {
  if (running()) ::kill(pid_, SIGTERM);
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (running() && std::chrono::steady_clock::now() < until) sleepSeconds(0.05);
  if (running()) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    exited_ = true;
    status_ = -SIGKILL;
  }
  return status_;
}

std::string AppProcess::log() const {
  std::ifstream in(log_);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace gradlab::uitest
