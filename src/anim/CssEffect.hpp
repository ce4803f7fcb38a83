// Whether a CSS animation instance has an effect, shared by the seed's
// primitives (Primitives.cpp) and the player's compose (AnimationPlayer.cpp).
#pragma once

#include <zenit/anim/AnimPrimitives.hpp>

namespace zenit::Anim {

// Its @keyframes are known, compiled and animate something.
bool usable(const ActiveCssAnimation& a);
// usable, and its fill mode lets it apply at its elapsed (sampleCached).
bool inEffect(const ActiveCssAnimation& a);

// Evaluates `a` at `progress` onto the declared style `out` (seed §2.6),
// its underlying values `under`'s declared ones, else the properties'
// initial ones: overlayCssStyle for one animation, and a part's steady step
// (`under` may be `out`).
void overlayOne(const Style& under, Style& out, const ActiveCssAnimation& a, float progress, bool beforeFlag);

}  // namespace zenit::Anim
