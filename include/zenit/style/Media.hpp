// Media queries (Media Queries 4 and 5, the features a UI reads): the
// environment a sheet's `@media` blocks are evaluated in, and a query list
// compiled from a `@media` prelude.
//
// [SECTION] MediaEnvironment
// [SECTION] MediaQueryList
//
// UIContext builds the environment from its viewport and preferences every
// frame; the Theme re-evaluates its `@media` blocks when it changes and
// restyles what they change. Supported: the types `all`, `screen` (true)
// and `print` (false); `not`, `only`, `and`, `or` and parentheses; the
// features width, height and aspect-ratio (with `min-`/`max-` prefixes and
// the range syntax, `(400px <= width < 800px)`), orientation,
// prefers-reduced-motion and prefers-color-scheme.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] MediaEnvironment
// ---------------------------------------------------------------------------

enum class ColorScheme : std::uint8_t { Light, Dark };  // prefers-color-scheme

// What `@media` reads: the viewport in px and the user's preferences.
struct MediaEnvironment {
  float width{800.0f};  // the viewport, px
  float height{600.0f};
  bool reducedMotion{false};  // prefers-reduced-motion: reduce
  ColorScheme colorScheme{ColorScheme::Light};
  bool operator==(const MediaEnvironment&) const = default;
};

// ---------------------------------------------------------------------------
// [SECTION] MediaQueryList
// ---------------------------------------------------------------------------

enum class MediaFeature : std::uint8_t {
  Width,
  Height,
  AspectRatio,
  Orientation,
  ReducedMotion,
  ColorScheme
};
enum class MediaCompare : std::uint8_t { Lt, Le, Eq, Ge, Gt, Any };  // Any: the boolean form, `(width)`

// One step of a compiled query list, a program in postfix order: a
// constant or a feature test pushes its truth; `not` replaces the top one;
// `and` and `or` replace the top `count` by one. Keyword values are
// enumerators: orientation 0 portrait / 1 landscape, reduced motion
// 0 no-preference / 1 reduce, colour scheme 0 light / 1 dark.
struct MediaNode {
  enum class Kind : std::uint8_t { True, False, And, Or, Not, Feature };
  Kind kind{Kind::True};
  MediaFeature feature{MediaFeature::Width};
  MediaCompare compare{MediaCompare::Any};
  float value{0.0f};       // px, a ratio (width / height), or the keyword's enumerator
  std::uint32_t count{0};  // And, Or: how many operands
  bool operator==(const MediaNode&) const = default;
};

// A `@media` prelude: it matches when any of its comma-separated queries
// does. A query that does not parse never matches (CSS: it becomes
// `not all`) and is reported; the other queries of the list still count.
struct MediaQueryList {
  std::vector<MediaNode> nodes;  // postfix: the last node is an `or` over the queries
  std::string text;              // the prelude as written, whitespace collapsed (for dumps)
  bool operator==(const MediaQueryList&) const = default;

  bool matches(const MediaEnvironment& env) const;
};

}  // namespace zenit
