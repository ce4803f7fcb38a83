// `animation` / `transition` shorthands and their longhands (CSS Animations 1
// §3, CSS Transitions 1 §2), checked against Chromium's verdicts
// (shared/conformance/shorthand.json).
//
// Inside one shorthand item each component goes to the first category, in
// this order, that is still free and accepts it — which is how Chromium
// resolves the `||` grammar:
//   animation:  duration, timing function, delay, iteration count,
//               direction, fill mode, play state, name
//   transition: duration, timing function, delay, behavior, property
// So the first time is the duration unless it is negative (`kf -1s`: the
// delay); a keyword already taken is the name (`ease ease 1s`: name ease).
#include "../ParserInternal.hpp"

#include <zenit/core/Easing.hpp>

#include <algorithm>
#include <string>

namespace zenit::detail {

// <keyframes-name>: a custom-ident (not a CSS-wide keyword, `default` or
// `none`) or a non-empty string. `none` is handled by the callers.
bool keyframesNameAt(const Token& t, std::string& name, bool shorthand) {
  if (t.type == TokenType::String) {
    if (t.text.empty()) return false;
    name = std::string(t.text);
    return true;
  }
  if (t.type != TokenType::Ident || isCssWideKeyword(t) || t.textIs("default") || t.textIs("none"))
    return false;
  if (shorthand && t.textIs("auto")) return false;  // Chromium: `auto` is the duration keyword there
  name = std::string(t.text);
  return true;
}

// Whether a token can start an easing at all, by the vocabulary of
// parseEasing (core/Easing.hpp): idents linear, ease…, step-…; functions
// cubic-bezier(), steps(), linear(), spring(). Shorthand items try every
// component as an easing first, so this spares parseEasing the property
// and @keyframes names.
bool mayBeEasing(const Token& t) {
  auto startsWith = [&](std::string_view prefix) {
    if (t.text.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      char c = t.text[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != prefix[i]) return false;
    }
    return true;
  };
  if (t.type == TokenType::Ident) return startsWith("ease") || startsWith("linear") || startsWith("step");
  if (t.type == TokenType::Function)
    return t.textIs("cubic-bezier") || t.textIs("steps") || t.textIs("linear") || t.textIs("spring");
  return false;
}

namespace {

std::string expectedMsg(const TokenRange& r, const Token* at, std::string_view what) {
  return std::string("expected ") + std::string(what) + ", found " + quote(r, at);
}

void fail(const ValueContext& ctx, const Token& at, std::string_view property, const std::string& why) {
  if (ctx.rep) ctx.rep->error(at, "invalid value for " + std::string(property) + ": " + why);
}

// An easing component at p that parses; does not advance on failure.
bool tryEasing(const TokenRange& r, const Token*& p, TransitionFunction& out) {
  if (!mayBeEasing(*p)) return false;
  const Token* q = p;
  std::string why;
  if (!parseEasingAt(r, q, out, why)) return false;
  p = q;
  return true;
}

bool tryTime(const TokenRange& r, const Token*& p, double& s) {
  if (!(p->type == TokenType::Dimension || (p->type == TokenType::Function && p->textIs("calc"))))
    return false;
  const Token* q = p;
  std::string why;
  if (!parseTime(r, q, s, why)) return false;
  p = q;
  return true;
}

bool tryIterations(const TokenRange& r, const Token*& p, double& n) {
  if (p->isIdent("infinite")) {
    n = AnimationRef::kInfinite;
    ++p;
    return true;
  }
  if (!(p->type == TokenType::Number || (p->type == TokenType::Function && p->textIs("calc")))) return false;
  const Token* q = p;
  std::string why;
  double v = 0;
  if (!parseNumber(r, q, v, why)) return false;
  if (v < 0) {
    if (p->type != TokenType::Function) return false;
    v = 0;  // calc() is clamped, a literal negative is invalid
  }
  n = v;
  p = q;
  return true;
}

template <class E>
bool tryKeyword(const Token*& p, E& out) {
  if (p->type != TokenType::Ident) return false;
  auto k = parseKeyword<E>(p->text);
  if (!k) return false;
  out = *k;
  ++p;
  return true;
}

// Items of a comma list; reports a stray comma.
bool listItems(const TokenRange& value, RangeList& items, const ValueContext& ctx,
               std::string_view property) {
  value.splitCommas(items);
  for (const TokenRange& it : items) {
    if (it.empty()) {
      const Token& at = it.b < value.e ? *it.b : *(value.e - 1);
      fail(ctx, at, property, "empty item in the list (a stray comma)");
      return false;
    }
  }
  return true;
}

}  // namespace

bool parseAnimationShorthand(const TokenRange& value, AnimationList& out, const ValueContext& ctx) {
  RangeList items;
  if (!listItems(value, items, ctx, "animation")) return false;
  AnimationList list;
  list.reserve(items.size());
  for (const TokenRange& it : items) {
    AnimationRef& ref = list.emplace_back();  // in place: a failed list is dropped whole
    bool hasDur = false, hasEase = false, hasDelay = false, hasIter = false, hasDir = false, hasFill = false,
         hasPlay = false, hasName = false;
    for (const Token* p = it.b; p < it.e;) {
      const Token* at = p;
      if (isCssWideKeyword(*p)) {
        fail(ctx, *p, "animation", quoteText(p->text) + " cannot be combined with other values");
        return false;
      }
      double t = 0;
      if (!hasDur && p->isIdent("auto")) {  // CSS Animations 2: `auto` duration, 0s for CSS animations
        ++p;
        hasDur = true;
        continue;
      }
      if (tryTime(it, p, t)) {
        if (!hasDur && (t >= 0 || at->type == TokenType::Function)) {
          ref.duration = std::max(t, 0.0);
          hasDur = true;
        } else if (!hasDelay) {
          ref.delay = t;
          hasDelay = true;
        } else {
          fail(ctx, *at, "animation",
               "a third time " + quote(it, at) + " (the first time is the duration, the second the delay)");
          return false;
        }
        continue;
      }
      if (!hasEase && tryEasing(it, p, ref.ease)) {
        hasEase = true;
        continue;
      }
      if (!hasIter && tryIterations(it, p, ref.iterations)) {
        hasIter = true;
        continue;
      }
      if (!hasDir && tryKeyword(p, ref.direction)) {
        hasDir = true;
        continue;
      }
      if (!hasFill && tryKeyword(p, ref.fill)) {
        hasFill = true;
        continue;
      }
      if (!hasPlay && tryKeyword(p, ref.playState)) {
        hasPlay = true;
        continue;
      }
      if (!hasName) {
        if (p->isIdent("none")) {
          ref.name.clear();
          hasName = true;
          ++p;
          continue;
        }
        if (keyframesNameAt(*p, ref.name, true)) {
          hasName = true;
          ++p;
          continue;
        }
      }
      // Nothing accepts it: say why as precisely as we can.
      std::string why;
      if (p->type == TokenType::Number)
        why = hasIter ? "a second iteration count " + quote(it, p) + " (a time needs a unit: s or ms)"
                      : "a negative iteration count " + quote(it, p);
      else if (p->type == TokenType::Ident && hasName)
        why = "unexpected " + quote(it, p) + ": the name is already " +
              (ref.name.empty() ? std::string("none") : quoteText(ref.name)) +
              " and every keyword category it could fill is taken";
      else if (p->type == TokenType::Function || p->type == TokenType::Ident) {
        TransitionFunction dummy;
        std::string ew;
        const Token* q = p;
        if ((p->type == TokenType::Function) && !parseEasingAt(it, q, dummy, ew) && !ew.empty())
          why = ew;
        else
          why = "unexpected " + quote(it, p);
      } else if (p->type == TokenType::Dimension && hasDur && hasDelay)
        why = "a third time " + quote(it, p);
      else
        why = "unexpected " + quote(it, p);
      fail(ctx, *p, "animation", why);
      return false;
    }
  }
  out = std::move(list);
  return true;
}

void describeTransitionProperty(std::string_view written, TransitionRef& ref, PropertyCache* names) {
  ref.all = false;
  ref.known = false;
  ref.prop = Prop{};
  if (written.size() == 3 && (written[0] | 0x20) == 'a' && (written[1] | 0x20) == 'l' &&
      (written[2] | 0x20) == 'l') {
    ref.property = "all";
    ref.all = true;
    ref.known = true;
    return;
  }
  if (const PropertyEntry* e = findPropertyIn(names, written)) {
    ref.property.assign(e->name);  // known names are ASCII case-insensitive: keep the canonical spelling
    if (e->handler == Handler::Row) {
      ref.known = true;
      ref.prop = e->row;
    }
    return;
  }
  ref.property.assign(written);
}

bool parseTransitionShorthand(const TokenRange& value, TransitionList& out, const ValueContext& ctx) {
  RangeList items;
  if (!listItems(value, items, ctx, "transition")) return false;
  TransitionList list;
  list.reserve(items.size());  // one allocation, not one per growth step
  for (const TokenRange& it : items) {
    TransitionRef& ref = list.emplace_back();  // in place, as the animation items
    ref.property = "all";
    ref.all = true;
    ref.known = true;
    bool hasDur = false, hasEase = false, hasDelay = false, hasBehavior = false, hasProp = false;
    for (const Token* p = it.b; p < it.e;) {
      const Token* at = p;
      if (isCssWideKeyword(*p)) {
        fail(ctx, *p, "transition", quoteText(p->text) + " cannot be combined with other values");
        return false;
      }
      double t = 0;
      if (tryTime(it, p, t)) {
        if (!hasDur && (t >= 0 || at->type == TokenType::Function)) {
          ref.duration = std::max(t, 0.0);
          hasDur = true;
        } else if (!hasDelay) {
          ref.delay = t;
          hasDelay = true;
        } else {
          fail(ctx, *at, "transition",
               "a third time " + quote(it, at) + " (the first time is the duration, the second the delay)");
          return false;
        }
        continue;
      }
      if (!hasEase && tryEasing(it, p, ref.ease)) {
        hasEase = true;
        continue;
      }
      if (!hasBehavior && (p->isIdent("normal") || p->isIdent("allow-discrete"))) {
        ref.allowDiscrete = p->textIs("allow-discrete");
        hasBehavior = true;
        ++p;
        continue;
      }
      if (!hasProp && p->type == TokenType::Ident && !p->textIs("default")) {
        if (p->textIs("none")) {
          if (items.size() > 1) {
            fail(ctx, *p, "transition",
                 "`none` is only valid as the whole transition-property, not in a list");
            return false;
          }
          ref.property = "none";
          ref.all = false;
          ref.known = false;
        } else {
          describeTransitionProperty(p->text, ref, ctx.names);
        }
        hasProp = true;
        ++p;
        continue;
      }
      std::string why;
      if (p->type == TokenType::Number)
        why = "a time needs a unit (s or ms), found " + quote(it, p);
      else if (p->type == TokenType::Ident && hasProp)
        why = "unexpected " + quote(it, p) + ": the property is already " + quoteText(ref.property);
      else
        why = "unexpected " + quote(it, p);
      fail(ctx, *p, "transition", why);
      return false;
    }
  }
  out = std::move(list);
  return true;
}

bool parseAnimationLonghand(Handler h, const TokenRange& value, AnimationLonghands& out,
                            const ValueContext& ctx) {
  const std::string_view name = ctx.property;
  RangeList items;
  if (!listItems(value, items, ctx, name)) return false;
  auto single = [&](const TokenRange& it, const Token* end) {
    if (end != it.e) {
      fail(ctx, *end, name, "unexpected " + quote(it, end) + " (one value per list item)");
      return false;
    }
    return true;
  };
  switch (h) {
    case Handler::AnimationName: {
      std::vector<std::string> v;
      for (const TokenRange& it : items) {
        std::string n;
        if (it.b->isIdent("none")) {
          n.clear();
        } else if (!keyframesNameAt(*it.b, n, false)) {
          fail(ctx, *it.b, name, expectedMsg(it, it.b, "a @keyframes name or none"));
          return false;
        }
        if (!single(it, it.b + 1)) return false;
        v.push_back(std::move(n));
      }
      out.names = std::move(v);
      return true;
    }
    case Handler::AnimationDuration:
    case Handler::AnimationDelay: {
      const bool dur = h == Handler::AnimationDuration;
      std::vector<double> v;
      for (const TokenRange& it : items) {
        const Token* p = it.b;
        double s = 0;
        std::string why;
        if (dur && p->isIdent("auto")) {
          ++p;
        } else if (!parseTime(it, p, s, why)) {
          fail(ctx, *it.b, name, why);
          return false;
        } else if (dur && s < 0) {
          if (it.b->type != TokenType::Function) {
            fail(ctx, *it.b, name, "a duration cannot be negative, found " + quote(it, it.b));
            return false;
          }
          s = 0;
        }
        if (!single(it, p)) return false;
        v.push_back(s);
      }
      (dur ? out.durations : out.delays) = std::move(v);
      return true;
    }
    case Handler::AnimationTimingFunction: {
      std::vector<TransitionFunction> v;
      for (const TokenRange& it : items) {
        const Token* p = it.b;
        TransitionFunction f;
        std::string why;
        if (!parseEasingAt(it, p, f, why)) {
          fail(ctx, *it.b, name, why);
          return false;
        }
        if (!single(it, p)) return false;
        v.push_back(std::move(f));
      }
      out.timingFunctions = std::move(v);
      return true;
    }
    case Handler::AnimationIterationCount: {
      std::vector<double> v;
      for (const TokenRange& it : items) {
        const Token* p = it.b;
        double n = 1;
        if (!tryIterations(it, p, n)) {
          fail(ctx, *it.b, name, expectedMsg(it, it.b, "infinite or a number >= 0"));
          return false;
        }
        if (!single(it, p)) return false;
        v.push_back(n);
      }
      out.iterationCounts = std::move(v);
      return true;
    }
    case Handler::AnimationDirection:
    case Handler::AnimationFillMode:
    case Handler::AnimationPlayState: {
      auto run = [&](auto& dest, auto tag, std::string_view what) {
        using E = decltype(tag);
        std::vector<E> v;
        for (const TokenRange& it : items) {
          const Token* p = it.b;
          E e{};
          if (!tryKeyword(p, e)) {
            fail(ctx, *it.b, name, expectedMsg(it, it.b, what));
            return false;
          }
          if (!single(it, p)) return false;
          v.push_back(e);
        }
        dest = std::move(v);
        return true;
      };
      if (h == Handler::AnimationDirection)
        return run(out.directions, PlaybackDirection{}, "normal, reverse, alternate or alternate-reverse");
      if (h == Handler::AnimationFillMode)
        return run(out.fillModes, FillMode{}, "none, forwards, backwards or both");
      return run(out.playStates, PlayState{}, "running or paused");
    }
    default: return false;
  }
}

bool parseTransitionLonghand(Handler h, const TokenRange& value, TransitionLonghands& out,
                             const ValueContext& ctx) {
  const std::string_view name = ctx.property;
  RangeList items;
  if (!listItems(value, items, ctx, name)) return false;
  auto single = [&](const TokenRange& it, const Token* end) {
    if (end != it.e) {
      fail(ctx, *end, name, "unexpected " + quote(it, end) + " (one value per list item)");
      return false;
    }
    return true;
  };
  switch (h) {
    case Handler::TransitionProperty: {
      std::vector<std::string> v;
      if (items.size() == 1 && items[0].b->isIdent("none") && items[0].size() == 1) {
        out.properties = std::move(v);  // empty list: none
        return true;
      }
      v.reserve(items.size());
      for (const TokenRange& it : items) {
        const Token& t = *it.b;
        if (t.type != TokenType::Ident || isCssWideKeyword(t) || t.textIs("default") || t.textIs("none")) {
          fail(ctx, t, name,
               t.isIdent("none") ? std::string("`none` is only valid alone, not in a list")
                                 : expectedMsg(it, it.b, "a property name or all"));
          return false;
        }
        if (!single(it, it.b + 1)) return false;
        TransitionRef ref;
        describeTransitionProperty(t.text, ref, ctx.names);
        v.push_back(std::move(ref.property));
      }
      out.properties = std::move(v);
      return true;
    }
    case Handler::TransitionDuration:
    case Handler::TransitionDelay: {
      const bool dur = h == Handler::TransitionDuration;
      std::vector<double> v;
      for (const TokenRange& it : items) {
        const Token* p = it.b;
        double s = 0;
        std::string why;
        if (!parseTime(it, p, s, why)) {
          fail(ctx, *it.b, name, why);
          return false;
        }
        if (dur && s < 0) {
          if (it.b->type != TokenType::Function) {
            fail(ctx, *it.b, name, "a duration cannot be negative, found " + quote(it, it.b));
            return false;
          }
          s = 0;
        }
        if (!single(it, p)) return false;
        v.push_back(s);
      }
      (dur ? out.durations : out.delays) = std::move(v);
      return true;
    }
    case Handler::TransitionTimingFunction: {
      std::vector<TransitionFunction> v;
      for (const TokenRange& it : items) {
        const Token* p = it.b;
        TransitionFunction f;
        std::string why;
        if (!parseEasingAt(it, p, f, why)) {
          fail(ctx, *it.b, name, why);
          return false;
        }
        if (!single(it, p)) return false;
        v.push_back(std::move(f));
      }
      out.timingFunctions = std::move(v);
      return true;
    }
    case Handler::TransitionBehavior: {
      std::vector<bool> v;
      for (const TokenRange& it : items) {
        const Token& t = *it.b;
        if (!(t.isIdent("normal") || t.isIdent("allow-discrete"))) {
          fail(ctx, t, name, expectedMsg(it, it.b, "normal or allow-discrete"));
          return false;
        }
        if (!single(it, it.b + 1)) return false;
        v.push_back(t.textIs("allow-discrete"));
      }
      out.allowDiscrete = std::move(v);
      return true;
    }
    default: return false;
  }
}

}  // namespace zenit::detail
