// @media: prelude compilation (Media Queries 4 grammar), evaluation against
// an environment, the block's rules and their recovery, and the Theme
// turning blocks on and off as the environment changes.
#include "parser_test_util.hpp"

#include <zenit/style/Dump.hpp>
#include <zenit/style/Media.hpp>
#include <zenit/style/Theme.hpp>

#include <string>

using namespace zenit;
using namespace zenit::test;

namespace {

// The query list of a `@media PRELUDE {}` sheet, which must have one block.
MediaQueryList media(const std::string& prelude, std::vector<Diagnostic>* diags = nullptr) {
  const StyleSheet s = parse("@media " + prelude + " { .a { opacity: 0.5 } }");
  if (diags) *diags = s.diagnostics;
  REQUIRE(s.media.size() == 1);
  return s.media[0].query;
}

MediaEnvironment env(float w, float h, bool reduced = false, ColorScheme scheme = ColorScheme::Light) {
  return MediaEnvironment{w, h, reduced, scheme};
}

}  // namespace

TEST_CASE("@media: the features a UI reads, in every form", "[style][media]") {
  const MediaEnvironment wide = env(1024, 768);
  const MediaEnvironment narrow = env(400, 800);
  struct Case {
    const char* prelude;
    bool wide, narrow;
  };
  const Case cases[] = {
      {"all", true, true},
      {"screen", true, true},
      {"print", false, false},
      {"not print", true, true},
      {"only screen and (min-width: 600px)", true, false},
      {"(min-width: 600px)", true, false},
      {"(max-width: 599.5px)", false, true},
      {"(width >= 600px)", true, false},
      {"(width<600px)", false, true},
      {"(600px <= width)", true, false},
      {"(300px < width < 500px)", false, true},
      {"(1000px > width >= 300px)", false, true},
      {"(width = 1024px)", true, false},
      {"(min-width: 40em)", true, false},    // 640px
      {"(min-height: 50rem)", false, true},  // 800px
      {"(width)", true, true},
      {"(orientation: landscape)", true, false},
      {"(orientation: portrait)", false, true},
      {"(min-aspect-ratio: 4/3)", true, false},
      {"(aspect-ratio: 4 / 3)", true, false},
      {"(max-aspect-ratio: 1)", false, true},
      {"(prefers-reduced-motion: no-preference)", true, true},
      {"(prefers-reduced-motion: reduce)", false, false},
      {"(prefers-reduced-motion)", false, false},
      {"(prefers-color-scheme: light)", true, true},
      {"(prefers-color-scheme: dark)", false, false},
      {"not (min-width: 600px)", false, true},
      {"(min-width: 600px) and (orientation: landscape)", true, false},
      {"(min-width: 2000px) or (orientation: portrait)", false, true},
      {"((min-width: 2000px) or (max-width: 500px)) and (min-height: 1px)", false, true},
      {"print, (max-width: 500px)", false, true},
      {"screen and (not (min-width: 600px))", false, true},
  };
  for (const Case& c : cases) {
    INFO("@media " << c.prelude);
    std::vector<Diagnostic> diags;
    const MediaQueryList q = media(c.prelude, &diags);
    CHECK(diags.empty());
    CHECK(q.matches(wide) == c.wide);
    CHECK(q.matches(narrow) == c.narrow);
  }
  CHECK(media("(prefers-reduced-motion: reduce)").matches(env(1, 1, true)));
  CHECK(media("(prefers-color-scheme: dark)").matches(env(1, 1, false, ColorScheme::Dark)));
  CHECK(media("(min-width:600px)   and\n(orientation:landscape)").text ==
        "(min-width:600px) and (orientation:landscape)");
}

TEST_CASE("@media: a query that does not parse never matches, and says why; the others still count",
          "[style][media][recovery]") {
  struct Case {
    const char* prelude;
    const char* message;
  };
  const Case cases[] = {
      {"(min-width: 600px) and (max-width: 900px) or (orientation: portrait)",
       "`and` and `or` cannot be mixed without parentheses"},
      {"(min-width: 10vw)", "unsupported unit `vw` in a media query (px, em, rem)"},
      {"(hover: hover)", "unknown media feature `hover`"},
      {"(orientation: sideways)", "unknown value `sideways` for orientation"},
      {"(min-width)", "min-width needs a value"},
      {"(width > )", "expected a length for width"},
      {"(300px < width > 200px)", "a media range's two comparisons must point the same way"},
      {"screen and", "expected `(` in a media query"},
      {"and (width)", "`and` is not a media type"},
      {"(width 10px)", "expected `:` or a comparison after width"},
      {"supports(display: grid)", "unknown media function supports()"},
      {"screen and (min-width: 1px) or (max-width: 2px)", "`or` cannot follow a media type's `and`"},
  };
  for (const Case& c : cases) {
    INFO("@media " << c.prelude);
    std::vector<Diagnostic> diags;
    const MediaQueryList q = media(c.prelude, &diags);
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].severity == Severity::Error);
    CHECK(diags[0].message == std::string(c.message) + "; the media query never matches");
    CHECK_FALSE(q.matches(env(1024, 768)));
  }
  // One bad query of a list: the rest of the list still decides.
  std::vector<Diagnostic> diags;
  const MediaQueryList q = media("(bogus), (min-width: 600px)", &diags);
  CHECK(diags.size() == 1);
  CHECK(q.matches(env(1024, 768)));
  CHECK_FALSE(q.matches(env(400, 768)));
  // An empty prelude matches (CSS).
  CHECK(media("").matches(env(1, 1)));
}

TEST_CASE("@media: the block's rules, nested blocks, and what cannot stand inside",
          "[style][media][parser]") {
  const StyleSheet s = parse(R"(.a { opacity: 1 }
@media (min-width: 600px) {
  .b { opacity: 0.5 }
  @media (orientation: portrait) { .c { opacity: 0.25 } }
  .d, .e { opacity: 0.75 }
  @keyframes k { to { opacity: 0 } }
  @import "x.zstyle";
  .broken
}
.f { opacity: 0 }
)");
  REQUIRE(s.media.size() == 2);
  CHECK(s.media[0].parent == kNoMedia);
  CHECK(s.media[0].loc == SourceLoc{0, 2, 1});
  CHECK(s.media[1].parent == 0);
  REQUIRE(s.rules.size() == 5);
  CHECK(s.rules[0].media == kNoMedia);
  CHECK(s.rules[1].media == 0);
  CHECK(s.rules[2].media == 1);
  CHECK(s.rules[3].media == 0);
  CHECK(s.rules[4].media == kNoMedia);
  CHECK(s.rules[4].decls.normal.opacity == Opt<float>(0.0f));
  CHECK(s.keyframes.empty());
  CHECK(s.diagnostics == std::vector<Diagnostic>{
                             warn(6, 3, "@keyframes inside @media is not supported; the at-rule is skipped"),
                             err(7, 3, "@import must come before every rule, outside @media; it is ignored"),
                             err(8, 3,
                                 "the rule `.broken` has no `{ … }` block before the `}` closing its "
                                 "at-rule; the rule is dropped"),
                         });
  const std::string dump = dumpStyleSheet(s);
  CHECK(dump.find("/* @media (min-width: 600px) > @media (orientation: portrait) */\n.c (0,1,0) {") !=
        std::string::npos);
}

TEST_CASE("@media: an unclosed block keeps its rules, with an error; deep nesting is bounded",
          "[style][media][recovery]") {
  const StyleSheet s = parse("@media screen { .a { opacity: 0.5 }");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].media == 0);
  CHECK(s.diagnostics ==
        std::vector<Diagnostic>{err(1, 1, "unexpected end of file: @media's block is not closed")});

  std::string deep;
  for (int i = 0; i < 400; ++i) deep += "@media all {";
  deep += ".x { opacity: 0.5 }";
  for (int i = 0; i < 400; ++i) deep += "}";
  deep += ".after { opacity: 0.25 }";
  const StyleSheet d = parse(deep);
  REQUIRE_FALSE(d.diagnostics.empty());
  CHECK(d.diagnostics[0].message.find("in @media; the block is skipped") != std::string::npos);
  REQUIRE_FALSE(d.rules.empty());
  CHECK(d.rules.back().decls.normal.opacity == Opt<float>(0.25f));
  CHECK(d.rules.back().media == kNoMedia);
}

TEST_CASE("@media: the Theme indexes the rules of the blocks that apply, and re-indexes when that changes",
          "[style][media][theme]") {
  QuietLog quiet;
  Theme theme;
  theme.setMedia(env(1024, 768));
  REQUIRE(theme
              .loadString(R"(
.a { opacity: 1 }
@media (max-width: 600px) { .a { opacity: 0.5 } }
@media (prefers-color-scheme: dark) { .a { opacity: 0.25 } }
)",
                          "m.zstyle")
              .ok());
  CHECK(theme.rules().size() == 1);
  const std::uint64_t g = theme.generation();
  theme.setMedia(env(1000, 700));  // nothing turns on or off
  CHECK(theme.generation() == g);
  CHECK(theme.rules().size() == 1);
  theme.setMedia(env(500, 700));
  CHECK(theme.generation() != g);
  CHECK(theme.rules().size() == 2);
  theme.setMedia(env(500, 700, false, ColorScheme::Dark));
  CHECK(theme.rules().size() == 3);
}
