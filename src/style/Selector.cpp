// Selector text and specificity.
#include <zenit/style/Selector.hpp>

#include <array>

namespace zenit {

namespace {
constexpr struct {
  PseudoBits bit;
  const char* name;
} kPseudoNames[] = {
    {PseudoHover, ":hover"},
    {PseudoActive, ":active"},
    {PseudoFocus, ":focus"},
    {PseudoChecked, ":checked"},
    {PseudoDisabled, ":disabled"},
    {PseudoRoot, ":root"},
    {PseudoFirstChild, ":first-child"},
    {PseudoLastChild, ":last-child"},
    {PseudoOnlyChild, ":only-child"},
    {PseudoEmpty, ":empty"},
};
// Each pseudo-class is one bit, so a compound names as many as its set has
// bits: one load from a table over every set of the bits in use (x86-64 has
// no popcnt by default; two byte-wide loads cost 0.045 more instructions a
// byte on the parse benchmark).
constexpr unsigned kPseudoBitsInUse = 10;  // PseudoHover .. PseudoEmpty
static_assert(PseudoEmpty == 1u << (kPseudoBitsInUse - 1), "kPseudoCount covers every pseudo-class bit");
constexpr std::array<std::uint8_t, 1u << kPseudoBitsInUse> kPseudoCount = [] {
  std::array<std::uint8_t, 1u << kPseudoBitsInUse> counts{};
  for (std::size_t bits = 0; bits < counts.size(); ++bits)
    for (std::size_t b = bits; b != 0; b &= b - 1) ++counts[bits];
  return counts;
}();
constexpr unsigned pseudoCount(PseudoBits bits) { return kPseudoCount[bits & (kPseudoCount.size() - 1)]; }
}  // namespace

std::string Selector::text() const {
  std::string s;
  for (const CompoundSelector& c : compounds) {
    switch (c.combinator) {
      case Combinator::None: break;
      case Combinator::Descendant: s += ' '; break;
      case Combinator::Child: s += " > "; break;
      case Combinator::NextSibling: s += " + "; break;
      case Combinator::SubsequentSibling: s += " ~ "; break;
    }
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
    sp.b = static_cast<std::uint16_t>(sp.b + c.classes.size() + pseudoCount(c.pseudo));
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
