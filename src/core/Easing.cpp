// Easing: presets and evaluation. (Filled in by the easing work: CSS Easing 2.)
#include <zenit/core/Easing.hpp>

namespace zenit {

namespace {
TransitionFunction bezierPreset(float x1, float y1, float x2, float y2, std::uint8_t preset) {
  TransitionFunction f;
  f.kind = EaseKind::CubicBezier;
  f.p[0] = x1;
  f.p[1] = y1;
  f.p[2] = x2;
  f.p[3] = y2;
  f.preset = preset;
  return f;
}
TransitionFunction kindPreset(EaseKind k) {
  TransitionFunction f;
  f.kind = k;
  return f;
}
}  // namespace

const TransitionFunction TransitionFunction::Linear = kindPreset(EaseKind::Linear);
const TransitionFunction TransitionFunction::Ease = bezierPreset(0.25f, 0.1f, 0.25f, 1.0f, 1);
const TransitionFunction TransitionFunction::EaseIn = bezierPreset(0.42f, 0.0f, 1.0f, 1.0f, 2);
const TransitionFunction TransitionFunction::EaseOut = bezierPreset(0.0f, 0.0f, 0.58f, 1.0f, 3);
const TransitionFunction TransitionFunction::EaseInOut = bezierPreset(0.42f, 0.0f, 0.58f, 1.0f, 4);

bool TransitionFunction::operator==(const TransitionFunction& o) const {
  return kind == o.kind && stepPosition == o.stepPosition && steps == o.steps && p[0] == o.p[0] &&
         p[1] == o.p[1] && p[2] == o.p[2] && p[3] == o.p[3] && inlineStops == o.inlineStops &&
         (points == o.points || (points && o.points && *points == *o.points));
}

double getRatio(double t, const TransitionFunction& fn, bool /*before*/) {
  switch (fn.kind) {
    case EaseKind::Linear: return t;
    default: return t;
  }
}

}  // namespace zenit
