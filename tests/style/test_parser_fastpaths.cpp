// Edge cases of the parser's fast paths: the tokenizer's `-name` and `#name`
// lanes, the inline keyword tests (CSS-wide keywords, px, easing keywords,
// var()), and the reused keyframe buffers. Each case sits on the boundary
// between a fast path and the general CSS Syntax 3 code.
#include "parser_test_util.hpp"

#include <zenit/style/Tokenizer.hpp>

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

TEST_CASE("parser fast path: CSS-wide keywords in any case, look-alikes are values", "[style][parser]") {
  auto s = parse(".a { opacity: 0.5; opacity: INITIAL; width: 5px; width: UnSet }");
  const Style& st = normalOf(s);
  CHECK(st.opacity == Opt<float>(1.0f));
  CHECK(st.width == Opt<Value>(Value::makeAuto()));
  CHECK(s.diagnostics.empty());

  // Same length and first byte as a keyword, but not one: an ordinary (invalid) value.
  auto bad = parse(".a { opacity: initiaL2; opacity: inheriT; width: reverts }");
  REQUIRE(bad.diagnostics.size() == 3);
  CHECK(bad.diagnostics[0].severity == Severity::Error);
  CHECK(bad.diagnostics[0].message.find("invalid value for opacity") == 0);
  CHECK(bad.diagnostics[1].severity == Severity::Warning);
  CHECK(bad.diagnostics[1].message == "`inheriT` is not supported for opacity; the declaration is ignored");
  CHECK(bad.diagnostics[2].severity == Severity::Error);
  CHECK(bad.diagnostics[2].message.find("invalid value for width") == 0);
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
