// What the readers' fuzz targets (files, links) ask of every refusal: one line with something in it. A
// violation prints "gradlab <target> fuzz: <reader>: <what>" and aborts, so libFuzzer keeps the input.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace gradlab::fuzz {

[[noreturn]] inline void readerViolation(const char* target, const char* reader, const std::string& what) {
  std::fprintf(stderr, "gradlab %s fuzz: %s: %s\n", target, reader, what.c_str());
  std::abort();
}

inline void checkOneLineReason(const char* target, const char* reader, const std::string& error) {
  if (error.empty()) readerViolation(target, reader, "refused without a reason");
  if (error.find('\n') != std::string::npos) {
    readerViolation(target, reader, "gave a reason of more than one line: " + error);
  }
  if (error.size() > 4096) readerViolation(target, reader, "gave a reason of " + std::to_string(error.size()) + " bytes");
}

}  // namespace gradlab::fuzz
