// Chinese for the app's frame: top bar, tabs, controls, lesson and exercise panels, menus, help, compare, verify, code (see i18n/translate.h). Terms follow docs/glossary.md.
#include <iterator>

#include "i18n/catalogue_sections.h"

namespace gradlab::i18n {
namespace {

constexpr CatalogueEntry kEntries[] = {
    {"English", "English"},
    {"Scatter", "散射"},
    {"Tiling", "分块"},
    {"Pipeline", "流水线"},
    {"Compare", "对比"},
    {"Verify", "校验"},
    {"Matrix", "矩阵"},
    {"Code", "代码"},
    {"File", "文件"},
};

}  // namespace

CatalogueSection zhAppSection() { return {"app", kEntries, std::size(kEntries)}; }

}  // namespace gradlab::i18n
