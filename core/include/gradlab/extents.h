// The shape of one call, for operators of any spatial rank (1-D, 2-D, 3-D): batch, channels, and the
// spatial sizes of the operator's two sides with their scale factors. The catalog's examples, the runner's
// requests, the checks' refusal facts, the planners, the kernels, the references, the CLI and the app all
// read this one description.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

inline constexpr int kMaxSpatialRank = 3;

// Spatial axes, outermost first. An operator of spatial rank r uses the last r of them (1-D: kW is L;
// 2-D: kH and kW; 3-D: kD, kH and kW); the axes it does not use stay 1 and their scales 0.
enum SpatialAxis : int { kD = 0, kH = 1, kW = 2 };

inline constexpr const char* kAxisNames[kMaxSpatialRank] = {"D", "H", "W"};  // a 1-D operator calls kW "L"

using SpatialSizes = std::array<int64_t, kMaxSpatialRank>;

// The two sides of an operator. kIn: gradInput of a backward op, self of a forward op.
// kOut: gradOutput of a backward op, out of a forward op.
enum class Side : uint8_t { kIn, kOut };

struct Extents {
  int64_t N = 1, C = 1;
  SpatialSizes in{1, 1, 1};   // the input side's spatial sizes (D, H, W)
  SpatialSizes out{1, 1, 1};  // the output side's
  // Upsample scale factors (output / input, as PyTorch's scale_factor) per axis; 0: from the sizes.
  std::array<double, kMaxSpatialRank> scales{};
  bool unbatched = false;  // operators that allow it: tensors without the N axis (C, spatial...)

  SpatialSizes& side(Side s) { return s == Side::kIn ? in : out; }
  const SpatialSizes& side(Side s) const { return s == Side::kIn ? in : out; }
  int64_t planes() const { return N * C; }
  int64_t planeCells(Side s) const { return side(s)[kD] * side(s)[kH] * side(s)[kW]; }
  int64_t cells(Side s) const { return planes() * planeCells(s); }
  // The logical tensor shape of side `s` for an operator of spatial rank `rank`: [N, C, spatial...], or
  // [C, spatial...] when unbatched.
  std::vector<int64_t> shape(Side s, int rank) const;
  // The sizes of the last `rank` axes of side `s`, outermost first (an aclnn outputSize).
  std::vector<int64_t> spatial(Side s, int rank) const;
  // The scales of the last `rank` axes at the front, as the aclnn calls take them (OpArgs::scales).
  std::array<double, kMaxSpatialRank> leadingScales(int rank) const;
  // This call as an operator of spatial rank `rank` sees it: the axes before its first are 1, their scales 0.
  Extents ofRank(int rank) const;
  bool operator==(const Extents&) const = default;
};

// The first spatial axis an operator of spatial rank `rank` uses: kW for 1-D, kH for 2-D, kD for 3-D.
constexpr int firstAxis(int rank) { return kMaxSpatialRank - rank; }

}  // namespace gradlab
GRADLAB_API_END
