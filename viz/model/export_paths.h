// Where the app writes what a user exports (screenshots, GIFs, sessions): a folder the user chooses, by
// default ~/Pictures/gradlab (never the current directory, which is the repository after the README's
// command), created when the first file is written.
#pragma once

#include <string>
#include <vector>

namespace gradlab::viz {

// $HOME/Pictures/gradlab, or ./gradlab-out when there is no home directory.
std::string defaultExportDir();
// dir/prefix-YYYYMMDD-HHMMSS.ext (a counter is added when that file exists); creates `dir`. "" and `error`
// when the folder cannot be created.
std::string newExportPath(const std::string& dir, const std::string& prefix, const std::string& ext, std::string* error);
// The *.gradlab files in `dir`, newest first.
std::vector<std::string> sessionFilesIn(const std::string& dir);

}  // namespace gradlab::viz
