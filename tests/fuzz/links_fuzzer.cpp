// libFuzzer target for what a page's link carries: the query (read as the desktop app's command line,
// app/web/url_options.h) and, after a NUL byte, the text of a #session= (as index.html inflated it).
// A link may be anything a person pastes: every refusal is one line; an accepted --op run or session names
// a call whose memory can be weighed before anything is allocated (runMemoryNeed) without reading past its
// bounds; nothing crashes, hangs or allocates in proportion to what a link claims.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "app/src/options.h"
#include "app/web/url_options.h"
#include "one_line_reason.h"
#include "viz/model/session.h"

namespace {

[[noreturn]] void violation(const char* part, const std::string& what) {
  gradlab::fuzz::readerViolation("links", part, what);
}

void checkReason(const char* part, const std::string& error) { gradlab::fuzz::checkOneLineReason("links", part, error); }

void query(const std::string& text) {
  using namespace gradlab::app;
  std::vector<std::string> args = argumentsFromQuery(text);
  for (const std::string& a : args) {
    if (a.size() > text.size() + 2) violation("argumentsFromQuery", "made an argument longer than the query and its \"--\"");
  }
  args.insert(args.begin(), "gradlab");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  Options options;
  int exitCode = 0;
  // parseOptions prints each refusal (and ?help its help), as the app does on a terminal: thousands a
  // second would flood the log.
  static const int devNull = open("/dev/null", O_WRONLY);
  std::fflush(stdout);
  std::fflush(stderr);
  const int savedStdout = dup(1), savedStderr = dup(2);
  dup2(devNull, 1);
  dup2(devNull, 2);
  const bool parsed = parseOptions(static_cast<int>(argv.size()), argv.data(), &options, &exitCode);
  std::fflush(stdout);
  std::fflush(stderr);
  dup2(savedStdout, 1);
  dup2(savedStderr, 2);
  close(savedStdout);
  close(savedStderr);
  if (!parsed) {
    if (exitCode != 0) checkReason("parseOptions", optionsRefusal());
    return;
  }
  if (options.request) (void)gradlab::runMemoryNeed(*options.request);
}

void session(const std::string& text) {
  using namespace gradlab::viz;
  Session s;
  std::string error;
  if (!parseSession(text, &s, &error)) return checkReason("parseSession", error);
  gradlab::RunRequest request;
  if (s.spec.resolve(&request, &error)) {
    (void)gradlab::runMemoryNeed(request);
  } else {
    checkReason("RequestSpec::resolve", error);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("GRADLAB_LOG", "off", 0);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const size_t nul = input.find('\0');
  query(input.substr(0, nul));
  if (nul != std::string::npos) session(input.substr(nul + 1));
  return 0;
}
