// CSS's units, each factor written once: lengths to px, angles to degrees,
// times to seconds. The stylesheet readers, calc() (CalcGrammar.hpp) and
// colours (an angle's hue) read them here. Unit names compare in any ASCII case.
#pragma once

#include "core/Ascii.hpp"

#include <zenit/core/Config.hpp>

#include <cstdint>
#include <numbers>
#include <string_view>

namespace zenit::detail {

inline constexpr double kSecondsPerS = 1.0;
inline constexpr double kSecondsPerMs = 0.001;

// A length unit's factor to px; 0 with `relative` set to the Value unit bit
// for em, rem, vw, vh, vmin and vmax (an amount the cascade resolves); -1
// for any other unit, with `unsupported` naming it when it is a CSS unit
// ZenitUI refuses.
double lengthUnit(std::string_view unit, std::uint8_t& relative, std::string_view& unsupported);

// The name of a relative unit bit (Value::kEm … kVmax): "em", "rem", "vw" …
const char* relativeUnitName(std::uint8_t unit);

// deg, rad, grad, turn: the factor to degrees.
ZENIT_ALWAYS_INLINE bool angleUnit(std::string_view unit, double& toDegrees) {
  if (wordIs(unit, "deg"))
    toDegrees = 1.0;
  else if (wordIs(unit, "rad"))
    toDegrees = 180.0 / std::numbers::pi;
  else if (wordIs(unit, "grad"))
    toDegrees = 0.9;
  else if (wordIs(unit, "turn"))
    toDegrees = 360.0;
  else
    return false;
  return true;
}

// s, ms: the factor to seconds.
ZENIT_ALWAYS_INLINE bool timeUnit(std::string_view unit, double& toSeconds) {
  if (wordIs(unit, "s"))
    toSeconds = kSecondsPerS;
  else if (wordIs(unit, "ms"))
    toSeconds = kSecondsPerMs;
  else
    return false;
  return true;
}

}  // namespace zenit::detail
