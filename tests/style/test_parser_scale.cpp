// Parser and tokenizer behaviour the fast paths must keep: the general
// CSS Syntax 3 path for unusual tokens, very long tokens, case-insensitive
// property names, shorthands that fail half way, and many rules and
// @keyframes blocks in one sheet.
#include "parser_test_util.hpp"

#include <zenit/style/Tokenizer.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

using namespace zenit;
using namespace zenit::test;

namespace {}  // namespace

TEST_CASE("tokenizer: numbers next to units, exponents and escapes take the CSS reading",
          "[style][tokenizer]") {
  for (bool skipMode : {false, true}) {
    const Lexed l = lex("2em 1e3 3E-1 10-x 5\\70 x 7% 0.25turn 12.px 1234567890123456789", false, skipMode);
    REQUIRE(l.toks.size() == 12);  // ... 12 . px 1234… Eof
    CHECK((l.toks[0].type == TokenType::Dimension && l.toks[0].text == "em" && l.toks[0].number == 2.0));
    CHECK((l.toks[1].type == TokenType::Number && l.toks[1].number == 1000.0 && !l.toks[1].isInteger()));
    CHECK((l.toks[2].type == TokenType::Number && l.toks[2].number == Approx(0.3)));
    CHECK((l.toks[3].type == TokenType::Dimension && l.toks[3].text == "-x" && l.toks[3].number == 10.0));
    // An escape in a unit is decoded: `5\70 x` is 5 with unit "px".
    CHECK((l.toks[4].type == TokenType::Dimension && l.toks[4].text == "px" &&
           (l.toks[4].flags & Token::kEscaped)));
    CHECK((l.toks[5].type == TokenType::Percentage && l.toks[5].number == 7.0 && l.toks[5].isInteger()));
    CHECK((l.toks[6].type == TokenType::Dimension && l.toks[6].text == "turn" && l.toks[6].number == 0.25));
    // `12.` is not a decimal: the number 12, then a `.` delimiter, then `px`.
    CHECK((l.toks[7].type == TokenType::Number && l.toks[7].number == 12.0));
    CHECK(l.toks[8].isDelim('.'));
    CHECK(l.toks[9].isIdent("px"));
    // More digits than the exact fast conversion allows: still the nearest double.
    CHECK((l.toks[10].type == TokenType::Number && l.toks[10].number == 1234567890123456789.0));
    CHECK(l.toks[11].type == TokenType::Eof);
    CHECK(l.diags.empty());
  }
}

TEST_CASE("tokenizer: names with escapes, url( in any case, functions and idents", "[style][tokenizer]") {
  for (bool skipMode : {false, true}) {
    const Lexed l = lex("p\\61 dding URL(a.png) uRl( \"b\" ) urls(x) rgb( -webkit-x --var", false, skipMode);
    REQUIRE(l.toks.size() == 12);
    CHECK(l.toks[11].type == TokenType::Eof);
    CHECK((l.toks[0].isIdent("padding") && (l.toks[0].flags & Token::kEscaped)));
    CHECK((l.toks[1].type == TokenType::Url && l.toks[1].text == "a.png"));
    // url( followed by a quote is a function, whatever the case.
    CHECK((l.toks[2].type == TokenType::Function && l.toks[2].text == "uRl"));
    CHECK((l.toks[3].type == TokenType::String && l.toks[3].text == "b"));
    CHECK(l.toks[4].type == TokenType::RightParen);
    CHECK((l.toks[5].type == TokenType::Function && l.toks[5].text == "urls"));
    CHECK(l.toks[6].isIdent("x"));
    CHECK(l.toks[7].type == TokenType::RightParen);
    CHECK((l.toks[8].type == TokenType::Function && l.toks[8].text == "rgb"));
    CHECK(l.toks[9].isIdent("-webkit-x"));
    CHECK((l.toks[10].type == TokenType::Ident && l.toks[10].text == "--var"));
  }
}

TEST_CASE("tokenizer: very long names, numbers and whitespace runs are single tokens", "[style][tokenizer]") {
  const std::string name(100000, 'a');
  const std::string digits = "1" + std::string(400, '0');  // 1e400: past double, saturates
  std::string src =
      name + "(" + std::string(50000, ' ') + "\n\n" + digits + "px" + std::string(20000, '\t') + name + "x";
  const Lexed l = lex(src, false, true);
  REQUIRE(l.toks.size() == 4);
  CHECK((l.toks[0].type == TokenType::Function && l.toks[0].text.size() == 100000));
  CHECK((l.toks[1].type == TokenType::Dimension && l.toks[1].text == "px"));
  CHECK(std::isinf(l.toks[1].number));
  CHECK((l.toks[1].line == 3 && l.toks[1].col == 1));
  CHECK((l.toks[2].isIdent(name + "x") && (l.toks[2].flags & Token::kAfterWhitespace)));
  CHECK(l.toks[2].line == 3);
  CHECK(l.toks[2].col == static_cast<std::uint32_t>(digits.size() + 2 + 20000 + 1));
}

TEST_CASE("parser: property names match in any case, escaped or not; near misses stay unknown",
          "[style][parser]") {
  const Style s =
      styleOf(".x { PADDING-TOP: 3px; Background-Color: red; p\\61 dding-left: 2px; Z-INDEX: 4 }");
  CHECK(s.padding.is_set);
  CHECK(s.padding.value.top == Px(3));
  CHECK(s.padding.value.left == Px(2));
  CHECK(s.backgroundColor == Opt<Color>(Color::rgba8(255, 0, 0)));
  CHECK(s.zIndex.is_set);
  CHECK(oneDiag("min-widtH: 3px") == "");
  // Same length and the same first, second, middle and last bytes as real names: still unknown.
  CHECK(oneDiag("mix-width: 3px").rfind("unknown property `mix-width`", 0) == 0);
  CHECK(oneDiag("paddingtop: 3px").rfind("unknown property `paddingtop`", 0) == 0);
  CHECK(oneDiag("translate-z: 3px").rfind("unknown property `translate-z`", 0) == 0);
}

TEST_CASE("parser: a shorthand that fails half way sets nothing, here or in later rules", "[style][parser]") {
  const StyleSheet s = parse(
      ".a { transform: translate(5px) scale(2); transform: translate(1px) bogus(3); }\n"
      ".b { border: 2px solid #000; border: 3px solid nocolour; }\n"
      ".c { opacity: 1 }\n");
  REQUIRE(s.rules.size() == 3);
  REQUIRE(s.diagnostics.size() == 2);
  CHECK(s.diagnostics[0].line == 1);
  CHECK(s.diagnostics[1].line == 2);
  const Style& a = s.rules[0].decls.normal;
  CHECK(a.translateX == Opt<Value>(Px(5)));
  CHECK(a.scaleX == Opt<float>(2.0f));
  const Style& b = s.rules[1].decls.normal;
  CHECK(b.borderWidth == Opt<float>(2.0f));
  CHECK(b.borderColor == Opt<Color>(Color::black()));
  const Style& c = s.rules[2].decls.normal;
  CHECK(!c.translateX.is_set);
  CHECK(!c.borderWidth.is_set);
  CHECK(c.opacity == Opt<float>(1.0f));
}

TEST_CASE("parser: thousands of rules and @keyframes keep order, and each replaced block warns once",
          "[style][parser][keyframes]") {
  std::string text;
  const int kRules = 3000, kBlocks = 400;
  for (int i = 0; i < kRules; ++i)
    text += ".r" + std::to_string(i) + " { opacity: 0.5; width: " + std::to_string(i) + "px }\n";
  // Blocks k0..k299, then k0..k99 again: the last hundred replace the first hundred.
  for (int i = 0; i < kBlocks; ++i)
    text += "@keyframes k" + std::to_string(i % 300) + " { from { opacity: 0 } 50%, to { opacity: 0." +
            std::to_string(i % 10) + " } }\n";
  const StyleSheet s = parse(text);
  REQUIRE(s.rules.size() == static_cast<std::size_t>(kRules));
  for (int i = 0; i < kRules; i += 997) {
    CHECK(s.rules[static_cast<std::size_t>(i)].order == static_cast<std::uint32_t>(i));
    CHECK(s.rules[static_cast<std::size_t>(i)].decls.normal.width == Opt<Value>(Px(static_cast<float>(i))));
  }
  REQUIRE(s.keyframes.size() == static_cast<std::size_t>(kBlocks));
  CHECK(s.keyframes[0].frames.size() == 3);
  CHECK(s.keyframes[0].frames[1].delta.opacity == s.keyframes[0].frames[2].delta.opacity);
  REQUIRE(s.diagnostics.size() == 100);
  // The warning names the first block of the name, by its line.
  CHECK(s.diagnostics[0].line == static_cast<std::uint32_t>(kRules + 301));
  CHECK(s.diagnostics[0].message.find(
            "@keyframes k0 replaces the one at t.zstyle:" + std::to_string(kRules + 1) + ":1") == 0);
  CHECK(s.diagnostics[99].message.find(
            "@keyframes k99 replaces the one at t.zstyle:" + std::to_string(kRules + 100) + ":1") == 0);
  CHECK(s.findKeyframes("k5") == &s.keyframes[305]);
}

TEST_CASE("parser: diagnostics keep file:line:col deep in a large sheet", "[style][parser]") {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "/* rule */ .r" + std::to_string(i) + " {\n  color: #123456;\n}\n";
  text += ".bad {\n    widht: 3px;\n  opacity: 2x;\n}\n";
  const StyleSheet s = parse(text, "big.zstyle");
  REQUIRE(s.diagnostics.size() == 2);
  CHECK(s.diagnostics[0].format().rfind("big.zstyle:6002:5: warning: unknown property `widht`", 0) == 0);
  CHECK(s.diagnostics[1].format().rfind("big.zstyle:6003:12: error: invalid value for opacity", 0) == 0);
}
