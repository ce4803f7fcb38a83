// `transform` lists are read by one reader over either cursor: from the
// tokens (applyDeclaration) and, for the common spellings, from the bytes
// (PropertyEntry::fromBytes), which refuses what it does not read. Each
// value here is read both ways: what the bytes read must be what the
// tokens give, rows (bit for bit), with no diagnostic; a parsed sheet must
// hold the same rows.
#include "parser_paths_util.hpp"

#include "../../src/style/ParserInternal.hpp"
#include "../../src/style/parser/Cursor.hpp"

#include <zenit/style/StyleSheet.hpp>

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

using namespace zenit;
using namespace zenit::test;

namespace {

struct Outcome {
  bool ok{false};
  Style style;
  std::vector<Diagnostic> diags;
};

Outcome applyTransform(const std::string& value) {
  Outcome o;
  Tokenizer tz(value, "t.zstyle", &o.diags);
  tz.setLogging(false);
  tz.setSkipWhitespace(true);
  std::vector<Token> toks = Tokenizer::all(tz, true);
  toks.pop_back();  // Eof
  REQUIRE_FALSE(toks.empty());
  detail::Reporter rep;
  rep.out = &o.diags;
  rep.file = "t.zstyle";
  rep.logIt = false;
  const detail::PropertyEntry* entry = detail::findProperty("transform");
  REQUIRE(entry != nullptr);
  const detail::ValueContext ctx{&rep, entry->name, nullptr, false};
  o.ok = detail::applyDeclaration(*entry, detail::TokenRange{toks.data(), toks.data() + toks.size(), value},
                                  o.style, ctx);
  return o;
}

// The same value read from its bytes, as a style attribute's value: `ok`
// only when the byte reader read all of it.
Outcome readTransformBytes(const std::string& value) {
  Outcome o;
  const detail::PropertyEntry* entry = detail::findProperty("transform");
  REQUIRE(entry != nullptr);
  REQUIRE(entry->fromBytes != nullptr);
  const std::size_t end = entry->fromBytes(detail::ByteValue{value, 0, false, 256, nullptr}, o.style);
  o.ok = end != 0;
  if (o.ok) CHECK(end == value.size());
  return o;
}

std::vector<std::uint32_t> transformBits(const Style& s) {
  std::vector<std::uint32_t> out;
  for (const Opt<Value>* v : {&s.translateX, &s.translateY}) {
    out.push_back(v->is_set);
    out.push_back(std::bit_cast<std::uint32_t>(v->value.px));
    out.push_back(std::bit_cast<std::uint32_t>(v->value.pct));
    out.push_back(std::bit_cast<std::uint32_t>(v->value.em));
    out.push_back(v->value.units);
  }
  for (const Opt<float>* f : {&s.rotate, &s.scaleX, &s.scaleY}) {
    out.push_back(f->is_set);
    out.push_back(std::bit_cast<std::uint32_t>(f->value));
  }
  return out;
}

// One transform function each: every argument reader's edges (units in
// any case, signs, zeros, the float limit, escapes, wrong kinds), wrong
// argument counts and shapes the fast path leaves alone (calc(), empty
// arguments, missing commas, nesting, unknown functions).
std::vector<std::string> functions() {
  const char* lengths[] = {"8px",   "-3px",     "0",        "-0",  "50%", "-10%",  "1.5em",   "2cm",
                           "1e3px", "3.5e38px", "3.4e38px", "5PX", "7",   "10deg", "\\31 0px"};
  const char* numbers[] = {"0.93", "1", "0", "-1", "50%", "1e40", "3.5e38", "2px", "1e-50", "-0"};
  const char* angles[] = {"162deg", "90deg",  "0",      "7",         "1rad", "100grad", "0.5turn",
                          "45DEG",  "-90deg", "360deg", "3.5e38deg", "1s",   "-0"};
  std::vector<std::string> out;
  for (const char* a : lengths) {
    out.push_back(std::string("translate(") + a + ")");
    out.push_back(std::string("translateX(") + a + ")");
    out.push_back(std::string("translatey(") + a + ")");
    out.push_back(std::string("translate(") + a + ", 4px)");
    out.push_back(std::string("translate(-2%, ") + a + ")");
    out.push_back(std::string("translateX(") + a + ", 1px)");
  }
  for (const char* n : numbers) {
    out.push_back(std::string("scale(") + n + ")");
    out.push_back(std::string("scale(") + n + ", 2)");
    out.push_back(std::string("scale(0.5, ") + n + ")");
    out.push_back(std::string("scaleX(") + n + ")");
    out.push_back(std::string("SCALEY(") + n + ")");
    out.push_back(std::string("scaleY(") + n + ", 1)");
  }
  for (const char* a : angles) {
    out.push_back(std::string("rotate(") + a + ")");
    out.push_back(std::string("rotateZ(") + a + ")");
    out.push_back(std::string("rotate(") + a + ", 1deg)");
  }
  for (const char* odd : {"translate()", "translate(,)", "translate(1px,)", "translate(1px 2px)",
                          "translate(calc(1px + 2px))", "scale(calc(2))", "rotate(calc(90deg))",
                          "translate((1px))", "skew(10deg)", "matrix(1, 0, 0, 1, 0, 0)", "rotate(none)",
                          "scale(1, 2, 3)", "tr\\61 nslate(3px)", "translate(1px, 2px, 3px)"})
    out.emplace_back(odd);
  return out;
}

// How many values the byte reader read (the comparison means something
// only when it reads the common ones).
std::size_t readFromBytes = 0;

// The value in a rule and a keyframe, parsed with the byte paths and
// without (the token path alone): the same rules, keyframes and
// diagnostics, bit for bit.
void checkSameSheetBothPaths(const std::string& value) {
  checkSamePaths(".a { transform: " + value + "; }\n@keyframes k { to { transform: " + value + " } }");
}

void checkSame(const std::string& value) {
  INFO("transform: " << value);
  checkSameSheetBothPaths(value);
  const Outcome fast = readTransformBytes(value);
  if (!fast.ok) return;  // refused: the token path reads it (compared just above)
  ++readFromBytes;
  const Outcome slow = applyTransform(value);
  CHECK(fast.ok == slow.ok);
  CHECK(fast.style == slow.style);
  CHECK(transformBits(fast.style) == transformBits(slow.style));
  CHECK(fast.diags == slow.diags);
}

}  // namespace

TEST_CASE("parser plain transform: one function, as the general reader folds it", "[style][parser][values]") {
  readFromBytes = 0;
  for (const std::string& f : functions()) checkSame(f);
  checkSame("none");
  CHECK(readFromBytes >= 80);  // of 204: the rest are edges the bytes leave to the tokens
}

TEST_CASE("parser plain transform: pairs and runs of functions, in every order", "[style][parser][values]") {
  const std::vector<std::string> fs = functions();
  // Every function after a rotation, a non-uniform scale, a percentage
  // translate and a plain translate (the folds that depend on what came
  // before), and before them.
  for (const char* before : {"rotate(90deg)", "rotate(45deg)", "scale(2, 1)", "scale(2)", "translate(50%)",
                             "translate(3px, 4px)", "rotate(360deg)", "scale(0)", "scale(1e38)"}) {
    for (const std::string& f : fs) {
      checkSame(std::string(before) + " " + f);
      checkSame(f + " " + before);
    }
  }
  // Out of range on the way, back in range at the end: still invalid.
  for (const char* v :
       {"rotate(3.5e38deg) rotate(-3.5e38deg)", "rotate(-3.5e38deg) rotate(3.5e38deg) rotate(1deg)",
        "scale(1e30) scale(1e30) scale(1e-30)", "scale(1e30, 1) scale(1e30, 1) scale(0)",
        "translate(3.5e38px) translate(-3.5e38px)"})
    checkSame(v);
  std::uint32_t seed = 777u;
  for (int i = 0; i < 600; ++i) {
    std::string v;
    for (int k = 0; k < 3 + i % 3; ++k) {
      seed = seed * 1664525u + 1013904223u;
      v += (k ? " " : "") + fs[(seed >> 8) % fs.size()];
    }
    checkSame(v);
  }
}

TEST_CASE("parser plain transform: sheets and keyframes hold what the general reader writes",
          "[style][parser][keyframes]") {
  for (const char* v :
       {"translate(8px, -3px) scale(0.93) rotate(162deg)", "translate(0px, 3px) scale(0.80)",
        "rotate(90deg) translate(10px)", "scale(2, 1) rotate(180deg) translateY(5px)",
        "translate(1.5em, 50%)", "rotate(90deg) translate(50%)", "scale(2, 1) rotate(45deg)"}) {
    INFO(v);
    const Outcome slow = applyTransform(v);
    const StyleSheet s =
        parse(std::string(".a { transform: ") + v + "; }\n@keyframes k { 50% { transform: " + v + " } }");
    REQUIRE(s.rules.size() == 1);
    CHECK(transformBits(s.rules[0].decls.normal) == transformBits(slow.ok ? slow.style : Style{}));
    CHECK(s.diagnostics.size() == (slow.ok ? 0u : 2u));
    if (slow.ok) {
      REQUIRE(s.keyframes.size() == 1);
      REQUIRE(s.keyframes[0].frames.size() == 1);
      CHECK(transformBits(s.keyframes[0].frames[0].delta) == transformBits(slow.style));
    }
  }
}

TEST_CASE("parser plain transform: what a folded list writes (CSS Transforms 1 §9)",
          "[style][parser][values]") {
  const Style s = styleOf(".a { transform: translate(8px, -3px) scale(2) rotate(90deg) translateX(1px); }");
  // The last translate moves through the scale and the rotation before it: (1, 0) -> (0, 2).
  CHECK(s.translateX.value.px == Approx(8.0f));
  CHECK(s.translateY.value.px == Approx(-1.0f));
  CHECK(s.rotate == Opt<float>(90.0f));
  CHECK(s.scaleX == Opt<float>(2.0f));
  CHECK(s.scaleY == Opt<float>(2.0f));
}
