#include "gradlab/accumulation.h"

#include <cstdio>
#include <cstdlib>

namespace gradlab {

const char* accumulationName(Accumulation accumulation) {
  return accumulation == Accumulation::kDtype ? "dtype" : "fp32";
}

std::optional<Accumulation> parseAccumulation(std::string_view text) {
  if (text == "fp32") return Accumulation::kFp32;
  if (text == "dtype") return Accumulation::kDtype;
  return std::nullopt;
}

Accumulation defaultAccumulation() {
  static const Accumulation accumulation = [] {
    const char* text = std::getenv("GRADLAB_ACCUMULATE");
    if (text == nullptr || *text == '\0') return Accumulation::kFp32;
    if (auto parsed = parseAccumulation(text)) return *parsed;
    std::fprintf(stderr, "gradlab: ignoring GRADLAB_ACCUMULATE=\"%s\": expected fp32 or dtype; using fp32\n", text);
    return Accumulation::kFp32;
  }();
  return accumulation;
}

}  // namespace gradlab
