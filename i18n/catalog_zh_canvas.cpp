// Chinese for the canvas panels and widgets (scatter, tiling, pipeline, matrix, memory strips, player, legends) (see i18n/translate.h). Terms follow docs/glossary.md.
#include <iterator>

#include "i18n/catalogue_sections.h"

namespace gradlab::i18n {
namespace {

constexpr CatalogueEntry kEntries[] = {
    {"Scatter tab", "散射页"},
};

}  // namespace

CatalogueSection zhCanvasSection() { return {"canvas", kEntries, std::size(kEntries)}; }

}  // namespace gradlab::i18n
