// Chinese for the explain strings (see i18n/translate.h). Terms follow docs/glossary.md.
#include <iterator>

#include "i18n/catalogue_sections.h"

namespace gradlab::i18n {
namespace {

constexpr CatalogueEntry kEntries[] = {
    {"explain placeholder", "占位"},
};

}  // namespace

CatalogueSection zhExplainSection() { return {"explain", kEntries, std::size(kEntries)}; }

}  // namespace gradlab::i18n
