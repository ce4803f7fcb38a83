// The .zstyle parser: text in, StyleSheet (and Diagnostics) out.
//
// [SECTION] Options
// [SECTION] Sheets: parseStyleSheet, parseStyleFile, parseStyleFiles
// [SECTION] Declarations: parseStyleAttribute, parseDeclaration
// [SECTION] var(): CustomPropertyLookup, substituteVars, resolvePending
// [SECTION] Property names: the table `zenit-style props` prints
//
// Error recovery is CSS's (CSS Syntax 3 §5): a bad declaration is dropped
// and the rest of its block kept; a rule with a bad selector is skipped to
// its closing brace; unknown at-rules are skipped; the rest of the sheet
// always loads. Every Diagnostic is stored in the result and sent to
// zenit::log. Nesting deeper than ParseOptions::maxNesting is cut off with a
// diagnostic; parsing never recurses deeper than that, whatever the input.
//
// Deviations from CSS are listed in docs/stylesheets.md ("Deviations").
#pragma once

#include <zenit/core/Diagnostic.hpp>
#include <zenit/style/StyleSheet.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Options
// ---------------------------------------------------------------------------

struct ParseOptions {
  std::string fileName{"<string>"};  // display name in diagnostics (parseStyleSheet)
  std::string baseDir;       // where relative @import paths of a string resolve; "" = fileName's directory
  bool followImports{true};  // load @import'ed files (off: they are recorded, not loaded)
  int maxNesting{256};       // deepest (, [, { nesting accepted
};

// ---------------------------------------------------------------------------
// [SECTION] Sheets
// ---------------------------------------------------------------------------

// Parses a sheet held in memory.
StyleSheet parseStyleSheet(std::string_view text, const ParseOptions& options = {});

// Reads and parses a file; a missing file gives an empty sheet with an error.
StyleSheet parseStyleFile(const std::string& path, const ParseOptions& options = {});

// Parses several files into one sheet, in order (as if each @import'ed the next).
StyleSheet parseStyleFiles(const std::vector<std::string>& paths, const ParseOptions& options = {});

// ---------------------------------------------------------------------------
// [SECTION] Declarations
// ---------------------------------------------------------------------------

// Parses an inline declaration list ("opacity: 0.5; animation: pulse 1s
// infinite"), as a style attribute: every property, !important, custom
// properties and var(). Diagnostics go to `diagnostics` (if given) and zenit::log.
DeclarationBlock parseStyleAttribute(std::string_view text, std::vector<Diagnostic>* diagnostics = nullptr,
                                     std::string_view fileName = "<style>");

// Parses one declaration `property: value` (no `!important`, no var())
// into `out`, with the same value parsers a sheet uses. Returns false, and
// leaves `out` untouched, when the property is unknown or the value
// invalid; the reason goes to `diagnostics` (if given), at `line`/`col` of `file`.
// Does not log: callers on a per-element path decide what to log.
bool parseDeclaration(std::string_view property, std::string_view value, Style& out,
                      std::vector<Diagnostic>* diagnostics = nullptr, std::string_view file = "<style>",
                      std::uint32_t line = 1, std::uint32_t col = 1);

// ---------------------------------------------------------------------------
// [SECTION] var()
// ---------------------------------------------------------------------------

// The element's custom property `name` ("--accent"), raw text, or nullopt if
// it has none. Values may themselves hold var(): substituteVars follows them.
using CustomPropertyLookup = std::function<std::optional<std::string_view>(std::string_view name)>;

// Replaces every var(--name[, fallback]) in `text` (CSS Variables 1 §3):
// the property's value, else the fallback, else failure. References are
// followed through values that hold var() themselves; a cycle, or more
// than 64 substitutions deep, fails. On failure returns nullopt and writes
// why to `error` (if given).
std::optional<std::string> substituteVars(std::string_view text, const CustomPropertyLookup& lookup,
                                          std::string* error = nullptr);

// Substitutes and parses the pending (var()) declarations of `block` whose
// `important` flag matches, in source order, and returns what they set.
// The caller overlays the result just after block.normal (or
// *block.important). A declaration that fails is "invalid at computed-value
// time" (CSS): its properties are left unset in the result and a warning
// goes to `diagnostics` (if given); nothing is logged. Declarations that
// need the element's parent or colour (`inherit`, `unset`, `currentcolor`)
// are left out: the cascade (StyleResolver) decides them.
Style resolvePending(const DeclarationBlock& block, bool important, const CustomPropertyLookup& lookup,
                     std::vector<Diagnostic>* diagnostics = nullptr);

// ---------------------------------------------------------------------------
// [SECTION] Property names
// ---------------------------------------------------------------------------

// One property name the parser accepts.
struct PropertyNameInfo {
  std::string_view name;    // CSS name ("padding-top")
  PropSet sets;             // BUBBLE_STYLE_PROPS rows it writes
  bool longhandRow;         // the name of a row itself
  std::string_view syntax;  // the accepted value grammar, CSS-style
};

// Every property name the parser accepts, rows first (in X-macro order), then shorthands and aliases.
const std::vector<PropertyNameInfo>& propertyNames();

// The known property name nearest to `name` (Damerau–Levenshtein), or "" when none is close.
std::string_view suggestPropertyName(std::string_view name);

}  // namespace zenit
