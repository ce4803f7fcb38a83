// The smallest ZenitUI program: evaluate an easing over one second.
#include <zenit/zenit.hpp>

#include <cstdio>

int main() {
  using namespace zenit;
  const TransitionFunction ease = TransitionFunction::Linear;
  for (int frame = 0; frame <= 4; ++frame) {
    const float t = static_cast<float>(frame) / 4.0f;
    std::printf("t=%.2f opacity=%.3f\n", static_cast<double>(t),
                static_cast<double>(lerpProp(0.0f, 1.0f, getRatio(t, ease))));
  }
  return 0;
}
