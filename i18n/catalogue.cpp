#include "i18n/catalogue_sections.h"

namespace gradlab::i18n {

const std::vector<CatalogueSection>& chineseCatalogue() {
  static const std::vector<CatalogueSection> sections = {zhAppSection(), zhCanvasSection(), zhModelSection(), zhCoreSection(), zhFilesSection(), zhCliSection(),
                                                         zhExplainSection(), zhVerifySection()};
  return sections;
}

}  // namespace gradlab::i18n
