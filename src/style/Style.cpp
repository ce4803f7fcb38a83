#include <zenit/style/Style.hpp>

namespace zenit {

std::optional<Prop> propFromCssName(std::string_view css) {
  for (std::size_t i = 0; i < kPropCount; ++i) {
    const std::string_view n = kPropInfo[i].css;
    if (n.size() != css.size()) continue;
    bool same = true;
    for (std::size_t j = 0; j < n.size() && same; ++j) {
      char c = css[j];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      same = (c == n[j]);
    }
    if (same) return static_cast<Prop>(i);
  }
  return std::nullopt;
}

namespace {
template <class T>
void lerpInto(T& d, const T& a, const T& b, float t) {
  if constexpr (std::is_same_v<T, AnimationList> || std::is_same_v<T, TransitionList>) {
    d = t < 0.5f ? a : b;
  } else {
    d = lerpProp(a, b, t);
  }
}
}  // namespace

void lerpPropById(Prop p, ComputedStyle& dst, const ComputedStyle& a, const ComputedStyle& b, float t) {
  switch (p) {
#define ZENIT_DETAIL_LERP(T, name, def, css, flags) \
  case Prop::name: lerpInto(dst.name, a.name, b.name, t); break;
    BUBBLE_STYLE_PROPS(ZENIT_DETAIL_LERP)
#undef ZENIT_DETAIL_LERP
    case Prop::Count: break;
  }
}

}  // namespace zenit
