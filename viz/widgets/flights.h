// Travelling cells of the scatter animation and mapping arrows between cells.
#pragma once

#include <vector>

#include "viz/model/animation.h"
#include "viz/model/heat_scale.h"
#include "viz/widgets/canvas.h"

namespace gradlab::viz {

// Where a travelling cell is at `progress` (0..1) on its arc from `from` to `to`, in scene units.
Point flightPosition(Point from, Point to, float progress);

// Each flight as a small square of its value's colour on an arc, with a faint trail from its source.
void drawFlights(const Canvas& canvas, const Scene& scene, const std::vector<Flight>& flights, const HeatScale& scale);
// A rectangle in scene units.
struct SceneBox {
  Point min, max;
};
// A curved arrow from the cell centred at `from` to the one centred at `to` (scene units): faint from the edge
// of `fromCell` to where it leaves the box `leave` (the source's grid), solid from there to where it enters
// `reach` (the target's grid), faint again over the target grid's other cells to the head, at the edge of
// `toCell`. The faint parts keep the digits they cross readable and join the arrow to its own cells: cut at the
// grids' edges, an arrow seemed to start at another cell and point at a third.
void drawArrow(const Canvas& canvas, Point from, Point to, ImU32 colour, float thickness, const SceneBox& fromCell,
               const SceneBox& leave, const SceneBox& reach, const SceneBox& toCell);

}  // namespace gradlab::viz
