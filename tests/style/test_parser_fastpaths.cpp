// Edge cases of the parser's fast paths: the tokenizer's `-name` and `#name`
// lanes, the inline keyword tests (CSS-wide keywords, px, easing keywords,
// var()), the reused keyframe buffers, declarations read in one pass, and
// rgb() / cubic-bezier() / steps() read from tokens, selector preludes read
// in one call with their gaps restored. Each case sits on the boundary
// between a fast path and the general CSS Syntax 3 code.
//
// [SECTION] Tokenizer: `-name` and `#name` lanes, comments, positions
// [SECTION] Keywords, `px` and var() in any case
// [SECTION] Reused keyframe buffers
// [SECTION] A declaration's `name:` and its ordinary tokens read in one pass
// [SECTION] rgb() / rgba() on tokens: exactly parseColor's result
// [SECTION] cubic-bezier() and steps() on tokens: exactly parseEasing's result
// [SECTION] Hex colours, `px` lengths, memoised property names
// [SECTION] Selector preludes read through appendUntil, gaps restored as tokens
#include "parser_test_util.hpp"

#include <zenit/core/Color.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/style/Tokenizer.hpp>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace zenit;
using namespace zenit::test;

namespace {

const Style& normalOf(const StyleSheet& s) {
  REQUIRE(s.rules.size() == 1);
  return s.rules[0].decls.normal;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Tokenizer: `-name` and `#name` lanes, comments, positions
// ---------------------------------------------------------------------------

TEST_CASE("tokenizer fast path: a leading dash starts a name, a number or CDC", "[style][tokenizer]") {
  auto l = lex("-webkit-x --accent-1 --x( - -5px -.5 --> -\\61 b -");
  REQUIRE(l.toks.size() == 10);
  CHECK(l.toks[0].type == TokenType::Ident);
  CHECK(l.toks[0].text == "-webkit-x");
  CHECK(l.toks[1].type == TokenType::Ident);
  CHECK(l.toks[1].text == "--accent-1");
  CHECK(l.toks[2].type == TokenType::Function);
  CHECK(l.toks[2].text == "--x");
  CHECK(l.toks[3].isDelim('-'));
  CHECK(l.toks[4].type == TokenType::Dimension);
  CHECK(l.toks[4].number == -5.0);
  CHECK(l.toks[4].text == "px");
  CHECK((l.toks[4].flags & Token::kSigned) != 0);
  CHECK(l.toks[5].type == TokenType::Number);
  CHECK(l.toks[5].number == -0.5);
  CHECK(l.toks[6].type == TokenType::CDC);
  // An escape after the dash leaves the fast path; the name is decoded.
  CHECK(l.toks[7].type == TokenType::Ident);
  CHECK(l.toks[7].text == "-ab");
  CHECK((l.toks[7].flags & Token::kEscaped) != 0);
  CHECK(l.toks[8].isDelim('-'));  // a dash at end of input
  CHECK(l.toks[9].type == TokenType::Eof);
  CHECK(l.diags.empty());
}

TEST_CASE("tokenizer fast path: `--` right before `>` is CDC, before other bytes a name",
          "[style][tokenizer]") {
  auto l = lex("-->--a-->--");
  REQUIRE(l.toks.size() == 5);
  CHECK(l.toks[0].type == TokenType::CDC);
  // `--a--` is one name (`-` is a name byte), then `>` and `--`.
  CHECK(l.toks[1].type == TokenType::Ident);
  CHECK(l.toks[1].text == "--a--");
  CHECK(l.toks[2].isDelim('>'));
  CHECK(l.toks[3].type == TokenType::Ident);
  CHECK(l.toks[3].text == "--");
  CHECK(l.toks[4].type == TokenType::Eof);
}

TEST_CASE("tokenizer fast path: hashes by their first bytes", "[style][tokenizer]") {
  auto l = lex("#abc #-a #--a #-1 #- #1e3 #\xC3\xA9t\xC3\xA9 #a\\62 c #a\\\n");
  REQUIRE(l.toks.size() >= 10);
  struct Want {
    const char* text;
    bool id;
  };
  const Want want[] = {{"abc", true},
                       {"-a", true},
                       {"--a", true},
                       {"-1", false},
                       {"-", false},
                       {"1e3", false},
                       {"\xC3\xA9t\xC3\xA9", true},
                       {"abc", true}};
  for (std::size_t i = 0; i < 8; ++i) {
    INFO(i);
    CHECK(l.toks[i].type == TokenType::Hash);
    CHECK(l.toks[i].text == want[i].text);
    CHECK(((l.toks[i].flags & Token::kHashId) != 0) == want[i].id);
  }
  CHECK((l.toks[7].flags & Token::kEscaped) != 0);
  // A backslash before a newline is no escape: the hash ends before it.
  CHECK(l.toks[8].type == TokenType::Hash);
  CHECK(l.toks[8].text == "a");
  CHECK(l.toks[9].isDelim('\\'));
}

TEST_CASE("tokenizer fast path: comments between tokens, long names, exponents", "[style][tokenizer]") {
  const std::string longName(5000, 'n');
  auto l = lex("a/**/b-/**/-c/* x */#d " + longName + " 1e3px 1E-2 2e 3em 4e+1% 5.5e1");
  REQUIRE(l.toks.size() == 12);
  CHECK(l.toks[0].text == "a");
  CHECK(l.toks[1].text == "b-");
  CHECK(l.toks[2].type == TokenType::Ident);
  CHECK(l.toks[2].text == "-c");
  CHECK((l.toks[2].flags & Token::kAfterWhitespace) == 0);  // a comment is not whitespace
  CHECK(l.toks[3].type == TokenType::Hash);
  CHECK(l.toks[4].text.size() == longName.size());
  CHECK(l.toks[5].type == TokenType::Dimension);
  CHECK(l.toks[5].number == 1000.0);
  CHECK(l.toks[5].text == "px");
  CHECK_FALSE(l.toks[5].isInteger());
  CHECK(l.toks[6].type == TokenType::Number);
  CHECK(l.toks[6].number == 0.01);
  CHECK(l.toks[7].type == TokenType::Dimension);  // `e` without digits is a unit
  CHECK(l.toks[7].text == "e");
  CHECK(l.toks[8].text == "em");
  CHECK(l.toks[8].number == 3.0);
  CHECK(l.toks[9].type == TokenType::Percentage);
  CHECK(l.toks[9].number == 40.0);
  CHECK(l.toks[10].type == TokenType::Number);
  CHECK(l.toks[10].number == 55.0);
  CHECK(l.toks[11].type == TokenType::Eof);
}

TEST_CASE("tokenizer fast path: punctuation next to names keeps positions", "[style][tokenizer]") {
  auto l = lex("a{b:c;d:e(f,g)}\n  -h:#i");
  const TokenType want[] = {TokenType::Ident,      TokenType::LeftBrace,  TokenType::Ident, TokenType::Colon,
                            TokenType::Ident,      TokenType::Semicolon,  TokenType::Ident, TokenType::Colon,
                            TokenType::Function,   TokenType::Ident,      TokenType::Comma, TokenType::Ident,
                            TokenType::RightParen, TokenType::RightBrace, TokenType::Ident, TokenType::Colon,
                            TokenType::Hash,       TokenType::Eof};
  REQUIRE(l.toks.size() == std::size(want));
  for (std::size_t i = 0; i < std::size(want); ++i) {
    INFO(i);
    CHECK(l.toks[i].type == want[i]);
  }
  CHECK((l.toks[14].line == 2 && l.toks[14].col == 3));
  CHECK((l.toks[16].line == 2 && l.toks[16].col == 6));
  CHECK(l.toks[16].begin == 21);
  CHECK(l.toks[16].end == 23);
}

// ---------------------------------------------------------------------------
// [SECTION] Keywords, `px` and var() in any case
// ---------------------------------------------------------------------------

TEST_CASE("parser fast path: CSS-wide keywords in any case, look-alikes are values", "[style][parser]") {
  auto s = parse(".a { opacity: 0.5; opacity: INITIAL; width: 5px; width: UnSet }");
  const Style& st = normalOf(s);
  CHECK(st.opacity == Opt<float>(1.0f));
  CHECK(st.width == Opt<Value>(Value::makeAuto()));
  CHECK(s.diagnostics.empty());

  // Same length and first byte as a keyword, but not one: an ordinary (invalid) value.
  // (`inheriT` is `inherit`, kept for the cascade.)
  auto bad = parse(".a { opacity: initiaL2; opacity: inheriT; width: reverts }");
  REQUIRE(bad.diagnostics.size() == 2);
  CHECK(bad.diagnostics[0].severity == Severity::Error);
  CHECK(bad.diagnostics[0].message.find("invalid value for opacity") == 0);
  CHECK(bad.diagnostics[1].severity == Severity::Error);
  CHECK(bad.diagnostics[1].message.find("invalid value for width") == 0);
  REQUIRE(bad.rules[0].decls.pending.size() == 1);
  CHECK(bad.rules[0].decls.pending[0].value == "inherit");
}

TEST_CASE("parser fast path: px in any case, other units still checked", "[style][parser][values]") {
  auto s = parse(".a { width: 10PX; height: 2Px; min-width: 1in; max-width: 3pxx }");
  const Style& st = normalOf(s);
  CHECK(st.width == Opt<Value>(Px(10.0f)));
  CHECK(st.height == Opt<Value>(Px(2.0f)));
  CHECK(st.minWidth == Opt<Value>(Px(96.0f)));
  CHECK_FALSE(st.maxWidth.is_set);
  REQUIRE(s.diagnostics.size() == 1);
  CHECK(s.diagnostics[0].message.find("invalid value for max-width") == 0);
}

TEST_CASE("parser fast path: easing keywords in any case give the keyword's function",
          "[style][parser][animation]") {
  auto s = parse(
      ".a { transition: opacity 1s EASE-IN, color 2s Step-End, width 1s ease-in-out-sine, "
      "height 1s linear; animation-timing-function: EASE, step-start }");
  const Style& st = normalOf(s);
  CHECK(s.diagnostics.empty());
  REQUIRE(st.transitions.is_set);
  REQUIRE(st.transitions.value.size() == 4);
  CHECK(st.transitions.value[0].ease == TransitionFunction::EaseIn);
  CHECK(st.transitions.value[1].ease == TransitionFunction::StepEnd);
  CHECK_FALSE(st.transitions.value[2].ease == TransitionFunction::EaseInOut);  // a library family, not CSS
  CHECK(st.transitions.value[3].ease == TransitionFunction::Linear);
  REQUIRE(st.animationLonghands.timingFunctions.has_value());
  REQUIRE(st.animationLonghands.timingFunctions->size() == 2);
  CHECK((*st.animationLonghands.timingFunctions)[0] == TransitionFunction::Ease);
  CHECK((*st.animationLonghands.timingFunctions)[1] == TransitionFunction::StepStart);
}

TEST_CASE("parser fast path: var() is found in any case and at any depth", "[style][parser][vars]") {
  auto s = parse(".a { width: calc(VAR(--w) + 1px); color: red; }");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.diagnostics.empty());
  REQUIRE(s.rules[0].decls.pending.size() == 1);
  CHECK(s.rules[0].decls.pending[0].property == "width");
  // A function merely starting with `var` is not var().
  auto v = parse(".a { width: variable(1px) }");
  CHECK(v.rules[0].decls.pending.empty());
  REQUIRE(v.diagnostics.size() == 1);
  CHECK(v.diagnostics[0].message.find("invalid value for width") == 0);
  // The flag is per declaration: the one after a var() parses normally.
  auto k = parse(
      "@keyframes k { from { opacity: Var(--o); width: 1px } to { opacity: 1 } }\n"
      ".b { width: var(--w); height: 2px }");
  REQUIRE(k.keyframes.size() == 1);
  REQUIRE(k.keyframes[0].frames.size() == 2);
  CHECK_FALSE(k.keyframes[0].frames[0].delta.opacity.is_set);
  CHECK(k.keyframes[0].frames[0].delta.width == Opt<Value>(Px(1.0f)));
  REQUIRE(k.diagnostics.size() == 1);
  CHECK(k.diagnostics[0] == err(1, 23, "var() is not supported in @keyframes; the declaration is dropped"));
  CHECK(k.rules[0].decls.normal.height == Opt<Value>(Px(2.0f)));
  CHECK(k.rules[0].decls.pending.size() == 1);
}

// ---------------------------------------------------------------------------
// [SECTION] Reused keyframe buffers
// ---------------------------------------------------------------------------

TEST_CASE("parser fast path: keyframe buffers are reused across keyframes and blocks", "[style][parser]") {
  auto s = parse(
      "@keyframes a { 0%, 50% { opacity: 0 } to { opacity: 1 } }\n"
      "@keyframes b { from { opacity: 0.2 } 25%, 75%, 100% { opacity: 0.8 } }\n"
      "@keyframes c { 10% { opacity: 0.1 } bogus { opacity: 1 } 20% { opacity: 0.3 } }");
  REQUIRE(s.keyframes.size() == 3);
  const auto& a = s.keyframes[0].frames;
  REQUIRE(a.size() == 3);
  CHECK(a[0].t == 0.0f);
  CHECK(a[1].t == 0.5f);
  CHECK(a[2].t == 1.0f);
  CHECK(a[1].delta.opacity == Opt<float>(0.0f));
  const auto& b = s.keyframes[1].frames;
  REQUIRE(b.size() == 4);
  CHECK(b[0].delta.opacity == Opt<float>(0.2f));
  CHECK(b[1].t == 0.25f);
  CHECK(b[3].t == 1.0f);
  CHECK(b[3].delta.opacity == Opt<float>(0.8f));
  const auto& c = s.keyframes[2].frames;
  REQUIRE(c.size() == 2);  // the bad selector drops its keyframe only
  CHECK(c[1].t == 0.2f);
  CHECK(c[1].delta.opacity == Opt<float>(0.3f));
  REQUIRE(s.diagnostics.size() == 1);
  CHECK(s.diagnostics[0].line == 3);
}

// ---------------------------------------------------------------------------
// [SECTION] A declaration's `name:` and its ordinary tokens read in one pass
// ---------------------------------------------------------------------------

TEST_CASE("parser fast path: declarations read in one pass, with comments and no spaces", "[style][parser]") {
  auto s = parse(
      ".a { /*c*/ width /*c*/ : /*c*/ 5px /*c*/ ; height:6px;min-width:1px 0;"
      "max-width: calc((1px + 2px) * 2) ; color: red !important; margin: 1px 2px 3px 4px }");
  const Style& st = normalOf(s);
  CHECK(st.width == Opt<Value>(Px(5.0f)));
  CHECK(st.height == Opt<Value>(Px(6.0f)));
  CHECK(st.maxWidth == Opt<Value>(Px(6.0f)));
  CHECK(st.margin.value.top == Px(1.0f));
  CHECK(st.margin.value.left == Px(4.0f));
  REQUIRE(s.rules[0].decls.important);
  CHECK(s.rules[0].decls.important->color == Opt<Color>(Color{1, 0, 0, 1}));
  CHECK_FALSE(st.color.is_set);
  // min-width takes one length: the second token makes the value invalid.
  REQUIRE(s.diagnostics.size() == 1);
  CHECK(s.diagnostics[0].message.find("invalid value for min-width") == 0);
}

TEST_CASE("parser fast path: what is not `name:` is replayed to the general path", "[style][parser]") {
  // Junk first, then a name without a colon, then a good declaration.
  auto s = parse(".a { 5px 6px; width 5px; height: 2px }");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].decls.normal.height == Opt<Value>(Px(2.0f)));
  CHECK_FALSE(s.rules[0].decls.normal.width.is_set);
  REQUIRE(s.diagnostics.size() == 2);
  CHECK(s.diagnostics[0] == err(1, 6, "expected a declaration, found `5px`"));
  CHECK(s.diagnostics[1] == err(1, 15, "expected `:` after `width`"));

  // `!important` alone leaves an empty value, also when the name came in the same read.
  auto e = parse(".a { width: !important }");
  REQUIRE(e.diagnostics.size() == 1);
  CHECK(e.diagnostics[0] == err(1, 6, "empty value for width"));

  // The end of input in the middle of a value: the value is still applied
  // (CSS closes what is open), and the block is reported.
  auto eof = parse(".a { width: 5px");
  REQUIRE(eof.rules.size() == 1);
  CHECK(eof.rules[0].decls.normal.width == Opt<Value>(Px(5.0f)));
  REQUIRE(eof.diagnostics.size() == 1);
  CHECK(eof.diagnostics[0].line == 1);
  CHECK(eof.diagnostics[0].col == 4);

  // A style attribute ends at EOF, not at `}`: a `}` in a value is part of it.
  std::vector<Diagnostic> d;
  QuietLog quiet;
  DeclarationBlock b = parseStyleAttribute("width: 3px; height: 1px }; opacity: 0.5", &d);
  CHECK(b.normal.width == Opt<Value>(Px(3.0f)));
  CHECK_FALSE(b.normal.height.is_set);
  CHECK(b.normal.opacity == Opt<float>(0.5f));
  REQUIRE(d.size() == 1);
  CHECK(d[0].message.find("invalid value for height") == 0);
}

TEST_CASE("parser fast path: diagnostics keep source order around read-ahead", "[style][parser]") {
  // An at-rule in a block is reported before the tokenizer reads the bad
  // string after it.
  auto a = parse(".a { @x 'bad\n; width: 1px }");
  REQUIRE(a.diagnostics.size() == 2);
  CHECK(a.diagnostics[0] ==
        err(1, 6, "@x is not allowed inside a style rule (only @media and @supports are); skipped"));
  CHECK(a.diagnostics[1] == err(1, 9, "unterminated string: a newline ends it"));
  CHECK(a.rules[0].decls.normal.width == Opt<Value>(Px(1.0f)));
  // Junk: its tokens (and their errors) come first, then the parser's verdict.
  auto j = parse(".a { 5px 'bad\n; width: 1px }");
  REQUIRE(j.diagnostics.size() == 2);
  CHECK(j.diagnostics[0] == err(1, 10, "unterminated string: a newline ends it"));
  CHECK(j.diagnostics[1] == err(1, 6, "expected a declaration, found `5px`"));
  // In a value: the string's error, then the value's.
  auto v = parse(".a { width: 1px 'bad\n; height: 2px }");
  REQUIRE(v.diagnostics.size() == 2);
  CHECK(v.diagnostics[0] == err(1, 17, "unterminated string: a newline ends it"));
  CHECK(v.diagnostics[1].message.find("invalid value for width") == 0);
  CHECK(v.rules[0].decls.normal.height == Opt<Value>(Px(2.0f)));
}

// ---------------------------------------------------------------------------
// [SECTION] rgb() / rgba() on tokens: exactly parseColor's result
// ---------------------------------------------------------------------------

namespace {

// `color: text` in a sheet against parseColor(text): the same colour bit
// for bit, or both reject it (the sheet with one "invalid value" error).
void checkColorLikeParseColor(const std::string& text) {
  INFO("color: " << text);
  const auto want = parseColor(text);
  auto s = parse(".a { color: " + text + " }");
  REQUIRE(s.rules.size() == 1);
  const Opt<Color>& got = s.rules[0].decls.normal.color;
  if (want) {
    CHECK(s.diagnostics.empty());
    REQUIRE(got.is_set);
    const float a[4] = {got.value.r, got.value.g, got.value.b, got.value.a};
    const float b[4] = {want->r, want->g, want->b, want->a};
    CHECK(std::memcmp(a, b, sizeof a) == 0);  // bit for bit, so -0 and 0 differ too
  } else {
    CHECK_FALSE(got.is_set);
    REQUIRE(s.diagnostics.size() == 1);
    CHECK(s.diagnostics[0].message.find("invalid value for color") == 0);
  }
}

}  // namespace

TEST_CASE("parser fast path: rgb() values from CSS Color 4 §5.1", "[style][parser][values]") {
  auto s = parse(
      ".a { color: rgb(255, 0, 0) } .b { color: RGBA(0 0 255 / 50%) } .c { color: rgb(300, -5, 0) }"
      ".d { color: rgb(100% 0% none) } .e { color: rgba(0, 0, 0, 0.5) } .f { color: rgb(0 0 0 / 2) }");
  REQUIRE(s.rules.size() == 6);
  CHECK(s.diagnostics.empty());
  CHECK(s.rules[0].decls.normal.color == Opt<Color>(Color{1, 0, 0, 1}));
  CHECK(s.rules[1].decls.normal.color == Opt<Color>(Color{0, 0, 1, 0.5f}));
  CHECK(s.rules[2].decls.normal.color == Opt<Color>(Color{1, 0, 0, 1}));  // clamped to [0, 255]
  // none is 0, and makes the colour not legacy (it interpolates in Oklab, as in Chromium)
  CHECK(s.rules[3].decls.normal.color == Opt<Color>(Color{1, 0, 0, 1, false}));
  CHECK(s.rules[4].decls.normal.color == Opt<Color>(Color{0, 0, 0, 0.5f}));
  CHECK(s.rules[5].decls.normal.color == Opt<Color>(Color{0, 0, 0, 1}));  // alpha clamped to 1
}

TEST_CASE("parser fast path: rgb() on tokens agrees with parseColor", "[style][parser][values]") {
  const char* cases[] = {
      // Legacy and modern, numbers, percentages, none, alpha forms.
      "rgb(1, 2, 3)", "rgba(12,34,56,0.7)", "rgb(10%, 20%, 30%, 40%)", "rgb(1 2 3)", "rgb(1 2 3 / 0.25)",
      "rgb(1% 2 none / none)", "rgba( 255 , 128 , 0 )", "rgb(\t1\n2\f3\r)",
      // Numbers the two lexers must read alike.
      "rgb(+1, -2, .5)", "rgb(1e2 2E-1 3e+1)", "rgb(0.1 0.2 0.3 / 0.3)", "rgb(-0 -0 -0 / -0)",
      "rgb(12345678901234567890 1 1)", "rgb(0.00000000000000000000123 1 1)", "rgb(1.2.3 4)", "rgb(1-2-3)",
      "rgb(127.5 63.75 31.875 / 0.333333333333333333)", "rgb(1e400 1e-400 0)", "rgba(0, 0, 0, 0.1)",
      "rgba(0, 0, 0, 0.3)", "rgba(0, 0, 0, 0.7)", "rgba(200, 201, 202, 0.9)",
      // Not parseColor's: comments inside, units, nesting, escapes.
      "rgb(1,/**/2,3)", "rgb(/**/1 2 3)", "rgb(1 2 3/**/)", "rgb(1px 2 3)", "rgb(calc(1) 2 3)",
      "rgb((1) 2 3)", "rgb(1 2 \\33)", "r\\67 b(1 2 3)", "rgb(none, 1, 2)", "rgb(1, 2%, 3)",
      // Wrong shapes.
      "rgb(1, 2, 3,)", "rgb(1 2 3 /)", "rgb(1 2)", "rgb(1, 2 3)", "rgb(1 2, 3)", "rgb()", "rgb(1 2 3 4)",
      "rgb(1, 2, 3, none)", "rgb(1 2 3 / 4 / 5)", "rgb(1 2 3 / 4 5)", "rgb(1,2,3,4,5)", "rgb(, 1, 2, 3)",
      "rgb(1 2 3 /4%)", "rgb(1 2 3 / 50%) red", "rgb(nonE 2 3)", "rgb(none1 2 3)", "rgb(-none 2 3)",
      "rgb(1 2 3 ; )", "rgb(1 2 \"3\")", "rgb(1 2 3 / #f)", "rgb(1 2 3 ] )"};
  for (const char* c : cases) checkColorLikeParseColor(c);
  // A generated sweep over spellings of each channel.
  const char* parts[] = {"0", "7", "255", "256", "-1", "0.5", "33.3", "50%", "12.5%", "101%", "none", "1e1"};
  for (const char* a : parts)
    for (const char* b : parts) {
      checkColorLikeParseColor(std::string("rgb(") + a + ", " + b + ", " + a + ")");
      checkColorLikeParseColor(std::string("rgba(") + a + " " + b + " 1 / " + b + ")");
    }
  // Decimals of every length up to and past 15 digits, with signs, leading
  // and trailing zeros, as channels, percentages and alpha: the numbers
  // the two readers compute with one multiply by a power of ten.
  std::uint32_t seed = 31337u;
  for (int i = 0; i < 3000; ++i) {
    seed = seed * 1664525u + 1013904223u;
    const int intDigits = static_cast<int>((seed >> 8) % 4);
    const int fracDigits = static_cast<int>((seed >> 12) % 18);
    std::string v = (seed >> 20) % 5 == 0 ? "-" : ((seed >> 20) % 5 == 1 ? "+" : "");
    for (int k = 0; k < intDigits; ++k) v += static_cast<char>('0' + (seed >> (k * 3)) % 10);
    if (intDigits == 0) v += '0';
    if (fracDigits > 0) {
      v += '.';
      for (int k = 0; k < fracDigits; ++k)
        v += static_cast<char>('0' + ((seed >> (k % 24)) + static_cast<std::uint32_t>(k)) % 10);
    }
    checkColorLikeParseColor("rgba(1, 2, 3, " + v + ")");
    checkColorLikeParseColor("rgb(" + v + " 2 " + v + "% / " + v + "%)");
  }
}

TEST_CASE("parser fast path: rgb() at the end of input is unclosed, as parseColor sees it",
          "[style][parser][values]") {
  // The value runs to EOF without `)`: CSS closes it; parseColor of the
  // text (which lacks the `)`) decides, and rejects it.
  auto s = parse(".a { color: rgb(1 2 3");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].decls.normal.color.is_set == parseColor("rgb(1 2 3").has_value());
  auto t = parse(".a { color: rgb(1 2 3 /* open");
  CHECK(t.rules[0].decls.normal.color.is_set == parseColor("rgb(1 2 3 /* open").has_value());
}

// ---------------------------------------------------------------------------
// [SECTION] cubic-bezier() and steps() on tokens: exactly parseEasing's result
// ---------------------------------------------------------------------------

namespace {

void checkEasingLikeParseEasing(const std::string& text) {
  INFO("transition-timing-function: " << text);
  std::string why;
  const auto want = parseEasing(text, &why);
  auto s = parse(".a { transition-timing-function: " + text + " }");
  REQUIRE(s.rules.size() == 1);
  const auto& got = s.rules[0].decls.normal.transitionLonghands.timingFunctions;
  if (want) {
    CHECK(s.diagnostics.empty());
    REQUIRE(got.has_value());
    REQUIRE(got->size() == 1);
    CHECK((*got)[0] == *want);
    CHECK((*got)[0].preset == want->preset);
    CHECK(std::memcmp((*got)[0].k, want->k, sizeof want->k) == 0);
  } else {
    CHECK_FALSE(got.has_value());
    REQUIRE(s.diagnostics.size() == 1);
    // The text path words the rejection, with parseEasing's reason.
    CHECK(s.diagnostics[0].message.find(why) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("parser fast path: cubic-bezier() and steps() values from CSS Easing 2",
          "[style][parser][animation]") {
  auto s = parse(
      ".a { transition-timing-function: cubic-bezier(0.25, 0.1, 0.25, 1), steps(4, end), steps(1, start),"
      " steps(3, jump-none), STEPS(2), Cubic-Bezier(0, 0, 1, 1) }");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.diagnostics.empty());
  const auto& f = *s.rules[0].decls.normal.transitionLonghands.timingFunctions;
  REQUIRE(f.size() == 6);
  CHECK(f[0].kind == EaseKind::CubicBezier);
  CHECK(f[0].p[0] == 0.25);
  CHECK(f[0].p[1] == 0.1);
  CHECK(f[0].p[3] == 1.0);
  CHECK(f[0].preset == 0);  // written as cubic-bezier(), not `ease`: a different value (CSS)
  CHECK_FALSE(f[0] == TransitionFunction::Ease);
  CHECK(f[1].kind == EaseKind::Steps);
  CHECK(f[1].steps == 4);
  CHECK(f[1].stepPosition == StepPosition::JumpEnd);
  CHECK(f[2].stepPosition == StepPosition::JumpStart);
  CHECK(f[2].preset == 1);  // the legacy `start` spelling
  CHECK(f[3].stepPosition == StepPosition::JumpNone);
  CHECK(f[4].steps == 2);
  CHECK(f[4].stepPosition == StepPosition::JumpEnd);  // the default position
  CHECK(f[5].p[2] == 1.0);
}

TEST_CASE("parser fast path: cubic-bezier() and steps() on tokens agree with parseEasing",
          "[style][parser][animation]") {
  const char* cases[] = {
      "cubic-bezier(0.2, 0.8, 0.3, 1)", "cubic-bezier(0,0,1,1)", "cubic-bezier(0.1, -2, 0.9, 3.5)",
      "cubic-bezier( .42 , 0 , .58 , 1 )", "cubic-bezier(0.1,/**/0.2,0.3,0.4)",
      "cubic-bezier(1e-1, 2e0, 0, 1)", "cubic-bezier(0.33333333333333333, 0.1, 0.2, 0.7)",
      "cubic-bezier(+0.5, -0, 0.5, +1)", "CUBIC-BEZIER(0.1, 0.2, 0.3, 0.4)", "steps(4, end)",
      "steps(4,start)", "steps(1, jump-start)", "steps(5, jump-both)", "steps(2, jump-none)", "steps(7)",
      "steps(+3)", "steps(2, JUMP-END)", "steps(3, /* c */ end)",
      // Rejected: each with parseEasing's reason.
      "cubic-bezier(1.5, 0, 0, 1)", "cubic-bezier(-0.1, 0, 0, 1)", "cubic-bezier(0, 0, 1)",
      "cubic-bezier(0, 0, 1, 1, 1)", "cubic-bezier(0 0 1 1)", "cubic-bezier(0, 0, 1, 1e999)",
      "cubic-bezier(0, 0, 1, x)", "cubic-bezier(0%, 0, 1, 1)", "cubic-bezier(0, 0, 1, 1px)",
      "cubic-bezier(0,, 0, 1, 1)", "cubic-bezier()", "cubic-bezier(0, 0, calc(1), 1)", "steps(0)",
      "steps(2.5)", "steps(1e1)", "steps(-3)", "steps(1, jump-none)", "steps(3, middle)", "steps(3 end)",
      "steps(3, end, end)", "steps(3, \"end\")", "steps()", "steps(3,)", "st\\65ps(3)", "steps(3, \\65nd)",
      "steps(99999999999)", "linear(0, 1)", "spring(1, 100, 10)", "bogus(1)"};
  for (const char* c : cases) checkEasingLikeParseEasing(c);
  // Unclosed at the end of input: what parseEasing says of the text.
  auto s = parse(".a { transition-timing-function: steps(3");
  CHECK(s.rules[0].decls.normal.transitionLonghands.timingFunctions.has_value() ==
        parseEasing("steps(3").has_value());
}

// ---------------------------------------------------------------------------
// [SECTION] Hex colours, `px` lengths, memoised property names
// ---------------------------------------------------------------------------

TEST_CASE("parser fast path: hex colours from CSS Color 4 §5.2, and as parseColor reads them",
          "[style][parser][values]") {
  auto s = parse(".a { color: #f00 } .b { color: #0000FF80 } .c { color: #12345678 } .d { color: #abcd }");
  REQUIRE(s.rules.size() == 4);
  CHECK(s.diagnostics.empty());
  CHECK(s.rules[0].decls.normal.color == Opt<Color>(Color{1, 0, 0, 1}));
  CHECK(s.rules[1].decls.normal.color == Opt<Color>(Color::rgba8(0, 0, 255, 128.0f / 255.0f)));
  CHECK(s.rules[2].decls.normal.color == Opt<Color>(Color::rgba8(0x12, 0x34, 0x56, 0x78 / 255.0f)));
  CHECK(s.rules[3].decls.normal.color == Opt<Color>(Color::rgba8(0xaa, 0xbb, 0xcc, 0xdd / 255.0f)));
  const char* cases[] = {"#abc",     "#ABC",     "#aBc9",    "#a1b2c3", "#A1B2C3D4", "#000",       "#fff0",
                         "#abcde",   "#ab",      "#ggg",     "#12345g", "#1234567",  "#123456789", "#-ab",
                         "#\\61 bc", "#a\\62 c", "#abc red", "#",       "# abc",     "#abc\\"};
  for (const char* c : cases) checkColorLikeParseColor(c);
  // Every channel value in every place of every length, and every name byte where a digit goes.
  for (const std::size_t len : {3u, 4u, 6u, 8u}) {
    for (std::size_t at = 0; at < len; ++at) {
      for (const char d : std::string_view("0123456789abcdefABCDEFgGzZ_-")) {
        std::string h(len, '7');
        h[at] = d;
        checkColorLikeParseColor("#" + h);
      }
    }
  }
  for (int b = 0; b < 256; ++b) {
    const char hex[] = "0123456789abcdef";
    checkColorLikeParseColor(std::string("#") + hex[b / 16] + hex[b % 16] + "0000" + hex[15 - b / 16] +
                             hex[b % 16]);
  }
}

TEST_CASE("parser fast path: `px` lengths keep the range and sign checks", "[style][parser][values]") {
  auto s = parse(".a { width: 3.4e38px; margin-left: -2px; height: -0px }");
  const Style& st = normalOf(s);
  CHECK(s.diagnostics.empty());
  CHECK(st.width == Opt<Value>(Px(3.4e38f)));
  CHECK(st.margin.value.left == Px(-2.0f));  // margins may be negative
  CHECK(st.height == Opt<Value>(Px(0.0f)));
  CHECK(oneDiag("width: 3.5e38px") == "invalid value for width: number out of range: `3.5e38px`");
  CHECK(oneDiag("width: -1px") == "invalid value for width: negative values are not allowed, found `-1px`");
  CHECK(oneDiag("padding: 1px -1px") ==
        "invalid value for padding: negative values are not allowed, found `-1px`");
}

TEST_CASE("parser fast path: property names memoised per parse resolve as each alone does",
          "[style][parser]") {
  // Every accepted name, in three spellings, three times in different
  // orders, plus unknown names: with a few hundred declarations in one
  // block the per-parse memo sees hits, misses and slot collisions. Each
  // declaration's value is invalid, so its error names the property the
  // parser resolved; parsed alone (a fresh parser), each must say the same.
  std::vector<std::string> names;
  for (const PropertyNameInfo& info : propertyNames()) {
    std::string upper(info.name), mixed(info.name);
    for (char& c : upper)
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    mixed[0] = upper[0];
    names.push_back(std::string(info.name));
    names.push_back(upper);
    names.push_back(mixed);
  }
  names.push_back("widht");
  names.push_back("colour");
  std::vector<std::string> order;
  for (int round = 0; round < 3; ++round)
    for (std::size_t i = 0; i < names.size(); ++i)
      order.push_back(
          names[(i * (2 * static_cast<std::size_t>(round) + 1) + 7 * static_cast<std::size_t>(round)) %
                names.size()]);
  std::string block = ".a {";
  std::vector<std::string> alone;
  for (const std::string& n : order) {
    block += " " + n + ": 1q2w;";
    StyleSheet one = parse(".a { " + n + ": 1q2w }");
    REQUIRE(one.diagnostics.size() == 1);
    alone.push_back(one.diagnostics[0].message);
  }
  block += " }";
  StyleSheet all = parse(block);
  REQUIRE(all.diagnostics.size() == alone.size());
  for (std::size_t i = 0; i < alone.size(); ++i) {
    INFO(order[i]);
    CHECK(all.diagnostics[i].message == alone[i]);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Selector preludes read through appendUntil, gaps restored as tokens
// ---------------------------------------------------------------------------

TEST_CASE("parser fast path: selector gaps become combinators however they are written",
          "[style][parser][selector]") {
  // Spaces, tabs, newlines and comments around every token: whitespace is a
  // descendant combinator, a comment alone is nothing (CSS Syntax 3 §4.3.2).
  const char* spellings[] = {
      "Panel .list Label:hover, #a>.b {}",
      "Panel\n\t .list  Label:hover ,#a > .b\n{}",
      "Panel/**/ .list /* x */Label:hover,\n#a\t>\t.b{}",
      "  Panel   .list\tLabel:hover  ,  #a  >.b  {}",
  };
  for (const char* text : spellings) {
    INFO(text);
    auto s = parse(text);
    REQUIRE(s.diagnostics.empty());
    REQUIRE(s.rules.size() == 1);
    REQUIRE(s.rules[0].selectors.size() == 2);
    const Selector& d = s.rules[0].selectors[0];
    REQUIRE(d.compounds.size() == 3);
    CHECK(d.compounds[0].combinator == Combinator::None);
    CHECK(d.compounds[1].combinator == Combinator::Descendant);
    CHECK(d.compounds[2].combinator == Combinator::Descendant);
    CHECK(d.compounds[2].pseudo == PseudoHover);
    const Selector& c = s.rules[0].selectors[1];
    REQUIRE(c.compounds.size() == 2);
    CHECK(c.compounds[1].combinator == Combinator::Child);
  }
  // A comment without whitespace joins two simple selectors into one compound.
  auto j = parse("Panel/**/.list {}");
  REQUIRE(j.diagnostics.empty());
  REQUIRE(j.rules[0].selectors[0].compounds.size() == 1);
  CHECK(j.rules[0].selectors[0].compounds[0].type == intern("Panel"));
  // A gap before a pseudo-class starts a new compound (`Panel :hover` is `Panel *:hover`).
  auto h = parse("Panel :hover {}");
  REQUIRE(h.diagnostics.empty());
  REQUIRE(h.rules[0].selectors[0].compounds.size() == 2);
  CHECK(h.rules[0].selectors[0].compounds[1].combinator == Combinator::Descendant);
}

TEST_CASE("parser fast path: selector errors after brackets and gaps keep their positions",
          "[style][parser][selector]") {
  // A bracket stops the one-call read; the gaps after it are restored too.
  auto a = parse("Panel [x=] .b { width: 1px }\n.ok { width: 2px }");
  REQUIRE(a.diagnostics.size() == 1);
  CHECK(a.diagnostics[0] ==
        err(1, 7, "an attribute selector's value must be an identifier or a string; the rule is skipped"));
  REQUIRE(a.rules.size() == 1);
  CHECK(a.rules[0].decls.normal.width == Opt<Value>(Px(2.0f)));
  auto f = parse("Panel :nth( 2 ) .b {}");
  REQUIRE(f.diagnostics.size() == 1);
  CHECK(f.diagnostics[0] == err(1, 8, "unsupported pseudo-class :nth(); the rule is skipped"));
  // Gaps at both ends of a list item are trimmed; an empty item is an error at its comma.
  auto e = parse("  .a ,  , .b {}");
  REQUIRE(e.diagnostics.size() == 1);
  CHECK(e.diagnostics[0] == err(1, 9, "empty selector in the selector list; the rule is skipped"));
  auto g = parse(".a >  {}");
  REQUIRE(g.diagnostics.size() == 1);
  CHECK(g.diagnostics[0] == err(1, 4, "`>` needs a selector after it; the rule is skipped"));
  // A newline in a gap counts for the positions after it.
  auto n = parse(".a\n  .b\n    #c!x {}");
  REQUIRE(n.diagnostics.size() == 1);
  CHECK(n.diagnostics[0] == err(3, 7, "unexpected `!` in a selector; the rule is skipped"));
}
