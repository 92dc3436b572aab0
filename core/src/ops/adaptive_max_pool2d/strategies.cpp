#include "ops/adaptive_max_pool2d/strategies.h"

namespace gradlab::ops::adaptive {

const StrategyInfo kBackwardStrategies[3] = {
    {"scatter", "vector scatter",
     "gradOutput's rows (planes x Ho) are split evenly over the vector cores; a plane held by one core is summed "
     "plainly, a plane whose rows are split between cores takes fp32 atomic adds from each",
     "row-major within each core; where cores share a plane, their atomic adds land in the order the cores reach "
     "them (the atomic schedule)",
     "bit-exact where no plane is shared; a shared cell is within the summation bound of the reference",
     false, true, "owner", true},
    {"owner", "vector plane owners",
     "every gradInput plane has one owner vector core, which walks the plane's gradOutput and indices in row-major "
     "order and adds each value into its cell",
     "row-major, as the reference", "bit-exact with the reference (fp32); FLOAT16/BF16 are the fp32 sums rounded once",
     false, false, "", true},
    {"lanes", "plane lanes (CANN's A2 kernel)",
     "planes go to the vector cores in groups of 64, one plane per vector lane (CANN transposes them so); each "
     "gradOutput cell writes its whole window into gradInput, its value at the argmax and zeros elsewhere: with "
     "atomic adds where windows overlap (into an fp32 workspace for FLOAT16/BF16, rounded once at the end), plain "
     "copies where they do not (CANN then runs MaxPool3DGradWithArgmax)",
     "row-major: a plane belongs to one core, whose window adds land in gradOutput's row-major order; the zeros "
     "add nothing",
     "bit-exact with the reference (fp32); FLOAT16/BF16 are the fp32 sums rounded once", false, false, "", true},
};

const StrategyInfo kForwardStrategies[1] = {
    {"separable", "separable window max",
     "planes and output rows are split over the vector cores; each window's max is taken down its columns first, "
     "then across (CANN's AdaptiveMaxPool3d kernel takes W first, then H, 64 planes per vector lane)",
     "no sums: a max, ties to the first cell in row-major order, a NaN wins and the last NaN's index is kept",
     "bit-exact in every dtype", false, false, "", true},
};

}  // namespace gradlab::ops::adaptive
