// Selector text and specificity.
#include <zenit/style/Selector.hpp>

#include "style/SelectorInternal.hpp"

#include <algorithm>
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
    for (const LogicalPseudo& l : logical) {
      if (l.compound != static_cast<std::size_t>(&c - compounds.data())) continue;
      s += l.kind == LogicalPseudo::Kind::Is      ? ":is("
           : l.kind == LogicalPseudo::Kind::Where ? ":where("
                                                  : ":not(";
      for (std::size_t i = 0; i < l.selectors.size(); ++i) {
        if (i) s += ", ";
        s += l.selectors[i].text();
      }
      s += ')';
    }
    if (s.size() == start && (part == Atom::None || &c != &compounds.back())) s += '*';
  }
  if (part != Atom::None) {
    s += "::";
    s += atomName(part);
  }
  return s;
}

namespace {
// Adds what a selector's :is() and :not() weigh to its specificity: each
// its most specific argument's (:where() adds nothing).
[[gnu::noinline]] void addLogicalSpecificity(Selector& s) {
  Specificity& sp = s.specificity;
  for (const LogicalPseudo& l : s.logical) {
    if (l.kind == LogicalPseudo::Kind::Where) continue;
    Specificity most;
    for (const Selector& inner : l.selectors) most = std::max(most, inner.specificity);
    sp.a = static_cast<std::uint16_t>(sp.a + most.a);
    sp.b = static_cast<std::uint16_t>(sp.b + most.b);
    sp.c = static_cast<std::uint16_t>(sp.c + most.c);
  }
}
}  // namespace

void LogicalList::destroy() {
  delete list_;
  list_ = nullptr;
}

void finishSelector(Selector& s) {
  detail::finishSelectorNames(s);
  if (!s.logical.empty()) [[unlikely]]
    addLogicalSpecificity(s);
}

}  // namespace zenit
