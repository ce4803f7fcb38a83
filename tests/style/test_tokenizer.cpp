// Tokenizer: CSS Syntax 3 §4 tokens, positions, escapes and error recovery.
#include "parser_test_util.hpp"

#include <zenit/style/Atom.hpp>
#include <zenit/style/Tokenizer.hpp>

#include <charconv>
#include <cmath>
#include <string>
#include <vector>

using namespace zenit;
using zenit::test::lex;
using zenit::test::Lexed;
using zenit::test::QuietLog;

namespace {

std::vector<TokenType> types(const Lexed& l) {
  std::vector<TokenType> v;
  for (const Token& t : l.toks) v.push_back(t.type);
  return v;
}

}  // namespace

TEST_CASE("tokenizer: punctuation, idents, functions, at-keywords", "[style][tokenizer]") {
  auto l = lex("@keyframes pulse { from { opacity: 0; } } a(b, [c]) --x");
  using T = TokenType;
  CHECK(types(l) == std::vector<T>{T::AtKeyword,    T::Ident,      T::LeftBrace,   T::Ident,
                                   T::LeftBrace,    T::Ident,      T::Colon,       T::Number,
                                   T::Semicolon,    T::RightBrace, T::RightBrace,  T::Function,
                                   T::Ident,        T::Comma,      T::LeftBracket, T::Ident,
                                   T::RightBracket, T::RightParen, T::Ident,       T::Eof});
  CHECK(l.toks[0].text == "keyframes");
  CHECK(l.toks[1].text == "pulse");
  CHECK(l.toks[11].text == "a");
  CHECK(l.toks[18].text == "--x");
  CHECK(l.diags.empty());
}

TEST_CASE("tokenizer: whitespace tokens are kept and comments vanish", "[style][tokenizer]") {
  auto l = lex("a /* c */b/**/c", true);
  using T = TokenType;
  CHECK(types(l) == std::vector<T>{T::Ident, T::Whitespace, T::Ident, T::Ident, T::Eof});
}

TEST_CASE("tokenizer: numbers follow the CSS number grammar", "[style][tokenizer]") {
  auto l = lex("12 -3.5 +.5 1e3 2E-2 4e+1 10px 50% 1.5em -0 .5s 1e 3e-x 7.");
  REQUIRE(l.toks.size() >= 15);
  CHECK(l.toks[0].type == TokenType::Number);
  CHECK(l.toks[0].number == 12.0);
  CHECK(l.toks[0].isInteger());
  CHECK(l.toks[1].number == -3.5);
  CHECK_FALSE(l.toks[1].isInteger());
  CHECK(l.toks[2].number == 0.5);
  CHECK((l.toks[2].flags & Token::kSigned) != 0);
  CHECK(l.toks[3].number == 1000.0);
  CHECK_FALSE(l.toks[3].isInteger());
  CHECK(std::abs(l.toks[4].number - 0.02) < 1e-12);
  CHECK(l.toks[5].number == 40.0);
  CHECK(l.toks[6].type == TokenType::Dimension);
  CHECK(l.toks[6].text == "px");
  CHECK(l.toks[7].type == TokenType::Percentage);
  CHECK(l.toks[7].number == 50.0);
  CHECK(l.toks[8].text == "em");
  CHECK(l.toks[8].number == 1.5);
  CHECK(l.toks[9].number == 0.0);
  CHECK(std::signbit(l.toks[9].number));
  CHECK(l.toks[10].text == "s");
  // `1e` is 1 with unit "e"; `3e-x` is 3 with unit "e-x" (no digits after the exponent sign).
  CHECK(l.toks[11].type == TokenType::Dimension);
  CHECK(l.toks[11].text == "e");
  CHECK(l.toks[12].text == "e-x");
  // `7.` is the number 7 then a delimiter.
  CHECK(l.toks[13].number == 7.0);
  CHECK(l.toks[14].isDelim('.'));
}

TEST_CASE("tokenizer: huge and tiny numbers saturate to infinity and zero", "[style][tokenizer]") {
  auto l = lex("1e999 -1e999 1e-999 " + std::string(400, '9') + " 0." + std::string(400, '0') + "1");
  CHECK(std::isinf(l.toks[0].number));
  CHECK(l.toks[0].number > 0);
  CHECK(std::isinf(l.toks[1].number));
  CHECK(l.toks[1].number < 0);
  CHECK(l.toks[2].number == 0.0);
  CHECK(std::isinf(l.toks[3].number));
  CHECK(l.toks[4].number == 0.0);
  CHECK(l.diags.empty());
}

TEST_CASE("tokenizer: signs, CDO/CDC and delimiters", "[style][tokenizer]") {
  auto l = lex("<!-- --> + - > * ~ . ! # @ <");
  using T = TokenType;
  CHECK(types(l) == std::vector<T>{T::CDO, T::CDC, T::Delim, T::Delim, T::Delim, T::Delim, T::Delim, T::Delim,
                                   T::Delim, T::Delim, T::Delim, T::Delim, T::Eof});
  CHECK(l.toks[2].isDelim('+'));
  CHECK(l.toks[4].isDelim('>'));
  CHECK(l.toks[11].isDelim('<'));
}

TEST_CASE("tokenizer: hashes know whether they are identifiers", "[style][tokenizer]") {
  auto l = lex("#main #123 #-x #");
  CHECK(l.toks[0].type == TokenType::Hash);
  CHECK((l.toks[0].flags & Token::kHashId) != 0);
  CHECK(l.toks[0].text == "main");
  CHECK(l.toks[1].type == TokenType::Hash);
  CHECK((l.toks[1].flags & Token::kHashId) == 0);
  CHECK(l.toks[1].text == "123");
  CHECK((l.toks[2].flags & Token::kHashId) != 0);
  CHECK(l.toks[3].isDelim('#'));
}

TEST_CASE("tokenizer: strings, escapes and line continuations", "[style][tokenizer]") {
  auto l = lex("\"a b\" 'it''s' \"q\\\"x\" \"\\41 B\" \"line\\\nnext\"");
  CHECK(l.toks[0].type == TokenType::String);
  CHECK(l.toks[0].text == "a b");
  CHECK((l.toks[0].flags & Token::kEscaped) == 0);
  CHECK(l.toks[1].text == "it");
  CHECK(l.toks[2].text == "s");
  CHECK(l.toks[3].text == "q\"x");
  CHECK(l.toks[4].text == "AB");
  CHECK(l.toks[5].text == "linenext");
  CHECK(l.diags.empty());
  CHECK(l.tz->arenaBytes() > 0);
}

TEST_CASE("tokenizer: escapes in names decode to UTF-8; plain names are views", "[style][tokenizer]") {
  auto l = lex(".a\\.b \\31 23 \\E9t\\E9  \\110000  plain");
  CHECK(l.toks[1].type == TokenType::Ident);
  CHECK(l.toks[1].text == "a.b");
  CHECK(l.toks[2].text == "123");
  CHECK(l.toks[3].text == "\xC3\xA9t\xC3\xA9");
  CHECK(l.toks[4].text == "\xEF\xBF\xBD");  // out of range -> U+FFFD
  CHECK(l.toks[5].text == "plain");
  CHECK(l.toks[5].text.data() >= l.source.data());
  CHECK(l.toks[5].text.data() < l.source.data() + l.source.size());
}

TEST_CASE("tokenizer: url() unquoted, quoted and bad", "[style][tokenizer]") {
  auto l = lex("url( a/b.png ) url(\"q.png\") url(a b) x");
  CHECK(l.toks[0].type == TokenType::Url);
  CHECK(l.toks[0].text == "a/b.png");
  CHECK(l.toks[1].type == TokenType::Function);
  CHECK(l.toks[1].text == "url");
  CHECK(l.toks[2].type == TokenType::String);
  CHECK(l.toks[3].type == TokenType::RightParen);
  CHECK(l.toks[4].type == TokenType::BadUrl);
  CHECK(l.toks[5].isIdent("x"));
  REQUIRE(l.diags.size() == 1);
  CHECK(l.diags[0] ==
        Diagnostic{Severity::Error, "t.zstyle", 1, 29, "bad url(): whitespace inside an unquoted url"});
}

TEST_CASE("tokenizer: lines and columns are 1-based bytes, CRLF counts once", "[style][tokenizer]") {
  auto l = lex("a\r\n  bb\n\tc /* x\ny */ d\re\ff");
  REQUIRE(l.toks.size() == 7);
  CHECK((l.toks[0].line == 1 && l.toks[0].col == 1));
  CHECK((l.toks[1].line == 2 && l.toks[1].col == 3));
  CHECK((l.toks[2].line == 3 && l.toks[2].col == 2));
  CHECK((l.toks[3].line == 4 && l.toks[3].col == 6));
  CHECK((l.toks[4].line == 5 && l.toks[4].col == 1));
  CHECK((l.toks[5].line == 6 && l.toks[5].col == 1));
  CHECK(l.toks[6].type == TokenType::Eof);
}

TEST_CASE("tokenizer: unterminated comment reports its start and ends the input", "[style][tokenizer]") {
  auto l = lex("a {\n  /* never closed\n b }");
  using T = TokenType;
  CHECK(types(l) == std::vector<T>{T::Ident, T::LeftBrace, T::Eof});
  REQUIRE(l.diags.size() == 1);
  CHECK(l.diags[0] == Diagnostic{Severity::Error, "t.zstyle", 2, 3, "unterminated comment: missing `*/`"});
}

TEST_CASE("tokenizer: a newline cuts a string into a bad string", "[style][tokenizer]") {
  auto l = lex("x: \"abc\ny: 1");
  using T = TokenType;
  CHECK(types(l) == std::vector<T>{T::Ident, T::Colon, T::BadString, T::Ident, T::Colon, T::Number, T::Eof});
  REQUIRE(l.diags.size() == 1);
  CHECK(l.diags[0] ==
        Diagnostic{Severity::Error, "t.zstyle", 1, 4, "unterminated string: a newline ends it"});
  CHECK(l.toks[3].line == 2);
}

TEST_CASE("tokenizer: a string at end of file is still a string, with an error", "[style][tokenizer]") {
  auto l = lex("'open");
  CHECK(l.toks[0].type == TokenType::String);
  CHECK(l.toks[0].text == "open");
  REQUIRE(l.diags.size() == 1);
  CHECK(l.diags[0] == Diagnostic{Severity::Error, "t.zstyle", 1, 1, "unterminated string at end of file"});
}

TEST_CASE("tokenizer: stray backslash is a delimiter with an error", "[style][tokenizer]") {
  auto l = lex("a \\\nb");
  CHECK(l.toks[1].isDelim('\\'));
  REQUIRE(l.diags.size() == 1);
  CHECK(l.diags[0] == Diagnostic{Severity::Error, "t.zstyle", 1, 3,
                                 "stray backslash: a backslash before a newline escapes nothing"});
}

TEST_CASE("tokenizer: NUL bytes read as U+FFFD and never end the input", "[style][tokenizer]") {
  std::string src = "a";
  src += '\0';
  src += "b { c: \"x";
  src += '\0';
  src += "\" }";
  auto l = lex(src);
  CHECK(l.toks[0].type == TokenType::Ident);
  CHECK(l.toks[0].text ==
        "a\xEF\xBF\xBD"
        "b");
  CHECK(l.toks[4].type == TokenType::String);
  CHECK(l.toks[4].text == "x\xEF\xBF\xBD");
  CHECK(l.toks.back().type == TokenType::Eof);
  CHECK(l.toks[l.toks.size() - 2].type == TokenType::RightBrace);
}

TEST_CASE("tokenizer: empty input and arbitrary bytes never crash", "[style][tokenizer]") {
  auto e = lex("");
  REQUIRE(e.toks.size() == 1);
  CHECK(e.toks[0].type == TokenType::Eof);
  std::string junk;
  for (int i = 0; i < 4096; ++i) junk.push_back(static_cast<char>((i * 131 + 7) % 256));
  auto l = lex(junk, true);
  CHECK(l.toks.back().type == TokenType::Eof);
  // Every byte is covered by exactly one token (comments aside), in order.
  std::uint32_t at = 0;
  for (const Token& t : l.toks) {
    CHECK(t.begin >= at);
    at = t.end;
  }
  CHECK(at == junk.size());
}

TEST_CASE("tokenizer: tokens cover their source bytes", "[style][tokenizer]") {
  auto l = lex("opacity : 0.5 ;");
  REQUIRE(l.toks.size() == 5);
  CHECK(l.tz->slice(l.toks[2].begin, l.toks[2].end) == "0.5");
  CHECK(l.tz->slice(l.toks[0].begin, l.toks[0].end) == "opacity");
}

TEST_CASE("atoms: interning is stable and case-sensitive", "[style][atom]") {
  const Atom a = intern("Slider");
  CHECK(a != Atom::None);
  CHECK(intern("Slider") == a);
  CHECK(intern("slider") != a);
  CHECK(atomName(a) == "Slider");
  CHECK(intern("") == Atom::None);
  CHECK(atomName(Atom::None).empty());
  CHECK(findAtom("never-interned-name-xyz") == Atom::None);
  CHECK(findAtom("Slider") == a);
  CHECK(atomName(static_cast<Atom>(0xFFFFFFF0u)).empty());
}

TEST_CASE("tokenizer: skip-whitespace mode flags the token after a gap", "[style][tokenizer]") {
  QuietLog quiet;
  const std::string src = "a /* c */ b/**/c\n  d";
  Tokenizer tz(src);
  tz.setSkipWhitespace(true);
  auto toks = Tokenizer::all(tz);
  REQUIRE(toks.size() == 5);
  CHECK(toks[0].text == "a");
  CHECK((toks[0].flags & Token::kAfterWhitespace) == 0);
  CHECK(toks[1].text == "b");
  CHECK((toks[1].flags & Token::kAfterWhitespace) != 0);
  CHECK((toks[2].flags & Token::kAfterWhitespace) == 0);  // a comment alone is not whitespace
  CHECK(toks[3].text == "d");
  CHECK((toks[3].line == 2 && toks[3].col == 3));
}

TEST_CASE("tokenizer: the short-decimal fast path agrees with from_chars", "[style][tokenizer]") {
  const char* inputs[] = {"0.1",
                          "0.3",
                          "123456789012345",
                          "1234567890123456789",
                          "0.000001",
                          "-2.5",
                          "99999999999999.9",
                          "3.14159265358979",
                          "7",
                          "0.30000000000000004",
                          ".7"};
  for (const char* in : inputs) {
    auto l = lex(in);
    double want = 0;
    const std::string s = in[0] == '.' ? std::string("0") + in : std::string(in);
    std::from_chars(s.data(), s.data() + s.size(), want);
    INFO(in);
    CHECK(l.toks[0].number == want);
  }
}

namespace {

// Every field, so a token written in place cannot keep a stale one.
void checkSameToken(const Token& a, const Token& b) {
  CHECK(a.type == b.type);
  CHECK(a.flags == b.flags);
  CHECK(a.line == b.line);
  CHECK(a.col == b.col);
  CHECK(a.begin == b.begin);
  CHECK(a.end == b.end);
  CHECK(a.text == b.text);
  CHECK(((a.number == b.number) || (std::isnan(a.number) && std::isnan(b.number))));
}

// Exercises every lane: fast names, numbers, hashes, punctuation, and the
// general path (escapes, strings, bad strings, url, CDO/CDC, signs,
// exponents, comments, a stray backslash), ending in an unterminated comment.
constexpr std::string_view kMixed =
    ".a > #b:hover, x\\79 z { width: -1.5e2px; color: rgba(1, 2%, 3 / .5);\n"
    "  --v: \"s\\\"q\" 'bad\n ; b: url( a\\29 b ) url(x y) <!-- --> @media +.5 #1a\\\r\n"
    "  u: 123456789012345678 50% [x] {y} /* c */ z; }\r\n/* open";

// Two tokenizers over kMixed, each with its own diagnostics: `a` read the
// reference way, `b` the way under test.
struct Twins {
  explicit Twins(bool skipWhitespace) {
    a.setSkipWhitespace(skipWhitespace);
    b.setSkipWhitespace(skipWhitespace);
  }
  std::vector<Diagnostic> da, db;
  Tokenizer a{kMixed, "t.zstyle", &da};
  Tokenizer b{kMixed, "t.zstyle", &db};
};

}  // namespace

TEST_CASE("tokenizer: next(Token&) writes the same tokens as next(), over stale fields",
          "[style][tokenizer]") {
  for (const bool skip : {false, true}) {
    QuietLog quiet;
    Twins tw(skip);
    Tokenizer& a = tw.a;
    Tokenizer& b = tw.b;
    const std::vector<Diagnostic>& da = tw.da;
    const std::vector<Diagnostic>& db = tw.db;
    for (int i = 0; i < 1000; ++i) {
      const Token ref = a.next();
      Token t;
      // Stale values everywhere: next(Token&) must overwrite each field.
      t.type = TokenType::Hash;
      t.flags = 0xff;
      t.line = t.col = t.begin = t.end = 777;
      t.text = "stale";
      t.number = 42.0;
      b.next(t);
      checkSameToken(t, ref);
      if (ref.type == TokenType::Eof) break;
    }
    CHECK(da == db);
  }
}

TEST_CASE("tokenizer: appendUntil appends the tokens next() gives, ending at a stop type",
          "[style][tokenizer]") {
  const std::uint32_t stops = Tokenizer::typeBit(TokenType::Semicolon) |
                              Tokenizer::typeBit(TokenType::Function) |
                              Tokenizer::typeBit(TokenType::RightBrace);
  for (const bool skip : {false, true}) {
    QuietLog quiet;
    Twins tw(skip);
    Tokenizer& a = tw.a;
    Tokenizer& b = tw.b;
    const std::vector<Diagnostic>& da = tw.da;
    const std::vector<Diagnostic>& db = tw.db;
    std::vector<Token> ref;
    for (;;) {
      ref.push_back(a.next());
      if (ref.back().type == TokenType::Eof) break;
    }
    std::vector<Token> out(1);  // a token already there stays: appendUntil appends
    out[0].text = "kept";
    int calls = 0;
    while (out.back().type != TokenType::Eof || out.size() == 1) {
      const std::size_t from = out.size();
      b.appendUntil(out, stops);
      ++calls;
      REQUIRE(out.size() > from);
      // Only the last token of a call is a stop (or Eof).
      for (std::size_t i = from; i + 1 < out.size(); ++i) {
        CHECK((stops & Tokenizer::typeBit(out[i].type)) == 0);
        CHECK(out[i].type != TokenType::Eof);
      }
      const TokenType last = out.back().type;
      CHECK(((stops & Tokenizer::typeBit(last)) != 0 || last == TokenType::Eof));
      REQUIRE(calls < 1000);
    }
    CHECK(out[0].text == "kept");
    REQUIRE(out.size() == ref.size() + 1);
    for (std::size_t i = 0; i < ref.size(); ++i) checkSameToken(out[i + 1], ref[i]);
    CHECK(calls > 3);  // the stops split the input
    CHECK(da == db);
    CHECK_FALSE(da.empty());  // the bad string, stray backslash and open comment were reported
  }
  // At the end, every call appends one more Eof.
  Tokenizer t("");
  std::vector<Token> out;
  t.appendUntil(out, 0);
  t.appendUntil(out, 0);
  REQUIRE(out.size() == 2);
  CHECK(out[1].type == TokenType::Eof);
}

TEST_CASE("tokenizer: nextDeclarationStart gives next()'s name and value tokens, or moves nothing",
          "[style][tokenizer]") {
  struct Case {
    std::string_view src;
    bool taken;
  };
  const Case cases[] = {
      {"width:1px", true},
      {"  width : 1px;", true},
      {"\n\n  width\t:\t1px", true},
      {"\n \t\n   min-width  :5px", true},
      {"-webkit-x: 1", true},
      {"--custom: 1", true},
      {"--: 1", true},
      {"_a:1", true},
      {"\xc3\xa9t\xc3\xa9:1", true},  // non-ASCII bytes are name bytes
      {"a:", true},
      {"A-B_c9:b", true},
      {"-->: 1", false},
      {"-1: x", false},
      {"- x: 1", false},
      {"-", false},
      {"a\\62 c: 1", false},
      {std::string_view("a\0b: 1", 6), false},
      {std::string_view("\0a: 1", 5), false},
      {"url(: x", false},
      {"a(: x", false},
      {"/* c */ a: 1", false},
      {"a /*c*/ : 1", false},
      {"a\n: 1", false},
      {"\r\na: 1", false},
      {"\fa: 1", false},
      {"a", false},
      {"a ", false},
      {"", false},
      {"   ", false},
      {"\n  ", false},
      {"\t\n\t", false},
      {" \t \n\t x: 1", true},
      {"\t\tx :1", true},
      {"x\t:1", true},
      {"1a: x", false},
      {"#a: x", false},
      {"@a: x", false},
      {"a;b: c", false},
      {"a b: c", false},
      {"\\61: x", false},
      // the value's first token, from every lane
      {"a: #f00;", true},
      {"a:-1.5e3px", true},
      {"a: /* c */ 'str' x", true},
      {"a:\n\n  url( x ) y", true},
      {"a: \\31 0px", true},
      {"a: 'bad\n;", true},
      {"a:", true},
      {"a: }", true},
      {"a:;", true},
      {"a: /* open", true},
  };
  for (const Case& c : cases) {
    INFO(std::string(c.src));
    QuietLog quiet;
    std::vector<Diagnostic> da, db;
    Tokenizer a(c.src, "t.zstyle", &da);
    Tokenizer b(c.src, "t.zstyle", &db);
    a.setSkipWhitespace(true);
    b.setSkipWhitespace(true);
    Token name, value;
    name.text = value.text = "stale";
    name.flags = value.flags = 0xff;
    const bool taken = b.nextDeclarationStart(name, value);
    CHECK(taken == c.taken);
    if (taken) {
      checkSameToken(name, a.next());
      CHECK(a.next().type == TokenType::Colon);
      checkSameToken(value, a.next());
    }
    // Either way the rest is the same stream.
    for (int i = 0; i < 20; ++i) {
      const Token ref = a.next();
      checkSameToken(b.next(), ref);
      if (ref.type == TokenType::Eof) break;
    }
    CHECK(da == db);
  }
  // Lines and columns after several newlines; a second declaration after the first.
  Tokenizer t("\n\n\n   abc: 1;\n  d :2");
  t.setSkipWhitespace(true);
  Token name, value;
  REQUIRE(t.nextDeclarationStart(name, value));
  CHECK(name.line == 4);
  CHECK(name.col == 4);
  CHECK(value.type == TokenType::Number);
  CHECK(value.col == 9);
  CHECK(t.next().type == TokenType::Semicolon);
  REQUIRE(t.nextDeclarationStart(name, value));
  CHECK(name.line == 5);
  CHECK(name.text == "d");
  CHECK(value.col == 6);
  CHECK(value.isInteger());
  // Not in whitespace-keeping mode, where the gap is a token.
  Tokenizer keep("  a: 1");
  CHECK_FALSE(keep.nextDeclarationStart(name, value));
  CHECK(keep.next().type == TokenType::Whitespace);
}

TEST_CASE("tokenizer: names of every length up to 13 end where their name bytes end", "[style][tokenizer]") {
  // Names are scanned four bytes at a time, then one: each length and each
  // place of the first non-name byte must give the same token.
  QuietLog quiet;
  for (std::size_t len = 1; len <= 13; ++len) {
    std::string name;
    for (std::size_t i = 0; i < len; ++i) name.push_back(i % 3 == 1 ? '-' : static_cast<char>('a' + i));
    for (const char* after : {"", ":", " x", "(", "\\41 ", "\xc3\xa9", "#"}) {
      const std::string src = name + after + ";";
      INFO(src);
      for (const bool skip : {false, true}) {
        Tokenizer t(src);
        t.setSkipWhitespace(skip);
        std::vector<Token> v;
        t.appendUntil(v, Tokenizer::typeBit(TokenType::Semicolon));
        REQUIRE(!v.empty());
        const Token& k = v[0];
        CHECK((k.type == TokenType::Ident || k.type == TokenType::Function));
        std::string want = name;
        if (std::string_view(after) == "\\41 ") want += "A";       // an escape continues the name
        if (std::string_view(after) == "\xc3\xa9") want += after;  // so do non-ASCII bytes
        CHECK(k.text == want);
        CHECK(k.begin == 0);
        const std::string hashSrc = "#" + src;
        Tokenizer th(hashSrc);
        const Token h = th.next();
        CHECK(h.type == TokenType::Hash);
        CHECK(h.text == want);
      }
    }
  }
}

// Names are scanned sixteen bytes at a time where the input allows
// (nameEnd): every byte value, at every place in and past the first
// block, must end a name exactly where CSS says (name code points:
// letters, digits, `-`, `_`, and every byte >= 0x80 here).
TEST_CASE("tokenizer: every byte value ends a long name or continues it as CSS says", "[style][tokenizer]") {
  QuietLog quiet;
  for (int b = 1; b < 256; ++b) {
    if (b == '\\') continue;  // an escape: decoded on the general path (tested above)
    const char c = static_cast<char>(b);
    const bool nameByte = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          c == '-' || c == '_' || b >= 0x80;
    for (std::size_t k = 1; k < 40; ++k) {
      for (const char* lead : {"", "#"}) {
        const std::string src = lead + std::string(k, 'n') + c + std::string(30, 'm');
        auto l = lex(src);
        REQUIRE_FALSE(l.toks.empty());
        INFO("byte " << b << " after " << k << " name bytes" << (*lead ? ", in a hash" : ""));
        const TokenType plain = c == '(' ? TokenType::Function : TokenType::Ident;  // `name(`
        CHECK(l.toks[0].type == (*lead ? TokenType::Hash : plain));
        CHECK(l.toks[0].text.size() == (nameByte ? k + 31 : k));
      }
    }
  }
}
