// The conversions a recorded command applies to its inputs, four lanes at
// once where the machine has SSE2 (every x86-64 does): a colour to 8 bits,
// four radii to non-negative finite values. Each gives exactly what its
// scalar definition gives (Rgba8::from, nonNegative), for every input, NaN
// and infinities included (tests/render/test_pack.cpp compares them).
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/core/Config.hpp>
#include <zenit/render/DrawList.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace zenit::pack {

// v when it is finite and above 0, else +0 (NaN fails the first test).
ZENIT_ALWAYS_INLINE float nonNegative(float v) {
  return v > 0.0f && v < std::numeric_limits<float>::infinity() ? v : 0.0f;
}

// Rgba8::from(c).
ZENIT_ALWAYS_INLINE Rgba8 color(const Color& c) {
  static_assert(offsetof(Color, r) == 0 && offsetof(Color, a) == 3 * sizeof(float),
                "a colour starts with four packed floats");
#if defined(__SSE2__)
  // max(v, 0) gives its second operand, 0, for a NaN v, as channel() does;
  // the clamped channel times 255 plus 0.5 is truncated, as the cast does.
  const __m128 v = _mm_loadu_ps(&c.r);
  const __m128 clamped = _mm_min_ps(_mm_max_ps(v, _mm_setzero_ps()), _mm_set1_ps(1.0f));
  const __m128i i = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(clamped, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f)));
  const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(i, i), _mm_setzero_si128());
  return std::bit_cast<Rgba8>(_mm_cvtsi128_si32(bytes));
#else
  return Rgba8::from(c);
#endif
}

// Radii{nonNegative(each corner)}.
ZENIT_ALWAYS_INLINE Radii radii(const Radii& r) {
  static_assert(sizeof(Radii) == 4 * sizeof(float), "radii are four packed floats");
#if defined(__SSE2__)
  const __m128 v = _mm_loadu_ps(&r.topLeft);
  const __m128 keep = _mm_and_ps(_mm_cmpgt_ps(v, _mm_setzero_ps()),
                                 _mm_cmplt_ps(v, _mm_set1_ps(std::numeric_limits<float>::infinity())));
  Radii out;
  _mm_storeu_ps(&out.topLeft, _mm_and_ps(v, keep));
  return out;
#else
  return Radii{nonNegative(r.topLeft), nonNegative(r.topRight), nonNegative(r.bottomRight),
               nonNegative(r.bottomLeft)};
#endif
}

// The paint of a rounded or bordered rectangle's command, as
// DrawList::rect(r, fill, style) records it: its fill, border colour and
// width. (A widget's replayed part writes its command again through it.)
// (Out of line: inlined into the part taps' replay it costs 24 instructions
// more a Slider and frame, `scripts/frame-instr.sh build/release parts`.)
void paintRect(RectCmd& c, const Color& fill, const Color& border, float borderWidth);

}  // namespace zenit::pack
