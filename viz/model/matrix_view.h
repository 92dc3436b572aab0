// The Matrix view of an upsample operator (rule kNearestExact or kNearest): the operator as products with its
// two 0/1 selection matrices, built from the catalog's index math (gradlab::sourceIndex, the code the kernels
// run), for the shown plane of a run. The products are laid out as a textbook diagram: each product's left
// operand beside the result (a row of it on the row of the result), its right operand above the result (a
// column of it over the column of the result); the middle product is the right operand of the last one.
//
//   backward (the cube's order)                    forward
//                 A_W [Wo x Wi]                                  A_W^T [Wi x Wo]
//   gradOutput    T = gradOutput · A_W             self          S = self · A_W^T
//   A_H^T         gradInput = A_H^T · T            A_H           out = A_H · S
//
// A_W[w][j] = 1 when src_W(w) = j, A_H[h][i] = 1 when src_H(h) = i. 1-D operators have one product of row
// vectors: gradInput = gradOutput · A_W (forward: out = self · A_W^T).
//
// With the cube strategy the trace's matmul tiles map onto regions of the blocks (the W pass: gradOutput rows
// x a window of K columns, times A_W's K rows x the slide's columns, into T; the H pass: A_H^T's rows x K
// columns, times T's K rows, into gradInput), and the animation's moves say which tile ran when.
// Geometry and hit-testing only: no ImGui (viz/panels/matrix_panel.cpp draws it).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gradlab/runner.h"
#include "viz/model/animation.h"
#include "viz/model/scene.h"

namespace gradlab::viz {

// What the rows or columns of a block index: the output side's rows (h) and columns (w), the input side's rows
// (i) and columns (j) — output and input as the forward sees them (gradOutput / out, gradInput / self) — or
// nothing (the single row of a 1-D tensor).
enum class MatrixAxis : uint8_t { kOutRows, kOutCols, kInRows, kInCols, kUnit };

// The five places of the diagram.
enum class BlockRole : uint8_t {
  kData,     // the tensor the op reads: gradOutput (backward), self (forward)
  kSelectW,  // A_W (backward), A_W^T (forward): above the middle product
  kMid,      // T = gradOutput · A_W (backward), S = self · A_W^T (forward); absent for 1-D ops
  kSelectH,  // A_H^T (backward), A_H (forward); absent for 1-D ops
  kResult,   // gradInput (backward), out (forward)
};
inline constexpr int kBlockRoles = 5;

struct MatrixBlock {
  BlockRole role = BlockRole::kData;
  bool present = false;
  std::string name;     // "gradOutput", "A_W", "T", "A_H^T", "gradInput"; "self", "A_W^T", "S", "A_H", "out"
  std::string formula;  // products: "T = gradOutput · A_W"; operands: the name
  std::string note;     // one line under the label: the rule of a selection matrix, where a tensor's values come from
  int64_t rows = 0, cols = 0;
  MatrixAxis rowAxis = MatrixAxis::kUnit, colAxis = MatrixAxis::kUnit;
  float x = 0.0f, y = 0.0f;  // top-left corner in scene units (one unit = one entry)

  // Selection matrices: src[o] of the axis (sourceIndex); entry (r, c) is 1 when src[o] == i, where (o, i) is
  // (r, c) when outAlongRows, else (c, r). Empty src: a tensor.
  std::vector<int64_t> src;
  bool outAlongRows = false;
  // Tensors: the plane's values (rows x cols, row-major) and which of them are known (empty: all; a value
  // nobody computed is drawn as an empty cell).
  std::vector<float> values;
  std::vector<uint8_t> known;

  bool selection() const { return !src.empty(); }
  bool one(int64_t row, int64_t col) const;  // selection matrices
  bool hasValue(int64_t row, int64_t col) const;
  float value(int64_t row, int64_t col) const;
  float width() const { return static_cast<float>(cols); }
  float height() const { return static_cast<float>(rows); }
};

// A rectangle of entries of one block: rows [row0, row1) x columns [col0, col1).
struct MatrixRegion {
  BlockRole block = BlockRole::kData;
  int64_t row0 = 0, row1 = 0, col0 = 0, col1 = 0;
  bool empty() const { return row1 <= row0 || col1 <= col0; }
};

enum class MatmulPass : uint8_t { kW, kH };
const char* matmulPassName(MatmulPass pass);  // "W pass", "H pass"

// A cube matmul tile of the shown plane, as regions of the blocks it reads and writes.
struct MatrixTile {
  int32_t tile = 0;  // Plan::tiles index
  int32_t core = 0;  // the plan's lane (Plan::coreName: "AIC 0")
  MatmulPass pass = MatmulPass::kW;
  MatrixRegion src;     // the data it multiplies: gradOutput (W pass; H pass when there is no W pass) or T
  MatrixRegion select;  // the selection matrix's block: A_W rows = src columns (W), A_H^T columns = src rows (H)
  MatrixRegion dst;     // what it writes: T (W pass; gradInput when there is no H pass) or gradInput
  int64_t firstMove = -1;  // position in the animation's moves of its first move (-1: none on this plane)
};

struct MatrixView {
  OpKind op = OpKind::kUpsampleNearestExact2dBackward;
  bool backward = true, oneD = false;
  int64_t plane = 0;
  std::array<MatrixBlock, kBlockRoles> blocks;
  std::string equation;     // "gradInput = A_H^T · gradOutput · A_W"
  std::string strategy;     // Plan::strategyName ("" when the plan does not say)
  bool cube = false;        // the cube strategy ran: its tiles are in `tiles`
  bool midComputed = false; // the middle product's values come from the trace (the cube's hop-1 moves)
  std::vector<MatrixTile> tiles;  // sorted by firstMove (tiles the animation does not show last, in plan order)
  std::vector<int> tileIndex;     // per Plan::tiles entry: its index in `tiles`, -1 when not a matmul tile here
  Point boundsMin, boundsMax;     // every present block, labels excluded
  std::shared_ptr<const Plan> plan;
  std::shared_ptr<const Trace> trace;

  const MatrixBlock& block(BlockRole role) const { return blocks[static_cast<size_t>(role)]; }
  MatrixBlock& block(BlockRole role) { return blocks[static_cast<size_t>(role)]; }
};

// True for the operators the view draws: the 1-D and 2-D upsample operators, whose maps are 0/1 selection matrices.
bool matrixViewApplies(OpKind op);

// The view of the scene's plane; the request gives the sizes and scales (as the run resolved them). Blocks
// are laid out with no gaps: call layoutMatrixView or fitMatrixLayout before drawing.
MatrixView buildMatrixView(const Scene& scene, const RunRequest& request);

// Room around the blocks for their labels: between the two columns and between the rows of the diagram (labels
// above the blocks), and beyond the left and right columns (labels beside them), inside the bounds.
struct MatrixSpacing {
  float gapX = 0.0f, gapY = 0.0f;
  float padLeft = 0.0f, padRight = 0.0f;
};
// Places the blocks with that spacing in scene units.
void layoutMatrixView(MatrixView& view, const MatrixSpacing& spacing);
// Places the blocks so that the spacing comes out at `pixels` at the zoom the canvas will pick for the result:
// zoomFor(boundsMin, boundsMax) (Canvas::fitZoom). Returns that zoom.
float fitMatrixLayout(MatrixView& view, const MatrixSpacing& pixels, const std::function<float(Point, Point)>& zoomFor);
// The blocks of each column of the diagram, top to bottom: the left one (the left operands) and the middle one.
std::vector<BlockRole> leftColumn(const MatrixView& view);
std::vector<BlockRole> middleColumn(const MatrixView& view);

// Records when each tile's first move lands in `animation` (built from the same run): MatrixTile::firstMove,
// and sorts the tiles by it.
void attachAnimation(MatrixView& view, const Animation& animation);

// Where the cube stands at the player's time: the tile of the most recently landed move (an index into
// view.tiles, -1 before the first or when that move is not a matmul tile's), and the tiles whose moves began
// landing before it (in order).
struct TileProgress {
  int current = -1;
  std::vector<int> done;
};
TileProgress tileProgressAt(const MatrixView& view, const Animation& animation, double t);

// The entry under a scene point.
struct MatrixHit {
  BlockRole block = BlockRole::kData;
  int64_t row = 0, col = 0;
  friend bool operator==(const MatrixHit&, const MatrixHit&) = default;
};
std::optional<MatrixHit> hitTest(const MatrixView& view, Point p);

// A whole row or column of a block.
struct MatrixLine {
  BlockRole block = BlockRole::kData;
  bool row = true;  // false: a column
  int64_t index = 0;
  friend bool operator==(const MatrixLine&, const MatrixLine&) = default;
};
// What a hovered entry connects: a selection entry, the tensors' rows or columns it maps onto each other
// (A_W[w][j]: gradOutput column w, T column j, gradInput column j); a tensor cell, the selection matrices'
// rows or columns that touch it (gradOutput[h][w]: A_W row w, A_H^T column h).
std::vector<MatrixLine> linkedLines(const MatrixView& view, const MatrixHit& hit);
// The hover text: a headline ("A_W[5][2] = 1: gradOutput column 5 feeds gradInput column 2") and lines
// that show why, with the index math's numbers (explainUpsampleAxis).
std::vector<std::string> hoverText(const MatrixView& view, const MatrixHit& hit, const RunRequest& request);
// "T14 on AIC 1 · W pass: T = gradOutput · A_W"
std::string tileText(const MatrixView& view, const MatrixTile& tile);
// "gradOutput rows 0–15 × columns 0–11 · A_W rows 0–11 × columns 0–7 → T rows 0–15 × columns 0–7"
std::string tileRegionsText(const MatrixView& view, const MatrixTile& tile);

}  // namespace gradlab::viz
