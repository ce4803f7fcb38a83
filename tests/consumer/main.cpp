// Uses the public API the way an application does; exits non-zero if the
// library misbehaves, so the consumer tests check more than linking.
#include <zenit/zenit.hpp>

#include <cstdio>

int main() {
  using namespace zenit;
  Style style;
  style.opacity = 0.25f;
  ComputedStyle computed;
  overlayComputed(computed, style);
  const float mid = lerpProp(computed.opacity, 1.0f, getRatio(0.5f, TransitionFunction::Linear));
  if (mid < 0.624f || mid > 0.626f) {
    std::fprintf(stderr, "consumer: unexpected interpolation %f\n", static_cast<double>(mid));
    return 1;
  }
  std::printf("consumer: ok (%s)\n", formatCssNumber(static_cast<double>(mid)).c_str());
  return 0;
}
