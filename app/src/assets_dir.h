// Finds the assets directory: --assets, $GRADLAB_ASSETS, the source tree (build tree runs), or
// share/gradlab/assets next to the installed binary.
#pragma once

#include <string>

namespace gradlab::app {

std::string findAssetsDir(const std::string& requested, std::string* error);

}  // namespace gradlab::app
