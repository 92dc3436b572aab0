#include "runtime/prose.h"

#include <atomic>
#include <vector>

namespace gradlab {
namespace {

std::atomic<ProseTranslator> g_translator{nullptr};
thread_local bool t_describing = false;

}  // namespace

void setProseTranslator(ProseTranslator translator) { g_translator.store(translator, std::memory_order_release); }

std::string fillPattern(std::string_view pattern, std::initializer_list<std::string_view> values) {
  std::vector<std::string> texts(values.begin(), values.end());
  return rt::fillPatternOf(pattern, texts.data(), texts.size());
}

namespace rt {

bool describing() { return t_describing; }
DescribeScope::DescribeScope() : was_(t_describing) { t_describing = true; }
DescribeScope::~DescribeScope() { t_describing = was_; }

const char* prosePattern(const char* english) {
  const ProseTranslator translate = g_translator.load(std::memory_order_acquire);
  if (translate == nullptr) return english;
  const char* pattern = translate(english);
  return pattern != nullptr ? pattern : english;
}

std::string fillPatternOf(std::string_view pattern, const std::string* values, size_t count) {
  std::string out;
  out.reserve(pattern.size() + 16);
  for (size_t i = 0; i < pattern.size(); ++i) {
    // The text up to the next brace goes in as one piece (a described plan of 1 536 tiles builds many).
    const size_t brace = pattern.find('{', i);
    if (brace != i) {
      const size_t end = brace == std::string_view::npos ? pattern.size() : brace;
      out.append(pattern.data() + i, end - i);
      i = end - 1;
      continue;
    }
    const char c = pattern[i];
    if (c == '{' && i + 1 < pattern.size() && pattern[i + 1] == '{') {
      out.push_back('{');
      ++i;
      continue;
    }
    if (c == '{') {
      size_t j = i + 1, n = 0;
      while (j < pattern.size() && j < i + 4 && pattern[j] >= '0' && pattern[j] <= '9') n = n * 10 + static_cast<size_t>(pattern[j++] - '0');
      if (j > i + 1 && j < pattern.size() && pattern[j] == '}' && n < count) {
        out += values[n];
        i = j;
        continue;
      }
    }
    out.push_back(c);
  }
  return out;
}

}  // namespace rt
}  // namespace gradlab
