// box-shadow: none, or a comma list of up to kMaxShadows shadows, each of
// `inset`, two to four lengths (x, y, blur, spread) and a colour, in any
// order but the lengths together. Read from either cursor (Cursor.hpp).
// A bad item invalidates the whole declaration (CSS error recovery).
//
// Deviations from CSS made here (docs/stylesheets.md lists them all):
//  - At most kMaxShadows (4) shadows: a longer list is an error.
//  - The colour defaults to black (CSS's currentcolor, which ZenitUI does
//    not track).
#pragma once

#include "Colors.hpp"

#include <string>

namespace zenit::detail {

// One shadow: one list item, in its scope.
template <class Cur>
ZENIT_ALWAYS_INLINE bool oneShadow(Cur& c, Shadow& s) {
  const auto first = c.place();
  s.color = Color::black();  // CSS's currentcolor, which ZenitUI does not track
  bool haveColor = false, haveInset = false, lengthsDone = false;
  int lengths = 0;
  float len[4] = {0, 0, 0, 0};
  while (!c.end()) {
    const Token& t = c.tok();
    if (isWord(t, "inset")) {
      if (haveInset) return c.failAt(c.place(), [] { return std::string("`inset` given twice"); });
      haveInset = true;
      c.next();
      if (lengths > 0) lengthsDone = true;
      continue;
    }
    if (t.type == TokenType::Dimension || t.type == TokenType::Number || isCalc(t)) {
      if (lengthsDone || lengths == 4)
        return c.failAt(c.place(), [&] {
          return "unexpected " + c.quote() + " in box-shadow (offsets, blur and spread come together)";
        });
      Value v;
      if (!lengthAt(c, v, LengthOpts{false, false, lengths == 2}, "a length")) return false;
      len[lengths++] = v.px;
      continue;
    }
    if (lengths > 0) lengthsDone = true;
    if (haveColor) return c.failAt(c.place(), [&] { return "unexpected " + c.quote() + " in box-shadow"; });
    if (!colorAt(c, s.color)) return false;
    haveColor = true;
  }
  if (lengths < 2)
    return c.failAt(first,
                    [] { return std::string("a box-shadow needs at least two lengths (x and y offsets)"); });
  s.offsetX = len[0];
  s.offsetY = len[1];
  s.blur = len[2];
  s.spread = len[3];
  s.inset = haveInset;
  return true;
}

template <class Cur>
ZENIT_ALWAYS_INLINE bool shadowRow(Cur& c, ShadowList& out) {
  const auto list = c.list();
  if (list.firstEmpty)
    return c.failAt(*list.firstEmpty,
                    [] { return std::string("empty item in the shadow list (a stray comma)"); });
  if (list.count > kMaxShadows)
    return c.fail([&] {
      return "box-shadow holds at most " + std::to_string(kMaxShadows) + " shadows; this list has " +
             std::to_string(list.count);
    });
  ShadowList shadows;
  do {
    if (!c.enterItem()) return false;
    const auto first = c.place();
    if (noneAlone(c)) {
      if (!c.lastItem() || !shadows.empty())
        return c.failAt(first, [] { return std::string("`none` cannot be part of a shadow list"); });
      static_cast<void>(c.leaveItem());  // the last item: nothing follows
      break;                             // `none`: the empty list
    }
    if (shadows.full())  // a list the cursor could not count (the token path reports it)
      return c.fail(
          [] { return std::string("box-shadow holds at most " + std::to_string(kMaxShadows) + " shadows"); });
    Shadow s;
    if (!oneShadow(c, s)) return false;
    shadows.push_back(s);
  } while (c.leaveItem());
  out = shadows;
  return true;
}

}  // namespace zenit::detail
