// StyleResolver: the cascade. It matches a node's rules, applies them in CSS
// Cascade 4 order, inherits, resolves em and var(), and remembers its work
// per node, so a re-resolve whose inputs did not change is one comparison
// and one whose classes or state toggled reuses the match.
//
// [SECTION] StyleElement: what the cascade needs of one node (Layout fills it)
// [SECTION] CustomProperties: a node's computed custom properties (inherited)
// [SECTION] StyleCache: per-node memo (matches, custom properties, var(), parts)
// [SECTION] StyleResolver: resolve, partFor, affectsDescendants, stats
//
// Cascade order, lowest to highest (CSS Cascade 4 §6, plus seed §3's inline base):
//   1. sheet rules, normal: by specificity, then sheet load order, then rule order
//   2. the inline style attribute (StyleElement::inlineStyle), normal part
//   3. the inline base (StyleElement::inlineBase: values C++ code writes, seed getInlineBase())
//   4. sheet rules, !important: by specificity, then order
//   5. the inline style attribute, !important part
// A var() declaration takes part at its own place; when it cannot be
// substituted or parsed it is invalid at computed-value time and the
// property is `unset` there (inherited rows inherit, others take their
// initial value). Inherited rows (PF_INHERIT) start from the parent's
// computed value, the rest from the initial value. em, rem, vw, vh, vmin,
// vmax (and % in font-size) resolve to px: font-size first, against the
// parent's font size (rem in the root's font-size: 16px), then the others
// (rem: the root's font size; viewport units: Theme::media()). A new root
// font size re-resolves the tree once some style read rem; a new viewport
// size does (through Theme::setMedia) once some style read a viewport unit.
//
// Costs: matching happens once per distinct (type, id, class set, part) per
// theme generation and is shared by every node with that key; a resolve then
// tests each candidate's state bits (and walks ancestors only for selectors
// with combinators), and applies each matched rule through its PropSet.
// Nothing allocates on a resolve that reuses a match, unless var() must be
// substituted again or the inline style / base sets animation or transition
// lists (docs/theme-and-cascade.md).
//
// Not thread-safe: one resolver per UI thread.
#pragma once

#include <zenit/style/Atom.hpp>
#include <zenit/style/Selector.hpp>
#include <zenit/style/Style.hpp>
#include <zenit/style/StyleSheet.hpp>
#include <zenit/style/Theme.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace zenit {

class StyleCache;

// ---------------------------------------------------------------------------
// [SECTION] StyleElement
// ---------------------------------------------------------------------------

// What the cascade needs of one node. The style layer does not know the
// Layout tree; Layout fills one of these per node and points `parent` at
// the parent's. Everything it points to must outlive the resolve call.
// One attribute of a node (Layout::setAttribute), for `[name=value]`.
struct StyleAttribute {
  Atom name{Atom::None};
  std::string value;
};

struct StyleElement {
  Atom type{};                                 // widget type name ("Slider", "Layout")
  Atom id{};                                   // #id (None if none)
  std::span<const Atom> classes;               // the node's classes (order and repeats do not matter)
  std::span<const StyleAttribute> attributes;  // the node's attributes, one per name
  PseudoBits state{0};                         // PseudoClass bits: interaction state and place in the tree
  const StyleElement* parent{nullptr};         // for combinators and custom-property inheritance
  const StyleElement* previous{nullptr};       // the previous sibling, for `+` and `~`
  const StyleElement* next{nullptr};           // the next sibling, for :nth-last-of-type() & co.
  std::uint32_t index{0};                      // place among its siblings, from 0 (:nth-child())
  std::uint32_t childCount{0};                 // how many children it has: more than each child's index
  // Among its siblings of its type (:nth-of-type()): its place, from 0, and
  // how many there are. A typeCount of 0 says they are not kept (the
  // matcher counts along the sibling links instead).
  std::uint32_t typeIndex{0};
  std::uint32_t typeCount{0};
  const DeclarationBlock* inlineStyle{nullptr};  // applyStyleAttr: normal and !important parts, var()
  const Style* inlineBase{nullptr};  // seed getInlineBase(): C++ values, above every normal declaration
  std::uint32_t inlineVersion{0};    // bump when *inlineStyle or *inlineBase changes (compared, not contents)
  const StyleCache* cache{nullptr};  // this node's cache: children read the custom properties it passes down
};

// Whether `el` matches `s` as the cascade matches it (combinators walk
// el's parent and sibling links); a selector of a ::part never matches a node.
bool matchesSelector(const Selector& s, const StyleElement& el);

// ---------------------------------------------------------------------------
// [SECTION] CustomProperties
// ---------------------------------------------------------------------------

// The computed custom properties of one element (CSS Variables 1): inherited
// ones plus its own, var() already substituted. Immutable once built and
// shared with every descendant that declares none of its own.
class CustomProperties {
 public:
  using Entry = std::pair<std::string, std::string>;  // (name, value)

  std::optional<std::string_view> find(std::string_view name) const;  // value of `--name`, or nullopt
  std::size_t size() const { return entries_.size(); }                // number of defined properties
  std::uint64_t id() const { return id_; }  // process-unique; every rebuilt set has a new one
  const std::vector<Entry>& entries() const { return entries_; }  // sorted by name

 private:
  friend class StyleResolver;
  std::vector<Entry> entries_;
  std::uint64_t id_{0};
};

// ---------------------------------------------------------------------------
// [SECTION] StyleCache
// ---------------------------------------------------------------------------

namespace detail {

struct MatchList;   // a shared candidate list (StyleResolver.cpp)
struct MaskResult;  // a shared result of one list and match mask (StyleResolver.cpp)

template <Prop P>
struct NotInherited {  // a placeholder for a row children do not inherit
  bool operator==(const NotInherited&) const = default;
};

// The PF_INHERIT rows of a computed style: what a child reads of its parent.
// Generated from BUBBLE_STYLE_PROPS, so it follows the table.
struct InheritedValues {
#define ZENIT_DETAIL_INHERITED_FIELD(T, name, def, css, flags) \
  [[no_unique_address]] std::conditional_t<(((flags)&PF_INHERIT) != 0), T, NotInherited<Prop::name>> name{};
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_INHERITED_FIELD)
#undef ZENIT_DETAIL_INHERITED_FIELD

  void capture(const ComputedStyle& s);  // copies the inherited rows of s
  bool operator==(const InheritedValues&) const = default;
};

// The var() declarations of one block, substituted and parsed for one element.
struct PendingResult {
  std::uint32_t rank{0};  // the rule's rank in Theme::rules(), or kInlineRank
  bool important{false};  // which part of the block
  Style values;           // what the declarations that parsed set
  PropSet props;          // values.setProps()
  PropSet inherit;        // rows that take the parent's value here: `inherit`, `unset` on an
                          // inherited row, an inherited row whose var() declaration failed
  PropSet currentColor;   // colour rows declared `currentcolor`: the element's color, set by the cascade
  PropSet em;             // font-relative rows of values
};
inline constexpr std::uint32_t kInlineRank = 0xFFFFFFFFu;

// Candidate lists a node remembers (indices into the resolver's shared
// lists), all valid for one resolver epoch.
inline constexpr std::uint32_t kNoList = 0xFFFFFFFFu;
template <std::size_t N>
struct MatchSlots {
  std::uint64_t epoch{0};  // resolver epoch the indices belong to (0: none)
  std::array<std::uint32_t, N> list{};
  std::uint8_t next{0};  // round-robin victim when all are used
  std::uint8_t last{0};  // the slot that answered last
};

// What decided the last resolve's output; equal key = equal output.
struct ResolveKey {
  std::uint64_t epoch{0};
  std::uint32_t list{0};
  std::uint64_t mask{0};          // matched candidates
  std::uint64_t parentCustom{0};  // CustomProperties::id of the parent (0: none)
  const DeclarationBlock* inlineStyle{nullptr};
  const Style* inlineBase{nullptr};
  std::uint32_t inlineVersion{0};
  const ComputedStyle* out{nullptr};  // the style written
  InheritedValues parent;             // the parent's inherited rows (initial at the root)
  bool operator==(const ResolveKey&) const = default;
};

// What decided the node's custom properties.
struct CustomKey {
  std::uint64_t epoch{0};
  std::uint32_t list{0};
  std::uint64_t mask{0};  // matched candidates that declare custom properties
  std::uint64_t parentCustom{0};
  const DeclarationBlock* inlineStyle{nullptr};
  std::uint32_t inlineVersion{0};
  bool operator==(const CustomKey&) const = default;
};

// What the remembered var() results were computed against.
struct PendingKey {
  std::uint64_t epoch{0};
  std::uint64_t custom{0};  // the node's CustomProperties::id
  const DeclarationBlock* inlineStyle{nullptr};
  std::uint32_t inlineVersion{0};
  bool operator==(const PendingKey&) const = default;
};

// One part of a node (partFor).
struct PartSlot {
  Atom part{};
  MatchSlots<1> match;
  // The merged style when var() takes part (per node); shared lists hold the rest.
  std::unique_ptr<Style> merged;
  std::uint64_t mergedEpoch{0};
  std::uint32_t mergedList{0};
  std::uint64_t mergedMask{0};
  std::uint64_t mergedCustom{0};
};

}  // namespace detail

// Per-node (and per-part) memo of the cascade, owned by the node and reused
// across frames. Default-constructed it remembers nothing. Move-only.
class StyleCache {
 public:
  StyleCache() = default;
  StyleCache(StyleCache&&) noexcept = default;
  StyleCache& operator=(StyleCache&&) noexcept = default;

  void invalidate();  // forget everything; needed only if the output style was edited by hand

  // What the node passes to its children's var(); nullptr: none.
  const CustomProperties* customProperties() const { return custom_.get(); }
  // Whether the last resolve changed what children inherit (PF_INHERIT rows
  // or custom properties): re-resolve them when it did.
  bool inheritedChanged() const { return inheritedChanged_; }
  // The rows of the output the last resolve changed (none when it returned
  // false): every other row holds the value it had before the call.
  PropSet changedRows() const { return changedRows_; }

 private:
  friend class StyleResolver;
  static constexpr std::size_t kSlots = 4;     // class sets remembered (toggles between them reuse the match)
  static constexpr std::size_t kMaxParts = 4;  // parts remembered before slots are reused

  // Hot: read by every resolve (kept together, first).
  detail::MatchSlots<kSlots> slots_{};
  bool lastValid_{false};
  bool inheritedChanged_{false};
  bool parentRows_{false};  // the last cascade took rows that do not inherit from the parent (`inherit`)
  bool customKeyValid_{false};
  detail::ResolveKey last_{};
  PropSet lastWritten_;          // rows of the output that may differ from their initial value
  std::uint64_t lastShared_{0};  // version of the shared result the output equals (0: none)
  PropSet changedRows_;          // rows the last resolve changed
  std::shared_ptr<const CustomProperties> custom_;  // read by every resolve that is not unchanged
  // Cold: read when the cascade runs.
  detail::CustomKey customKey_{};
  std::vector<std::unique_ptr<detail::PendingResult>>
      pending_;  // unique_ptr: stable while the cascade reads them
  detail::PendingKey pendingKey_{};
  std::vector<detail::PartSlot> parts_;
  std::uint8_t nextPart_{0};
};

// ---------------------------------------------------------------------------
// [SECTION] StyleResolver
// ---------------------------------------------------------------------------

class StyleResolver {
 public:
  explicit StyleResolver(const Theme& theme = Theme::get());
  ~StyleResolver();
  StyleResolver(const StyleResolver&) = delete;
  StyleResolver& operator=(const StyleResolver&) = delete;

  // The computed style of `el` (see the header comment for the order).
  // `parent` is the parent's computed style (nullptr = root: initial values).
  // Writes every field of `out`; returns whether `out` changed. Whether the
  // children must resolve again is cache.inheritedChanged(), which a new
  // root font size (what rem reads) also sets when `out` is unchanged.
  // Resolve parents before children: a child reads its parent's cache
  // (custom properties). If `out` is edited between calls, call
  // cache.invalidate().
  bool resolve(const StyleElement& el, const ComputedStyle* parent, StyleCache& cache, ComputedStyle& out);

  // Declared style of part `part` of `el` (`Type:state::part` rules; seed
  // §5: partFor): declared values only, em kept, rem and viewport units in px; animation and transition
  // lists are resolved with their longhand patches into `animations` /
  // `transitions` (no patches are left). var() uses the custom properties of
  // the element's last resolve(). Overwrites `out` completely.
  void partFor(const StyleElement& el, Atom part, StyleCache& cache, Style& out);

  // Whether changing `el`'s classes (`changedClasses`: added or removed) or
  // state bits (`changedState`: the bits that flipped; el.state is the new
  // state) can change how its descendants match: true only when some rule
  // has a combinator whose left side could match `el` differently. The
  // element itself always needs a re-resolve. An id or type change is not
  // covered: re-resolve the subtree.
  bool affectsDescendants(const StyleElement& el, std::span<const Atom> changedClasses,
                          PseudoBits changedState) const;
  // The same for `el`'s later siblings and their descendants, through the
  // rules whose `+` or `~` has a left side that could match `el` differently.
  bool affectsLaterSiblings(const StyleElement& el, std::span<const Atom> changedClasses,
                            PseudoBits changedState) const;
  // Whether setting or removing `el`'s attribute `name` can change how its
  // descendants (`siblings` false) or its later siblings (true) match: some
  // rule reads `[name…]` left of a combinator of that kind.
  bool attributeAffects(Atom name, bool siblings) const;

  // The transition list the last resolve's output holds, in the place the
  // resolver took it from (a rule's list or a shared result's, which every
  // node of that rule reads): equal to the output's `transitions`, valid
  // until the next resolve. nullptr when that resolve changed nothing.
  const TransitionList* lastTransitions() const { return lastTransitions_; }

  static const ComputedStyle& initialStyle();  // every row at its initial value
  const Theme& theme() const { return theme_; }

  // Counters for tests and benchmarks.
  struct Stats {
    std::uint64_t resolves{0};       // resolve() calls
    std::uint64_t unchanged{0};      // resolves answered by the cache key alone (no cascade ran)
    std::uint64_t cascades{0};       // resolves that ran the cascade
    std::uint64_t shared{0};         // resolves that took another node's result (style sharing)
    std::uint64_t matches{0};        // candidate lists built: bucket lookups and selector tests
    std::uint64_t contextChecks{0};  // ancestor walks for selectors with combinators
    std::uint64_t partMerges{0};     // part styles merged (partFor cache misses)
  };
  const Stats& stats() const { return stats_; }
  void resetStats() { stats_ = {}; }

 private:
  struct ListCascade;

  void sync();
  void noteRoot(const ComputedStyle& root);  // the rem base: a root's computed font size
  template <std::size_t N>
  std::uint32_t listFor(const StyleElement& el, Atom part, detail::MatchSlots<N>& slots);
  std::uint32_t findOrBuild(const StyleElement& el, Atom part);
  std::uint64_t matchMask(const detail::MatchList& list, const StyleElement& el);
  template <class F>
  void forEachMatched(const detail::MatchList& list, std::uint64_t mask, F&& f) const;
  void updateCustom(const StyleElement& el, const detail::MatchList& list, std::uint32_t li,
                    std::uint64_t mask, StyleCache& cache);
  void preparePending(const StyleElement& el, StyleCache& cache);
  const detail::PendingResult& pendingFor(const StyleElement& el, StyleCache& cache, std::uint32_t rank,
                                          bool important, const DeclarationBlock& block);
  PropSet cascade(const StyleElement& el, const ComputedStyle* parent, const detail::MatchList& list,
                  std::uint64_t mask, StyleCache& cache, detail::MaskResult* entry);
  void finishLists(const ListCascade& lists, detail::MaskResult* entry);
  const detail::MaskResult* lastShared(const StyleCache& cache) const;
  PropSet rowsBetween(const detail::MaskResult& a, const detail::MaskResult& b);
  void mergePart(const StyleElement& el, const detail::MatchList& list, std::uint64_t mask, StyleCache& cache,
                 Style& m);
  void reportOnce(const Diagnostic& d);

  const Theme& theme_;
  std::uint64_t generation_{0};  // theme generation the shared lists belong to
  std::uint64_t epoch_{0};       // process-unique id of the current shared lists
  // rem: the font size of the root (the node resolved without a parent) the
  // resolver saw last; one resolver serves one tree, resolved top-down.
  float remBase_{16.0f};
  bool remRead_{false};        // some style read remBase_ (sticky)
  bool remChanged_{false};     // remBase_ changed after remRead_: sync drops the shared lists
  std::uint64_t remEpoch_{0};  // the epoch sync began for the last remChanged_
  std::vector<detail::MatchList> lists_;
  std::unordered_map<std::uint64_t, std::uint32_t> listIndex_;  // key hash → first list with it (chained)
  // Scratch reused by every resolve (no per-resolve allocation).
  ComputedStyle scratch_;    // the cascade's output before it is compared into `out`
  PropSet scratchDirty_;     // rows of scratch_ that may differ from the initial value
  PropSet explicitInherit_;  // rows some `inherit` declaration has taken from a parent: a change there
                             // restyles children
  const AnimationList* usedAnimations_{nullptr};  // the cascade's used lists (not copied into scratch_)
  const TransitionList* usedTransitions_{nullptr};
  std::vector<std::uint32_t> gather_;
  std::vector<std::uint32_t> bigMatched_;
  std::vector<const AnimationLonghands*> animPatches_;
  std::vector<const TransitionLonghands*> transPatches_;
  AnimationLonghands mergedAnim_;
  TransitionLonghands mergedTrans_;
  std::unordered_set<std::string> reported_;
  // rowsBetween's answers for the last few pairs of shared results, by version.
  struct RowDiff {
    std::uint64_t from{0}, to{0};
    PropSet rows;
  };
  std::array<RowDiff, 8> rowDiffs_{};
  std::uint8_t nextRowDiff_{0};
  std::uint64_t nextVersion_{1};  // MaskResult::version: never reused
  const TransitionList* lastTransitions_{nullptr};
  Stats stats_;
};

}  // namespace zenit
