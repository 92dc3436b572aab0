// One number for what every lesson step computes: each step's run (its request as the lesson sets it up,
// with no trace) and the bits of every output tensor, hashed in order. Two builds that print the same
// digest (the desktop app's --outputs-digest, the browser page's gradlab_outputs_digest()) computed the same
// outputs bit for bit, deterministic mode and seeded default-mode schedules alike.
#pragma once

#include <string>
#include <vector>

#include "viz/model/lesson.h"

namespace gradlab::viz {

struct OutputsDigest {
  int runs = 0;        // lesson steps that ran
  int refused = 0;     // steps whose run the library refused (their status is hashed instead)
  std::string hex;     // FNV-1a 64 over every run's status and outputs: names, shapes, value bits
  std::string text() const;  // "RUNS runs (REFUSED refused), digest HEX"
};

OutputsDigest outputsDigest(const std::vector<Lesson>& lessons);

}  // namespace gradlab::viz
