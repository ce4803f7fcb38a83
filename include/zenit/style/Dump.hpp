// Canonical text of a parsed StyleSheet, for `zenit-style dump` and tests.
//
// The form is stable: rules and @keyframes in source order, selectors as
// Selector::text() with their specificity, declarations in BUBBLE_STYLE_PROPS
// order with every value written out (shorthand lists item by item,
// colours and lengths as getComputedStyle prints them), `!important` ones
// after the normal ones, then each @timeline with every property written
// out (positions quoted, easings as Debug::toString writes them). Two
// sheets that parse alike dump alike, and the dump parses back to the same
// declarations; a @timeline's dump parses back to the same dump.
#pragma once

#include <zenit/style/StyleSheet.hpp>

#include <string>
#include <string_view>

namespace zenit {

struct DumpOptions {
  bool locations{true};  // a `/* file:line:col */` comment before each rule, @keyframes and @timeline
};

std::string dumpStyleSheet(const StyleSheet& sheet, const DumpOptions& options = {});  // the whole sheet

// The declarations of one Style, one `name: value;` line each, prefixed by
// `indent`, with ` !important` appended when `important`.
std::string dumpStyle(const Style& style, std::string_view indent = "  ", bool important = false);

// One declared value of a row in canonical CSS ("12px", "rgb(255, 0, 0)", "1s ease 0s 1 normal none
// running pulse"). Animation and transition lists are written as getComputedStyle writes them, so that
// they read back to the same values: every part of an animation, the name last; a transition in the
// browser's shortest form ("opacity 0.2s").
std::string dumpValue(Prop p, const Style& style);

}  // namespace zenit
