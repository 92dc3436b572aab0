#include "web_cell_images.h"

#include <GLES3/gl3.h>

#include <algorithm>
#include <cstdint>

namespace gradlab::app {

WebCellImages::WebCellImages() { viz::setCellImageTextures(this); }

WebCellImages::~WebCellImages() {
  if (viz::cellImageTextures() == this) viz::setCellImageTextures(nullptr);
  for (Texture& t : textures_) glDeleteTextures(1, &t.name);
}

void WebCellImages::beginFrame() {
  std::erase_if(textures_, [](Texture& t) {
    if (!t.used) glDeleteTextures(1, &t.name);
    return !t.used;
  });
  for (Texture& t : textures_) t.used = false;
}

ImTextureID WebCellImages::upload(int width, int height, const ImU32* texels) {
  auto it = std::find_if(textures_.begin(), textures_.end(),
                         [&](const Texture& t) { return !t.used && t.width == width && t.height == height; });
  if (it != textures_.end()) {
    glBindTexture(GL_TEXTURE_2D, it->name);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  } else {
    Texture t{0, width, height, false};
    glGenTextures(1, &t.name);
    if (t.name == 0) return nullptr;
    glBindTexture(GL_TEXTURE_2D, t.name);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // rows of whole RGBA texels
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    textures_.push_back(t);
    it = std::prev(textures_.end());
  }
  it->used = true;
  return reinterpret_cast<ImTextureID>(static_cast<uintptr_t>(it->name));
}

}  // namespace gradlab::app
