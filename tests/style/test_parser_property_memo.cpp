// The parser remembers property names by their exact bytes for one sheet
// and compares a new name with the remembered one word by word. A name
// that differs from a remembered one in any single byte, or in length,
// must resolve exactly as it does in a sheet where nothing is remembered.
#include "parser_test_util.hpp"

#include "../../src/style/ParserInternal.hpp"

#include <zenit/style/StyleSheet.hpp>

#include <string>
#include <vector>

using namespace zenit;
using namespace zenit::test;

namespace {

// `other` declared after `name` (remembered by then) reads as it does alone.
void checkResolves(const std::string& name, const std::string& other) {
  INFO(name << " then " << other);
  const StyleSheet after = parse(".a { " + name + ": 1px; }\n.b { " + other + ": 1px; }");
  const StyleSheet alone = parse(".a { }\n.b { " + other + ": 1px; }");
  REQUIRE(after.rules.size() == 2);
  REQUIRE(alone.rules.size() == 2);
  CHECK(after.rules[1].decls == alone.rules[1].decls);
  std::vector<Diagnostic> a, b;
  for (const Diagnostic& d : after.diagnostics)
    if (d.line == 2) a.push_back(d);
  for (const Diagnostic& d : alone.diagnostics)
    if (d.line == 2) b.push_back(d);
  CHECK(a == b);
}

}  // namespace

TEST_CASE("parser property memo: a name one byte or one length away from a remembered one",
          "[style][parser]") {
  for (const PropertyNameInfo& info : propertyNames()) {
    const std::string name(info.name);
    for (std::size_t i = 0; i < name.size(); ++i) {
      const char c = name[i];
      // Another letter, a dash, an upper-case letter (which matches
      // case-insensitively only when it is the same letter), the same letter in upper case.
      const char next = c >= 'a' && c < 'z' ? static_cast<char>(c + 1) : 'a';
      for (const char sub : {next, '-', 'X', c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : 'Q'}) {
        if (sub == c) continue;
        std::string other = name;
        other[i] = sub;
        checkResolves(name, other);
      }
    }
    checkResolves(name, name + "s");
    checkResolves(name, name.substr(0, name.size() - 1));
    checkResolves(name, "x" + name);
    checkResolves(name, name);
  }
}

TEST_CASE("parser property memo: transition property names resolve as findProperty resolves them",
          "[style][parser]") {
  // The `transition` and `transition-property` readers look their names
  // up through the parser's memo (ValueContext::names); each must give
  // what describeTransitionProperty gives without it, also after the same
  // name, or one a byte away, was remembered as a declaration's name.
  std::vector<std::string> names = {"all", "ALL", "none-such", "x", "opacityy", "-webkit-opacity"};
  for (const PropertyNameInfo& info : propertyNames()) {
    const std::string name(info.name);
    std::string upper = name, near = name;
    for (char& c : upper)
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    near.back() = near.back() == 'x' ? 'y' : 'x';
    names.insert(names.end(), {name, upper, near, name + "s"});
  }
  std::size_t checked = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& first = names[i];
    const std::string& second = names[(i * 7 + 3) % names.size()];
    INFO(first << ", " << second);
    const StyleSheet sheet =
        parse(".p { " + first + ": 1px; " + second + ": 2px }\n.a { transition: " + first + " 1s, " + second +
              " 2s }\n.b { transition-property: " + first + ", " + second + " }\n.c { transition: " + second +
              " 1s }");
    REQUIRE(sheet.rules.size() == 4);
    const Style& a = sheet.rules[1].decls.normal;
    const Style& b = sheet.rules[2].decls.normal;
    const Style& c = sheet.rules[3].decls.normal;
    TransitionRef want[2];
    detail::describeTransitionProperty(first, want[0]);
    detail::describeTransitionProperty(second, want[1]);
    REQUIRE(a.transitions.is_set);
    REQUIRE(a.transitions.value.size() == 2);
    REQUIRE(b.transitionLonghands.properties.has_value());
    REQUIRE(b.transitionLonghands.properties->size() == 2);
    REQUIRE(c.transitions.value.size() == 1);
    for (int k = 0; k < 2; ++k) {
      const TransitionRef& got = a.transitions.value[static_cast<std::size_t>(k)];
      CHECK(got.property == want[k].property);
      CHECK(got.all == want[k].all);
      CHECK(got.known == want[k].known);
      CHECK(got.prop == want[k].prop);
      CHECK((*b.transitionLonghands.properties)[static_cast<std::size_t>(k)] == want[k].property);
      ++checked;
    }
    CHECK(c.transitions.value[0].property == want[1].property);
    CHECK(c.transitions.value[0].prop == want[1].prop);
  }
  CHECK(checked > 400);
}
