// Parser: custom properties, var() (CSS Variables 1), inline style attributes,
// parseDeclaration.
#include "parser_test_util.hpp"

#include <map>

using namespace zenit;
using namespace zenit::test;

namespace {

CustomPropertyLookup lookupIn(const std::map<std::string, std::string>& m) {
  return [&m](std::string_view name) -> std::optional<std::string_view> {
    auto it = m.find(std::string(name));
    if (it == m.end()) return std::nullopt;
    return std::string_view(it->second);
  };
}

}  // namespace

TEST_CASE("custom properties are kept raw, per rule, in order", "[style][parser][vars]") {
  auto s = parse(".a { --accent: #d6ff32; --Gap:  4px 2px ; --empty:; --x: var(--y) !important }");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.diagnostics.empty());
  const auto& c = s.rules[0].decls.custom;
  REQUIRE(c.size() == 4);
  CHECK(c[0] == CustomProperty{"--accent", "#d6ff32", false, SourceLoc{0, 1, 6}});
  CHECK(c[1].name == "--Gap");
  CHECK(c[1].value == "4px 2px");
  CHECK(c[2].value.empty());
  CHECK(c[3].value == "var(--y)");
  CHECK(c[3].important);
}

TEST_CASE("a declaration with var() is pending, not parsed", "[style][parser][vars]") {
  auto s = parse(".a {\n  width: var(--w, 10px);\n  animation: var(--anim) !important;\n  width: 5px;\n}");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.diagnostics.empty());
  const auto& p = s.rules[0].decls.pending;
  REQUIRE(p.size() == 2);
  CHECK(p[0].property == "width");
  CHECK(p[0].value == "var(--w, 10px)");
  CHECK(p[0].affects.test(Prop::width));
  CHECK(p[0].shadowed.test(Prop::width));  // the later `width: 5px` wins over it
  CHECK(p[0].line == 2);
  CHECK(p[0].col == 3);
  CHECK(p[0].file == "t.zstyle");
  CHECK(p[1].important);
  CHECK(p[1].shadowed.empty());
  CHECK(s.rules[0].decls.normal.width == Opt<Value>(Px(5)));
  CHECK(oneDiag("width: var(w)") ==
        "invalid value for width: var() takes a custom property name (--name) and an optional fallback");
  // The record keeps the property's name in lower case, however it was written.
  auto u = parse(".a { WIDTH: var(--w); Background-Color: var(--c) }");
  REQUIRE(u.rules.size() == 1);
  REQUIRE(u.rules[0].decls.pending.size() == 2);
  CHECK(u.rules[0].decls.pending[0].property == "width");
  CHECK(u.rules[0].decls.pending[1].property == "background-color");
}

TEST_CASE("var() records: blocks of any size keep every record, in order", "[style][parser][vars]") {
  // The parser reserves each block's list at the most records a block of
  // the sheet has held so far (4 at first, 16 at most): blocks above,
  // below and past that size, one after another.
  std::string text;
  const std::vector<int> sizes{6, 7, 2, 20, 1, 5};
  for (std::size_t b = 0; b < sizes.size(); ++b) {
    text += ".b" + std::to_string(b) + " {";
    for (int i = 0; i < sizes[b]; ++i) text += " width: var(--w" + std::to_string(i) + ");";
    text += b % 2 == 0 ? " width: 1px }\n" : " height: 1px }\n";
  }
  auto s = parse(text);
  CHECK(s.diagnostics.empty());
  REQUIRE(s.rules.size() == sizes.size());
  for (std::size_t b = 0; b < sizes.size(); ++b) {
    const auto& p = s.rules[b].decls.pending;
    REQUIRE(p.size() == static_cast<std::size_t>(sizes[b]));
    for (int i = 0; i < sizes[b]; ++i) {
      CHECK(p[static_cast<std::size_t>(i)].value == "var(--w" + std::to_string(i) + ")");
      CHECK(p[static_cast<std::size_t>(i)].line == b + 1);
      // The plain width closing the even blocks wins over their records.
      CHECK(p[static_cast<std::size_t>(i)].shadowed.test(Prop::width) == (b % 2 == 0));
    }
  }
}

TEST_CASE("substituteVars: values, fallbacks, nesting and cycles", "[style][parser][vars]") {
  const std::map<std::string, std::string> props{{"--a", "10px"},
                                                 {"--b", "var(--a) 20px"},
                                                 {"--loop", "var(--loop)"},
                                                 {"--c1", "var(--c2)"},
                                                 {"--c2", "var(--c1)"}};
  const auto look = lookupIn(props);
  CHECK(substituteVars("var(--a)", look) == "10px");
  CHECK(substituteVars("calc(var(--a) * 2)", look) == "calc(10px * 2)");
  CHECK(substituteVars("var(--b)", look) == "10px 20px");
  CHECK(substituteVars("var(--none, 3px)", look) == "3px");
  CHECK(substituteVars("var(--none, var(--a))", look) == "10px");
  CHECK(substituteVars("var( --a )", look) == "10px");
  std::string why;
  CHECK_FALSE(substituteVars("var(--none)", look, &why));
  CHECK(why == "custom property --none is not defined and var() has no fallback");
  CHECK_FALSE(substituteVars("var(--loop)", look, &why));
  CHECK(why == "custom property --loop refers to itself");
  CHECK_FALSE(substituteVars("var(--c1)", look, &why));
  CHECK(why == "custom property --c1 refers to itself");
  CHECK(substituteVars("var(--loop, 1px)", look) == "1px");
  CHECK_FALSE(substituteVars("var(x)", look, &why));
  CHECK(why == "var() needs a custom property name (--name)");
}

TEST_CASE("resolvePending: parses per element, later plain declarations win", "[style][parser][vars]") {
  auto s = parse(
      ".a { width: var(--w); height: var(--h); height: 3px; opacity: var(--o) !important; "
      "animation: var(--name) 1s infinite; padding: var(--p) }");
  REQUIRE(s.rules.size() == 1);
  const DeclarationBlock& b = s.rules[0].decls;
  const std::map<std::string, std::string> props{
      {"--w", "50%"}, {"--h", "9px"}, {"--o", "0.5"}, {"--name", "spin"}, {"--p", "1px 2px"}};
  std::vector<Diagnostic> d;
  const Style normal = resolvePending(b, false, lookupIn(props), &d);
  CHECK(d.empty());
  CHECK(normal.width == Opt<Value>(Pct(50)));
  CHECK_FALSE(normal.height.is_set);  // shadowed by `height: 3px`
  CHECK(normal.animations.value.at(0).name == "spin");
  CHECK(normal.animations.value.at(0).iterations == AnimationRef::kInfinite);
  CHECK(normal.padding == Opt<Spacing>(Spacing{Px(1), Px(2), Px(1), Px(2)}));
  CHECK_FALSE(normal.opacity.is_set);
  const Style important = resolvePending(b, true, lookupIn(props), &d);
  CHECK(important.opacity == Opt<float>(0.5f));

  // Invalid at computed-value time: the property is left unset, with a warning.
  const std::map<std::string, std::string> bad{{"--w", "red"}};
  std::vector<Diagnostic> e;
  const Style r = resolvePending(b, false, lookupIn(bad), &e);
  CHECK_FALSE(r.width.is_set);
  REQUIRE(e.size() >= 2);
  CHECK(e[0] == err(1, 6, "invalid value for width: expected a length, a percentage or auto, found `red`"));
  CHECK(e[1] == warn(1, 23,
                     "height: custom property --h is not defined and var() has no fallback (invalid at "
                     "computed-value time; ignored)"));
}

TEST_CASE("parseDeclaration: one declaration with the sheet's value parsers", "[style][parser][vars]") {
  Style s;
  CHECK(parseDeclaration("opacity", "0.25", s));
  CHECK(s.opacity == Opt<float>(0.25f));
  CHECK(parseDeclaration("Transform", "translateX(4px)", s));
  CHECK(s.translateX == Opt<Value>(Px(4)));
  CHECK(parseDeclaration("animation-play-state", "paused", s));
  CHECK(s.animationLonghands.playStates == std::vector<PlayState>{PlayState::Paused});
  CHECK(parseDeclaration("width", "initial", s));
  CHECK(s.width == Opt<Value>(Value::makeAuto()));

  std::vector<Diagnostic> d;
  const Style before = s;
  CHECK_FALSE(parseDeclaration("opacity", "red", s, &d, "a.zstyle", 7, 3));
  CHECK_FALSE(parseDeclaration("nope", "1", s, &d, "a.zstyle", 8, 1));
  CHECK_FALSE(parseDeclaration("width", "var(--x)", s, &d, "a.zstyle", 9, 1));
  CHECK_FALSE(parseDeclaration("width", "", s, &d, "a.zstyle", 10, 1));
  CHECK(s == before);
  CHECK(d == std::vector<Diagnostic>{
                 err(7, 3, "invalid value for opacity: expected a number or a percentage, found `red`",
                     "a.zstyle"),
                 err(8, 1, "unknown property `nope`", "a.zstyle"),
                 err(9, 1, "unresolved var() in the value of width", "a.zstyle"),
                 err(10, 1, "empty value for width", "a.zstyle"),
             });
}

TEST_CASE("parseDeclaration does not log", "[style][parser][vars]") {
  int logged = 0;
  LogSink prev = setLogSink([&](const Diagnostic&) { ++logged; });
  Style s;
  CHECK_FALSE(parseDeclaration("opacity", "red", s));
  setLogSink(prev);
  CHECK(logged == 0);
}

TEST_CASE("style attribute: every property, including animation", "[style][parser][vars]") {
  std::vector<Diagnostic> d;
  QuietLog quiet;
  const DeclarationBlock b =
      parseStyleAttribute("opacity: 0.5; animation: pulse 1s infinite; width: 3px !important; --k: 2", &d);
  CHECK(d.empty());
  CHECK(b.normal.opacity == Opt<float>(0.5f));
  REQUIRE(b.normal.animations.value.size() == 1);
  CHECK(b.normal.animations.value[0].name == "pulse");
  CHECK(b.normal.animations.value[0].iterations == AnimationRef::kInfinite);
  REQUIRE(b.important);
  CHECK(b.important->width == Opt<Value>(Px(3)));
  REQUIRE(b.custom.size() == 1);
  CHECK(b.custom[0].value == "2");

  std::vector<Diagnostic> e;
  const DeclarationBlock c = parseStyleAttribute("opacity: 2px; } width: 1px; animate: x", &e, "<inline>");
  CHECK(c.normal.width == Opt<Value>(Px(1)));
  CHECK(e == std::vector<Diagnostic>{
                 err(1, 10, "invalid value for opacity: expected a number or a percentage, found `2px`",
                     "<inline>"),
                 err(1, 15, "unexpected `}`", "<inline>"),
                 warn(1, 29, "unknown property `animate`; did you mean `animation`?", "<inline>"),
             });
  CHECK(parseStyleAttribute("").empty());
}
