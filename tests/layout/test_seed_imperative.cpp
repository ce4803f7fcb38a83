// The imperative channel on a live tree: UIAnimation setter tracks (seed
// §1.1), playAnimation (§3.1), tickImperative's ten steps (§3.2), the
// activity queries (§3.3), blocksInput through UIContext::dispatch, and the
// seed's §8 / §11 notes about imperative animations.
//
// [SECTION] §1.1 setter tracks
// [SECTION] §3.1 playAnimation
// [SECTION] §3.2 tickImperative
// [SECTION] §3.3 hasActive / hasActiveLocal / hasActiveAnimations
// [SECTION] §6.1 onAnimationsFinished
// [SECTION] §8.1 removeAnimation, §8.3 replay
// [SECTION] §11 getInlineBase
#include "layout/anim_scene.hpp"

#include <zenit/core/Lerp.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::LogCapture;
using zenit::test::Scene;

// Boxes of 100x100 laid out in a row from (0, 0).
constexpr std::string_view kBoxes = R"(
.box { width: 100px; height: 100px; background-color: #808080; }
)";

// An animation with no tracks: only timing, callbacks and blocksInput.
std::shared_ptr<UIAnimation> bare(float duration) { return std::make_shared<UIAnimation>(duration); }

AnimState stateOf(const Layout& n, std::string_view name) {
  const AnimationPlayer* p = n.animationPlayer();
  REQUIRE(p != nullptr);
  const std::optional<AnimState> s = p->imperativeState(name);
  REQUIRE(s.has_value());
  return *s;
}

// ---------------------------------------------------------------------------
// [SECTION] §1.1 setter tracks
// ---------------------------------------------------------------------------

TEST_CASE("UIAnimation::addTrack: setter tracks of several types run side by side (seed §1.1)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto a = std::make_shared<UIAnimation>(1.0f);
  std::vector<float> seen;
  Layout* target = nullptr;
  a->addTrack<float>(0.0f, 10.0f, [&](Layout* l, float v) {
    target = l;
    seen.push_back(v);
  });
  a->addTrack<Value>(Px(0.0f), Px(100.0f), [](Layout* l, Value v) { l->getInlineBase().translateX = v; });
  a->addTrack<Color>(Color{0.0f, 0.0f, 0.0f, 1.0f}, Color{1.0f, 1.0f, 1.0f, 1.0f},
                     [](Layout* l, Color c) { l->getInlineBase().backgroundColor = c; });
  // An eased track: apply() runs raw_t through getRatio before lerping.
  a->addTrack<float>(
      0.0f, 1.0f, [](Layout* l, float v) { l->getInlineBase().opacity = v; }, TransitionFunction::EaseIn);
  REQUIRE(a->tracks.size() == 4);
  box.addAnimation("mix", a);
  REQUIRE(box.playAnimation("mix"));

  s.frame(0.25);
  CHECK(target == &box);
  REQUIRE(seen.size() == 1);
  CHECK(seen.back() == Approx(2.5f));
  // Setter writes reach the resolved style on the same frame (seed §6).
  CHECK(box.getStyle().translateX.px == Approx(25.0f));
  CHECK(box.getStyle().backgroundColor == lerpProp(Color{0, 0, 0, 1}, Color{1, 1, 1, 1}, 0.25f));
  CHECK(box.getStyle().opacity == Approx(getRatio(0.25f, TransitionFunction::EaseIn)));
  CHECK(box.getStyle().opacity < 0.25f);

  s.frame(0.75);
  CHECK(seen.back() == Approx(10.0f));
  CHECK(box.getStyle().translateX.px == Approx(100.0f));
  CHECK(box.getStyle().opacity == Approx(1.0f));
}

TEST_CASE("§9.2 shake: a setter computing any function of t is the escape hatch (seed §9.2)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto shake = std::make_shared<UIAnimation>(0.5f);
  shake->addTrack<float>(
      0.0f, 1.0f,
      [](Layout* l, float t) {
        float x = std::sin(t * 20.0f) * (1.0f - t) * 10.0f;
        l->getInlineBase().translateX = Px(x);
      },
      TransitionFunction::Linear);
  box.addAnimation("shake", shake);
  box.playAnimation("shake");
  for (int i = 1; i <= 4; ++i) {
    s.frame(0.125);
    const float t = 0.25f * static_cast<float>(i);
    CHECK(box.getStyle().translateX.px == Approx(std::sin(t * 20.0f) * (1.0f - t) * 10.0f).margin(1e-4));
  }
}

TEST_CASE(
    "§9.3 track types: Spacing interpolates — enums, ZIndex auto and strings snap at half-way (seed §9.3)",
    "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto a = std::make_shared<UIAnimation>(1.0f);
  std::string label;
  a->addTrack<Spacing>(Spacing{Px(0), Px(0), Px(0), Px(0)}, Spacing{Px(8), Px(4), Px(8), Px(4)},
                       [](Layout* l, Spacing v) { l->getInlineBase().padding = v; });
  a->addTrack<Overflow>(Overflow::Visible, Overflow::Hidden,
                        [](Layout* l, Overflow v) { l->getInlineBase().overflow = v; });
  a->addTrack<ZIndex>(ZIndex::makeAuto(), ZIndex::of(3),
                      [](Layout* l, ZIndex v) { l->getInlineBase().zIndex = v; });
  a->addTrack<std::string>("idle", "busy", [&](Layout*, std::string v) { label = std::move(v); });
  box.addAnimation("mix", a);
  box.playAnimation("mix");
  s.frame(0.25);
  CHECK(box.getStyle().padding.top.px == Approx(2.0f));
  CHECK(box.getStyle().padding.left.px == Approx(1.0f));
  CHECK(box.getStyle().overflow == Overflow::Visible);
  CHECK(box.getStyle().zIndex.isAuto);
  CHECK(label == "idle");
  s.frame(0.5);
  CHECK(box.getStyle().overflow == Overflow::Hidden);
  CHECK(box.getStyle().zIndex == ZIndex::of(3));
  CHECK(label == "busy");
}

// ---------------------------------------------------------------------------
// [SECTION] §3.1 playAnimation
// ---------------------------------------------------------------------------

TEST_CASE("playAnimation: an unknown name is rejected and logged (seed §3.1)", "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  LogCapture log;
  CHECK_FALSE(box.playAnimation("missing"));
  CHECK(log.has(Severity::Warning, {"playAnimation", "missing"}));
  box.addAnimation("fade", zenit::test::opacitySetter(1.0f));
  log.seen.clear();
  CHECK_FALSE(box.playAnimation("Fade"));  // names are case-sensitive
  CHECK(log.has(Severity::Warning, {"Fade"}));
  CHECK(box.playAnimation("fade"));
}

TEST_CASE("playAnimation: a second play mid-way resumes where it is (seed §3.1)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  box.addAnimation("fade", zenit::test::opacitySetter(1.0f));
  box.playAnimation("fade");
  s.frames(2, 0.25);
  CHECK(box.getStyle().opacity == Approx(0.5f));
  REQUIRE(box.playAnimation("fade"));  // same direction: keeps going
  s.frame(0.25);
  CHECK(box.getStyle().opacity == Approx(0.75f));
  // The other direction from the middle: turns round at 0.75.
  REQUIRE(box.playAnimation("fade", /*reverse=*/true));
  s.frame(0.25);
  CHECK(box.getStyle().opacity == Approx(0.5f));
  CHECK(stateOf(box, "fade").elapsed == Approx(0.5));
}

TEST_CASE("playAnimation: forward at the end restarts from 0 (seed §3.1, §8.3)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  int finished = 0;
  auto a = zenit::test::opacitySetter(0.5f);
  a->onFinished = [&] { ++finished; };
  box.addAnimation("intro", a);
  box.playAnimation("intro");
  s.frames(3, 0.25);
  CHECK(finished == 1);
  CHECK_FALSE(stateOf(box, "intro").playing);
  CHECK(box.getStyle().opacity == Approx(1.0f));

  REQUIRE(box.playAnimation("intro"));  // restarts
  CHECK(stateOf(box, "intro").elapsed == 0.0);
  s.frame(0.25);
  CHECK(box.getStyle().opacity == Approx(0.5f));
  s.frame(0.25);
  CHECK(finished == 2);
}

TEST_CASE("playAnimation: reverse from the end runs backwards from 1 (seed §3.1)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  box.addAnimation("fade", zenit::test::opacitySetter(1.0f));
  box.playAnimation("fade");
  s.frame(2.0);  // a long frame clamps at the end
  CHECK(box.getStyle().opacity == Approx(1.0f));
  REQUIRE(box.playAnimation("fade", /*reverse=*/true));
  s.frame(0.25);
  CHECK(box.getStyle().opacity == Approx(0.75f));
  s.frame(0.5);
  CHECK(box.getStyle().opacity == Approx(0.25f));
  s.frame(0.5);
  CHECK(box.getStyle().opacity == Approx(0.0f));
  CHECK_FALSE(stateOf(box, "fade").playing);
  // Reverse at 0 (the reverse end) restarts from the end.
  REQUIRE(box.playAnimation("fade", true));
  s.frame(0.25);
  CHECK(box.getStyle().opacity == Approx(0.75f));
}

TEST_CASE("playAnimation with PlayOptions: reverse and rate in one call; the bool form is its shorthand",
          "[layout][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  box.addAnimation("fade", zenit::test::opacitySetter(1.0f));

  // Twice the speed: a quarter second covers half of the one-second fade.
  REQUIRE(box.playAnimation("fade", PlayOptions{.reverse = false, .rate = 2.0}));
  CHECK(stateOf(box, "fade").rate == 2.0);
  s.frame(0.25);
  CHECK(box.getStyle().opacity == Approx(0.5f));
  s.frame(0.25);
  CHECK(box.getStyle().opacity == Approx(1.0f));
  CHECK_FALSE(stateOf(box, "fade").playing);

  // Backwards at half speed from the end; an unset rate keeps the one set before.
  REQUIRE(box.playAnimation("fade", PlayOptions{.reverse = true, .rate = 0.5}));
  s.frame(0.5);
  CHECK(box.getStyle().opacity == Approx(0.75f));
  REQUIRE(box.playAnimation("fade", PlayOptions{.reverse = true, .rate = {}}));
  CHECK(stateOf(box, "fade").rate == 0.5);
  s.frame(0.5);
  CHECK(box.getStyle().opacity == Approx(0.5f));

  // The seed's bool form plays as the options form with only `reverse` set.
  REQUIRE(box.playAnimation("fade", false));
  CHECK(stateOf(box, "fade").reverse == false);
  CHECK(stateOf(box, "fade").rate == 0.5);
  s.frame(0.5);
  CHECK(box.getStyle().opacity == Approx(0.75f));
}

TEST_CASE("playAnimation with PlayOptions: a rate that is not finite is refused and changes nothing",
          "[layout][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  box.addAnimation("fade", zenit::test::opacitySetter(1.0f));
  REQUIRE(box.playAnimation("fade"));
  s.frame(0.25);
  LogCapture log;
  CHECK_FALSE(box.playAnimation("fade", PlayOptions{.reverse = true, .rate = std::nan("")}));
  CHECK(log.has(Severity::Error, {"playAnimation", "fade", "finite"}));
  const AnimState st = stateOf(box, "fade");
  CHECK(st.rate == 1.0);
  CHECK_FALSE(st.reverse);
  CHECK(st.elapsed == 0.25);
  s.frame(0.25);
  CHECK(box.getStyle().opacity == Approx(0.5f));
}

TEST_CASE("playAnimation: the delay is applied again on every play (seed §3.1)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  std::vector<float> seen;
  auto a = std::make_shared<UIAnimation>(0.5f);
  a->delay = 0.5f;
  a->addTrack<float>(0.0f, 1.0f, [&](Layout*, float v) { seen.push_back(v); });
  box.addAnimation("late", a);
  for (int play = 0; play < 2; ++play) {
    seen.clear();
    REQUIRE(box.playAnimation("late"));
    s.frame(0.25);
    CHECK(seen.empty());  // in the delay: no track runs
    s.frame(0.25);        // the delay ends exactly here: t = 0
    REQUIRE(seen.size() == 1);
    CHECK(seen.back() == Approx(0.0f));
    s.frame(0.25);
    CHECK(seen.back() == Approx(0.5f));
    s.frame(0.25);
    CHECK(seen.back() == Approx(1.0f));
    CHECK_FALSE(stateOf(box, "late").playing);
  }
}

TEST_CASE("playAnimation: the part of a frame left after the delay moves the animation (seed §3.2 step 3)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto a = zenit::test::opacitySetter(1.0f);
  a->delay = 0.25f;
  box.addAnimation("late", a);
  box.playAnimation("late");
  s.frame(0.5);  // 0.25 s of delay, then 0.25 s of animation
  CHECK(box.getStyle().opacity == Approx(0.25f));
}

// ---------------------------------------------------------------------------
// [SECTION] §3.2 tickImperative
// ---------------------------------------------------------------------------

TEST_CASE(
    "tickImperative: blocksInput holds through the delay and ends with the animation (seed §3.2 step 2, §11)",
    "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto a = bare(0.5f);
  a->delay = 0.5f;
  box.addAnimation("intro", a);
  s.frame(0.0);
  CHECK_FALSE(box.inputBlocked());
  box.playAnimation("intro");
  s.frame(0.25);
  CHECK(box.inputBlocked());  // in the delay
  s.frame(0.5);
  CHECK(box.inputBlocked());  // running
  s.frame(0.5);               // finishes on this frame
  s.frame(0.0);
  CHECK_FALSE(box.inputBlocked());
  CHECK_FALSE(box.hasActiveAnimations());
}

TEST_CASE("tickImperative: blocksInput = false lets input through (seed §11)", "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto a = bare(1.0f);
  a->delay = 1.0f;
  a->blocksInput = false;
  box.addAnimation("soft", a);
  box.playAnimation("soft");
  s.frame(0.25);
  CHECK_FALSE(box.inputBlocked());
}

TEST_CASE("tickImperative: a blocked node ignores hover and clicks from UIContext::dispatch (seed §3.2, §11)",
          "[layout][seed][imperative][input]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  int clicks = 0;
  box.onClick = [&](Layout&) { ++clicks; };
  box.addAnimation("intro", bare(1.0f));
  s.frame(0.0);
  box.playAnimation("intro");
  s.frame(0.25);
  REQUIRE(box.inputBlocked());

  s.move(50, 50);
  s.frame(0.25);
  CHECK_FALSE(box.isHovered());
  s.click(50, 50);
  s.frame(0.25);
  CHECK(clicks == 0);
  CHECK_FALSE(box.isPressed());

  s.frame(0.5);  // the animation ends
  s.frame(0.0);
  REQUIRE_FALSE(box.inputBlocked());
  // The pointer never left: the next move hovers the node, clicks count again.
  s.move(51, 50);
  s.frame(0.0);
  CHECK(box.isHovered());
  s.click(51, 50);
  CHECK(clicks == 1);
}

TEST_CASE("tickImperative: a blocked node still loses :hover when the pointer leaves (seed §3.2)",
          "[layout][seed][imperative][input]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  s.frame(0.0);
  s.move(50, 50);
  s.frame(0.0);
  REQUIRE(box.isHovered());
  box.addAnimation("intro", bare(1.0f));
  box.playAnimation("intro");
  s.frame(0.25);
  REQUIRE(box.inputBlocked());
  s.move(500, 500);  // leaves while blocked: ignoring input must not pin :hover
  s.frame(0.25);
  CHECK_FALSE(box.isHovered());
}

TEST_CASE("tickImperative: elapsed clamps at both ends, whatever the frame length (seed §3.2 step 5)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  std::vector<float> seen;
  auto a = std::make_shared<UIAnimation>(1.0f);
  a->addTrack<float>(0.0f, 1.0f, [&](Layout*, float v) { seen.push_back(v); });
  box.addAnimation("a", a);
  box.playAnimation("a");
  s.frame(10.0);
  CHECK(stateOf(box, "a").elapsed == 1.0);
  CHECK(seen.back() == 1.0f);
  box.playAnimation("a", true);
  s.frame(10.0);
  CHECK(stateOf(box, "a").elapsed == 0.0);
  CHECK(seen.back() == 0.0f);
  CHECK_FALSE(stateOf(box, "a").playing);
}

TEST_CASE(
    "tickImperative: onFinished fires forward only, reverse with finishOnReverse (seed §3.2 step 6, §11)",
    "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  int finished = 0;
  auto a = bare(0.5f);
  a->onFinished = [&] { ++finished; };
  box.addAnimation("a", a);
  box.playAnimation("a");
  s.frames(4, 0.25);
  CHECK(finished == 1);  // once, on the frame it ends
  box.playAnimation("a", true);
  s.frames(4, 0.25);
  CHECK(finished == 1);  // reverse completion is silent by default
  a->finishOnReverse = true;
  box.playAnimation("a");
  s.frames(4, 0.25);
  CHECK(finished == 2);
  box.playAnimation("a", true);
  s.frames(4, 0.25);
  CHECK(finished == 3);
}

TEST_CASE(
    "tickImperative: onFinished is copied before the call, so it may replace itself (seed §3.2 step 10, §11)",
    "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto a = bare(0.25f);
  std::vector<std::string> calls;
  // A capture too large for std::function's small buffer: the closure lives
  // on the heap, so running it after it was replaced would read freed memory.
  const std::string first(200, 'a');
  a->onFinished = [&calls, first, anim = a.get()] {
    anim->onFinished = [&calls] { calls.emplace_back("second"); };
    calls.push_back(first);  // reads the capture after the replacement
  };
  box.addAnimation("a", a);
  box.playAnimation("a");
  s.frame(0.25);
  REQUIRE(calls.size() == 1);
  CHECK(calls[0] == first);
  box.playAnimation("a");
  s.frame(0.25);
  REQUIRE(calls.size() == 2);
  CHECK(calls[1] == "second");  // the replacement runs on the next play
}

TEST_CASE("tickImperative: onFinished may add, remove and play animations on its node (seed §3.2)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  int restarts = 0;
  auto a = bare(0.25f);
  auto b = bare(0.25f);
  auto c = bare(0.25f);
  // First finish: register many animations (the container grows under the
  // loop) and play one; second finish: remove itself.
  a->onFinished = [&] {
    if (restarts++ == 0) {
      for (int i = 0; i < 32; ++i) box.addAnimation("extra" + std::to_string(i), bare(1.0f));
      box.addAnimation("c", c);
      box.playAnimation("c");
      box.playAnimation("a");  // itself, again
    } else {
      box.removeAnimation("a");
    }
  };
  int bDone = 0;
  b->onFinished = [&] {
    ++bDone;
    box.removeAnimation("b");  // itself, while other callbacks are queued
    box.removeAnimation("extra3");
  };
  box.addAnimation("a", a);
  box.addAnimation("b", b);
  box.playAnimation("a");
  box.playAnimation("b");
  s.frame(0.25);  // a and b finish on the same frame
  CHECK(restarts == 1);
  CHECK(bDone == 1);
  const AnimationPlayer* p = box.animationPlayer();
  REQUIRE(p != nullptr);
  CHECK_FALSE(p->imperativeState("b"));
  CHECK_FALSE(p->imperativeState("extra3"));
  CHECK(p->imperativeState("extra4"));
  REQUIRE(p->imperativeState("a"));
  CHECK(p->imperativeState("a")->playing);
  CHECK(p->imperativeState("c")->playing);
  s.frame(0.25);
  CHECK(restarts == 2);
  CHECK_FALSE(box.animationPlayer()->imperativeState("a"));
  CHECK(box.removeAnimation("c"));
  CHECK_FALSE(box.hasActiveAnimations());
  a->onFinished = nullptr;
  b->onFinished = nullptr;
}

TEST_CASE("tickImperative: onFinished may remove its own node from the tree (seed §3.2)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  Layout& sibling = s.add({"box"});
  auto a = zenit::test::opacitySetter(0.25f);
  a->onFinished = [&box] { box.removeFromParent(); };
  box.addAnimation("bye", a);
  sibling.addAnimation("stay", zenit::test::opacitySetter(1.0f));
  box.playAnimation("bye");
  sibling.playAnimation("stay");
  s.frame(0.25);
  REQUIRE(s.root.childCount() == 1);
  CHECK(&s.root.child(0) == &sibling);
  s.frame(0.25);
  CHECK(sibling.getStyle().opacity == Approx(0.5f));
}

TEST_CASE("tickImperative: onFinished may clear the root's children, its own node included (seed §3.2)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& a = s.add({"box"});
  Layout& b = s.add({"box"});
  Layout& inner = s.add({"box"}, &b);
  int events = 0;
  auto one = zenit::test::opacitySetter(0.25f);
  one->onFinished = [&] {
    ++events;
    s.root.clearChildren();
  };
  auto two = zenit::test::opacitySetter(0.25f);
  two->onFinished = [&] { ++events; };  // finishes on the same frame, later in the tree
  a.addAnimation("one", one);
  inner.addAnimation("two", two);
  a.playAnimation("one");
  inner.playAnimation("two");
  s.move(150, 50);  // hover inside b's subtree: the context must forget it too
  s.frame(0.25);
  CHECK(s.root.childCount() == 0);
  CHECK(events == 1);  // the cleared subtree is not updated any more
  CHECK(UIContext::get().hovered() != &inner);
  s.move(10, 10);
  s.frame(0.25);
  CHECK_FALSE(s.root.hasActiveAnimations());
}

TEST_CASE(
    "tickImperative: a setter track re-resolves the node each frame and snaps past transitions (seed §3.2 "
    "step 9, §6)",
    "[layout][seed][imperative]") {
  Scene s(R"(
    .box { width: 100px; height: 100px; transition: opacity 1s linear; }
  )");
  Layout& box = s.add({"box"});
  s.frame(0.0);
  box.addAnimation("fade", zenit::test::opacitySetter(1.0f));
  box.playAnimation("fade");
  const std::uint64_t before = s.resolves();
  s.frame(0.25);
  CHECK(s.resolves() > before);
  // The declared transition does not smooth a setter's value: it shows at once.
  CHECK(box.getStyle().opacity == Approx(0.25f));
  CHECK_FALSE(box.inTransition());
}

// ---------------------------------------------------------------------------
// [SECTION] §3.3 hasActive / hasActiveLocal / hasActiveAnimations
// ---------------------------------------------------------------------------

TEST_CASE("hasActiveLocal is this node only — hasActiveAnimations is recursive (seed §3.3, §11)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& parent = s.add({"box"});
  Layout& child = s.add({"box"}, &parent);
  parent.addAnimation("idle", bare(1.0f));  // registered, never played
  child.addAnimation("run", bare(0.5f));
  s.frame(0.0);
  CHECK_FALSE(parent.hasActiveAnimations());
  child.playAnimation("run");
  CHECK(child.animationPlayer()->hasActiveLocal());
  CHECK_FALSE(parent.animationPlayer()->hasActiveLocal());
  CHECK(parent.hasActiveAnimations());
  CHECK(s.root.hasActiveAnimations());
  s.frames(2, 0.25);
  CHECK_FALSE(child.animationPlayer()->hasActiveLocal());
  CHECK_FALSE(s.root.hasActiveAnimations());
}

TEST_CASE("hasActiveLocal: a CSS animation and a part animation count too (seed §3.3)",
          "[layout][seed][css]") {
  Scene s(R"(
    @keyframes spin { from { rotate: 0deg; } to { rotate: 360deg; } }
    .box { width: 100px; height: 100px; }
    .spin { animation: spin 1s linear infinite; }
  )");
  Layout& box = s.add({"box"});
  s.frame(0.0);
  CHECK_FALSE(box.hasActiveAnimations());
  box.addClass("spin");
  s.frame(0.1);
  REQUIRE(box.animationPlayer() != nullptr);
  CHECK(box.animationPlayer()->hasActiveLocal());
  CHECK(s.root.hasActiveAnimations());
  box.removeClass("spin");
  s.frame(0.1);
  CHECK_FALSE(box.animationPlayer()->hasActiveLocal());
  CHECK_FALSE(s.root.hasActiveAnimations());
}

// ---------------------------------------------------------------------------
// [SECTION] §6.1 onAnimationsFinished
// ---------------------------------------------------------------------------

TEST_CASE(
    "onAnimationsFinished: fires once on the falling edge of local activity, not waiting for children (seed "
    "§6.1)",
    "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& parent = s.add({"box"});
  Layout& child = s.add({"box"}, &parent);
  int parentDone = 0, childDone = 0;
  parent.onAnimationsFinished = [&] { ++parentDone; };
  child.onAnimationsFinished = [&] { ++childDone; };
  parent.addAnimation("short", bare(0.5f));
  child.addAnimation("long", bare(1.0f));
  parent.playAnimation("short");
  child.playAnimation("long");
  s.frame(0.25);
  CHECK(parentDone == 0);
  s.frame(0.25);  // parent's ends; the child still runs
  CHECK(parentDone == 1);
  CHECK(childDone == 0);
  CHECK(parent.hasActiveAnimations());
  s.frames(2, 0.25);
  CHECK(childDone == 1);
  s.frames(3, 0.25);
  CHECK(parentDone == 1);  // an edge, not a level
  CHECK(childDone == 1);
}

TEST_CASE("onAnimationsFinished: a reverse completion fires it although onFinished stays silent (seed §11)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  int finished = 0, allDone = 0;
  auto a = bare(0.5f);
  a->onFinished = [&] { ++finished; };
  box.onAnimationsFinished = [&] { ++allDone; };
  box.addAnimation("a", a);
  box.playAnimation("a");
  s.frames(2, 0.25);
  box.playAnimation("a", true);
  s.frames(2, 0.25);
  CHECK(finished == 1);
  CHECK(allDone == 2);
}

TEST_CASE("onAnimationsFinished: fires for an animation that starts and ends within one frame (seed §6.1)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  int allDone = 0;
  box.onAnimationsFinished = [&] { ++allDone; };
  box.addAnimation("blink", bare(0.01f));
  s.frame(0.0);
  box.playAnimation("blink");
  s.frame(1.0 / 30.0);  // longer than the animation
  CHECK(allDone == 1);
  s.frame(1.0 / 30.0);
  CHECK(allDone == 1);
}

// ---------------------------------------------------------------------------
// [SECTION] §8.1 removeAnimation, §8.3 replay
// ---------------------------------------------------------------------------

TEST_CASE("removeAnimation: public — unregisters, stops and drops its overlay (seed §8.1)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  LogCapture log;
  box.addAnimation("fade", zenit::test::opacityOverlay(1.0f, 0.0f, 1.0f));
  box.playAnimation("fade");
  s.frame(0.25);
  CHECK(zenit::test::renderedOpacity(box) == Approx(0.25f));
  REQUIRE(box.removeAnimation("fade"));
  s.frame(0.25);
  CHECK(zenit::test::renderedOpacity(box) == 1.0f);
  CHECK_FALSE(box.hasActiveAnimations());
  CHECK_FALSE(box.playAnimation("fade"));
  CHECK_FALSE(box.removeAnimation("fade"));
  CHECK(log.has(Severity::Warning, {"removeAnimation", "fade"}));
}

TEST_CASE("addAnimation: the same name replaces the old animation (seed §8.1)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  box.addAnimation("fade", zenit::test::opacitySetter(1.0f, 0.0f, 1.0f));
  box.playAnimation("fade");
  s.frame(0.5);
  box.addAnimation("fade", zenit::test::opacitySetter(1.0f, 1.0f, 0.0f));
  CHECK_FALSE(stateOf(box, "fade").playing);  // a fresh state
  box.playAnimation("fade");
  s.frame(0.25);
  CHECK(box.getStyle().opacity == Approx(0.75f));
}

TEST_CASE("addAnimation: replacing an animation drops the overlay values the old one held (seed §8.1)",
          "[layout][seed][imperative]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  box.addAnimation("fade", zenit::test::opacityOverlay(0.5f, 0.0f, 0.4f));
  box.playAnimation("fade");
  s.frames(3, 0.25);
  REQUIRE(zenit::test::renderedOpacity(box) == Approx(0.4f));  // held after the end
  REQUIRE_FALSE(s.root.needsUpdate());
  box.addAnimation("fade", zenit::test::opacityOverlay(0.5f, 0.0f, 0.4f));
  CHECK(zenit::test::renderedOpacity(box) == 1.0f);
  s.frame(0.25);
  CHECK(zenit::test::renderedOpacity(box) == 1.0f);
}

// ---------------------------------------------------------------------------
// [SECTION] §11 getInlineBase
// ---------------------------------------------------------------------------

TEST_CASE("getInlineBase: merely calling it marks the node for re-resolve (seed §11)", "[layout][seed]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  s.frames(3, 0.1);
  REQUIRE_FALSE(s.root.needsUpdate());
  const std::uint64_t before = s.resolves();
  (void)box.getInlineBase();  // no write
  CHECK(s.root.needsUpdate());
  s.frame(0.1);
  CHECK(s.resolves() == before + 1);
  s.frames(2, 0.1);
  CHECK_FALSE(s.root.needsUpdate());
  // A write shows after the next frame, as an inline value above the rules.
  box.getInlineBase().opacity = 0.3f;
  s.frame(0.1);
  CHECK(box.getStyle().opacity == Approx(0.3f));
}

}  // namespace
