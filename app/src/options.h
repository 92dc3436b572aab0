// Command-line options of the app.
#pragma once

#include <optional>
#include <string>

#include "gradlab/runner.h"
#include "i18n/language.h"
#include "run_options.h"
#include "viz/model/lesson.h"

namespace gradlab::app {

struct Options {
  std::string lesson = "first-steps";
  int preset = 1;             // 1-based, the preset the window opens on / the screenshot shows
  bool headless = false;
  std::string outDir;         // --out-dir: headless output and exports ("" = ./gradlab-out headless)
  std::string screenshot;     // render one frame of the preset to this PNG and exit
  std::string record;         // window: record the preset's animation to this GIF and exit
  int width = 1280, height = 720;
  bool presenter = false;
  bool classMode = false;     // --class: the lesson's questions only, presenter-sized; headless: question, hint and answer slides
  int frames = 30;            // headless: frames per preset (PNG each, and the GIF)
  double at = 0.45;           // --screenshot: where in the animation (0 = start, 1 = end)
  bool gif = true;            // headless: also write an animated GIF per preset
  bool canvasOnly = false;    // screenshots, GIFs and frames of the centre canvas only
  std::string session;        // a *.gradlab file to open (the positional argument)
  std::string saveSession;    // write the opened state as a session file
  std::string assets;         // assets directory ("" = find it)
  bool listLessons = false;
  bool outputsDigest = false;
  bool memory = false;        // --memory: the run's estimated peak memory and the one measured, at exit
  bool oneThread = false;     // --one-thread: gradlab::setSingleThreaded, as the browser's build without threads
  std::optional<viz::Tab> tab;  // --tab: the tab to open on instead of the lesson step's, session's or run's own
  cli::RunOptions run;                 // gradlab-cli's run flags (--op, --in, --out, --dtype, ...)
  std::optional<RunRequest> request;   // set when --op is given: open this run instead of a lesson
  bool play = false;                   // start the animation of a --op run
  std::optional<i18n::Language> language;  // --lang; else GRADLAB_LANG or the locale (i18n/language.h)
  // --host-class: students' devices join on the local network (app/class_server).
  bool hostClass = false;
  std::string join;  // --join CODE: a student's page in a class (the link --host-class prints); browser only
  int classPort = 8642;       // --port (0: any free port)
  std::string classBind = "0.0.0.0";  // --bind
  std::string classSite;      // --site: the browser build's folder ("" = find it)
  std::string classRecord;    // --class-record: the JSON-lines record ("" = gradlab-class-<date>.jsonl in the export folder)
  double serveSeconds = 0.0;  // --serve-seconds: headless hosting stops after this long (0: on Ctrl+C)
};

// Parses argv; on --help or an error prints and returns false with the exit code in `exitCode`.
bool parseOptions(int argc, char** argv, Options* options, int* exitCode);
// The sentence of the last refusal parseOptions printed ("" when none): the web build shows it.
const std::string& optionsRefusal();

}  // namespace gradlab::app
