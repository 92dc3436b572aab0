#include "software_draw.h"

#include <SDL.h>
#include <imgui.h>

namespace gradlab::app {

bool isSoftwareRenderer(SDL_Renderer* renderer) {
  SDL_RendererInfo info{};
  return SDL_GetRendererInfo(renderer, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE) != 0;
}

namespace {

// Draws the triangles [first, last) of a command, untextured when `solid`.
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

void drawSoftware(SDL_Renderer* renderer, const ImDrawData& data) {
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  SDL_RenderSetViewport(renderer, nullptr);
  SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);  // what untextured geometry blends with
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback) {
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(&list, &cmd);
        continue;
      }
      const ImVec4 c = cmd.ClipRect;
      const SDL_Rect clip{static_cast<int>(c.x), static_cast<int>(c.y), static_cast<int>(c.z - c.x),
                          static_cast<int>(c.w - c.y)};
      if (clip.w <= 0 || clip.h <= 0) continue;
      SDL_RenderSetClipRect(renderer, &clip);
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
      const unsigned triangles = cmd.ElemCount / 3;
      for (unsigned first = 0; first < triangles;) {
        const bool kind = solid(first);
        unsigned last = first + 1;
        while (last < triangles && solid(last) == kind) ++last;
        drawRun(renderer, list, cmd, first, last, kind);
        first = last;
      }
    }
  }
  SDL_RenderSetClipRect(renderer, nullptr);
}

}  // namespace gradlab::app
