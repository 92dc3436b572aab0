// Draws one grid of a scene on a canvas: cells coloured by value (heat scale) or by owning core, tile
// borders, values printed when the cells are large enough, the label (name, shape, dtype) above it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gradlab/plan.h"
#include "viz/model/heat_scale.h"
#include "viz/model/lesson.h"
#include "viz/model/scene.h"
#include "viz/widgets/canvas.h"

namespace gradlab::viz {

enum class TileBoxes { kNone, kSrc, kDst };

struct GridStyle {
  const std::vector<float>* values = nullptr;     // plane values to show instead of the grid's own
  const std::vector<uint8_t>* filled = nullptr;   // when set, cells with 0 here are drawn empty
  const std::vector<uint8_t>* dimmed = nullptr;   // cells drawn faded (e.g. already sent)
  const HeatScale* scale = nullptr;
  CellColour colour = CellColour::kValues;
  const Plan* plan = nullptr;                     // for core colours and tile borders
  TileBoxes boxes = TileBoxes::kNone;
  int32_t buffer = -1;                            // the plan buffer the grid shows (Plan::buffers); -1: a tensor
  bool showValues = true;                         // printed when a cell is large enough
  std::string note;                               // small text after the label, e.g. "(running sums)"
  bool noteEssential = false;                     // the note says what the digits are (fp32 sums in a float16
                                                  // grid): kept, on a line of its own where cramped
  std::string memory;                             // how the tensor lies in memory when not contiguous (shape line)
  int labelLines = 2;                             // lines the canvas keeps above the grid for its label
  int* labelLinesWanted = nullptr;                // out: the lines its label needs, at the smallest size, not to be cut
  float labelEndPx = 0.0f;                        // > 0: where the next grid to the right begins (screen x); the
                                                  // label wraps before it rather than run over that grid's label
  bool label = true;                              // false: the caller draws the label itself
  float* labelTopPx = nullptr;                    // set to where the label's first line was drawn (screen y)
};

struct GridHover {
  int64_t row = 0, col = 0;
};

std::optional<GridHover> drawGrid(const Canvas& canvas, const SceneGrid& grid, int64_t plane, const GridStyle& style);
void outlineCell(const Canvas& canvas, const SceneGrid& grid, int64_t row, int64_t col, ImU32 colour, float thickness);
// The text that fits in `widthPx` at `fontSize`: as many significant digits as fit (at least 1), or "".
std::string fittedValueText(float value, bool integer, float widthPx, float fontSize, const ImFont* font);
// The size of the grid labels' type (the space canvases keep above their grids: two lines of it).
float gridLabelSize();
// The smallest digits a room reads on a projector at 1280x720: presenter mode keeps cells at least this large.
constexpr float kPresenterDigitPx = 18.0f;
// The most lines a grid's label takes above a canvas's top row (name, shape, dtype, plane, strides).
constexpr int kMostLabelLines = 5;
// A top-row label that wanted more lines than the canvas kept gets them from the next frame on (up to
// kMostLabelLines): the view remembers them and fits again, unless zoomed by hand.
void askLabelLines(CanvasView& view, int wanted, int kept);
constexpr float kTapTargetPx = 44.0f;  // a cell a finger picks: about the size phone guidelines ask of a target
// The size of the digits in a cell of `cellPx` pixels: at most the mono font's size.
float cellTextSize(float cellPx, float fontPx, bool presenter);
// The cell size whose presenter digits reach kPresenterDigitPx (cellTextSize's share of the cell).
float presenterReadableCellPx();
// The label above a grid: "gradOutput [1, 1, 8, 8] float32", plus "n=0 c=1" when there are planes.
std::string gridTitle(const SceneGrid& grid, int64_t plane);

}  // namespace gradlab::viz
