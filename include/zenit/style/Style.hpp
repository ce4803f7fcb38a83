// The style model, generated from BUBBLE_STYLE_PROPS (style/StyleProps.hpp).
//
// [SECTION] AnimationRef / TransitionRef: one entry of animation: / transition:
// [SECTION] Prop, PropSet, PropInfo: ids, a 64-bit set, the name table
// [SECTION] Opt<T>, Style: declared values (rules, inline style, keyframes)
// [SECTION] Longhand patches: animation-* / transition-* declared on their own,
//           SideHoles: one-side longhands (padding-top …)
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
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] AnimationRef / TransitionRef
// ---------------------------------------------------------------------------

// One entry of the `animation` list (CSS Animations 1 longhands). Times are
// seconds. CSS initial values are the defaults.
struct AnimationRef {
  std::string name;        // @keyframes name, case-sensitive
  double duration{0.0};    // animation-duration, >= 0
  double delay{0.0};       // animation-delay, may be negative
  double iterations{1.0};  // animation-iteration-count, >= 0; infinity = infinite
  PlaybackDirection direction{PlaybackDirection::Normal};  // animation-direction
  FillMode fill{FillMode::None};                           // animation-fill-mode
  PlayState playState{PlayState::Running};                 // animation-play-state
  TransitionFunction ease{TransitionFunction::Ease};       // animation-timing-function (per keyframe segment)

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
  std::string property;                               // as written: "opacity", "all", or an unknown name
  bool all{false};                                    // transition-property: all
  bool known{false};                                  // property names a BUBBLE_STYLE_PROPS row (or all)
  Prop prop{};                                        // valid when known && !all
  double duration{0.0};                               // transition-duration, >= 0
  double delay{0.0};                                  // transition-delay, may be negative
  TransitionFunction ease{TransitionFunction::Ease};  // transition-timing-function
  bool allowDiscrete{false};                          // transition-behavior: allow-discrete
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
  constexpr PropSet& operator|=(PropSet o) {
    bits |= o.bits;
    return *this;
  }
  constexpr bool operator==(const PropSet&) const = default;

  // Calls f(Prop) for each member in id order.
  template <class F>
  constexpr void forEach(F&& f) const {
    for (std::uint64_t b = bits; b != 0; b &= b - 1) f(static_cast<Prop>(std::countr_zero(b)));
  }

  static constexpr std::uint64_t bit(Prop p) { return std::uint64_t{1} << static_cast<unsigned>(p); }
  // Every property.
  static constexpr PropSet all() { return PropSet{~std::uint64_t{0} >> (64 - kPropCount)}; }
};

struct PropInfo {
  std::string_view field;  // C++ field name ("backgroundColor")
  std::string_view css;    // CSS name ("background-color")
  std::uint8_t flags;      // PropFlag bits
};

#define ZENIT_DETAIL_PROP_INFO(T, name, def, css, flags) \
  PropInfo{#name, css, static_cast<std::uint8_t>(flags)},
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
//
// An unset value of a trivially copyable type (every row but the animation
// and transition lists) is left unwritten: a rule declares a few of its
// ~50 rows, and building a Style must not cost writing all of them (the
// parser builds one per rule). Debug builds fill it with 0xFF bytes
// instead (NaN floats, invalid bools and enums), so that a read of an unset
// value shows up in tests and under UBSan.
// Equality compares values only where both are set.
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

template <class T>
requires std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>
struct Opt<T> {
  union {
    T value;  // meaningful only when is_set
  };
  bool is_set{false};

  constexpr Opt() {
#ifndef NDEBUG
    if (!std::is_constant_evaluated()) std::memset(static_cast<void*>(&value), 0xFF, sizeof(T));
#endif
  }
  constexpr Opt(const T& v)
      : value(v), is_set(true) {}  // NOLINT(google-explicit-constructor): `style.opacity = 0.5f`
  constexpr Opt& operator=(const T& v) {
    std::construct_at(&value, v);
    is_set = true;
    return *this;
  }
  constexpr void reset() { *this = Opt{}; }
  constexpr const T& valueOr(const T& fallback) const { return is_set ? value : fallback; }
  constexpr bool operator==(const Opt& o) const {
    return is_set == o.is_set && (!is_set || value == o.value);
  }
};

// ---------------------------------------------------------------------------
// [SECTION] Longhand patches
//
// CSS cascades every animation-* and transition-* longhand on its own (CSS
// Animations 1 §3, CSS Transitions 1 §2): `.box { animation: pulse 1s }
// .box:hover { animation-play-state: paused }` pauses pulse on hover. A
// rule's shorthand becomes Style::animations / Style::transitions (the whole
// list, every longhand set); a longhand becomes a patch below. Style::overlay
// applies rules in cascade order: a shorthand clears the patches before it
// (it sets every longhand), a later patch of one longhand replaces an earlier
// one. resolveAnimations / resolveTransitions turn list + patches into the
// used list: its length is the number of names (animation-name,
// transition-property) and every other longhand list is cycled to match
// (CSS Animations 1 §2, CSS Transitions 1 §2). overlayComputed calls them.
// ---------------------------------------------------------------------------

// animation-* longhands declared apart from `animation` (nullopt = not declared).
struct AnimationLonghands {
  std::optional<std::vector<std::string>> names;                   // animation-name; "" is `none`
  std::optional<std::vector<double>> durations;                    // animation-duration, seconds
  std::optional<std::vector<TransitionFunction>> timingFunctions;  // animation-timing-function
  std::optional<std::vector<double>> delays;                       // animation-delay, seconds
  std::optional<std::vector<double>> iterationCounts;        // animation-iteration-count; infinity = infinite
  std::optional<std::vector<PlaybackDirection>> directions;  // animation-direction
  std::optional<std::vector<FillMode>> fillModes;            // animation-fill-mode
  std::optional<std::vector<PlayState>> playStates;          // animation-play-state

  bool empty() const {
    return !names && !durations && !timingFunctions && !delays && !iterationCounts && !directions &&
           !fillModes && !playStates;
  }
  void merge(const AnimationLonghands& later);  // every longhand `later` declares replaces ours
  bool operator==(const AnimationLonghands&) const = default;
};

// transition-* longhands declared apart from `transition` (nullopt = not declared).
struct TransitionLonghands {
  std::optional<std::vector<std::string>> properties;  // transition-property; empty list is `none`
  std::optional<std::vector<double>> durations;        // transition-duration, seconds
  std::optional<std::vector<TransitionFunction>> timingFunctions;  // transition-timing-function
  std::optional<std::vector<double>> delays;                       // transition-delay, seconds
  std::optional<std::vector<bool>> allowDiscrete;                  // transition-behavior

  bool empty() const { return !properties && !durations && !timingFunctions && !delays && !allowDiscrete; }
  void merge(const TransitionLonghands& later);  // every longhand `later` declares replaces ours
  bool operator==(const TransitionLonghands&) const = default;
};

// The computed animation list: `declared` (nullptr = no `animation` declared,
// i.e. the initial `none`) with `patch` applied. Entries named "" (none)
// keep their place in the list, as CSS says (getComputedStyle prints them),
// and run nothing: the animation player skips them.
AnimationList resolveAnimations(const AnimationList* declared, const AnimationLonghands& patch);

// The used transition list: `declared` (nullptr = initial: `all 0s`) with
// `patch` applied. Shorthand names (`transform`, `inset`, `padding-top` …)
// expand to one entry per BUBBLE_STYLE_PROPS row they set, in the order of
// the row ids, each keeping the written name in `property` (serialisation
// prints such a run once); unknown names and `none` stay (known = false,
// matching no property), as CSS keeps them. Entries with `known` set pass
// through unchanged.
TransitionList resolveTransitions(const TransitionList* declared, const TransitionLonghands& patch);

// Sides a one-side longhand (padding-top, margin-left, border-top-left-radius
// …) left undeclared: bit 0..3 = top, right, bottom, left (corners:
// top-left, top-right, bottom-right, bottom-left). 0 = the whole value is
// declared. Style::overlay and overlayComputed copy only declared sides; in a
// keyframe, the undeclared sides are not animated (compileKeyframes).
struct SideHoles {
  std::uint8_t padding{0};       // Style::padding
  std::uint8_t margin{0};        // Style::margin
  std::uint8_t borderRadius{0};  // Style::borderRadius
  bool operator==(const SideHoles&) const = default;
};

namespace detail {
template <class T>  // Spacing or Corners; i in CSS order
auto& side(T& v, int i) {
  if constexpr (std::is_same_v<std::remove_const_t<T>, Spacing>)
    return i == 0 ? v.top : i == 1 ? v.right : i == 2 ? v.bottom : v.left;
  else
    return i == 0 ? v.topLeft : i == 1 ? v.topRight : i == 2 ? v.bottomRight : v.bottomLeft;
}
// Copies the sides of `src` that `holes` does not mark into `dst`.
template <class T>
void copySides(T& dst, const T& src, std::uint8_t holes) {
  for (int i = 0; i < 4; ++i)
    if (!(holes & (1u << i))) side(dst, i) = side(src, i);
}
// Overlays a possibly partial side value: `dst` (with its holes) under `src` (with its holes).
template <class T>
void overlaySides(Opt<T>& dst, std::uint8_t& dstHoles, const Opt<T>& src, std::uint8_t srcHoles) {
  if (!src.is_set) return;
  if (srcHoles == 0 || !dst.is_set) {
    dst = src.value;
    dstHoles = srcHoles;
    return;
  }
  copySides(dst.value, src.value, srcHoles);
  dstHoles = static_cast<std::uint8_t>(dstHoles & srcHoles);
}
}  // namespace detail

// Declared values: what a rule, an inline style or a keyframe sets.
struct Style {
#define ZENIT_DETAIL_STYLE_FIELD(T, name, def, css, flags) Opt<T> name;
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_STYLE_FIELD)
#undef ZENIT_DETAIL_STYLE_FIELD

  AnimationLonghands animationLonghands;    // animation-* declared on their own (see Longhand patches)
  TransitionLonghands transitionLonghands;  // transition-* declared on their own
  SideHoles holes;                          // sides of padding / margin / border-radius left undeclared

  // Copies every set field of `o` over this one (later wins). A shorthand in
  // `o` clears the longhand patches before it; partial sides merge.
  void overlay(const Style& o) {
    if (o.animations.is_set) animationLonghands = {};
    if (o.transitions.is_set) transitionLonghands = {};
#define ZENIT_DETAIL_STYLE_OVERLAY(T, name, def, css, flags) overlayOne<Prop::name>(name, o.name, o.holes);
    BUBBLE_STYLE_PROPS(ZENIT_DETAIL_STYLE_OVERLAY)
#undef ZENIT_DETAIL_STYLE_OVERLAY
    animationLonghands.merge(o.animationLonghands);
    transitionLonghands.merge(o.transitionLonghands);
  }

  // Which properties are set (a longhand patch sets its list property).
  PropSet setProps() const {
    PropSet s;
#define ZENIT_DETAIL_STYLE_SETBITS(T, name, def, css, flags) \
  if (name.is_set) s.set(Prop::name);
    BUBBLE_STYLE_PROPS(ZENIT_DETAIL_STYLE_SETBITS)
#undef ZENIT_DETAIL_STYLE_SETBITS
    if (!animationLonghands.empty()) s.set(Prop::animations);
    if (!transitionLonghands.empty()) s.set(Prop::transitions);
    return s;
  }

  bool empty() const { return setProps().empty(); }
  bool operator==(const Style&) const = default;

 private:
  template <Prop P, class T>
  void overlayOne(Opt<T>& dst, const Opt<T>& src, const SideHoles& srcHoles) {
    if constexpr (P == Prop::padding)
      detail::overlaySides(dst, holes.padding, src, srcHoles.padding);
    else if constexpr (P == Prop::margin)
      detail::overlaySides(dst, holes.margin, src, srcHoles.margin);
    else if constexpr (P == Prop::borderRadius)
      detail::overlaySides(dst, holes.borderRadius, src, srcHoles.borderRadius);
    else if (src.is_set)
      dst = src.value;
  }
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

namespace detail {
template <Prop P, class T>
inline void overlayComputedOne(T& dst, const Opt<T>& src, const SideHoles& h) {
  if (!src.is_set) return;
  if constexpr (P == Prop::padding)
    copySides(dst, src.value, h.padding);
  else if constexpr (P == Prop::margin)
    copySides(dst, src.value, h.margin);
  else if constexpr (P == Prop::borderRadius)
    copySides(dst, src.value, h.borderRadius);
  else if constexpr (P == Prop::animations || P == Prop::transitions)
    return;  // resolved with their patches
  else
    dst = src.value;
}
}  // namespace detail

// Applies every set field of `s` onto `out` (seed §2.6). Partial sides copy
// only the declared sides; animation / transition lists are resolved with
// their longhand patches (resolveAnimations / resolveTransitions).
inline void overlayComputed(ComputedStyle& out, const Style& s) {
#define ZENIT_DETAIL_COMPUTED_OVERLAY(T, name, def, css, flags) \
  detail::overlayComputedOne<Prop::name>(out.name, s.name, s.holes);
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_COMPUTED_OVERLAY)
#undef ZENIT_DETAIL_COMPUTED_OVERLAY
  if (s.animations.is_set || !s.animationLonghands.empty())
    out.animations =
        resolveAnimations(s.animations.is_set ? &s.animations.value : nullptr, s.animationLonghands);
  if (s.transitions.is_set || !s.transitionLonghands.empty())
    out.transitions =
        resolveTransitions(s.transitions.is_set ? &s.transitions.value : nullptr, s.transitionLonghands);
}

// ---------------------------------------------------------------------------
// [SECTION] PropTraits<P>, visitProp
// ---------------------------------------------------------------------------

template <Prop P>
struct PropTraits;

#define ZENIT_DETAIL_PROP_TRAITS(T, name, def, css, flags)                   \
  template <>                                                                \
  struct PropTraits<Prop::name> {                                            \
    using type = T;                                                          \
    static constexpr std::uint8_t kFlags = static_cast<std::uint8_t>(flags); \
    static T& get(ComputedStyle& s) { return s.name; }                       \
    static const T& get(const ComputedStyle& s) { return s.name; }           \
    static Opt<T>& get(Style& s) { return s.name; }                          \
    static const Opt<T>& get(const Style& s) { return s.name; }              \
  };
BUBBLE_STYLE_PROPS(ZENIT_DETAIL_PROP_TRAITS)
#undef ZENIT_DETAIL_PROP_TRAITS

template <Prop P>
using PropType = typename PropTraits<P>::type;

// Calls f(field) with the field of `s` named by p: T& for ComputedStyle,
// Opt<T>& for Style (const-qualified when s is). One switch, one jump.
template <class S, class F>
requires std::is_same_v<std::remove_const_t<S>, ComputedStyle> ||
    std::is_same_v<std::remove_const_t<S>, Style>
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
std::optional<std::string> serializeCssProperty(std::string_view cssName, const ComputedStyle& s,
                                                float boxWidth, float boxHeight);

}  // namespace zenit
