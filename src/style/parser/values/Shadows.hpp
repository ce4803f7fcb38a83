// box-shadow: none, or one shadow of `inset`, two to four lengths (x, y,
// blur, spread) and a colour, in any order but the lengths together.
// Read from either cursor (Cursor.hpp).
//
// Deviations from CSS made here (docs/stylesheets.md lists them all):
//  - Several shadows: the first is used, with a warning.
//  - The colour defaults to black (CSS's currentcolor, which ZenitUI does
//    not track).
#pragma once

#include "Colors.hpp"

#include <string>

namespace zenit::detail {

// One shadow: the list's first item, in its scope.
template <class Cur>
ZENIT_ALWAYS_INLINE bool oneShadow(Cur& c, Shadow& s) {
  s.none = false;
  s.color = Color::black();  // CSS's currentcolor, which ZenitUI does not track
  bool haveColor = false, haveInset = false, lengthsDone = false;
  int lengths = 0;
  float len[4] = {0, 0, 0, 0};
  while (!c.end()) {
    const Token& t = c.tok();
    if (isWord(t, "inset")) {
      if (haveInset) return c.fail([] { return std::string("`inset` given twice"); });
      haveInset = true;
      c.next();
      if (lengths > 0) lengthsDone = true;
      continue;
    }
    if (t.type == TokenType::Dimension || t.type == TokenType::Number || isCalc(t)) {
      if (lengthsDone || lengths == 4)
        return c.fail([&] {
          return "unexpected " + c.quote() + " in box-shadow (offsets, blur and spread come together)";
        });
      Value v;
      if (!lengthAt(c, v, LengthOpts{false, false, lengths == 2}, "a length")) return false;
      len[lengths++] = v.px;
      continue;
    }
    if (lengths > 0) lengthsDone = true;
    if (haveColor) return c.fail([&] { return "unexpected " + c.quote() + " in box-shadow"; });
    if (!colorAt(c, s.color)) return false;
    haveColor = true;
  }
  if (lengths < 2)
    return c.fail([] { return std::string("box-shadow needs at least two lengths (x and y offsets)"); });
  s.offsetX = len[0];
  s.offsetY = len[1];
  s.blur = len[2];
  s.spread = len[3];
  s.inset = haveInset;
  return true;
}

template <class Cur>
ZENIT_ALWAYS_INLINE bool shadowRow(Cur& c, Shadow& out) {
  const auto list = c.list();
  if (list.firstEmpty) return c.fail([] { return std::string("empty item in the shadow list"); });
  Shadow s;
  if (!c.enterItem()) return false;
  if (noneAlone(c)) {
    if (!c.lastItem()) return c.fail([] { return std::string("`none` cannot be part of a shadow list"); });
    s = Shadow{};
  } else if (!oneShadow(c, s)) {
    return false;
  }
  if (c.leaveItem() && !c.warn([&] {
        return "only one box-shadow is supported; the " + std::to_string(list.count - 1) +
               " after the first are ignored";
      }))
    return false;
  out = s;
  return true;
}

}  // namespace zenit::detail
