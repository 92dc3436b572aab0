// ImGui draw data on SDL's software renderer, about twice as fast as the stock SDL_Renderer backend.
// ImGui draws solid shapes (window backgrounds, cells, lines) textured with the font atlas's white pixel;
// SDL's software rasterizer then samples and modulates that texel for every pixel. Triangles whose three
// corners all use the white texel are drawn untextured instead, where SDL fills rectangles directly. The
// picture is the same within 2 levels per channel (SDL rounds the colour product differently).
#pragma once

struct SDL_Renderer;
struct ImDrawData;

namespace gradlab::app {

// True when `renderer` rasterizes on the CPU (the headless renderer, or a window without a GPU driver).
bool isSoftwareRenderer(SDL_Renderer* renderer);

// Draws `data` (DisplayPos at the origin, framebuffer scale 1) with alpha blending and ImGui's clip
// rectangles; leaves the renderer's clip rectangle unset.
void drawSoftware(SDL_Renderer* renderer, const ImDrawData& data);

}  // namespace gradlab::app
