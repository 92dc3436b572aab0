#include "i18n/zh_tables.h"

namespace gradlab::i18n {

const std::vector<TranslationTable>& chineseTranslations() {
  static const std::vector<TranslationTable> sections = {zhAppTable(), zhCanvasTable(), zhModelTable(), zhCoreTable(), zhFilesTable(), zhCliTable(),
                                                         zhExplainTable(), zhVerifyTable()};
  return sections;
}

}  // namespace gradlab::i18n
