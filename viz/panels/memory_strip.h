// The Scatter tab's memory-order strips: under the grids, each tensor's storage in address order (the
// model is viz/model/memory_order.h), one small cell per element, coloured by value like its grid, with
// its offset, a stripe in its plane's colour, and the gaps of a sliced view drawn as narrow unused slivers.
// Hovering a strip cell of the shown plane hovers that cell on its grid (ViewState::hovered), and the cell
// hovered or pinned on a grid is outlined in the strip, with the same pixel of the other planes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "viz/model/memory_order.h"
#include "viz/panels/app_state.h"

namespace gradlab::viz {

class MemoryStrips {
 public:
  // Lays out the strips of the run's tensors in `width` pixels: `soft` tall if the offsets stay readable in
  // it, else up to `hard` (the rows that do not fit even then are left out, and the strip says so).
  MemoryStrips(const AppState& state, float width, float soft, float hard);
  float height() const { return height_; }
  bool drawsCells() const { return hidden_.empty() && !strips_.empty(); }
  // Places the strips at `topLeft` (screen pixels) and takes the mouse: a strip cell of the shown plane
  // under it becomes the hovered cell. Call before the grids are drawn, so that they outline it.
  void place(AppState& state, ImVec2 topLeft);
  // Claims the space at the cursor and draws the strips; a click on a cell pins it (one of another plane
  // shows that plane first).
  void draw(AppState& state);

  // Where the strip cell of `grid` at storage `offset` is drawn (after place); nullopt when it is not.
  std::optional<ImVec2> slotCentre(int grid, int64_t offset) const;

 private:
  struct Strip {
    int grid = -1;
    MemoryOrder order;
    StripRows rows;
    int64_t shownElems = 0;  // the storage elements drawn (all but the rows that did not fit)
    std::string title;
    std::string note;        // why it is not drawn (too large), instead of the cells
    int digits = 1;          // of its largest offset
    float top = 0.0f;        // relative to the strips' top-left
  };
  struct Slot {
    const Strip* strip = nullptr;
    int64_t offset = -1;
  };
  // The layout's three steps: a strip per tensor the scene shows (or a note why it is not drawn); the cell size
  // and row periods (readable within `soft` if any are, else within `hard`); rows past `hard` left out, and
  // the strips' height.
  void collectStrips(const AppState& state);
  void chooseCells(const Scene& scene, float soft, float hard);
  float cutToHeight(float hard);
  ImVec2 slotMin(const Strip& strip, int64_t offset) const;
  float slotWidth(const Strip& strip, int64_t offset) const;
  void outlineSlot(const Strip& strip, int64_t offset, ImU32 colour, float thickness) const;
  Slot slotAt(ImVec2 mouse) const;
  // Each strip's title size (smaller where it is wider than the strips, down to four fifths) and where it ends.
  struct TitleLayout {
    float size, end;
  };
  const std::string& titleOf(const Strip& strip) const { return strip.note.empty() ? strip.title : strip.note; }
  std::vector<TitleLayout> titleLayouts() const;
  void drawPlaneLegend(const Scene& scene, const std::vector<TitleLayout>& titles) const;
  // A strip's rows of storage slots, each coloured as its cell shows now (`dst*`: the output as the animation
  // has it), with its offset where it fits.
  void drawSlots(const AppState& state, const Strip& strip, const std::vector<float>& dstValues,
                 const std::vector<uint8_t>& dstFilled, bool dstFinal) const;
  void drawHovered(AppState& state, bool dstFinal) const;

  std::vector<Strip> strips_;
  float width_ = 0.0f;
  float cellW_ = 0.0f, gapW_ = 0.0f, rowH_ = 0.0f, titleH_ = 0.0f, gutterW_ = 0.0f, height_ = 0.0f;
  ImVec2 topLeft_{0.0f, 0.0f};
  Slot hovered_;
  std::string hidden_;     // the strips are hidden (an open question they would answer): why
};

}  // namespace gradlab::viz
