// Easing functions' text: parseEasing (CSS <easing-function>, the
// library's names and GSAP's) and Debug::toString. The functions
// themselves are in Easing.cpp.
//
// [SECTION] Tokenizer (the slice of CSS Syntax 3 an easing needs)
// [SECTION] parseEasing (GSAP's names in its own sub-section)
// [SECTION] Debug::toString
//
// Deviations from CSS (also in docs/easing.md):
//  - math functions (calc() …) inside easing arguments are rejected;
//  - a function left open at the end of the text is rejected (CSS would
//    close it silently), so a forgotten ')' is reported;
//  - CSS escapes in keywords are not decoded.
#include <zenit/core/Easing.hpp>

#include "core/Ascii.hpp"
#include "core/EaseEval.hpp"
#include "core/EasingFamilies.hpp"
#include "core/EasingGrammar.hpp"

#include <zenit/core/Config.hpp>
#include <zenit/core/Format.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <limits>
#include <numbers>
#include <utility>

namespace zenit {

using namespace easing;  // the families (core/EasingFamilies.hpp)

// ---------------------------------------------------------------------------
// [SECTION] Tokenizer
// ---------------------------------------------------------------------------

namespace {

// The CSS Syntax 3 tokens an easing can contain. Whitespace and comments
// are skipped between tokens; `text` is the token as written.
struct Token {
  enum Type : std::uint8_t { End, Ident, Function, Number, Percentage, Dimension, Comma, CloseParen, Other };
  Type type{End};
  std::string_view text;  // Function: the name without '('
  double value{0.0};      // Number, Percentage (as written: 40 for 40%), Dimension
  bool integer{false};    // Number written without '.' or exponent (CSS <integer>)
};

constexpr bool isDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool isNameStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}
constexpr bool isNameChar(char c) { return isNameStart(c) || isDigit(c) || c == '-'; }
using detail::lowerAscii;

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lowerAscii(a[i]) != lowerAscii(b[i])) return false;
  return true;
}

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}

  // Skips whitespace and comments; true if any was skipped. An unterminated
  // comment runs to the end, as in CSS.
  bool skipSpace() {
    const std::size_t start = pos_;
    for (;;) {
      if (pos_ < s_.size() && isSpace(s_[pos_])) {
        ++pos_;
      } else if (s_.substr(pos_, 2) == "/*") {
        const std::size_t close = s_.find("*/", pos_ + 2);
        pos_ = close == std::string_view::npos ? s_.size() : close + 2;
      } else {
        return pos_ != start;
      }
    }
  }

  // Whether the next byte is `c` (nothing skipped).
  bool nextIs(char c) const { return at(pos_) == c; }

  Token next() {
    Token t;
    if (pos_ >= s_.size()) return t;
    const std::size_t start = pos_;
    const char c = s_[pos_];
    if (startsNumber()) {
      lexNumber(t);
    } else if (startsName()) {
      while (pos_ < s_.size() && isNameChar(s_[pos_])) ++pos_;
      t.text = s_.substr(start, pos_ - start);
      if (pos_ < s_.size() && s_[pos_] == '(') {
        ++pos_;
        t.type = Token::Function;
      } else {
        t.type = Token::Ident;
      }
      return t;
    } else if (c == ',') {
      ++pos_;
      t.type = Token::Comma;
    } else if (c == ')') {
      ++pos_;
      t.type = Token::CloseParen;
    } else {
      ++pos_;
      t.type = Token::Other;
    }
    t.text = s_.substr(start, pos_ - start);
    return t;
  }

 private:
  static constexpr bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
  }
  char at(std::size_t i) const { return i < s_.size() ? s_[i] : '\0'; }

  // CSS: a number starts with a digit, ".digit", or a sign before either.
  bool startsNumber() const {
    std::size_t i = pos_;
    if (at(i) == '+' || at(i) == '-') ++i;
    return isDigit(at(i)) || (at(i) == '.' && isDigit(at(i + 1)));
  }
  // CSS: an identifier starts with a name-start char, "-" + name-start, or "--".
  bool startsName() const {
    if (isNameStart(at(pos_))) return true;
    return at(pos_) == '-' && (isNameStart(at(pos_ + 1)) || at(pos_ + 1) == '-');
  }

  void lexNumber(Token& t) {
    const std::size_t start = pos_;
    bool negative = false;
    if (at(pos_) == '+' || at(pos_) == '-') negative = s_[pos_++] == '-';
    const std::size_t digits = pos_;
    t.integer = true;
    while (isDigit(at(pos_))) ++pos_;
    if (at(pos_) == '.' && isDigit(at(pos_ + 1))) {
      t.integer = false;
      pos_ += 1;
      while (isDigit(at(pos_))) ++pos_;
    }
    if ((at(pos_) == 'e' || at(pos_) == 'E') &&
        (isDigit(at(pos_ + 1)) || ((at(pos_ + 1) == '+' || at(pos_ + 1) == '-') && isDigit(at(pos_ + 2))))) {
      t.integer = false;
      pos_ += 2;
      while (isDigit(at(pos_))) ++pos_;
    }
    double v = 0.0;
    const char* first = s_.data() + digits;
    const std::errc ec = std::from_chars(first, s_.data() + pos_, v).ec;
    // Out of range: overflow becomes infinity (rejected later as not
    // finite), underflow becomes 0.
    if (ec == std::errc::result_out_of_range) v = overflows(s_.substr(digits, pos_ - digits)) ? kInf : 0.0;
    t.value = negative ? -v : v;
    t.type = Token::Number;
    if (at(pos_) == '%') {
      ++pos_;
      t.type = Token::Percentage;
    } else if (startsName()) {
      while (pos_ < s_.size() && isNameChar(s_[pos_])) ++pos_;
      t.type = Token::Dimension;
    }
    t.text = s_.substr(start, pos_ - start);
  }

  // Whether an out-of-range unsigned CSS number is too large (rather than
  // too small): its leading significant digit sits at a power of ten >= 0.
  static bool overflows(std::string_view num) {
    const std::size_t e = num.find_first_of("eE");
    const std::string_view mantissa = num.substr(0, e);
    long long exponent = 0;
    if (e != std::string_view::npos) {
      std::string_view ex = num.substr(e + 1);
      const bool neg = !ex.empty() && ex[0] == '-';
      if (!ex.empty() && (ex[0] == '+' || ex[0] == '-')) ex.remove_prefix(1);
      for (char c : ex) exponent = std::min(exponent * 10 + (c - '0'), 1000000000LL);  // saturate
      if (neg) exponent = -exponent;
    }
    const std::size_t dot = mantissa.find('.');
    const std::string_view whole = mantissa.substr(0, dot);
    const std::size_t firstNonZero = whole.find_first_not_of('0');
    long long lead = 0;  // power of ten of the leading significant digit
    if (firstNonZero != std::string_view::npos) {
      lead = static_cast<long long>(whole.size() - firstNonZero) - 1;
    } else if (dot != std::string_view::npos) {
      const std::string_view frac = mantissa.substr(dot + 1);
      const std::size_t nz = frac.find_first_not_of('0');
      if (nz == std::string_view::npos) return false;  // zero
      lead = -static_cast<long long>(nz) - 1;
    }
    return lead + exponent >= 0;
  }

  static constexpr double kInf = std::numeric_limits<double>::infinity();
  std::string_view s_;
  std::size_t pos_{0};
};

// ---------------------------------------------------------------------------
// [SECTION] parseEasing
// ---------------------------------------------------------------------------

// The arguments of a function: comma-separated groups of component tokens.
struct Args {
  std::vector<std::vector<Token>> groups;
  bool spaceSeparated() const { return groups.size() == 1 && groups[0].size() > 1; }
};

class Parser {
 public:
  Parser(std::string_view text, std::string* error) : lex_(text), error_(error) {}

  std::optional<TransitionFunction> parse() {
    lex_.skipSpace();
    const Token t = lex_.next();
    std::optional<TransitionFunction> fn;
    switch (t.type) {
      case Token::End: return fail("empty easing");
      case Token::Ident: fn = keyword(t.text); break;
      case Token::Function: fn = function(t.text); break;
      default: return fail("expected an easing keyword or function, got '" + std::string(t.text) + "'");
    }
    if (!fn) return std::nullopt;
    lex_.skipSpace();
    const Token extra = lex_.next();
    if (extra.type != Token::End)
      return fail("unexpected '" + std::string(extra.text) + "' after the easing");
    return fn;
  }

 private:
  std::nullopt_t fail(std::string message) {
    if (error_) *error_ = std::move(message);
    return std::nullopt;
  }

  static bool eqLower(std::string_view t, std::string_view lower) { return detail::equalsLower(t, lower); }

  // [SECTION] keywords: CSS, GSAP's names, then the library's families in
  // kebab-case ("ease-in-out-sine") or run together ("easeinoutsine").
  std::optional<TransitionFunction> keyword(std::string_view name) {
    if (const TransitionFunction* css = detail::cssEasingKeyword(name, eqLower)) return *css;
    if (const detail::GsapFamily* family = detail::gsapFamilyNamed(name, eqLower))
      return gsap(*family, false);
    if (equalsIgnoreCase(name, "none"))
      return fail("'none' is not an easing (GSAP's none is linear: write linear or power0)");
    static constexpr std::string_view kModes[] = {"in", "out", "in-out"};
    static constexpr std::string_view kModesRunTogether[] = {"in", "out", "inout"};
    for (std::size_t f = 0; f < kFamilyCount; ++f) {
      for (std::size_t m = 0; m < 3; ++m) {
        std::string kebab = "ease-";
        kebab += kModes[m];
        kebab += '-';
        kebab += kFamilyNames[f];
        std::string together = "ease";
        together += kModesRunTogether[m];
        together += kFamilyNames[f];
        if (equalsIgnoreCase(name, kebab) || equalsIgnoreCase(name, together)) {
          TransitionFunction fn;
          fn.kind = familyKind(static_cast<Family>(f), static_cast<EaseMode>(m));
          return fn;
        }
      }
    }
    return fail("unknown easing '" + std::string(name) + "'");
  }

  std::optional<TransitionFunction> function(std::string_view name) {
    if (equalsIgnoreCase(name, "cubic-bezier")) return withArgs("cubic-bezier", &Parser::cubicBezier);
    if (equalsIgnoreCase(name, "steps")) return withArgs("steps", &Parser::stepsFn);
    if (equalsIgnoreCase(name, "linear")) return withArgs("linear", &Parser::linearFn);
    if (equalsIgnoreCase(name, "spring")) return withArgs("spring", &Parser::springFn);
    if (const detail::GsapFamily* family = detail::gsapFamilyNamed(name, eqLower)) return gsap(*family, true);
    return fail("unknown easing function '" + std::string(name) + "()'");
  }

  // [SECTION] GSAP 3's names (docs/easing.md, "GSAP eases"): `family`
  // (its .out), `family.in`, `family.out`, `family.inOut`, and for back and
  // elastic the mode's parameters, `back.out(3)`, or the family's,
  // `back(3)` (its .out). Nothing may stand between the family, the dot and
  // the mode. `function` says the family was read as a function token.
  std::optional<TransitionFunction> gsap(const detail::GsapFamily& family, bool function) {
    static constexpr std::string_view kModeSpellings[] = {".in", ".out", ".inOut"};
    EaseMode mode = EaseMode::Out;
    bool params = function;
    gsapName_ = family.name;  // as messages print it: "back.inOut"
    gsapPlain_ = gsapName_ + ".out";
    if (!function && lex_.nextIs('.')) {
      const Token dot = lex_.next();  // ("power2.5" reads a number here)
      const Token m = dot.type == Token::Other ? lex_.next() : dot;
      const std::optional<EaseMode> named = m.type == Token::Ident || m.type == Token::Function
                                                ? detail::gsapModeNamed(m.text, eqLower)
                                                : std::nullopt;
      if (!named) {
        std::string why = "expected in, out or inOut after '" + gsapName_ + ".'";
        const bool gap = m.type == Token::End || m.text[0] == ' ' || m.text[0] == '\t' || m.text[0] == '\n' ||
                         m.text[0] == '\r' || m.text[0] == '\f' || m.text[0] == '/';
        if (!gap) why += ", got '" + std::string(m.text) + (m.type == Token::Function ? "('" : "'");
        return fail(std::move(why));
      }
      mode = *named;
      gsapName_ += kModeSpellings[static_cast<std::size_t>(mode)];
      gsapPlain_ = gsapName_;
      params = m.type == Token::Function;
    }
    const bool isBack = family.in == EaseKind::EaseInBack;
    const bool isElastic = family.in == EaseKind::EaseInElastic;
    if (!params) {
      // GSAP's back.inOut overshoots by 1.70158 on each half, Penner's
      // ease-in-out-back (the preset) by 1.70158 * 1.525; GSAP's expo is
      // not the classic one (TransitionFunction::expo).
      if (isBack && mode == EaseMode::InOut) return TransitionFunction::back(mode);
      if (family.in == EaseKind::EaseInExpo) return TransitionFunction::expo(mode);
      TransitionFunction fn;
      fn.kind = detail::gsapKind(family, mode);
      return fn;
    }
    if (!isBack && !isElastic) return fail(gsapName_ + "() takes no parameters: write " + gsapPlain_);
    gsapMode_ = mode;
    return withArgs(gsapName_, isBack ? &Parser::backFn : &Parser::elasticFn);
  }

  // back.<mode>(overshoot)
  std::optional<TransitionFunction> backFn(const Args& args) {
    std::vector<Token> nums;
    if (!flatNumbers(args, nums)) return std::nullopt;
    if (nums.size() != 1)
      return fail(gsapName_ + "() takes 1 number, the overshoot (write " + gsapPlain_ +
                  " for 1.70158), got " + std::to_string(nums.size()));
    double v = 0.0;
    if (!finiteNumber(nums[0], v)) return std::nullopt;
    if (!detail::easingValueInRange(v)) return fail(outOfRange(gsapName_ + "()", "overshoot", v));
    return TransitionFunction::back(gsapMode_, v);
  }

  // elastic.<mode>(amplitude[, period])
  std::optional<TransitionFunction> elasticFn(const Args& args) {
    std::vector<Token> nums;
    if (!flatNumbers(args, nums)) return std::nullopt;
    const char* defaults = gsapMode_ == EaseMode::InOut ? "1, 0.45" : "1, 0.3";
    if (nums.empty() || nums.size() > 2)
      return fail(gsapName_ + "() takes 1 or 2 numbers, the amplitude and period (write " + gsapPlain_ +
                  " for " + defaults + "), got " + std::to_string(nums.size()));
    double v[2] = {0.0, 0.0};
    for (std::size_t i = 0; i < nums.size(); ++i)
      if (!finiteNumber(nums[i], v[i])) return std::nullopt;
    static constexpr const char* kNames[] = {"amplitude", "period"};
    for (std::size_t i = 0; i < nums.size(); ++i) {
      if (v[i] <= 0.0)
        return fail(gsapName_ + "() " + kNames[i] + " must be > 0, got " + formatCssNumber(v[i]));
      if (!detail::easingValueInRange(v[i])) return fail(outOfRange(gsapName_ + "()", kNames[i], v[i]));
    }
    const std::optional<double> period = nums.size() == 2 ? std::optional<double>(v[1]) : std::nullopt;
    auto fn = TransitionFunction::elastic(gsapMode_, v[0], period);
    if (!fn) return fail(gsapName_ + "() parameters are out of range");
    return fn;
  }

  using ArgsParser = std::optional<TransitionFunction> (Parser::*)(const Args&);

  std::optional<TransitionFunction> withArgs(std::string_view fname, ArgsParser parseArgs) {
    fname_ = fname;
    Args args;
    lex_.skipSpace();
    Token t = lex_.next();
    if (t.type == Token::CloseParen) return (this->*parseArgs)(args);
    args.groups.emplace_back();
    for (;;) {
      switch (t.type) {
        case Token::End: return fail("missing ')' to close '" + std::string(fname) + "('");
        case Token::CloseParen:
          if (args.groups.back().empty()) return fail("empty argument in " + std::string(fname) + "()");
          return (this->*parseArgs)(args);
        case Token::Comma:
          if (args.groups.back().empty()) return fail("empty argument in " + std::string(fname) + "()");
          args.groups.emplace_back();
          break;
        case Token::Function:
          return fail("'" + std::string(t.text) + "()' is not supported inside " + std::string(fname) + "()");
        case Token::Other:
          return fail("unexpected '" + std::string(t.text) + "' in " + std::string(fname) + "()");
        default: args.groups.back().push_back(t); break;
      }
      lex_.skipSpace();
      t = lex_.next();
    }
  }

  // A number beyond kEasingValueLimit (Easing.hpp).
  static std::string outOfRange(std::string_view fn, std::string_view what, double v,
                                std::string_view unit = "") {
    const double limit = unit.empty() ? kEasingValueLimit : kEasingValueLimit * 100.0;
    char shortest[32];  // "5e+306", not its 307 digits
    const auto end = std::to_chars(shortest, shortest + sizeof shortest, v).ptr;
    return std::string(fn) + " " + std::string(what) + " " + std::string(shortest, end) + std::string(unit) +
           " is too large: an easing's values lie within ±" + formatCssNumber(limit) + std::string(unit);
  }

  std::string expectedNumber(const Token& t) const {
    return std::string(fname_) + "() expects a number, got '" + std::string(t.text) + "'";
  }

  // The arguments of spring(), back() and elastic() into `nums`: numbers
  // separated all by commas or all by spaces.
  bool flatNumbers(const Args& args, std::vector<Token>& nums) {
    if (args.spaceSeparated()) {
      nums = args.groups[0];
      return true;
    }
    for (const auto& g : args.groups) {
      if (g.size() != 1) {
        fail(std::string(fname_) + "() numbers must be all comma-separated or all space-separated");
        return false;
      }
      nums.push_back(g[0]);
    }
    return true;
  }

  // A finite number into `v`, or false with the error.
  bool finiteNumber(const Token& t, double& v) {
    if (t.type != Token::Number) {
      fail(expectedNumber(t));
      return false;
    }
    if (!std::isfinite(t.value)) {
      fail(std::string(fname_) + "() numbers must be finite");
      return false;
    }
    v = t.value;
    return true;
  }

  // cubic-bezier(<number [0,1]>, <number>, <number [0,1]>, <number>)
  std::optional<TransitionFunction> cubicBezier(const Args& args) {
    for (const auto& g : args.groups)
      if (g.size() != 1) return fail("cubic-bezier() numbers must be separated by commas");
    if (args.groups.size() != 4)
      return fail("cubic-bezier() takes 4 numbers, got " + std::to_string(args.groups.size()));
    double v[4];
    for (std::size_t i = 0; i < 4; ++i) {
      const Token& t = args.groups[i][0];
      if (t.type != Token::Number) return fail(expectedNumber(t));
      if (!std::isfinite(t.value)) return fail("cubic-bezier() numbers must be finite");
      v[i] = t.value;
    }
    static constexpr const char* kNames[] = {"x1", "y1", "x2", "y2"};
    for (std::size_t i : {0u, 2u})
      if (!detail::bezierXInRange(v[i]))
        return fail(std::string("cubic-bezier() ") + kNames[i] + " must be in [0, 1], got " +
                    formatCssNumber(v[i]));
    for (std::size_t i : {1u, 3u})
      if (!detail::easingValueInRange(v[i])) return fail(outOfRange("cubic-bezier()", kNames[i], v[i]));
    return TransitionFunction::cubicBezier(v[0], v[1], v[2], v[3]);
  }

  // steps(<integer>, <step-position>?)
  std::optional<TransitionFunction> stepsFn(const Args& args) {
    if (args.groups.empty() || args.groups.size() > 2 || args.groups[0].size() > 1 ||
        (args.groups.size() == 2 && args.groups[1].size() > 1))
      return fail("steps() takes a step count and an optional position, e.g. steps(4, jump-end)");
    const Token& count = args.groups[0][0];
    if (count.type != Token::Number || !count.integer)
      return fail("steps() count must be an integer, got '" + std::string(count.text) + "'");
    if (!detail::stepCountInRange(count.value))
      return fail(count.value < 1.0 ? "steps() count must be at least 1, got " + std::string(count.text)
                                    : "steps() count is too large: " + std::string(count.text));
    detail::StepKeyword position;
    if (args.groups.size() == 2) {
      const Token& p = args.groups[1][0];
      const std::optional<detail::StepKeyword> named =
          p.type == Token::Ident ? detail::stepPositionNamed(p.text,
                                                             [](std::string_view t, std::string_view lower) {
                                                               return detail::equalsLower(t, lower);
                                                             })
                                 : std::nullopt;
      if (!named) return fail("unknown step position '" + std::string(p.text) + "'");
      position = *named;
    }
    const int n = static_cast<int>(count.value);
    if (n < detail::minimumSteps(position.position))
      return fail("steps(" + std::to_string(n) + ", jump-none) needs at least 2 steps");
    auto fn = detail::stepsOf(n, position);
    return fn;
  }

  // linear([<number> && <percentage>{0,2}]#), resolved as CSS Easing 2
  // "create a linear easing function" says.
  std::optional<TransitionFunction> linearFn(const Args& args) {
    if (args.spaceSeparated()) return fail(linearStop(args.groups[0]));  // a lone stop with junk
    if (args.groups.size() < 2)
      return fail("linear() needs at least 2 stops, got " + std::to_string(args.groups.size()));
    constexpr double kUnset = std::numeric_limits<double>::quiet_NaN();
    std::vector<LinearStop> points;
    points.reserve(args.groups.size() * 2);
    double largestInput = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < args.groups.size(); ++i) {
      const std::vector<Token>& g = args.groups[i];
      std::optional<double> output;
      double pct[2];
      int pctCount = 0;
      bool pctRunEnded = false;
      for (const Token& t : g) {
        if (t.type == Token::Number) {
          if (output) return fail("linear() stop has more than one number: '" + joined(g) + "'");
          if (pctCount > 0) pctRunEnded = true;
          output = t.value;
        } else if (t.type == Token::Percentage) {
          if (pctCount == 2) return fail("linear() stop has more than two percentages: '" + joined(g) + "'");
          if (pctRunEnded)
            return fail("linear() stop percentages must be next to each other: '" + joined(g) + "'");
          pct[pctCount++] = t.value / 100.0;
        } else {
          return fail("linear() expects numbers and percentages, got '" + std::string(t.text) + "'");
        }
      }
      if (!output) return fail("linear() stop '" + joined(g) + "' needs an output number");
      if (!std::isfinite(*output) || (pctCount > 0 && !std::isfinite(pct[0])) ||
          (pctCount > 1 && !std::isfinite(pct[1])))
        return fail("linear() numbers must be finite");
      if (!detail::easingValueInRange(*output)) return fail(outOfRange("linear()", "output", *output));
      for (int k = 0; k < pctCount; ++k)
        if (!detail::easingValueInRange(pct[k]))
          return fail(outOfRange("linear()", "position", pct[k] * 100.0, "%"));
      // 4.1-4.2: a point per stop, its input from the first percentage,
      // raised to the largest input so far (4.3.1).
      points.push_back({*output, kUnset});
      if (pctCount > 0) {
        points.back().input = std::max(pct[0], largestInput);
        largestInput = points.back().input;
        if (pctCount > 1) {  // 4.3.3: a second percentage adds a point with the same output
          points.push_back({*output, std::max(pct[1], largestInput)});
          largestInput = points.back().input;
        }
      } else if (i == 0) {  // 4.4: the first stop defaults to 0%
        points.back().input = 0.0;
        largestInput = 0.0;
      } else if (i + 1 == args.groups.size()) {  // 4.5: the last to 100%, or the largest input so far
        points.back().input = std::max(1.0, largestInput);
      }
    }
    // 5. Runs of unset inputs are spread evenly between their known neighbours.
    for (std::size_t i = 1; i < points.size(); ++i) {
      if (!std::isnan(points[i].input)) continue;
      std::size_t j = i + 1;
      while (std::isnan(points[j].input)) ++j;  // the last point always has an input
      const double from = points[i - 1].input;
      const double step = (points[j].input - from) / static_cast<double>(j - (i - 1));
      for (std::size_t m = i; m < j; ++m) points[m].input = from + step * static_cast<double>(m - (i - 1));
      i = j;
    }
    return TransitionFunction::linearOf(std::move(points));
  }

  std::string linearStop(const std::vector<Token>& g) {
    return "linear() needs at least 2 comma-separated stops, got '" + joined(g) + "'";
  }

  static std::string joined(const std::vector<Token>& g) {
    std::string s;
    for (const Token& t : g) {
      if (!s.empty()) s += ' ';
      s += t.text;
    }
    return s;
  }

  // spring(mass, stiffness, damping[, velocity]), commas or spaces.
  std::optional<TransitionFunction> springFn(const Args& args) {
    std::vector<Token> nums;
    if (!flatNumbers(args, nums)) return std::nullopt;
    if (nums.size() < 3 || nums.size() > 4)
      return fail("spring() takes 3 or 4 numbers (mass, stiffness, damping[, velocity]), got " +
                  std::to_string(nums.size()));
    double v[4] = {0.0, 0.0, 0.0, 0.0};
    for (std::size_t i = 0; i < nums.size(); ++i)
      if (!finiteNumber(nums[i], v[i])) return std::nullopt;
    if (v[0] <= 0.0) return fail("spring() mass must be > 0, got " + formatCssNumber(v[0]));
    if (v[1] <= 0.0) return fail("spring() stiffness must be > 0, got " + formatCssNumber(v[1]));
    if (v[2] <= 0.0)
      return fail("spring() damping must be > 0 (an undamped spring never settles), got " +
                  formatCssNumber(v[2]));
    auto fn = TransitionFunction::spring(v[0], v[1], v[2], v[3]);
    if (!fn) return fail("spring() parameters are out of range");
    return fn;
  }

  Lexer lex_;
  std::string* error_;
  std::string_view fname_;
  std::string gsapName_;   // a GSAP name as messages print it ("back.inOut"); fname_ may view it
  std::string gsapPlain_;  // the same without parameters, as a message suggests it ("back.out" for back())
  EaseMode gsapMode_{EaseMode::Out};
};

}  // namespace

std::optional<TransitionFunction> parseEasing(std::string_view text, std::string* error) {
  return Parser(text, error).parse();
}

// ---------------------------------------------------------------------------
// [SECTION] Debug::toString
// ---------------------------------------------------------------------------

namespace Debug {

namespace {
// Shortest round-trip form, exponent included: six significant digits
// would print a tiny spring mass or elastic amplitude as 0, which does not
// parse.
void appendShortest(std::string& out, double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}
}  // namespace

std::string toString(const TransitionFunction& fn) {
  std::string out;
  switch (fn.kind) {
    case EaseKind::Linear: return "linear";
    case EaseKind::CubicBezier: {
      static constexpr const char* kKeywords[] = {"", "ease", "ease-in", "ease-out", "ease-in-out"};
      if (fn.preset >= 1 && fn.preset <= 4) return kKeywords[fn.preset];
      out = "cubic-bezier(";
      for (int i = 0; i < 4; ++i) {
        if (i > 0) out += ", ";
        appendCssNumber(out, fn.p[i]);
      }
      out += ')';
      return out;
    }
    case EaseKind::Steps: {
      // Chromium's computed form: steps(n) for jump-end/end, otherwise the
      // position as written ("start" kept apart from "jump-start").
      out = "steps(" + std::to_string(fn.steps);
      switch (fn.stepPosition) {
        case StepPosition::JumpStart: out += fn.preset == 1 ? ", start" : ", jump-start"; break;
        case StepPosition::JumpEnd: break;
        case StepPosition::JumpNone: out += ", jump-none"; break;
        case StepPosition::JumpBoth: out += ", jump-both"; break;
      }
      out += ')';
      return out;
    }
    case EaseKind::LinearPoints: {
      out = "linear(";
      for (std::size_t i = 0; i < fn.stopCount(); ++i) {
        const LinearStop s = fn.stop(i);
        if (i > 0) out += ", ";
        appendCssNumber(out, s.output);
        out += ' ';
        appendCssNumber(out, s.input * 100.0);
        out += '%';
      }
      out += ')';
      return out;
    }
    case EaseKind::Spring: {
      out = "spring(";
      for (int i = 0; i < 4; ++i) {
        if (i > 0) out += ", ";
        appendShortest(out, fn.p[i]);
      }
      out += ')';
      return out;
    }
#define ZENIT_DETAIL_FAMILY_CASE(F) \
  case EaseKind::EaseIn##F:         \
  case EaseKind::EaseOut##F:        \
  case EaseKind::EaseInOut##F:
      ZENIT_EASE_FAMILIES(ZENIT_DETAIL_FAMILY_CASE)
#undef ZENIT_DETAIL_FAMILY_CASE
      if (isGsapCurve(fn)) {  // GSAP's spelling, every parameter: "expo.in", "elastic.inOut(1, 0.45)"
        static constexpr const char* kGsapModes[] = {".in", ".out", ".inOut"};
        const Family f = familyOf(fn.kind);
        out = f == Family::Expo ? "expo" : (f == Family::Elastic ? "elastic" : "back");
        out += kGsapModes[static_cast<std::size_t>(modeOf(fn.kind))];
        if (f == Family::Expo) return out;
        out += '(';
        appendShortest(out, fn.p[0]);
        if (f == Family::Elastic) {
          out += ", ";
          appendShortest(out, fn.p[1]);
        }
        out += ')';
        return out;
      }
      {
        static constexpr const char* kModes[] = {"ease-in-", "ease-out-", "ease-in-out-"};
        out = kModes[static_cast<std::size_t>(modeOf(fn.kind))];
        for (char c : kFamilyNames[static_cast<std::size_t>(familyOf(fn.kind))]) out += lowerAscii(c);
        return out;
      }
  }
  return out;
}

}  // namespace Debug

}  // namespace zenit
