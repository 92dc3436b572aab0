// gradlab_ui_driver: drives the real app with real input events, scenario by scenario (tests/ui/README.md).
//   gradlab_ui_driver APP WORKDIR SCENARIO.json... [--verbose]
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "scenario.h"

int main(int argc, char** argv) {
  gradlab::uitest::RunSettings settings;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--verbose") settings.verbose = true;
    else if (settings.app.empty()) settings.app = a;
    else if (settings.workDir.empty()) settings.workDir = a;
    else files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: gradlab_ui_driver APP WORKDIR SCENARIO.json... [--verbose]\n");
    return 2;
  }
  settings.app = std::filesystem::absolute(settings.app).string();  // the app starts in the scenario's folder
  int passed = 0, failed = 0;
  for (const std::string& file : files) {
    std::ifstream in(file);
    nlohmann::json scenario = nlohmann::json::parse(in, nullptr, false);
    if (scenario.is_discarded()) {
      std::printf("%s: not valid JSON\n", file.c_str());
      ++failed;
      continue;
    }
    gradlab::uitest::RunSettings one = settings;
    one.workDir = settings.workDir + "/" + std::filesystem::path(file).stem().string();
    std::filesystem::remove_all(one.workDir);
    std::filesystem::create_directories(one.workDir);
    one.workDir = std::filesystem::absolute(one.workDir).string();
    (gradlab::uitest::runScenario(scenario, one) ? passed : failed) += 1;
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
