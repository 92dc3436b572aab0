#include "web_cell_images.h"

#include <GLES3/gl3.h>

#include <cstdint>

namespace gradlab::app {
namespace {

GLuint glName(ImTextureID id) { return static_cast<GLuint>(reinterpret_cast<uintptr_t>(id)); }

}  // namespace

std::unique_ptr<viz::PooledCellImages> makeWebCellImages() {
  viz::PooledCellImages::Renderer gl;
  gl.make = [](int width, int height) -> ImTextureID {
    GLuint name = 0;
    glGenTextures(1, &name);
    if (name == 0) return nullptr;
    glBindTexture(GL_TEXTURE_2D, name);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
    return reinterpret_cast<ImTextureID>(static_cast<uintptr_t>(name));
  };
  gl.fill = [](ImTextureID id, int width, int height, const ImU32* texels) {
    glBindTexture(GL_TEXTURE_2D, glName(id));
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // rows of whole RGBA texels
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    return true;
  };
  gl.drop = [](ImTextureID id) {
    const GLuint name = glName(id);
    glDeleteTextures(1, &name);
  };
  return std::make_unique<viz::PooledCellImages>(std::move(gl));
}

}  // namespace gradlab::app
