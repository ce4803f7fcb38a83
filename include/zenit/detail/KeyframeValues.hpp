// The compiled keyframes' value lanes (not part of the API): the key values
// of a varying track as plain arrays, which the per-frame evaluation reads
// without a Keyframe lookup or a writer call (anim/KeyframeLanes.hpp).
// compileKeyframes fills them (style/Keyframes.cpp).
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/core/Value.hpp>
#include <zenit/style/Style.hpp>

#include <cstdint>
#include <vector>

namespace zenit::detail {

// The value lane of a varying track: a float, length or colour property
// (not a side of a four-sided row) whose keys are all keyframe values,
// lengths all of kind Length, has one; the kind carries the range
// evaluation clamps to.
enum class TrackLane : std::uint8_t {
  None,          // evaluated through the property's writer
  Float,         // floats, no clamp
  FloatUnit,     // floats, clamped to [0, 1] (PF_UNIT)
  FloatNonNeg,   // floats, clamped to >= 0 (PF_NONNEG)
  Length,        // lengths, no clamp
  LengthNonNeg,  // lengths, a length at or below zero becomes 0 (PF_NONNEG)
  Color,         // colours (premultiplied interpolation)
};

// A track's lane: its kind and its first value in the kind's array.
struct LaneRef {
  TrackLane lane{TrackLane::None};
  std::uint32_t first{0};
};

// One write of an animation's lane program (CompiledValues::ops).
struct LaneOp {
  Prop prop{};                      // the property written
  TrackLane lane{TrackLane::None};  // its lane kind (never None here)
  std::uint32_t first{0};           // its first value in the kind's array
};

// The lane program as fixed writes of the drawn properties, for a step that
// knows where each goes (the steady step's OneCss records): set when `ops`
// writes nothing but opacity, translateX and translateY, each at most once.
struct DrawnLanes {
  bool valid{false};  // ops is such a program
  // A property's op, lane None where ops does not write it.
  LaneOp opacity{Prop::opacity, TrackLane::None, 0};
  LaneOp translateX{Prop::translateX, TrackLane::None, 0};
  LaneOp translateY{Prop::translateY, TrackLane::None, 0};
  // The translations' lanes are plain Length lanes (no clamp) whose every
  // value is a px length with +0 % and em parts: a step writes the px part
  // alone, the others staying what they are, and a reader may add the px
  // part alone (the draw's leaf runs).
  bool pxOnly{false};
};

struct CompiledValues {
  std::vector<LaneRef> byTrack;  // one per track of the animation (None: no lane)
  std::vector<float> floats;
  std::vector<Value> lengths;
  std::vector<Color> colors;
  bool all{false};  // every varying track has a lane (Anim::evaluateLanes applies)
  // With `all`, when every varying track has the first one's keys (so one
  // interval and one eased weight serve them all): their writes, in track
  // order. Empty otherwise.
  std::vector<LaneOp> ops;
  DrawnLanes drawn;  // ops as fixed writes of the drawn properties, when it is one
  // With ops and no keyframe easings: the lead track's (varying[0]) key
  // times as doubles, so that a frame inside its cursor's segment finds its
  // weight from these alone (the lane program's common case). Empty otherwise.
  std::vector<double> times;
};

}  // namespace zenit::detail
