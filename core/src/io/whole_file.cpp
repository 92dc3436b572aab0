#include "io/whole_file.h"

#include <fstream>
#include <sstream>

namespace gradlab::io {

bool readWholeFile(const std::string& path, std::string* bytes, std::string* error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    if (error) *error = "cannot open '" + path + "'";
    return false;
  }
  std::ostringstream text;
  text << file.rdbuf();
  *bytes = std::move(text).str();
  return true;
}

bool writeWholeFile(const std::string& path, const std::string& bytes, std::string* error) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (file) file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (file) file.close();
  if (!file) {
    if (error) *error = "cannot write '" + path + "'";
    return false;
  }
  return true;
}

}  // namespace gradlab::io
