// background-image: none, or one linear-gradient(), radial-gradient() or
// conic-gradient() (CSS Images 3 and 4), each also repeating-; read from
// tokens only (a ByteCursor leaves a gradient to the token path).
//
// Deviations from CSS made here (docs/stylesheets.md lists them all):
//  - One image: a list of layers (`a, b`) is an error.
//  - At most kMaxGradientStops (8) stops and hints, a double-position stop
//    counting twice; more is an error.
//  - Stop positions, radii and `at` positions take px and % (and calc() of
//    them); em, rem and viewport units are errors.
//  - `at <position>` takes one or two values; the three- and four-value
//    forms (`right 10px top`) are errors.
//  - A colour interpolation method (`in oklab`) is an error: stops
//    interpolate in premultiplied sRGB, as CSS does for legacy colours.
#pragma once

#include "Colors.hpp"
#include "Numbers.hpp"

#include <zenit/core/Types.hpp>

#include <string>

namespace zenit::detail {

// A failure placed at the token the cursor is on (at the value when it is
// past the scope's end).
template <class Cur, class Why>
bool failHere(Cur& c, Why why) {
  return c.end() ? c.fail(why) : c.failAt(c.place(), why);
}

// A reader's failure placed at the token it started on (the readers of
// lengths, angles and colours report at the value otherwise).
template <class Cur, class Read>
bool locatedRead(Cur& c, Read&& read) {
  if (c.end()) return read();
  const auto at = c.place();
  return read() || c.failedAt(at);
}

// The gradient function named by a function token: its kind and whether
// it repeats; kind None for any other name.
inline GradientKind gradientFunction(const Token& t, bool& repeating) {
  repeating = false;
  if (t.type != TokenType::Function) return GradientKind::None;
  std::string_view name = t.text;
  if (name.size() > 10 && wordIs(name.substr(0, 10), "repeating-")) {
    repeating = true;
    name.remove_prefix(10);
  }
  if (wordIs(name, "linear-gradient")) return GradientKind::Linear;
  if (wordIs(name, "radial-gradient")) return GradientKind::Radial;
  if (wordIs(name, "conic-gradient")) return GradientKind::Conic;
  return GradientKind::None;
}

// A position, radius or hint of slot `slot`: px and % (calc() of them).
template <class Cur>
bool gradientLength(Cur& c, GradientImage& g, std::size_t slot, PxPct& out, bool nonNegative = false) {
  Value v;
  if (!locatedRead(c, [&] {
        return lengthAt(c, v, LengthOpts{.percent = true, .em = false, .nonNegative = nonNegative},
                        "a length or a percentage");
      }))
    return false;
  out = PxPct{v.px, v.pct};
  const auto bit = static_cast<std::uint16_t>(1u << slot);
  if (v.units & Value::kPx) g.pxUnits = static_cast<std::uint16_t>(g.pxUnits | bit);
  if (v.units & Value::kPct) g.pctUnits = static_cast<std::uint16_t>(g.pctUnits | bit);
  return true;
}

// A conic stop's position: an angle (deg) or a percentage.
template <class Cur>
bool gradientAngleOrPct(Cur& c, GradientImage& g, std::size_t slot, PxPct& out) {
  if (c.end()) return failHere(c, [&] { return expected(c, "an angle or a percentage"); });
  const auto bit = static_cast<std::uint16_t>(1u << slot);
  if (c.tok().type == TokenType::Percentage) {
    if (!finiteFloat(c.tok().number)) return failHere(c, [] { return std::string("number out of range"); });
    out = PxPct{0.0f, static_cast<float>(c.tok().number)};
    g.pctUnits = static_cast<std::uint16_t>(g.pctUnits | bit);
    c.next();
    return true;
  }
  double deg = 0;
  if (!locatedRead(c, [&] { return angleAt(c, deg, true); })) return false;
  out = PxPct{static_cast<float>(deg), 0.0f};
  g.pxUnits = static_cast<std::uint16_t>(g.pxUnits | bit);
  return true;
}

// Whether the token can begin a stop position (so the argument is a hint
// or the stop's colour is followed by one).
inline bool startsPosition(const Token& t) {
  return t.type == TokenType::Dimension || t.type == TokenType::Percentage ||
         (t.type == TokenType::Number && t.number == 0.0) || isCalc(t);
}

// `at <position>`: one or two values, keywords as percentages.
template <class Cur>
bool gradientAt(Cur& c, GradientImage& g) {
  struct Part {
    PxPct v;
    std::uint8_t axis;  // 0 either (length, center), 1 x keyword, 2 y keyword
    bool px, pct;
  };
  Part parts[2]{};
  int n = 0;
  while (!c.end() && n < 2) {
    const Token& t = c.tok();
    Part& p = parts[n];
    if (t.type == TokenType::Ident) {
      if (wordIs(t.text, "left"))
        p = Part{{0, 0}, 1, false, true};
      else if (wordIs(t.text, "right"))
        p = Part{{0, 100}, 1, false, true};
      else if (wordIs(t.text, "top"))
        p = Part{{0, 0}, 2, false, true};
      else if (wordIs(t.text, "bottom"))
        p = Part{{0, 100}, 2, false, true};
      else if (wordIs(t.text, "center"))
        p = Part{{0, 50}, 0, false, true};
      else
        return failHere(
            c, [&] { return expected(c, "a position (left, center, right, top, bottom or a length)"); });
      c.next();
    } else {
      GradientImage scratch;
      if (!gradientLength(c, scratch, 0, p.v)) return false;
      p.axis = 0;
      p.px = (scratch.pxUnits & 1u) != 0;
      p.pct = (scratch.pctUnits & 1u) != 0;
    }
    ++n;
  }
  if (n == 0) return failHere(c, [&] { return expected(c, "a position after `at`"); });
  if (!c.end())
    return failHere(
        c, [&] { return "only one- and two-value positions are supported after `at`, found " + c.quote(); });
  Part x{{0, 50}, 0, false, true}, y{{0, 50}, 0, false, true};
  if (n == 1) {
    (parts[0].axis == 2 ? y : x) = parts[0];
  } else {
    if (parts[0].axis == parts[1].axis && parts[0].axis != 0)
      return failHere(c, [] { return std::string("both `at` keywords name the same axis"); });
    const bool swap = parts[0].axis == 2 || parts[1].axis == 1;
    x = parts[swap ? 1 : 0];
    y = parts[swap ? 0 : 1];
    if ((swap && (x.axis == 2 || y.axis == 1)))
      return c.failAt(c.place(),
                      [] { return std::string("a length cannot follow a vertical keyword in `at`"); });
  }
  g.centerX = x.v;
  g.centerY = y.v;
  const auto set = [&](std::uint8_t slot, const Part& p) {
    const auto bit = static_cast<std::uint16_t>(1u << slot);
    if (p.px) g.pxUnits = static_cast<std::uint16_t>(g.pxUnits | bit);
    if (p.pct) g.pctUnits = static_cast<std::uint16_t>(g.pctUnits | bit);
  };
  set(GradientImage::kCenterX, x);
  set(GradientImage::kCenterY, y);
  return true;
}

// The first argument of linear-gradient() when it is not a stop: an angle
// or `to <side-or-corner>`.
template <class Cur>
bool linearPrelude(Cur& c, GradientImage& g) {
  if (isWord(c.tok(), "to")) {
    c.next();
    std::uint8_t sides = 0;
    int words = 0;
    while (!c.end() && words < 2) {
      const Token& t = c.tok();
      std::uint8_t s = 0;
      if (isWord(t, "top"))
        s = GradientImage::kTop;
      else if (isWord(t, "bottom"))
        s = GradientImage::kBottom;
      else if (isWord(t, "left"))
        s = GradientImage::kLeft;
      else if (isWord(t, "right"))
        s = GradientImage::kRight;
      else
        return failHere(c, [&] { return expected(c, "top, right, bottom or left after `to`"); });
      const bool vertical = (s & (GradientImage::kTop | GradientImage::kBottom)) != 0;
      const std::uint8_t axis = vertical ? (GradientImage::kTop | GradientImage::kBottom)
                                         : (GradientImage::kLeft | GradientImage::kRight);
      if (sides & axis)
        return failHere(c, [] { return std::string("`to` names one side of each axis at most"); });
      sides = static_cast<std::uint8_t>(sides | s);
      c.next();
      ++words;
    }
    if (words == 0) return failHere(c, [&] { return expected(c, "a side or corner after `to`"); });
    g.toSides = sides;
    static constexpr float kSideAngle[16] = {180, 0, 90, 45, 180, 0, 135, 0, 270, 315, 0, 0, 225, 0, 0, 0};
    g.angle = kSideAngle[sides];  // the sides' angle; a corner's depends on the box (the renderer's)
    return atEnd(c);
  }
  double deg = 0;
  if (!locatedRead(c, [&] { return angleAt(c, deg, true); })) return false;
  g.angle = static_cast<float>(deg);
  return atEnd(c);
}

// The first argument of radial-gradient() when it is not a stop:
// [<shape> || <size>]? [at <position>]?.
template <class Cur>
bool radialPrelude(Cur& c, GradientImage& g) {
  bool haveShape = false, haveSize = false, ellipse = false;
  int lengths = 0;
  while (!c.end() && !isWord(c.tok(), "at")) {
    const Token& t = c.tok();
    if (isWord(t, "circle") || isWord(t, "ellipse")) {
      if (haveShape) return failHere(c, [] { return std::string("the shape is given twice"); });
      haveShape = true;
      g.circle = isWord(t, "circle");
      ellipse = !g.circle;
      c.next();
      continue;
    }
    RadialExtent e = RadialExtent::Explicit;
    if (isWord(t, "closest-side"))
      e = RadialExtent::ClosestSide;
    else if (isWord(t, "closest-corner"))
      e = RadialExtent::ClosestCorner;
    else if (isWord(t, "farthest-side"))
      e = RadialExtent::FarthestSide;
    else if (isWord(t, "farthest-corner"))
      e = RadialExtent::FarthestCorner;
    if (e != RadialExtent::Explicit) {
      if (haveSize) return failHere(c, [] { return std::string("the size is given twice"); });
      haveSize = true;
      g.extent = e;
      c.next();
      continue;
    }
    if (!startsPosition(t) || (haveSize && lengths == 0) || lengths == 2)
      return c.failAt(c.place(),
                      [&] { return "unexpected " + c.quote() + " in the radial gradient's shape"; });
    PxPct& r = lengths == 0 ? g.sizeX : g.sizeY;
    if (!gradientLength(c, g, lengths == 0 ? GradientImage::kSizeX : GradientImage::kSizeY, r, true))
      return false;
    ++lengths;
    haveSize = true;
    g.extent = RadialExtent::Explicit;
  }
  if (lengths == 1) {
    if (ellipse) return failHere(c, [] { return std::string("an ellipse takes two radii"); });
    if (g.pctUnits & (1u << GradientImage::kSizeX))
      return c.failAt(c.place(),
                      [] { return std::string("a circle's radius is a length, not a percentage"); });
    g.circle = true;
  } else if (lengths == 2 && g.circle) {
    return failHere(c, [] { return std::string("a circle takes one radius"); });
  }
  if (!c.end()) {
    c.next();  // `at`
    return gradientAt(c, g);
  }
  return true;
}

// The first argument of conic-gradient() when it is not a stop:
// [from <angle>]? [at <position>]?.
template <class Cur>
bool conicPrelude(Cur& c, GradientImage& g) {
  if (isWord(c.tok(), "from")) {
    c.next();
    double deg = 0;
    if (!locatedRead(c, [&] { return angleAt(c, deg, true); })) return false;
    g.angle = static_cast<float>(deg);
  }
  if (c.end()) return true;
  if (!isWord(c.tok(), "at"))
    return failHere(c, [&] { return "unexpected " + c.quote() + " in conic-gradient()"; });
  c.next();
  return gradientAt(c, g);
}

// One argument that is a stop (a colour and up to two positions) or a
// hint (a position alone), appended to g's stops.
template <class Cur>
bool gradientStop(Cur& c, GradientImage& g) {
  const bool conic = g.kind == GradientKind::Conic;
  const auto room = [&] {
    if (g.count < kMaxGradientStops) return true;
    return failHere(c, [] {
      return "a gradient holds at most " + std::to_string(kMaxGradientStops) +
             " colour stops and hints (a stop with two positions counts twice)";
    });
  };
  const auto position = [&](std::size_t i) {
    return conic ? gradientAngleOrPct(c, g, i, g.stops[i].at) : gradientLength(c, g, i, g.stops[i].at);
  };
  if (startsPosition(c.tok())) {  // a hint
    if (!room()) return false;
    const std::size_t i = g.count;
    if (!position(i)) return false;
    if (!c.end()) return failHere(c, [&] { return "unexpected " + c.quote() + " after a colour hint"; });
    g.hints = static_cast<std::uint8_t>(g.hints | (1u << i));
    g.positioned = static_cast<std::uint8_t>(g.positioned | (1u << i));
    ++g.count;
    return true;
  }
  if (!room()) return false;
  const std::size_t i = g.count;
  if (!locatedRead(c, [&] { return colorAt(c, g.stops[i].color); })) return false;
  if (!c.end()) {
    if (!position(i)) return false;
    g.positioned = static_cast<std::uint8_t>(g.positioned | (1u << i));
    if (!c.end()) {  // a double-position stop: two stops of one colour
      ++g.count;
      if (!room()) return false;
      g.stops[i + 1].color = g.stops[i].color;
      if (!position(i + 1)) return false;
      g.positioned = static_cast<std::uint8_t>(g.positioned | (1u << (i + 1)));
    }
  }
  ++g.count;
  if (!c.end()) return failHere(c, [&] { return "unexpected " + c.quote() + " in a colour stop"; });
  return true;
}

// The gradient function at the cursor, read whole; the cursor past it.
template <class Cur>
bool gradientValue(Cur& c, GradientImage& out) {
  if constexpr (!Cur::kTokens) {
    (void)c;
    (void)out;
    return false;
  } else {
    GradientImage g;
    g.kind = gradientFunction(c.tok(), g.repeating);
    if (g.kind == GradientKind::None) return failHere(c, [&] { return expected(c, "a gradient or `none`"); });
    // CSS's defaults: to bottom; at center, from 0deg.
    if (g.kind == GradientKind::Linear) {
      g.angle = 180.0f;
    } else {
      g.centerX = PxPct{0.0f, 50.0f};
      g.centerY = PxPct{0.0f, 50.0f};
      if (g.kind == GradientKind::Conic) g.angle = 0.0f;
    }
    const auto fn = c.place();
    if (c.args(64).anyEmpty)
      return c.failAt(c.place(),
                      [] { return std::string("empty argument in the gradient (a stray comma)"); });
    if (!c.enterArgs() || !c.enterArg())
      return c.failAt(fn, [] { return std::string("a gradient needs at least one colour stop"); });
    bool first = true;
    for (;;) {
      const Token& t = c.tok();
      if (isWord(t, "in"))
        return failHere(c, [] {
          return std::string(
              "colour interpolation methods (`in <space>`) are not supported: stops interpolate in sRGB");
        });
      bool prelude = false;
      if (first) {
        switch (g.kind) {
          case GradientKind::Linear:
            prelude = isWord(t, "to") || startsPosition(t);  // (no stop starts with a number)
            break;
          case GradientKind::Radial:
            prelude = isWord(t, "circle") || isWord(t, "ellipse") || isWord(t, "closest-side") ||
                      isWord(t, "closest-corner") || isWord(t, "farthest-side") ||
                      isWord(t, "farthest-corner") || isWord(t, "at") || startsPosition(t);
            break;
          default: prelude = isWord(t, "from") || isWord(t, "at"); break;
        }
      }
      bool ok;
      if (prelude) {
        ok = g.kind == GradientKind::Linear   ? linearPrelude(c, g)
             : g.kind == GradientKind::Radial ? radialPrelude(c, g)
                                              : conicPrelude(c, g);
      } else {
        ok = gradientStop(c, g);
      }
      if (!ok) return false;
      first = false;
      if (!c.leaveArg()) break;
      if (!c.enterArg()) break;
    }
    c.leaveArgs();
    // Stops and hints: at least one stop; a hint only between two stops.
    if (g.count == g.hints && g.count == 0)
      return c.failAt(fn, [] { return std::string("a gradient needs at least one colour stop"); });
    for (std::size_t i = 0; i < g.count; ++i) {
      if (!g.isHint(i)) continue;
      if (i == 0 || i + 1 == g.count || g.isHint(i + 1))
        return c.failAt(fn, [] { return std::string("a colour hint must stand between two colour stops"); });
    }
    out = g;
    return true;
  }
}

// background-image: none | <gradient>.
template <class Cur>
ZENIT_ALWAYS_INLINE bool backgroundImageRow(Cur& c, GradientImage& out) {
  if (noneAlone(c)) {
    out = GradientImage{};
    return true;
  }
  if (c.end()) return failHere(c, [&] { return expected(c, "a gradient or `none`"); });
  if (c.tok().type == TokenType::Function && wordIs(c.tok().text, "url"))
    return failHere(c, [] { return std::string("url() images are not supported; use a gradient"); });
  if (!gradientValue(c, out)) return false;
  if (!c.end() && c.tok().type == TokenType::Comma)
    return c.failAt(c.place(),
                    [] { return std::string("only one background image is supported (no layers)"); });
  return atEnd(c);
}

// The background shorthand, one layer: `none`, or a colour and a gradient
// in either order (either may be left out). It sets both longhands, what
// it leaves out to its initial value.
template <class Cur>
ZENIT_ALWAYS_INLINE bool backgroundValue(Cur& c, Style& out) {
  const auto write = [&out](const Color& color, const GradientImage* image) {
    out.backgroundColor = color;
    Opt<GradientImage>& o = out.backgroundImage;
    if (image)
      o = *image;
    else if (!o.is_set || !o.value.isNone())  // (already `none`: spared the copy)
      o = GradientImage{};
  };
  if (noneAlone(c)) {
    write(Color::transparent(), nullptr);
    return true;
  }
  Color color = Color::transparent();
  if constexpr (Cur::kTokens) {
    const auto first = c.place();
    bool haveColor = false;
    GradientImage image;
    bool haveImage = false;
    while (!c.end()) {
      bool repeating = false;
      if (gradientFunction(c.tok(), repeating) != GradientKind::None) {
        if (haveImage)
          return failHere(c, [] { return std::string("only one background image is supported"); });
        if (!gradientValue(c, image)) return false;
        haveImage = true;
        continue;
      }
      if (c.tok().type == TokenType::Comma)
        return c.failAt(
            c.place(), [] { return std::string("only one background layer is supported (no comma lists)"); });
      if (haveColor || isWord(c.tok(), "none") || !colorAt(c, color))
        return failHere(c, [&] {
          return "background takes a colour and a gradient (no url(), positions, sizes or repeats), found " +
                 c.quote(haveColor || haveImage ? c.place() : first);
        });
      haveColor = true;
    }
    write(color, haveImage ? &image : nullptr);
    return true;
  } else {
    if (!colorAt(c, color) || !atEnd(c)) return false;  // (a gradient: the token path's)
    write(color, nullptr);
    return true;
  }
}

}  // namespace zenit::detail
