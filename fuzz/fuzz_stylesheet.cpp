// Fuzz target: the .zstyle tokenizer and parser (parseStyleSheet), the
// canonical dump, and a Theme loaded from the same text with the cascade
// run over elements built from its own selectors.
//
// Invariants: no crash, hang or sanitizer report; every diagnostic has a
// message and a 1-based position inside the text; every @keyframes block
// compiles to tracks that start at 0 and end at 1 and evaluate anywhere;
// a rule's declarations, written out canonically, parse back to the same
// declarations; the @timeline rules' dump parses back to the same dump; every
// @timeline builds into a sealed clip (or says why not, with a position)
// that plays, seeks and reverses; a Theme loads, hot-reloads and unloads
// the text.
#include "FuzzCommon.hpp"

#include <zenit/anim/ClipPlayer.hpp>
#include <zenit/anim/KeyframeEval.hpp>
#include <zenit/anim/TimelineClip.hpp>
#include <zenit/style/Dump.hpp>
#include <zenit/style/Parser.hpp>
#include <zenit/style/StyleResolver.hpp>
#include <zenit/style/Theme.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

using namespace zenit;

namespace {

// Relative @imports resolve against a directory that does not exist, so a
// fuzzed sheet never reads the files next to the corpus.
constexpr const char* kFileName = "/nonexistent-zenit-fuzz/fuzz.zstyle";

void checkDiagnostics(const std::vector<Diagnostic>& diags, std::string_view text) {
  std::size_t lines = 1;
  for (char c : text) lines += (c == '\n' || c == '\r' || c == '\f') ? 1 : 0;
  for (const Diagnostic& d : diags) {
    ZENIT_FUZZ_CHECK(!d.message.empty());
    if (d.file != kFileName) continue;  // theme-level notes name no text position
    ZENIT_FUZZ_CHECK(d.line >= 1 && d.line <= lines + 1);
    ZENIT_FUZZ_CHECK(d.col >= 1);
  }
}

void checkKeyframes(const KeyframeAnimation& k) {
  ZENIT_FUZZ_CHECK(k.compiled());
  for (const KeyframeTrack& t : k.tracks) {
    ZENIT_FUZZ_CHECK(t.count >= 2);
    ZENIT_FUZZ_CHECK(static_cast<std::size_t>(t.first) + t.count <= k.keys.size());
    ZENIT_FUZZ_CHECK(k.keys[t.first].t == 0.0f && k.keys[t.first + t.count - 1].t == 1.0f);
    for (std::uint32_t i = 1; i < t.count; ++i)
      ZENIT_FUZZ_CHECK(k.keys[t.first + i - 1].t <= k.keys[t.first + i].t);
  }
  ComputedStyle out;
  Anim::KeyframeCursor cursor;
  static constexpr double kProgress[] = {0.0, 0.2, 0.5, 0.5, 0.99, 1.0, -0.25, 1.25, 0.1};
  for (double p : kProgress) Anim::evaluateInto(k, p, TransitionFunction::Ease, false, out, out, &cursor);
  (void)Anim::evaluateKeyframes(k, 0.5f, TransitionFunction::Linear);
}

// Runs the cascade for elements shaped like the sheet's first selectors:
// one element per compound, each the parent of the next, in every state.
void resolveSelectors(const StyleSheet& sheet, StyleResolver& resolver) {
  std::size_t budget = 6;
  for (const StyleRule& rule : sheet.rules) {
    for (const Selector& sel : rule.selectors) {
      if (budget-- == 0) return;
      const std::size_t n = std::min<std::size_t>(sel.compounds.size(), 4);
      std::deque<StyleElement> chain;
      std::deque<StyleCache> caches;
      std::deque<ComputedStyle> styles;
      for (std::size_t i = sel.compounds.size() - n; i < sel.compounds.size(); ++i) {
        const CompoundSelector& c = sel.compounds[i];
        StyleElement& el = chain.emplace_back();
        el.type = c.type == Atom::None ? intern("Layout") : c.type;
        el.id = c.id;
        el.classes = std::span<const Atom>(c.classes);
        el.state = c.pseudo;
        el.parent = chain.size() > 1 ? &chain[chain.size() - 2] : nullptr;
        el.childCount = i + 1 < sel.compounds.size() ? 1 : 0;  // an only child each
        el.cache = &caches.emplace_back();
        styles.emplace_back();
      }
      for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t i = 0; i < chain.size(); ++i) {
          if (pass == 1) chain[i].state = static_cast<PseudoBits>(chain[i].state ^ PseudoHover);
          resolver.resolve(chain[i], i ? &styles[i - 1] : nullptr, caches[i], styles[i]);
        }
      }
      if (sel.part != Atom::None) {
        Style part;
        resolver.partFor(chain.back(), sel.part, caches.back(), part);
      }
      (void)resolver.affectsDescendants(chain.back(), chain.back().classes, PseudoHover);
    }
  }
}

// Builds each @timeline (at most 3) with 3 nodes a track rule, as
// playTimeline would with the theme's keyframes, and plays what it builds.
void playTimelines(const StyleSheet& sheet, const Theme& theme) {
  std::size_t budget = 3;
  for (const TimelineRule& rule : sheet.timelines) {
    if (budget-- == 0) return;
    const TimelineClip built = buildTimelineClip({
        .rule = &rule,
        .findKeyframes = [&](std::string_view name) { return theme.findKeyframes(name); },
        .matchCount = [](const TimelineTrackRule&) { return std::size_t{3}; },
        .underlying = [](const TimelineTrackRule&, std::size_t) -> const ComputedStyle* { return nullptr; },
        .timesOnly = false,
    });
    if (!built) {
      ZENIT_FUZZ_CHECK(!built.message.empty() && !built.clip);
      continue;
    }
    ZENIT_FUZZ_CHECK(built.clip && built.clip->sealed());
    ClipPlayer player(built.clip);
    ZENIT_FUZZ_CHECK(player.status() == ClipStatus::Ok);
    player.play();
    for (int f = 0; f < 8; ++f) player.update(f == 3 ? 0.5 : 1.0 / 60.0);
    for (const TimelineMarker& m : rule.markers)
      if (m.kind == TimelineMarker::Kind::Label) (void)player.seek(m.name);
    if (std::isfinite(player.duration())) {
      player.reverse();
      for (int f = 0; f < 4; ++f) player.update(0.25);
    }
    player.finish();
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::installCheckingSink();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  ParseOptions opt;
  opt.fileName = kFileName;
  opt.followImports = false;
  const StyleSheet sheet = parseStyleSheet(text, opt);
  checkDiagnostics(sheet.diagnostics, text);
  for (const KeyframesRule& k : sheet.keyframes) checkKeyframes(toKeyframeAnimation(k));

  // Every rule's declarations, written out canonically, parse again as a
  // style attribute to the same declarations (values serialise losslessly).
  std::size_t checked = 0;
  for (const StyleRule& rule : sheet.rules) {
    if (checked++ == 8) break;
    const std::string decls = dumpStyle(rule.decls.normal, "", false);
    std::vector<Diagnostic> diags;
    const DeclarationBlock back = parseStyleAttribute(decls, &diags);
    const std::string again = dumpStyle(back.normal, "", false);
    if (!diags.empty() || again != decls) {
      std::fprintf(stderr, "declarations:\n%s\nparse back as:\n%s\n%s\n", decls.c_str(), again.c_str(),
                   diags.empty() ? "" : diags.front().format().c_str());
      fuzz::fail("dumpStyle output parses back to the same declarations");
    }
  }
  // The @timeline rules' dump is canonical: it parses back to the same dump.
  if (!sheet.timelines.empty()) {
    StyleSheet timelines;
    timelines.files = sheet.files;
    timelines.timelines = sheet.timelines;
    const std::string dumped = dumpStyleSheet(timelines, DumpOptions{false});
    const StyleSheet back = parseStyleSheet(dumped, opt);
    if (dumpStyleSheet(back, DumpOptions{false}) != dumped) {
      std::fprintf(stderr, "dump:\n%s\n", dumped.c_str());
      fuzz::fail("the @timeline rules' dump parses back to the same dump");
    }
  }
  (void)dumpStyleSheet(sheet);

  Theme theme;
  const Theme::LoadResult r = theme.loadString(text, kFileName);
  ZENIT_FUZZ_CHECK(r.id != SheetId::None);
  checkDiagnostics(r.diagnostics, text);
  for (const KeyframesRule& k : sheet.keyframes)
    if (const KeyframeAnimation* a = theme.findKeyframes(k.name)) checkKeyframes(*a);
  StyleResolver resolver(theme);
  if (const StyleSheet* loaded = theme.sheet(r.id)) {
    resolveSelectors(*loaded, resolver);
    playTimelines(*loaded, theme);
  }
  theme.reload(r.id, text);
  if (const StyleSheet* loaded = theme.sheet(r.id)) resolveSelectors(*loaded, resolver);
  theme.unload(r.id);
  return 0;
}
