// Internals shared by Theme.cpp, StyleResolver.cpp and the stylesheet
// parser. Not installed.
#pragma once

#include <zenit/style/Style.hpp>

#include "core/Ascii.hpp"

#include <string>
#include <string_view>
#include <type_traits>

namespace zenit::detail {

// The rows whose value is one Color: where `currentcolor` can stand (the
// parser keeps such a declaration for the cascade, which gives those rows
// the element's `color`).
inline constexpr PropSet kColorRows = [] {
  PropSet rows;
#define ZENIT_DETAIL_COLOR_ROW(T, name, def, css, flags) \
  if constexpr (std::is_same_v<T, Color>) rows.set(Prop::name);
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_COLOR_ROW)
#undef ZENIT_DETAIL_COLOR_ROW
  return rows;
}();

// Every `currentcolor` identifier at the top level of a declaration's text
// replaced by a colour (black), so that the declaration parses; true when
// there was one. The cascade then gives the colour rows it set the
// element's `color`. One inside a function (`color-mix(in srgb,
// currentcolor, red)`) is left: that declaration does not parse.
inline bool replaceCurrentColor(std::string& text) {
  constexpr std::string_view kWord = "currentcolor";
  const auto identChar = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || static_cast<unsigned char>(c) >= 0x80;
  };
  bool found = false;
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && depth > 0) --depth;
    if (depth != 0 || i + kWord.size() > text.size() ||
        !equalsLower(std::string_view(text).substr(i, kWord.size()), kWord))
      continue;
    const std::size_t end = i + kWord.size();
    if ((i > 0 && (identChar(text[i - 1]) || text[i - 1] == '\\')) ||
        (end < text.size() && (identChar(text[end]) || text[end] == '(' || text[end] == '\\')))
      continue;
    text.replace(i, kWord.size(), "#000");
    found = true;
  }
  return found;
}

// Whether a declared value is relative: em, rem, vw, vh, vmin or vmax
// anywhere (CSS resolves them against the element's or the root's font
// size, or the viewport, which only the cascade knows).
template <class T>
bool fontRelative(const T& v) {
  if constexpr (std::is_same_v<T, Value>) {
    return v.kind == ValueKind::Length && ((v.units & Value::kRelative) != 0 || v.em != 0.0f);
  } else if constexpr (std::is_same_v<T, Spacing>) {
    return fontRelative(v.top) || fontRelative(v.right) || fontRelative(v.bottom) || fontRelative(v.left);
  } else if constexpr (std::is_same_v<T, Corners>) {
    return fontRelative(v.topLeft) || fontRelative(v.topRight) || fontRelative(v.bottomRight) ||
           fontRelative(v.bottomLeft);
  } else {
    return false;
  }
}

// Rows of `s` (among `set`) whose value the cascade resolves to px: a
// relative unit anywhere (fontRelative), and % in font-size (a percentage of
// the parent's font size).
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
