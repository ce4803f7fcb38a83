// Value: a CSS length-percentage (px + % + em, like calc()), or auto / none.
//
// A Value keeps its three components apart, so interpolating 10px to 50%
// gives exactly what CSS gives: calc(10px * (1 - t) + 50% * t). `em` is kept
// until the cascade resolves it against the element's font size; computed
// styles only hold px and %. `units` records which components were written,
// for serialisation ("50%", "12px", "calc(50% + 12px)").
#pragma once

#include <zenit/core/Config.hpp>

#include <cstdint>
#include <string>

namespace zenit {

enum class ValueKind : std::uint8_t { Length, Auto, None };

struct Value {
  enum : std::uint8_t { kPx = 1, kPct = 2, kEm = 4 };

  float px{0.0f};   // absolute part, CSS px
  float pct{0.0f};  // percentage part, 50 means 50%
  float em{0.0f};   // font-relative part, resolved by the cascade
  ValueKind kind{ValueKind::Length};
  std::uint8_t units{kPx};  // which parts were written (kPx | kPct | kEm)
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
  constexpr bool isPureLength() const { return kind == ValueKind::Length && (units & (kPct | kEm)) == 0; }

  // px value against a percentage basis and a font size; auto/none give `fallback`.
  // Always inline: GCC otherwise outlines part of it in the per-frame draw.
  ZENIT_ALWAYS_INLINE constexpr float resolve(float percentBasis, float fontSize = 16.0f,
                                              float fallback = 0.0f) const {
    if (kind != ValueKind::Length) return fallback;
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
