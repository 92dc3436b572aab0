#include "viz/widgets/font_file.h"

#include <sys/stat.h>

#include <cstdio>
#include <vector>

#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb/stb_truetype.h>

namespace gradlab::viz {

std::string fontFileProblem(const std::string& path) {
  constexpr long long kMostBytes = 64ll << 20;  // Debian's CJK fonts are 5-20 MiB
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "no such file";
  if (!S_ISREG(st.st_mode)) return "not a regular file";
  if (st.st_size > kMostBytes) return "larger than 64 MiB";
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return "cannot be read";
  std::vector<unsigned char> data(static_cast<size_t>(st.st_size));
  const size_t got = data.empty() ? 0 : std::fread(data.data(), 1, data.size(), f);
  std::fclose(f);
  if (got != data.size() || data.size() < 12) return "not a font (too short)";
  const int offset = stbtt_GetFontOffsetForIndex(data.data(), 0);
  stbtt_fontinfo info;
  if (offset < 0 || static_cast<size_t>(offset) >= data.size() || !stbtt_InitFont(&info, data.data(), offset))
    return "not a TrueType or OpenType font";
  return "";
}

}  // namespace gradlab::viz
