// Selector text and specificity.
#include <zenit/style/Selector.hpp>

#include <array>

namespace zenit {

namespace {
constexpr struct {
  std::uint8_t bit;
  const char* name;
} kPseudoNames[] = {
    {PseudoHover, ":hover"},     {PseudoActive, ":active"},     {PseudoFocus, ":focus"},
    {PseudoChecked, ":checked"}, {PseudoDisabled, ":disabled"},
};
// How many pseudo-classes a `pseudo` bit set names, by its value: one load
// per compound instead of a test per name (x86-64 has no popcnt by default).
constexpr std::array<std::uint8_t, 256> kPseudoCount = [] {
  std::array<std::uint8_t, 256> counts{};
  for (std::size_t bits = 0; bits < counts.size(); ++bits)
    for (const auto& p : kPseudoNames)
      if (bits & p.bit) ++counts[bits];
  return counts;
}();
}  // namespace

std::string Selector::text() const {
  std::string s;
  for (const CompoundSelector& c : compounds) {
    if (c.combinator == Combinator::Descendant)
      s += ' ';
    else if (c.combinator == Combinator::Child)
      s += " > ";
    const std::size_t start = s.size();
    if (c.type != Atom::None) s += atomName(c.type);
    if (c.id != Atom::None) {
      s += '#';
      s += atomName(c.id);
    }
    for (Atom a : c.classes) {
      s += '.';
      s += atomName(a);
    }
    for (const auto& p : kPseudoNames)
      if (c.pseudo & p.bit) s += p.name;
    if (s.size() == start && (part == Atom::None || &c != &compounds.back())) s += '*';
  }
  if (part != Atom::None) {
    s += "::";
    s += atomName(part);
  }
  return s;
}

void finishSelector(Selector& s) {
  Specificity sp;
  for (const CompoundSelector& c : s.compounds) {
    if (c.id != Atom::None) ++sp.a;
    sp.b = static_cast<std::uint16_t>(sp.b + c.classes.size() + kPseudoCount[c.pseudo]);
    if (c.type != Atom::None) ++sp.c;
  }
  if (s.part != Atom::None) ++sp.c;  // a pseudo-element counts as a type
  s.specificity = sp;
  SelectorKey k;
  if (!s.compounds.empty()) {
    const CompoundSelector& r = s.compounds.back();
    if (r.id != Atom::None)
      k = {SelectorKey::Kind::Id, r.id};
    else if (!r.classes.empty())
      k = {SelectorKey::Kind::Class, r.classes.front()};
    else if (r.type != Atom::None)
      k = {SelectorKey::Kind::Type, r.type};
  }
  s.key = k;
}

}  // namespace zenit
