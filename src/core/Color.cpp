// Color: CSS Color 4 and 5 parsing and getComputedStyle serialisation.
// Allocation-free parsing over a string_view; the colour spaces are
// core/ColorSpaces.cpp's.
//
// [SECTION] Named colors (CSS Color 4 §6.1 table)
// [SECTION] Scanner: CSS numbers, percentages, dimensions, `none`, calc()
// [SECTION] rgb() / rgba()
// [SECTION] hsl() / hsla()
// [SECTION] The modern colour functions (hwb, lab, lch, oklab, oklch, color, color-mix, relative colours)
// [SECTION] parseColor / toCss
#include <zenit/core/Color.hpp>
#include <zenit/core/Format.hpp>

#include "core/Ascii.hpp"
#include "core/CalcGrammar.hpp"
#include "core/ColorGrammar.hpp"
#include "core/ColorSpaces.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <string>

namespace zenit {

namespace {

// ---------------------------------------------------------------------------
// [SECTION] Named colors
// ---------------------------------------------------------------------------

struct NamedColor {
  std::string_view name;  // lower case, sorted for binary search
  std::uint32_t rgb;      // 0xRRGGBB
};

constexpr NamedColor kNamedColors[] = {
    {"aliceblue", 0xf0f8ff},
    {"antiquewhite", 0xfaebd7},
    {"aqua", 0x00ffff},
    {"aquamarine", 0x7fffd4},
    {"azure", 0xf0ffff},
    {"beige", 0xf5f5dc},
    {"bisque", 0xffe4c4},
    {"black", 0x000000},
    {"blanchedalmond", 0xffebcd},
    {"blue", 0x0000ff},
    {"blueviolet", 0x8a2be2},
    {"brown", 0xa52a2a},
    {"burlywood", 0xdeb887},
    {"cadetblue", 0x5f9ea0},
    {"chartreuse", 0x7fff00},
    {"chocolate", 0xd2691e},
    {"coral", 0xff7f50},
    {"cornflowerblue", 0x6495ed},
    {"cornsilk", 0xfff8dc},
    {"crimson", 0xdc143c},
    {"cyan", 0x00ffff},
    {"darkblue", 0x00008b},
    {"darkcyan", 0x008b8b},
    {"darkgoldenrod", 0xb8860b},
    {"darkgray", 0xa9a9a9},
    {"darkgreen", 0x006400},
    {"darkgrey", 0xa9a9a9},
    {"darkkhaki", 0xbdb76b},
    {"darkmagenta", 0x8b008b},
    {"darkolivegreen", 0x556b2f},
    {"darkorange", 0xff8c00},
    {"darkorchid", 0x9932cc},
    {"darkred", 0x8b0000},
    {"darksalmon", 0xe9967a},
    {"darkseagreen", 0x8fbc8f},
    {"darkslateblue", 0x483d8b},
    {"darkslategray", 0x2f4f4f},
    {"darkslategrey", 0x2f4f4f},
    {"darkturquoise", 0x00ced1},
    {"darkviolet", 0x9400d3},
    {"deeppink", 0xff1493},
    {"deepskyblue", 0x00bfff},
    {"dimgray", 0x696969},
    {"dimgrey", 0x696969},
    {"dodgerblue", 0x1e90ff},
    {"firebrick", 0xb22222},
    {"floralwhite", 0xfffaf0},
    {"forestgreen", 0x228b22},
    {"fuchsia", 0xff00ff},
    {"gainsboro", 0xdcdcdc},
    {"ghostwhite", 0xf8f8ff},
    {"gold", 0xffd700},
    {"goldenrod", 0xdaa520},
    {"gray", 0x808080},
    {"green", 0x008000},
    {"greenyellow", 0xadff2f},
    {"grey", 0x808080},
    {"honeydew", 0xf0fff0},
    {"hotpink", 0xff69b4},
    {"indianred", 0xcd5c5c},
    {"indigo", 0x4b0082},
    {"ivory", 0xfffff0},
    {"khaki", 0xf0e68c},
    {"lavender", 0xe6e6fa},
    {"lavenderblush", 0xfff0f5},
    {"lawngreen", 0x7cfc00},
    {"lemonchiffon", 0xfffacd},
    {"lightblue", 0xadd8e6},
    {"lightcoral", 0xf08080},
    {"lightcyan", 0xe0ffff},
    {"lightgoldenrodyellow", 0xfafad2},
    {"lightgray", 0xd3d3d3},
    {"lightgreen", 0x90ee90},
    {"lightgrey", 0xd3d3d3},
    {"lightpink", 0xffb6c1},
    {"lightsalmon", 0xffa07a},
    {"lightseagreen", 0x20b2aa},
    {"lightskyblue", 0x87cefa},
    {"lightslategray", 0x778899},
    {"lightslategrey", 0x778899},
    {"lightsteelblue", 0xb0c4de},
    {"lightyellow", 0xffffe0},
    {"lime", 0x00ff00},
    {"limegreen", 0x32cd32},
    {"linen", 0xfaf0e6},
    {"magenta", 0xff00ff},
    {"maroon", 0x800000},
    {"mediumaquamarine", 0x66cdaa},
    {"mediumblue", 0x0000cd},
    {"mediumorchid", 0xba55d3},
    {"mediumpurple", 0x9370db},
    {"mediumseagreen", 0x3cb371},
    {"mediumslateblue", 0x7b68ee},
    {"mediumspringgreen", 0x00fa9a},
    {"mediumturquoise", 0x48d1cc},
    {"mediumvioletred", 0xc71585},
    {"midnightblue", 0x191970},
    {"mintcream", 0xf5fffa},
    {"mistyrose", 0xffe4e1},
    {"moccasin", 0xffe4b5},
    {"navajowhite", 0xffdead},
    {"navy", 0x000080},
    {"oldlace", 0xfdf5e6},
    {"olive", 0x808000},
    {"olivedrab", 0x6b8e23},
    {"orange", 0xffa500},
    {"orangered", 0xff4500},
    {"orchid", 0xda70d6},
    {"palegoldenrod", 0xeee8aa},
    {"palegreen", 0x98fb98},
    {"paleturquoise", 0xafeeee},
    {"palevioletred", 0xdb7093},
    {"papayawhip", 0xffefd5},
    {"peachpuff", 0xffdab9},
    {"peru", 0xcd853f},
    {"pink", 0xffc0cb},
    {"plum", 0xdda0dd},
    {"powderblue", 0xb0e0e6},
    {"purple", 0x800080},
    {"rebeccapurple", 0x663399},
    {"red", 0xff0000},
    {"rosybrown", 0xbc8f8f},
    {"royalblue", 0x4169e1},
    {"saddlebrown", 0x8b4513},
    {"salmon", 0xfa8072},
    {"sandybrown", 0xf4a460},
    {"seagreen", 0x2e8b57},
    {"seashell", 0xfff5ee},
    {"sienna", 0xa0522d},
    {"silver", 0xc0c0c0},
    {"skyblue", 0x87ceeb},
    {"slateblue", 0x6a5acd},
    {"slategray", 0x708090},
    {"slategrey", 0x708090},
    {"snow", 0xfffafa},
    {"springgreen", 0x00ff7f},
    {"steelblue", 0x4682b4},
    {"tan", 0xd2b48c},
    {"teal", 0x008080},
    {"thistle", 0xd8bfd8},
    {"tomato", 0xff6347},
    {"turquoise", 0x40e0d0},
    {"violet", 0xee82ee},
    {"wheat", 0xf5deb3},
    {"white", 0xffffff},
    {"whitesmoke", 0xf5f5f5},
    {"yellow", 0xffff00},
    {"yellowgreen", 0x9acd32},
};
static_assert(std::size(kNamedColors) == 148, "CSS Color 4 defines 148 named colors");

constexpr bool namesSorted() {
  for (std::size_t i = 1; i < std::size(kNamedColors); ++i)
    if (!(kNamedColors[i - 1].name < kNamedColors[i].name)) return false;
  return true;
}
static_assert(namesSorted(), "kNamedColors must stay sorted: lookup is a binary search");

constexpr std::size_t kLongestName = 20;  // "lightgoldenrodyellow"

using detail::equalsLower;
using detail::lowerAscii;

Color fromRgb24(std::uint32_t rgb) {
  return Color::rgba8(static_cast<std::uint8_t>((rgb >> 16) & 0xffu),
                      static_cast<std::uint8_t>((rgb >> 8) & 0xffu), static_cast<std::uint8_t>(rgb & 0xffu));
}

std::optional<Color> namedColor(std::string_view text) {
  if (text.empty() || text.size() > kLongestName) return std::nullopt;
  char buf[kLongestName];
  for (std::size_t i = 0; i < text.size(); ++i) buf[i] = lowerAscii(text[i]);
  const std::string_view key(buf, text.size());
  if (key == "transparent") return Color::transparent();
  const auto* end = std::end(kNamedColors);
  const auto* it = std::lower_bound(std::begin(kNamedColors), end, key,
                                    [](const NamedColor& n, std::string_view k) { return n.name < k; });
  if (it == end || it->name != key) return std::nullopt;
  return fromRgb24(it->rgb);
}

// ---------------------------------------------------------------------------
// [SECTION] Scanner
// ---------------------------------------------------------------------------

enum class Kind : std::uint8_t { Number, Percent, Dimension, None, Invalid };

struct Component {
  Kind kind{Kind::Invalid};
  double value{0.0};
  std::string_view unit;  // Dimension only
};

constexpr bool isCssSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
constexpr bool isDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool isIdentChar(char c) { return isLetter(c) || isDigit(c) || c == '-' || c == '_'; }

// The channel keywords of a relative colour (`r g b alpha`, `l c h
// alpha` …) with the origin colour's values; empty outside one.
struct Keywords {
  std::string_view names[4];
  double values[4]{};
  int count{0};

  const double* find(std::string_view name) const {
    for (int k = 0; k < count; ++k)
      if (equalsLower(name, names[k])) return &values[k];
    return nullptr;
  }
};

// Nested functions and colours (color-mix() in color-mix(), calc() in
// calc()) deeper than this are not a colour, so no input exhausts the stack.
constexpr int kMaxNesting = 32;

// Reads the component values of one color function. Tokens follow CSS
// Syntax 3 closely enough for colors: numbers with sign, fraction and
// exponent; `%`; a unit of letters; identifiers and functions; calc().
class Scanner {
 public:
  explicit Scanner(std::string_view s) : s_(s) {}

  void skipSpace() {
    while (i_ < s_.size() && isCssSpace(s_[i_])) ++i_;
  }
  bool eat(char c) {
    skipSpace();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool atEnd() {
    skipSpace();
    return i_ == s_.size();
  }
  bool peek(char c) {
    skipSpace();
    return i_ < s_.size() && s_[i_] == c;
  }
  std::size_t mark() const { return i_; }
  void reset(std::size_t at) { i_ = at; }

  // An identifier at the cursor (after whitespace), or an empty view with
  // the cursor unmoved; `fn` tells whether `(` follows it (then consumed).
  std::string_view ident(bool& fn) {
    skipSpace();
    fn = false;
    const std::size_t start = i_;
    std::size_t j = i_;
    if (j < s_.size() && s_[j] == '-') ++j;
    if (j >= s_.size() || !(isLetter(s_[j]) || s_[j] == '_' || s_[j] == '-')) return {};
    while (j < s_.size() && isIdentChar(s_[j])) ++j;
    i_ = j;
    if (i_ < s_.size() && s_[i_] == '(') {
      ++i_;
      fn = true;
    }
    return s_.substr(start, j - start);
  }
  // The identifier at the cursor when it is `word` (consumed), else false.
  bool word(std::string_view w) {
    const std::size_t at = i_;
    bool fn = false;
    const std::string_view id = ident(fn);
    if (!fn && !id.empty() && equalsLower(id, w)) return true;
    i_ = at;
    return false;
  }
  // `#` and the identifier characters after it, or false.
  bool hash(std::string_view& digits) {
    skipSpace();
    if (i_ >= s_.size() || s_[i_] != '#') return false;
    const std::size_t start = ++i_;
    while (i_ < s_.size() && isIdentChar(s_[i_])) ++i_;
    digits = s_.substr(start, i_ - start);
    return true;
  }

  // A number, percentage, dimension, `none`, a relative colour's channel
  // keyword (as a number), or a math function (calc(), min(), max(),
  // clamp()) over them. Kind::Invalid for anything else.
  Component component(const Keywords& kw) {
    skipSpace();
    const std::size_t at = i_;
    Component c;
    if (i_ < s_.size() && !isDigit(s_[i_]) && s_[i_] != '.' && s_[i_] != '+' &&
        !(s_[i_] == '-' && i_ + 1 < s_.size() && (isDigit(s_[i_ + 1]) || s_[i_ + 1] == '.'))) {
      bool fn = false;
      const std::string_view id = ident(fn);
      if (id.empty()) return c;
      if (fn) {  // calc(), min(), max(), clamp(): a number, a percentage or an angle
        i_ = at;
        detail::calc::Value v;
        std::string why;  // a colour reports no more than its failure
        const auto keyword = [&kw](std::string_view name, detail::calc::Value& out) {
          const double* x = kw.find(name);
          if (x != nullptr) out.num = *x;
          return x != nullptr;
        };
        if (!detail::calc::read(*this, keyword, v, why)) return c;
        switch (v.kind) {
          case detail::calc::Kind::Number: c = {Kind::Number, v.num, {}}; break;
          case detail::calc::Kind::Percent: c = {Kind::Percent, v.pct, {}}; break;
          case detail::calc::Kind::Angle: c = {Kind::Dimension, v.num, "deg"}; break;
          default: break;
        }
        return c;
      }
      if (equalsLower(id, "none")) {
        c.kind = Kind::None;
      } else if (const double* v = kw.find(id)) {
        c.kind = Kind::Number;
        c.value = *v;
      }
      return c;
    }
    if (!number(c.value)) return c;
    if (i_ < s_.size() && s_[i_] == '%') {
      ++i_;
      c.kind = Kind::Percent;
    } else if (i_ < s_.size() && isLetter(s_[i_])) {
      const std::size_t start = i_;
      while (i_ < s_.size() && isIdentChar(s_[i_])) ++i_;
      c.kind = Kind::Dimension;
      c.unit = s_.substr(start, i_ - start);
    } else {
      c.kind = Kind::Number;
    }
    return c;
  }

  // The cursor calc() reads (core/CalcGrammar.hpp): items as CSS Syntax
  // tokenizes them, a sum's + and - between whitespace.
  detail::calc::Item peek() {
    using detail::calc::Item;
    skipSpace();
    const std::size_t at = i_;
    Item it;
    if (i_ == s_.size()) {
      it.type = Item::Type::End;
    } else if (s_[i_] == '(') {
      it.type = Item::Type::Paren;
      ++i_;
    } else if (isDigit(s_[i_]) || s_[i_] == '.' ||
               ((s_[i_] == '+' || s_[i_] == '-') && i_ + 1 < s_.size() &&
                (isDigit(s_[i_ + 1]) || s_[i_ + 1] == '.'))) {
      if (number(it.number)) {
        it.type = Item::Type::Number;
        if (i_ < s_.size() && s_[i_] == '%') {
          ++i_;
          it.type = Item::Type::Percent;
        } else if (i_ < s_.size() && isLetter(s_[i_])) {
          const std::size_t unit = i_;
          while (i_ < s_.size() && isIdentChar(s_[i_])) ++i_;
          it.type = Item::Type::Dimension;
          it.text = s_.substr(unit, i_ - unit);
        }
      }
    } else {
      bool fn = false;
      it.text = ident(fn);
      if (!it.text.empty()) it.type = fn ? Item::Type::Function : Item::Type::Ident;
    }
    taken_ = i_;
    i_ = at;
    return it;
  }
  void take() { i_ = taken_; }
  bool sumOperator(double& sign) {
    const std::size_t at = i_;
    if (!(i_ < s_.size() && isCssSpace(s_[i_]))) return false;
    skipSpace();
    if (!(i_ + 1 < s_.size() && (s_[i_] == '+' || s_[i_] == '-') && isCssSpace(s_[i_ + 1]))) {
      i_ = at;
      return false;
    }
    sign = s_[i_] == '-' ? -1.0 : 1.0;
    ++i_;
    return true;
  }
  bool productOperator(bool& divide) {
    const std::size_t at = i_;
    skipSpace();
    if (!(i_ < s_.size() && (s_[i_] == '*' || s_[i_] == '/'))) {
      i_ = at;
      return false;
    }
    divide = s_[i_] == '/';
    ++i_;
    return true;
  }
  bool close() { return eat(')'); }
  bool comma() { return eat(','); }
  std::string quote() { return detail::quoteText(s_.substr(i_, 1)); }

 public:
  // deg, rad, grad and turn in degrees.
  static bool angleDegrees(const Component& c, double& deg) {
    double f = 0.0;
    if (!detail::angleUnit(c.unit, f)) return false;
    deg = c.value * f;
    return true;
  }

 private:
  bool number(double& out) { return detail::scanCssNumber(s_, i_, out); }

  std::string_view s_;
  std::size_t i_{0};
  std::size_t taken_{0};  // where take() moves: past the item peek() saw
};

// Callers map NaN first: it passes through unclamped.
double clampd(double v, double lo, double hi) { return v < lo ? lo : (v > hi ? hi : v); }

// 0..1 alpha from <alpha-value> | none; clamped as CSS does.
bool alphaOf(const Component& c, double& out) {
  switch (c.kind) {
    case Kind::Number: out = c.value; break;
    case Kind::Percent: out = c.value / 100.0; break;
    case Kind::None: out = 0.0; break;
    default: return false;
  }
  out = std::isnan(out) ? 0.0 : clampd(out, 0.0, 1.0);
  return true;
}

Color makeColor(double r, double g, double b, double a) {
  return Color{static_cast<float>(r), static_cast<float>(g), static_cast<float>(b), static_cast<float>(a)};
}

std::optional<Color> colorAt(Scanner& sc, int depth);

// ---------------------------------------------------------------------------
// [SECTION] rgb() / rgba()   (CSS Color 4 §5.1; rgba is an alias of rgb)
// ---------------------------------------------------------------------------

// After "rgb(": its arguments and separators up to `)`, then the rules of
// core/ColorGrammar.hpp (the stylesheet's colour reader applies the same).
std::optional<Color> parseRgbArgs(Scanner& sc) {
  std::array<detail::RgbItem, detail::kRgbItems> items{};
  std::size_t n = 0;
  const Keywords none{};
  while (!sc.eat(')')) {
    if (n == items.size()) return std::nullopt;
    detail::RgbItem& it = items[n++];
    it.sep = 0;
    if (sc.eat(',')) {
      it.sep = ',';
      continue;
    }
    if (sc.eat('/')) {
      it.sep = '/';
      continue;
    }
    const Component c = sc.component(none);
    switch (c.kind) {
      case Kind::Number: it.arg = {detail::RgbArg::Number, c.value}; break;
      case Kind::Percent: it.arg = {detail::RgbArg::Percent, c.value}; break;
      case Kind::None: it.arg = {detail::RgbArg::None, 0.0}; break;
      default: return std::nullopt;  // a unit, another word, or no component at all
    }
  }
  return detail::rgbFromItems(items.data(), n);
}

// ---------------------------------------------------------------------------
// [SECTION] hsl() / hsla()   (CSS Color 4 §7; hsla is an alias of hsl)
// ---------------------------------------------------------------------------

// Degrees from <hue> = <number> | <angle>; none (modern syntax) is 0.
bool hueOf(const Component& c, bool allowNone, double& deg) {
  switch (c.kind) {
    case Kind::Number: deg = c.value; break;
    case Kind::None:
      if (!allowNone) return false;
      deg = 0.0;
      break;
    case Kind::Dimension:
      if (!Scanner::angleDegrees(c, deg)) return false;
      break;
    default: return false;
  }
  if (!std::isfinite(deg)) deg = 0.0;
  deg = std::fmod(deg, 360.0);
  if (deg < 0.0) deg += 360.0;
  return true;
}

// 0..1 saturation or lightness: a percentage, or (modern) a number meaning
// the same, or none. Clamped to [0%, 100%].
bool unitPercentOf(const Component& c, bool modern, double& out) {
  switch (c.kind) {
    case Kind::Percent: out = c.value / 100.0; break;
    case Kind::Number:
      if (!modern) return false;
      out = c.value / 100.0;
      break;
    case Kind::None:
      if (!modern) return false;
      out = 0.0;
      break;
    default: return false;
  }
  out = std::isnan(out) ? 0.0 : clampd(out, 0.0, 1.0);
  return true;
}

// The legacy comma syntax, hsl(H, S%, L%[, A]); the modern one is
// modernColor's.
std::optional<Color> parseLegacyHsl(Scanner& sc) {
  const Keywords none{};
  double hue = 0.0, s = 0.0, l = 0.0, alpha = 1.0;
  if (!hueOf(sc.component(none), false, hue) || !sc.eat(',')) return std::nullopt;
  if (!unitPercentOf(sc.component(none), false, s) || !sc.eat(',')) return std::nullopt;
  if (!unitPercentOf(sc.component(none), false, l)) return std::nullopt;
  if (sc.eat(',')) {
    const Component a = sc.component(none);
    if (a.kind == Kind::None || !alphaOf(a, alpha)) return std::nullopt;
  }
  if (!sc.eat(')')) return std::nullopt;
  double r = 0.0, g = 0.0, b = 0.0;
  detail::toSrgb(detail::ColorSpace::Hsl, {{hue, s * 100.0, l * 100.0}}, r, g, b);
  return makeColor(r, g, b, alpha);
}

// ---------------------------------------------------------------------------
// [SECTION] The modern colour functions   (CSS Color 4 §5–§10, Color 5 §4)
// ---------------------------------------------------------------------------

// How one function reads its three channels: what 100% is, the range a
// value is clamped to, and the channel keywords of its relative form.
struct ChannelRule {
  double percent;  // the value of 100%; 0 for a hue
  double lo, hi;
};
struct FunctionRule {
  detail::ColorSpace space;
  double unit;  // channel values are the space's coordinates times this
  bool legacy;  // a legacy colour when not relative
  ChannelRule channels[3];
  std::string_view names[3];
};

constexpr double kInf = HUGE_VAL;
constexpr ChannelRule kHue{0.0, -kInf, kInf};
constexpr FunctionRule kRgbRule{detail::ColorSpace::Srgb,
                                255.0,
                                true,
                                {{255.0, 0.0, 255.0}, {255.0, 0.0, 255.0}, {255.0, 0.0, 255.0}},
                                {"r", "g", "b"}};
constexpr FunctionRule kHslRule{
    detail::ColorSpace::Hsl, 1.0, true, {kHue, {100.0, 0.0, 100.0}, {100.0, 0.0, 100.0}}, {"h", "s", "l"}};
constexpr FunctionRule kHwbRule{
    detail::ColorSpace::Hwb, 1.0, true, {kHue, {100.0, 0.0, 100.0}, {100.0, 0.0, 100.0}}, {"h", "w", "b"}};
constexpr FunctionRule kLabRule{detail::ColorSpace::Lab,
                                1.0,
                                false,
                                {{100.0, 0.0, 100.0}, {125.0, -kInf, kInf}, {125.0, -kInf, kInf}},
                                {"l", "a", "b"}};
constexpr FunctionRule kLchRule{
    detail::ColorSpace::Lch, 1.0, false, {{100.0, 0.0, 100.0}, {150.0, 0.0, kInf}, kHue}, {"l", "c", "h"}};
constexpr FunctionRule kOklabRule{detail::ColorSpace::Oklab,
                                  1.0,
                                  false,
                                  {{1.0, 0.0, 1.0}, {0.4, -kInf, kInf}, {0.4, -kInf, kInf}},
                                  {"l", "a", "b"}};
constexpr FunctionRule kOklchRule{
    detail::ColorSpace::Oklch, 1.0, false, {{1.0, 0.0, 1.0}, {0.4, 0.0, kInf}, kHue}, {"l", "c", "h"}};
constexpr ChannelRule kUnit{1.0, -kInf, kInf};

// Coordinates this large are no colour; keeping them finite keeps every
// conversion and toCss finite.
constexpr double kMaxCoordinate = 1e6;
double finiteCoordinate(double v) { return std::isnan(v) ? 0.0 : clampd(v, -kMaxCoordinate, kMaxCoordinate); }

// The modern syntax after "fn(" (and, for color(), its space): optional
// `from <color>`, three channels, optional `/ alpha`, `)`. `relative` is
// set when there was a `from`.
std::optional<Color> modernColor(Scanner& sc, const FunctionRule& rule, bool relative, const Color& origin) {
  Keywords kw;
  if (relative) {
    const detail::Coords o = detail::fromSrgb(rule.space, origin);
    kw.count = 4;
    for (int k = 0; k < 3; ++k) {
      kw.names[k] = rule.names[k];
      kw.values[k] = o.c[k] * rule.unit;
    }
    kw.names[3] = "alpha";
    kw.values[3] = static_cast<double>(origin.a);
  }
  detail::Coords x{};
  bool missing = false;
  for (int k = 0; k < 3; ++k) {
    const Component c = sc.component(kw);
    missing |= c.kind == Kind::None;
    const ChannelRule& ch = rule.channels[k];
    double v = 0.0;
    if (ch.percent == 0.0) {
      if (!hueOf(c, true, v)) return std::nullopt;
    } else {
      switch (c.kind) {
        case Kind::Number: v = c.value; break;
        case Kind::Percent: v = c.value / 100.0 * ch.percent; break;
        case Kind::None: v = 0.0; break;
        default: return std::nullopt;
      }
      v = std::isnan(v) ? 0.0 : clampd(v, ch.lo, ch.hi);
    }
    x.c[k] = finiteCoordinate(v / rule.unit);
  }
  double alpha = relative ? static_cast<double>(origin.a) : 1.0;
  if (sc.eat('/')) {
    const Component a = sc.component(kw);
    missing |= a.kind == Kind::None;
    if (!alphaOf(a, alpha)) return std::nullopt;
  }
  if (!sc.eat(')')) return std::nullopt;
  double r = 0.0, g = 0.0, b = 0.0;
  detail::toSrgb(rule.space, x, r, g, b);
  Color out = makeColor(finiteCoordinate(r), finiteCoordinate(g), finiteCoordinate(b), alpha);
  // A relative colour, or one with a missing component, is not legacy
  // (Chromium interpolates both in Oklab).
  out.legacy = rule.legacy && !relative && !missing;
  return out;
}

// After "fn(": `from <color>` when there is one.
bool relativeOrigin(Scanner& sc, int depth, Color& origin) {
  if (!sc.word("from")) return false;
  const std::optional<Color> o = colorAt(sc, depth + 1);
  if (!o) return false;
  origin = *o;
  return true;
}

// color([from <color>]? <space> c1 c2 c3 [/ alpha]?)
std::optional<Color> parseColorFunction(Scanner& sc, int depth) {
  Color origin;
  const std::size_t at = sc.mark();
  const bool relative = relativeOrigin(sc, depth, origin);
  if (!relative) sc.reset(at);
  bool fn = false;
  const std::string_view name = sc.ident(fn);
  const std::optional<detail::ColorSpace> space = fn ? std::nullopt : detail::colorSpaceNamed(name, false);
  if (!space) return std::nullopt;
  const bool xyz = *space == detail::ColorSpace::XyzD50 || *space == detail::ColorSpace::XyzD65;
  const FunctionRule rule{
      *space, 1.0, false, {kUnit, kUnit, kUnit}, {xyz ? "x" : "r", xyz ? "y" : "g", xyz ? "z" : "b"}};
  return modernColor(sc, rule, relative, origin);
}

// One colour of color-mix() with its optional percentage, before or after.
bool mixItem(Scanner& sc, int depth, Color& color, double& percent, bool& hasPercent) {
  const Keywords none{};
  hasPercent = false;
  const auto readPercent = [&]() {
    const std::size_t at = sc.mark();
    const Component c = sc.component(none);
    if (c.kind != Kind::Percent) {
      sc.reset(at);
      return false;
    }
    percent = c.value;
    hasPercent = true;
    return true;
  };
  readPercent();
  const std::optional<Color> c = colorAt(sc, depth + 1);
  if (!c) return false;
  color = *c;
  if (!hasPercent && !sc.peek(',') && !sc.peek(')') && !readPercent()) return false;
  return !hasPercent || (percent >= 0.0 && percent <= 100.0);
}

// color-mix([in <space> [<hue-method> hue]?]?, <color> <p>?, <color> <p>?)
// (CSS Color 5 §2; without `in`, Oklab).
std::optional<Color> parseColorMix(Scanner& sc, int depth) {
  detail::ColorSpace space = detail::ColorSpace::Oklab;
  detail::HueMethod method = detail::HueMethod::Shorter;
  if (sc.word("in")) {
    bool fn = false;
    const std::optional<detail::ColorSpace> named = [&]() -> std::optional<detail::ColorSpace> {
      const std::string_view name = sc.ident(fn);
      if (fn) return std::nullopt;
      return detail::colorSpaceNamed(name, true);
    }();
    if (!named) return std::nullopt;
    space = *named;
    if (detail::hueIndex(space) >= 0) {
      constexpr std::pair<std::string_view, detail::HueMethod> kMethods[] = {
          {"shorter", detail::HueMethod::Shorter},
          {"longer", detail::HueMethod::Longer},
          {"increasing", detail::HueMethod::Increasing},
          {"decreasing", detail::HueMethod::Decreasing}};
      for (const auto& [word, m] : kMethods) {
        if (sc.word(word)) {
          if (!sc.word("hue")) return std::nullopt;
          method = m;
          break;
        }
      }
    }
    if (!sc.eat(',')) return std::nullopt;
  }
  Color a, b;
  double pa = 0.0, pb = 0.0;
  bool hasA = false, hasB = false;
  if (!mixItem(sc, depth, a, pa, hasA) || !sc.eat(',') || !mixItem(sc, depth, b, pb, hasB) || !sc.eat(')'))
    return std::nullopt;
  // §2.1: percentages normalised to a sum of 100%; a smaller sum scales
  // the result's alpha.
  if (!hasA && !hasB) pa = pb = 50.0;
  if (hasA && !hasB) pb = 100.0 - pa;
  if (hasB && !hasA) pa = 100.0 - pb;
  const double sum = pa + pb;
  if (!(sum > 0.0)) return std::nullopt;
  Color out = detail::interpolateIn(space, method, a, b, pb / sum);
  if (sum < 100.0) out.a = static_cast<float>(static_cast<double>(out.a) * sum / 100.0);
  out.r = static_cast<float>(finiteCoordinate(out.r));
  out.g = static_cast<float>(finiteCoordinate(out.g));
  out.b = static_cast<float>(finiteCoordinate(out.b));
  return out;
}

// A colour function after its `(`.
std::optional<Color> colorFunction(std::string_view fn, Scanner& sc, int depth) {
  // `from <color>` makes a relative colour; otherwise `plain` reads the
  // arguments (for rgb() and hsl(), in the legacy or the modern syntax).
  const auto relativeOr = [&](const FunctionRule& rule, auto plain) -> std::optional<Color> {
    Color origin;
    const std::size_t at = sc.mark();
    if (relativeOrigin(sc, depth, origin)) return modernColor(sc, rule, true, origin);
    sc.reset(at);
    return plain(sc);
  };
  const auto modern = [&](const FunctionRule& rule) {
    return relativeOr(rule, [&](Scanner& s) { return modernColor(s, rule, false, Color{}); });
  };
  if (equalsLower(fn, "rgb") || equalsLower(fn, "rgba")) return relativeOr(kRgbRule, parseRgbArgs);
  if (equalsLower(fn, "hsl") || equalsLower(fn, "hsla")) {
    return relativeOr(kHslRule, [&](Scanner& s) -> std::optional<Color> {
      // The legacy syntax has a comma after the hue.
      const std::size_t at = s.mark();
      const Keywords none{};
      (void)s.component(none);
      const bool comma = s.peek(',');
      s.reset(at);
      return comma ? parseLegacyHsl(s) : modernColor(s, kHslRule, false, Color{});
    });
  }
  if (equalsLower(fn, "hwb")) return modern(kHwbRule);
  if (equalsLower(fn, "lab")) return modern(kLabRule);
  if (equalsLower(fn, "lch")) return modern(kLchRule);
  if (equalsLower(fn, "oklab")) return modern(kOklabRule);
  if (equalsLower(fn, "oklch")) return modern(kOklchRule);
  if (equalsLower(fn, "color")) return parseColorFunction(sc, depth);
  if (equalsLower(fn, "color-mix")) return parseColorMix(sc, depth);
  return std::nullopt;
}

// A colour at the cursor: a hex colour, a name, or a colour function.
std::optional<Color> colorAt(Scanner& sc, int depth) {
  if (depth > kMaxNesting) return std::nullopt;
  std::string_view digits;
  if (sc.hash(digits)) return detail::hexColor(digits);
  bool fn = false;
  const std::string_view name = sc.ident(fn);
  if (name.empty()) return std::nullopt;
  if (!fn) return namedColor(name);
  return colorFunction(name, sc, depth);
}

// ---------------------------------------------------------------------------
// [SECTION] parseColor / toCss
// ---------------------------------------------------------------------------

// The 8-bit channel Chromium prints: round half up, with a hair of slack so
// that a float-stored x.5 does not round down.
int channel8(float v) {
  const double x = static_cast<double>(v) * 255.0 + 1e-3;
  if (!(x > 0.0)) return 0;  // also NaN
  if (x >= 255.0) return 255;
  return static_cast<int>(std::floor(x + 0.5));
}

int alpha8(float a) {
  const double x = (static_cast<double>(a) + 1e-7) * 255.0;
  if (!(x > 0.0)) return 0;
  if (x >= 255.0) return 255;
  return static_cast<int>(std::floor(x + 0.5));
}

}  // namespace

namespace detail {

namespace {

// A channel or alpha as parseColor clamps it: NaN reads as 0.
double clampUnit(double v) { return std::isnan(v) ? 0.0 : (v < 0.0 ? 0.0 : (v > 1.0 ? 1.0 : v)); }

}  // namespace

std::optional<Color> rgbFromItems(const RgbItem* items, std::size_t n) {
  // CSS Color 4 §5.1: legacy `r, g, b[, a]` (all numbers or all
  // percentages, no none) or modern `r g b [/ a]` (any mix, none allowed).
  auto isArg = [&](std::size_t i) { return i < n && items[i].sep == 0; };
  auto isSep = [&](std::size_t i, char c) { return i < n && items[i].sep == c; };
  auto channel = [](const RgbArg& a) {
    return clampUnit(a.kind == RgbArg::Number ? a.value / 255.0
                                              : (a.kind == RgbArg::Percent ? a.value / 100.0 : 0.0));
  };
  auto alphaOf = [](const RgbArg& a) {
    return clampUnit(a.kind == RgbArg::Number ? a.value
                                              : (a.kind == RgbArg::Percent ? a.value / 100.0 : 0.0));
  };
  double alpha = 1.0;
  if (isSep(1, ',')) {
    if (!(isArg(0) && isArg(2) && isSep(3, ',') && isArg(4))) return std::nullopt;
    const RgbArg::Kind k = items[0].arg.kind;
    if (k == RgbArg::None || items[2].arg.kind != k || items[4].arg.kind != k) return std::nullopt;
    if (n == 7) {
      if (!isSep(5, ',') || !isArg(6) || items[6].arg.kind == RgbArg::None) return std::nullopt;
      alpha = alphaOf(items[6].arg);
    } else if (n != 5) {
      return std::nullopt;
    }
    return Color{static_cast<float>(channel(items[0].arg)), static_cast<float>(channel(items[2].arg)),
                 static_cast<float>(channel(items[4].arg)), static_cast<float>(alpha)};
  }
  if (!(isArg(0) && isArg(1) && isArg(2))) return std::nullopt;
  if (n == 5) {
    if (!isSep(3, '/') || !isArg(4)) return std::nullopt;
    alpha = alphaOf(items[4].arg);
  } else if (n != 3) {
    return std::nullopt;
  }
  // A missing component (`none`) makes the colour one that interpolates
  // in Oklab, as Chromium does.
  const bool missing = (items[0].arg.kind == RgbArg::None) | (items[1].arg.kind == RgbArg::None) |
                       (items[2].arg.kind == RgbArg::None) | (n == 5 && items[4].arg.kind == RgbArg::None);
  return Color{static_cast<float>(channel(items[0].arg)), static_cast<float>(channel(items[1].arg)),
               static_cast<float>(channel(items[2].arg)), static_cast<float>(alpha), !missing};
}

namespace {

// Hex digits and channels come from tables (byte / 255.0f computed once,
// the same float Color::rgba8 divides out).
constexpr std::array<std::uint8_t, 256> makeHexDigits() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    const auto i = static_cast<std::size_t>(c);
    if (c >= '0' && c <= '9')
      t[i] = static_cast<std::uint8_t>(c - '0');
    else if (c >= 'a' && c <= 'f')
      t[i] = static_cast<std::uint8_t>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      t[i] = static_cast<std::uint8_t>(c - 'A' + 10);
    else
      t[i] = 16;  // not a digit: the one value with bit 4 set
  }
  return t;
}
constexpr std::array<std::uint8_t, 256> kHexDigit = makeHexDigits();
constexpr std::array<float, 256> makeUnitBytes() {
  std::array<float, 256> t{};
  for (int b = 0; b < 256; ++b) t[static_cast<std::size_t>(b)] = static_cast<float>(b) / 255.0f;
  return t;
}
constexpr std::array<float, 256> kUnitByte = makeUnitBytes();

}  // namespace

// A short form repeats each digit; alpha is the last byte / 255. nullopt
// for anything else (parseColor then rejects it with the message).
std::optional<Color> hexColor(std::string_view h) {
  const std::size_t n = h.size();
  if (n != 3 && n != 4 && n != 6 && n != 8) return std::nullopt;
  unsigned v[8];
  unsigned bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    v[i] = kHexDigit[static_cast<unsigned char>(h[i])];
    bad |= v[i];
  }
  if (bad & 16u) return std::nullopt;
  auto byte = [&](std::size_t i) {
    return static_cast<std::size_t>(n <= 4 ? v[i] * 17 : v[2 * i] * 16 + v[2 * i + 1]);
  };
  const bool alpha = n == 4 || n == 8;
  return Color{kUnitByte[byte(0)], kUnitByte[byte(1)], kUnitByte[byte(2)], alpha ? kUnitByte[byte(3)] : 1.0f};
}

}  // namespace detail

std::optional<Color> parseColor(std::string_view text) {
  Scanner sc(text);
  std::optional<Color> c = colorAt(sc, 0);
  if (!c || !sc.atEnd()) return std::nullopt;
  return c;
}

std::string toCss(const Color& c) {
  std::string out;
  out.reserve(32);
  if (!c.legacy) {
    // CSS Color 4 §15.5's form for a colour that is not legacy, in sRGB.
    const auto channel = [](float v) { return std::isnan(v) ? 0.0 : static_cast<double>(v); };
    out += "color(srgb ";
    appendCssNumber(out, channel(c.r));
    out += ' ';
    appendCssNumber(out, channel(c.g));
    out += ' ';
    appendCssNumber(out, channel(c.b));
    const double alpha = std::isnan(c.a) ? 0.0 : std::clamp(static_cast<double>(c.a), 0.0, 1.0);
    if (alpha < 1.0) {
      out += " / ";
      appendCssNumber(out, alpha);
    }
    out += ')';
    return out;
  }
  const int a8 = alpha8(c.a);
  out += a8 == 255 ? "rgb(" : "rgba(";
  appendCssNumber(out, channel8(c.r));
  out += ", ";
  appendCssNumber(out, channel8(c.g));
  out += ", ";
  appendCssNumber(out, channel8(c.b));
  if (a8 != 255) {
    // CSSOM <alphavalue>: the 8-bit alpha as the shortest of two or three
    // decimals that maps back to the same byte (0.2, 0.5, 0.502).
    out += ", ";
    double rounded = std::round(a8 * 100.0 / 255.0) / 100.0;
    if (static_cast<int>(std::round(rounded * 255.0)) != a8)
      rounded = std::round(a8 * 1000.0 / 255.0) / 1000.0;
    appendCssNumber(out, rounded);
  }
  out += ')';
  return out;
}

namespace detail {
// CSS <number>: [+-]? (digits [. digits]? | . digits) ([eE] [+-]? digits)?
// Digits past the 17th significant one only move the exponent, so a
// thousand-digit literal neither overflows nor loops.
bool scanCssNumber(std::string_view s, std::size_t& pos, double& out) {
  const auto digitAt = [&](std::size_t k) { return k < s.size() && s[k] >= '0' && s[k] <= '9'; };
  std::size_t i = pos;
  double sign = 1.0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    if (s[i] == '-') sign = -1.0;
    ++i;
  }
  double mantissa = 0.0;
  int significant = 0;
  long exponent = 0;
  bool anyDigit = false;
  auto digit = [&](char ch, bool fraction) {
    anyDigit = true;
    const int d = ch - '0';
    if (significant < 17) {
      mantissa = mantissa * 10.0 + d;
      if (mantissa != 0.0) ++significant;
      if (fraction) --exponent;
    } else if (!fraction) {
      ++exponent;
    }
  };
  while (digitAt(i)) digit(s[i++], false);
  if (i + 1 < s.size() && s[i] == '.' && digitAt(i + 1)) {
    ++i;
    while (digitAt(i)) digit(s[i++], true);
  }
  if (!anyDigit) return false;
  // An exponent only when digits follow: "1em" is a dimension, not 1e…
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    std::size_t j = i + 1;
    long expSign = 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) {
      if (s[j] == '-') expSign = -1;
      ++j;
    }
    if (digitAt(j)) {
      long e = 0;
      for (; digitAt(j); ++j)
        if (e < 100000) e = e * 10 + (s[j] - '0');
      exponent += expSign * e;
      i = j;
    }
  }
  exponent = std::clamp(exponent, -400L, 400L);
  // pow(10, 0) is exactly 1: integers, the common case, skip the call.
  if (mantissa == 0.0)
    out = 0.0;
  else
    out = exponent == 0 ? sign * mantissa : sign * mantissa * std::pow(10.0, static_cast<double>(exponent));
  pos = i;
  return true;
}
}  // namespace detail

}  // namespace zenit
