// lerpProp for colours (core/Lerp.hpp) with its three colour channels in
// one SSE2 register where the machine has it (every x86-64 does): the same
// operations in the same order, so the same bits for every input, NaN and
// infinities included (tests/core/test_lerp_color.cpp compares them). The
// per-frame colour lanes (anim/KeyframeLanes.hpp) call it.
#pragma once

#include <zenit/core/Config.hpp>
#include <zenit/core/Lerp.hpp>

#include <cstddef>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

namespace zenit::simd {

ZENIT_ALWAYS_INLINE Color lerpColor(const Color& a, const Color& b, float t) {
#if defined(__SSE2__)
  static_assert(offsetof(Color, r) == 0 && offsetof(Color, a) == 3 * sizeof(float),
                "a colour starts with four packed floats");
  if (!(a.legacy && b.legacy)) [[unlikely]]
    return detail::lerpColorOklab(a, b, t);
  const float alpha = a.a + (b.a - a.a) * t;
  if (!(alpha > 0.0f)) return Color::transparent();  // also NaN
  const __m128 pa = _mm_mul_ps(_mm_loadu_ps(&a.r), _mm_set1_ps(a.a));
  const __m128 pb = _mm_mul_ps(_mm_loadu_ps(&b.r), _mm_set1_ps(b.a));
  const __m128 v =
      _mm_div_ps(_mm_add_ps(pa, _mm_mul_ps(_mm_sub_ps(pb, pa), _mm_set1_ps(t))), _mm_set1_ps(alpha));
  // max(0, v) is (0 > v ? 0 : v) and min(1, .) is (1 < . ? 1 : .): a NaN
  // channel stays NaN, as lerpProp's comparisons leave it.
  const __m128 clamped = _mm_min_ps(_mm_set1_ps(1.0f), _mm_max_ps(_mm_setzero_ps(), v));
  Color out;
  _mm_storeu_ps(&out.r, clamped);
  out.a = alpha > 1.0f ? 1.0f : alpha;
  return out;
#else
  return lerpProp(a, b, t);
#endif
}

}  // namespace zenit::simd
