// Chinese for the core's prose (gradlab/prose.h): plan strategies, core choices, UB uses, phases, profiles, kernel notes (see i18n/translate.h). Terms follow docs/glossary.md.
#include <iterator>

#include "i18n/catalogue_sections.h"

namespace gradlab::i18n {
namespace {

constexpr CatalogueEntry kEntries[] = {
    {"core placeholder", "占位"},
};

}  // namespace

CatalogueSection zhCoreSection() { return {"core", kEntries, std::size(kEntries)}; }

}  // namespace gradlab::i18n
