// The draw's fast paths, in one place (LeafDraw.cpp defines them; the
// drawNode in LayoutDraw.cpp shares the helpers below):
//
//  - the paint class of a node's current style (classifyPaint: plainPaint,
//    plainBox, foldLeaf, baseShift, the background in 8 bits), kept at
//    resolve and transition time so that the draw need not look;
//  - the simple leaf: a leaf with nothing but a background rectangle,
//    which opacity and a translation at most change, drawn as that
//    rectangle (the translation added to its position, the opacity folded
//    into its alpha), inline in its parent's loop;
//  - the plain box (LayoutAccess::plainBox): a node with no overlay whose
//    style paints nothing but a background rectangle (a widget, or a node
//    with children) records that rectangle, then its content and its
//    children, without drawNode's layer and transform bookkeeping;
//  - leaf runs: a parent of simple leaves keeps what they draw (their
//    slots) and replays them while nothing but their steady steps changed;
//    a widget that retains its paint keeps its commands there, replayed
//    with the part boxes its steady step writes re-derived (PaintTaps.hpp).
//
// Each records exactly the commands drawNode would record (tests compare
// them with leaf runs off: detail::LayoutProbe::setLeafRuns).
#pragma once

#include <zenit/core/Config.hpp>
#include <zenit/core/Value.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/style/Style.hpp>

#include <bit>
#include <cstdint>

namespace zenit::leafdraw {

// Animated properties that move or resize the drawn box (seed §4.5).
inline constexpr PropSet kGeometryProps{PropSet::bit(Prop::width) | PropSet::bit(Prop::height) |
                                        PropSet::bit(Prop::left) | PropSet::bit(Prop::top)};
// Animated properties that can break plainPaint.
inline constexpr PropSet kPaintProps{PropSet::bit(Prop::visibility) | PropSet::bit(Prop::boxShadow) |
                                     PropSet::bit(Prop::borderWidth) | PropSet::bit(Prop::outlineWidth) |
                                     PropSet::bit(Prop::borderRadius) | PropSet::bit(Prop::backgroundImage)};
inline constexpr PropSet kShiftProps{PropSet::bit(Prop::translateX) | PropSet::bit(Prop::translateY)};
// What a leaf run's slot reads from its node's current style at each replay
// (LeafSlot): a parked transition of these alone leaves the run standing.
inline constexpr PropSet kRunReadProps{kShiftProps.bits | PropSet::bit(Prop::opacity)};
// Animated properties a folded leaf (foldLeaf) does not read from the
// overlay: with any of them animated it takes the general leaf path.
// Rotation and scale fold when held at the identity (holdsIdentityLinear).
inline constexpr PropSet kNoFoldProps{kGeometryProps.bits | kPaintProps.bits |
                                      PropSet::bit(Prop::backgroundColor)};

inline bool zeroLength(const Value& v) {
  return v.isLength() && v.px == 0.0f && v.pct == 0.0f && v.em == 0.0f;
}

// A leaf's rectangle moved by a translation: the pure-translation case of
// the transform drawNode would otherwise push (the origin cancels). Only an
// em part reads the font size (0 times a finite size is 0).
template <class FontSizeFn>
ZENIT_ALWAYS_INLINE void translateBy(RectF& r, const Value& tx, const Value& ty, FontSizeFn fontSizeOf) {
  const float fontSize = (tx.em != 0.0f || ty.em != 0.0f) ? fontSizeOf() : 0.0f;
  r.x = r.x + tx.resolve(r.w, fontSize);
  r.y = r.y + ty.resolve(r.h, fontSize);
}

// A lone rectangle composited as a group at `opacity` is that rectangle at
// alpha x opacity (up to the 8-bit rounding of the colour): the colour's
// channels kept, the product rounded once. False when nothing shows.
ZENIT_ALWAYS_INLINE bool foldedFill(Rgba8 rgb, float alpha, float opacity, Rgba8& fill) {
  if (opacity < 1.0f) alpha *= opacity;
  // rgb with its alpha byte replaced, as one 32-bit word (not byte by byte).
  constexpr unsigned kAlphaShift = std::endian::native == std::endian::little ? 24u : 0u;
  const std::uint32_t keep = std::bit_cast<std::uint32_t>(rgb) & ~(std::uint32_t{0xffu} << kAlphaShift);
  fill = std::bit_cast<Rgba8>(keep | (std::uint32_t{Rgba8::channel(alpha)} << kAlphaShift));
  return alpha > 0.0f;
}

ZENIT_ALWAYS_INLINE void foldedRect(DrawList& list, const RectF& r, Rgba8 rgb, float alpha, float opacity) {
  Rgba8 fill;
  if (foldedFill(rgb, alpha, opacity, fill)) list.rect(r, fill);
}

}  // namespace zenit::leafdraw
