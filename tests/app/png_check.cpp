// Checks that rendered PNGs are real pictures: the expected size (optional), several colours and some
// contrast. Prints one line per file; exits 1 if any file is missing, blank or the wrong size.
//   gradlab_png_check [--size WxH] FILE...
#include <stb_image.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>

int main(int argc, char** argv) {
  int wantW = 0, wantH = 0, bad = 0, files = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
      std::sscanf(argv[++i], "%dx%d", &wantW, &wantH);
      continue;
    }
    ++files;
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(argv[i], &w, &h, &n, 4);
    if (!px) {
      std::printf("%s: cannot read (%s)\n", argv[i], stbi_failure_reason());
      ++bad;
      continue;
    }
    double sum = 0, sum2 = 0;
    std::set<unsigned> colours;
    const long cells = static_cast<long>(w) * h;
    for (long p = 0; p < cells; ++p) {
      const unsigned char* c = px + p * 4;
      double y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
      sum += y, sum2 += y * y;
      if (colours.size() < 100000) colours.insert((c[0] << 16) | (c[1] << 8) | c[2]);
    }
    stbi_image_free(px);
    const double mean = sum / cells, stddev = std::sqrt(std::max(0.0, sum2 / cells - mean * mean));
    const bool sizeOk = wantW == 0 || (w == wantW && h == wantH);
    const bool ok = sizeOk && colours.size() >= 16 && stddev >= 8.0;
    std::printf("%s: %dx%d, %zu colours, luminance stddev %.1f%s\n", argv[i], w, h, colours.size(), stddev,
                ok ? "" : sizeOk ? "  <- looks blank" : "  <- wrong size");
    if (!ok) ++bad;
  }
  if (files == 0) {
    std::printf("no files to check\n");
    return 1;
  }
  return bad ? 1 : 0;
}
