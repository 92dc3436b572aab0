#include "assets_dir.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "i18n/translate.h"

namespace gradlab::app {
namespace {

bool looksLikeAssets(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_directory(p / "lessons", ec);
}

}  // namespace

std::string findAssetsDir(const std::string& requested, std::string* error) {
  if (!requested.empty()) {
    if (looksLikeAssets(requested)) return requested;
    if (error) *error = i18n::trf("--assets {0} has no lessons/ directory", requested);
    return "";
  }
  std::vector<std::filesystem::path> candidates;
  if (const char* env = std::getenv("GRADLAB_ASSETS"); env && *env) candidates.emplace_back(env);
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) candidates.push_back(exe.parent_path().parent_path() / "share" / "gradlab" / "assets");
#ifdef GRADLAB_ASSETS_DIR
  candidates.emplace_back(GRADLAB_ASSETS_DIR);
#endif
  for (const auto& c : candidates)
    if (looksLikeAssets(c)) return c.string();
  if (error) *error = i18n::tr("no assets directory found (set GRADLAB_ASSETS or pass --assets)");
  return "";
}

}  // namespace gradlab::app
