#include "viz/model/export_paths.h"

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "i18n/translate.h"
#include "viz/model/session.h"

namespace gradlab::viz {

namespace fs = std::filesystem;

std::string defaultExportDir() {
  const char* home = std::getenv("HOME");
  if (home && *home) return (fs::path(home) / "Pictures" / "gradlab").string();
  return "gradlab-out";
}

std::string newExportPath(const std::string& dir, const std::string& prefix, const std::string& ext, std::string* error) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    *error = i18n::trf("cannot create the export folder {0}: {1}", dir, ec.message());
    return "";
  }
  std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  fs::path path = fs::path(dir) / (prefix + "-" + stamp + ext);
  for (int n = 2; fs::exists(path, ec); ++n) path = fs::path(dir) / (prefix + "-" + stamp + "-" + std::to_string(n) + ext);
  return path.string();
}

std::vector<std::string> sessionFilesIn(const std::string& dir) {
  std::vector<std::pair<fs::file_time_type, std::string>> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() == kSessionExtension) found.emplace_back(entry.last_write_time(ec), entry.path().string());
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

}  // namespace gradlab::viz
