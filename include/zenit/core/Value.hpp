// Value: a CSS length-percentage (px + % + em, like calc()), or auto / none.
//
// A Value keeps its three components apart, so interpolating 10px to 50%
// gives exactly what CSS gives: calc(10px * (1 - t) + 50% * t). The third
// slot holds the amount of one relative unit, the one `units` names: `em`
// (font size), or, in a declared value only, `rem` (root font size) and
// `vw` / `vh` / `vmin` / `vmax` (viewport). The cascade (StyleResolver)
// resolves the relative part to px, so computed styles hold px, % and at
// most em; rem and viewport amounts never leave a declared value unresolved
// (the cascade and partFor resolve them, @keyframes refuse them), so no
// reader of a computed value can take them for em. `units` records which
// components were written, for serialisation ("50%", "12px", "calc(50% +
// 12px)", "2rem").
#pragma once

#include <zenit/core/Config.hpp>

#include <cstdint>
#include <string>

namespace zenit {

enum class ValueKind : std::uint8_t { Length, Auto, None };

struct Value {
  enum : std::uint8_t { kPx = 1, kPct = 2, kEm = 4, kRem = 8, kVw = 16, kVh = 32, kVmin = 64, kVmax = 128 };
  // Units resolved from the root's font size or the viewport: declared values only.
  static constexpr std::uint8_t kRootOrViewport = kRem | kVw | kVh | kVmin | kVmax;
  static constexpr std::uint8_t kRelative = kEm | kRootOrViewport;  // the units whose amount is in `em`

  float px{0.0f};   // absolute part, CSS px
  float pct{0.0f};  // percentage part, 50 means 50%
  float em{0.0f};   // relative part in the one unit of kRelative that `units` names (em if none)
  ValueKind kind{ValueKind::Length};
  std::uint8_t units{kPx};  // which parts were written (kPx | kPct | at most one of kRelative)
  // Always 0. It fills the last two bytes, so that every byte of a Value is
  // a member and a default Value is written as whole words: a default
  // Style, which the stylesheet parser makes for every rule, takes 15
  // fewer instructions (docs/performance.md).
  std::uint16_t spare{0};

  static constexpr Value makeAuto() { return Value{0.0f, 0.0f, 0.0f, ValueKind::Auto, 0}; }
  static constexpr Value makeNone() { return Value{0.0f, 0.0f, 0.0f, ValueKind::None, 0}; }

  constexpr bool isAuto() const { return kind == ValueKind::Auto; }
  constexpr bool isNone() const { return kind == ValueKind::None; }
  constexpr bool isLength() const { return kind == ValueKind::Length; }
  constexpr bool isPureLength() const {
    return kind == ValueKind::Length && (units & (kPct | kRelative)) == 0;
  }
  // The written relative unit (kEm … kVmax), or kEm when none was written.
  constexpr std::uint8_t relativeUnit() const {
    const auto r = static_cast<std::uint8_t>(units & kRelative);
    return r ? r : static_cast<std::uint8_t>(kEm);
  }

  // px value against a percentage basis and a font size; auto/none give `fallback`.
  // Always inline: GCC otherwise outlines part of it in the per-frame draw.
  ZENIT_ALWAYS_INLINE constexpr float resolve(float percentBasis, float fontSize = 16.0f,
                                              float fallback = 0.0f) const {
    if (kind != ValueKind::Length) return fallback;
    ZENIT_ASSERT((units & kRootOrViewport) == 0,
                 "Value::resolve: rem / viewport units are resolved by the cascade");
    return px + pct * 0.01f * percentBasis + em * fontSize;
  }

  bool operator==(const Value&) const = default;
};

constexpr Value Px(float v) { return Value{v, 0.0f, 0.0f, ValueKind::Length, Value::kPx}; }
constexpr Value Pct(float v) { return Value{0.0f, v, 0.0f, ValueKind::Length, Value::kPct}; }
constexpr Value Em(float v) { return Value{0.0f, 0.0f, v, ValueKind::Length, Value::kEm}; }
constexpr Value Auto() { return Value::makeAuto(); }

// "12px", "50%", "1.5em", "calc(50% + 12px)", "auto", "none" (numbers as
// getComputedStyle prints them: up to 6 significant digits, no trailing zeros).
std::string toCss(const Value& v);

}  // namespace zenit
