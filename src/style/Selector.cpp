// Selector text and specificity.
#include <zenit/style/Selector.hpp>

#include "style/SelectorInternal.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <string>

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

// `An+B` as CSS serialises it: "2n+1", "-n+3", "n", "5", "0".
void appendAnPlusB(std::string& s, std::int32_t a, std::int32_t b) {
  if (a == 0) {
    s += std::to_string(b);
    return;
  }
  s += a == 1 ? "" : a == -1 ? "-" : std::to_string(a);
  s += 'n';
  if (b > 0) s += '+';
  if (b != 0) s += std::to_string(b);
}

void appendFunctional(std::string& s, const FunctionalPseudo& l) {
  using K = FunctionalPseudo::Kind;
  constexpr const char* kNames[] = {
      ":is(", ":where(", ":not(", ":nth-child(", ":nth-last-child(", ":nth-of-type(", ":nth-last-of-type("};
  s += kNames[static_cast<std::size_t>(l.kind)];
  if (l.counts()) {
    appendAnPlusB(s, l.a, l.b);
    if (!l.selectors.empty()) s += " of ";
  }
  for (std::size_t i = 0; i < l.selectors.size(); ++i) {
    if (i) s += ", ";
    s += l.selectors[i].text();
  }
  s += ')';
  static_assert(static_cast<std::size_t>(K::NthLastOfType) + 1 == std::size(kNames));
}
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
    for (const FunctionalPseudo& l : functional) {
      if (l.compound != static_cast<std::size_t>(&c - compounds.data())) continue;
      appendFunctional(s, l);
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
// Adds what a selector's pseudo-classes with arguments weigh to its
// specificity: :is() and :not() their most specific argument's, :where()
// nothing, a counting one a pseudo-class's plus its most specific `of S`.
[[gnu::noinline]] void addFunctionalSpecificity(Selector& s) {
  Specificity& sp = s.specificity;
  for (const FunctionalPseudo& l : s.functional) {
    if (l.kind == FunctionalPseudo::Kind::Where) continue;
    Specificity most;
    for (const Selector& inner : l.selectors) most = std::max(most, inner.specificity);
    sp.a = static_cast<std::uint16_t>(sp.a + most.a);
    sp.b = static_cast<std::uint16_t>(sp.b + most.b + (l.counts() ? 1 : 0));
    sp.c = static_cast<std::uint16_t>(sp.c + most.c);
  }
}
}  // namespace

void FunctionalList::destroy() {
  delete list_;
  list_ = nullptr;
}

void finishSelector(Selector& s) {
  detail::finishSelectorNames(s);
  if (!s.functional.empty()) [[unlikely]]
    addFunctionalSpecificity(s);
}

}  // namespace zenit
