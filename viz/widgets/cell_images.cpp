#include "viz/widgets/cell_images.h"

#include <algorithm>

namespace gradlab::viz {
namespace {
CellImageTextures* g_textures = nullptr;  // the UI thread's, like ImGui's context
}  // namespace

void setCellImageTextures(CellImageTextures* textures) { g_textures = textures; }

CellImageTextures* cellImageTextures() { return g_textures; }

PooledCellImages::PooledCellImages(Renderer renderer) : renderer_(std::move(renderer)) { setCellImageTextures(this); }

PooledCellImages::~PooledCellImages() {
  if (cellImageTextures() == this) setCellImageTextures(nullptr);
  for (const Texture& t : textures_) renderer_.drop(t.id);
}

void PooledCellImages::beginFrame() {
  std::erase_if(textures_, [&](const Texture& t) {
    if (!t.used) renderer_.drop(t.id);
    return !t.used;
  });
  for (Texture& t : textures_) t.used = false;
}

ImTextureID PooledCellImages::upload(int width, int height, const ImU32* texels) {
  auto it = std::find_if(textures_.begin(), textures_.end(),
                         [&](const Texture& t) { return !t.used && t.width == width && t.height == height; });
  if (it == textures_.end()) {
    const ImTextureID id = renderer_.make(width, height);
    if (!id) return nullptr;
    textures_.push_back(Texture{id, width, height, false});
    it = std::prev(textures_.end());
  }
  if (!renderer_.fill(it->id, width, height, texels)) return nullptr;
  it->used = true;
  return it->id;
}

}  // namespace gradlab::viz
