// <easing-function>: the CSS keywords, cubic-bezier() and steps() read from
// their components, and everything else (linear(), spring(), the named
// families, GSAP's names) as parseEasing reads the component's text. Read
// from either cursor (Cursor.hpp).
//
// GSAP's `power2.out` is three components (identifier, `.` delimiter,
// identifier) and `back.out(3)` an identifier, `.` and a function: the
// token path hands parseEasing their text when nothing stands between
// them. A family alone (`bounce`, `sine`) is no easing in a stylesheet,
// although parseEasing reads it as its .out: a keyword that is an easing
// is taken as the easing first (CSS's rule for `ease`), and a bare family
// would then hide a @keyframes name or property of the same spelling
// (`animation: bounce 1s`). docs/easing.md, "GSAP eases in stylesheets".
//
// parseEasing's lexer skips whitespace and comments as the tokenizer does
// and reads numbers to the same correctly rounded doubles, so on the plain
// spellings the components give the same function; anything else,
// including every invalid value (whose message parseEasing words), goes to
// parseEasing.
#pragma once

#include "Numbers.hpp"
#include "core/EasingGrammar.hpp"

#include <zenit/core/Easing.hpp>

#include <limits>
#include <string>
#include <string_view>

namespace zenit::detail {

// The easing a plain (unescaped) identifier names among CSS's keywords
// (core/EasingGrammar.hpp), compared a word at a time; nullptr for any other.
ZENIT_ALWAYS_INLINE const TransitionFunction* easingKeyword(std::string_view name) {
  return cssEasingKeyword(name, [](std::string_view t, const auto& lower)
                                    ZENIT_ALWAYS_INLINE_LAMBDA { return wordIs(t, lower); });
}

// The GSAP family a plain identifier names (core/EasingGrammar.hpp), or nullptr.
ZENIT_ALWAYS_INLINE const GsapFamily* gsapFamilyName(std::string_view name) {
  return gsapFamilyNamed(name, [](std::string_view t, const auto& lower)
                                   ZENIT_ALWAYS_INLINE_LAMBDA { return wordIs(t, lower); });
}

// Whether a token can start an easing at all, by parseEasing's vocabulary
// (core/Easing.hpp): identifiers linear, ease…, step…; functions
// cubic-bezier(), steps(), linear(), spring(). A list's items try each
// component as an easing: this spares parseEasing the property and
// @keyframes names. (GSAP's names: mayBeGsapEasing.)
ZENIT_ALWAYS_INLINE bool mayBeEasing(const Token& t) {
  const auto startsWith = [&](std::string_view prefix) {
    if (t.text.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      char c = t.text[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != prefix[i]) return false;
    }
    return true;
  };
  if (t.type == TokenType::Ident) {
    // (Their first byte first: most names are none of these.)
    const char f = static_cast<char>(t.text.empty() ? 0 : t.text[0] | 0x20);
    return (f == 'e' && startsWith("ease")) || (f == 'l' && startsWith("linear")) ||
           (f == 's' && startsWith("step"));
  }
  if (t.type == TokenType::Function)
    return wordIs(t.text, "cubic-bezier") || wordIs(t.text, "steps") || wordIs(t.text, "linear") ||
           wordIs(t.text, "spring");
  return false;
}

// Whether a token names a GSAP family (`power2` of power2.out, `back(` of
// back(3)). Only a cursor that reads the rare forms asks, after
// mayBeEasing: one without cannot read GSAP's spellings (they go to
// parseEasing) and refuses them, and a family alone is no easing on either
// (the top of this file), so the common path never pays for the names.
inline bool mayBeGsapEasing(const Token& t) {
  return (t.type == TokenType::Ident || t.type == TokenType::Function) && gsapFamilyName(t.text) != nullptr;
}

// Whether the cursor (one that reads the rare forms) is at GSAP's
// `family.mode`: a plain identifier naming a family with a `.` right after
// it. Nothing but an easing reads that, so an item's error is the easing's.
template <class Cur>
bool gsapSpellingAt(const Cur& c) {
  const Token& t = c.tok();
  if (t.type != TokenType::Ident || (t.flags & Token::kEscaped) != 0 || !gsapFamilyName(t.text)) return false;
  auto k = c.quiet();
  k.next();
  return !k.end() && k.tok().isDelim('.') && k.tok().begin == t.end;
}

// GSAP's spelling at the cursor (a family's identifier) as one text, for
// parseEasing: the family, and if a `.` follows right after it, the dot
// and the component right after that (the mode, a function up to its `)`);
// past them. The family alone says so (false, the cursor anywhere).
template <class Cur>
bool gsapSpellingText(Cur& c, std::string_view& text) {
  const char* const first = c.lexeme().data();
  const std::uint32_t familyEnd = c.tok().end;
  const std::string_view family = c.tok().text;
  c.next();
  if (c.end() || !c.tok().isDelim('.') || c.tok().begin != familyEnd)
    return c.fail([&] {
      const GsapFamily* named = gsapFamilyName(family);
      return quoteText(family) +
             " alone is no easing in a stylesheet, which keeps it for @keyframes names: write " +
             std::string(named ? named->name : family) + ".out (or .in, .inOut)";
    });
  const std::uint32_t dotEnd = c.tok().end;
  const char* last = c.lexeme().data() + 1;  // past the dot
  c.next();
  if (!c.end() && c.tok().begin == dotEnd) {  // the mode (parseEasing judges it)
    std::string_view mode;
    if (!c.componentText(mode)) return false;
    last = mode.data() + mode.size();
  }
  text = std::string_view(first, static_cast<std::size_t>(last - first));
  return true;
}

// cubic-bezier() or steps() at the cursor (its function token) from its
// arguments, numbers and identifiers between commas up to `)`: past it
// with `out` set, or false (where parseEasing decides) with the cursor
// anywhere in it.
template <class Cur>
ZENIT_ALWAYS_INLINE bool easingFunction(Cur& c, TransitionFunction& out) {
  const bool bezier = wordIs(c.tok().text, "cubic-bezier");
  if (!bezier && !wordIs(c.tok().text, "steps")) return false;
  // The arguments' fields that decide (the cursor's token does not last).
  struct Arg {
    TokenType type;
    bool integer;
    bool escaped;
    double number;
    std::string_view text;
  };
  Arg args[4];
  std::size_t n = 0;
  for (;;) {
    c.next();
    if (c.end() || n == 4) return false;
    const Token& t = c.tok();
    if (t.type != TokenType::Number && t.type != TokenType::Ident) return false;
    args[n++] =
        Arg{t.type, (t.flags & Token::kInteger) != 0, (t.flags & Token::kEscaped) != 0, t.number, t.text};
    c.next();
    if (c.end()) return false;
    if (c.tok().type == TokenType::RightParen) break;
    if (c.tok().type != TokenType::Comma) return false;
  }
  std::optional<TransitionFunction> f;
  if (bezier) {
    if (n != 4) return false;
    double v[4];
    for (std::size_t i = 0; i < 4; ++i) {
      if (args[i].type != TokenType::Number || !std::isfinite(args[i].number)) return false;
      v[i] = args[i].number;
    }
    if (!bezierXInRange(v[0]) || !bezierXInRange(v[2])) return false;
    f = TransitionFunction::cubicBezier(v[0], v[1], v[2], v[3]);
  } else {
    const Arg& count = args[0];
    if (n > 2 || count.type != TokenType::Number || !count.integer || !stepCountInRange(count.number))
      return false;
    StepKeyword position;
    if (n == 2) {
      const Arg& k = args[1];
      if (k.type != TokenType::Ident || k.escaped) return false;
      const std::optional<StepKeyword> named =
          stepPositionNamed(k.text, [](std::string_view t, const auto& lower) { return wordIs(t, lower); });
      if (!named) return false;
      position = *named;
    }
    const int steps = static_cast<int>(count.number);
    if (steps < minimumSteps(position.position)) return false;
    f = detail::stepsOf(steps, position);
  }
  if (!f) return false;
  c.next();  // past the `)`
  out = *f;
  return true;
}

// An <easing-function>: a keyword, cubic-bezier() or steps() of plain
// arguments, or what parseEasing reads from the component's text. (A
// cursor without kRare refuses the last.)
template <class Cur>
ZENIT_ALWAYS_INLINE bool easingAt(Cur& c, TransitionFunction& out) {
  if (c.end() || (c.tok().type != TokenType::Ident && c.tok().type != TokenType::Function))
    return c.fail([&] { return expected(c, "an easing function"); });
  const Token& t = c.tok();
  const bool escaped = (t.flags & Token::kEscaped) != 0;
  if (t.type == TokenType::Ident && !escaped) {
    if (const TransitionFunction* kw = easingKeyword(t.text)) {
      out = *kw;
      c.next();
      return true;
    }
  }
  const auto at = c.mark();
  if (t.type == TokenType::Function && !escaped) {
    if (easingFunction(c, out)) return true;
    c.reset(at);
  }
  if constexpr (Cur::kRare) {
    std::string_view text;
    if (t.type == TokenType::Ident && !escaped && gsapFamilyName(t.text)) {
      if (!gsapSpellingText(c, text)) {
        c.reset(at);
        return false;
      }
    } else if (!c.componentText(text)) {
      return false;
    }
    std::string err;
    if (const std::optional<TransitionFunction> f = parseEasing(text, &err)) {
      out = *f;
      return true;
    }
    c.reset(at);
    return c.fail([&] { return err.empty() ? expected(c, "an easing function") : err; });
  } else {
    return false;
  }
}

}  // namespace zenit::detail
