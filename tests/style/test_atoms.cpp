// The intern table behind Atom: one Atom per distinct name, case-sensitive,
// views that never move, through the table's growth, chunk boundaries and
// names longer than a chunk. The table is process-wide, so every name here
// carries a prefix no other test uses.
#include "parser_test_util.hpp"

#include "../../src/style/AtomInternal.hpp"

#include <zenit/style/Atom.hpp>
#include <zenit/style/StyleSheet.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

using namespace zenit;
using namespace zenit::test;

TEST_CASE("atoms: one Atom per name, case-sensitive, findAtom never grows the table", "[style][atom]") {
  CHECK(intern("") == Atom::None);
  CHECK(findAtom("") == Atom::None);
  CHECK(atomName(Atom::None).empty());

  CHECK(findAtom("zt-atom-first") == Atom::None);
  const Atom a = intern("zt-atom-first");
  CHECK(a != Atom::None);
  CHECK(findAtom("zt-atom-first") == a);
  CHECK(intern("zt-atom-first") == a);
  CHECK(intern(std::string("zt-atom-") + "first") == a);  // by content, not by address
  CHECK(atomName(a) == "zt-atom-first");

  const Atom upper = intern("ZT-atom-first");
  CHECK(upper != a);
  CHECK(atomName(upper) == "ZT-atom-first");
  // Names that share a prefix, or differ in their last byte only, stay apart.
  CHECK(intern("zt-atom-firs") != a);
  CHECK(intern("zt-atom-firsu") != a);
  CHECK(intern("zt-atom-first ") != a);
  CHECK(findAtom("zt-atom-never-interned") == Atom::None);
  CHECK(findAtom("zt-atom-never-interned") == Atom::None);
  // An Atom never handed out has no name.
  CHECK(atomName(static_cast<Atom>(0xFFFFFFF0u)).empty());
}

TEST_CASE("atoms: bytes any name may hold, NUL and non-ASCII included", "[style][atom]") {
  const std::string withNul("zt-atom-a\0b", 11);
  const std::string otherNul("zt-atom-a\0c", 11);
  const Atom n1 = intern(withNul);
  const Atom n2 = intern(otherNul);
  CHECK(n1 != n2);
  CHECK(atomName(n1) == withNul);
  CHECK(atomName(n2) == otherNul);
  CHECK(intern("zt-atom-a") != n1);  // the bytes after the NUL count
  const Atom u = intern("zt-atom-\xC3\xA9t\xC3\xA9");
  CHECK(atomName(u) == "zt-atom-\xC3\xA9t\xC3\xA9");
  CHECK(findAtom("zt-atom-\xC3\xA9t\xC3\xA9") == u);
}

TEST_CASE("atoms: thousands of names, long ones, and views that stay put", "[style][atom]") {
  // Enough names (about 330 KB of text) for the slot table to double several
  // times and the name bytes to fill many chunks; some names longer than
  // a chunk, some just around a quarter of one.
  std::vector<std::string> names;
  for (int i = 0; i < 6000; ++i) {
    std::string n = "zt-atom-many-" + std::to_string(i);
    if (i % 500 == 7) n += std::string(static_cast<std::size_t>(4090 + i % 13), 'x');
    if (i % 1000 == 3) n += std::string(40000, static_cast<char>('a' + i % 26));
    if (i % 97 == 5) n += std::string(static_cast<std::size_t>(i % 200), 'q');
    names.push_back(std::move(n));
  }
  std::vector<Atom> atoms;
  std::vector<std::string_view> views;
  for (const std::string& n : names) {
    atoms.push_back(intern(n));
    views.push_back(atomName(atoms.back()));
  }
  std::set<Atom> distinct(atoms.begin(), atoms.end());
  CHECK(distinct.size() == names.size());
  CHECK(distinct.count(Atom::None) == 0);
  for (std::size_t i = 0; i < names.size(); ++i) {
    INFO(i);
    // The same Atom again, by lookup and by interning; the view taken when
    // the name was new still points at the same bytes, which still hold it.
    REQUIRE(findAtom(names[i]) == atoms[i]);
    REQUIRE(intern(names[i]) == atoms[i]);
    const std::string_view now = atomName(atoms[i]);
    REQUIRE(now.data() == views[i].data());
    REQUIRE(now == names[i]);
    REQUIRE(views[i] == names[i]);
  }
}

TEST_CASE("atoms: selector names from two sheets resolve to the same Atoms", "[style][atom]") {
  // The parser's per-sheet cache hands new names to the table with their
  // hash; a second sheet (a fresh cache) must find the same Atoms.
  const StyleSheet a = parse("Zt-atom-Type.zt-atom-class#zt-atom-id::zt-atom-part { width: 1px }");
  const StyleSheet b = parse("#zt-atom-id Zt-atom-Type.zt-atom-class::zt-atom-part { width: 1px }");
  REQUIRE(a.rules.size() == 1);
  REQUIRE(b.rules.size() == 1);
  const CompoundSelector& ca = a.rules[0].selectors[0].compounds[0];
  const CompoundSelector& cb = b.rules[0].selectors[0].compounds[1];
  CHECK(ca.type == intern("Zt-atom-Type"));
  CHECK(ca.id == intern("zt-atom-id"));
  REQUIRE(ca.classes.size() == 1);
  CHECK(ca.classes[0] == intern("zt-atom-class"));
  CHECK(a.rules[0].selectors[0].part == intern("zt-atom-part"));
  CHECK(cb.type == ca.type);
  REQUIRE(cb.classes.size() == 1);
  CHECK(cb.classes[0] == ca.classes[0]);
  CHECK(b.rules[0].selectors[0].compounds[0].id == ca.id);
  CHECK(b.rules[0].selectors[0].part == a.rules[0].selectors[0].part);
}

TEST_CASE("atoms: the hash reads every byte of a name and none outside it", "[style][atom]") {
  // detail::atomHash loads words, overlapping at the end: each length takes
  // one of its branches (1-3, 4-7, 8, 9-16, longer). A byte it skipped would
  // leave two names one hash; a byte it read past the name would make the
  // hash depend on what follows.
  std::string buffer(64, 'x');
  for (std::size_t n = 1; n <= 40; ++n) {
    for (std::size_t i = 0; i < n; ++i) buffer[i] = static_cast<char>('a' + (i * 7) % 26);
    const std::string name = buffer.substr(0, n);
    const std::uint64_t h = detail::atomHash(name);
    buffer[n] = 'y';  // the byte after the name, in the same buffer
    CHECK(detail::atomHash(std::string_view(buffer.data(), n)) == h);
    buffer[n] = 'x';
    for (std::size_t i = 0; i < n; ++i) {
      std::string changed = name;
      changed[i] = static_cast<char>(changed[i] ^ 0x01);
      CHECK(detail::atomHash(changed) != h);
    }
    CHECK(detail::atomHash(name + '\0') != h);  // the length counts
  }
  // Both tables index by the low bits: names that differ in a digit or
  // two (a sheet's .card-0 … .card-999) must spread over them. 1000 names
  // in 1024 slots fill about 632 at random.
  std::set<std::uint64_t> low;
  for (int i = 0; i < 1000; ++i) low.insert(detail::atomHash("card-" + std::to_string(i)) & 1023u);
  CHECK(low.size() > 560);
}

TEST_CASE("atoms: a sheet of thousands of names, each seen before and after its cache grows",
          "[style][atom]") {
  // The parser's per-sheet cache starts small and grows fourfold at half
  // full: 3000 new names go through three growths, and each name comes back
  // (as a class, then as an id) after the growths that follow its first use.
  std::string text;
  for (int i = 0; i < 3000; ++i) text += ".zt-grow-" + std::to_string(i) + " { width: 1px }\n";
  for (int i = 0; i < 3000; i += 7) text += "#zt-grow-" + std::to_string(i) + " { width: 2px }\n";
  const StyleSheet s = parse(text);
  CHECK(s.diagnostics.empty());
  REQUIRE(s.rules.size() == 3000 + 429);
  for (int i = 0; i < 3000; ++i) {
    const CompoundSelector& c = s.rules[static_cast<std::size_t>(i)].selectors[0].compounds[0];
    REQUIRE(c.classes.size() == 1);
    CHECK(c.classes[0] == intern("zt-grow-" + std::to_string(i)));
  }
  for (int i = 0, r = 3000; i < 3000; i += 7, ++r)
    CHECK(s.rules[static_cast<std::size_t>(r)].selectors[0].compounds[0].id ==
          intern("zt-grow-" + std::to_string(i)));
}
