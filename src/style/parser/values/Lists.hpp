// The `animation` and `transition` lists, shorthands and longhands (CSS
// Animations 1 §3, CSS Transitions 1 §2), checked against Chromium's
// verdicts (shared/conformance/shorthand.json). Read from either cursor
// (Cursor.hpp).
//
// [SECTION] Components
// [SECTION] Shorthand items
// [SECTION] Shorthands
// [SECTION] Longhands
//
// Inside one shorthand item each component goes to the first category, in
// this order, that is still free and accepts it — which is how Chromium
// resolves the `||` grammar:
//   animation:  duration, timing function, delay, iteration count,
//               direction, fill mode, play state, name
//   transition: duration, timing function, delay, behavior, property
// So the first time is the duration unless it is negative (`kf -1s`: the
// delay); a keyword already taken is the name (`ease ease 1s`: name ease).
// Both items share the times and the timing function (listItem); each adds
// its own categories and the words of its rejection.
#pragma once

#include "Easings.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace zenit::detail {

// ---------------------------------------------------------------------------
// [SECTION] Components
// ---------------------------------------------------------------------------

// <keyframes-name> into `name`: a custom-ident (not a CSS-wide keyword,
// `default` or `none`; in the shorthand not `auto` either, which Chromium
// reads as the duration) or a non-empty string.
ZENIT_ALWAYS_INLINE bool keyframesNameAt(const Token& t, std::string& name, bool shorthand) {
  if (t.type == TokenType::String) {
    if (t.text.empty()) return false;
    name.assign(t.text);
    return true;
  }
  if (t.type != TokenType::Ident || isCssWideKeyword(t) || wordIs(t.text, "default") ||
      wordIs(t.text, "none"))
    return false;
  if (shorthand && wordIs(t.text, "auto")) return false;
  name.assign(t.text);
  return true;
}

// The readers that try a component and go on when it is not theirs: past
// it when it is, untouched (and nothing said) when not.
template <class Cur>
ZENIT_ALWAYS_INLINE bool tryTime(Cur& c, double& seconds) {
  if (c.tok().type != TokenType::Dimension && !isCalc(c.tok())) return false;
  auto&& q = c.quiet();
  if (!timeAt(q, seconds)) return false;
  c.follow(q);
  return true;
}
// infinite, or a number >= 0 (calc() clamped to 0, a literal negative refused).
template <class Cur>
ZENIT_ALWAYS_INLINE bool tryIterations(Cur& c, double& n) {
  const Token& t = c.tok();
  if (isWord(t, "infinite")) {
    n = AnimationRef::kInfinite;
    c.next();
    return true;
  }
  // (A literal negative is refused before it is read: a ByteCursor's
  // quiet() is the cursor itself, which numberAt moves.)
  if (t.type == TokenType::Number ? t.number < 0 : !isCalc(t)) return false;
  auto&& q = c.quiet();
  double v = 0;
  if (!numberAt(q, v)) return false;
  c.follow(q);
  n = std::max(v, 0.0);  // calc() is clamped
  return true;
}
template <class E, class Cur>
ZENIT_ALWAYS_INLINE bool tryKeyword(Cur& c, E& out) {
  if (c.tok().type != TokenType::Ident) return false;
  const std::optional<E> k = parseKeyword<E>(c.tok().text);
  if (!k) return false;
  out = *k;
  c.next();
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Shorthand items
// ---------------------------------------------------------------------------

enum class Took : std::uint8_t { No, Yes, Failed };

// The item's timing function. A cursor without kRare cannot tell whether
// an identifier the complete reader hands parseEasing (ease-out-back,
// ease-foo) is an easing or a name: the value is then the token path's
// (Failed, unexplained), which would otherwise read `animation:
// ease-out-back 1s` as the easing where this read the name. GSAP's names
// are tried by the complete reader alone (mayBeGsapEasing, Easings.hpp).
template <class Cur>
ZENIT_ALWAYS_INLINE Took tryEasing(Cur& c, TransitionFunction& out) {
  if constexpr (Cur::kRare) {
    if (!mayBeEasing(c.tok()) && !mayBeGsapEasing(c.tok())) return Took::No;
  } else if (!mayBeEasing(c.tok())) {
    return Took::No;
  }
  auto&& q = c.quiet();
  if (easingAt(q, out)) {
    c.follow(q);
    return Took::Yes;
  }
  if constexpr (!Cur::kRare)
    if (c.tok().type == TokenType::Ident) return Took::Failed;
  return Took::No;
}

// GSAP's `family.mode` (Easings.hpp) is an easing or an error: no other
// category reads it, so the item fails with the easing's reason (or as a
// second timing function) rather than with the `.` left over.
template <class Cur>
Took gsapItemEasing(Cur& c, TransitionFunction& out, bool& hasEase) {
  const auto at = c.place();
  if (hasEase) {
    auto k = c.quiet();
    std::string_view text;
    gsapSpellingText(k, text);
    c.failAt(at, [&] { return "a second timing function " + quoteText(text); });
    return Took::Failed;
  }
  if (!easingAt(c, out)) {
    c.failedAt(at);
    return Took::Failed;
  }
  hasEase = true;
  return Took::Yes;
}

// The times of an item: the first is the duration unless it is negative
// (a calc() is clamped to 0), the second the delay, a third an error.
template <class Cur>
ZENIT_ALWAYS_INLINE Took itemTime(Cur& c, double& duration, double& delay, bool& hasDur, bool& hasDelay) {
  const bool calc = c.tok().type == TokenType::Function;
  const auto at = c.place();
  double s = 0;
  if (!tryTime(c, s)) return Took::No;
  if (!hasDur && (s >= 0 || calc)) {
    duration = std::max(s, 0.0);
    hasDur = true;
  } else if (!hasDelay) {
    delay = s;
    hasDelay = true;
  } else {
    c.failAt(at, [&] {
      return "a third time " + c.quote(at) + " (the first time is the duration, the second the delay)";
    });
    return Took::Failed;
  }
  return Took::Yes;
}

// One item of either shorthand, in its scope: the component categories
// both share, in their place in Chromium's order, around the item's own.
template <class Cur, class Item>
ZENIT_ALWAYS_INLINE bool listItem(Cur& c, Item& item) {
  while (!c.end()) {
    const Token& t = c.tok();
    if (isCssWideKeyword(t)) {
      const auto at = c.place();
      return c.failAt(at, [&] { return quoteText(c.tok().text) + " cannot be combined with other values"; });
    }
    Took took = item.beforeTimes(c);
    if (took == Took::No) took = itemTime(c, item.ref.duration, item.ref.delay, item.hasDur, item.hasDelay);
    if (took == Took::No && !item.hasEase) {
      took = tryEasing(c, item.ref.ease);
      item.hasEase = took == Took::Yes;
    }
    if constexpr (Cur::kRare)
      if (took == Took::No && gsapSpellingAt(c)) took = gsapItemEasing(c, item.ref.ease, item.hasEase);
    if (took == Took::No) took = item.others(c);
    if (took == Took::Failed) return false;
    if (took == Took::No) {
      // Nothing accepts the component: the item says why.
      if constexpr (Cur::kExplains) {
        const std::string why = item.whyNot(c);
        return c.failAt(c.place(), [&] { return why; });
      } else {
        return false;
      }
    }
  }
  return true;
}

// An `animation` item: duration (or `auto`), timing function, delay,
// iteration count, direction, fill mode, play state, name.
struct AnimationItem {
  AnimationRef ref;
  bool hasDur = false, hasEase = false, hasDelay = false, hasIter = false, hasDir = false, hasFill = false,
       hasPlay = false, hasName = false;

  // CSS Animations 2: an `auto` duration (0s for CSS animations).
  template <class Cur>
  ZENIT_ALWAYS_INLINE Took beforeTimes(Cur& c) {
    if (hasDur || !isWord(c.tok(), "auto")) return Took::No;
    c.next();
    hasDur = true;
    return Took::Yes;
  }
  template <class Cur>
  ZENIT_ALWAYS_INLINE Took others(Cur& c) {
    if (!hasIter && tryIterations(c, ref.iterations)) {
      hasIter = true;
    } else if (!hasDir && tryKeyword(c, ref.direction)) {
      hasDir = true;
    } else if (!hasFill && tryKeyword(c, ref.fill)) {
      hasFill = true;
    } else if (!hasPlay && tryKeyword(c, ref.playState)) {
      hasPlay = true;
    } else {
      return name(c);
    }
    return Took::Yes;
  }
  template <class Cur>
  ZENIT_ALWAYS_INLINE Took name(Cur& c) {
    if (!hasName) {
      if (isWord(c.tok(), "none")) {
        ref.name.clear();
      } else if (!keyframesNameAt(c.tok(), ref.name, true)) {
        return Took::No;
      }
      hasName = true;
      c.next();
      return Took::Yes;
    }
    return Took::No;
  }
  // Why nothing accepts the component, as precisely as we can say.
  template <class Cur>
  std::string whyNot(Cur& c) const {
    const Token& t = c.tok();
    if (t.type == TokenType::Number) {
      if (hasIter) return "a second iteration count " + c.quote() + " (a time needs a unit: s or ms)";
      if (t.number < 0) return "a negative iteration count " + c.quote();
      return "the iteration count " + c.quote() + " is too large (at most 3.4e38; use infinite)";
    }
    if (t.type == TokenType::Ident && hasName)
      return "unexpected " + c.quote() + ": the name is already " +
             (ref.name.empty() ? std::string("none") : quoteText(ref.name)) +
             " and every keyword category it could fill is taken";
    if (t.type == TokenType::Function) {
      // A function that is no easing says why when it is read as one.
      Failure easing;
      auto q = c.probe(&easing);
      TransitionFunction unused;
      if (!easingAt(q, unused) && !easing.why.empty()) return easing.why;
    }
    if (t.type == TokenType::Dimension && hasDur && hasDelay) return "a third time " + c.quote();
    return "unexpected " + c.quote();
  }
};

// A `transition` item: duration, timing function, delay, behavior,
// property (all when none is given).
struct TransitionItem {
  TransitionRef ref;
  bool hasDur = false, hasEase = false, hasDelay = false, hasBehavior = false, hasProp = false;
  std::size_t items = 0;  // the list's (0: unknown)
  bool none = false;      // `none` read where the count is unknown

  TransitionItem() {
    ref.property = "all";
    ref.all = true;
    ref.known = true;
  }
  template <class Cur>
  static Took beforeTimes(Cur&) {
    return Took::No;
  }
  template <class Cur>
  ZENIT_ALWAYS_INLINE Took others(Cur& c) {
    const Token& t = c.tok();
    if (!hasBehavior && (isWord(t, "normal") || isWord(t, "allow-discrete"))) {
      ref.allowDiscrete = wordIs(t.text, "allow-discrete");
      hasBehavior = true;
      c.next();
      return Took::Yes;
    }
    if (!hasProp && t.type == TokenType::Ident && !wordIs(t.text, "default")) {
      if (wordIs(t.text, "none")) {
        // Valid as the whole list only.
        if (items > 1) {
          c.failAt(c.place(), [] {
            return std::string("`none` is only valid as the whole transition-property, not in a list");
          });
          return Took::Failed;
        }
        none = items == 0;
        ref.property = "none";
        ref.all = false;
        ref.known = false;
      } else {
        describeTransitionProperty(t.text, ref, c.names());
      }
      hasProp = true;
      c.next();
      return Took::Yes;
    }
    return Took::No;
  }
  template <class Cur>
  std::string whyNot(Cur& c) const {
    const Token& t = c.tok();
    if (t.type == TokenType::Number) return "a time needs a unit (s or ms), found " + c.quote();
    if (t.type == TokenType::Ident && hasProp)
      return "unexpected " + c.quote() + ": the property is already " + quoteText(ref.property);
    return "unexpected " + c.quote();
  }
};

// ---------------------------------------------------------------------------
// [SECTION] Shorthands
// ---------------------------------------------------------------------------

// The stray comma of a list, where the cursor can see it before reading.
template <class Cur, class Info>
ZENIT_ALWAYS_INLINE bool noEmptyItem(Cur& c, const Info& info) {
  if (!info.firstEmpty) return true;
  return c.failAt(*info.firstEmpty, [] { return std::string("empty item in the list (a stray comma)"); });
}

// The items of a shorthand into `out`, built apart and moved in, so that
// the list is reserved once: for its count where the cursor knows it, else
// for one item when the first ends the value, else for two.
template <class Item, class Cur, class List>
ZENIT_ALWAYS_INLINE bool shorthandList(Cur& c, List& out) {
  const auto info = c.list();
  if (!noEmptyItem(c, info)) return false;
  List list;
  bool none = false;
  do {
    Item item;
    if constexpr (requires { item.items; }) item.items = info.count;
    if (!c.enterItem() || !listItem(c, item)) return false;
    if constexpr (requires { item.none; }) none = none || item.none;
    if (list.empty()) list.reserve(info.count ? info.count : (c.lastItem() ? 1 : 2));
    list.push_back(std::move(item.ref));
  } while (c.leaveItem());
  if (none && list.size() > 1) return false;  // `none` in a list the cursor could not count
  out = std::move(list);
  return true;
}

template <class Cur>
ZENIT_ALWAYS_INLINE bool animationList(Cur& c, AnimationList& out) {
  return shorthandList<AnimationItem>(c, out);
}
template <class Cur>
ZENIT_ALWAYS_INLINE bool transitionList(Cur& c, TransitionList& out) {
  return shorthandList<TransitionItem>(c, out);
}

// ---------------------------------------------------------------------------
// [SECTION] Longhands
// ---------------------------------------------------------------------------

// A longhand's items, one component each, read by read(cursor, item) into
// `out`; a failure is placed at its item's first token.
template <class T, class Cur, class Read>
ZENIT_ALWAYS_INLINE bool longhandList(Cur& c, std::optional<std::vector<T>>& out, Read&& read) {
  const auto info = c.list();
  if (!noEmptyItem(c, info)) return false;
  std::vector<T> list;
  do {
    if (!c.enterItem()) return false;
    const auto first = c.place();
    T item{};
    if (!read(c, item)) return c.failedAt(first);
    if (!c.end())
      return c.failAt(c.place(), [&] { return "unexpected " + c.quote() + " (one value per list item)"; });
    if (list.empty() && !c.lastItem()) list.reserve(info.count ? info.count : 2);
    list.push_back(std::move(item));
  } while (c.leaveItem());
  out = std::move(list);
  return true;
}

// A keyword longhand's item (direction, fill mode, play state): its
// keyword, or what it expects.
template <class E, class Cur>
ZENIT_ALWAYS_INLINE bool keywordItem(Cur& c, E& out, std::string_view what) {
  return tryKeyword(c, out) || c.fail([&] { return expected(c, what); });
}

// A time item: an animation duration may be `auto` (0s); a duration is not
// negative (a calc() is clamped to 0).
template <class Cur>
ZENIT_ALWAYS_INLINE bool timeItem(Cur& c, double& s, bool duration, bool autoOk) {
  if (autoOk && isWord(c.tok(), "auto")) {
    c.next();
    s = 0;
    return true;
  }
  const bool calc = c.tok().type == TokenType::Function;
  const auto first = c.place();
  if (!timeAt(c, s)) return false;
  if (duration && s < 0) {
    if (!calc) return c.fail([&] { return "a duration cannot be negative, found " + c.quote(first); });
    s = 0;
  }
  return true;
}

// A time longhand's items, and an easing longhand's.
template <class Cur>
ZENIT_ALWAYS_INLINE bool timeList(Cur& c, std::optional<std::vector<double>>& out, bool duration,
                                  bool autoOk) {
  return longhandList(c, out, [=](auto& k, double& s) ZENIT_ALWAYS_INLINE_LAMBDA {
    return timeItem(k, s, duration, autoOk);
  });
}
template <class Cur>
ZENIT_ALWAYS_INLINE bool easingList(Cur& c, std::optional<std::vector<TransitionFunction>>& out) {
  return longhandList(
      c, out, [](auto& k, TransitionFunction& f) ZENIT_ALWAYS_INLINE_LAMBDA { return easingAt(k, f); });
}

// The animation-* or transition-* longhand `h` into its patch, `a` or `t`.
template <class Cur>
ZENIT_ALWAYS_INLINE bool longhandValue(Handler h, Cur& c, AnimationLonghands& a, TransitionLonghands& t) {
  switch (h) {
    case Handler::AnimationName:
      return longhandList(c, a.names, [](auto& k, std::string& name) ZENIT_ALWAYS_INLINE_LAMBDA {
        if (isWord(k.tok(), "none")) {
          k.next();
          return true;  // ""
        }
        if (!keyframesNameAt(k.tok(), name, false))
          return k.fail([&] { return expected(k, "a @keyframes name or none"); });
        k.next();
        return true;
      });
    case Handler::AnimationDuration: return timeList(c, a.durations, true, true);
    case Handler::TransitionDuration: return timeList(c, t.durations, true, false);
    case Handler::AnimationDelay: return timeList(c, a.delays, false, false);
    case Handler::TransitionDelay: return timeList(c, t.delays, false, false);
    case Handler::AnimationTimingFunction: return easingList(c, a.timingFunctions);
    case Handler::TransitionTimingFunction: return easingList(c, t.timingFunctions);
    case Handler::AnimationIterationCount:
      return longhandList(c, a.iterationCounts, [](auto& k, double& n) ZENIT_ALWAYS_INLINE_LAMBDA {
        return tryIterations(k, n) || k.fail([&] { return expected(k, "infinite or a number >= 0"); });
      });
    case Handler::AnimationDirection:
      return longhandList(c, a.directions, [](auto& k, PlaybackDirection& d) ZENIT_ALWAYS_INLINE_LAMBDA {
        return keywordItem(k, d, "normal, reverse, alternate or alternate-reverse");
      });
    case Handler::AnimationFillMode:
      return longhandList(c, a.fillModes, [](auto& k, FillMode& f) ZENIT_ALWAYS_INLINE_LAMBDA {
        return keywordItem(k, f, "none, forwards, backwards or both");
      });
    case Handler::AnimationPlayState:
      return longhandList(c, a.playStates, [](auto& k, PlayState& p) ZENIT_ALWAYS_INLINE_LAMBDA {
        return keywordItem(k, p, "running or paused");
      });
    case Handler::TransitionProperty:
      if (noneAlone(c)) {  // none: no property
        t.properties = std::vector<std::string>{};
        return true;
      }
      return longhandList(c, t.properties, [](auto& k, std::string& name) ZENIT_ALWAYS_INLINE_LAMBDA {
        const Token& p = k.tok();
        if (p.type != TokenType::Ident || isCssWideKeyword(p) || wordIs(p.text, "default") ||
            wordIs(p.text, "none"))
          return k.fail([&] {
            return isWord(k.tok(), "none") ? std::string("`none` is only valid alone, not in a list")
                                           : expected(k, "a property name or all");
          });
        TransitionRef ref;
        describeTransitionProperty(p.text, ref, k.names());
        name = std::move(ref.property);
        k.next();
        return true;
      });
    case Handler::TransitionBehavior:
      return longhandList(c, t.allowDiscrete, [](auto& k, bool& b) ZENIT_ALWAYS_INLINE_LAMBDA {
        const Token& p = k.tok();
        if (!isWord(p, "normal") && !isWord(p, "allow-discrete"))
          return k.fail([&] { return expected(k, "normal or allow-discrete"); });
        b = wordIs(p.text, "allow-discrete");
        k.next();
        return true;
      });
    default: return false;
  }
}

}  // namespace zenit::detail
