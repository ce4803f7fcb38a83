// Internals shared by Theme.cpp and StyleResolver.cpp. Not installed.
#pragma once

#include <zenit/style/Style.hpp>

#include <type_traits>

namespace zenit::detail {

// Whether a declared value is font-relative: em anywhere (CSS resolves it
// against the element's font size, which only the cascade knows).
template <class T>
bool fontRelative(const T& v) {
  if constexpr (std::is_same_v<T, Value>) {
    return v.kind == ValueKind::Length && ((v.units & Value::kEm) != 0 || v.em != 0.0f);
  } else if constexpr (std::is_same_v<T, Spacing>) {
    return fontRelative(v.top) || fontRelative(v.right) || fontRelative(v.bottom) || fontRelative(v.left);
  } else if constexpr (std::is_same_v<T, Corners>) {
    return fontRelative(v.topLeft) || fontRelative(v.topRight) || fontRelative(v.bottomRight) ||
           fontRelative(v.bottomLeft);
  } else {
    return false;
  }
}

// Rows of `s` (among `set`) whose value needs the font size: em anywhere,
// and % in font-size (a percentage of the parent's font size).
inline PropSet fontRelativeProps(const Style& s, PropSet set) {
  PropSet out;
  set.forEach([&](Prop p) {
    visitProp(p, s, [&](const auto& opt) {
      if (opt.is_set && fontRelative(opt.value)) out.set(p);
    });
  });
  if (set.test(Prop::fontSize) && s.fontSize.is_set && s.fontSize.value.kind == ValueKind::Length &&
      (s.fontSize.value.units & Value::kPct) != 0)
    out.set(Prop::fontSize);
  return out;
}

}  // namespace zenit::detail
