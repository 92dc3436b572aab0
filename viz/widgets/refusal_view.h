// Draws a refusal explanation (gradlab/refusal.h) into the current ImGui window: the rule, the sentence,
// the call's numbers, the picture (draw-list shapes sized to the available width) and what would make the
// call legal; or, when no rule matches, the honest note that the code and message are all there is.
#pragma once

#include "gradlab/refusal.h"

namespace gradlab::viz {

void drawRefusalExplanation(const refusal::Explanation& e);
// The picture alone, `width` pixels wide (0: the available width); returns the height it took.
float drawRefusalPicture(const refusal::Picture& picture, float width = 0.0f);

}  // namespace gradlab::viz
