// Chinese for the cli strings (see i18n/translate.h). Terms follow docs/glossary.md.
#include <iterator>

#include "i18n/catalogue_sections.h"

namespace gradlab::i18n {
namespace {

constexpr CatalogueEntry kEntries[] = {
    {"cli placeholder", "占位"},
};

}  // namespace

CatalogueSection zhCliSection() { return {"cli", kEntries, std::size(kEntries)}; }

}  // namespace gradlab::i18n
