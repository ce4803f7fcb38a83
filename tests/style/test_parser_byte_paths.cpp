// The parser's byte paths (detail::FastPaths) read the commonest parts of a
// sheet straight from its bytes and hand everything else to the token
// path. Each case here parses the same text with and without them and
// requires the same sheet: rules, keyframes, pending var() records, custom
// properties and diagnostics, every float's bits. The byte readers of
// tokens are compared with Tokenizer::next() field by field.
//
// [SECTION] Helpers: token comparison, both paths side by side, value tables
// [SECTION] Tokens: readValueToken against Tokenizer::next()
// [SECTION] Declarations: every property and value, in every context
// [SECTION] @keyframes selectors and their entries
// [SECTION] Selector lists, comments before a rule
// [SECTION] countBraces
// [SECTION] Transform lists, colour numbers, box-shadow colours
// [SECTION] Animation and transition lists
// [SECTION] @keyframes preludes
// [SECTION] Custom properties and var() records
// [SECTION] rgb() items, lengths and positions
// [SECTION] var() values
// [SECTION] border and flex
#include "parser_paths_util.hpp"

#include "../../src/style/ParserInternal.hpp"
#include "../../src/style/TokenizerInternal.hpp"
#include "../../src/style/parser/values/Colors.hpp"

#include <zenit/core/Color.hpp>
#include <zenit/style/StyleSheet.hpp>
#include <zenit/style/Tokenizer.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

using namespace zenit;
using namespace zenit::test;

// ---------------------------------------------------------------------------
// [SECTION] Helpers
// ---------------------------------------------------------------------------

namespace {

// Every field of two tokens, the text's bytes and where they are.
void checkSameToken(const Token& a, const Token& b) {
  CHECK(static_cast<int>(a.type) == static_cast<int>(b.type));
  CHECK(static_cast<int>(a.flags) == static_cast<int>(b.flags));
  CHECK(a.line == b.line);
  CHECK(a.col == b.col);
  CHECK(a.begin == b.begin);
  CHECK(a.end == b.end);
  CHECK(a.text == b.text);
  CHECK(static_cast<const void*>(a.text.data()) == static_cast<const void*>(b.text.data()));
  CHECK(std::bit_cast<std::uint64_t>(a.number) == std::bit_cast<std::uint64_t>(b.number));
}

// Pieces of tokens, gaps and things a byte reader must leave to the tokenizer.
const std::vector<std::string>& pieces() {
  static const std::vector<std::string> v = {"0",
                                             "7",
                                             "12",
                                             "3.5",
                                             ".5",
                                             "1.",
                                             "px",
                                             "PX",
                                             "em",
                                             "e",
                                             "E",
                                             "e3",
                                             "e-3",
                                             "e+",
                                             "%",
                                             "-",
                                             "--",
                                             "+",
                                             ".",
                                             "#",
                                             "#a",
                                             "#-",
                                             "#1",
                                             "_",
                                             "a",
                                             "Z",
                                             "x-y",
                                             "url",
                                             "URL",
                                             "(",
                                             ")",
                                             ",",
                                             "!",
                                             "/",
                                             "*",
                                             "/*",
                                             "*/",
                                             ">",
                                             "<",
                                             "<!-",
                                             "!--",
                                             "-->",
                                             " ",
                                             "  ",
                                             "\t",
                                             "\n",
                                             "\r",
                                             "\f",
                                             "\\",
                                             "\\61",
                                             "\\\n",
                                             std::string(1, '\0'),
                                             ":",
                                             ";",
                                             "{",
                                             "}",
                                             "[",
                                             "]",
                                             "'",
                                             "\"",
                                             "@",
                                             "=",
                                             "~",
                                             "|",
                                             "&",
                                             "^",
                                             "$",
                                             "?",
                                             "\xC3",
                                             "\xA9",
                                             "9999999999999999",
                                             "123456789012345",
                                             "\x01",
                                             "\x7F"};
  return v;
}

// Tokenizes `src` and reads every token again with readValueToken where it
// starts; every token it reads must be next()'s. Returns how many it read.
std::size_t compareTokens(const std::string& src) {
  QuietLog quiet;
  Tokenizer tz(src, "t.zstyle", nullptr);
  tz.setSkipWhitespace(true);
  std::size_t read = 0;
  for (;;) {
    const Token t = tz.next();
    if (t.type == TokenType::Eof) break;
    if (t.flags & Token::kEscaped) continue;  // its text is in the tokenizer's arena: never read from bytes
    Token b;
    b.text = "stale";
    b.number = 42.0;
    b.flags = 0xFF;
    const std::size_t lineStart = t.begin - (t.col - 1);
    const std::size_t end = detail::readValueToken(src.data(), src.size(), t.begin, t.line, lineStart,
                                                   (t.flags & Token::kAfterWhitespace) != 0, b);
    if (end == 0) continue;
    INFO("source: " << src << "\ntoken at " << t.begin);
    CHECK(end == t.end);
    checkSameToken(b, t);
    ++read;
  }
  return read;
}

// The same text parsed with and without the byte paths, as a style attribute.
void checkSameAttribute(const std::string& text) {
  INFO("attribute: " << text);
  QuietLog quiet;
  std::vector<Diagnostic> da, db;
  const DeclarationBlock a = detail::parseStyleAttribute(text, &da, "<style>", detail::FastPaths{});
  const DeclarationBlock b = detail::parseStyleAttribute(text, &db, "<style>", noPaths());
  CHECK(a == b);
  CHECK(da == db);
  std::vector<std::uint32_t> ba, bb;
  styleBits(a.normal, ba);
  styleBits(a.importantValues(), ba);
  styleBits(b.normal, bb);
  styleBits(b.importantValues(), bb);
  CHECK(ba == bb);
}

std::vector<std::string> propertyNamesToTry() {
  std::vector<std::string> names;
  for (const PropertyNameInfo& info : propertyNames()) names.emplace_back(info.name);
  for (const char* n : {"WIDTH", "Background-Color", "widht", "--custom", "--Gap", "-webkit-width", "x",
                        "a-very-long-property-name-of-forty-bytes", "transition-timing-function-x"})
    names.emplace_back(n);
  return names;
}

// Values of every kind: one token, plain runs, functions, lists, var(),
// !important, and what the byte path leaves to the token path.
const std::vector<std::string>& values() {
  static const std::vector<std::string> v = {
      // one token
      "10px", "0", "-0", "-3px", "+5px", "5PX", "1.5em", "50%", "-50%", "3.5e38px", "1e3px",
      "12345678901234567px", "0.3", "2", "-1", "7", "#f00", "#A1B2C3D4", "#ggg", "#-a", "red", "RED",
      "transparent", "notacolor", "left", "center", "auto", "none", "inherit", "INITIAL", "unset", "revert",
      "flex", "column", "wrap", "space-between", "visible", "hidden", "absolute", "ease", "ease-in-out",
      "infinite", "running", "paused", "--x", "-x", "x", "\\31 0px", "r\\65 d", "'s'", "url(x)", "-", "!",
      ",", "/", "*",
      // plain runs
      "4px 8px", "1px 2px 3px 4px", "1px 2px 3px 4px 5px", "8px auto", "1 1 58px", "1px solid #abc",
      "none 2px red", "2px 1px", "50% 5%", "left top", "center", "0 0", "1 2 3", "solid", "thin solid",
      // functions and lists
      "rgb(1, 2, 3)", "rgba(237, 97, 176, 0.5)", "rgb(88 203 207)", "rgb(1 2 3 / 50%)", "rgb(1, 2",
      "rgb(1, 2, 3) )", "calc(100% - 32px)", "calc(1px + 2em)", "calc((1px))", "translate(8px, -3px)",
      "translate(8px, -3px) scale(0.93) rotate(162deg)", "scale(1.5%)", "rotate(0)", "translateX(5px)",
      "0 0 0 1px rgba(237, 97, 176, 0.5)", "0 2px 2px rgba(77, 121, 23, 0.1)", "inset 1px 1px red",
      "background-color 0.8s linear, border-color 437ms ease-out",
      "background-color 0.9s cubic-bezier(0.2, 0.8, 0.3, 1), border-color 418ms ease-out",
      "opacity 267ms ease", "all", "opacity, color", "kf0 3.37s steps(4, end) infinite alternate both",
      "kf1 2s ease infinite", "pulse 1s", "steps(4, end)", "cubic-bezier(0.2, 0.8, 0.3, 1)", "linear(0, 1)",
      "257ms", "1s, 2s", "0.2s 1s", "x(y(z(w)))", "(1px)", "f()", "a, , b", ",a",
      // rem and viewport units: the token path reads them
      "2rem", "2REM", "50vh", "10vw", "-1vmin", "3vmax", "1rem 2vw", "1ch", "calc(100vh - 40px)",
      "calc(1rem + 2px)", "calc(10vw + 5vh)", "calc(1em + 1rem)", "min(1rem, 2rem)", "translate(1rem, 2vh)",
      "0 0 1rem red", "1px solid red 2vw",
      // var(), !important
      "var(--a)", "var(--a, 4px)", "var(--a) 2px", "VAR(--a)", "var(a)", "var(--a", "var(--a) !important",
      "10px !important", "10px ! important", "10px !IMPORTANT", "red!important", "!important",
      "1px 2px !important", "calc(var(--a) * 2)", "-3px !\timportant\t", "10px !importantx",
      "10px !important x", "10px !important(", "10px !imp", "10px !!important", "10px ! important /**/",
      "initial !important", "inherit !important", "notacolor !important", "#f00 !IMPORTANT", "auto!important",
      // left to the token path
      "10px /**/", "/**/ 10px", "10px\n", "\n10px", "10px\r", "1px\n2px", "'a b'", "\"x\"", "url(a b)",
      "10px [1]", "{1px}", "1px {}", "a:b", "@x", "10px\\", "#\\61", "<!--", "-->", "1px\f"};
  return v;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Tokens
// ---------------------------------------------------------------------------

TEST_CASE("parser byte paths: tokens read from the bytes are next()'s, field by field",
          "[style][tokenizer][bytepaths]") {
  std::size_t read = 0;
  // Every pair and triple of pieces, in a value and after a name and colon.
  const std::vector<std::string>& p = pieces();
  for (const std::string& a : p)
    for (const std::string& b : p) {
      read += compareTokens(a + b);
      read += compareTokens("x: " + a + " " + b + ";");
    }
  std::uint32_t seed = 987654321u;
  for (int i = 0; i < 20000; ++i) {
    std::string s;
    const int n = 1 + i % 9;
    for (int k = 0; k < n; ++k) {
      seed = seed * 1664525u + 1013904223u;
      s += p[(seed >> 8) % p.size()];
    }
    read += compareTokens(s);
  }
  // Lines and columns after newlines, tabs and comments.
  read += compareTokens("a\n  b: 1px 2px;\n\tc:#abc\r\n d: -0.5em /* x */ e(1, 2) !f");
  CHECK(read > 50000);  // the comparison reached the readers' every kind of token
}

// ---------------------------------------------------------------------------
// [SECTION] Declarations
// ---------------------------------------------------------------------------

TEST_CASE("parser byte paths: every property and value reads as the token path reads it",
          "[style][parser][bytepaths]") {
  const std::vector<std::string> names = propertyNamesToTry();
  for (const std::string& name : names) {
    for (const std::string& value : values()) {
      checkSamePaths(cat({".a { ", name, ": ", value, "; }"}));
      checkSamePaths(cat({".a{", name, ":", value, "}"}));
      checkSamePaths(cat({"Button.b:hover {\n  ", name, " :\t", value, "\t;\n  width: 1px;\n}\n"}));
    }
  }
}

TEST_CASE("parser byte paths: in @keyframes, style attributes, at the end of input, with var() before",
          "[style][parser][bytepaths][keyframes][vars]") {
  const std::vector<std::string> names = propertyNamesToTry();
  for (const std::string& name : names) {
    for (const std::string& value : values()) {
      checkSamePaths(cat({"@keyframes k { 0% { ", name, ": ", value, "; }\n50% { ", name, ": ", value,
                          " }\nto { opacity: 1 } }"}));
      checkSamePaths(
          cat({".a { ", name, ": var(--x); ", name, ": var(--y) !important; ", name, ": ", value, "; }"}));
      checkSamePaths(cat({".a { ", name, ": ", value}));  // unclosed: the end of input ends the value
      checkSameAttribute(cat({name, ": ", value}));
      checkSameAttribute(cat({name, ": ", value, "; ", name, ": ", value, " }"}));
    }
  }
}

TEST_CASE("parser byte paths: runs of values, and nesting limits", "[style][parser][bytepaths]") {
  // Random runs of the values, so that lists of declarations mix the paths.
  const std::vector<std::string>& v = values();
  const std::vector<std::string> names = propertyNamesToTry();
  std::uint32_t seed = 24681357u;
  const auto pick = [&](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int i = 0; i < 3000; ++i) {
    std::string text = ".r" + std::to_string(i) + " {";
    const int decls = 1 + i % 6;
    for (int k = 0; k < decls; ++k) {
      text += (k % 2 ? "\n  " : " ");
      text += names[pick(names.size())];
      text += ": ";
      text += v[pick(v.size())];
      if (pick(3) != 0) text += " " + v[pick(v.size())];
      if (k + 1 < decls || pick(2) == 0) text += ";";
    }
    text += i % 7 == 0 ? "" : "\n}";
    checkSamePaths(text);
  }
  // Functions nested deeper than the option allows are the token path's error.
  for (int limit : {1, 2, 3}) {
    for (const char* value :
         {"rgb(1, 2, 3)", "calc((1px))", "calc(((1px)))", "x(y(z(w)))", "translate(1px)"}) {
      checkSamePaths(cat({".a { color: ", value, "; width: ", value, " }"}), limit);
      checkSamePaths(cat({".a { transform: ", value, " }"}), limit);
    }
  }
}

TEST_CASE("parser byte paths: empty declarations and block ends", "[style][parser][bytepaths]") {
  for (const char* text :
       {".a{}", ".a { }", ".a {\n}", ".a { ; }", ".a { ;; width: 1px;; ; }", ".a { width: 1px }",
        ".a { width: 1px; }}", ".a { ; } .b { }", ".a {", ".a { ;", ".a { width: 1px; ", ".a { } }",
        ".a { /**/ }", ".a { \r\n}", "@keyframes k { 0% { } to { ; } }"})
    checkSamePaths(text);
  for (const char* text : {"", ";", "; ;", "}", "width: 1px; }", "width: 1px;;"}) checkSameAttribute(text);
}

TEST_CASE("parser byte paths: gaps of every length between declarations", "[style][parser][bytepaths]") {
  // Indents of 0 to 20 spaces (one eight-byte word, several, and the bytes
  // after the last whole word), after \n, tabs or `;`, and at the end of
  // input, where fewer than eight bytes remain.
  for (std::size_t k = 0; k <= 20; ++k) {
    const std::string sp(k, ' ');
    for (const std::string& after :
         {std::string(), std::string("\t"), std::string("\n"), std::string(" x")}) {
      checkSamePaths(cat({".a {\n", sp, "width: 1px;\n", sp, "\t", sp, "color: red;", sp, after, "}"}));
      checkSamePaths(cat({".a {", sp, ";", sp, "height: 2px;", sp, "\n", sp, after}));
      checkSamePaths(cat({"@keyframes k { 0% {", sp, "opacity: 0;", sp, "}", sp, "}", after}));
      checkSameAttribute(cat({sp, "width: 1px;", sp, after, sp, "height: 2px", sp}));
    }
  }
}

// ---------------------------------------------------------------------------
// [SECTION] @keyframes selectors
// ---------------------------------------------------------------------------

TEST_CASE("parser byte paths: keyframe selectors read from the bytes, and their entries",
          "[style][parser][bytepaths][keyframes]") {
  const std::vector<std::string> offsets = {
      "0%",    "50%",     "100%", "33.3333%", "12.5%", "100.5%", "-1%",  "-0%", "0.0001%", "99.99999999%",
      "from",  "to",      "TO",   "From",     "fro",   "50",     "50px", "%",   "0",       "1e2%",
      "1e-2%", "\66 rom", "0%,",  ",0%",      ""};
  const std::vector<std::string> seps = {", ", ",", " , ", " ,", "\t,\t", "\n, ", ", /**/", " "};
  std::uint32_t seed = 1357911u;
  const auto pick = [&](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  // One offset, and lists of two and three, each keyframe with its own declarations.
  for (const std::string& a : offsets) {
    checkSamePaths(cat({"@keyframes k { ", a, " { opacity: 0.5; } }"}));
    checkSamePaths(cat({"@keyframes k {\n  ", a, "{opacity:0.5;transform:translate(1px, 2px)}\n}"}));
    checkSamePaths(cat({"@keyframes k { ", a, " { opacity: 0.3; animation-timing-function: ease-in } ", a,
                        " { width: 1px } }"}));
    for (const std::string& b : offsets) {
      const std::string& sep = seps[pick(seps.size())];
      checkSamePaths(
          cat({"@keyframes k { ", a, sep, b, " { opacity: 0.2; animation-timing-function: steps(2) }\n", b,
               " { translate: 3px 4px } }"}));
    }
  }
  for (int i = 0; i < 2000; ++i) {
    std::string text = "@keyframes k" + std::to_string(i) + " {";
    const int frames = 1 + i % 4;
    for (int f = 0; f < frames; ++f) {
      text += f % 2 ? "\n  " : " ";
      const int items = 1 + static_cast<int>(pick(3));
      for (int k = 0; k < items; ++k) {
        if (k) text += seps[pick(seps.size())];
        text += offsets[pick(offsets.size())];
      }
      text += pick(2) ? " { opacity: 0.5; transform: scale(2) }"
                      : "{ color: red; width: 1px !important; --x: 1 }";
    }
    text += i % 9 == 0 ? "" : " }";
    checkSamePaths(text);
  }
}

TEST_CASE("parser byte paths: every offset of a keyframe selector list gets the keyframe",
          "[style][parser][bytepaths][keyframes]") {
  // The declarations are read into the first offset's entry; the others are copies of it.
  const StyleSheet s = parse(
      "@keyframes k { 0%, 50%, to { opacity: 0.5; padding-left: 2px; transform: rotate(10deg); "
      "animation-timing-function: steps(3) } 25% { width: 1px } }");
  CHECK(s.diagnostics.empty());
  REQUIRE(s.keyframes.size() == 1);
  const std::vector<KeyframeEntry>& f = s.keyframes[0].frames;
  REQUIRE(f.size() == 4);
  CHECK(f[0].t == 0.0f);
  CHECK(f[1].t == 0.5f);
  CHECK(f[2].t == 1.0f);
  for (std::size_t i = 1; i < 3; ++i) {
    CHECK(f[i].delta == f[0].delta);
    CHECK(f[i].easing == f[0].easing);
    CHECK(f[i].loc == f[0].loc);
  }
  CHECK(f[0].easing.has_value());
  CHECK(f[0].delta.padding.is_set);
  CHECK(f[0].delta.holes.padding == 0x07);
  CHECK(f[3].delta.width == Opt<Value>(Px(1.0f)));
  CHECK_FALSE(f[3].easing.has_value());
}

// ---------------------------------------------------------------------------
// [SECTION] Selector lists, comments before a rule
// ---------------------------------------------------------------------------

TEST_CASE("parser byte paths: selector lists read from the bytes are parseSelectorList's",
          "[style][parser][bytepaths][selectors]") {
  const std::vector<std::string> compounds = {"Button",      "Slider",      "*",
                                              "x-y",         "-webkit-a",   "--v",
                                              "_u",          "\\61",        "a\\62",
                                              "caf\xC3\xA9", ".a",          ".card-0",
                                              ".-x",         ".--y",        ".5",
                                              ".",           ".a.b",        ".a.a",
                                              "#main",       "#m-0",        "#1",
                                              "#-a",         "#-1",         "#a#a",
                                              "#a#b",        ":hover",      ":HOVER",
                                              ":Focus",      ":active",     ":checked",
                                              ":disabled",   ":nope",       ":hover(",
                                              ":",           "::knob",      "::KNOB",
                                              "::",          ":: x",        "::a::b",
                                              "::a:hover",   "a:hover::b",  "*.a",
                                              "a.b#c:focus", ".a*",         ".aB",
                                              "[x]",         "a[x]",        "a(",
                                              "url(x)",      "'s'",         "a/**/b",
                                              "a\\",         "1a",          "-",
                                              "+",           "~",           "@x",
                                              "}",           "{",           "<!--",
                                              "-->",         ":root",       ":first-child",
                                              ":Last-Child", ":only-child", ":empty",
                                              ":empty(",     ":first-",     "Label:only-child:empty"};
  const std::vector<std::string> joins = {" ",  "  ",     ">",   " > ", " >",   "> ",     "\n",
                                          "\t", "\n  > ", " + ", "~",   "/**/", " /**/ ", "\r\n",
                                          "\f", ",",      ", ",  " , ", ",\n",  ",,",     ""};
  const std::vector<std::string> gaps = {"",     "\n",       "  \n\t",      "/* c */\n", "/*\n*/ ",
                                         "/**/", "/* \r */", "/* unclosed", "<!-- ",     "--> ",
                                         "} ",   "; ",       "@media x {} "};
  std::uint32_t seed = 11235813u;
  const auto pick = [&](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  // Every compound alone and after each join, and random lists.
  for (const std::string& a : compounds) {
    checkSamePaths(cat({a, " { width: 1px }"}));
    checkSamePaths(cat({a, "{width:1px}\n", a, " {}"}));
    for (const std::string& j : joins) checkSamePaths(cat({".p", j, a, " { color: red; }"}));
  }
  for (int i = 0; i < 6000; ++i) {
    std::string text = gaps[pick(gaps.size())];
    const int parts = 1 + static_cast<int>(pick(5));
    for (int k = 0; k < parts; ++k) {
      if (k) text += joins[pick(joins.size())];
      text += compounds[pick(compounds.size())];
      if (pick(3) == 0) text += compounds[pick(compounds.size())];
    }
    text += pick(4) ? " {\n  width: 1px;\n}\n" : "{}";
    text += gaps[pick(gaps.size())];
    text += ".next > Label:hover, #n { opacity: 0.5 }";
    checkSamePaths(text);
  }
  // What the rules hold: selectors, locations, order.
  const StyleSheet s = parse("/* a */\nSlider.tile-0:active,\n  #main-0 > .row  .x::mark {\n}\n*{}\n");
  CHECK(s.diagnostics.empty());
  REQUIRE(s.rules.size() == 2);
  CHECK(s.rules[0].loc == SourceLoc{0, 2, 1});
  REQUIRE(s.rules[0].selectors.size() == 2);
  CHECK(s.rules[0].selectors[0].text() == "Slider.tile-0:active");
  CHECK(s.rules[0].selectors[1].text() == "#main-0 > .row .x::mark");
  CHECK(s.rules[0].selectors[1].specificity == Specificity{1, 2, 1});
  CHECK(s.rules[1].loc == SourceLoc{0, 5, 1});
  CHECK(s.rules[1].order == 1);
}

TEST_CASE("parser byte paths: comments before a rule, with line breaks anywhere in them",
          "[style][parser][bytepaths][selectors]") {
  // byteRule counts the comment's lines sixteen bytes at a time
  // (detail::lineBreakAt) and leaves \r and \f to the token path: every
  // length up to 40, each break at each offset, then the rule's location.
  for (std::size_t len = 0; len <= 40; ++len) {
    checkSamePaths(cat({"/*", std::string(len, 'c'), "*/\n.a { width: 1px }\n.b{}"}));
    for (std::size_t at = 0; at < len; ++at) {
      for (const char brk : {'\n', '\r', '\f'}) {
        std::string body(len, 'c');
        body[at] = brk;
        if (at + 3 < len) body[len - 1] = '\n';  // a second break, later
        checkSamePaths(cat({".z{}\n  /*", body, "*/ .a > #b { width: 1px }\n/*", body, "*/.c{}"}));
      }
    }
  }
  // The scan itself: the first \n, \r or \f in [p, e), or e, for every p and e.
  std::string text(48, 'x');
  text[3] = '\f';
  text[20] = '\n';
  text[37] = '\r';
  text[47] = '\n';
  for (std::size_t p = 0; p <= text.size(); ++p) {
    for (std::size_t e = p; e <= text.size(); ++e) {
      std::size_t k = p;
      while (k < e && text[k] != '\n' && text[k] != '\r' && text[k] != '\f') ++k;
      CHECK(detail::lineBreakAt(text.data(), p, e) == k);
    }
  }
  const StyleSheet s = parse("/* one\ntwo three four five six seven\n */ .a { width: 1px }");
  CHECK(s.diagnostics.empty());
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].loc == SourceLoc{0, 3, 5});
}

TEST_CASE("parser byte paths: nested rules read as the token path reads them",
          "[style][parser][bytepaths][nesting]") {
  // A nested rule starts where a declaration would: after a declaration
  // the byte path read, after one it handed over, with or without spaces,
  // as a name (`a:hover{`, `Button {`) or a delimiter (`&`, `.`, `>`).
  for (const char* inner : {"&:hover{width:1px}", "a:hover{width:1px}", "Button { width: 1px }",
                            "Button:hover { width: 1px; }", ".x>.y{height:2px}", "> .x { height: 2px }",
                            "@media (min-width: 1px) { width: 3px; &.w { height: 1px } }",
                            "@supports (display: flex) { width: 4px }", "color: red .x { width: 1px }",
                            "--v: { a: b }; width: 1px;", ".b { .c { & + & { width: 5px } } }"}) {
    for (const char* before : {"", "width: 1px;", "opacity:0.5;", "width: var(--w);", "margin: 1px 2px;"}) {
      for (const char* after : {"", "height: 2px;", " padding:1px "}) {
        checkSamePaths(cat({".p { ", before, inner, after, " }\n.q{width:1px}"}));
        checkSamePaths(cat({".p,#r{", before, " ", inner, " ", after, "}"}));
      }
    }
  }
}

// ---------------------------------------------------------------------------
// [SECTION] countBraces
// ---------------------------------------------------------------------------

TEST_CASE("parser: countBraces counts every `{`, in any number of rounds", "[style][parser][bytepaths]") {
  // reserveRules' count, 64 bytes a round with byte counters summed every
  // 63 rounds: texts of every length to 300 from every offset of a buffer,
  // and texts of nothing but braces (each counter's largest sum) across the
  // batch boundary.
  std::string buffer(400, 'a');
  for (std::size_t i = 0; i < buffer.size(); i += 1 + i % 5) buffer[i] = '{';
  for (std::size_t from = 0; from < 8; ++from) {
    for (std::size_t len = 0; len <= 300; ++len) {
      const std::string_view text(buffer.data() + from, len);
      CHECK(detail::countBraces(text) == static_cast<std::size_t>(std::count(text.begin(), text.end(), '{')));
    }
  }
  for (const std::size_t len : {std::size_t{64 * 63 - 1}, std::size_t{64 * 63}, std::size_t{64 * 63 + 1},
                                std::size_t{64 * 126 + 63}, std::size_t{100000}}) {
    CHECK(detail::countBraces(std::string(len, '{')) == len);
    std::string mixed(len, '{');
    for (std::size_t i = 0; i < len; i += 3) mixed[i] = '}';
    CHECK(detail::countBraces(mixed) ==
          static_cast<std::size_t>(std::count(mixed.begin(), mixed.end(), '{')));
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Transform lists, colour numbers, box-shadow colours
// ---------------------------------------------------------------------------

TEST_CASE("parser byte paths: transform lists read from the bytes fold as applyPlainTransform folds them",
          "[style][parser][bytepaths][values]") {
  // Each function's argument readers at their edges, wrong counts and
  // shapes, then pairs and runs in every order, written with every kind of spacing.
  std::vector<std::string> fs;
  for (const char* a :
       {"8px", "-3px", "0", "-0", "50%", "1.5em", "2cm", "1e3px", "3.5e38px", "5PX", "7", "10deg"}) {
    fs.push_back(cat({"translate(", a, ")"}));
    fs.push_back(cat({"translateX(", a, ")"}));
    fs.push_back(cat({"translate(", a, ", 4px)"}));
    fs.push_back(cat({"translatey(-2%, ", a, ")"}));
  }
  for (const char* a : {"0.93", "1", "0", "-1", "50%", "1e40", "3.5e38", "2px", "-0"}) {
    fs.push_back(cat({"scale(", a, ")"}));
    fs.push_back(cat({"scale(0.5, ", a, ")"}));
    fs.push_back(cat({"SCALEX(", a, ")"}));
    fs.push_back(cat({"scaleY(", a, ", 1)"}));
  }
  for (const char* a :
       {"162deg", "0", "7", "1rad", "100grad", "0.5turn", "45DEG", "-90deg", "3.5e38deg", "1s"}) {
    fs.push_back(cat({"rotate(", a, ")"}));
    fs.push_back(cat({"rotateZ(", a, ")"}));
  }
  for (const char* odd :
       {"translate()", "translate(,)", "translate(1px,)", "translate(1px 2px)", "translate(calc(1px + 2px))",
        "translate((1px))", "skew(10deg)", "rotate(none)", "scale(1, 2, 3)", "tr\\61 nslate(3px)",
        "translate(1px, 2px, 3px)", "none", "translate(var(--x))", "url(x)", "translate(1px) !important",
        "translate(1px) 2px", "translate(1px", "scale(2, 3", "rotate(1deg",
        // A name not followed by `(` (arguments and `)` after it all the same).
        "scale 2)", "translate 1px, 2px)", "scale\\28 2)", "scale%2)", "rotate-(1deg)", "_scale(2)",
        "-scale(2)", "scale (2)", "scale,2)"})
    fs.emplace_back(odd);
  const auto spaced = [](std::string v, int how) {
    // 0: as written; 1: no spaces; 2: spaces inside the parentheses; 3: tabs.
    std::string o;
    for (char c : v) {
      if (how == 1 && c == ' ') continue;
      if (how == 2 && c == '(') {
        o += "( ";
        continue;
      }
      if (how == 2 && (c == ')' || c == ',')) o += ' ';
      o += how == 3 && c == ' ' ? '\t' : c;
    }
    return o;
  };
  std::uint32_t seed = 4242u;
  const auto pick = [&] {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % fs.size();
  };
  for (int i = 0; i < 3000; ++i) {
    std::string v = i < static_cast<int>(fs.size()) ? fs[static_cast<std::size_t>(i)] : fs[pick()];
    for (int k = 0; k < i % 4; ++k) v += " " + fs[pick()];
    const std::string w = spaced(v, i % 4);
    checkSamePaths(cat({".a { transform: ", w, "; }"}));
    checkSamePaths(cat({".a{transform:", w, "}"}));
    checkSamePaths(
        cat({"@keyframes k { 50% { transform: ", w, " } to { transform: ", w, "; opacity: 0 } }"}));
  }
}

TEST_CASE("parser fast path: colour numbers as scanCssNumber reads them, bit for bit",
          "[style][parser][values]") {
  // colorNumber's short path (a sign, at most 15 digits and a fraction)
  // against the scanner parseColor uses, on every shape around its edges.
  std::vector<std::string> numbers = {"0",
                                      "-0",
                                      "+0",
                                      "0.0",
                                      "-0.0",
                                      "1",
                                      "0.1",
                                      "0.3",
                                      "0.7",
                                      "-0.5",
                                      "+2.25",
                                      "255",
                                      "127.5",
                                      "1e2",
                                      "1.5e-3",
                                      ".5",
                                      "5.",
                                      "1.2.3",
                                      "",
                                      "-",
                                      "12a",
                                      "0.000000000000001",
                                      "123456789012345",
                                      "1234567890123456",
                                      "0.0000000000000001"};
  std::uint32_t seed = 8086u;
  for (int i = 0; i < 20000; ++i) {
    seed = seed * 1664525u + 1013904223u;
    std::string v = (seed & 7u) == 0 ? "-" : "";
    const int intDigits = 1 + static_cast<int>((seed >> 3) % 5);
    const int fracDigits = static_cast<int>((seed >> 6) % 17);
    std::uint32_t r = seed;
    for (int k = 0; k < intDigits; ++k, r = r * 1103515245u + 12345u)
      v += static_cast<char>('0' + (r >> 16) % 10);
    if (fracDigits) {
      v += '.';
      for (int k = 0; k < fracDigits; ++k, r = r * 1103515245u + 12345u)
        v += static_cast<char>('0' + (r >> 16) % 10);
    }
    numbers.push_back(std::move(v));
  }
  for (const std::string& v : numbers) {
    INFO(v);
    std::size_t pos = 0;
    double want = 0.0;
    if (!detail::scanCssNumber(v, pos, want)) want = 0.0;
    if (pos != v.size()) continue;  // not one number: colorNumber is only given numbers
    CHECK(std::bit_cast<std::uint64_t>(detail::colorNumber(v)) == std::bit_cast<std::uint64_t>(want));
  }
}

TEST_CASE("parser byte paths: box-shadow and rgb() colours read from the bytes are the readers' values",
          "[style][parser][bytepaths][values]") {
  const std::vector<std::string> colours = {"#abc",
                                            "#AbCdEf80",
                                            "red",
                                            "Transparent",
                                            "notacolor",
                                            "rgb(1, 2, 3)",
                                            "rgba(237, 97, 176, 0.5)",
                                            "rgb(1 2 3 / 50%)",
                                            "RGBA(1,2,3,0.3)",
                                            "rgb(1,2)",
                                            "rgb(1, 2, 3,)",
                                            "rgb(calc(1), 2, 3)",
                                            "rgb(1 2 3 / 4 5)",
                                            "rgb(none 2 3)",
                                            "rgb(1, 2%, 3)",
                                            "rgba(0, 0, 0, 0.1)",
                                            "rgb(-1, 300, 2.5)",
                                            "rgb(1 2 3",
                                            "rgb( 1 , 2 , 3 )",
                                            "rgb(1 2 3)red",
                                            "rgbx(1, 2, 3)",
                                            "r\\67 b(1, 2, 3)",
                                            "hsl(1, 2%, 3%)",
                                            "#ggg",
                                            "#\\61 bc",
                                            "rgb(1e2, 2, 3)"};
  const std::vector<std::string> lengths = {"0",   "1px", "-2px", "3.5px",    "1e3px", "2em",      "50%",
                                            "1PX", "7",   "-0",   "3.5e38px", "1cm",   "calc(1px)"};
  std::uint32_t seed = 6502u;
  const auto pick = [&](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (const std::string& c : colours) {
    for (const char* prop : {"color", "background-color", "border-color", "background", "box-shadow"}) {
      checkSamePaths(cat({".a { ", prop, ": ", c, "; }"}));
      checkSamePaths(cat({".a{", prop, ":", c, "}"}));
    }
    checkSamePaths(cat({"@keyframes k { 0% { color: ", c, " } to { background-color: ", c, "; } }"}));
    checkSameAttribute(cat({"color: ", c}));
  }
  const std::vector<std::string> goodLengths = {"0", "1px", "-2px", "3.5px", "-0", "12px"};
  const std::vector<std::string> goodColours = {"#abc", "red", "rgba(1, 2, 3, 0.5)", "rgb(1 2 3)"};
  for (int i = 0; i < 4000; ++i) {
    // Two to five lengths, `inset` and a colour anywhere, sometimes twice,
    // sometimes a second shadow; every other one of lengths and colours that read.
    const bool good = i % 2 == 0;
    const std::vector<std::string>& ls = good ? goodLengths : lengths;
    const std::vector<std::string>& cs = good ? goodColours : colours;
    std::vector<std::string> parts;
    const int count = 1 + static_cast<int>(pick(5));
    for (int k = 0; k < count; ++k) parts.push_back(ls[pick(ls.size())]);
    const auto at = [&] { return parts.begin() + static_cast<long>(pick(parts.size() + 1)); };
    if (pick(3) == 0) parts.insert(at(), "inset");
    if (pick(4) != 0) parts.insert(at(), cs[pick(cs.size())]);
    if (pick(8) == 0) parts.insert(at(), pick(2) ? std::string("inset") : cs[pick(cs.size())]);
    std::string v;
    for (const std::string& p : parts) v += (v.empty() ? "" : (pick(6) ? " " : "\t")) + p;
    if (pick(15) == 0) v += ", 1px 1px red";
    if (pick(25) == 0) v += " !important";
    checkSamePaths(cat({".a { box-shadow: ", v, "; }"}));
    checkSamePaths(cat({".a{box-shadow:", v, "}"}));
    if (i % 4 == 0) checkSamePaths(cat({"@keyframes k { 50% { box-shadow: ", v, " } }"}));
  }
  checkSamePaths(".a { box-shadow: none; } .b { box-shadow: none, 1px 1px; } .c { box-shadow: ; }");
}

// ---------------------------------------------------------------------------
// [SECTION] Animation and transition lists
// ---------------------------------------------------------------------------

TEST_CASE("parser byte paths: animation and transition lists read from the bytes, and their bookkeeping",
          "[style][parser][bytepaths][animation]") {
  // Components of every category the shorthands and longhands read (times,
  // easings, iteration counts, keywords, names, property names), what they
  // refuse, and what the byte path leaves to the token path (var(), `!`,
  // CSS-wide keywords, nesting, comments).
  const std::vector<std::string> parts = {"1s",
                                          "250ms",
                                          "-2s",
                                          "0s",
                                          "1.5S",
                                          "3",
                                          "0",
                                          "-1",
                                          "1px",
                                          "calc(1s + 2ms)",
                                          "calc(-1s)",
                                          "ease",
                                          "EASE-IN",
                                          "ease-out",
                                          "ease-in-out",
                                          "linear",
                                          "step-start",
                                          "step-end",
                                          "ease-foo",
                                          "steps(4, end)",
                                          "steps(2, jump-none)",
                                          "steps(0)",
                                          "cubic-bezier(0.2, 0.8, 0.3, 1)",
                                          "cubic-bezier(2, 0, 0, 1)",
                                          "linear(0, 0.5, 1)",
                                          "spring(1, 100, 10)",
                                          "infinite",
                                          "alternate",
                                          "reverse",
                                          "both",
                                          "forwards",
                                          "running",
                                          "paused",
                                          "normal",
                                          "allow-discrete",
                                          "none",
                                          "auto",
                                          "default",
                                          "opacity",
                                          "background-color",
                                          "Border-Color",
                                          "all",
                                          "ALL",
                                          "padding",
                                          "no-such-property-at-all",
                                          "kf0",
                                          "'quoted'",
                                          "inherit",
                                          "initial",
                                          "var(--t)",
                                          "1s !important",
                                          "/**/",
                                          "x(y(z))",
                                          ")",
                                          ","};
  const std::vector<std::string> names = {"animation",
                                          "transition",
                                          "animation-name",
                                          "animation-duration",
                                          "animation-timing-function",
                                          "animation-delay",
                                          "animation-iteration-count",
                                          "animation-direction",
                                          "animation-fill-mode",
                                          "animation-play-state",
                                          "transition-property",
                                          "transition-duration",
                                          "transition-timing-function",
                                          "transition-delay",
                                          "transition-behavior",
                                          "Transition",
                                          "ANIMATION-PLAY-STATE"};
  std::uint32_t seed = 8086u;
  const auto pick = [&](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (const std::string& name : names) {
    for (const std::string& part : parts) {
      checkSamePaths(cat({".a { ", name, ": ", part, "; }"}));
      checkSamePaths(cat({".a{", name, ":", part, "}"}));
    }
  }
  for (int i = 0; i < 6000; ++i) {
    // One to three items of one to four components; before it, sometimes
    // longhands (which a shorthand resets, and says so) and var() records
    // (which the list shadows).
    std::string v;
    const int items = 1 + static_cast<int>(pick(3));
    for (int k = 0; k < items; ++k) {
      if (k) v += pick(4) ? ", " : ",";
      const int count = 1 + static_cast<int>(pick(4));
      for (int c = 0; c < count; ++c) v += (c ? (pick(8) ? " " : "\t") : "") + parts[pick(parts.size())];
    }
    const std::string& name = names[pick(names.size())];
    std::string before;
    if (pick(3) == 0)
      before += names[2 + pick(names.size() - 4)] + ": " + parts[pick(parts.size())] + ";\n  ";
    if (pick(3) == 0)
      before += names[2 + pick(names.size() - 4)] + ": " + parts[pick(parts.size())] + ";\n  ";
    if (pick(4) == 0) before += name + ": var(--a);\n  ";
    if (pick(6) == 0) before += names[2 + pick(names.size() - 4)] + ": 1s !important;\n  ";
    checkSamePaths(cat({".a {\n  ", before, name, ": ", v, ";\n  ", names[pick(names.size())], ": ",
                        parts[pick(parts.size())], "\n}"}));
    if (i % 8 == 0) checkSameAttribute(cat({before, name, ": ", v}));
  }
}

TEST_CASE("parser byte paths: list items read without the general reader, and the values it refuses",
          "[style][parser][bytepaths][animation]") {
  // The list readers over the bytes (values/Lists.hpp on a ByteCursor):
  // each shape they read, written as the token path writes it (lists,
  // names, every double's bits, the shorthands' bookkeeping), and next to
  // it the near misses they must leave to the token path, which reads
  // them or reports them.
  const std::vector<std::string> read = {
      // The benchmark sheet's shapes.
      "transition: opacity 267ms ease",
      "transition: background-color 0.8s linear, border-color 437ms ease-out",
      "transition: background-color 0.9s cubic-bezier(0.2, 0.8, 0.3, 1), border-color 418ms ease-out",
      "transition: background-color 0.5s steps(4, end), border-color 1s ease-out",
      "transition-property: opacity, color", "transition-duration: 257ms",
      "animation: kf0 3.37s steps(4, end) infinite alternate both",
      "animation: kf1 2.06s cubic-bezier(0.2, 0.8, 0.3, 1) infinite alternate both",
      "animation-play-state: running",
      // Every category of the shorthands, in any order, and what falls to the next one.
      "transition: 1s", "transition: all 0s", "transition: opacity -0s", "transition: -1s opacity 2s",
      "transition: opacity 1s -0.25s", "transition: color 1s steps(2, jump-none) 250ms allow-discrete",
      "transition: normal opacity", "transition: allow-discrete normal", "transition: ease 1s ease",
      "transition: linear linear", "transition: padding 1s", "transition: no-such-property 1s",
      "transition: Border-Color 1S EASE-IN", "transition: ALL 2MS", "transition: opacity 1s step-start",
      "transition: opacity 1s step-end, color 2s ease-in-out, width 3s linear, height 4ms ease-in",
      "transition: opacity 1s cubic-bezier(0, -2, 1, 3)", "transition: opacity 123456789012345ms",
      "transition: opacity 0.000000000000001s", "transition:opacity 1s,color 2s",
      "transition: opacity 1s\t,\tcolor 2s", "transition: opacity  \t 1s", "animation: kf 1s",
      "animation: none", "animation: none none", "animation: kf 1s 2s 3 reverse forwards paused",
      "animation: paused forwards reverse 3 2s 1s kf", "animation: infinite infinite", "animation: auto kf",
      "animation: auto 1s kf", "animation: ease ease", "animation: kf 0.5 1s", "animation: kf -0",
      "animation: kf 0", "animation: kf -1s", "animation: kf -0s 1s", "animation: a 1s, b 2s linear, c",
      "animation: normal normal", "animation: running running", "animation: both both",
      "animation: alternate-reverse backwards", "animation: -kf 1s", "animation: k\xC3\xA9 1s",
      "animation: kf0 3.37s steps(4, end) infinite alternate both, kf1 1s",
      // Longhands.
      "transition-property: all", "transition-property: padding, no-such, OPACITY",
      "transition-duration: 1s, 0.5s, 250ms, -0s", "transition-delay: -1s, 0s, -0ms",
      "transition-timing-function: ease, steps(2, jump-none), cubic-bezier(0, 0, 1, 1)",
      "transition-behavior: normal, allow-discrete", "animation-name: kf0, none, auto",
      "animation-duration: auto, 1s, -0s", "animation-delay: -250ms, 1s",
      "animation-timing-function: linear, steps(3), EASE-OUT",
      "animation-iteration-count: infinite, 2, 0.5, -0", "animation-direction: alternate-reverse, normal",
      "animation-fill-mode: both, none", "animation-play-state: paused, running",
      "ANIMATION-PLAY-STATE: PAUSED",
      // Easing functions' arguments, read from the bytes too.
      "transition: opacity 1s steps(4,end)", "transition: opacity 1s steps( 4 , end )",
      "transition: opacity 1s steps(4, END)", "transition: opacity 1s STEPS(3, Jump-Start)",
      "transition: opacity 1s steps(2, start)", "transition: opacity 1s steps(1)",
      "transition: opacity 1s steps(4.0)", "transition: opacity 1s steps(4, end) 2s",
      "transition: opacity 1s cubic-bezier(-0, 1.5, 0.5, -2)",
      "transition: opacity 1s cubic-bezier(0.1,0.2,0.3,0.4)",
      "transition: opacity 1s Cubic-Bezier(0.25, 0.1, 0.25, 1)", "animation: kf steps(4, end)\t1s",
      "transition: opacity 1s cubic-bezier(0.123456789012345, 0, 1, 1)"};
  const std::vector<std::string> refused = {
      // What the general reader takes but the readers over the bytes leave
      // to it (the easings parseEasing reads from text among them).
      "transition: opacity 1s linear(0, 0.5, 1)", "transition: opacity 1s spring(1, 100, 10)",
      "transition-timing-function: linear(0, 1)", "transition-timing-function: spring(1, 100, 10, 0)",
      "transition: none", "transition-property: none", "transition: opacity calc(1s + 1ms)",
      "transition: opacity 1s ease-in-sine", "animation: kf ease-in-out-back", "transition: 'x' 1s",
      "animation: 'quoted' 1s", "animation-name: 'quoted'", "transition: opacity\n1s",
      "transition: opacity/**/1s", "transition: op\\61 city 1s", "transition: opacity 1s /**/",
      "transition: opacity 1s\r", "transition-timing-function: steps(4, jump-start%)",
      "transition-timing-function: linear(0, 25% 0.5, 1)", "transition: opacity 1s ease-in-sine",
      "animation-timing-function: ease-in-quad", "transition: opacity 1s steps(4, end) ",
      // Errors, each the token path's to report.
      "transition: opacity 1s !important", "transition: opacity var(--t)", "transition: none, opacity",
      "transition: opacity 1s 2s 3s", "transition: opacity 1px", "transition: opacity 1",
      "transition: opacity 0", "transition: opacity color", "transition: default 1s", "transition: inherit",
      "transition: opacity, inherit", "transition: opacity 1s,", "transition: , opacity",
      "transition: opacity,, color", "transition: opacity ,", "transition: opacity 1s ease ease",
      "transition: opacity 1s steps(0)", "transition: opacity 1s cubic-bezier(2, 0, 0, 1)",
      "transition: opacity 1s steps(4, end", "transition: opacity 1s steps(4 end)",
      "transition: opacity 1s steps(4, middle)", "transition: opacity 1s steps((4))",
      "transition: opacity 1s frames(3)", "transition: opacity 1e3ms", "transition: opacity .5s",
      "transition: opacity +1s", "transition: opacity 1.s", "transition: opacity 1s)",
      "transition: opacity 1sec", "transition: opacity 1ms2", "transition: opacity #abc", "transition: ;",
      "transition: ease-foo", "transition-duration: -1s", "transition-duration: 1s 2s",
      "transition-duration: auto", "transition-delay: 1", "transition-property: opacity 1s",
      "transition-property: default", "transition-property: opacity, none", "transition-behavior: discrete",
      "transition-timing-function: ease-foo", "transition-timing-function: 1s", "animation: kf 1s 2s 3s",
      "animation: kf -1", "animation: kf 1 2", "animation: kf1 kf2", "animation: auto auto",
      "animation: kf ease-foo", "animation: kf 1s steps(4, end) steps(2)",
      "animation: kf 1s ease linear(0, 1)", "animation: default", "animation: kf 1s, , kf2",
      "animation: unset", "animation: kf revert", "animation: kf 3.5e38", "animation-name: default",
      "animation-name: none none", "animation-duration: -1s", "animation-delay: auto",
      "animation-iteration-count: -1", "animation-iteration-count: infinite infinite",
      "animation-play-state: run", "animation-direction: alternate, 1s",
      "animation-fill-mode: forwards backwards", "animation-play-state: paused !important",
      "animation-play-state: var(--s)",
      // Easing functions' near misses.
      "transition: opacity 1s steps(4, _end)", "transition: opacity 1s steps(4, \xC3\xA9)",
      "transition: opacity 1s cubic-bezier(0.2, 0.8, 0.3, 1e0)", "transition: opacity 1s steps(4,)",
      "transition: opacity 1s steps(,4)", "transition: opacity 1s steps()", "transition: opacity 1s steps(4",
      "transition: opacity 1s steps(4 end)", "transition: opacity 1s steps(-1)",
      "transition: opacity 1s steps(+4)", "transition: opacity 1s steps(.5)",
      "transition: opacity 1s cubic-bezier(0.2, 0.8, 0.3)", "transition: opacity 1s steps(4, end)x",
      "transition: opacity 1s steps(4, end)/**/", "transition: opacity 1s steps(4, end\n)",
      "transition: opacity 1s steps(4/**/)", "transition: opacity 1s steps(4px)",
      "transition: opacity 1s steps(50%)", "transition: opacity 1s steps(4, end)(",
      "transition: opacity 1s steps(steps(4))",
      "transition: opacity 1s cubic-bezier(0.1234567890123456, 0, 1, 1)",
      "animation: kf cubic-bezier(0.2, 0.8, 0.3, 1) ease", "transition: opacity 1s url(x)",
      "transition: opacity 1s calc(1s)", "transition: opacity 1s rgb(1, 2, 3)"};
  for (const std::vector<std::string>* list : {&read, &refused}) {
    for (const std::string& decl : *list) {
      checkSamePaths(".a { " + decl + "; }");
      checkSamePaths(".a{" + decl + "}");
      checkSamePaths(".a {\n  " + decl + " ;\n  opacity: 0.5;\n}");
      checkSamePaths(".a { " + decl);  // the end of input
      checkSameAttribute(decl);
      checkSameAttribute(decl + ";");
    }
  }
  // The shorthands' bookkeeping after a list read from the bytes: longhands
  // before a shorthand are reset by it (and a warning says so), after it
  // they are noted; !important ones only by !important shorthands.
  checkSamePaths(
      ".a {\n  transition-duration: 1s;\n  transition-property: opacity, color;\n"
      "  animation-play-state: paused;\n  transition: opacity 267ms ease;\n  transition-delay: 2s;\n"
      "  animation: kf0 1s steps(4, end) infinite alternate both;\n  transition: color 1s;\n}");
  checkSamePaths(
      ".a { animation-name: x !important; animation-duration: 1s; animation: kf 2s; "
      "animation: kf 3s !important; }");
  checkSamePaths(".a { --t: 1s; transition: opacity var(--t); transition: opacity 2s; }");
  checkSamePaths(".a { animation: var(--a); animation-play-state: running; animation: kf 1s; }");
  // An easing function is one level of nesting, which every limit allows.
  for (int limit : {0, 1, 2})
    checkSamePaths(".a { transition: opacity 1s steps(4, end), color 2s cubic-bezier(0, 0, 1, 1); }", limit);
}

// ---------------------------------------------------------------------------
// [SECTION] @keyframes preludes
// ---------------------------------------------------------------------------

TEST_CASE("parser byte paths: @keyframes preludes read from the bytes",
          "[style][parser][bytepaths][keyframes]") {
  // The at-keyword, the gaps around the name, the name and what follows,
  // each in the spellings the byte path reads and in those it leaves to the
  // token path (which reports them).
  const std::vector<std::string> keywords = {"@keyframes",         "@KEYFRAMES", "@Keyframes", "@keyframesx",
                                             "@-webkit-keyframes", "@keyframe",  "@media"};
  const std::vector<std::string> gaps = {" ", "  ",   "\t",        "\n",   " \n\t",
                                         "",  "/**/", " /* c */ ", "\r\n", "\f"};
  const std::vector<std::string> names = {"kf0",   "k",   "Spin", "none",     "NONE", "default", "inherit",
                                          "unset", "'s'", "\"\"", "-x",       "--x",  "0kf",     "k\\61",
                                          "a b",   "url", "x(",   "kf0, kf1", "-",    ""};
  const std::vector<std::string> bodies = {"{ 0% { opacity: 0 } to { opacity: 1; } }",
                                           "{}",
                                           "{ from { width: 1px } }",
                                           "{ 50% { opacity: 0.5 } ",
                                           ";",
                                           "{ @media x {} 10% { color: red } }",
                                           ""};
  for (const std::string& kw : keywords)
    for (const std::string& name : names)
      for (std::size_t g = 0; g < gaps.size(); ++g) {
        const std::string& before = gaps[g];
        const std::string& after = gaps[(g + 3) % gaps.size()];
        for (const std::string& body : bodies) {
          checkSamePaths(cat({kw, before, name, after, body}));
          checkSamePaths(cat({".a { width: 1px }\n", kw, before, name, after, body, "\n.b { color: red }"}));
        }
      }
  // A later block of the same name replaces the earlier one, and says where it was.
  checkSamePaths("@keyframes kf { to { opacity: 1 } }\n.a{}\n@keyframes kf { from { opacity: 0 } }");
  checkSamePaths("@keyframes kf { to { opacity: 1 } }\n@keyframes KF { to { opacity: 0 } }");
  // After @import and @charset, and with the byte paths but no declarations'.
  checkSamePaths("@charset \"utf-8\";\n@keyframes kf { to { opacity: 1 } }\n@import \"x.zstyle\";");
  detail::FastPaths keyframesOnly;
  keyframesOnly.declarations = false;
  checkSamePaths("@keyframes kf {\n  0% { opacity: 0; transform: scale(2) }\n}\n.a { width: 1px }", 256,
                 keyframesOnly);
}

// ---------------------------------------------------------------------------
// [SECTION] Custom properties and var() records
// ---------------------------------------------------------------------------

TEST_CASE("parser byte paths: custom properties and var() records kept from the bytes",
          "[style][parser][bytepaths][vars]") {
  // Custom property values of one token and of several, and values with
  // var() (well formed, malformed, nested, with fallbacks), with and
  // without `!important`, in rules, @keyframes and style attributes, among
  // declarations that shadow the records.
  const std::vector<std::string> names = {"--a",      "--Accent-0",    "--",      "--x-y-z",   "color",
                                          "padding",  "border-radius", "Row-Gap", "transform", "box-shadow",
                                          "animation"};
  const std::vector<std::string> values = {"#a53f56",
                                           "2px",
                                           "11px",
                                           "red",
                                           "!",
                                           "1px 2px",
                                           "var(--a)",
                                           "var(--gap, 4px)",
                                           "var(--gap) 2px",
                                           "VAR(--a)",
                                           "var(a)",
                                           "var(--a,)",
                                           "var(--a 1px)",
                                           "var()",
                                           "var(--a) !important",
                                           "var(--a)!important",
                                           "1px var(--b, var(--c, 3px))",
                                           "calc(var(--a) * 2)",
                                           "rgb(var(--r), 0, 0)",
                                           "translate(var(--x), 2px)",
                                           "var(--a) ! important",
                                           "x !important",
                                           "a b c d e f"};
  std::uint32_t seed = 4004u;
  const auto pick = [&](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (const std::string& name : names)
    for (const std::string& value : values) {
      checkSamePaths(cat({".a {\n  ", name, ": ", value, ";\n  ", name, ":", value, "\n}"}));
      checkSamePaths(cat({"@keyframes k { 0% { ", name, ": ", value, "; opacity: 1 } }"}));
      checkSameAttribute(cat({name, ": ", value, "; ", name, ": ", value}));
    }
  for (int i = 0; i < 3000; ++i) {
    std::string text = ".t" + std::to_string(i % 7) + " {\n";
    const int decls = 1 + static_cast<int>(pick(8));
    for (int k = 0; k < decls; ++k)
      text += cat({std::string(1 + pick(4), ' '), names[pick(names.size())], ": ",
                   values[pick(values.size())], ";\n"});
    text += "}\n";
    checkSamePaths(text);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] rgb() items, lengths and positions
// ---------------------------------------------------------------------------

TEST_CASE("parser byte paths: rgb() items read from the bytes are rgbFromTokens' items",
          "[style][parser][bytepaths][values]") {
  // Random rgb() / rgba() of arguments in every form the item reader takes
  // (unsigned numbers, fractions, percentages, none, commas, slashes) and
  // of forms it leaves to the tokens (signs, exponents, units, 16 digits,
  // escapes, comments, other whitespace), in every property with a colour.
  const std::vector<std::string> args = {"0",
                                         "00",
                                         "7",
                                         "255",
                                         "256",
                                         "1000",
                                         "1.5",
                                         "0.25",
                                         "0.0",
                                         "12.",
                                         ".5",
                                         "-1",
                                         "+1",
                                         "-0",
                                         "1e2",
                                         "1E-1",
                                         "1px",
                                         "2deg",
                                         "50%",
                                         "0%",
                                         "100.5%",
                                         "1e2%",
                                         "-5%",
                                         "none",
                                         "NONE",
                                         "None",
                                         "nonex",
                                         "none(",
                                         "n\\6fne",
                                         "999999999999999",
                                         "1234567890123456",
                                         "0.000000000000001",
                                         "3.14159265358979",
                                         "50%5",
                                         "1/**/"};
  const std::vector<std::string> seps = {", ", ",", " ", "  ", "\t", " / ", "/", ",,", " ,", "\n", " /* */ "};
  const std::vector<std::string> fns = {"rgb(", "rgba(", "RGB(", "Rgba(", "rgbx(", "rgb ("};
  const std::vector<std::string> props = {"color", "background-color", "border-color", "background",
                                          "box-shadow: 1px 1px"};
  std::uint32_t seed = 1337u;
  const auto pick = [&](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int i = 0; i < 12000; ++i) {
    std::string v = fns[i % 3 == 0 ? pick(fns.size()) : pick(2)];
    if (pick(4) == 0) v += " ";
    const bool legacy = pick(2) == 0;
    const int count = 2 + static_cast<int>(pick(4));
    for (int k = 0; k < count; ++k) {
      if (k) {
        if (i % 5 == 0)
          v += seps[pick(seps.size())];
        else if (legacy)
          v += pick(2) ? ", " : ",";
        else
          v += k == 3 ? (pick(2) ? " / " : "/") : " ";
      }
      v += i % 4 == 0 ? args[pick(args.size())] : args[pick(8)];
    }
    v += pick(10) ? ")" : (pick(2) ? " )" : "");
    const std::string prop = props[pick(props.size())];
    const std::string sep = prop.find(':') == std::string::npos ? ": " : " ";
    checkSamePaths(cat({".a { ", prop, sep, v, "; width: 1px }"}));
    if (i % 6 == 0) checkSamePaths(cat({"@keyframes k { 50% { ", prop, sep, v, " } }"}));
  }
}

TEST_CASE("parser byte paths: lengths and positions read from the bytes are loneLength's and lengthAt's",
          "[style][parser][bytepaths][values]") {
  // padding, margin, border-radius, translate and transform-origin of
  // random runs of lengths, keywords and what their byte reader leaves to
  // the tokens, with spaces, tabs or nothing between, ended by `;`, `}`,
  // `!important` or the end of input.
  const std::vector<std::string> good = {
      "0",     "-0",    "7px", "12px",   "3.5px",  "-2px", "0px",
      "1.5em", "-1em",  "50%", "-5%",    "0.0",    "auto", "AUTO",
      "left",  "Right", "top", "bottom", "CENTER", "100%", "123456789012345px"};
  const std::vector<std::string> bad = {"1",
                                        "-1",
                                        "1PX",
                                        "2EM",
                                        "1cm",
                                        "1e3px",
                                        "1e-3px",
                                        "1e",
                                        "+1px",
                                        ".5px",
                                        "1.px",
                                        "1px(",
                                        "auto(",
                                        "autox",
                                        "lefty",
                                        "-auto",
                                        "1px,",
                                        "1px/",
                                        "--",
                                        "-",
                                        "1234567890123456px",
                                        "1\\70x",
                                        "1p\\x",
                                        "\\61uto",
                                        "calc(1px)",
                                        "var(--a)",
                                        "inherit",
                                        "none",
                                        "1px!important",
                                        "1-2px",
                                        "1px-",
                                        "0-",
                                        "0.",
                                        "#abc",
                                        "1x",
                                        "1pxx",
                                        "1emx",
                                        "1%x"};
  const std::vector<std::string> props = {"padding",          "margin",  "border-radius",   "translate",
                                          "transform-origin", "PADDING", "Transform-Origin"};
  std::uint32_t seed = 8086u;
  const auto pick = [&](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (const std::string& prop : props) {
    for (const std::string& a : good) {
      checkSamePaths(cat({".a { ", prop, ": ", a, "; }"}));
      for (const std::string& b : good) checkSamePaths(cat({".a{", prop, ":", a, " ", b, "}"}));
      for (const std::string& b : bad) checkSamePaths(cat({".a { ", prop, ": ", a, "\t", b, "; }"}));
    }
    for (const std::string& a : bad) checkSamePaths(cat({".a { ", prop, ": ", a, "; }"}));
  }
  for (int i = 0; i < 6000; ++i) {
    const std::string& prop = props[pick(props.size())];
    std::string v;
    const int count = 1 + static_cast<int>(pick(5));
    for (int k = 0; k < count; ++k) {
      const std::string& piece = pick(6) == 0 ? bad[pick(bad.size())] : good[pick(good.size())];
      const char* sep = k == 0 ? "" : pick(10) == 0 ? "" : pick(4) == 0 ? "\t" : " ";
      v += sep + piece;
    }
    const std::size_t ending = pick(8);
    if (ending == 0) {
      checkSamePaths(cat({".a { ", prop, ": ", v, " !important; }"}));
    } else if (ending == 1) {
      checkSamePaths(cat({".a { ", prop, ": ", v}));  // the end of input
    } else if (ending == 2) {
      checkSamePaths(cat({"@keyframes k { 0% { ", prop, ": ", v, " } }"}));
    } else if (ending == 3) {
      checkSameAttribute(cat({prop, ": ", v}));
    } else {
      checkSamePaths(cat({".a {\n  ", prop, ": ", v, pick(2) ? ";" : "", "\n  width: 1px;\n}"}));
    }
  }
}

// ---------------------------------------------------------------------------
// [SECTION] var() values
// ---------------------------------------------------------------------------

TEST_CASE("parser byte paths: var() values read from the bytes are the records the tokens give",
          "[style][parser][bytepaths][vars]") {
  // Values that start with var(): groups with and without fallbacks,
  // words after them, and what the byte reader leaves to the tokens
  // (parentheses in a fallback, comments, strings, escapes, `!`, line
  // breaks, malformed names), as the record, the error or the value the
  // token path keeps.
  const std::vector<std::string> values = {"var(--a)",
                                           "VaR(--Accent-0)",
                                           "var( --a )",
                                           "var(--a,)",
                                           "var(--a, 4px)",
                                           "var(--a , 1px 2px)",
                                           "var(--a,#fff)",
                                           "var(--a, a.b +1 .5 50% x_y)",
                                           "var(--a) 2px",
                                           "var(--a)\t2px\t3px",
                                           "var(--a), x",
                                           "var(--a),var(--b)",
                                           "var(--a) var(--b, 1px)",
                                           "var(--a)var(--b)",
                                           "var(--a)px",
                                           "var(--a)(",
                                           "var(--a, rgb(1, 2, 3))",
                                           "var(--a, var(--b))",
                                           "var(--a, 'x')",
                                           "var(--a, /**/ 1px)",
                                           "var(--a) /**/",
                                           "var(--a, 1px",
                                           "var(--a",
                                           "var(--)",
                                           "var(-->)",
                                           "var(--->)",
                                           "var(-a)",
                                           "var(a)",
                                           "var()",
                                           "var(--a\\62)",
                                           "var(--a(1))",
                                           "var(--\xC3\xA9)",
                                           "var(--a) !important",
                                           "var(--a)!important",
                                           "var(--a)\n  2px",
                                           "var(--a, 1px\n)",
                                           "var(--a) \\31",
                                           "var(--a) <!--",
                                           "var(--a) x:y",
                                           "var(--a) {}",
                                           "vars(--a)",
                                           "var (--a)",
                                           "visible",
                                           "v"};
  const std::vector<std::string> names = {"color",     "padding",  "border-radius", "transform",
                                          "animation", "--custom", "widht",         "opacity"};
  for (const std::string& name : names)
    for (const std::string& value : values) {
      checkSamePaths(cat({".a {\n  ", name, ": ", value, ";\n  ", name, ":", value, "\n}"}));
      checkSamePaths(cat({".a { ", name, ": ", value}));  // the end of input
      checkSamePaths(cat({"@keyframes k { 0% { ", name, ": ", value, "; opacity: 1 } }"}));
      checkSameAttribute(cat({name, ": ", value, "; ", name, ": ", value}));
    }
}

// ---------------------------------------------------------------------------
// [SECTION] border and flex
// ---------------------------------------------------------------------------

namespace {

// `runs` values of one to four pieces (one in eight from `bad`), mostly a
// space between them, checked with and without the byte paths: with
// `!important`, ended by the end of input, in @keyframes, as a style
// attribute, or (the other of `endings` picks) in a block before another
// declaration. The property is spelled `name.plain`, or `name.atEnd` and
// `name.inBlock` in those two cases.
struct RunNames {
  std::string_view plain, atEnd, inBlock;
};
template <class Pick>
void checkRandomRuns(const RunNames& name, const std::vector<std::string>& good,
                     const std::vector<std::string>& bad, int runs, std::size_t endings, Pick&& pick) {
  const std::string plain(name.plain), atEnd(name.atEnd), inBlock(name.inBlock);
  for (int i = 0; i < runs; ++i) {
    std::string v;
    const int count = 1 + static_cast<int>(pick(4));
    for (int k = 0; k < count; ++k) {
      const std::string& piece = pick(8) == 0 ? bad[pick(bad.size())] : good[pick(good.size())];
      v += (k == 0 ? "" : pick(12) == 0 ? "" : " ") + piece;
    }
    const std::size_t ending = pick(endings);
    if (ending == 0)
      checkSamePaths(cat({".a { ", plain, ": ", v, " !important; }"}));
    else if (ending == 1)
      checkSamePaths(cat({".a { ", atEnd, ": ", v}));
    else if (ending == 2)
      checkSamePaths(cat({"@keyframes k { 0% { ", plain, ": ", v, " } }"}));
    else if (ending == 3)
      checkSameAttribute(cat({plain, ": ", v}));
    else
      checkSamePaths(cat({".a {\n  ", inBlock, ": ", v, ";\n  width: 1px;\n}"}));
  }
}

}  // namespace

TEST_CASE("parser byte paths: border read from the bytes is applyPlainValue's border",
          "[style][parser][bytepaths][values]") {
  // Runs of line styles, widths and colours, each kind at most once or
  // not, with what the byte reader leaves to the tokens among them.
  const std::vector<std::string> good = {"1px",     "0",      "2.5px",       "12px",  "solid",
                                         "NONE",    "hidden", "dashed",      "Inset", "#abc",
                                         "#A1B2C3", "red",    "Transparent", "#abcd", "0.0"};
  const std::vector<std::string> bad = {
      "thin",     "medium", "thick",   "1em",          "50%",       "-1px",         "1",
      "#ggg",     "#-a",    "#",       "#1",           "notacolor", "rgb(1, 2, 3)", "solid(",
      "\\73olid", "1e3px",  "inherit", "currentColor", "1PX",       "#abc\\",       "1234567890123456px",
      "0%",       "solid!", "red,"};
  std::uint32_t seed = 1701u;
  const auto pick = [&](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (const std::string& a : good)
    for (const std::string& b : good) {
      checkSamePaths(cat({".a { border: ", a, " ", b, "; }"}));
      checkSamePaths(cat({".a{border:", a, "\t", b, "}"}));
    }
  for (const std::string& a : good)
    for (const std::string& b : bad) {
      checkSamePaths(cat({".a { border: ", a, " ", b, "; }"}));
      checkSamePaths(cat({".a { border: ", b, " ", a, "; }"}));
    }
  checkRandomRuns({"border", "border", "BORDER"}, good, bad, 4000, 6, pick);
}

TEST_CASE("parser byte paths: flex read from the bytes is applyPlainValue's flex",
          "[style][parser][bytepaths][values]") {
  // Factors, bases and keywords in every order, zeros that are factors or
  // bases by where they stand, and what the byte reader leaves to the tokens.
  const std::vector<std::string> good = {"1",   "0",    "2.5",     "0.0", "58px", "0px", "1.5em",
                                         "50%", "auto", "CONTENT", "3",   "0%",   "12"};
  const std::vector<std::string> bad = {
      "-1",       "-1px",  "none",  "initial", "1PX", "1e2",       "1cm",  "+1",
      ".5",       "auto(", "autos", "1px!",    "1,",  "calc(1px)", "\\31", "12345678901234567",
      "var(--a)", "1-"};
  std::uint32_t seed = 4242u;
  const auto pick = [&](std::size_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (const std::string& a : good)
    for (const std::string& b : good) {
      checkSamePaths(cat({".a { flex: ", a, " ", b, "; }"}));
      for (const std::string& c : good) checkSamePaths(cat({".a{flex:", a, " ", b, "\t", c, "}"}));
    }
  for (const std::string& a : good)
    for (const std::string& b : bad) {
      checkSamePaths(cat({".a { flex: ", a, " ", b, "; }"}));
      checkSamePaths(cat({".a { flex: ", b, " ", a, " 1; }"}));
    }
  checkRandomRuns({"flex", "Flex", "flex"}, good, bad, 3000, 5, pick);
}

TEST_CASE("parser byte paths: rules inside @media blocks are the token path's, closing brace included",
          "[style][parser][bytepaths][media]") {
  const std::vector<std::string> bodies = {".a { opacity: 0.5 }",
                                           ".a{opacity:.5}.b{width:1px}",
                                           "Slider:hover::knob { color: red }",
                                           ".broken",
                                           "}",
                                           ".a { opacity: 0.5 } @keyframes k { to { opacity: 0 } }",
                                           "@media print { .x {} } .y {}",
                                           ".a, .b > .c { width: 2px }",
                                           "/* c */ .a {}\n",
                                           "@keyframes k{to{opacity:0}}",
                                           ".a { opacity: 0.5 ",
                                           ""};
  for (const std::string& b : bodies) {
    checkSamePaths("@media (min-width: 600px) {" + b + "}\n.after { opacity: 0.25 }");
    checkSamePaths("@media screen {\n  " + b + "\n}");
    checkSamePaths(".x{}@media all{" + b);
  }
}
