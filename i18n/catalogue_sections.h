// The Chinese catalogue's sections, one table per area so that each area's strings sit in one file.
#pragma once

#include "i18n/translate.h"

namespace gradlab::i18n {

CatalogueSection zhAppSection();      // the app's panels, menus, tooltips, help (catalog_zh_app.cpp)
CatalogueSection zhCanvasSection();   // the canvas panels and widgets: scatter, tiling, pipeline, matrix (catalog_zh_canvas.cpp)
CatalogueSection zhModelSection();    // text the app builds from a run: explanations, exercises, hints (catalog_zh_model.cpp)
CatalogueSection zhCoreSection();     // the core's prose: plans, profiles, kernel notes (catalog_zh_core.cpp)
CatalogueSection zhFilesSection();    // errors about files the app reads and its command line (catalog_zh_files.cpp)
CatalogueSection zhCliSection();      // gradlab-cli's human-readable output (catalog_zh_cli.cpp)
CatalogueSection zhExplainSection();
CatalogueSection zhVerifySection();   // verdicts of --check, --verify and the Verify tab (catalog_zh_verify.cpp)  // refusal explanations (catalog_zh_explain.cpp)

}  // namespace gradlab::i18n
