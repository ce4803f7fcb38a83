// <color>: hex colours, rgb() and rgba() read from their components by
// the rules parseColor reads them with (core/ColorGrammar.hpp), and
// everything else (named colours, hsl(), …) as parseColor reads the
// component's text. Read from either cursor (Cursor.hpp).
//
// parseColor lexes a function's text again with its own scanner. Here the
// components are already at hand, so the common spellings (numbers,
// percentages, `none`, `,` and `/`, only whitespace between them) are read
// from them. The result must be exactly parseColor's: numbers are
// converted with the scanner's formula (colorNumber), and anything this
// reader does not know (a comment inside, a unit, a nested function, an
// invalid value, an unclosed function) goes to parseColor, which also words
// the rejection.
#pragma once

#include "Numbers.hpp"
#include "core/ColorGrammar.hpp"

#include <zenit/core/Color.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace zenit::detail {

// A CSS <number> lexeme's value as parseColor computes it (detail::scanCssNumber
// in core/Color.hpp; `s` is exactly one number, as the tokenizer delimited it).
double colorNumber(std::string_view s);

// rgb() or rgba() at the cursor (its function token) from its components:
// past its `)` with `out` set, or false (where parseColor decides) with
// the cursor anywhere in it.
template <class Cur>
ZENIT_ALWAYS_INLINE bool rgbItems(Cur& c, Color& out) {
  // (Not value-initialised: items[0, n) are written.)
  std::array<RgbItem, kRgbItems> items;  // NOLINT(cppcoreguidelines-pro-type-member-init)
  std::size_t n = 0;
  for (;;) {
    c.next();
    // Unclosed, or a comment between components (parseColor fails on it).
    if (c.end() || !c.gapIsWhitespace()) return false;
    const Token& t = c.tok();
    if (t.type == TokenType::RightParen) break;
    if (n == items.size()) return false;
    RgbItem& it = items[n++];
    it.sep = 0;
    switch (t.type) {
      case TokenType::Number:
        // An integer of at most 15 digits is exact both ways: the token's
        // value is the scanner's, but for -0, which the scanner makes 0.
        if ((t.flags & Token::kInteger) && t.end - t.begin <= 15 && t.number != 0.0)
          it.arg = {RgbArg::Number, t.number};
        else
          it.arg = {RgbArg::Number, colorNumber(c.lexeme())};
        break;
      case TokenType::Percentage: {
        const std::string_view lexeme = c.lexeme();
        it.arg = {RgbArg::Percent, colorNumber(std::string_view(lexeme.data(), lexeme.size() - 1))};
        break;
      }
      case TokenType::Ident:
        if ((t.flags & Token::kEscaped) || !wordIs(t.text, "none")) return false;
        it.arg = {RgbArg::None, 0.0};
        break;
      case TokenType::Comma: it.sep = ','; break;
      case TokenType::Delim:
        if (!isDelimiter(t, '/')) return false;
        it.sep = '/';
        break;
      default: return false;
    }
  }
  const std::optional<Color> color = rgbFromItems(items.data(), n);
  if (!color) return false;
  c.next();  // past the `)`
  out = *color;
  return true;
}

// A <color>: a hex colour, rgb() or rgba() of plain components, or what
// parseColor reads from the component's text. (A cursor without kRare
// reads named colours' identifiers and refuses other functions.)
template <class Cur>
ZENIT_ALWAYS_INLINE bool colorAt(Cur& c, Color& out) {
  if (c.end()) return c.fail([&] { return expected(c, "a colour"); });
  const Token& t = c.tok();
  const bool escaped = (t.flags & Token::kEscaped) != 0;
  if (t.type == TokenType::Hash) {
    if (!escaped) {
      if (const std::optional<Color> hex = hexColor(t.text)) {
        out = *hex;
        c.next();
        return true;
      }
    }
  } else if (t.type == TokenType::Function) {
    if (!escaped && (wordIs(t.text, "rgb") || wordIs(t.text, "rgba"))) {
      if constexpr (!Cur::kRare) return rgbItems(c, out);  // the rest is parseColor's, refused here
      const auto at = c.mark();
      if (rgbItems(c, out)) return true;
      c.reset(at);
    }
  } else if (t.type == TokenType::Ident) {
    // parseColor on an unescaped identifier's text, the token's text.
    if (!escaped) {
      if (const std::optional<Color> named = parseColor(t.text)) {
        out = *named;
        c.next();
        return true;
      }
      return c.fail([&] { return expected(c, "a colour"); });
    }
  } else {
    return c.fail([&] { return expected(c, "a colour"); });
  }
  // parseColor on the component's text: an escaped name or hash, another
  // function, an rgb() the components did not give.
  if constexpr (Cur::kRare) {
    const auto at = c.mark();
    std::string_view text;
    if (!c.componentText(text)) return false;
    if (const std::optional<Color> color = parseColor(text)) {
      out = *color;
      return true;
    }
    c.reset(at);
    return c.fail([&] { return expected(c, "a colour"); });
  } else {
    return false;
  }
}

}  // namespace zenit::detail
