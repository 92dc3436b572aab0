#include "imgui_sdl_renderer.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cstdint>

#include "i18n/translate.h"

namespace gradlab::app {
namespace {

// The triangles [first, last) of a command, untextured when `solid`.
void drawRun(SDL_Renderer* renderer, const ImDrawList& list, const ImDrawCmd& cmd, unsigned first, unsigned last,
             bool solid) {
  const ImDrawVert* v = list.VtxBuffer.Data + cmd.VtxOffset;
  const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset + first * 3;
  constexpr int kStride = static_cast<int>(sizeof(ImDrawVert));
  SDL_RenderGeometryRaw(renderer, solid ? nullptr : static_cast<SDL_Texture*>(cmd.GetTexID()), &v->pos.x, kStride,
                        reinterpret_cast<const SDL_Color*>(&v->col), kStride, &v->uv.x, kStride,
                        list.VtxBuffer.Size - static_cast<int>(cmd.VtxOffset), idx, static_cast<int>((last - first) * 3),
                        static_cast<int>(sizeof(ImDrawIdx)));
}

}  // namespace

ImGuiSdlRenderer::ImGuiSdlRenderer(SDL_Renderer* renderer)
    : renderer_(renderer),
      cellImages_({[renderer](int width, int height) -> ImTextureID {
                     SDL_Texture* t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STREAMING, width, height);
                     if (t) {
                       SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
                       SDL_SetTextureScaleMode(t, SDL_ScaleModeNearest);
                     }
                     return static_cast<ImTextureID>(t);
                   },
                   [](ImTextureID t, int width, int, const ImU32* texels) {
                     return SDL_UpdateTexture(static_cast<SDL_Texture*>(t), nullptr, texels, width * 4) == 0;
                   },
                   [](ImTextureID t) { SDL_DestroyTexture(static_cast<SDL_Texture*>(t)); }}) {
  SDL_RendererInfo info{};
  software_ = SDL_GetRendererInfo(renderer, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE) != 0;
  ImGuiIO& io = ImGui::GetIO();
  io.BackendRendererName = "gradlab-sdl-renderer";
  // Each command names its first vertex (render() passes VtxOffset on): a large grid's draw list may pass
  // 65,536 vertices with 16-bit indices.
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
}

ImGuiSdlRenderer::~ImGuiSdlRenderer() { dropFonts(); }

bool ImGuiSdlRenderer::prepareFrame(std::string* error) {
  cellImages_.beginFrame();
  if (fonts_) return true;
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  fonts_ = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, width, height);
  if (!fonts_ || SDL_UpdateTexture(fonts_, nullptr, pixels, 4 * width) != 0) {
    if (error) *error = i18n::trf("cannot make the font texture: {0}", SDL_GetError());
    dropFonts();
    return false;
  }
  SDL_SetTextureBlendMode(fonts_, SDL_BLENDMODE_BLEND);
  io.Fonts->SetTexID(static_cast<ImTextureID>(fonts_));
  return true;
}

void ImGuiSdlRenderer::dropFonts() {
  if (!fonts_) return;
  if (ImGui::GetCurrentContext()) ImGui::GetIO().Fonts->SetTexID(nullptr);
  SDL_DestroyTexture(fonts_);
  fonts_ = nullptr;
}

void ImGuiSdlRenderer::render(const ImDrawData& data) {
  float rsx = 1.0f, rsy = 1.0f;
  SDL_RenderGetScale(renderer_, &rsx, &rsy);
  const ImVec2 scale(rsx == 1.0f ? data.FramebufferScale.x : 1.0f, rsy == 1.0f ? data.FramebufferScale.y : 1.0f);
  const float fbWidth = data.DisplaySize.x * scale.x, fbHeight = data.DisplaySize.y * scale.y;
  if (fbWidth <= 0.0f || fbHeight <= 0.0f) return;
  SDL_Rect oldViewport{}, oldClip{};
  const bool clipped = SDL_RenderIsClipEnabled(renderer_) == SDL_TRUE;
  SDL_RenderGetViewport(renderer_, &oldViewport);
  SDL_RenderGetClipRect(renderer_, &oldClip);
  SDL_RenderSetViewport(renderer_, nullptr);
  SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);  // what untextured geometry blends with
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback) {
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(&list, &cmd);
        continue;
      }
      const ImVec4 c = cmd.ClipRect;
      const float x0 = std::max(0.0f, (c.x - data.DisplayPos.x) * scale.x), y0 = std::max(0.0f, (c.y - data.DisplayPos.y) * scale.y);
      const float x1 = std::min(fbWidth, (c.z - data.DisplayPos.x) * scale.x), y1 = std::min(fbHeight, (c.w - data.DisplayPos.y) * scale.y);
      if (x1 <= x0 || y1 <= y0) continue;
      const SDL_Rect clip{static_cast<int>(x0), static_cast<int>(y0), static_cast<int>(x1 - x0), static_cast<int>(y1 - y0)};
      SDL_RenderSetClipRect(renderer_, &clip);
      const unsigned triangles = cmd.ElemCount / 3;
      if (!software_) {  // a GPU samples the white texel for free: one call, as ImGui's backend makes it
        drawRun(renderer_, list, cmd, 0, triangles, false);
        continue;
      }
      const ImDrawVert* v = list.VtxBuffer.Data + cmd.VtxOffset;
      const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
      auto solid = [&](unsigned triangle) {
        for (unsigned k = 0; k < 3; ++k) {
          const ImVec2 uv = v[idx[triangle * 3 + k]].uv;
          if (uv.x != white.x || uv.y != white.y) return false;
        }
        return true;
      };
      // Consecutive triangles of the same kind go in one call, in order (later ones paint over earlier).
      for (unsigned first = 0; first < triangles;) {
        const bool kind = solid(first);
        unsigned last = first + 1;
        while (last < triangles && solid(last) == kind) ++last;
        drawRun(renderer_, list, cmd, first, last, kind);
        first = last;
      }
    }
  }
  SDL_RenderSetViewport(renderer_, &oldViewport);
  SDL_RenderSetClipRect(renderer_, clipped ? &oldClip : nullptr);
}

}  // namespace gradlab::app
