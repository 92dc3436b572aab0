// What a link opens: the page's query read as the desktop app's command line (app/src/options.h), so a
// link says what the command line says and one parser checks both: each key=value becomes --key value and
// a bare key a flag. ?lesson=exercises&preset=3&presenter&lang=zh, ?op=upsample2d-backward&in=4x4&out=8x8.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "i18n/language.h"

namespace gradlab::app {

// The arguments (without a program name) of `query`, with or without its leading '?'; %XX and '+' decoded.
std::vector<std::string> argumentsFromQuery(std::string_view query);
// The language those arguments ask for (--lang en|zh, the last one), read apart from the rest: a link whose
// other options are refused still opens in its language, and says why in it.
std::optional<i18n::Language> languageOfArguments(const std::vector<std::string>& args);

}  // namespace gradlab::app
