// The colour spaces of CSS Color 4 and 5, for the colour functions
// (lab(), oklch(), color(), color-mix(), relative colours) and for Oklab
// interpolation. A Color holds gamma-encoded sRGB; everything here converts
// from and to it, in double precision, with channels outside [0, 1] kept
// (a colour outside the sRGB gamut is drawn clipped).
#pragma once

#include <zenit/core/Color.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

namespace zenit::detail {

enum class ColorSpace : std::uint8_t {
  Srgb,
  SrgbLinear,
  DisplayP3,
  XyzD50,
  XyzD65,
  Lab,
  Lch,
  Oklab,
  Oklch,
  Hsl,
  Hwb,
};

// A colour's three coordinates in one space, in the units its function's
// channel keywords have in relative colour syntax: hsl and hwb in degrees
// and 0..100, lab and lch with L in 0..100, oklab and oklch with L in 0..1,
// the rgb spaces and xyz in 0..1.
struct Coords {
  double c[3];
};

// color()'s and color-mix()'s space names (`xyz` is xyz-d65); nullopt for
// any other name. `hsl`, `hwb`, `lab`, `lch`, `oklab` and `oklch` only with
// `mixing` (color() does not take them).
std::optional<ColorSpace> colorSpaceNamed(std::string_view name, bool mixing);

// The channel of a polar space that is a hue (0 for hsl and hwb, 2 for lch
// and oklch), or -1.
int hueIndex(ColorSpace space);

Coords fromSrgb(ColorSpace space, const Color& c);
// Channels as computed; the caller decides on clamping.
void toSrgb(ColorSpace space, const Coords& x, double& r, double& g, double& b);

enum class HueMethod : std::uint8_t { Shorter, Longer, Increasing, Decreasing };

// CSS Color 4 §12: `a` and `b` interpolated at `t` (0 gives a) in `space`,
// premultiplied by alpha, the hue by `method`, an achromatic colour's hue
// taking the other's. Gives a non-legacy colour; alpha is clamped to
// [0, 1], channels are not.
Color interpolateIn(ColorSpace space, HueMethod method, const Color& a, const Color& b, double t);

}  // namespace zenit::detail
