#include "viz/model/outputs_digest.h"


#include <fmt/format.h>

#include "gradlab/cat.h"
#include "gradlab/runner.h"

namespace gradlab::viz {
namespace {

struct Fnv64 {
  uint64_t h = 0xcbf29ce484222325ull;
  void bytes(const void* data, size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
  }
  template <typename T>
  void value(const T& v) {
    bytes(&v, sizeof v);
  }
};

}  // namespace

std::string OutputsDigest::text() const { return cat(runs, " runs (", refused, " refused), digest ", hex); }

OutputsDigest outputsDigest(const std::vector<Lesson>& lessons) {
  OutputsDigest out;
  Fnv64 h;
  for (const Lesson& lesson : lessons) {
    for (const Preset& preset : lesson.presets) {
      RunRequest request;
      std::string error;
      if (!preset.spec.resolve(&request, &error)) continue;
      request.trace = false;
      const RunResult result = run(request);
      ++out.runs;
      h.value(static_cast<int32_t>(result.status));
      if (!result.ok()) {
        ++out.refused;
        continue;
      }
      for (const HostTensor& t : result.outputs) {
        h.bytes(t.name.data(), t.name.size());
        for (int64_t d : t.shape) h.value(d);
        h.value(static_cast<int32_t>(t.dtype));
        for (float v : t.values) h.value(v);  // the bits: -0.0 and NaN payloads count
        for (int64_t v : t.ints) h.value(v);
      }
    }
  }
  out.hex = fmt::format("{:016x}", h.h);
  return out;
}

}  // namespace gradlab::viz
