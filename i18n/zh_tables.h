// The Chinese translations, one table per area so that each area's strings sit in one file.
#pragma once

#include "i18n/translate.h"

namespace gradlab::i18n {

TranslationTable zhAppTable();      // the app's panels, menus, tooltips, help (zh_app.cpp)
TranslationTable zhCanvasTable();   // the canvas panels and widgets: scatter, tiling, pipeline, matrix (zh_canvas.cpp)
TranslationTable zhModelTable();    // text the app builds from a run: explanations, exercises, hints (zh_model.cpp)
TranslationTable zhCoreTable();     // the core's prose: plans, profiles, kernel notes (zh_core.cpp)
TranslationTable zhFilesTable();    // errors about files the app reads and its command line (zh_files.cpp)
TranslationTable zhCliTable();      // gradlab-cli's human-readable output (zh_cli.cpp)
TranslationTable zhExplainTable();  // refusal explanations (zh_explain.cpp)
TranslationTable zhVerifyTable();   // verdicts of --check, --verify and the Verify tab (zh_verify.cpp)

}  // namespace gradlab::i18n
