// Whether a CSS animation instance has an effect, shared by the seed's
// primitives (Primitives.cpp) and the player's compose (AnimationPlayer.cpp).
#pragma once

#include <zenit/anim/AnimPrimitives.hpp>

namespace zenit::Anim {

// Its @keyframes are known, compiled and animate something.
bool usable(const ActiveCssAnimation& a);
// usable, and its fill mode lets it apply at its elapsed (sampleCached).
bool inEffect(const ActiveCssAnimation& a);

}  // namespace zenit::Anim
