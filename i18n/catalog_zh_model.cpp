// Chinese for the model strings (see i18n/translate.h). Terms follow docs/glossary.md.
#include <iterator>

#include "i18n/catalogue_sections.h"

namespace gradlab::i18n {
namespace {

constexpr CatalogueEntry kEntries[] = {
    {"model placeholder", "占位"},
};

}  // namespace

CatalogueSection zhModelSection() { return {"model", kEntries, std::size(kEntries)}; }

}  // namespace gradlab::i18n
