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
// A curved arrow from the cell at `from` to the cell at `to` (centres in scene units), drawn from edge to edge.
void drawArrow(const Canvas& canvas, Point from, Point to, ImU32 colour, float thickness);

}  // namespace gradlab::viz
