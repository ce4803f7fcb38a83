// finishSelector's work on the compounds' names, pseudo-classes and part:
// all of a selector without conditions (:is(), :nth-child(), [name] …; the
// byte path of the selector reader makes only those, and inlines this).
// finishSelector adds the conditions' weight after it.
#pragma once

#include <zenit/core/Config.hpp>
#include <zenit/style/Selector.hpp>

#include <array>
#include <cstdint>

namespace zenit::detail {

// Each pseudo-class is one bit, so a compound names as many as its set has
// bits: one load from a table over every set of the bits in use (x86-64 has
// no popcnt by default; two byte-wide loads cost 0.045 more instructions a
// byte on the parse benchmark).
inline constexpr unsigned kPseudoBitsInUse = 10;  // PseudoHover .. PseudoEmpty
static_assert(PseudoEmpty == 1u << (kPseudoBitsInUse - 1), "kPseudoCount covers every pseudo-class bit");
inline constexpr std::array<std::uint8_t, 1u << kPseudoBitsInUse> kPseudoCount = [] {
  std::array<std::uint8_t, 1u << kPseudoBitsInUse> counts{};
  for (std::size_t bits = 0; bits < counts.size(); ++bits)
    for (std::size_t b = bits; b != 0; b &= b - 1) ++counts[bits];
  return counts;
}();
inline constexpr unsigned pseudoCount(PseudoBits bits) {
  return kPseudoCount[bits & (kPseudoCount.size() - 1)];
}

ZENIT_ALWAYS_INLINE void finishSelectorNames(Selector& s) {
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

}  // namespace zenit::detail
