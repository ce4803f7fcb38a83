// Layout::update frame by frame: the seed's §7 traces (pointer enters,
// hovering, pointer leaves, overlapping animations, animation + transition)
// and the order of the steps inside one update (§3.2 before the state
// machine, resolve, syncCss, transitions, tickCss, callbacks, children).
#include "layout/anim_scene.hpp"

#include <zenit/core/Lerp.hpp>

#include <cmath>
#include <string>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::cssAnim;
using zenit::test::cssCount;
using zenit::test::renderedOpacity;
using zenit::test::Scene;

// The seed's §7 node: `:hover { animation: pulse 1s infinite; }`.
constexpr std::string_view kHoverPulse = R"(
@keyframes pulse { 0% { opacity: 1; } 50% { opacity: 0.5; } 100% { opacity: 1; } }
.box { width: 100px; height: 100px; background-color: #808080; }
.box:hover { animation: pulse 1s linear infinite; }
)";

// pulse's value at local progress p.
float pulseAt(double p) { return p <= 0.5 ? 1.0f - static_cast<float>(p) : static_cast<float>(p); }

TEST_CASE("§7.1 frame N: the pointer enters, the hover animation starts on that very frame (seed §7.1)",
          "[layout][seed][trace]") {
  Scene s(kHoverPulse);
  Layout& box = s.add({"box"});
  s.frames(4, 0.25);  // settle; t = 1
  CHECK(cssCount(box) == 0);
  // 1. updateFlags: dispatch sets the hover flag; nothing is resolved yet.
  s.move(50, 50);
  CHECK(box.isHovered());
  CHECK(cssCount(box) == 0);
  // Frame N: 2. computeNextState -> hover; 3. the new target has pulse;
  // 4. syncCss creates it (startTime = now, elapsed 0); 6. tickCss adds dt;
  // 7. draw overlays pulse at elapsed / duration.
  s.frame(0.125);
  CHECK((box.state() & PseudoHover) != 0);
  REQUIRE(box.getTargetStyle().animations.size() == 1);
  CHECK(box.getTargetStyle().animations[0].name == "pulse");
  const std::optional<ActiveCssAnimation> a = cssAnim(box, "pulse");
  REQUIRE(a);
  CHECK(a->startTime == Approx(1.125));
  CHECK(a->elapsed == Approx(0.125));
  CHECK(renderedOpacity(box) == Approx(pulseAt(0.125)));
  CHECK(box.getStyle().opacity == 1.0f);  // 8. only the drawn style pulses
}

TEST_CASE("§7.2 frames N+1..M: hovering, elapsed advances and the infinite pulse wraps (seed §7.2)",
          "[layout][seed][trace]") {
  Scene s(kHoverPulse);
  Layout& box = s.add({"box"});
  s.frame(0.0);
  s.move(50, 50);
  const double dt = 0.125;
  for (int i = 1; i <= 12; ++i) {
    s.frame(dt);
    const double elapsed = dt * i;
    CHECK(cssAnim(box, "pulse")->elapsed == Approx(elapsed));
    const double local = elapsed - std::floor(elapsed);
    CHECK(renderedOpacity(box) == Approx(pulseAt(local)));
  }
  CHECK(box.hasActiveAnimations());
}

TEST_CASE(
    "§7.3 frame M+1: the pointer leaves and the animation stops at once, no graceful finish (seed §7.3)",
    "[layout][seed][trace]") {
  Scene s(std::string(kHoverPulse) + ".box { transition: opacity 1s linear; }");
  Layout& box = s.add({"box"});
  std::vector<AnimationEventType> events;
  box.onAnimationEvent = [&](const AnimationEvent& e) { events.push_back(e.type); };
  s.frame(0.0);
  s.move(50, 50);
  s.frames(3, 0.125);  // elapsed 0.375: the pulse is mid-way
  REQUIRE(renderedOpacity(box) == Approx(pulseAt(0.375)));
  s.move(500, 500);
  CHECK_FALSE(box.isHovered());
  s.frame(0.125);
  CHECK((box.state() & PseudoHover) == 0);
  CHECK(box.getTargetStyle().animations.empty());
  CHECK(cssCount(box) == 0);
  CHECK(renderedOpacity(box) == 1.0f);  // the un-hovered style, no animated value left
  CHECK_FALSE(box.inTransition());      // opacity never changed in the base style: nothing to transition
  CHECK_FALSE(box.hasActiveAnimations());
  REQUIRE_FALSE(events.empty());
  CHECK(events.back() == AnimationEventType::Cancel);
}

TEST_CASE("§7.4 overlapping animations: both run, the later one wins where both animate (seed §7.4)",
          "[layout][seed][trace]") {
  Scene s(R"(
    @keyframes a { from { opacity: 0; translate: 0px; } to { opacity: 1; translate: 100px; } }
    @keyframes b { from { opacity: 1; } to { opacity: 0.5; } }
    .box { width: 100px; height: 100px; }
    .ab { animation: a 1s linear, b 2s linear; }
    .ba { animation: b 2s linear, a 1s linear; }
  )");
  Layout& ab = s.add({"box", "ab"});
  Layout& ba = s.add({"box", "ba"});
  s.frame(0.5);
  REQUIRE(cssCount(ab) == 2);
  CHECK(ab.animationPlayer()->cssAnimation(0).name == "a");
  CHECK(ab.animationPlayer()->cssAnimation(1).name == "b");
  CHECK(renderedOpacity(ab) == Approx(0.875f));              // b at 0.25
  CHECK(ab.renderedStyle().translateX.px == Approx(50.0f));  // only a animates it
  CHECK(renderedOpacity(ba) == Approx(0.5f));                // a at 0.5 wins here
  CHECK(ba.renderedStyle().translateX.px == Approx(50.0f));
  s.frame(1.0);  // a has ended (fill none): b shows alone in both
  CHECK(renderedOpacity(ab) == Approx(0.625f));
  CHECK(renderedOpacity(ba) == Approx(0.625f));
  CHECK(ba.renderedStyle().translateX.px == 0.0f);
}

TEST_CASE(
    "§7.5 transition + animation on one property: the animation is drawn, the transition still completes "
    "(seed §7.5)",
    "[layout][seed][trace]") {
  Scene s(R"(
    @keyframes hold { from { opacity: 0.3; } to { opacity: 0.7; } }
    .box { width: 100px; height: 100px; opacity: 1; transition: opacity 1s linear; }
    .box.on { opacity: 0.2; animation: hold 2s linear; }
  )");
  Layout& box = s.add({"box"});
  s.frame(0.0);
  box.addClass("on");
  // The transition starts at the frame's time (CSS Transitions: progress 0
  // on the frame of the change); the animation is created with elapsed 0
  // and ticked by dt in that same update (seed §7.1 step 6).
  for (int i = 1; i <= 4; ++i) {
    s.frame(0.25);
    const auto f = static_cast<float>(i);
    CHECK(box.inTransition());
    CHECK(box.getStyle().opacity == Approx(1.0f - 0.8f * 0.25f * (f - 1.0f)));  // the transition runs
    CHECK(renderedOpacity(box) == Approx(0.3f + 0.4f * 0.125f * f));            // the animation shows
  }
  s.frame(0.25);
  CHECK_FALSE(box.inTransition());  // its timer reached the end
  CHECK(box.getStyle().opacity == Approx(0.2f));
  CHECK(renderedOpacity(box) == Approx(0.55f));
}

// ---------------------------------------------------------------------------
// The order of the steps in one update
// ---------------------------------------------------------------------------

TEST_CASE(
    "update order: imperative tracks run before the style is resolved, so an inline `animation` they write "
    "starts this frame (seed §3.2, §4.1)",
    "[layout][seed][order]") {
  Scene s(R"(
    @keyframes fade { from { opacity: 0.2; } to { opacity: 0.8; } }
    .box { width: 100px; height: 100px; }
  )");
  Layout& box = s.add({"box"});
  s.frame(0.0);
  auto kick = std::make_shared<UIAnimation>(0.0f);  // zero duration: one frame at t = 1
  kick->addTrack<float>(0.0f, 1.0f, [](Layout* l, float) {
    AnimationRef r;
    r.name = "fade";
    r.duration = 1.0;
    r.ease = TransitionFunction::Linear;
    l->getInlineBase().animations = AnimationList{r};
  });
  box.addAnimation("kick", kick);
  box.playAnimation("kick");
  s.frame(0.25);
  REQUIRE(cssAnim(box, "fade").has_value());
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.25));  // created, then ticked, in this update
  CHECK(renderedOpacity(box) == Approx(0.2f + 0.6f * 0.25f));
}

TEST_CASE("update order: onFinished runs after the node's frame is complete (seed §3.2 step 10)",
          "[layout][seed][order]") {
  Scene s(".box { width: 100px; height: 100px; }");
  Layout& box = s.add({"box"});
  float seenStyle = -1.0f, seenRendered = -1.0f;
  bool seenActive = true;
  auto a = zenit::test::opacitySetter(0.5f, 0.0f, 0.4f);
  a->onFinished = [&] {
    seenStyle = box.getStyle().opacity;  // the last track value, resolved
    seenRendered = renderedOpacity(box);
    seenActive = box.animationPlayer()->hasActiveLocal();
  };
  box.addAnimation("a", a);
  box.playAnimation("a");
  s.frame(0.25);
  s.frame(0.25);
  CHECK(seenStyle == Approx(0.4f));
  CHECK(seenRendered == Approx(0.4f));
  CHECK_FALSE(seenActive);
}

TEST_CASE("update order: a parent resolves before its children, which inherit on the same frame",
          "[layout][order]") {
  Scene s(R"(
    .parent { width: 200px; height: 100px; color: #000000; }
    .parent.red { color: #ff0000; }
    .child { width: 50px; height: 50px; }
  )");
  Layout& parent = s.add({"parent"});
  Layout& child = s.add({"child"}, &parent);
  s.frame(0.0);
  parent.addClass("red");
  s.frame(0.0);
  CHECK(child.getStyle().color == Color{1, 0, 0, 1});
}

TEST_CASE("update order: onAnimationsFinished runs after the children were updated (seed §6.1)",
          "[layout][seed][order]") {
  Scene s(".box { width: 100px; height: 100px; }");
  Layout& parent = s.add({"box"});
  Layout& child = s.add({"box"}, &parent);
  parent.addAnimation("a", std::make_shared<UIAnimation>(0.25f));
  child.addAnimation("a", zenit::test::opacitySetter(1.0f));
  parent.playAnimation("a");
  child.playAnimation("a");
  float childAtCallback = -1.0f;
  parent.onAnimationsFinished = [&] { childAtCallback = child.getStyle().opacity; };
  s.frame(0.25);
  CHECK(childAtCallback == Approx(0.25f));  // the child's frame already ran
}

// ---------------------------------------------------------------------------
// What a re-resolve reaches (seed §6)
// ---------------------------------------------------------------------------

TEST_CASE(
    "dirty system: a setter animating a container re-resolves only the container when nothing inherited "
    "changes (seed §6, §10.2)",
    "[layout][seed][order]") {
  Scene s(R"(
    .panel { width: 400px; height: 400px; flex-wrap: wrap; }
    .cell { width: 20px; height: 20px; }
  )");
  Layout& panel = s.add({"panel"});
  for (int i = 0; i < 100; ++i) s.add({"cell"}, &panel);
  s.frame(0.0);
  panel.addAnimation("fade", zenit::test::opacitySetter(1.0f));  // opacity is not inherited
  panel.playAnimation("fade");
  s.frame(0.25);
  const std::uint64_t before = s.resolves();
  s.frames(2, 0.25);
  CHECK(s.resolves() - before == 2);
  CHECK(panel.getStyle().opacity == Approx(0.75f));
}

TEST_CASE(
    "dirty system: an inherited value a setter animates reaches the children on the same frame (seed §6)",
    "[layout][seed][order]") {
  Scene s(R"(
    .panel { width: 400px; height: 400px; }
    .cell { width: 20px; height: 20px; }
  )");
  Layout& panel = s.add({"panel"});
  Layout& cell = s.add({"cell"}, &panel);
  Layout& leaf = s.add({"cell"}, &cell);
  s.frame(0.0);
  auto a = std::make_shared<UIAnimation>(1.0f);
  a->addTrack<Color>(Color{0, 0, 0, 1}, Color{1, 1, 1, 1},
                     [](Layout* l, Color c) { l->getInlineBase().color = c; });
  panel.addAnimation("ink", a);
  panel.playAnimation("ink");
  s.frame(0.5);
  CHECK(panel.getStyle().color == lerpProp(Color{0, 0, 0, 1}, Color{1, 1, 1, 1}, 0.5f));
  CHECK(cell.getStyle().color == panel.getStyle().color);
  CHECK(leaf.getStyle().color == panel.getStyle().color);
}

TEST_CASE("theme reload: an idle tree picks up a changed sheet on the next frame", "[layout][order][theme]") {
  Scene s(".box { width: 100px; height: 100px; opacity: 0.5; }");
  Layout& box = s.add({"box"});
  Layout& inner = s.add({"box"}, &box);
  s.frames(3, 0.1);
  REQUIRE_FALSE(s.root.needsUpdate());
  REQUIRE(inner.getStyle().opacity == Approx(0.5f));
  const SheetId id = Theme::get().sheets().front();
  REQUIRE(Theme::get().reload(id, ".box { width: 50px; height: 100px; opacity: 0.25; }").ok());
  s.frame(0.1);
  CHECK(box.getStyle().opacity == Approx(0.25f));
  CHECK(inner.getStyle().opacity == Approx(0.25f));
  CHECK(box.box.rect.width == 50.0f);
}

}  // namespace
