#include "options.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "gradlab/printable.h"
#include "i18n/translate.h"

namespace gradlab::app {
namespace {

// The language before the options are parsed, so that a refused command line is explained in it:
// GRADLAB_LANG or the locale, then a "--lang X" (or "--lang=X") that names one. --lang is read again
// after parsing (o->language), with its own error when it names none.
void languageFromArguments(int argc, char** argv) {
  i18n::setLanguage(i18n::languageFromEnvironment());
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    std::optional<i18n::Language> l;
    if (arg == "--lang" && i + 1 < argc) l = i18n::parseLanguage(argv[i + 1]);
    else if (arg.rfind("--lang=", 0) == 0) l = i18n::parseLanguage(arg.substr(7));
    if (l) i18n::setLanguage(*l);
  }
}

std::string g_lastRefusal;

// "gradlab: " and the line, on stderr; kept for optionsRefusal(). A refusal quotes what was given, which a
// link can make any bytes: control characters are shown escaped and a long line is cut, so it stays one line.
void refuse(const std::string& text) {
  const std::string line = printableLine(text, 1000);
  g_lastRefusal = line;
  std::fprintf(stderr, "gradlab: %s\n", line.c_str());
}

// A number of at least `least`: CLI11's PositiveNumber refused 0 "not in range 0.000000 to 1797693...", a bound
// nobody types.
CLI::Validator atLeast(int least) {
  return CLI::Validator(
      [least](std::string& value) -> std::string {
        double n = 0;
        if (!CLI::detail::lexical_cast(value, n)) return i18n::trf("'{0}' is not a number", value);
        return n < least ? i18n::trf("{0} is below {1}, the least it can be", value, least) : std::string();
      },
      ">= " + std::to_string(least));
}

}  // namespace

const std::string& optionsRefusal() { return g_lastRefusal; }

bool parseOptions(int argc, char** argv, Options* o, int* exitCode) {
  using i18n::tr, i18n::trf;
  languageFromArguments(argc, argv);
  CLI::App cli{"gradlab: watch backward operators scatter gradients across the cores of an emulated NPU.\n"
               "Keys: Space play/pause, Left/Right step, Up/Down previous/next preset, F fullscreen,\n"
               "P presenter mode, S screenshot. With no display the lesson is rendered to image files."};
  std::string size;
  cli.add_option("--lesson", o->lesson, "Lesson to open (file name in assets/lessons without .json)")
      ->capture_default_str();
  cli.add_option("--preset", o->preset, "Preset of the lesson to open, from 1")->check(atLeast(1));
  cli.add_flag("--headless", o->headless, "Render every preset of the lesson to PNG frames and a GIF; no window");
  cli.add_option("--out-dir", o->outDir, "Output directory for --headless (default ./gradlab-out) and exports");
  cli.add_option("--screenshot", o->screenshot, "Render one frame of the preset to this PNG file and exit");
  cli.add_option("--record", o->record,
                 "Record the preset's animation to this GIF file and exit (from the window; headless without one)");
  cli.add_option("--size", size, "Window or image size, WIDTHxHEIGHT (default 1280x720)");
  cli.add_flag("--presenter", o->presenter, "Start in presenter mode: large fonts, high contrast");
  cli.add_flag("--class", o->classMode,
               "Class mode: the lesson's questions only, in presenter mode; headless, a question, two hints and the "
               "answer as slides for each");
  std::string tab;
  cli.add_option("--tab", tab, "Open on this tab: scatter, tiling, pipeline, compare, verify, matrix or code");
  cli.add_option("--frames", o->frames, "Headless: frames per preset")->check(CLI::Range(1, 2000))->capture_default_str();
  cli.add_option("--at", o->at, "Screenshot: position in the animation, 0 (start) .. 1 (end)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  bool noGif = false;
  cli.add_flag("--no-gif", noGif, "Headless: PNG frames only, no GIF");
  cli.add_flag("--canvas-only", o->canvasOnly, "Screenshots, GIFs and frames of the centre canvas, not the whole window");
  cli.add_option("session", o->session, "A saved session (*.gradlab) to open instead of a lesson")->check(CLI::ExistingFile);
  cli.add_option("--save-session", o->saveSession, "Write what opens (lesson step, --op run or session) as a session file");
  cli.add_option("--assets", o->assets, "Assets directory (lessons/, presets/, fonts/)");
  cli.add_flag("--list-lessons", o->listLessons, "List the lessons and exit");
  cli.add_flag("--host-class", o->hostClass,
               "Start a class: students' phones and laptops on the local network open the printed link and answer "
               "the open question on their own device");
  cli.add_option("--join", o->join,
                 "A student's page in a class: the code --host-class prints (the link carries it; the page asks for a "
                 "name and follows the teacher)");
  cli.add_option("--port", o->classPort, "--host-class: the port to listen on (0: any free one)")
      ->check(CLI::Range(0, 65535))->capture_default_str();
  cli.add_option("--bind", o->classBind, "--host-class: the address to listen on")->capture_default_str();
  cli.add_option("--site", o->classSite, "--host-class: the browser build to serve (default: build-web/site beside "
                                         "the sources, or the installed one)");
  cli.add_option("--class-record", o->classRecord,
                 "--host-class: the class record (JSON lines); an existing one is resumed");
  cli.add_option("--serve-seconds", o->serveSeconds, "--host-class --headless: stop after this many seconds (default: "
                                                     "on Ctrl+C)")->check(atLeast(0));
  cli.add_flag("--one-thread", o->oneThread,
               "Start no thread: runs, the Verify tab and GIFs work on the window's thread, as in a browser page "
               "without cross-origin isolation (the results are the same)");
  cli.add_flag("--memory", o->memory,
               "At exit, print the first run's memory estimate (what the app admits a run by) and the peak the "
               "process reached above its start until that run was on screen");
  cli.add_flag("--outputs-digest", o->outputsDigest,
               "Run every lesson step and print one hash of all their outputs' bits, then exit (two builds that "
               "print the same computed the same)");
  std::string lang;
  cli.add_option("--lang", lang, "Language: en or zh (default: GRADLAB_LANG, else the locale)");
  o->run.values = "integers";  // the app's default inputs (gradlab-cli's are random)
  CLI::App* run = cli.add_option_group("Run", "Open one call instead of a lesson, with gradlab-cli's flags");
  cli::addRunOptions(*run, o->run);
  run->add_flag("--play", o->play, "Start the animation of the --op run");
  // CLI11 2.1 loops for ever on an empty argument between a positional and an option (gradlab a "" --z; a
  // link's ?a&b=&c, found by the links fuzzer). No option takes an empty value: refused before CLI11 sees it.
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] != '\0') continue;
    refuse(trf("argument {0} is empty; no option takes an empty value (gradlab --help lists the options)", i));
    *exitCode = 2;
    return false;
  }
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help
      *exitCode = cli.exit(e);
      return false;
    }
    // Bad arguments exit 2 with one line, as gradlab-cli does (CLI11's own codes, 105 or 109, said nothing).
    std::string what = e.what();
    std::replace(what.begin(), what.end(), '\n', ' ');
    refuse(trf("{0} (gradlab --help lists the options)", what));
    *exitCode = 2;
    return false;
  }
  o->gif = !noGif;
  if (!lang.empty()) {
    o->language = i18n::parseLanguage(lang);
    if (!o->language) {
      refuse(trf("--lang takes en or zh, not \"{0}\"", lang));
      *exitCode = 2;
      return false;
    }
  }
  if (!tab.empty()) {
    viz::Tab t{};
    if (!viz::tabFromName(tab, &t)) {
      refuse(trf("--tab takes scatter, tiling, pipeline, compare, verify, matrix or code, not \"{0}\"", tab));
      *exitCode = 2;
      return false;
    }
    o->tab = t;
  }
  if (!o->session.empty() && !o->run.op.empty()) {
    refuse(tr("open a session or a --op run, not both"));
    *exitCode = 2;
    return false;
  }
  if (!o->run.op.empty()) {
    RunRequest r;
    std::string error;
    if (!cli::buildRequest(o->run, cli, &r, &error)) {
      refuse(error);
      *exitCode = 2;
      return false;
    }
    o->request = r;
  } else if (o->play) {
    refuse(tr("--play needs a run (--op NAME ...)"));
    *exitCode = 2;
    return false;
  }
  if (!size.empty()) {
    int w = 0, h = 0;
    char x = 0;
    if (std::sscanf(size.c_str(), "%d%c%d", &w, &x, &h) != 3 || (x != 'x' && x != 'X') || w < 320 || h < 240 ||
        w > 7680 || h > 4320) {
      refuse(trf("--size must be WIDTHxHEIGHT between 320x240 and 7680x4320, not \"{0}\"", size));
      *exitCode = 2;
      return false;
    }
    o->width = w;
    o->height = h;
  }
  return true;
}

}  // namespace gradlab::app
