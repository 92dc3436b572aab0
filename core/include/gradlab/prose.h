// The library's prose, in the reader's language. What gradlab explains in words (how a plan split the work
// and why, the device profiles, the kernels' step notes) is written in English as patterns with numbered
// values: "{0} {1} over {2} cores: every core gets work". A program that shows it in another language
// installs a translator, which gets each English pattern and returns the one to use (the same {N}, in any
// order), or the pattern itself; gradlab's app and CLI install their translation tables'. Error messages
// (aclGetRecentErrMsg) stay English, as CANN's do.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

using ProseTranslator = const char* (*)(const char* englishPattern);
// nullptr: English. Safe to call from any thread; prose already built keeps its language.
void setProseTranslator(ProseTranslator translator);

// {0}, {1}, ... of `pattern` replaced by the values; "{{" is a brace; anything else is kept as written.
std::string fillPattern(std::string_view pattern, std::initializer_list<std::string_view> values);

}  // namespace gradlab
GRADLAB_API_END
