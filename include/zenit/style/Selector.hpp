// Selectors of .zstyle rules: the parsed form the cascade matches with.
//
// [SECTION] PseudoClass, Combinator
// [SECTION] CompoundSelector, Specificity, SelectorKey, Selector
//
// Supported (CSS Selectors 4 subset): type (`Slider`), `*`, `.class`,
// `#id`, compounds of them, the descendant (` `) and child (`>`)
// combinators, selector lists, the pseudo-classes :hover, :active (pressed),
// :focus, :checked, :disabled, and one trailing part `::name` naming a
// widget part (`Slider:hover::knob`). Names are Atoms, so matching compares
// integers. Type names, classes, ids and part names are case-sensitive;
// pseudo-class names are not (as CSS).
#pragma once

#include <zenit/core/SmallVector.hpp>
#include <zenit/style/Atom.hpp>

#include <compare>
#include <cstdint>
#include <string>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] PseudoClass, Combinator
// ---------------------------------------------------------------------------

// Interaction states a compound can require; a bit set.
enum PseudoClass : std::uint8_t {
  PseudoHover = 1u << 0,     // :hover
  PseudoActive = 1u << 1,    // :active (the widget is pressed)
  PseudoFocus = 1u << 2,     // :focus
  PseudoChecked = 1u << 3,   // :checked
  PseudoDisabled = 1u << 4,  // :disabled
};

// How a compound relates to the compound on its left.
enum class Combinator : std::uint8_t {
  None,        // the leftmost compound
  Descendant,  // `A B`: B is inside A at any depth
  Child,       // `A > B`: B's parent is A
};

// ---------------------------------------------------------------------------
// [SECTION] CompoundSelector, Specificity, SelectorKey, Selector
// ---------------------------------------------------------------------------

// One compound: all of its conditions hold for the same node.
struct CompoundSelector {
  Atom type{Atom::None};         // widget type; None = any (`*` or omitted)
  Atom id{Atom::None};           // `#id`; None = no id condition
  SmallVector<Atom, 2> classes;  // `.class` conditions, in source order (two without an allocation)
  std::uint8_t pseudo{0};        // PseudoClass bits
  Combinator combinator{Combinator::None};  // relation to the previous compound

  bool operator==(const CompoundSelector&) const = default;
};

// CSS specificity (a, b, c): ids; classes and pseudo-classes; types and the part.
struct Specificity {
  std::uint16_t a{0}, b{0}, c{0};
  auto operator<=>(const Specificity&) const =
      default;  // NOLINT(modernize-use-nullptr): clang-tidy 14 misreads defaulted <=>
};

// The rightmost compound's most selective name, for bucketed rule lookup:
// an id if it has one, else its first class, else its type, else universal.
struct SelectorKey {
  enum class Kind : std::uint8_t { Id, Class, Type, Universal };
  Kind kind{Kind::Universal};  // which bucket
  Atom atom{Atom::None};       // the name (None for Universal)
  bool operator==(const SelectorKey&) const = default;
};

// One complex selector of a rule's selector list.
struct Selector {
  SmallVector<CompoundSelector, 3> compounds;  // left to right; never empty (three without an allocation)
  Atom part{Atom::None};                       // `::name`; None = the node itself
  Specificity specificity;                     // as CSS computes it (the part counts as a type)
  SelectorKey key;                             // bucket of the rightmost compound

  std::string text() const;  // canonical text: "Slider:hover::knob", ".a > .b #c"
  bool operator==(const Selector&) const = default;
};

// A rule's selector list: `a, b { … }` is two Selectors.
using SelectorList = SmallVector<Selector, 2>;  // two without an allocation

// Specificity and key of a selector whose compounds and part are filled in.
void finishSelector(Selector& s);

}  // namespace zenit
