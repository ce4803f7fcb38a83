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

// `[name]`, `[name="value"]`, `[name^="value" i]`, as CSS serialises them.
void appendAttribute(std::string& s, const SelectorCondition& l) {
  using Op = SelectorCondition::AttrOp;
  s += '[';
  s += atomName(l.attribute);
  if (l.op != Op::Exists) {
    constexpr const char* kOps[] = {"", "=", "~=", "|=", "^=", "$=", "*="};
    s += kOps[static_cast<std::size_t>(l.op)];
    s += '"';
    for (const char ch : l.value) {
      if (ch == '"' || ch == '\\') s += '\\';
      s += ch;
    }
    s += '"';
    if (l.ignoreCase) s += " i";
  }
  s += ']';
}

void appendCondition(std::string& s, const SelectorCondition& l) {
  using K = SelectorCondition::Kind;
  if (l.kind == K::Attribute) {
    appendAttribute(s, l);
    return;
  }
  constexpr const char* kNames[] = {
      ":is(", ":where(", ":not(", ":nth-child(", ":nth-last-child(", ":nth-of-type(", ":nth-last-of-type("};
  static_assert(static_cast<std::size_t>(K::NthLastOfType) + 1 == std::size(kNames));
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
    for (const SelectorCondition& l : conditions) {
      if (l.compound != static_cast<std::size_t>(&c - compounds.data())) continue;
      appendCondition(s, l);
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
// nothing, a counting one a pseudo-class's plus its most specific `of S`,
// an attribute selector a class's.
[[gnu::noinline]] void addConditionSpecificity(Selector& s) {
  Specificity& sp = s.specificity;
  for (const SelectorCondition& l : s.conditions) {
    if (l.kind == SelectorCondition::Kind::Where) continue;
    Specificity most;
    for (const Selector& inner : l.selectors) most = std::max(most, inner.specificity);
    sp.a = static_cast<std::uint16_t>(sp.a + most.a);
    sp.b = static_cast<std::uint16_t>(sp.b + most.b +
                                      (l.counts() || l.kind == SelectorCondition::Kind::Attribute ? 1 : 0));
    sp.c = static_cast<std::uint16_t>(sp.c + most.c);
  }
}
}  // namespace

void ConditionList::destroy() {
  delete list_;
  list_ = nullptr;
}

void finishSelector(Selector& s) {
  detail::finishSelectorNames(s);
  if (!s.conditions.empty()) [[unlikely]]
    addConditionSpecificity(s);
}

}  // namespace zenit
