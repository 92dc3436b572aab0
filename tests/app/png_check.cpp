// Checks that rendered PNGs are real pictures: the expected size (optional), several colours and some
// contrast. Prints one line per file; exits 1 if any file is missing, blank or the wrong size.
//   gradlab_png_check [--size WxH] FILE...
//   gradlab_png_check --same A B [MAX_PIXELS]   the two pictures differ in at most MAX_PIXELS pixels (default 0)
//   gradlab_png_check --same A B MAX_PIXELS --region X0 Y0 X1 Y1   ... within that box, in fractions of the size
//   gradlab_png_check --gif-frame GIF K PNG MAX_PIXELS   frame K of the GIF (decoded as a viewer shows it: -1 the
//       last) is the PNG but for at most MAX_PIXELS pixels off by more than 32 in a channel
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <set>
#include <vector>

struct Region {
  double x0 = 0, y0 = 0, x1 = 1, y1 = 1;  // fractions of the width and height
};

// Two renderings of the same state: equal but for at most `allowed` pixels (e.g. a host time printed in them),
// counted within `region`.
int same(const char* a, const char* b, long allowed, Region region) {
  int wa = 0, ha = 0, wb = 0, hb = 0, n = 0;
  unsigned char* pa = stbi_load(a, &wa, &ha, &n, 4);
  unsigned char* pb = stbi_load(b, &wb, &hb, &n, 4);
  if (!pa || !pb || wa != wb || ha != hb) {
    std::printf("%s and %s: cannot compare (unreadable or of different sizes)\n", a, b);
    return 1;
  }
  long differing = 0;
  int x0 = wa, y0 = ha, x1 = -1, y1 = -1;
  const int rx0 = static_cast<int>(region.x0 * wa), rx1 = static_cast<int>(region.x1 * wa);
  const int ry0 = static_cast<int>(region.y0 * ha), ry1 = static_cast<int>(region.y1 * ha);
  for (int y = std::max(ry0, 0); y < std::min(ry1, ha); ++y) {
    for (int x = std::max(rx0, 0); x < std::min(rx1, wa); ++x) {
      const long i = (static_cast<long>(y) * wa + x) * 4;
      if (std::memcmp(pa + i, pb + i, 4) == 0) continue;
      ++differing;
      x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
    }
  }
  stbi_image_free(pa);
  stbi_image_free(pb);
  std::printf("%s and %s: %ld differing pixels", a, b, differing);
  if (differing) std::printf(" in x %d..%d, y %d..%d", x0, x1, y0, y1);
  std::printf(" (at most %ld allowed)\n", allowed);
  return differing <= allowed ? 0 : 1;
}

// A GIF's frame against the window's picture at the same time: no export UI, no smear. A frame may round a
// colour a little (a palette of 255), not more.
int gifFrame(const char* gifPath, int k, const char* pngPath, long allowed) {
  FILE* f = std::fopen(gifPath, "rb");
  if (!f) {
    std::printf("%s: cannot open\n", gifPath);
    return 1;
  }
  std::vector<unsigned char> bytes;
  for (int c; (c = std::fgetc(f)) != EOF;) bytes.push_back(static_cast<unsigned char>(c));
  std::fclose(f);
  int* delays = nullptr;
  int w = 0, h = 0, frames = 0, n = 0;
  unsigned char* all = stbi_load_gif_from_memory(bytes.data(), static_cast<int>(bytes.size()), &delays, &w, &h, &frames, &n, 4);
  int pw = 0, ph = 0, pn = 0;
  unsigned char* png = stbi_load(pngPath, &pw, &ph, &pn, 4);
  int status = 1;
  if (k < 0) k += frames;
  if (!all || !png || pw != w || ph != h || k < 0 || k >= frames) {
    std::printf("%s frame %d and %s: cannot compare (%d frames of %dx%d, the picture %dx%d)\n", gifPath, k, pngPath, frames, w, h, pw, ph);
  } else {
    const unsigned char* g = all + static_cast<size_t>(k) * w * h * 4;
    long off = 0;
    int x0 = w, y0 = h, x1 = -1, y1 = -1;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const size_t i = (static_cast<size_t>(y) * w + x) * 4;
        if (std::abs(g[i] - png[i]) <= 32 && std::abs(g[i + 1] - png[i + 1]) <= 32 && std::abs(g[i + 2] - png[i + 2]) <= 32) continue;
        ++off;
        x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
      }
    std::printf("%s frame %d of %d and %s: %ld pixels off", gifPath, k, frames, pngPath, off);
    if (off) std::printf(" in x %d..%d, y %d..%d", x0, x1, y0, y1);
    std::printf(" (at most %ld allowed)\n", allowed);
    status = off <= allowed ? 0 : 1;
  }
  stbi_image_free(all);
  stbi_image_free(png);
  if (delays) stbi_image_free(delays);
  return status;
}

int main(int argc, char** argv) {
  if (argc == 6 && std::strcmp(argv[1], "--gif-frame") == 0) return gifFrame(argv[2], std::atoi(argv[3]), argv[4], std::atol(argv[5]));
  if (argc >= 4 && std::strcmp(argv[1], "--same") == 0) {
    Region region;
    if (argc == 10 && std::strcmp(argv[5], "--region") == 0) {
      region = {std::atof(argv[6]), std::atof(argv[7]), std::atof(argv[8]), std::atof(argv[9])};
    } else if (argc > 5) {
      std::printf("usage: gradlab_png_check --same A B [MAX_PIXELS [--region X0 Y0 X1 Y1]]\n");
      return 2;
    }
    return same(argv[2], argv[3], argc > 4 ? std::atol(argv[4]) : 0, region);
  }
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
