// gradlab-cli --explain: why the library (or the command line's mirror of its rules) refused the call,
// printed as gradlab/refusal.h's text with the user's numbers and a small ASCII picture.
#pragma once

#include <iosfwd>

#include "gradlab/runner.h"
#include "run_options.h"

namespace gradlab::cli {

// A refused run: the explanation of `result`.
void printExplanation(std::ostream& out, const RunRequest& request, const RunResult& result);

// Bad arguments that mirror a library rule (a dtype outside the operator's list, a strategy it does not
// have, a --device spec outside the profile limits): the same explanation, from the library's own refusal
// of the call the arguments describe. Prints nothing for other bad arguments. The exit code stays 2.
void explainBadArguments(std::ostream& out, const RunOptions& options, const CLI::App& app);
// A command line that did not parse: explains a --device spec outside the profile limits (checked while
// parsing); true when it printed something.
bool explainDeviceArgument(std::ostream& out, const CLI::App& app);

}  // namespace gradlab::cli
