// The parser remembers property names by their exact bytes for one sheet
// and compares a new name with the remembered one word by word. A name
// that differs from a remembered one in any single byte, or in length,
// must resolve exactly as it does in a sheet where nothing is remembered.
#include "parser_test_util.hpp"

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
