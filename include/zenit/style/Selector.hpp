// Selectors of .zstyle rules: the parsed form the cascade matches with.
//
// [SECTION] PseudoClass, Combinator
// [SECTION] CompoundSelector, Specificity, SelectorKey, Selector
//
// Supported (CSS Selectors 4 subset): type (`Slider`), `*`, `.class`,
// `#id`, compounds of them, the descendant (` `), child (`>`),
// next-sibling (`+`) and subsequent-sibling (`~`) combinators, selector
// lists, the pseudo-classes :hover, :active (pressed), :focus, :checked,
// :disabled, the tree-structural :root, :first-child, :last-child,
// :only-child and :empty, the counting :nth-child(An+B [of S]),
// :nth-last-child(), :nth-of-type(), :nth-last-of-type(), :first-of-type,
// :last-of-type and :only-of-type, the logical :is(), :where() and :not()
// over selector lists, attribute selectors (`[name]`, `=`, `~=`, `|=`,
// `^=`, `$=`, `*=`, with the `i` and `s` flags), and one trailing part
// `::name` naming a widget part (`Slider:hover::knob`). Names are Atoms,
// so matching compares integers. Type names, classes, ids, attribute and
// part names are case-sensitive; pseudo-class names are not (as CSS).
#pragma once

#include <zenit/core/SmallVector.hpp>
#include <zenit/style/Atom.hpp>

#include <algorithm>
#include <compare>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] PseudoClass, Combinator
// ---------------------------------------------------------------------------

// A set of PseudoClass bits.
using PseudoBits = std::uint16_t;

// What a compound can require of a node besides its names: its interaction
// state, which input sets, and where it stands in the tree, which the tree
// keeps. Each is one bit: a node carries the set that holds for it.
enum PseudoClass : PseudoBits {
  PseudoHover = 1u << 0,     // :hover
  PseudoActive = 1u << 1,    // :active (the widget is pressed)
  PseudoFocus = 1u << 2,     // :focus
  PseudoChecked = 1u << 3,   // :checked
  PseudoDisabled = 1u << 4,  // :disabled
  // Tree-structural (Selectors 4 §14). A node without a parent is the root
  // of its tree, and, as the root element is its document's only element
  // child, also first, last and only child.
  PseudoRoot = 1u << 5,        // :root
  PseudoFirstChild = 1u << 6,  // :first-child
  PseudoLastChild = 1u << 7,   // :last-child
  PseudoOnlyChild = 1u << 8,   // :only-child
  PseudoEmpty = 1u << 9,       // :empty (no child nodes)
};
inline constexpr PseudoBits kStructuralPseudo =
    PseudoRoot | PseudoFirstChild | PseudoLastChild | PseudoOnlyChild | PseudoEmpty;

// How a compound relates to the compound on its left.
enum class Combinator : std::uint8_t {
  None,               // the leftmost compound
  Descendant,         // `A B`: B is inside A at any depth
  Child,              // `A > B`: B's parent is A
  NextSibling,        // `A + B`: B comes right after its sibling A
  SubsequentSibling,  // `A ~ B`: B comes after its sibling A, at any distance
};

// ---------------------------------------------------------------------------
// [SECTION] CompoundSelector, Specificity, SelectorKey, Selector
// ---------------------------------------------------------------------------

struct Selector;

// A compound's condition beyond its names and state bits: a pseudo-class
// with an argument, or an attribute selector.
//
// - Selectors 4 §4: `:is(S)`, `:where(S)` and `:not(S)` hold when the node
//   matches some selector of S (none, for :not); :is() and :where() forgive
//   a bad selector in S (it is dropped, with a warning), :not() does not.
// - Selectors 4 §14.4: the counting ones hold when the node's position n
//   (from 1) among its siblings, from the first or from the last, and among
//   those of its type or those matching S, is `a·k + b` for some k ≥ 0.
//   `:first-of-type` is `:nth-of-type(1)`, `:last-of-type` is
//   `:nth-last-of-type(1)`, and `:only-of-type` is both.
// - Selectors 4 §6: `[name]` holds when the node has the attribute
//   (Layout::setAttribute), and `[name OP value]` when its value compares
//   as OP says; with the `i` flag the comparison ignores ASCII case.
struct SelectorCondition {
  enum class Kind : std::uint8_t {
    Is,
    Where,
    Not,
    NthChild,
    NthLastChild,
    NthOfType,
    NthLastOfType,
    Attribute
  };
  // `[name]`, `=`, `~=` (a word of a space-separated list), `|=` (equal,
  // or followed by `-`), `^=` (starts), `$=` (ends), `*=` (contains).
  enum class AttrOp : std::uint8_t { Exists, Equals, Includes, DashMatch, Prefix, Suffix, Substring };
  Kind kind{Kind::Is};
  std::uint32_t compound{0};        // the index of the compound it belongs to
  std::int32_t a{0}, b{0};          // the counting kinds' An+B
  std::vector<Selector> selectors;  // S (`of S` for :nth-child and :nth-last-child; empty: every sibling)
  Atom attribute{Atom::None};       // Attribute: the name (case-sensitive, as classes)
  AttrOp op{AttrOp::Exists};
  bool ignoreCase{false};  // the `i` flag
  std::string value;       // what `op` compares with

  bool counts() const { return kind >= Kind::NthChild && kind <= Kind::NthLastOfType; }
  bool fromEnd() const { return kind == Kind::NthLastChild || kind == Kind::NthLastOfType; }
  bool ofType() const { return kind == Kind::NthOfType || kind == Kind::NthLastOfType; }
  bool operator==(const SelectorCondition& o) const;
};

class ConditionList {
 public:
  ConditionList() = default;
  ConditionList(const ConditionList& o);
  ConditionList(ConditionList&& o) noexcept : list_(o.list_) { o.list_ = nullptr; }
  ConditionList& operator=(const ConditionList& o);
  ConditionList& operator=(ConditionList&& o) noexcept;
  ~ConditionList() {
    if (list_) destroy();
  }

  bool empty() const { return !list_; }
  std::size_t size() const { return list_ ? list_->size() : 0; }
  const SelectorCondition& operator[](std::size_t i) const { return (*list_)[i]; }
  const SelectorCondition* begin() const { return list_ ? list_->data() : nullptr; }
  const SelectorCondition* end() const { return list_ ? list_->data() + list_->size() : nullptr; }
  void push_back(SelectorCondition l);
  bool operator==(const ConditionList& o) const;

 private:
  void destroy();
  std::vector<SelectorCondition>* list_{nullptr};  // owned; never an empty vector
};

// One compound: all of its conditions hold for the same node.
struct CompoundSelector {
  Atom type{Atom::None};         // widget type; None = any (`*` or omitted)
  Atom id{Atom::None};           // `#id`; None = no id condition
  SmallVector<Atom, 2> classes;  // `.class` conditions, in source order (two without an allocation)
  PseudoBits pseudo{0};          // PseudoClass bits
  Combinator combinator{Combinator::None};  // relation to the previous compound

  bool operator==(const CompoundSelector&) const = default;
};

// CSS specificity (a, b, c): ids; classes and pseudo-classes; types and the
// part. :is() and :not() count as their most specific selector, :where() as 0.
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
  ConditionList conditions;                    // the compounds' :is(), :nth-child(), [name] & co.

  std::string text() const;  // canonical text: "Slider:hover::knob", ".a > .b #c"
  bool operator==(const Selector&) const = default;
};

inline bool SelectorCondition::operator==(const SelectorCondition& o) const {
  return kind == o.kind && compound == o.compound && a == o.a && b == o.b && selectors == o.selectors &&
         attribute == o.attribute && op == o.op && ignoreCase == o.ignoreCase && value == o.value;
}
inline ConditionList::ConditionList(const ConditionList& o)
    : list_(o.list_ ? new std::vector<SelectorCondition>(*o.list_) : nullptr) {}
inline ConditionList& ConditionList::operator=(const ConditionList& o) {
  if (this != &o) *this = ConditionList(o);
  return *this;
}
inline ConditionList& ConditionList::operator=(ConditionList&& o) noexcept {
  std::swap(list_, o.list_);
  return *this;
}
inline void ConditionList::push_back(SelectorCondition l) {
  if (!list_) list_ = new std::vector<SelectorCondition>();
  list_->push_back(std::move(l));
}
inline bool ConditionList::operator==(const ConditionList& o) const {
  return size() == o.size() && std::equal(begin(), end(), o.begin());
}

// A rule's selector list: `a, b { … }` is two Selectors.
using SelectorList = SmallVector<Selector, 2>;  // two without an allocation

// Specificity and key of a selector whose compounds and part are filled in.
void finishSelector(Selector& s);

}  // namespace zenit
