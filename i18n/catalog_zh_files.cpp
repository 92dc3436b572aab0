// Chinese for what the app says about the files it reads (sessions, lessons, presets) and its command line
#include <iterator>

#include "i18n/catalogue_sections.h"

namespace gradlab::i18n {
namespace {

constexpr CatalogueEntry kFilesEntries[] = {
    {"files placeholder", "占位"},
};

}  // namespace

CatalogueSection zhFilesSection() { return {"files", kFilesEntries, std::size(kFilesEntries)}; }

}  // namespace gradlab::i18n
