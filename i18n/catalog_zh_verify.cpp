// Chinese for the verify library's verdicts: --check, --verify and the Verify tab's case details
#include <iterator>

#include "i18n/catalogue_sections.h"

namespace gradlab::i18n {
namespace {

constexpr CatalogueEntry kVerifyEntries[] = {
    {"verify placeholder", "占位"},
};

}  // namespace

CatalogueSection zhVerifySection() { return {"verify", kVerifyEntries, std::size(kVerifyEntries)}; }

}  // namespace gradlab::i18n
