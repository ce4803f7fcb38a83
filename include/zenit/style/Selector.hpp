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
// :only-child and :empty, the logical :is(), :where() and :not() over
// selector lists, and one trailing part `::name` naming a widget part
// (`Slider:hover::knob`). Names are Atoms, so matching compares integers.
// Type names, classes, ids and part names are case-sensitive; pseudo-class
// names are not (as CSS).
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

// `:is(S)`, `:where(S)` or `:not(S)`: the node matches some selector of S
// (none, for :not). Selectors 4 §4: :is() and :where() forgive a bad
// selector in S (it is dropped, with a warning); :not() does not.
struct LogicalPseudo {
  enum class Kind : std::uint8_t { Is, Where, Not };
  Kind kind{Kind::Is};
  std::uint32_t compound{0};        // the index of the compound it belongs to
  std::vector<Selector> selectors;  // S; an :is() whose every selector was dropped has none

  bool operator==(const LogicalPseudo& o) const;
};

// A selector's logical pseudo-classes, by compound and then in source
// order: a list with value semantics that holds nothing while empty (most
// selectors have none).
class LogicalList {
 public:
  LogicalList() = default;
  LogicalList(const LogicalList& o);
  LogicalList(LogicalList&& o) noexcept : list_(o.list_) { o.list_ = nullptr; }
  LogicalList& operator=(const LogicalList& o);
  LogicalList& operator=(LogicalList&& o) noexcept;
  ~LogicalList() {
    if (list_) destroy();
  }

  bool empty() const { return !list_; }
  std::size_t size() const { return list_ ? list_->size() : 0; }
  const LogicalPseudo& operator[](std::size_t i) const { return (*list_)[i]; }
  const LogicalPseudo* begin() const { return list_ ? list_->data() : nullptr; }
  const LogicalPseudo* end() const { return list_ ? list_->data() + list_->size() : nullptr; }
  void push_back(LogicalPseudo l);
  bool operator==(const LogicalList& o) const;

 private:
  void destroy();
  std::vector<LogicalPseudo>* list_{nullptr};  // owned; never an empty vector
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
  LogicalList logical;                         // the compounds' :is() / :where() / :not()

  std::string text() const;  // canonical text: "Slider:hover::knob", ".a > .b #c"
  bool operator==(const Selector&) const = default;
};

inline bool LogicalPseudo::operator==(const LogicalPseudo& o) const {
  return kind == o.kind && selectors == o.selectors;
}
inline LogicalList::LogicalList(const LogicalList& o)
    : list_(o.list_ ? new std::vector<LogicalPseudo>(*o.list_) : nullptr) {}
inline LogicalList& LogicalList::operator=(const LogicalList& o) {
  if (this != &o) *this = LogicalList(o);
  return *this;
}
inline LogicalList& LogicalList::operator=(LogicalList&& o) noexcept {
  std::swap(list_, o.list_);
  return *this;
}
inline void LogicalList::push_back(LogicalPseudo l) {
  if (!list_) list_ = new std::vector<LogicalPseudo>();
  list_->push_back(std::move(l));
}
inline bool LogicalList::operator==(const LogicalList& o) const {
  return size() == o.size() && std::equal(begin(), end(), o.begin());
}

// A rule's selector list: `a, b { … }` is two Selectors.
using SelectorList = SmallVector<Selector, 2>;  // two without an allocation

// Specificity and key of a selector whose compounds and part are filled in.
void finishSelector(Selector& s);

}  // namespace zenit
