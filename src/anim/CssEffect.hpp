// Whether a CSS animation instance has an effect, shared by the seed's
// primitives (Primitives.cpp) and the player's compose (AnimationPlayer.cpp).
#pragma once

#include <zenit/anim/AnimPrimitives.hpp>

#include <cstdint>

namespace zenit::Anim {

// Its @keyframes are known, compiled and animate something.
bool usable(const ActiveCssAnimation& a);

// ActiveCssAnimation::themeGeneration of an instance that holds keyframes
// of its own (a compositor's sealed copy, src/layout/Compositor.cpp): a
// tick never looks them up in the theme again (nor reads the theme, which
// another thread changes).
inline constexpr std::uint64_t kOwnKeyframes = ~std::uint64_t{0};
// usable, and its fill mode lets it apply at its elapsed (sampleCached).
bool inEffect(const ActiveCssAnimation& a);

// Evaluates `a` at `progress` onto the declared style `out` (seed §2.6),
// its underlying values `under`'s declared ones, else the properties'
// initial ones: overlayCssStyle for one animation, and a part's steady step
// (`under` may be `out`).
void overlayOne(const Style& under, Style& out, const ActiveCssAnimation& a, float progress, bool beforeFlag);

}  // namespace zenit::Anim
