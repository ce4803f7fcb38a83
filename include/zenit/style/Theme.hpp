// Theme: the loaded .zstyle sheets, their rules indexed for the cascade, and
// the @keyframes definitions by name (seed §1.2, §11).
//
// [SECTION] SheetId
// [SECTION] Rule index: ThemeRule, RuleBuckets, ContextIndex
// [SECTION] Theme
//
// Sheets keep load order; the rules of all sheets cascade in (sheet order,
// rule order). Every load, reload and unload rebuilds the rule index (linear
// in the number of selectors) and bumps generation(), which every cache
// keyed on the rules compares.
//
// @keyframes: the effective definition of a name is the one of the sheet
// loaded last (within a sheet, its last block). A KeyframeAnimation is a
// handle that stays valid for the life of the Theme: a reload assigns the new
// definition into the same object (its `generation` changes, so evaluation
// cursors notice), and a name no sheet defines any more becomes an empty
// definition that findKeyframes reports as absent. Running animations that
// hold it then have no effect.
//
// Not thread-safe: load, reload and resolve on the UI thread.
#pragma once

#include <zenit/core/Diagnostic.hpp>
#include <zenit/style/Atom.hpp>
#include <zenit/style/Keyframes.hpp>
#include <zenit/style/Selector.hpp>
#include <zenit/style/StyleSheet.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] SheetId
// ---------------------------------------------------------------------------

// A loaded sheet; None (0) is never handed out.
enum class SheetId : std::uint32_t { None = 0 };

// ---------------------------------------------------------------------------
// [SECTION] Rule index
// ---------------------------------------------------------------------------

// One selector of one loaded rule, with what the cascade needs precomputed.
// Theme::rules() holds them in cascade order: index = rank (specificity, then
// sheet order, then rule order), so sorting matched ranks sorts the cascade.
struct ThemeRule {
  const Selector* selector{nullptr};       // owned by its sheet; valid until the next load/reload/unload
  const DeclarationBlock* decls{nullptr};  // the rule's declarations, shared by its selector list
  PropSet normalProps;                     // rows decls->normal sets (applied through this set only)
  PropSet importantProps;                  // rows decls->important sets
  PropSet emNormal;              // rows of decls->normal whose value is font-relative (em; % for font-size)
  PropSet emImportant;           // the same for decls->important
  PseudoBits pseudo{0};          // PseudoClass bits of the rightmost compound
  bool contextual{false};        // has a combinator: ancestors must be checked
  bool pendingNormal{false};     // holds normal var() declarations (resolved per element)
  bool pendingImportant{false};  // holds !important var() declarations
  bool customProps{false};       // declares custom properties (--name)
  std::uint32_t sheet{0};        // index of its sheet in load order
  std::uint32_t rule{0};         // index of its rule in that sheet
};

// Selector ranks bucketed by the key of their rightmost compound (SelectorKey),
// ascending in each bucket. Built at load time; lookups hash an Atom.
struct RuleBuckets {
  std::unordered_map<Atom, std::vector<std::uint32_t>> byId;     // #id keys
  std::unordered_map<Atom, std::vector<std::uint32_t>> byClass;  // .class keys (the compound's first class)
  std::unordered_map<Atom, std::vector<std::uint32_t>> byType;   // type keys
  std::vector<std::uint32_t> universal;                          // `*`, or a compound of pseudo-classes only

  bool empty() const { return byId.empty() && byClass.empty() && byType.empty() && universal.empty(); }
};

// Names and states of the compounds left of one kind of combinator: what
// decides whether a change on one element can change the match of its
// descendants (left of ` ` and `>`) or of its later siblings and their
// descendants (left of `+` and `~`).
struct ContextIndex {
  std::unordered_set<Atom> types;                 // type names in such compounds
  std::unordered_set<Atom> ids;                   // #ids in such compounds
  std::unordered_set<Atom> classes;               // classes in such compounds
  std::unordered_set<Atom> attributes;            // attribute names in such compounds' `[name…]`
  std::vector<const CompoundSelector*> stateful;  // such compounds that require a state (:hover …)

  bool empty() const {
    return types.empty() && ids.empty() && classes.empty() && attributes.empty() && stateful.empty();
  }
};

// ---------------------------------------------------------------------------
// [SECTION] Theme
// ---------------------------------------------------------------------------

class Theme {
 public:
  // The process-wide default theme (seed: Theme::get()). Never destroyed, so
  // keyframe handles stay valid during static destruction.
  static Theme& get();

  Theme();
  ~Theme();
  Theme(const Theme&) = delete;  // keyframe handles and rule pointers point into it
  Theme& operator=(const Theme&) = delete;

  // Seed §1.2 spelling: name → definition. Read it, do not write it (use the
  // loaders or addKeyframes). Entries are never erased: a name no longer
  // defined keeps an empty definition, so pointers to it stay valid.
  std::unordered_map<std::string, KeyframeAnimation> keyframes;

  // What a load, reload or unload did.
  struct LoadResult {
    SheetId id{SheetId::None};            // the sheet (None when nothing was loaded)
    std::vector<Diagnostic> diagnostics;  // the parser's and the theme's, in order found
    bool ok() const;                      // a sheet is loaded and no diagnostic is an error
  };

  LoadResult loadString(std::string_view text,
                        std::string fileName = "<string>");  // appends a sheet parsed from text
  LoadResult loadFile(const std::string& path);  // appends a sheet read from a file (@import followed)
  LoadResult loadFiles(
      const std::vector<std::string>& paths);  // appends one sheet made of several files, in order
  LoadResult reload(SheetId id,
                    std::string_view text);  // hot reload: replaces that sheet's rules and keyframes at once
  LoadResult reloadFile(SheetId id);  // re-reads the file(s) it came from; unreadable: keeps the old rules
  void unload(SheetId id);            // removes a sheet; an earlier sheet's keyframes take over again
  void clear();                       // removes every sheet

  // Seed §11: a C++-defined @keyframes, stored by name like a one-block
  // sheet appended now (a sheet loaded later that defines the name wins;
  // unload(id) removes it). Compiled here. Returns None for an empty name.
  SheetId addKeyframes(KeyframeAnimation anim);

  // The effective definition of `name`, or nullptr if no sheet defines it
  // now. A hash lookup without allocation: sync time only, not per frame.
  const KeyframeAnimation* findKeyframes(std::string_view name) const;
  // The @timeline of `name` in the sheet loaded last that has one (within a
  // sheet, its last rule), or nullptr; `from`, when given, is set to that
  // sheet (for file names in messages). Valid until the next load, reload or unload.
  const TimelineRule* findTimeline(std::string_view name, const StyleSheet** from = nullptr) const;

  // Bumped on every load/reload/unload that changed something, and when a
  // new media environment turns some @media block on or off or resizes a
  // viewport some style reads (vw …); caches compare it.
  std::uint64_t generation() const { return generation_; }

  // The environment @media blocks and the viewport units (vw, vh, vmin,
  // vmax) are evaluated in (UIContext::frame sets it from the viewport and
  // its preferences). A change that turns a block on or off rebuilds the
  // rule index; a new viewport size, once some style has read a viewport
  // unit, bumps the generation (every node resolves again); any other
  // change costs a comparison.
  void setMedia(const MediaEnvironment& env);
  const MediaEnvironment& media() const { return media_; }
  // A resolver read a viewport unit against media(): from now on a resize restyles.
  void noteViewportUnits() const { viewportUnitsRead_ = true; }

  // --- introspection -------------------------------------------------------
  std::vector<SheetId> sheets() const;        // loaded sheets in cascade (load) order
  const StyleSheet* sheet(SheetId id) const;  // the parsed sheet, or nullptr

  // --- the rule index StyleResolver reads -----------------------------------
  const std::vector<ThemeRule>& rules() const { return rules_; }  // every selector, in cascade order
  const RuleBuckets& nodeRules() const { return nodeRules_; }     // selectors without a ::part
  const RuleBuckets* partRules(Atom part) const;                  // selectors ending in ::part, or nullptr
  const ContextIndex& context() const { return context_; }        // names left of ` ` and `>`
  const ContextIndex& siblingContext() const { return siblingContext_; }  // names left of `+` and `~`
  // The state bits some selector requires (PseudoClass): a node whose other
  // bits change keeps its style (the tree uses this for :first-child & co.).
  PseudoBits pseudoInUse() const { return pseudoInUse_; }
  // What some selector counts among a node's siblings: those before it
  // (:nth-child(), :nth-of-type()) or after it (:nth-last-child() & co.).
  // Adding or removing a child restyles the siblings after it, and those
  // before it too for kCountsAfter.
  static constexpr std::uint8_t kCountsBefore = 1, kCountsAfter = 2;
  std::uint8_t siblingCounts() const { return siblingCounts_; }

 private:
  struct SheetEntry;
  // Where the current definition of one name came from.
  struct KeyframeState {
    KeyframeAnimation* anim{nullptr};  // the node in `keyframes`
    SheetId source{SheetId::None};     // sheet whose block is assigned in (None: not defined now)
    std::uint64_t version{0};          // that sheet's content version when assigned
  };

  LoadResult install(std::unique_ptr<SheetEntry> entry, SheetId replacing);
  void rebuildIndex();
  bool indexSelector(const Selector& sel, ContextIndex* outer);  // rebuildIndex: one selector, recursively
  // Whether each of the sheet's @media blocks applies in media_ (its own
  // list and every enclosing one match).
  std::vector<bool> mediaApplies(const StyleSheet& sheet) const;
  void refreshKeyframes(const std::vector<std::string>& names);
  void redefinitionWarnings(const SheetEntry& e, std::vector<Diagnostic>& out) const;
  SheetEntry* find(SheetId id) const;
  LoadResult misuse(const char* api, SheetId id) const;

  std::vector<std::unique_ptr<SheetEntry>> sheets_;  // load order; unique_ptr keeps rule addresses stable
  std::vector<ThemeRule> rules_;
  RuleBuckets nodeRules_;
  std::unordered_map<Atom, RuleBuckets> partRules_;
  ContextIndex context_;
  ContextIndex siblingContext_;
  PseudoBits pseudoInUse_{0};
  std::uint8_t siblingCounts_{0};
  MediaEnvironment media_;
  mutable bool viewportUnitsRead_{false};  // noteViewportUnits: sticky, a hint for setMedia only
  std::unordered_map<std::string_view, KeyframeState> names_;  // keys view `keyframes`' keys (node-stable)
  std::uint64_t generation_{1};
  std::uint32_t nextId_{1};
};

}  // namespace zenit
