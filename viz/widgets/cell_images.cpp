#include "viz/widgets/cell_images.h"

namespace gradlab::viz {
namespace {
CellImageTextures* g_textures = nullptr;  // the UI thread's, like ImGui's context
}  // namespace

void setCellImageTextures(CellImageTextures* textures) { g_textures = textures; }

CellImageTextures* cellImageTextures() { return g_textures; }

}  // namespace gradlab::viz
