// The style model, generated from BUBBLE_STYLE_PROPS (style/StyleProps.hpp).
//
// [SECTION] AnimationRef / TransitionRef: one entry of animation: / transition:
// [SECTION] Prop, PropSet, PropInfo: ids, a 64-bit set, the name table
// [SECTION] Opt<T>, Style: declared values (rules, inline style, keyframes)
// [SECTION] ComputedStyle: every property resolved
// [SECTION] PropTraits<P>, visitProp: typed and runtime access by id
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/core/Config.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Lerp.hpp>
#include <zenit/core/Types.hpp>
#include <zenit/core/Value.hpp>
#include <zenit/style/StyleProps.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] AnimationRef / TransitionRef
// ---------------------------------------------------------------------------

// One entry of the `animation` list (CSS Animations 1 longhands). Times are
// seconds. CSS initial values are the defaults.
struct AnimationRef {
  std::string name;                                  // @keyframes name, case-sensitive
  double duration{0.0};                              // animation-duration, >= 0
  double delay{0.0};                                 // animation-delay, may be negative
  double iterations{1.0};                            // animation-iteration-count, >= 0; infinity = infinite
  PlaybackDirection direction{PlaybackDirection::Normal};  // animation-direction
  FillMode fill{FillMode::None};                     // animation-fill-mode
  PlayState playState{PlayState::Running};           // animation-play-state
  TransitionFunction ease{TransitionFunction::Ease}; // animation-timing-function (per keyframe segment)

  static constexpr double kInfinite = std::numeric_limits<double>::infinity();
  bool alternate() const {  // seed spelling: odd iterations run backwards
    return direction == PlaybackDirection::Alternate || direction == PlaybackDirection::AlternateReverse;
  }
  bool fillForwards() const { return fill == FillMode::Forwards || fill == FillMode::Both; }
  bool operator==(const AnimationRef&) const = default;
};

enum class Prop : std::uint8_t;

// One entry of the `transition` list (CSS Transitions 1).
struct TransitionRef {
  std::string property;                              // as written: "opacity", "all", or an unknown name
  bool all{false};                                   // transition-property: all
  bool known{false};                                 // property names a BUBBLE_STYLE_PROPS row (or all)
  Prop prop{};                                       // valid when known && !all
  double duration{0.0};                              // transition-duration, >= 0
  double delay{0.0};                                 // transition-delay, may be negative
  TransitionFunction ease{TransitionFunction::Ease}; // transition-timing-function
  bool operator==(const TransitionRef&) const = default;
};

using AnimationList = std::vector<AnimationRef>;
using TransitionList = std::vector<TransitionRef>;

// ---------------------------------------------------------------------------
// [SECTION] Prop, PropSet, PropInfo
// ---------------------------------------------------------------------------

#define ZENIT_DETAIL_PROP_ID(T, name, def, css, flags) name,
enum class Prop : std::uint8_t { BUBBLE_STYLE_PROPS(ZENIT_DETAIL_PROP_ID) Count };
#undef ZENIT_DETAIL_PROP_ID

inline constexpr std::size_t kPropCount = static_cast<std::size_t>(Prop::Count);
static_assert(kPropCount <= 64, "PropSet is one 64-bit word: split it before adding a 65th property");

// A set of properties: one bit per Prop.
struct PropSet {
  std::uint64_t bits{0};

  constexpr void set(Prop p) { bits |= bit(p); }
  constexpr void reset(Prop p) { bits &= ~bit(p); }
  constexpr bool test(Prop p) const { return (bits & bit(p)) != 0; }
  constexpr bool any() const { return bits != 0; }
  constexpr bool empty() const { return bits == 0; }
  constexpr int count() const { return std::popcount(bits); }
  constexpr PropSet operator|(PropSet o) const { return PropSet{bits | o.bits}; }
  constexpr PropSet operator&(PropSet o) const { return PropSet{bits & o.bits}; }
  constexpr PropSet& operator|=(PropSet o) { bits |= o.bits; return *this; }
  constexpr bool operator==(const PropSet&) const = default;

  // Calls f(Prop) for each member in id order.
  template <class F>
  constexpr void forEach(F&& f) const {
    for (std::uint64_t b = bits; b != 0; b &= b - 1) f(static_cast<Prop>(std::countr_zero(b)));
  }

  static constexpr std::uint64_t bit(Prop p) { return std::uint64_t{1} << static_cast<unsigned>(p); }
};

struct PropInfo {
  std::string_view field;  // C++ field name ("backgroundColor")
  std::string_view css;    // CSS name ("background-color")
  std::uint8_t flags;      // PropFlag bits
};

#define ZENIT_DETAIL_PROP_INFO(T, name, def, css, flags) PropInfo{#name, css, static_cast<std::uint8_t>(flags)},
inline constexpr std::array<PropInfo, kPropCount> kPropInfo{{BUBBLE_STYLE_PROPS(ZENIT_DETAIL_PROP_INFO)}};
#undef ZENIT_DETAIL_PROP_INFO

constexpr const PropInfo& propInfo(Prop p) { return kPropInfo[static_cast<std::size_t>(p)]; }
constexpr std::string_view cssName(Prop p) { return propInfo(p).css; }
constexpr bool hasFlag(Prop p, PropFlag f) { return (propInfo(p).flags & f) != 0; }

// The set of properties with a flag (PF_ANIM, PF_INHERIT, …).
constexpr PropSet propsWithFlag(PropFlag f) {
  PropSet s;
  for (std::size_t i = 0; i < kPropCount; ++i)
    if (kPropInfo[i].flags & f) s.set(static_cast<Prop>(i));
  return s;
}

// Prop of a longhand CSS name ("background-color"), ASCII case-insensitive;
// nullopt for shorthands and unknown names.
std::optional<Prop> propFromCssName(std::string_view css);

// ---------------------------------------------------------------------------
// [SECTION] Opt<T>, Style
// ---------------------------------------------------------------------------

// A declared value: `value` is meaningful only when `is_set`.
template <class T>
struct Opt {
  T value{};
  bool is_set{false};

  Opt() = default;
  Opt(const T& v) : value(v), is_set(true) {}  // NOLINT(google-explicit-constructor): `style.opacity = 0.5f`
  Opt& operator=(const T& v) {
    value = v;
    is_set = true;
    return *this;
  }
  void reset() {
    value = T{};
    is_set = false;
  }
  const T& valueOr(const T& fallback) const { return is_set ? value : fallback; }
  bool operator==(const Opt&) const = default;
};

// Declared values: what a rule, an inline style or a keyframe sets.
struct Style {
#define ZENIT_DETAIL_STYLE_FIELD(T, name, def, css, flags) Opt<T> name;
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_STYLE_FIELD)
#undef ZENIT_DETAIL_STYLE_FIELD

  // Copies every set field of `o` over this one (later wins).
  void overlay(const Style& o) {
#define ZENIT_DETAIL_STYLE_OVERLAY(T, name, def, css, flags) \
  if (o.name.is_set) name = o.name.value;
    BUBBLE_STYLE_PROPS(ZENIT_DETAIL_STYLE_OVERLAY)
#undef ZENIT_DETAIL_STYLE_OVERLAY
  }

  // Which properties are set.
  PropSet setProps() const {
    PropSet s;
#define ZENIT_DETAIL_STYLE_SETBITS(T, name, def, css, flags) \
  if (name.is_set) s.set(Prop::name);
    BUBBLE_STYLE_PROPS(ZENIT_DETAIL_STYLE_SETBITS)
#undef ZENIT_DETAIL_STYLE_SETBITS
    return s;
  }

  bool empty() const { return setProps().empty(); }
  bool operator==(const Style&) const = default;
};

// ---------------------------------------------------------------------------
// [SECTION] ComputedStyle
// ---------------------------------------------------------------------------

// Every property resolved: what layout, hit-testing and draw read.
struct ComputedStyle {
#define ZENIT_DETAIL_COMPUTED_FIELD(T, name, def, css, flags) T name = def;
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_COMPUTED_FIELD)
#undef ZENIT_DETAIL_COMPUTED_FIELD

  bool operator==(const ComputedStyle&) const = default;
};

// Applies every set field of `s` onto `out` (seed §2.6).
inline void overlayComputed(ComputedStyle& out, const Style& s) {
#define ZENIT_DETAIL_COMPUTED_OVERLAY(T, name, def, css, flags) \
  if (s.name.is_set) out.name = s.name.value;
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_COMPUTED_OVERLAY)
#undef ZENIT_DETAIL_COMPUTED_OVERLAY
}

// ---------------------------------------------------------------------------
// [SECTION] PropTraits<P>, visitProp
// ---------------------------------------------------------------------------

template <Prop P>
struct PropTraits;

#define ZENIT_DETAIL_PROP_TRAITS(T, name, def, css, flags)                        \
  template <>                                                                     \
  struct PropTraits<Prop::name> {                                                 \
    using type = T;                                                               \
    static constexpr std::uint8_t kFlags = static_cast<std::uint8_t>(flags);      \
    static T& get(ComputedStyle& s) { return s.name; }                            \
    static const T& get(const ComputedStyle& s) { return s.name; }                \
    static Opt<T>& get(Style& s) { return s.name; }                               \
    static const Opt<T>& get(const Style& s) { return s.name; }                   \
  };
BUBBLE_STYLE_PROPS(ZENIT_DETAIL_PROP_TRAITS)
#undef ZENIT_DETAIL_PROP_TRAITS

template <Prop P>
using PropType = typename PropTraits<P>::type;

// Calls f(field) with the field of `s` named by p: T& for ComputedStyle,
// Opt<T>& for Style (const-qualified when s is). One switch, one jump.
template <class S, class F>
  requires std::is_same_v<std::remove_const_t<S>, ComputedStyle> || std::is_same_v<std::remove_const_t<S>, Style>
inline void visitProp(Prop p, S& s, F&& f) {
  switch (p) {
#define ZENIT_DETAIL_VISIT(T, name, def, css, flags) \
  case Prop::name: f(s.name); break;
    BUBBLE_STYLE_PROPS(ZENIT_DETAIL_VISIT)
#undef ZENIT_DETAIL_VISIT
    case Prop::Count: break;
  }
}

// Calls f(dstField, srcField) for the same property of two styles.
template <class D, class S, class F>
inline void visitProp2(Prop p, D& dst, S& src, F&& f) {
  switch (p) {
#define ZENIT_DETAIL_VISIT2(T, name, def, css, flags) \
  case Prop::name: f(dst.name, src.name); break;
    BUBBLE_STYLE_PROPS(ZENIT_DETAIL_VISIT2)
#undef ZENIT_DETAIL_VISIT2
    case Prop::Count: break;
  }
}

// Copies one property from `src` to `dst` (both ComputedStyle).
inline void copyProp(Prop p, ComputedStyle& dst, const ComputedStyle& src) {
  visitProp2(p, dst, src, [](auto& d, const auto& s) { d = s; });
}

// dst.p = lerpProp(a.p, b.p, t) for an animatable property.
void lerpPropById(Prop p, ComputedStyle& dst, const ComputedStyle& a, const ComputedStyle& b, float t);

// A property's computed value as getComputedStyle would print it ("0.5",
// "12.5px", "rgb(255, 0, 0)", "visible"). Lists print their CSS shorthand.
std::string serializeProp(Prop p, const ComputedStyle& s);

// CSS `transform` as getComputedStyle prints it: "none", or the
// "matrix(a, b, c, d, e, f)" of translate, rotate, scale (in that order; the
// origin is not part of it). Translate percentages resolve against the box.
std::string serializeTransform(const ComputedStyle& s, float boxWidth, float boxHeight);
std::string serializeTranslate(const ComputedStyle& s);  // CSS `translate`: "none", "50px", "50% 20px"
std::string serializeRotate(const ComputedStyle& s);     // CSS `rotate`: "none", "90deg"
std::string serializeScale(const ComputedStyle& s);      // CSS `scale`: "none", "2", "2 3"

// getComputedStyle(el).getPropertyValue(cssName) for a box of the given
// size: every row's CSS name, the CSS properties ZenitUI stores as several
// rows or as part of one (transform, translate, rotate, scale,
// transform-origin, gap, padding-top…, margin-top…, border-*-radius,
// border-*-width, border-*-color, animation-*, transition-*). Names are
// ASCII case-insensitive; nullopt for any other name.
std::optional<std::string> serializeCssProperty(std::string_view cssName, const ComputedStyle& s, float boxWidth,
                                                float boxHeight);

}  // namespace zenit
