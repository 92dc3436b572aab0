#include "viz/widgets/canvas.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "viz/model/text.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {

// Pixels per cell, zoomed out as far as a 1024-cell axis next to another needs to fit a small window.
constexpr float kMinZoom = 0.05f;
// Below this many pixels a cell, a scene fitted whole is a smear; a long thin one is fitted by its short side
// instead, at up to kComfortableCellPx (room for digits).
constexpr float kLegibleCellPx = 4.0f;
constexpr float kComfortableCellPx = 24.0f;

Canvas::Canvas(const char* id, ImVec2 size, CanvasView& view, Point boundsMin, Point boundsMax, float topMarginPx)
    : view_(view) {
  size = claimedSize(size);
  origin_ = ImGui::GetCursorScreenPos();
  size_ = size;
  ImGui::InvisibleButton(id, size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                                       ImGuiButtonFlags_MouseButtonMiddle);
  hovered_ = ImGui::IsItemHovered();
  const ImVec2 itemMin = ImGui::GetItemRectMin(), itemMax = ImGui::GetItemRectMax();
  list_ = ImGui::GetWindowDrawList();
  list_->PushClipRect(origin_, ImVec2(origin_.x + size.x, origin_.y + size.y), true);
  list_->AddRectFilled(origin_, ImVec2(origin_.x + size.x, origin_.y + size.y), theme().canvasBg);
  list_->ChannelsSplit(kCanvasLayers);
  layer(CanvasLayer::kTop);

  const bool boundsChanged = boundsMin.x != view.fittedMin.x || boundsMin.y != view.fittedMin.y ||
                             boundsMax.x != view.fittedMax.x || boundsMax.y != view.fittedMax.y;
  const bool resized = size.x != view.fittedW || size.y != view.fittedH;
  if (view.fitRequested || view.zoom <= 0 || boundsChanged || view.fitFloor != view.fittedFloor || (resized && !view.userAdjusted) ||
      (hovered_ && ImGui::IsMouseDoubleClicked(0)))
    fit(boundsMin, boundsMax, topMarginPx);

  struct Record {  // the view as it is after this frame's zoom and pan
    const char* id;
    ImVec2 min, max;
    const CanvasView& view;
    ~Record() { uimap::rect("canvas", id, min, max, cat(view.zoom, " ", view.originX, " ", view.originY)); }
  } record{id, itemMin, itemMax, view};
  if (!hovered_) return;
  ImGuiIO& io = ImGui::GetIO();
  if (io.MouseWheelH != 0.0f || (io.KeyShift && io.MouseWheel != 0.0f)) {  // sideways: a scene longer than the canvas
    view.originX -= (io.MouseWheelH != 0.0f ? io.MouseWheelH : io.MouseWheel) * 60.0f / view.zoom;
    view.userAdjusted = true;
  } else if (io.MouseWheel != 0.0f) {
    Point before = toScene(io.MousePos);
    view.zoom = std::clamp(view.zoom * std::pow(1.15f, io.MouseWheel), kMinZoom, 400.0f);
    // Keep the scene point under the cursor where it was.
    view.originX = before.x - (io.MousePos.x - origin_.x) / view.zoom;
    view.originY = before.y - (io.MousePos.y - origin_.y) / view.zoom;
    view.userAdjusted = true;
  }
  const bool panning = ImGui::IsMouseDragging(ImGuiMouseButton_Right) || ImGui::IsMouseDragging(ImGuiMouseButton_Middle) ||
                       (io.KeyShift && ImGui::IsMouseDragging(ImGuiMouseButton_Left));
  if (panning) {
    view.originX -= io.MouseDelta.x / view.zoom;
    view.originY -= io.MouseDelta.y / view.zoom;
    view.userAdjusted = true;
  }
}

Canvas::~Canvas() {
  list_->ChannelsMerge();
  // Where the scene runs past the canvas: a thin bar along that edge shows which part is in view (drag with
  // the right button, or Shift + wheel, to move it).
  // Per axis (0: x along the bottom edge, 1: y along the right edge): the scene's extent, where the view
  // starts in it, and the canvas's length.
  const float extent[2] = {view_.fittedMax.x - view_.fittedMin.x, view_.fittedMax.y - view_.fittedMin.y};
  const float start[2] = {view_.originX - view_.fittedMin.x, view_.originY - view_.fittedMin.y};
  const float length[2] = {size_.x, size_.y};
  for (int axis = 0; axis < 2; ++axis) {
    if (extent[axis] * view_.zoom <= length[axis] * 1.02f) continue;
    const float a = std::clamp(start[axis] / extent[axis], 0.0f, 1.0f);
    const float b = std::clamp((start[axis] + length[axis] / view_.zoom) / extent[axis], a, 1.0f);
    // The bar's rectangle from fraction f0 to f1 of its edge.
    auto span = [&](float f0, float f1) {
      return axis == 0 ? std::pair(ImVec2(origin_.x + f0 * size_.x, origin_.y + size_.y - 5.0f),
                                   ImVec2(origin_.x + f1 * size_.x, origin_.y + size_.y - 1.0f))
                       : std::pair(ImVec2(origin_.x + size_.x - 5.0f, origin_.y + f0 * size_.y),
                                   ImVec2(origin_.x + size_.x - 1.0f, origin_.y + f1 * size_.y));
    };
    const auto [trackMin, trackMax] = span(0.0f, 1.0f);
    const auto [thumbMin, thumbMax] = span(a, b);
    list_->AddRectFilled(trackMin, trackMax, IM_COL32(128, 128, 128, 60), 2.0f);
    list_->AddRectFilled(thumbMin, thumbMax, IM_COL32(128, 128, 128, 200), 2.0f);
  }
  list_->PopClipRect();
}

ImVec2 Canvas::claimedSize(ImVec2 size) {
  ImVec2 avail = ImGui::GetContentRegionAvail();
  // As ImGui: 0 = all the remaining space, negative = the remaining space minus that much.
  if (size.x <= 0) size.x = avail.x + size.x;
  if (size.y <= 0) size.y = avail.y + size.y;
  return ImVec2(std::max(size.x, 32.0f), std::max(size.y, 32.0f));
}

namespace {
float fitMargin() { return theme().presenter ? 6.0f : 16.0f; }  // a projector's pixels go to the picture
}  // namespace

float Canvas::fitZoom(ImVec2 size, Point bmin, Point bmax, float topMarginPx) {
  const float margin = fitMargin();
  const float w = std::max(bmax.x - bmin.x, 1.0f);
  const float h = std::max(bmax.y - bmin.y, 1.0f);
  const float availW = std::max(size.x - 2 * margin, 16.0f);
  const float availH = std::max(size.y - 2 * margin - topMarginPx, 16.0f);
  float zoom = std::min(availW / w, availH / h);
  // A scene far longer than the canvas along one axis (a 5 x 912 grid) would draw whole at under a pixel a
  // cell, a line: it is fitted by its short side instead, up to comfortable cells, and the long side scrolls.
  const float shortSide = std::max(availW / w, availH / h);
  if (zoom < kLegibleCellPx && shortSide > zoom * 4.0f) zoom = std::min(shortSide, kComfortableCellPx);
  return std::clamp(zoom, kMinZoom, 400.0f);
}

void Canvas::fit(Point bmin, Point bmax, float topMarginPx) {
  const float margin = fitMargin();
  const float w = std::max(bmax.x - bmin.x, 1.0f);
  const float h = std::max(bmax.y - bmin.y, 1.0f);
  const float availH = std::max(size_.y - 2 * margin - topMarginPx, 16.0f);
  view_.zoom = std::max(fitZoom(size_, bmin, bmax, topMarginPx), view_.fitFloor);
  view_.fittedFloor = view_.fitFloor;
  // Centre the bounds in the space below the label margin; a side longer than the canvas starts at its
  // beginning (the rest scrolls).
  const float availW = size_.x - 2 * margin;
  view_.originX = w * view_.zoom > availW ? bmin.x - margin / view_.zoom : bmin.x - (size_.x - w * view_.zoom) / 2.0f / view_.zoom;
  view_.originY = h * view_.zoom > availH ? bmin.y - (topMarginPx + margin) / view_.zoom
                                          : bmin.y - (topMarginPx + margin + (availH - h * view_.zoom) / 2.0f) / view_.zoom;
  // The floor made the picture larger than the canvas: it starts where it was asked to (a student's answer grid).
  if (view_.fitFocus && view_.zoom > fitZoom(size_, bmin, bmax, topMarginPx)) {
    if (w * view_.zoom > availW) view_.originX = view_.fitFocus->x - margin / view_.zoom;
    if (h * view_.zoom > availH) view_.originY = view_.fitFocus->y - (topMarginPx + margin) / view_.zoom;
  }
  view_.fitRequested = false;
  view_.userAdjusted = false;
  view_.fittedW = size_.x;
  view_.fittedH = size_.y;
  view_.fittedMin = bmin;
  view_.fittedMax = bmax;
}

std::optional<Point> Canvas::mouse() const {
  if (!hovered_) return std::nullopt;
  return toScene(ImGui::GetIO().MousePos);
}

}  // namespace gradlab::viz
