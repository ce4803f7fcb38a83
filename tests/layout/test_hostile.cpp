// Hostile inputs (docs/reliability.md, "Hostile inputs"): each case ends in
// a documented result — a diagnostic, a rejected call or a clamped value —
// and never in a crash or undefined behaviour (the sanitizer build runs
// these too).
//
// [SECTION] Timing from C++: NaN, infinite and negative UIAnimation fields
// [SECTION] Timing from .zstyle and from C++ AnimationRefs
// [SECTION] Zero duration and a billion iterations
// [SECTION] Keyframes with one offset and with a thousand
// [SECTION] Huge sheets and deep nesting
// [SECTION] Callbacks that pull the floor away
// [SECTION] Frames: nested, huge, negative and NaN steps
#include "layout/anim_scene.hpp"

#include <zenit/anim/KeyframeEval.hpp>
#include <zenit/style/Parser.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

namespace {

using namespace zenit;
using zenit::test::LogCapture;
using zenit::test::Scene;

constexpr double kDt = 1.0 / 60.0;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr float kNaNf = std::numeric_limits<float>::quiet_NaN();
constexpr float kInff = std::numeric_limits<float>::infinity();

constexpr std::string_view kFadeSheet = R"(
@keyframes fade { from { opacity: 0; } to { opacity: 1; } }
)";

// A node with an opacity setter animation `name` of `duration` seconds.
struct Played {
  Layout* node;
  std::shared_ptr<UIAnimation> anim;
  int finished{0};
};

Played addFade(Scene& s, float duration) {
  Played p{&s.add({}), zenit::test::opacitySetter(duration), 0};
  p.anim->blocksInput = false;
  return p;
}

bool finite(const ComputedStyle& c) {
  return std::isfinite(c.opacity) && std::isfinite(c.translateX.px) && std::isfinite(c.rotate) &&
         std::isfinite(c.width.px);
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Timing from C++
// ---------------------------------------------------------------------------

TEST_CASE("hostile: a NaN, infinite or negative duration counts as 0 — it finishes at once, with a warning",
          "[layout][hostile]") {
  for (float duration : {kNaNf, kInff, -kInff, -1.0f}) {
    Scene s(kFadeSheet);
    LogCapture log;
    Played p = addFade(s, duration);
    int finished = 0;
    p.anim->onFinished = [&finished] { ++finished; };
    p.node->addAnimation("fade", p.anim);
    REQUIRE(p.node->playAnimation("fade"));
    CHECK(log.has(Severity::Warning, {"playAnimation", "'fade'", "duration", "counts as 0"}));
    s.frame(kDt);
    CHECK(zenit::test::renderedOpacity(*p.node) == 1.0f);  // zero duration: t = 1 (seed §2.4)
    CHECK(finished == 1);
    CHECK_FALSE(p.node->hasActiveAnimations());
  }
}

TEST_CASE("hostile: a NaN, infinite or negative delay counts as 0, with a warning", "[layout][hostile]") {
  for (float delay : {kNaNf, kInff, -kInff, -2.0f}) {
    Scene s(kFadeSheet);
    LogCapture log;
    Played p = addFade(s, 1.0f);
    p.anim->delay = delay;
    p.node->addAnimation("fade", p.anim);
    REQUIRE(p.node->playAnimation("fade"));
    CHECK(log.has(Severity::Warning, {"playAnimation", "delay", "counts as 0"}));
    s.frames(30, kDt);  // half a second: no delay held it back
    CHECK(zenit::test::renderedOpacity(*p.node) == Approx(0.5f).margin(1e-4));
  }
}

TEST_CASE("hostile: NaN or negative iterations count as 1, with a warning; +infinity repeats forever",
          "[layout][hostile]") {
  for (double iterations : {kNaN, -3.0, -kInf}) {
    Scene s(kFadeSheet);
    LogCapture log;
    Played p = addFade(s, 0.5f);
    p.anim->iterations = iterations;
    int finished = 0;
    p.anim->onFinished = [&finished] { ++finished; };
    p.node->addAnimation("fade", p.anim);
    REQUIRE(p.node->playAnimation("fade"));
    CHECK(log.has(Severity::Warning, {"playAnimation", "iterations", "count as 1"}));
    s.frames(29, kDt);
    CHECK(finished == 0);
    s.frames(2, kDt);  // 0.5 s: one iteration, then done
    CHECK(finished == 1);
    s.frames(120, kDt);
    CHECK(finished == 1);
  }
  Scene s(kFadeSheet);
  LogCapture log;
  Played p = addFade(s, 0.5f);
  p.anim->iterations = kInf;
  p.node->addAnimation("fade", p.anim);
  REQUIRE(p.node->playAnimation("fade"));
  CHECK(log.seen.empty());
  s.frames(600, kDt);
  CHECK(p.node->hasActiveAnimations());
  // Backwards from the end of forever has no start: rejected, with an error.
  CHECK_FALSE(p.node->playAnimation("fade", /*reverse=*/true));
  CHECK(log.has(Severity::Error, {"playAnimation", "forever"}));
}

TEST_CASE("hostile: NaN seek and non-finite rates are rejected calls with an error", "[layout][hostile]") {
  Scene s(kFadeSheet);
  LogCapture log;
  Played p = addFade(s, 1.0f);
  p.node->addAnimation("fade", p.anim);
  REQUIRE(p.node->playAnimation("fade"));
  s.frames(15, kDt);
  CHECK_FALSE(p.node->seekAnimation("fade", kNaN));
  CHECK(log.has(Severity::Error, {"seekAnimation", "NaN"}));
  CHECK_FALSE(p.node->setAnimationRate("fade", kInf));
  CHECK_FALSE(p.node->setAnimationRate("fade", kNaN));
  CHECK(log.has(Severity::Error, {"setAnimationRate", "finite"}));
  // Infinite seeks are clamped to the active interval.
  CHECK(p.node->seekAnimation("fade", kInf));
  CHECK(p.node->seekAnimation("fade", -kInf));
  s.frame(kDt);
  CHECK(finite(p.node->renderedStyle()));
}

// ---------------------------------------------------------------------------
// [SECTION] Timing from .zstyle and from C++ AnimationRefs
// ---------------------------------------------------------------------------

TEST_CASE("hostile: .zstyle NaN, infinite and negative timing is rejected with a diagnostic per declaration",
          "[layout][hostile][style]") {
  constexpr std::string_view kSheet = R"(@keyframes k { from { opacity: 0 } to { opacity: 1 } }
.a { animation: k NaNs; }
.b { animation-duration: -1s; }
.c { animation-iteration-count: -1; }
.d { animation: k 1e999s; }
.e { animation-delay: -1e999s; }
.f { animation-duration: calc(1s / 0); }
.g { animation-iteration-count: calc(0 / 0); }
.h { transition-duration: -0.5s; }
.i { transition: opacity 1s 1e999s; }
)";
  LogCapture log;
  const StyleSheet sheet = parseStyleSheet(kSheet);
  REQUIRE(sheet.rules.size() == 9);
  for (std::uint32_t line = 2; line <= 10; ++line) {
    bool found = false;
    for (const Diagnostic& d : sheet.diagnostics)
      found = found || (d.line == line && d.severity == Severity::Error);
    INFO("line " << line);
    CHECK(found);
  }
  // Each declaration was dropped; the rules themselves load, empty.
  for (const StyleRule& r : sheet.rules) {
    CHECK_FALSE(r.decls.normal.animations.is_set);
    CHECK_FALSE(r.decls.normal.transitions.is_set);
  }
}

TEST_CASE("hostile: AnimationRefs built in C++ with NaN and infinite timing are clamped when they run",
          "[layout][hostile]") {
  Scene s(kFadeSheet);
  Layout& n = s.add({});
  AnimationRef r;
  r.name = "fade";
  r.ease = TransitionFunction::Linear;
  SECTION("NaN duration, delay and iterations: a zero-length, once-through animation") {
    r.duration = kNaN;
    r.delay = kNaN;
    r.iterations = kNaN;
    r.fill = FillMode::Forwards;
    n.getInlineBase().animations = AnimationList{r};
    s.frames(3, kDt);
    CHECK(zenit::test::renderedOpacity(n) == 1.0f);
  }
  SECTION("infinite duration and delay, negative iterations") {
    r.duration = kInf;
    r.delay = -kInf;
    r.iterations = -1.0;
    n.getInlineBase().animations = AnimationList{r};
    s.frames(3, kDt);
    CHECK(finite(n.renderedStyle()));
  }
  SECTION("huge delay: the animation waits, the base value shows") {
    r.duration = 1.0;
    r.delay = 1e300;
    n.getInlineBase().animations = AnimationList{r};
    s.frames(3, kDt);
    CHECK(zenit::test::renderedOpacity(n) == 1.0f);
  }
  if (const std::optional<ActiveCssAnimation> a = zenit::test::cssAnim(n, "fade"))
    CHECK_FALSE(std::isnan(a->elapsed));
}

// ---------------------------------------------------------------------------
// [SECTION] Zero duration and a billion iterations
// ---------------------------------------------------------------------------

TEST_CASE("hostile: a zero-duration CSS animation shows its end value at once with fill forwards",
          "[layout][hostile]") {
  Scene s(R"(
@keyframes fade { from { opacity: 0; } to { opacity: 0.25; } }
.z { animation: fade 0s forwards; }
.zi { animation: fade 0s infinite; }
)");
  Layout& z = s.add({"z"});
  Layout& zi = s.add({"zi"});
  s.frame(kDt);
  CHECK(zenit::test::renderedOpacity(z) == 0.25f);
  // 0 s x infinity: an active duration of 0 (CSS), not a busy loop; no fill, so the base shows.
  s.frames(10, kDt);
  CHECK(zenit::test::renderedOpacity(zi) == 1.0f);
}

TEST_CASE("hostile: a billion iterations of 10 ms stay in phase after ten thousand frames",
          "[layout][hostile]") {
  Scene s(R"(
@keyframes ramp { from { opacity: 0; } to { opacity: 1; } }
.b { animation: ramp 0.01s linear 1000000000; }
)");
  Layout& b = s.add({"b"});
  Layout& c = s.add({});
  auto ramp = std::make_shared<UIAnimation>(0.01f);
  REQUIRE(ramp->addTrack(Prop::translateX, Px(0.0f), Px(1.0f)));
  ramp->iterations = 1e9;
  ramp->blocksInput = false;
  c.addAnimation("ramp", ramp);
  REQUIRE(c.playAnimation("ramp"));
  constexpr int kFrames = 10'000;
  s.frames(kFrames, kDt);
  // Exact: elapsed = 10000 / 60 s; phase = frac(elapsed / 0.01) = frac(1000000 / 60).
  const double phase = std::fmod(1'000'000.0 / 60.0, 1.0);
  CHECK(static_cast<double>(zenit::test::renderedOpacity(b)) == Approx(phase).margin(1e-3));
  // The imperative one divides by a float 0.01, so its period is 0.0099999998 s.
  const double fphase = std::fmod(kFrames / 60.0 / static_cast<double>(0.01f), 1.0);
  CHECK(static_cast<double>(c.renderedStyle().translateX.px) == Approx(fphase).margin(1e-3));
  CHECK(b.hasActiveAnimations());
  CHECK(c.hasActiveAnimations());
}

// ---------------------------------------------------------------------------
// [SECTION] Keyframes with one offset and with a thousand
// ---------------------------------------------------------------------------

TEST_CASE("hostile: a @keyframes with one offset fills both ends from the base value", "[layout][hostile]") {
  Scene s(R"(
@keyframes dip { 50% { opacity: 0.2; } }
.d { opacity: 1; animation: dip 1s linear paused; }
)");
  Layout& d = s.add({"d"});
  const KeyframeAnimation* k = Theme::get().findKeyframes("dip");
  REQUIRE(k != nullptr);
  s.frame(kDt);
  CHECK(zenit::test::renderedOpacity(d) == 1.0f);  // paused at 0: the implicit 0% is the base value
  const Style mid = Anim::evaluateKeyframes(*k, 0.5f, TransitionFunction::Linear);
  REQUIRE(mid.opacity.is_set);
  CHECK(mid.opacity.value == Approx(0.2f));
}

TEST_CASE("hostile: a @keyframes with a thousand offsets evaluates each of them", "[layout][hostile]") {
  std::string sheet = "@keyframes many {";
  for (int i = 0; i < 1000; ++i)
    sheet += " " + std::to_string(i / 10.0) + "% { opacity: " + std::to_string(i % 2) + "; }";
  sheet += " 100% { opacity: 0.5; } }\n";
  Scene s(sheet);
  const KeyframeAnimation* k = Theme::get().findKeyframes("many");
  REQUIRE(k != nullptr);
  for (int i : {0, 1, 2, 555, 998, 999}) {
    const Style at = Anim::evaluateKeyframes(*k, static_cast<float>(i) / 1000.0f, TransitionFunction::Linear);
    REQUIRE(at.opacity.is_set);
    INFO("offset " << i / 10.0 << "%");
    CHECK(at.opacity.value == Approx(static_cast<float>(i % 2)).margin(1e-3));
  }
  const Style end = Anim::evaluateKeyframes(*k, 1.0f, TransitionFunction::Linear);
  REQUIRE(end.opacity.is_set);
  CHECK(end.opacity.value == 0.5f);
}

// ---------------------------------------------------------------------------
// [SECTION] Huge sheets and deep nesting
// ---------------------------------------------------------------------------

namespace {

// Megabytes of the generated sheet: 100 in an optimised build without
// sanitizers, 2 otherwise (the same code paths in a fiftieth of the time);
// ZENIT_HOSTILE_SHEET_MB overrides either.
std::size_t hugeSheetMegabytes() {
  if (const char* v = std::getenv("ZENIT_HOSTILE_SHEET_MB"); v && *v) return std::strtoull(v, nullptr, 10);
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ZENIT_HOSTILE_ASAN 1
#endif
#endif
#if defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__) && !defined(ZENIT_HOSTILE_ASAN)
  return 100;
#else
  return 2;
#endif
}

}  // namespace

TEST_CASE("hostile: a stylesheet of 100 MB loads, every rule and every error counted",
          "[layout][hostile][style]") {
  // One block of about 1 KB: rules, a @keyframes, a var(), one bad declaration.
  const std::string block = R"(
.card-NN { width: 120px; height: 48px; padding: 4px 8px; background-color: #203040; border-radius: 6px; }
.card-NN:hover { background-color: rgba(40, 60, 80, 0.9); transform: scale(1.02) rotate(1deg); }
.card-NN > .title { color: #eeeeee; font-size: 14px; --accent: #ff8800; border-color: var(--accent); }
@keyframes pulse-NN { 0%, 100% { opacity: 1; } 50% { opacity: 0.4; transform: translateY(-2px); } }
.card-NN.live { animation: pulse-NN 1.2s ease-in-out infinite alternate, pulse-NN 0.3s steps(3) 2; }
.card-NN.fade { transition: opacity 0.25s ease-out, background-color 0.4s cubic-bezier(0.2, 0, 0, 1); }
.card-NN .bad { opacity: ; width: 10px; }
/* a comment that pads the block to about a kilobyte of text, as real sheets are padded by their authors */
)";
  const std::size_t target = hugeSheetMegabytes() * 1024 * 1024;
  std::string text;
  text.reserve(target + 2 * block.size());
  std::size_t blocks = 0;
  while (text.size() < target) {
    std::string b = block;
    const std::string id =
        std::to_string(blocks % 1000);  // names repeat: later keyframes replace earlier ones
    for (std::size_t at = b.find("NN"); at != std::string::npos; at = b.find("NN", at)) b.replace(at, 2, id);
    text += b;
    ++blocks;
  }
  INFO(text.size() << " bytes, " << blocks << " blocks");
  LogCapture log;
  Theme theme;
  const Theme::LoadResult r = theme.loadString(text, "huge.zstyle");
  REQUIRE(r.id != SheetId::None);
  const StyleSheet* sheet = theme.sheet(r.id);
  REQUIRE(sheet != nullptr);
  CHECK(sheet->rules.size() == 6 * blocks);
  std::size_t errors = 0;
  for (const Diagnostic& d : r.diagnostics) errors += d.severity == Severity::Error ? 1 : 0;
  CHECK(errors == blocks);  // one `opacity: ;` per block, each reported
  CHECK(theme.findKeyframes("pulse-999") != nullptr);
}

TEST_CASE("hostile: deeply nested blocks, brackets, selectors and calc() are cut off with a diagnostic",
          "[layout][hostile][style]") {
  constexpr std::size_t kDeep = 100'000;
  const auto parse = [](const std::string& text) {
    LogCapture log;
    return parseStyleSheet(text);
  };
  const auto hasNesting = [](const StyleSheet& s) {
    for (const Diagnostic& d : s.diagnostics)
      if (d.message.find("nesting") != std::string::npos) return true;
    return false;
  };
  const auto findOk = [](const StyleSheet& s) {
    for (const StyleRule& r : s.rules)
      if (r.decls.normal.opacity == 0.5f) return true;
    return false;
  };
  SECTION("blocks") {
    const StyleSheet s =
        parse(".a " + std::string(kDeep, '{') + std::string(kDeep, '}') + "\n.ok { opacity: 0.5; }");
    CHECK_FALSE(s.diagnostics.empty());  // "empty selector in the selector list; the rule is skipped"
    CHECK(findOk(s));
  }
  SECTION("nested rules") {
    std::string text;
    for (std::size_t i = 0; i < kDeep; ++i) text += ".a{";
    text += std::string(kDeep, '}') + "\n.ok { opacity: 0.5; }";
    const StyleSheet s = parse(text);
    CHECK(hasNesting(s));  // "nesting deeper than 256 levels of nested rules; the rule is skipped"
    CHECK(s.rules.size() == 257);
    CHECK(findOk(s));
  }
  SECTION("brackets in a value") {
    const StyleSheet s = parse(".a { width: " + std::string(kDeep, '(') + std::string(kDeep, ')') +
                               "; }\n.ok { opacity: 0.5; }");
    CHECK(hasNesting(s));
    CHECK(findOk(s));
  }
  SECTION("unclosed brackets to the end of the text") {
    const StyleSheet s = parse(".ok { opacity: 0.5; }\n.a { width: " + std::string(kDeep, '['));
    CHECK(hasNesting(s));
    CHECK(findOk(s));
  }
  SECTION("a selector of a hundred thousand compounds") {
    std::string sel;
    for (std::size_t i = 0; i < kDeep; ++i) sel += ".a > ";
    const StyleSheet s = parse(sel + ".b { opacity: 0.25; }\n.ok { opacity: 0.5; }");
    CHECK(s.diagnostics.empty());
    CHECK(s.rules.size() == 2);
    CHECK(findOk(s));
  }
  SECTION(":not() nested a hundred thousand times") {
    std::string sel;
    for (std::size_t i = 0; i < kDeep; ++i) sel += ":not(";
    sel += ".a" + std::string(kDeep, ')');
    const StyleSheet s = parse(sel + " { opacity: 0.25; }\n.ok { opacity: 0.5; }");
    CHECK(hasNesting(s));
    CHECK(findOk(s));
  }
  SECTION("calc() nested ten thousand times") {
    std::string v;
    for (int i = 0; i < 10'000; ++i) v += "calc(1px + ";
    v += "1px" + std::string(10'000, ')');
    const StyleSheet s = parse(".a { width: " + v + "; }\n.ok { opacity: 0.5; }");
    CHECK_FALSE(s.diagnostics.empty());
    CHECK(findOk(s));
  }
  SECTION("var() fallbacks nested ten thousand deep: past the nesting limit, dropped with a diagnostic") {
    std::string v;
    for (int i = 0; i < 10'000; ++i) v += "var(--x" + std::to_string(i) + ", ";
    v += "0.25" + std::string(10'000, ')');
    const StyleSheet s = parse(".a { opacity: " + v + "; }\n.ok { opacity: 0.5; }");
    CHECK(hasNesting(s));
    CHECK(findOk(s));
  }
  SECTION("var() fallbacks nested 50 deep resolve on a node; 200 deep exceed the substitution budget") {
    const auto nested = [](int depth) {
      std::string v;
      for (int i = 0; i < depth; ++i) v += "var(--x" + std::to_string(i) + ", ";
      return v + "0.25" + std::string(static_cast<std::size_t>(depth), ')');
    };
    Scene scene(".v { opacity: " + nested(50) + "; }\n.w { opacity: " + nested(200) + "; }");
    Layout& v = scene.add({"v"});
    Layout& w = scene.add({"w"});
    scene.frame(kDt);
    CHECK(zenit::test::renderedOpacity(v) == 0.25f);
    // Invalid at computed-value time (64 substitutions at most): the initial value.
    CHECK(zenit::test::renderedOpacity(w) == 1.0f);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Callbacks that pull the floor away
// ---------------------------------------------------------------------------

TEST_CASE(
    "hostile: onFinished that removes its own node, re-plays itself, reloads the theme or clears the tree",
    "[layout][hostile][callbacks]") {
  Scene s(R"(
@keyframes fade { from { opacity: 0; } to { opacity: 1; } }
.spin { animation: fade 0.5s infinite; }
)");
  LogCapture log;
  Layout* self = &s.add({"spin"});
  Played p{self, zenit::test::opacitySetter(0.1f), 0};
  p.anim->blocksInput = false;
  int calls = 0;
  SECTION("removes its own node") {
    p.anim->onFinished = [&calls, self] {
      ++calls;
      self->removeFromParent();
    };
    self->addAnimation("a", p.anim);
    REQUIRE(self->playAnimation("a"));
    s.frames(10, kDt);
    CHECK(calls == 1);
    CHECK(s.root.childCount() == 0);
  }
  SECTION("re-plays itself, many times") {
    p.anim->onFinished = [&calls, self] {
      ++calls;
      CHECK(self->playAnimation("a"));
    };
    self->addAnimation("a", p.anim);
    REQUIRE(self->playAnimation("a"));
    s.frames(600, kDt);
    CHECK(calls >= 80);  // 0.1 s and the frame the re-play starts on: one call every 7 frames
    CHECK(self->hasActiveAnimations());
  }
  SECTION("reloads the theme its node's CSS animation comes from") {
    const SheetId extra =
        Theme::get().loadString("@keyframes fade { to { opacity: 0.5; } }", "extra.zstyle").id;
    p.anim->onFinished = [&calls, extra] {
      ++calls;
      Theme::get().reload(
          extra, calls % 2 ? ".spin { animation: none; }" : "@keyframes fade { to { opacity: 0.1; } }");
    };
    self->addAnimation("a", p.anim);
    REQUIRE(self->playAnimation("a"));
    s.frames(10, kDt);
    CHECK(calls == 1);
    s.frame(kDt);  // the reload shows on the next frame: `.spin` runs no animation now
    CHECK(zenit::test::cssCount(*self) == 0);
  }
  SECTION("clears the whole tree, its node included") {
    s.add({"spin"});
    s.add({"spin"});
    p.anim->onFinished = [&calls, &s] {
      ++calls;
      s.root.clearChildren();
    };
    self->addAnimation("a", p.anim);
    REQUIRE(self->playAnimation("a"));
    s.frames(10, kDt);
    CHECK(calls == 1);
    CHECK(s.root.childCount() == 0);
  }
  for (const Diagnostic& d : log.seen) {
    INFO(d.format());
    CHECK(d.severity != Severity::Error);
  }
}

TEST_CASE("hostile: onAnimationEvent and onAnimationsFinished may remove their node and its siblings",
          "[layout][hostile][callbacks]") {
  Scene s(R"(
@keyframes fade { from { opacity: 0; } to { opacity: 1; } }
.once { animation: fade 0.1s; }
.loop { animation: fade 0.2s infinite; }
)");
  Layout* first = &s.add({"once"});
  Layout* sibling = &s.add({"loop"});  // updated after `first` in the same frame
  int events = 0;
  SECTION("animationend removes the node and its animating sibling, mid-frame") {
    first->onAnimationEvent = [&events, first, sibling](const AnimationEvent& e) {
      ++events;
      if (e.type != AnimationEventType::End) return;
      sibling->removeFromParent();
      first->removeFromParent();
    };
  }
  SECTION("onAnimationsFinished clears the tree") {
    first->onAnimationsFinished = [&events, &s] {
      ++events;
      s.root.clearChildren();
    };
  }
  s.frames(20, kDt);
  CHECK(events >= 1);
  CHECK(s.root.childCount() == 0);
  s.frames(5, kDt);  // and the frames after run on an empty tree
}

TEST_CASE("hostile: a node removed mid-frame by an earlier node's callback is never updated again",
          "[layout][hostile][callbacks]") {
  Scene s(kFadeSheet);
  Layout& a = s.add({});
  Layout& victim = s.add({});
  int victimCalls = 0;
  auto kill = zenit::test::opacitySetter(0.05f);
  kill->blocksInput = false;
  Layout* v = &victim;
  kill->onFinished = [v] { v->removeFromParent(); };
  auto busy = std::make_shared<UIAnimation>(1.0f);
  busy->blocksInput = false;
  busy->addTrack<float>(0.0f, 1.0f, [&victimCalls](Layout*, float) { ++victimCalls; });
  busy->iterations = kInf;
  a.addAnimation("kill", kill);
  victim.addAnimation("busy", busy);
  REQUIRE(a.playAnimation("kill"));
  REQUIRE(victim.playAnimation("busy"));
  s.frames(5, kDt);
  REQUIRE(s.root.childCount() == 1);  // the victim is gone after the frame that removed it
  const int callsAtRemoval = victimCalls;
  s.frames(30, kDt);
  CHECK(victimCalls == callsAtRemoval);
}

// ---------------------------------------------------------------------------
// [SECTION] Frames: nested, huge, negative and NaN steps
// ---------------------------------------------------------------------------

TEST_CASE("hostile: a frame started from a callback inside a frame is ignored with an error",
          "[layout][hostile][callbacks]") {
  Scene s(kFadeSheet);
  LogCapture log;
  Played p = addFade(s, 0.05f);
  Scene* scene = &s;
  p.anim->onFinished = [scene] {
    UIContext::get().frame(scene->root, 1.0);
    scene->root.update(1.0);
  };
  p.node->addAnimation("fade", p.anim);
  REQUIRE(p.node->playAnimation("fade"));
  const double before = UIContext::get().time;
  s.frames(5, kDt);
  CHECK(log.has(Severity::Error, {"UIContext::frame", "while a frame runs"}));
  CHECK(log.has(Severity::Error, {"update", "while a frame runs"}));
  CHECK(UIContext::get().time == Approx(before + 5 * kDt));  // the nested frame did not advance the clock
}

TEST_CASE(
    "hostile: frame steps of 0, NaN, negative and infinity do not move the clock; huge ones are clamped",
    "[layout][hostile]") {
  Scene s(kFadeSheet);
  Played p = addFade(s, 1.0f);
  p.node->addAnimation("fade", p.anim);
  REQUIRE(p.node->playAnimation("fade"));
  s.frame(0.25);
  const double t0 = UIContext::get().time;
  for (double dt : {0.0, -1.0, -kInf, kNaN, kInf}) s.frame(dt);
  CHECK(UIContext::get().time == t0);
  CHECK(zenit::test::renderedOpacity(*p.node) == Approx(0.25f));
  for (int i = 0; i < 4; ++i) s.frame(std::numeric_limits<double>::max());
  CHECK(UIContext::get().time == Approx(t0 + 4 * UIContext::kMaxStep));
  CHECK(std::isfinite(UIContext::get().time));
  CHECK(zenit::test::renderedOpacity(*p.node) == 1.0f);
  CHECK_FALSE(p.node->hasActiveAnimations());
}

TEST_CASE("hostile: setters run by seekAnimation or cancelAnimation may remove their node or their animation",
          "[layout][hostile][callbacks]") {
  Scene s(kFadeSheet);
  LogCapture log;
  Layout* n = &s.add({});
  auto a = std::make_shared<UIAnimation>(1.0f);
  a->blocksInput = false;
  int calls = 0;
  SECTION("seek, outside a frame: the node is removed when the call returns") {
    a->addTrack<float>(0.0f, 1.0f, [&calls](Layout* l, float) {
      ++calls;
      l->removeFromParent();
    });
    a->addTrack<float>(0.0f, 1.0f, [&calls](Layout* l, float) {
      ++calls;
      l->getInlineBase().opacity = 0.5f;  // the node is still alive inside the call
    });
    n->addAnimation("a", a);
    CHECK(n->seekAnimation("a", 0.5));
    CHECK(calls == 2);
    CHECK(s.root.childCount() == 0);
  }
  SECTION("cancel: a setter that removes the animation being cancelled") {
    a->addTrack<float>(0.0f, 1.0f, [&calls](Layout* l, float t) {
      ++calls;
      if (t == 0.0f) l->removeAnimation("a");
    });
    n->addAnimation("a", a);
    REQUIRE(n->playAnimation("a"));
    s.frames(3, kDt);
    CHECK(n->cancelAnimation("a"));
    CHECK_FALSE(n->playAnimation("a"));  // gone: unknown now
    s.frames(3, kDt);
    CHECK(s.root.childCount() == 1);
  }
}
