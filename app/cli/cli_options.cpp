#include "cli_options.h"

#include <CLI/CLI.hpp>

#include "i18n/language.h"

namespace gradlab::cli {

void addOptions(CLI::App& app, Options& o) {
  addRunOptions(app, o);
  app.add_option("--save-outputs", o.saveOutputs, "Write inputs and outputs as DIR/<name>.npy");
  app.add_option("--trace", o.trace, "Write a Chrome trace-event JSON (Perfetto, chrome://tracing)");
  app.add_option("--trace-moves", o.traceMoves, "Write the plan and every cell move as compact JSON (for the app)");
  app.add_flag("--plan", o.plan, "Print the tiling plan: tiles, boxes, UB bytes, estimated time, per-core load");
  app.add_option("--plan-rows", o.planRows, "Tiles to list with --plan (the rest are summarised)")
      ->check(CLI::Range(0, 1 << 30))
      ->capture_default_str();
  app.add_flag("--print", o.print, "Print the input and output values");
  app.add_flag("--explain", o.explain,
               "When the call is refused: the rule that failed with this call's numbers, a small picture and what "
               "would make it legal (exit codes unchanged)");
  app.add_flag("--check", o.check, "Compare the result with an independent reference; exit 1 on a mismatch");
  app.add_flag("--memory", o.memory,
               "Print the run's memory estimate (what a run is admitted by) and the peak the process reached above its "
               "start");
  app.add_flag("--list-profiles", o.listProfiles, "List the device profiles and exit");
  app.add_flag("--list-ops", o.listOps, "List the operators (CLI name, aclnn name, CANN kernel, dtypes) and exit");
  app.add_flag("--list-strategies", o.listStrategies,
               "List every operator's strategies (only --op's with --op): cores, summation order, numerics; and exit");
  app.add_option("--lang", o.lang, "Language of the human-readable output: en or zh (default: GRADLAB_LANG, else the locale)")
      ->check([](const std::string& v) { return i18n::parseLanguage(v) ? std::string() : "takes en or zh, not \"" + v + "\""; });
  app.add_flag("--verify", o.verify, "Run the whole case table (only --op's cases when --op is given), print pass/fail");
}

}  // namespace gradlab::cli
