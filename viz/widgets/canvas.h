// A pan/zoom drawing area mapping scene units to screen pixels. Mouse wheel zooms around the cursor,
// dragging with the right or middle button (or the left button with Shift) pans, double-click fits.
#pragma once

#include <optional>

#include <imgui.h>

#include "viz/model/scene.h"
#include "gradlab/no_copy.h"

namespace gradlab::viz {

// A canvas draws in layers: the cells' fills, then the lines that cross them (flights' trails, answer arrows),
// then the chips flying between the grids, then the cells' digits, the grids' labels and everything else. A line
// over a grid passes under its digits (trails and arrows struck through the digits they crossed), an arrow
// under a chip (it struck "-1" into "1"), a chip behind a label.
enum class CanvasLayer { kCells = 0, kLines = 1, kChips = 2, kTop = 3 };
inline constexpr int kCanvasLayers = 4;

struct CanvasView {
  float zoom = 0.0f;           // pixels per scene unit; 0 = not fitted yet
  float originX = 0.0f;        // scene point at the canvas' top-left corner
  float originY = 0.0f;
  bool fitRequested = true;    // fit on the next frame (a new scene, or the user asked)
  Point fittedMin, fittedMax;  // the bounds the view was last fitted to
  float fittedW = 0.0f, fittedH = 0.0f;  // the canvas size it was fitted in
  bool userAdjusted = false;   // zoomed or panned by hand: a resized canvas keeps the view
  float fitFloor = 0.0f;       // the least zoom a fit picks (presenter mode's readable digits: the rest scrolls)
  float fittedFloor = 0.0f;    // the floor of the last fit
  std::optional<Point> fitFocus;  // where a fit the floor made larger than the canvas starts (scene units)
  int labelLines = 0;          // lines its top row's grid labels asked for so far (a new scene starts again)
};

class Canvas : NoCopy {
 public:
  // Claims `size` at the cursor (a component 0: the remaining space; negative: the remaining space minus it). `topMarginPx` leaves room above
  // the bounds for grid labels.
  Canvas(const char* id, ImVec2 size, CanvasView& view, Point boundsMin, Point boundsMax, float topMarginPx);
  ~Canvas();

  // The zoom a canvas of `size` pixels fits these bounds at (what it picks by itself).
  static float fitZoom(ImVec2 size, Point bmin, Point bmax, float topMarginPx);
  // The size a Canvas constructed now with this `size` argument would claim.
  static ImVec2 claimedSize(ImVec2 size);

  ImDrawList* drawList() const { return list_; }
  CanvasView& view() const { return view_; }
  // Where what is drawn next goes (kTop until told otherwise); say kTop again when done.
  void layer(CanvasLayer l) const { list_->ChannelsSetCurrent(static_cast<int>(l)); }
  ImVec2 origin() const { return origin_; }
  ImVec2 size() const { return size_; }
  float zoom() const { return view_.zoom; }
  ImVec2 toScreen(Point p) const {
    return ImVec2(origin_.x + (p.x - view_.originX) * view_.zoom, origin_.y + (p.y - view_.originY) * view_.zoom);
  }
  Point toScene(ImVec2 s) const {
    return {view_.originX + (s.x - origin_.x) / view_.zoom, view_.originY + (s.y - origin_.y) / view_.zoom};
  }
  bool hovered() const { return hovered_; }
  std::optional<Point> mouse() const;  // the mouse in scene units, when over the canvas

 private:
  void fit(Point bmin, Point bmax, float topMarginPx);
  CanvasView& view_;
  ImDrawList* list_ = nullptr;
  ImVec2 origin_, size_;
  bool hovered_ = false;
};

}  // namespace gradlab::viz
