// Value types of the style model that are not Color or Value: Spacing,
// Corners, Shadow, ShadowList, GradientImage, ZIndex, and every keyword enum
// with its CSS keywords.
//
// [SECTION] Keyword enums (one X-macro each: enumerator, CSS keyword)
// [SECTION] EnumTraits: keyword tables generated from those X-macros
// [SECTION] Compound values
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/core/Config.hpp>
#include <zenit/core/Value.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <type_traits>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Keyword enums
// The first row of each list is the enum's default (CSS initial value).
// ---------------------------------------------------------------------------
// clang-format off
#define ZENIT_ENUM_DISPLAY(X)        X(Flex, "flex") X(None, "none")
#define ZENIT_ENUM_POSITION(X)       X(Static, "static") X(Relative, "relative") X(Absolute, "absolute")
#define ZENIT_ENUM_FLEX_DIRECTION(X) \
  X(Row, "row") X(Column, "column") X(RowReverse, "row-reverse") X(ColumnReverse, "column-reverse")
#define ZENIT_ENUM_FLEX_WRAP(X)      X(NoWrap, "nowrap") X(Wrap, "wrap") X(WrapReverse, "wrap-reverse")
#define ZENIT_ENUM_ALIGN(X)                                                              \
  X(Auto, "auto") X(FlexStart, "flex-start") X(FlexEnd, "flex-end") X(Center, "center") \
  X(Stretch, "stretch") X(Baseline, "baseline") X(SpaceBetween, "space-between")        \
  X(SpaceAround, "space-around") X(Start, "start") X(End, "end")
#define ZENIT_ENUM_JUSTIFY(X)                                            \
  X(FlexStart, "flex-start") X(FlexEnd, "flex-end") X(Center, "center") \
  X(SpaceBetween, "space-between") X(SpaceAround, "space-around")       \
  X(SpaceEvenly, "space-evenly") X(Start, "start") X(End, "end")
#define ZENIT_ENUM_VISIBILITY(X)     X(Visible, "visible") X(Hidden, "hidden")
#define ZENIT_ENUM_OVERFLOW(X)       X(Visible, "visible") X(Hidden, "hidden")
#define ZENIT_ENUM_TEXT_ALIGN(X)     X(Left, "left") X(Center, "center") X(Right, "right")
// Animation keywords (CSS Animations 1 / Web Animations 1).
#define ZENIT_ENUM_FILL_MODE(X)      X(None, "none") X(Forwards, "forwards") X(Backwards, "backwards") X(Both, "both")
#define ZENIT_ENUM_DIRECTION(X) \
  X(Normal, "normal") X(Reverse, "reverse") X(Alternate, "alternate") X(AlternateReverse, "alternate-reverse")
#define ZENIT_ENUM_PLAY_STATE(X)     X(Running, "running") X(Paused, "paused")
// clang-format on

#define ZENIT_DETAIL_ENUMERATOR(e, kw) e,
#define ZENIT_DETAIL_DECLARE_ENUM(Name, LIST) \
  enum class Name : std::uint8_t { LIST(ZENIT_DETAIL_ENUMERATOR) };

ZENIT_DETAIL_DECLARE_ENUM(Display, ZENIT_ENUM_DISPLAY)
ZENIT_DETAIL_DECLARE_ENUM(Position, ZENIT_ENUM_POSITION)
ZENIT_DETAIL_DECLARE_ENUM(FlexDirection, ZENIT_ENUM_FLEX_DIRECTION)
ZENIT_DETAIL_DECLARE_ENUM(FlexWrap, ZENIT_ENUM_FLEX_WRAP)
ZENIT_DETAIL_DECLARE_ENUM(Align, ZENIT_ENUM_ALIGN)
ZENIT_DETAIL_DECLARE_ENUM(Justify, ZENIT_ENUM_JUSTIFY)
ZENIT_DETAIL_DECLARE_ENUM(Visibility, ZENIT_ENUM_VISIBILITY)
ZENIT_DETAIL_DECLARE_ENUM(Overflow, ZENIT_ENUM_OVERFLOW)
ZENIT_DETAIL_DECLARE_ENUM(TextAlign, ZENIT_ENUM_TEXT_ALIGN)
ZENIT_DETAIL_DECLARE_ENUM(FillMode, ZENIT_ENUM_FILL_MODE)
ZENIT_DETAIL_DECLARE_ENUM(PlaybackDirection, ZENIT_ENUM_DIRECTION)
ZENIT_DETAIL_DECLARE_ENUM(PlayState, ZENIT_ENUM_PLAY_STATE)

// ---------------------------------------------------------------------------
// [SECTION] EnumTraits: keyword <-> enumerator, generated from the lists above
// ---------------------------------------------------------------------------
template <class E>
struct EnumTraits;  // specialised for every keyword enum

#define ZENIT_DETAIL_KEYWORD(e, kw) kw,
#define ZENIT_DETAIL_ENUM_TRAITS(Name, LIST)                                     \
  template <>                                                                    \
  struct EnumTraits<Name> {                                                      \
    static constexpr std::string_view keywords[] = {LIST(ZENIT_DETAIL_KEYWORD)}; \
    static constexpr std::size_t count = std::size(keywords);                    \
  };

ZENIT_DETAIL_ENUM_TRAITS(Display, ZENIT_ENUM_DISPLAY)
ZENIT_DETAIL_ENUM_TRAITS(Position, ZENIT_ENUM_POSITION)
ZENIT_DETAIL_ENUM_TRAITS(FlexDirection, ZENIT_ENUM_FLEX_DIRECTION)
ZENIT_DETAIL_ENUM_TRAITS(FlexWrap, ZENIT_ENUM_FLEX_WRAP)
ZENIT_DETAIL_ENUM_TRAITS(Align, ZENIT_ENUM_ALIGN)
ZENIT_DETAIL_ENUM_TRAITS(Justify, ZENIT_ENUM_JUSTIFY)
ZENIT_DETAIL_ENUM_TRAITS(Visibility, ZENIT_ENUM_VISIBILITY)
ZENIT_DETAIL_ENUM_TRAITS(Overflow, ZENIT_ENUM_OVERFLOW)
ZENIT_DETAIL_ENUM_TRAITS(TextAlign, ZENIT_ENUM_TEXT_ALIGN)
ZENIT_DETAIL_ENUM_TRAITS(FillMode, ZENIT_ENUM_FILL_MODE)
ZENIT_DETAIL_ENUM_TRAITS(PlaybackDirection, ZENIT_ENUM_DIRECTION)
ZENIT_DETAIL_ENUM_TRAITS(PlayState, ZENIT_ENUM_PLAY_STATE)

#undef ZENIT_DETAIL_ENUM_TRAITS
#undef ZENIT_DETAIL_KEYWORD
#undef ZENIT_DETAIL_DECLARE_ENUM
#undef ZENIT_DETAIL_ENUMERATOR

template <class E>
concept KeywordEnum = std::is_enum_v<E> && requires {
  EnumTraits<E>::count;
};

// CSS keyword of an enumerator ("flex-start").
template <KeywordEnum E>
constexpr std::string_view keyword(E e) {
  return EnumTraits<E>::keywords[static_cast<std::size_t>(e)];
}

// Enumerator of a CSS keyword, ASCII case-insensitively; nullopt if unknown.
template <KeywordEnum E>
constexpr std::optional<E> parseKeyword(std::string_view text) {
  for (std::size_t i = 0; i < EnumTraits<E>::count; ++i) {
    const std::string_view k = EnumTraits<E>::keywords[i];
    if (k.size() != text.size()) continue;
    bool same = true;
    for (std::size_t j = 0; j < k.size() && same; ++j) {
      char c = text[j];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      same = (c == k[j]);
    }
    if (same) return static_cast<E>(i);
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------
// [SECTION] Compound values
// ---------------------------------------------------------------------------

// Four sides, CSS order (padding, margin).
struct Spacing {
  Value top{}, right{}, bottom{}, left{};
  static constexpr Spacing all(Value v) { return Spacing{v, v, v, v}; }
  bool operator==(const Spacing&) const = default;
};

// Four corner radii (border-radius), CSS order: top-left, top-right,
// bottom-right, bottom-left. Percentages refer to the box's size.
struct Corners {
  Value topLeft{}, topRight{}, bottomRight{}, bottomLeft{};
  static constexpr Corners all(Value v) { return Corners{v, v, v, v}; }
  bool operator==(const Corners&) const = default;
};

// One box shadow: offsets, blur radius and spread in px, colour, inset.
struct Shadow {
  float offsetX{0.0f}, offsetY{0.0f}, blur{0.0f}, spread{0.0f};  // px
  Color color{Color::transparent()};
  bool inset{false};
  bool operator==(const Shadow&) const = default;
};

// The most shadows one box-shadow holds; a longer list is a stylesheet error.
inline constexpr std::size_t kMaxShadows = 4;

// box-shadow: a list of shadows, the first painted on top; empty is `none`.
// Held inline (kMaxShadows of them) so that a style stays one flat copy
// and an interpolated list needs no allocation.
class ShadowList {
 public:
  constexpr ShadowList() = default;
  constexpr ShadowList(const Shadow& s) : count_(1) {
    items_[0] = s;
  }                                                           // NOLINT: `style.boxShadow = Shadow{…}`
  constexpr ShadowList(std::initializer_list<Shadow> list) {  // at most kMaxShadows
    ZENIT_ASSERT(list.size() <= kMaxShadows, "ShadowList: more than kMaxShadows shadows");
    for (const Shadow& s : list) items_[count_++] = s;
  }

  constexpr std::size_t size() const { return count_; }                          // shadows in the list
  constexpr bool empty() const { return count_ == 0; }                           // `none`
  constexpr bool full() const { return count_ == kMaxShadows; }                  // push_back would fail
  constexpr const Shadow& operator[](std::size_t i) const { return items_[i]; }  // i < size()
  constexpr Shadow& operator[](std::size_t i) { return items_[i]; }              // i < size()
  constexpr const Shadow* begin() const { return items_.data(); }                // first shadow
  constexpr const Shadow* end() const { return items_.data() + count_; }         // past the last
  constexpr void push_back(const Shadow& s) {                                    // appends; !full()
    ZENIT_ASSERT(count_ < kMaxShadows, "ShadowList::push_back on a full list");
    items_[count_++] = s;
  }
  constexpr void clear() { *this = ShadowList{}; }  // back to `none`

  // The shadows alone, not the unused slots.
  constexpr bool operator==(const ShadowList& o) const {
    if (count_ != o.count_) return false;
    for (std::size_t i = 0; i < count_; ++i)
      if (!(items_[i] == o.items_[i])) return false;
    return true;
  }

 private:
  std::array<Shadow, kMaxShadows> items_{};
  std::uint8_t count_{0};
};

// The most colour stops (and hints) one gradient holds; more is a
// stylesheet error. A double-position stop (`red 10% 20%`) counts twice.
inline constexpr std::size_t kMaxGradientStops = 8;

enum class GradientKind : std::uint8_t { None, Linear, Radial, Conic };

// A radial gradient's size: an extent keyword, or explicit radii.
enum class RadialExtent : std::uint8_t { FarthestCorner, ClosestSide, ClosestCorner, FarthestSide, Explicit };

// A length-percentage without relative units: px + % (deg + % in a conic
// gradient's stops). Which parts were written is the gradient's to say.
struct PxPct {
  float px{0.0f};   // px, or deg in a conic gradient's stop
  float pct{0.0f};  // 50 means 50%
  constexpr float resolve(float basis) const { return px + pct * 0.01f * basis; }
  bool operator==(const PxPct&) const = default;
};

// One colour stop, or a colour hint (a position alone, GradientImage::hints).
struct GradientStop {
  Color color{Color::transparent()};  // unused by a hint
  PxPct at{};                         // its position, when GradientImage::positioned says so
  bool operator==(const GradientStop&) const = default;
};

// background-image: `none` (kind None) or one linear-, radial- or
// conic-gradient(), repeating or not, with up to kMaxGradientStops stops.
// Held inline, as ShadowList is, so that a style stays one flat copy and
// an interpolated gradient needs no allocation (240 bytes).
struct GradientImage {
  // Slots of the unit masks: stops 0..7, then the radial/conic centre and
  // the radial size.
  enum Slot : std::uint8_t { kCenterX = 8, kCenterY = 9, kSizeX = 10, kSizeY = 11 };
  // Bits of `toSides` (linear `to <side-or-corner>`).
  enum : std::uint8_t { kTop = 1, kRight = 2, kBottom = 4, kLeft = 8 };

  std::array<GradientStop, kMaxGradientStops> stops{};
  PxPct centerX{0.0f, 50.0f}, centerY{0.0f, 50.0f};  // radial / conic `at <position>`
  PxPct sizeX{}, sizeY{};                            // radial explicit radii (a circle uses sizeX)
  float angle{180.0f};                               // linear: the angle (deg); conic: `from` (deg)
  GradientKind kind{GradientKind::None};
  bool repeating{false};       // repeating-*-gradient()
  std::uint8_t count{0};       // stops and hints in `stops`
  std::uint8_t toSides{0};     // linear `to …` as kTop | kRight …; 0 when an angle is given
  std::uint8_t positioned{0};  // bit i: stop i has a position
  std::uint8_t hints{0};       // bit i: stop i is a colour hint (a position, no colour)
  bool circle{false};          // radial: circle (else ellipse)
  RadialExtent extent{RadialExtent::FarthestCorner};  // radial size
  std::uint16_t pxUnits{0};                           // bit per slot: the px (deg) part was written
  std::uint16_t pctUnits{0};                          // bit per slot: the % part was written

  constexpr bool isNone() const { return kind == GradientKind::None; }
  constexpr bool isPositioned(std::size_t i) const { return (positioned >> i) & 1u; }
  constexpr bool isHint(std::size_t i) const { return (hints >> i) & 1u; }
  bool operator==(const GradientImage&) const = default;
};

// z-index: `auto` or an integer.
struct ZIndex {
  int value{0};
  bool isAuto{true};
  static constexpr ZIndex makeAuto() { return ZIndex{0, true}; }
  static constexpr ZIndex of(int v) { return ZIndex{v, false}; }
  bool operator==(const ZIndex&) const = default;
};

}  // namespace zenit
