// StyleResolver: matching, the cascade, inheritance, em, custom properties
// and var(), parts, and the caches that make re-resolving cheap.
//
// Deviations from CSS are listed in docs/theme-and-cascade.md (one origin,
// no cascade layers, @scope or :has(); the inline base, C++-written values,
// between inline normal and sheet !important declarations).
//
// Layout of one resolve:
//   1. sync with the theme generation (drop every shared list on a change)
//   2. find the node's candidate list: a per-node slot, else the shared table
//      keyed by (type, id, class set, part), else build it (the only place
//      that looks at buckets and compares selectors)
//   3. match mask: candidates whose state bits hold and, for selectors with
//      combinators, whose left side matches the ancestors
//   4. key compare: same list, mask, parent inherited values, parent custom
//      properties, inline pointers and version, same output object → done
//   5. custom properties, then the cascade into a scratch style, then em,
//      then the animation / transition lists; compare and copy into `out`
//
// Sections, in order:
//   Matching helpers          candidates, match lists, selector matching,
//                             the list key's hash, declared-value copies, em
//   CustomProperties, StyleCache
//   The list rows of one cascade
//   StyleResolver: tables     steps 1-3 (sync, listFor/findOrBuild, matchMask)
//   Custom properties and var()
//   resolve                   steps 4-5
//   partFor                   a ::part's style over its node's
//   Invalidation
#include "CascadeInternal.hpp"
#include "core/Ascii.hpp"

#include <zenit/style/Parser.hpp>
#include <zenit/style/StyleResolver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>

namespace zenit {

namespace detail {

// One selector whose rightmost compound matches a list's key, ignoring state.
struct Candidate {
  std::uint32_t rank{0};   // in Theme::rules()
  PseudoBits pseudo{0};    // state bits the rightmost compound needs
  bool contextual{false};  // the left side must be matched against ancestors
};

inline constexpr std::size_t kMaxMaskCandidates = 64;  // a mask is one word
inline constexpr std::size_t kListResults = 8;         // results remembered per list (by mask)

// Style sharing: what a node with this key and match mask computes when
// only sheet rules take part (no inline style, no var()), by mask.
struct MaskResult {
  std::uint64_t mask{0};
  // Used lists when only sheet rules set them (they never depend on the parent).
  bool hasAnimations{false};
  bool hasTransitions{false};
  const AnimationList* usedAnimations{nullptr};  // into a rule, into this entry, or an empty list
  const TransitionList* usedTransitions{nullptr};
  AnimationList animations;  // storage for lists computed here (patches applied)
  TransitionList transitions;
  // The whole computed style, when no inline style and no var() take part.
  // Resolver-unique id of `computed`, new each time it is computed (0: not
  // computed); StyleResolver::rowsBetween compares results by it.
  std::uint64_t version{0};
  InheritedValues parent;  // the parent's inherited rows it was computed with
  PropSet written;         // rows of `computed` that may differ from initial
  ComputedStyle computed;  // list rows unused: see computedAnimations / computedTransitions
  const AnimationList* computedAnimations{nullptr};
  const TransitionList* computedTransitions{nullptr};
};

// The candidates of every element with the same (type, id, class set, part):
// shared by all of them (style sharing), with results that depend only on
// which candidates matched.
struct MatchList {
  Atom type{};
  Atom id{};
  Atom part{};
  std::vector<Atom> classes;  // sorted, unique
  std::uint64_t hash{0};
  std::uint32_t next{kNoList};  // next list with the same hash

  std::vector<Candidate> candidates;  // cascade order
  std::uint64_t customMask{0};        // candidates that declare custom properties
  std::uint64_t pendingMask{0};       // candidates with var() declarations
  bool big{false};                    // more than 64 candidates: no masks, nothing shared by mask

  std::vector<MaskResult> results;  // reserved to kListResults: entries never move
  std::uint8_t nextResult{0};

  // Merged part styles by mask (part lists without var()).
  struct PartStyle {
    std::uint64_t mask{0};
    Style style;
  };
  std::vector<PartStyle> parts;
  std::uint8_t nextPart{0};
};

template <bool Inherited, class D, class S>
inline void captureOne(D& d, const S& s) {
  if constexpr (Inherited) d = s;
}

void InheritedValues::capture(const ComputedStyle& s) {
#define ZENIT_DETAIL_CAPTURE(T, name, def, css, flags) captureOne<(((flags)&PF_INHERIT) != 0)>(name, s.name);
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_CAPTURE)
#undef ZENIT_DETAIL_CAPTURE
}

}  // namespace detail

namespace {

using detail::Candidate;
using detail::MatchList;

constexpr PropSet kInheritedRows = propsWithFlag(PF_INHERIT);

std::uint64_t nextEpoch() {
  static std::atomic<std::uint64_t> e{0};
  return ++e;
}

std::uint64_t nextCustomId() {
  static std::atomic<std::uint64_t> e{0};
  return ++e;
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::uint64_t atomBits(Atom a) { return static_cast<std::uint64_t>(a); }

bool contains(std::span<const Atom> set, Atom a) {
  for (Atom x : set)
    if (x == a) return true;
  return false;
}

// The compound's type, id and classes hold for the element (state ignored).
bool compoundMatchesNames(const CompoundSelector& c, Atom type, Atom id, std::span<const Atom> classes) {
  if (c.type != Atom::None && c.type != type) return false;
  if (c.id != Atom::None && c.id != id) return false;
  for (Atom a : c.classes)
    if (!contains(classes, a)) return false;
  return true;
}

bool compoundMatches(const CompoundSelector& c, const StyleElement& e) {
  return (c.pseudo & ~e.state) == 0 && compoundMatchesNames(c, e.type, e.id, e.classes);
}

// Right-to-left matching with the classic pruning: once the left part fails
// for every ancestor of some node, it fails for every higher choice too.
// Siblings share their ancestors, so a sibling combinator passes that
// verdict on; failing on every sibling is only a local failure (a higher
// ancestor's siblings may still match).
enum class Match : std::uint8_t { Matches, FailsLocally, FailsAllAncestors };

Match matchLeftOf(const Selector& s, std::size_t i, const StyleElement& e);

bool matchesSome(const std::vector<Selector>& list, const StyleElement& e);

// Selectors 4 §14.4: `a·k + b` is the place `n` (from 1) for some k ≥ 0.
bool nthHolds(std::int64_t a, std::int64_t b, std::int64_t n) {
  if (a == 0) return n == b;
  return (n - b) % a == 0 && (n - b) / a >= 0;
}

// `e`'s place (from 1) that a counting pseudo-class reads: among all its
// siblings or those of its type or matching S, from the first or the last.
// 0 when `e` is not one of those it counts (it does not match S).
std::int64_t countedPlace(const SelectorCondition& l, const StyleElement& e) {
  if (!l.ofType() && l.selectors.empty()) {
    if (!l.fromEnd()) return std::int64_t{e.index} + 1;
    return e.parent ? std::int64_t{e.parent->childCount} - e.index : 1;
  }
  if (l.ofType() && e.typeCount != 0)
    return l.fromEnd() ? std::int64_t{e.typeCount} - e.typeIndex : std::int64_t{e.typeIndex} + 1;
  const auto counted = [&](const StyleElement& x) {
    return l.ofType() ? x.type == e.type : matchesSome(l.selectors, x);
  };
  if (!counted(e)) return 0;
  std::int64_t n = 1;
  for (const StyleElement* x = l.fromEnd() ? e.next : e.previous; x; x = l.fromEnd() ? x->next : x->previous)
    n += counted(*x) ? 1 : 0;
  return n;
}

// `[name OP value]` (Selectors 4 §6.1, §6.2, §6.3) holds for `e`.
bool attributeMatches(const SelectorCondition& l, const StyleElement& e) {
  using Op = SelectorCondition::AttrOp;
  const auto at = std::find_if(e.attributes.begin(), e.attributes.end(),
                               [&](const StyleAttribute& a) { return a.name == l.attribute; });
  if (at == e.attributes.end()) return false;
  const std::string_view have = at->value, want = l.value;
  const auto same = [&](std::string_view x, std::string_view y) {
    if (x.size() != y.size()) return false;
    if (!l.ignoreCase) return x == y;
    for (std::size_t k = 0; k < x.size(); ++k)
      if (detail::lowerAscii(x[k]) != detail::lowerAscii(y[k])) return false;
    return true;
  };
  // `^=`, `$=`, `*=` and `~=` with an empty value match nothing (§6.2, §6.3).
  if (want.empty() &&
      (l.op == Op::Prefix || l.op == Op::Suffix || l.op == Op::Substring || l.op == Op::Includes))
    return false;
  switch (l.op) {
    case Op::Exists: return true;
    case Op::Equals: return same(have, want);
    case Op::DashMatch:
      return same(have, want) || (have.size() > want.size() && have[want.size()] == '-' &&
                                  same(have.substr(0, want.size()), want));
    case Op::Prefix: return have.size() >= want.size() && same(have.substr(0, want.size()), want);
    case Op::Suffix: return have.size() >= want.size() && same(have.substr(have.size() - want.size()), want);
    case Op::Substring:
      for (std::size_t k = 0; k + want.size() <= have.size(); ++k)
        if (same(have.substr(k, want.size()), want)) return true;
      return false;
    case Op::Includes: {
      constexpr std::string_view kSpace = " \t\n\r\f";
      if (want.find_first_of(kSpace) != std::string_view::npos) return false;
      for (std::size_t k = have.find_first_not_of(kSpace); k != std::string_view::npos;) {
        const std::size_t end = std::min(have.find_first_of(kSpace, k), have.size());
        if (same(have.substr(k, end - k), want)) return true;
        k = have.find_first_not_of(kSpace, end);
      }
      return false;
    }
  }
  return false;
}

// The conditions of compounds[i] (pseudo-classes with arguments, attribute
// selectors) hold for `e`.
bool conditionsMatch(const Selector& s, std::size_t i, const StyleElement& e) {
  for (const SelectorCondition& l : s.conditions) {
    if (l.compound != i) continue;
    if (l.kind == SelectorCondition::Kind::Attribute) {
      if (!attributeMatches(l, e)) return false;
    } else if (l.counts()) {
      const std::int64_t n = countedPlace(l, e);
      if (n == 0 || !nthHolds(l.a, l.b, n)) return false;
    } else if (matchesSome(l.selectors, e) == (l.kind == SelectorCondition::Kind::Not)) {
      return false;
    }
  }
  return true;
}

Match matchAt(const Selector& s, std::size_t i, const StyleElement& e) {
  if (!compoundMatches(s.compounds[i], e)) return Match::FailsLocally;
  if (!s.conditions.empty() && !conditionsMatch(s, i, e)) return Match::FailsLocally;
  if (i == 0) return Match::Matches;
  return matchLeftOf(s, i, e);
}

// compounds[i - 1] against `first` (one step) or against it and everything
// further along `link` (a walk), nearest first; `none` is the verdict when
// no element is left to try.
Match matchStep(const Selector& s, std::size_t i, const StyleElement* first,
                const StyleElement* StyleElement::*link, bool walk, Match none) {
  for (const StyleElement* p = first; p; p = walk ? p->*link : nullptr) {
    const Match m = matchAt(s, i - 1, *p);
    if (m != Match::FailsLocally || !walk) return m;
  }
  return none;
}

// compounds[i] matched `e`; match compounds[0, i) through compounds[i]'s combinator.
Match matchLeftOf(const Selector& s, std::size_t i, const StyleElement& e) {
  constexpr auto up = &StyleElement::parent;
  constexpr auto back = &StyleElement::previous;
  switch (s.compounds[i].combinator) {
    case Combinator::Child: return matchStep(s, i, e.parent, up, false, Match::FailsAllAncestors);
    case Combinator::Descendant: return matchStep(s, i, e.parent, up, true, Match::FailsAllAncestors);
    case Combinator::NextSibling: return matchStep(s, i, e.previous, back, false, Match::FailsLocally);
    case Combinator::SubsequentSibling: return matchStep(s, i, e.previous, back, true, Match::FailsLocally);
    case Combinator::None: break;
  }
  return Match::Matches;
}

// Whether `e` matches a selector of an :is() / :where() / :not() list.
bool matchesSome(const std::vector<Selector>& list, const StyleElement& e) {
  for (const Selector& s : list)
    if (matchAt(s, s.compounds.size() - 1, e) == Match::Matches) return true;
  return false;
}

std::uint64_t keyHash(Atom type, Atom id, Atom part, std::span<const Atom> classes) {
  std::uint64_t h = mix(atomBits(type)) ^ (mix(atomBits(id) + 0x100000000ull) * 3u) ^
                    (mix(atomBits(part) + 0x200000000ull) * 5u);
  for (std::size_t i = 0; i < classes.size(); ++i) {
    bool repeat = false;
    for (std::size_t j = 0; j < i && !repeat; ++j) repeat = classes[j] == classes[i];
    if (!repeat) h += mix(atomBits(classes[i]) + 0x300000000ull);  // a sum: order does not matter
  }
  return h;
}

bool keyMatches(const MatchList& l, const StyleElement& el, Atom part) {
  if (l.type != el.type || l.id != el.id || l.part != part) return false;
  const std::span<const Atom> mine(l.classes);
  for (Atom a : el.classes)  // class sets are small: a linear scan beats a binary search
    if (!contains(mine, a)) return false;
  if (el.classes.size() == l.classes.size()) return true;
  for (Atom a : l.classes)  // el repeats a class: check the other way too
    if (!contains(el.classes, a)) return false;
  return true;
}

template <class T>
void assignReusing(std::vector<T>& dst, const std::vector<T>& src) {
  dst.resize(src.size());
  std::copy(src.begin(), src.end(), dst.begin());
}

// Applies the rows `props` of a declared style onto a computed one. The list
// rows are collected instead (ListCascade); sides copy only declared sides.
template <class Lists>
void applyDeclared(ComputedStyle& s, const Style& src, PropSet props, Lists& lists, bool dynamic) {
  props.forEach([&](Prop p) {
    switch (p) {
      case Prop::padding:
        if (src.padding.is_set) detail::copySides(s.padding, src.padding.value, src.holes.padding);
        break;
      case Prop::margin:
        if (src.margin.is_set) detail::copySides(s.margin, src.margin.value, src.holes.margin);
        break;
      case Prop::borderRadius:
        if (src.borderRadius.is_set)
          detail::copySides(s.borderRadius, src.borderRadius.value, src.holes.borderRadius);
        break;
      case Prop::animations: lists.takeAnimations(src, dynamic); break;
      case Prop::transitions: lists.takeTransitions(src, dynamic); break;
      default:
        visitProp2(p, s, src, [](auto& d, const auto& o) {
          if (o.is_set) d = o.value;
        });
        break;
    }
  });
}

// Style::overlay restricted to `props`: the declared-value merge partFor uses.
void overlayDeclared(Style& dst, const Style& src, PropSet props) {
  if (props.test(Prop::animations) && src.animations.is_set) dst.animationLonghands = {};
  if (props.test(Prop::transitions) && src.transitions.is_set) dst.transitionLonghands = {};
  props.forEach([&](Prop p) {
    switch (p) {
      case Prop::padding:
        detail::overlaySides(dst.padding, dst.holes.padding, src.padding, src.holes.padding);
        break;
      case Prop::margin:
        detail::overlaySides(dst.margin, dst.holes.margin, src.margin, src.holes.margin);
        break;
      case Prop::borderRadius:
        detail::overlaySides(dst.borderRadius, dst.holes.borderRadius, src.borderRadius,
                             src.holes.borderRadius);
        break;
      default:
        visitProp2(p, dst, src, [](auto& d, const auto& o) {
          if (o.is_set) d = o.value;
        });
        break;
    }
  });
  if (props.test(Prop::animations)) dst.animationLonghands.merge(src.animationLonghands);
  if (props.test(Prop::transitions)) dst.transitionLonghands.merge(src.transitionLonghands);
}

void unsetDeclared(Style& s, PropSet props) {
  props.forEach([&](Prop p) { visitProp(p, s, [](auto& opt) { opt.reset(); }); });
  if (props.test(Prop::padding)) s.holes.padding = 0;
  if (props.test(Prop::margin)) s.holes.margin = 0;
  if (props.test(Prop::borderRadius)) s.holes.borderRadius = 0;
  if (props.test(Prop::animations)) s.animationLonghands = {};
  if (props.test(Prop::transitions)) s.transitionLonghands = {};
}

// What the relative units are resolved against, in px per unit.
struct RelativeBases {
  float em{16.0f};                   // the element's font size
  float rem{16.0f};                  // the root's font size
  float vw{8.0f};                    // 1% of the viewport's width
  float vh{6.0f};                    // 1% of its height
  mutable bool remRead{false};       // of() gave `rem`
  mutable bool viewportRead{false};  // of() gave a viewport base

  float of(std::uint8_t unit) const {
    remRead = remRead || unit == Value::kRem;
    viewportRead = viewportRead || (unit & (Value::kVw | Value::kVh | Value::kVmin | Value::kVmax)) != 0;
    switch (unit) {
      case Value::kRem: return rem;
      case Value::kVw: return vw;
      case Value::kVh: return vh;
      case Value::kVmin: return std::min(vw, vh);
      case Value::kVmax: return std::max(vw, vh);
      default: return em;
    }
  }
};

void resolveRelative(Value& v, const RelativeBases& b) {
  if (v.kind != ValueKind::Length || (v.em == 0.0f && (v.units & Value::kRelative) == 0)) return;
  v.px += v.em * b.of(v.relativeUnit());
  v.em = 0.0f;
  v.units = static_cast<std::uint8_t>((v.units & ~Value::kRelative) | Value::kPx);
}
void resolveRelative(Spacing& v, const RelativeBases& b) {
  resolveRelative(v.top, b);
  resolveRelative(v.right, b);
  resolveRelative(v.bottom, b);
  resolveRelative(v.left, b);
}
void resolveRelative(Corners& v, const RelativeBases& b) {
  resolveRelative(v.topLeft, b);
  resolveRelative(v.topRight, b);
  resolveRelative(v.bottomRight, b);
  resolveRelative(v.bottomLeft, b);
}
template <class T>
void resolveRelative(T&, const RelativeBases&) {}

// Relative rows to px: font-size first, against the parent's font size
// (CSS Fonts 4: em and % in font-size refer to the parent; rem in the
// root's font-size refers to the initial 16px), then the others against
// the element's own (rem against the root's: `rootFs`, or the element's own
// font size at the root, `rootFs` < 0).
RelativeBases finishRelative(ComputedStyle& s, PropSet rows, const ComputedStyle& inherited, float rootFs,
                             const MediaEnvironment& viewport) {
  if (rows.empty()) return {};
  const float parentFs = inherited.fontSize.resolve(16.0f, 16.0f, 16.0f);
  RelativeBases b{parentFs, rootFs < 0.0f ? 16.0f : rootFs, viewport.width * 0.01f, viewport.height * 0.01f};
  if (rows.test(Prop::fontSize) && s.fontSize.kind == ValueKind::Length) {
    const Value v = s.fontSize;
    s.fontSize = Px(v.px + v.pct * 0.01f * parentFs + v.em * b.of(v.relativeUnit()));
  }
  rows.reset(Prop::fontSize);
  b.em = s.fontSize.kind == ValueKind::Length ? s.fontSize.px : parentFs;
  if (rootFs < 0.0f) b.rem = b.em;
  rows.forEach([&](Prop p) { visitProp(p, s, [&b](auto& v) { resolveRelative(v, b); }); });
  return b;
}

// A part style's rem and viewport units to px, on `rows` (the relative ones;
// em stays: partLength resolves it against the node's font size).
void resolveRootOrViewport(Style& m, PropSet rows, const RelativeBases& b) {
  const auto one = [&b](Value& v) {
    if (v.kind == ValueKind::Length && (v.units & Value::kRootOrViewport) != 0) resolveRelative(v, b);
  };
  rows.forEach([&](Prop p) {
    visitProp(p, m, [&](auto& opt) {
      using T = std::remove_cvref_t<decltype(opt.value)>;
      if constexpr (std::is_same_v<T, Value>) {
        one(opt.value);
      } else if constexpr (std::is_same_v<T, Spacing>) {
        for (Value* v : {&opt.value.top, &opt.value.right, &opt.value.bottom, &opt.value.left}) one(*v);
      } else if constexpr (std::is_same_v<T, Corners>) {
        for (Value* v :
             {&opt.value.topLeft, &opt.value.topRight, &opt.value.bottomRight, &opt.value.bottomLeft})
          one(*v);
      }
    });
  });
}

}  // namespace

// ---------------------------------------------------------------------------
// CustomProperties, StyleCache
// ---------------------------------------------------------------------------

std::optional<std::string_view> CustomProperties::find(std::string_view name) const {
  const auto it =
      std::lower_bound(entries_.begin(), entries_.end(), name,
                       [](const auto& e, std::string_view n) { return std::string_view(e.first) < n; });
  if (it == entries_.end() || it->first != name) return std::nullopt;
  return std::string_view(it->second);
}

void StyleCache::invalidate() {
  slots_ = {};
  lastValid_ = false;
  lastWritten_ = {};
  lastShared_ = 0;
  changedRows_ = {};
  customKeyValid_ = false;
  custom_.reset();
  pending_.clear();
  pendingKey_ = {};
  parts_.clear();
}

// ---------------------------------------------------------------------------
// The list rows of one cascade: the winning shorthand and the patches after it
// ---------------------------------------------------------------------------

struct StyleResolver::ListCascade {
  std::vector<const AnimationLonghands*>& animPatches;
  std::vector<const TransitionLonghands*>& transPatches;
  const AnimationList* animations{nullptr};
  const TransitionList* transitions{nullptr};
  bool anyAnimations{false};
  bool anyTransitions{false};
  bool dynamicAnimations{false};  // a per-node source (inline, inline base, var()) takes part
  bool dynamicTransitions{false};

  void takeAnimations(const Style& src, bool dynamic) {
    anyAnimations = true;
    if (src.animations.is_set) {  // the shorthand resets every longhand before it
      animations = &src.animations.value;
      animPatches.clear();
      dynamicAnimations = dynamic;
    }
    if (!src.animationLonghands.empty()) {
      animPatches.push_back(&src.animationLonghands);
      dynamicAnimations = dynamicAnimations || dynamic;
    }
  }
  void takeTransitions(const Style& src, bool dynamic) {
    anyTransitions = true;
    if (src.transitions.is_set) {
      transitions = &src.transitions.value;
      transPatches.clear();
      dynamicTransitions = dynamic;
    }
    if (!src.transitionLonghands.empty()) {
      transPatches.push_back(&src.transitionLonghands);
      dynamicTransitions = dynamicTransitions || dynamic;
    }
  }
};

// ---------------------------------------------------------------------------
// StyleResolver: tables
// ---------------------------------------------------------------------------

StyleResolver::StyleResolver(const Theme& theme) : theme_(theme) {
  generation_ = theme_.generation();
  epoch_ = nextEpoch();
}

StyleResolver::~StyleResolver() = default;

const ComputedStyle& StyleResolver::initialStyle() {
  static const ComputedStyle s;
  return s;
}

void StyleResolver::sync() {
  // Cap the shared table: distinct keys are few in a real UI, but unique
  // #ids on many nodes would grow it without bound.
  constexpr std::size_t kMaxLists = std::size_t{1} << 16;
  if (theme_.generation() == generation_ && lists_.size() < kMaxLists && !remChanged_) return;
  generation_ = theme_.generation();
  epoch_ = nextEpoch();
  if (remChanged_) remEpoch_ = epoch_;
  remChanged_ = false;
  lists_.clear();
  listIndex_.clear();
}

template <std::size_t N>
std::uint32_t StyleResolver::listFor(const StyleElement& el, Atom part, detail::MatchSlots<N>& slots) {
  if (slots.epoch != epoch_) {  // every index belongs to an older table
    slots.epoch = epoch_;
    slots.list.fill(detail::kNoList);
    slots.next = 0;
    slots.last = 0;
  }
  // The slot that answered last time first: a steady node asks the same.
  if (const std::uint32_t li = slots.list[slots.last];
      li != detail::kNoList && keyMatches(lists_[li], el, part))
    return li;
  for (std::size_t i = 0; i < N; ++i) {
    const std::uint32_t li = slots.list[i];
    if (li != detail::kNoList && keyMatches(lists_[li], el, part)) {
      slots.last = static_cast<std::uint8_t>(i);
      return li;
    }
  }
  const std::uint32_t li = findOrBuild(el, part);
  std::size_t use = N;
  for (std::size_t i = 0; i < N && use == N; ++i)
    if (slots.list[i] == detail::kNoList) use = i;
  if (use == N) {
    use = slots.next % N;
    slots.next = static_cast<std::uint8_t>((slots.next + 1) % N);
  }
  slots.list[use] = li;
  slots.last = static_cast<std::uint8_t>(use);
  return li;
}

std::uint32_t StyleResolver::findOrBuild(const StyleElement& el, Atom part) {
  const std::uint64_t h = keyHash(el.type, el.id, part, el.classes);
  const auto found = listIndex_.find(h);
  if (found != listIndex_.end())
    for (std::uint32_t i = found->second; i != detail::kNoList; i = lists_[i].next)
      if (keyMatches(lists_[i], el, part)) return i;

  ++stats_.matches;
  MatchList l;
  l.type = el.type;
  l.id = el.id;
  l.part = part;
  l.classes.assign(el.classes.begin(), el.classes.end());
  std::sort(l.classes.begin(), l.classes.end());
  l.classes.erase(std::unique(l.classes.begin(), l.classes.end()), l.classes.end());
  l.hash = h;

  // Candidates: the buckets this element's names select, then a test of the
  // rightmost compound's names (its state is tested per resolve).
  gather_.clear();
  const RuleBuckets* b = part == Atom::None ? &theme_.nodeRules() : theme_.partRules(part);
  if (b) {
    auto take = [&](const std::unordered_map<Atom, std::vector<std::uint32_t>>& m, Atom a) {
      if (a == Atom::None) return;
      const auto it = m.find(a);
      if (it != m.end()) gather_.insert(gather_.end(), it->second.begin(), it->second.end());
    };
    take(b->byId, el.id);
    for (Atom c : l.classes) take(b->byClass, c);
    take(b->byType, el.type);
    gather_.insert(gather_.end(), b->universal.begin(), b->universal.end());
  }
  std::sort(gather_.begin(), gather_.end());
  const auto& rules = theme_.rules();
  for (std::uint32_t rank : gather_) {
    const ThemeRule& r = rules[rank];
    if (!compoundMatchesNames(r.selector->compounds.back(), el.type, el.id, el.classes)) continue;
    const std::size_t i = l.candidates.size();
    if (i < detail::kMaxMaskCandidates) {
      if (r.customProps) l.customMask |= std::uint64_t{1} << i;
      if (r.pendingNormal || r.pendingImportant) l.pendingMask |= std::uint64_t{1} << i;
    }
    l.candidates.push_back(Candidate{rank, r.pseudo, r.contextual});
  }
  l.big = l.candidates.size() > detail::kMaxMaskCandidates;

  const auto index = static_cast<std::uint32_t>(lists_.size());
  l.next = found != listIndex_.end() ? found->second : detail::kNoList;
  listIndex_[h] = index;
  lists_.push_back(std::move(l));
  return index;
}

std::uint64_t StyleResolver::matchMask(const MatchList& l, const StyleElement& el) {
  const auto& rules = theme_.rules();
  std::uint64_t mask = 0;
  if (l.big) bigMatched_.clear();
  for (std::size_t i = 0; i < l.candidates.size(); ++i) {
    const Candidate& c = l.candidates[i];
    if ((c.pseudo & ~el.state) != 0) continue;
    if (c.contextual) {  // the rest of the selector: the compounds left of it, and :is() & co.
      ++stats_.contextChecks;
      const Selector& s = *rules[c.rank].selector;
      if (matchAt(s, s.compounds.size() - 1, el) != Match::Matches) continue;
    }
    if (l.big)
      bigMatched_.push_back(static_cast<std::uint32_t>(i));
    else
      mask |= std::uint64_t{1} << i;
  }
  return mask;
}

template <class F>
void StyleResolver::forEachMatched(const MatchList& l, std::uint64_t mask, F&& f) const {
  if (l.big) {
    for (std::uint32_t i : bigMatched_) f(l.candidates[i].rank);
    return;
  }
  for (std::uint64_t m = mask; m != 0; m &= m - 1)
    f(l.candidates[static_cast<std::size_t>(std::countr_zero(m))].rank);
}

void StyleResolver::reportOnce(const Diagnostic& d) {
  if (reported_.size() > 4096) return;  // a runaway sheet must not grow this without bound
  if (reported_.insert(d.format()).second) log(d);
}

// ---------------------------------------------------------------------------
// Custom properties and var()
// ---------------------------------------------------------------------------

void StyleResolver::updateCustom(const StyleElement& el, const MatchList& l, std::uint32_t li,
                                 std::uint64_t mask, StyleCache& cache) {
  const StyleCache* pc = el.parent ? el.parent->cache : nullptr;
  const std::shared_ptr<const CustomProperties>* inherited = pc ? &pc->custom_ : nullptr;
  const std::uint64_t parentId = inherited && *inherited ? (*inherited)->id() : 0;
  const bool inlineCustom = el.inlineStyle && !el.inlineStyle->custom.empty();
  const std::uint64_t declaring = l.big ? ~std::uint64_t{0} : (mask & l.customMask);

  if (declaring == 0 && !inlineCustom) {  // passes the parent's set down unchanged: no copy
    if (inherited) {
      if (cache.custom_ != *inherited) cache.custom_ = *inherited;
    } else if (cache.custom_) {
      cache.custom_.reset();
    }
    cache.customKeyValid_ = false;
    return;
  }
  const detail::CustomKey key{epoch_,
                              li,
                              declaring,
                              parentId,
                              inlineCustom ? el.inlineStyle : nullptr,
                              inlineCustom ? el.inlineVersion : 0u};
  if (!l.big && cache.customKeyValid_ && cache.customKey_ == key) return;

  auto set = std::make_shared<CustomProperties>();
  if (inherited && *inherited) set->entries_ = (*inherited)->entries_;
  std::vector<std::string> declared;
  auto put = [&](const CustomProperty& cp) {
    auto& e = set->entries_;
    const auto it = std::lower_bound(e.begin(), e.end(), cp.name,
                                     [](const auto& x, const std::string& n) { return x.first < n; });
    if (it != e.end() && it->first == cp.name)
      it->second = cp.value;
    else
      e.insert(it, {cp.name, cp.value});
    declared.push_back(cp.name);
  };
  const auto& rules = theme_.rules();
  for (const bool important : {false, true}) {
    forEachMatched(l, mask, [&](std::uint32_t rank) {
      const ThemeRule& r = rules[rank];
      if (!r.customProps) return;
      for (const CustomProperty& cp : r.decls->custom)
        if (cp.important == important) put(cp);
    });
    if (inlineCustom)
      for (const CustomProperty& cp : el.inlineStyle->custom)
        if (cp.important == important) put(cp);
  }

  // CSS Variables 1 §2.2: a custom property's computed value has its var()
  // substituted on the element that declares it, against that element's
  // custom properties; a failure (missing, cycle) makes it undefined.
  std::sort(declared.begin(), declared.end());
  declared.erase(std::unique(declared.begin(), declared.end()), declared.end());
  const CustomProperties raw = *set;
  const CustomPropertyLookup lookup = [&raw](std::string_view n) { return raw.find(n); };
  for (const std::string& name : declared) {
    const std::string_view value = *raw.find(name);
    if (value.find("var(") == std::string_view::npos) continue;
    std::string err;
    std::optional<std::string> sub = substituteVars(value, lookup, &err);
    auto& e = set->entries_;
    const auto it = std::lower_bound(e.begin(), e.end(), name,
                                     [](const auto& x, const std::string& n) { return x.first < n; });
    if (sub) {
      it->second = std::move(*sub);
    } else {
      reportOnce(
          Diagnostic{Severity::Warning, "", 0, 0,
                     fmt::format("custom property {}: {} (invalid at computed-value time; it is undefined)",
                                 name, err)});
      e.erase(it);
    }
  }
  set->id_ = nextCustomId();
  cache.custom_ = std::move(set);
  cache.customKey_ = key;
  cache.customKeyValid_ = true;
}

void StyleResolver::preparePending(const StyleElement& el, StyleCache& cache) {
  const detail::PendingKey key{epoch_, cache.custom_ ? cache.custom_->id() : 0, el.inlineStyle,
                               el.inlineVersion};
  if (cache.pendingKey_ == key) return;
  cache.pending_.clear();
  cache.pendingKey_ = key;
}

// The var() declarations of one block part for this element, remembered in
// the cache. Our own loop over substituteVars + parseDeclaration (the pieces
// resolvePending is made of) because CSS needs to know which declaration
// failed: it is `unset` at its place in the cascade, not skipped.
const detail::PendingResult& StyleResolver::pendingFor(const StyleElement& el, StyleCache& cache,
                                                       std::uint32_t rank, bool important,
                                                       const DeclarationBlock& block) {
  preparePending(el, cache);
  for (const auto& p : cache.pending_)
    if (p->rank == rank && p->important == important) return *p;

  auto r = std::make_unique<detail::PendingResult>();
  r->rank = rank;
  r->important = important;
  const CustomProperties* set = cache.custom_.get();
  const CustomPropertyLookup lookup = [set](std::string_view n) -> std::optional<std::string_view> {
    return set ? set->find(n) : std::nullopt;
  };
  for (const PendingDeclaration& p : block.pending) {
    if (p.important != important) continue;
    const PropSet live{p.affects.bits & ~p.shadowed.bits};
    // `inherit` and `unset` as the whole value (the parser keeps them as
    // these two words, never with var()).
    const bool inherit = p.value == "inherit", unset = p.value == "unset";
    Style one;
    std::string err;
    bool ok = inherit || unset;
    bool current = false;
    if (!ok) {
      if (std::optional<std::string> text = substituteVars(p.value, lookup, &err)) {
        std::vector<Diagnostic> diags;
        current = (p.affects.bits & detail::kColorRows.bits) != 0 && detail::replaceCurrentColor(*text);
        ok = parseDeclaration(p.property, *text, one, &diags, p.file, p.line, p.col);
        if (!ok) err = diags.empty() ? "invalid value \"" + *text + "\"" : diags.front().message;
      }
    }
    PropSet inheritHere, currentHere;
    if (inherit) {
      inheritHere = live;
      explicitInherit_ |= live;  // children now depend on these rows of their parent
    } else if (ok && current) {
      // currentcolor: the element's own `color`, once the cascade has it;
      // in `color` itself, the parent's (CSS Color 4 §6.4).
      currentHere = PropSet{one.setProps().bits & live.bits & detail::kColorRows.bits};
      if (currentHere.test(Prop::color)) {
        currentHere.reset(Prop::color);
        inheritHere.set(Prop::color);
      }
    } else if (!ok || unset) {
      if (!ok)
        reportOnce(
            Diagnostic{Severity::Warning, p.file, p.line, p.col,
                       p.property + ": " + err + " (invalid at computed-value time; the property is unset)"});
      one = Style{};
      inheritHere = live & kInheritedRows;
      if ((PropSet{live.bits & ~kInheritedRows.bits}).any())
        parseDeclaration(p.property, "initial", one, nullptr, p.file, p.line, p.col);
      unsetDeclared(one, kInheritedRows);
    }
    unsetDeclared(one, p.shadowed);  // a later plain declaration of the block wins there
    r->values.overlay(one);
    const PropSet decided = one.setProps();
    r->inherit = PropSet{(r->inherit.bits & ~decided.bits & ~currentHere.bits) | inheritHere.bits};
    r->currentColor = PropSet{(r->currentColor.bits & ~decided.bits & ~inheritHere.bits) | currentHere.bits};
    unsetDeclared(r->values, inheritHere);
  }
  r->props = r->values.setProps();
  r->em = detail::fontRelativeProps(r->values, r->props);
  cache.pending_.push_back(std::move(r));
  return *cache.pending_.back();
}

// ---------------------------------------------------------------------------
// resolve
// ---------------------------------------------------------------------------

bool StyleResolver::resolve(const StyleElement& el, const ComputedStyle* parent, StyleCache& cache,
                            ComputedStyle& out) {
  ++stats_.resolves;
  sync();
  const std::uint32_t li = listFor(el, Atom::None, cache.slots_);
  MatchList& l = lists_[li];
  const std::uint64_t mask = matchMask(l, el);

  const StyleCache* pc = el.parent ? el.parent->cache : nullptr;
  detail::ResolveKey key;
  key.epoch = epoch_;
  key.list = li;
  key.mask = mask;
  key.parentCustom = pc && pc->custom_ ? pc->custom_->id() : 0;
  key.inlineStyle = el.inlineStyle;
  key.inlineBase = el.inlineBase;
  key.inlineVersion = el.inlineVersion;
  key.out = &out;
  key.parent.capture(parent ? *parent : initialStyle());
  // (A result that took a parent's row `inherit` depends on more than the
  // parent's inherited rows in the key: it is cascaded again.)
  if (cache.lastValid_ && !l.big && !cache.parentRows_ && cache.last_ == key) {
    ++stats_.unchanged;
    cache.inheritedChanged_ = false;
    cache.changedRows_ = {};
    lastTransitions_ = nullptr;
    if (!parent) noteRoot(out);
    return false;
  }
  // The root's font size changed since this node's last resolve, after some
  // style read rem: the children may compute other px even when this
  // node's own values stay, so they resolve again too (epochs only grow).
  const bool newRem = cache.lastValid_ && cache.last_.epoch < remEpoch_;

  const std::uint64_t customBefore = cache.custom_ ? cache.custom_->id() : 0;
  updateCustom(el, l, li, mask, cache);

  // Style sharing: with only sheet rules taking part, the result depends on
  // (key, mask, parent's inherited rows) alone; nodes that share them share it.
  detail::MaskResult* entry = nullptr;
  if (!l.big) {
    for (detail::MaskResult& e : l.results)
      if (e.mask == mask) entry = &e;
    if (!entry) {
      if (l.results.empty()) l.results.reserve(detail::kListResults);
      if (l.results.size() < detail::kListResults) {
        entry = &l.results.emplace_back();
      } else {
        entry = &l.results[l.nextResult];
        l.nextResult = static_cast<std::uint8_t>((l.nextResult + 1) % detail::kListResults);
        entry->hasAnimations = entry->hasTransitions = false;
        entry->version = 0;
      }
      entry->mask = mask;
    }
  }
  const bool shareComputed = entry && !el.inlineStyle && !el.inlineBase && (mask & l.pendingMask) == 0;
  const ComputedStyle* src = &scratch_;
  PropSet written;
  if (shareComputed && entry->version != 0 && entry->parent == key.parent) {
    ++stats_.shared;
    src = &entry->computed;
    written = entry->written;
    usedAnimations_ = entry->computedAnimations;
    usedTransitions_ = entry->computedTransitions;
  } else {
    ++stats_.cascades;
    written = cascade(el, parent, l, mask, cache, entry);
    if (shareComputed) {
      written.forEach([&](Prop p) { copyProp(p, entry->computed, scratch_); });
      const PropSet stale{entry->written.bits & ~written.bits};  // rows of an older result: back to initial
      stale.forEach([&](Prop p) { copyProp(p, entry->computed, initialStyle()); });
      entry->written = written;
      entry->parent = key.parent;
      entry->computedAnimations = usedAnimations_;  // static sources only: stable
      entry->computedTransitions = usedTransitions_;
      entry->version = nextVersion_++;
    }
  }

  // Compare-and-copy only rows that may differ: the ones written now, and
  // the ones the previous output had written (the rest are initial in both).
  // When the previous output was a shared result that still holds the same
  // values, `out` equals it on every row, so only the rows where the two
  // results differ can change (found once per pair of results, not per node).
  const bool fromShared = shareComputed && entry->version != 0;
  PropSet rows = written;
  if (cache.lastValid_ && cache.last_.out == &out) {
    const detail::MaskResult* before = fromShared ? lastShared(cache) : nullptr;
    if (before)
      rows = rowsBetween(*before, *entry);
    else
      rows |= cache.lastWritten_;
  } else {
    rows = PropSet::all();
  }
  PropSet changedRows;
  bool inheritedChanged = false;
  rows.forEach([&](Prop p) {
    if (p == Prop::animations) {
      if (!(out.animations == *usedAnimations_)) {
        assignReusing(out.animations, *usedAnimations_);
        changedRows.set(p);
      }
      return;
    }
    if (p == Prop::transitions) {
      if (!(out.transitions == *usedTransitions_)) {
        assignReusing(out.transitions, *usedTransitions_);
        changedRows.set(p);
      }
      return;
    }
    visitProp2(p, out, *src, [&](auto& o, const auto& n) {
      if (o == n) return;
      o = n;
      changedRows.set(p);
      inheritedChanged = inheritedChanged || kInheritedRows.test(p) || explicitInherit_.test(p);
    });
  });
#ifndef NDEBUG
  // Every row now holds the resolved value (a NaN, equal to nothing, is not checked).
  PropSet::all().forEach([&](Prop p) {
    if (p == Prop::animations || p == Prop::transitions) return;
    visitProp2(p, out, *src, [&](auto& o, const auto& n) {
      ZENIT_ASSERT(o == n || !(n == n), "resolve: a row of the output differs from the resolved style");
    });
  });
  ZENIT_ASSERT(out.animations == *usedAnimations_ || !(*usedAnimations_ == *usedAnimations_),
               "resolve: the output's animations differ from the used list");
  ZENIT_ASSERT(out.transitions == *usedTransitions_ || !(*usedTransitions_ == *usedTransitions_),
               "resolve: the output's transitions differ from the used list");
#endif
  const bool changed = changedRows.any();
  const std::uint64_t customAfter = cache.custom_ ? cache.custom_->id() : 0;
  cache.inheritedChanged_ = inheritedChanged || customBefore != customAfter || newRem;
  cache.last_ = key;
  cache.lastValid_ = true;
  cache.lastWritten_ = written;
  cache.lastShared_ = fromShared ? entry->version : 0;
  cache.changedRows_ = changedRows;
  lastTransitions_ = usedTransitions_;
  if (!parent) noteRoot(out);
  return changed;
}

// The root's font size is what rem means everywhere else. When it changes
// after some style read rem, every shared result and cached key may hold
// the old px: the next sync drops them (not now: lastTransitions() may
// point into a shared result until the next resolve).
void StyleResolver::noteRoot(const ComputedStyle& root) {
  const float fs = root.fontSize.kind == ValueKind::Length ? root.fontSize.px : 16.0f;
  if (fs == remBase_) return;
  remBase_ = fs;
  remChanged_ = remChanged_ || remRead_;
}

// The shared result `cache`'s output was last copied from, if it still
// holds the values it had then (same version); nullptr otherwise.
const detail::MaskResult* StyleResolver::lastShared(const StyleCache& cache) const {
  if (cache.lastShared_ == 0 || cache.last_.epoch != epoch_) return nullptr;
  for (const detail::MaskResult& e : lists_[cache.last_.list].results)
    if (e.version == cache.lastShared_) return &e;
  return nullptr;
}

// The rows where two shared results differ (list rows by their used lists).
// A class toggle moves every node that shares a result to the same other
// one, so the pair is looked up here far more often than it is compared.
PropSet StyleResolver::rowsBetween(const detail::MaskResult& a, const detail::MaskResult& b) {
  for (const RowDiff& d : rowDiffs_)
    if (d.from == a.version && d.to == b.version) return d.rows;
  PropSet rows;
  PropSet{a.written.bits | b.written.bits}.forEach([&](Prop p) {
    if (p == Prop::animations) {
      if (!(*a.computedAnimations == *b.computedAnimations)) rows.set(p);
      return;
    }
    if (p == Prop::transitions) {
      if (!(*a.computedTransitions == *b.computedTransitions)) rows.set(p);
      return;
    }
    visitProp2(p, a.computed, b.computed, [&](const auto& x, const auto& y) {
      if (!(x == y)) rows.set(p);
    });
  });
  rowDiffs_[nextRowDiff_] = RowDiff{a.version, b.version, rows};
  nextRowDiff_ = static_cast<std::uint8_t>((nextRowDiff_ + 1) % rowDiffs_.size());
  return rows;
}

PropSet StyleResolver::cascade(const StyleElement& el, const ComputedStyle* parent, const MatchList& l,
                               std::uint64_t mask, StyleCache& cache, detail::MaskResult* entry) {
  ComputedStyle& s = scratch_;
  const ComputedStyle& initial = initialStyle();
  const ComputedStyle& inherited = parent ? *parent : initial;
  scratchDirty_.forEach([&](Prop p) { copyProp(p, s, initial); });  // back to initial, only where written
  // Inherited rows: the parent's values (initial at the root); always
  // counted as written, so a shared result never depends on which it was.
  if (parent) kInheritedRows.forEach([&](Prop p) { copyProp(p, s, inherited); });
  PropSet written = kInheritedRows;

  cache.parentRows_ = false;
  animPatches_.clear();
  transPatches_.clear();
  ListCascade lists{animPatches_, transPatches_};
  PropSet em;
  PropSet current;  // rows whose winning declaration is currentcolor: this element's color, at the end
  const auto& rules = theme_.rules();

  auto apply = [&](const Style& src, PropSet props, bool dynamic) {
    applyDeclared(s, src, props, lists, dynamic);
    written |= props;
    current = PropSet{current.bits & ~props.bits};
  };
  auto applyPending = [&](std::uint32_t rank, bool important, const DeclarationBlock& block) {
    const detail::PendingResult& pr = pendingFor(el, cache, rank, important, block);
    apply(pr.values, pr.props, true);
    pr.inherit.forEach([&](Prop p) { copyProp(p, s, inherited); });
    written |= pr.inherit;
    cache.parentRows_ = cache.parentRows_ || (pr.inherit.bits & ~kInheritedRows.bits) != 0;
    current = PropSet{(current.bits & ~pr.inherit.bits) | pr.currentColor.bits};
    em |= pr.em;
  };
  auto applyInline = [&](const Style& src) {  // a per-node block: its rows are found by scanning it
    const PropSet props = src.setProps();
    apply(src, props, true);
    em |= detail::fontRelativeProps(src, props);
  };
  auto applyInlinePending = [&](bool important) {
    for (const PendingDeclaration& p : el.inlineStyle->pending)
      if (p.important == important) {
        applyPending(detail::kInlineRank, important, *el.inlineStyle);
        return;
      }
  };

  // 1. sheet rules, normal
  forEachMatched(l, mask, [&](std::uint32_t rank) {
    const ThemeRule& r = rules[rank];
    apply(r.decls->normal, r.normalProps, false);
    em |= r.emNormal;
    if (r.pendingNormal) applyPending(rank, false, *r.decls);
  });
  // 2. inline style, normal; 3. inline base
  if (el.inlineStyle) {
    applyInline(el.inlineStyle->normal);
    applyInlinePending(false);
  }
  if (el.inlineBase) applyInline(*el.inlineBase);
  // 4. sheet rules, !important
  forEachMatched(l, mask, [&](std::uint32_t rank) {
    const ThemeRule& r = rules[rank];
    if (r.importantProps.empty() && !r.pendingImportant) return;
    if (r.decls->important) apply(*r.decls->important, r.importantProps, false);
    em |= r.emImportant;
    if (r.pendingImportant) applyPending(rank, true, *r.decls);
  });
  // 5. inline style, !important
  if (el.inlineStyle) {
    if (el.inlineStyle->important) applyInline(*el.inlineStyle->important);
    applyInlinePending(true);
  }

  current.forEach([&](Prop p) {  // currentcolor: the colour rows (never `color` itself) take s.color
    visitProp(p, s, [&](auto& v) {
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(v)>, Color>) v = s.color;
    });
  });
  const RelativeBases bases = finishRelative(s, em, inherited, parent ? remBase_ : -1.0f, theme_.media());
  remRead_ = remRead_ || bases.remRead;
  if (bases.viewportRead) theme_.noteViewportUnits();
  finishLists(lists, entry);
  scratchDirty_ = written;
  return written;
}

// The list rows: shorthand + patches → used lists, left where they are when
// possible (usedAnimations_ / usedTransitions_ point at them). When only
// sheet rules set a list it depends on the mask alone: the shared entry
// computes it once for every node with the same key and mask, and a node
// re-resolved every frame (an imperative animation writing its inline base)
// never recomputes it.
void StyleResolver::finishLists(const ListCascade& lists, detail::MaskResult* entry) {
  static const AnimationList kNoAnimations;
  static const TransitionList kNoTransitions;
  usedAnimations_ = &kNoAnimations;
  usedTransitions_ = &kNoTransitions;

  if (lists.anyAnimations) {
    detail::MaskResult* keep = lists.dynamicAnimations ? nullptr : entry;
    if (keep && keep->hasAnimations) {
      usedAnimations_ = keep->usedAnimations;
    } else {
      AnimationList& store = keep ? keep->animations : scratch_.animations;
      if (animPatches_.empty()) {
        // The declared list is the computed one (`none` entries included).
        if (lists.animations) usedAnimations_ = lists.animations;
      } else {
        const AnimationLonghands* patch = animPatches_.front();
        if (animPatches_.size() > 1) {
          mergedAnim_ = *animPatches_.front();
          for (std::size_t i = 1; i < animPatches_.size(); ++i) mergedAnim_.merge(*animPatches_[i]);
          patch = &mergedAnim_;
        }
        store = resolveAnimations(lists.animations, *patch);
        usedAnimations_ = &store;
      }
      if (keep) {
        keep->usedAnimations = usedAnimations_;
        keep->hasAnimations = true;
      }
    }
  }
  if (lists.anyTransitions) {
    detail::MaskResult* keep = lists.dynamicTransitions ? nullptr : entry;
    if (keep && keep->hasTransitions) {
      usedTransitions_ = keep->usedTransitions;
    } else {
      static const TransitionLonghands kNoPatch;
      const TransitionLonghands* patch = transPatches_.empty() ? &kNoPatch : transPatches_.front();
      if (transPatches_.size() > 1) {
        mergedTrans_ = *transPatches_.front();
        for (std::size_t i = 1; i < transPatches_.size(); ++i) mergedTrans_.merge(*transPatches_[i]);
        patch = &mergedTrans_;
      }
      TransitionList& store = keep ? keep->transitions : scratch_.transitions;
      store = resolveTransitions(lists.transitions, *patch);
      usedTransitions_ = &store;
      if (keep) {
        keep->usedTransitions = usedTransitions_;
        keep->hasTransitions = true;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// partFor
// ---------------------------------------------------------------------------

void StyleResolver::mergePart(const StyleElement& el, const MatchList& l, std::uint64_t mask,
                              StyleCache& cache, Style& m) {
  ++stats_.partMerges;
  m = Style{};
  const auto& rules = theme_.rules();
  PropSet relative;  // rows some matched declaration gives a relative unit
  for (const bool important : {false, true}) {
    forEachMatched(l, mask, [&](std::uint32_t rank) {
      const ThemeRule& r = rules[rank];
      overlayDeclared(m, important ? r.decls->importantValues() : r.decls->normal,
                      important ? r.importantProps : r.normalProps);
      relative |= important ? r.emImportant : r.emNormal;
      if (important ? r.pendingImportant : r.pendingNormal) {
        const detail::PendingResult& pr = pendingFor(el, cache, rank, important, *r.decls);
        overlayDeclared(m, pr.values, pr.props);
        relative |= pr.em;
        // inherit and currentcolor: the part falls back to the widget node's value
        unsetDeclared(m, PropSet{pr.inherit.bits | pr.currentColor.bits});
      }
    });
  }
  if (relative.any()) {
    const RelativeBases b{16.0f, remBase_, theme_.media().width * 0.01f, theme_.media().height * 0.01f};
    resolveRootOrViewport(m, PropSet{relative.bits & m.setProps().bits}, b);
    remRead_ = remRead_ || b.remRead;
    if (b.viewportRead) theme_.noteViewportUnits();
  }
  if (!m.animationLonghands.empty()) {
    m.animations.value =
        resolveAnimations(m.animations.is_set ? &m.animations.value : nullptr, m.animationLonghands);
    m.animations.is_set = true;
    m.animationLonghands = {};
  }
  if (m.transitions.is_set || !m.transitionLonghands.empty()) {
    m.transitions.value =
        resolveTransitions(m.transitions.is_set ? &m.transitions.value : nullptr, m.transitionLonghands);
    m.transitions.is_set = true;
    m.transitionLonghands = {};
  }
}

void StyleResolver::partFor(const StyleElement& el, Atom part, StyleCache& cache, Style& out) {
  sync();
  detail::PartSlot* slot = nullptr;
  for (detail::PartSlot& p : cache.parts_)
    if (p.part == part) slot = &p;
  if (!slot) {
    if (cache.parts_.size() < StyleCache::kMaxParts) {
      slot = &cache.parts_.emplace_back();
    } else {
      slot = &cache.parts_[cache.nextPart_];
      cache.nextPart_ = static_cast<std::uint8_t>((cache.nextPart_ + 1) % StyleCache::kMaxParts);
      *slot = {};
    }
    slot->part = part;
  }
  const std::uint32_t li = listFor(el, part, slot->match);
  MatchList& l = lists_[li];
  const std::uint64_t mask = matchMask(l, el);

  if (!l.big && (mask & l.pendingMask) == 0) {  // sheet values only: shared by every element with this key
    for (const MatchList::PartStyle& p : l.parts)
      if (p.mask == mask) {
        out = p.style;
        return;
      }
    MatchList::PartStyle* e = nullptr;
    if (l.parts.size() < detail::kListResults) {
      e = &l.parts.emplace_back();
    } else {
      e = &l.parts[l.nextPart];
      l.nextPart = static_cast<std::uint8_t>((l.nextPart + 1) % detail::kListResults);
    }
    e->mask = mask;
    mergePart(el, l, mask, cache, e->style);
    out = e->style;
    return;
  }

  // var() takes part (or the list is huge): per node, keyed on the custom properties.
  const std::uint64_t custom = cache.custom_ ? cache.custom_->id() : 0;
  if (slot->merged && !l.big && slot->mergedEpoch == epoch_ && slot->mergedList == li &&
      slot->mergedMask == mask && slot->mergedCustom == custom) {
    out = *slot->merged;
    return;
  }
  if (!slot->merged) slot->merged = std::make_unique<Style>();
  mergePart(el, l, mask, cache, *slot->merged);
  slot->mergedEpoch = epoch_;
  slot->mergedList = li;
  slot->mergedMask = mask;
  slot->mergedCustom = custom;
  out = *slot->merged;
}

// ---------------------------------------------------------------------------
// Invalidation
// ---------------------------------------------------------------------------

namespace {
// Whether a compound of `ctx` could match `el` differently after the change.
bool changesMatch(const ContextIndex& ctx, const StyleElement& el, std::span<const Atom> changedClasses,
                  PseudoBits changedState) {
  for (Atom c : changedClasses)
    if (ctx.classes.count(c)) return true;
  if (changedState == 0) return false;
  const auto before = static_cast<PseudoBits>(el.state ^ changedState);
  for (const CompoundSelector* c : ctx.stateful) {
    if ((c->pseudo & changedState) == 0) continue;
    const bool matchedBefore = (c->pseudo & ~before) == 0;
    const bool matchesNow = (c->pseudo & ~el.state) == 0;
    if (matchedBefore != matchesNow && compoundMatchesNames(*c, el.type, el.id, el.classes)) return true;
  }
  return false;
}
}  // namespace

bool StyleResolver::affectsDescendants(const StyleElement& el, std::span<const Atom> changedClasses,
                                       PseudoBits changedState) const {
  return changesMatch(theme_.context(), el, changedClasses, changedState);
}

bool StyleResolver::affectsLaterSiblings(const StyleElement& el, std::span<const Atom> changedClasses,
                                         PseudoBits changedState) const {
  return changesMatch(theme_.siblingContext(), el, changedClasses, changedState);
}

bool StyleResolver::attributeAffects(Atom name, bool siblings) const {
  return (siblings ? theme_.siblingContext() : theme_.context()).attributes.count(name) != 0;
}

bool matchesSelector(const Selector& s, const StyleElement& el) {
  return s.part == Atom::None && matchAt(s, s.compounds.size() - 1, el) == Match::Matches;
}

}  // namespace zenit
