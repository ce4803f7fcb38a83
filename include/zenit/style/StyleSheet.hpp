// StyleSheet: what parsing a .zstyle file produces.
//
// [SECTION] Declarations: DeclarationBlock, PendingDeclaration, CustomProperty
// [SECTION] Rules: StyleRule, KeyframeEntry, KeyframesRule, ImportRule
// [SECTION] StyleSheet
//
// A sheet is a plain value: rules, @keyframes and @timeline rules in source
// order, with every problem found as a Diagnostic. Nothing here is sorted, merged or
// resolved: the cascade (StyleResolver), compileKeyframes and the Theme do
// that. Imported sheets are inlined where their @import stood, so `rules`
// is already in cascade order.
#pragma once

#include <zenit/core/Diagnostic.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/style/Keyframes.hpp>
#include <zenit/style/Media.hpp>
#include <zenit/style/Selector.hpp>
#include <zenit/style/SourceLoc.hpp>
#include <zenit/style/Style.hpp>
#include <zenit/style/Timeline.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Declarations
// ---------------------------------------------------------------------------

// A declaration whose value holds var(): it can only be parsed per element,
// once the element's custom properties are known (resolvePending in Parser.hpp).
struct PendingDeclaration {
  std::string property;   // lower-case property name as written ("padding", "animation")
  std::string value;      // raw value text, without `!important`
  PropSet affects;        // rows it can set
  PropSet shadowed;       // rows a later declaration of the same block sets: those win over this one
  bool important{false};  // declared `!important`
  std::string file;       // for diagnostics when it is resolved
  std::uint32_t line{0};
  std::uint32_t col{0};
  bool operator==(const PendingDeclaration&) const = default;
};

// `--name: value`. Custom properties inherit; the cascade resolves them per element.
struct CustomProperty {
  std::string name;       // with the leading `--`, case-sensitive
  std::string value;      // raw text, trimmed; may hold var()
  bool important{false};  // declared `!important`
  SourceLoc loc;
  bool operator==(const CustomProperty&) const = default;
};

// The declarations of one block: a rule, an inline style attribute.
struct DeclarationBlock {
  Style normal;                             // declared values
  std::optional<Style> important;           // `!important` values (they beat every normal one), if any
  std::vector<PendingDeclaration> pending;  // var() declarations, in source order
  std::vector<CustomProperty> custom;       // custom properties, in source order

  // The `!important` values, or an empty Style when the block has none.
  const Style& importantValues() const {
    static const Style kNone;
    return important ? *important : kNone;
  }
  bool empty() const {
    return normal.empty() && importantValues().empty() && pending.empty() && custom.empty();
  }
  bool operator==(const DeclarationBlock&) const = default;
};

// ---------------------------------------------------------------------------
// [SECTION] Rules
// ---------------------------------------------------------------------------

inline constexpr std::uint32_t kNoMedia = 0xffffffffu;  // StyleRule::media of a rule outside @media

// `selector-list { declarations }`.
struct StyleRule {
  // User-provided, so that `emplace_back()` default-initialises the two
  // Styles instead of value-initialising them (which zeroes every byte
  // before constructing).
  StyleRule() {}                  // NOLINT(modernize-use-equals-default): `= default` would zero
  SelectorList selectors;         // the selector list; each has its own specificity and key
  DeclarationBlock decls;         // shared by every selector of the list
  SourceLoc loc;                  // where the selector list starts
  std::uint32_t order{0};         // position among the sheet's rules (cascade tie-break)
  std::uint32_t media{kNoMedia};  // the innermost @media it stands in (StyleSheet::media), or kNoMedia
  bool operator==(const StyleRule&) const = default;
};

// One keyframe of an @keyframes block: one offset of a keyframe selector list.
// `0%, 50% { … }` gives two entries with the same delta, in written order.
struct KeyframeEntry {
  // User-provided, as StyleRule's: `frames.emplace_back()` then
  // default-initialises the Style instead of zeroing every byte first.
  KeyframeEntry() {}                         // NOLINT(modernize-use-equals-default): `= default` would zero
  float t{0.0f};                             // offset in [0, 1]
  Style delta;                               // animatable properties only
  std::optional<TransitionFunction> easing;  // animation-timing-function inside the keyframe
  SourceLoc loc;                             // the keyframe selector
  bool operator==(const KeyframeEntry&) const = default;
};

// `@keyframes name { … }`, recorded as written: not sorted, not merged.
struct KeyframesRule {
  std::string name;                   // case-sensitive
  std::vector<KeyframeEntry> frames;  // source order
  SourceLoc loc;                      // the `@keyframes` keyword
  bool operator==(const KeyframesRule&) const = default;
};

// The seed §1.2 definition of one block, compiled (compileKeyframes):
// what Theme::keyframes stores under `rule.name`.
KeyframeAnimation toKeyframeAnimation(const KeyframesRule& rule);

// `@import "file";`
struct ImportRule {
  std::string href;    // as written
  std::string path;    // resolved against the importing file (empty when not resolvable)
  bool loaded{false};  // its rules are in the sheet (false: missing, a cycle, already loaded, or imports off)
  SourceLoc loc;
  bool operator==(const ImportRule&) const = default;
};

// ---------------------------------------------------------------------------
// [SECTION] StyleSheet
// ---------------------------------------------------------------------------

// One `@media` block: its queries and the block it stands in. A rule inside
// applies while its block's list and every enclosing one match.
struct MediaRule {
  MediaQueryList query;
  std::uint32_t parent{kNoMedia};  // the enclosing @media (StyleSheet::media), or kNoMedia
  SourceLoc loc;
  bool operator==(const MediaRule&) const = default;
};

struct StyleSheet {
  std::vector<std::string> files;  // display names; SourceLoc::file indexes this; [0] is the main file
  std::vector<StyleRule> rules;    // cascade order (imports inlined)
  std::vector<KeyframesRule>
      keyframes;  // source order; a later block of the same name replaces an earlier one
  std::vector<TimelineRule> timelines;  // source order; a later rule of the same name replaces an earlier one
  std::vector<ImportRule> imports;      // every @import seen, loaded or not
  std::vector<MediaRule> media;         // every @media block, in source order (imports inlined)
  std::vector<Diagnostic> diagnostics;  // every problem, in the order found

  bool hasErrors() const;                                           // any Severity::Error
  const KeyframesRule* findKeyframes(std::string_view name) const;  // the last block of that name, or nullptr
  const TimelineRule* findTimeline(std::string_view name) const;    // the last rule of that name, or nullptr
  std::string_view fileName(const SourceLoc& l) const;              // files[l.file], or "" when out of range
};

}  // namespace zenit
