#include "url_options.h"

namespace gradlab::app {
namespace {

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string decoded(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%' && i + 2 < text.size() && hexDigit(text[i + 1]) >= 0 && hexDigit(text[i + 2]) >= 0) {
      out += static_cast<char>(hexDigit(text[i + 1]) * 16 + hexDigit(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> argumentsFromQuery(std::string_view query) {
  std::vector<std::string> args;
  if (!query.empty() && query.front() == '?') query.remove_prefix(1);
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    args.push_back("--" + decoded(pair.substr(0, eq)));
    if (eq != std::string_view::npos) args.push_back(decoded(pair.substr(eq + 1)));
  }
  return args;
}

std::optional<i18n::Language> languageOfArguments(const std::vector<std::string>& args) {
  std::optional<i18n::Language> language;
  for (size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] != "--lang") continue;
    if (std::optional<i18n::Language> l = i18n::parseLanguage(args[i + 1])) language = l;
  }
  return language;
}

}  // namespace gradlab::app
