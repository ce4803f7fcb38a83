// var() as the parser checks it in a declaration's value (CSS Variables 1
// §3): every var() names a custom property and has at most a fallback
// after the name. Such a value is kept raw for resolvePending, which
// substitutes it per element (parser/Vars.cpp). Read from either cursor
// (Cursor.hpp).
#pragma once

#include "../Cursor.hpp"

#include <string>

namespace zenit::detail {

ZENIT_ALWAYS_INLINE bool isVarFunction(const Token& t) {
  return t.type == TokenType::Function && wordIs(t.text, "var");
}

// A <custom-property-name> as var()'s first argument: `--` and at least
// one more byte.
ZENIT_ALWAYS_INLINE bool isCustomPropertyName(const Token& t) {
  return t.type == TokenType::Ident && t.text.size() >= 3 && t.text[0] == '-' && t.text[1] == '-';
}

// The value from the cursor on, each var() in it (nested ones too) of a
// custom property name followed by `,` (its fallback), `)` or the value's
// end: past it, or false at the first var() that is not.
template <class Cur>
ZENIT_ALWAYS_INLINE bool varCallsAt(Cur& c) {
  while (!c.end()) {
    if (c.refused()) return false;
    if (!isVarFunction(c.tok())) {
      c.next();
      continue;
    }
    const auto at = c.place();
    c.next();
    const bool named = !c.end() && isCustomPropertyName(c.tok());
    if (named) c.next();
    if (!named || !(c.end() || c.tok().type == TokenType::Comma || c.tok().type == TokenType::RightParen))
      return c.failAt(at, [] {
        return std::string("var() takes a custom property name (--name) and an optional fallback");
      });
  }
  return true;
}

}  // namespace zenit::detail
