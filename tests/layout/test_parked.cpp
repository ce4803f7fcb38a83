// The parked list: a node whose update is its CSS animations' steady step
// alone is stepped by its parent from a list, and the tree walk skips it
// (Layout::park / unpark / stepParked). Each case checks that the values,
// events and tree operations are those of the walk: the root, which has no
// parent, never parks and is the reference.
#include "layout/anim_scene.hpp"

#include <zenit/anim/AnimationPlayer.hpp>

#include <cstring>
#include <memory>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::cssAnim;
using zenit::test::renderedOpacity;
using zenit::test::Scene;

constexpr std::string_view kSheet = R"(
@keyframes fade { from { opacity: 0.2; } to { opacity: 0.8; } }
@keyframes slide { 0% { opacity: 0.2; transform: translateX(0px); } 50% { opacity: 1; transform: translateX(30px); }
                   100% { opacity: 0.2; transform: translateX(0px); } }
.box { width: 10px; height: 10px; background-color: #f00; }
.loop { animation: fade 1s linear infinite; }
.pulse { animation: slide 1s ease-out-cubic infinite; }
.still { opacity: 0.5; }
@keyframes drift { from { transform: translateX(0px); } to { transform: translateX(40px); } }
.two { animation: fade 1s linear infinite, drift 1.3s ease-in-out infinite alternate; }
)";

bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The root animates like `n` (same rule, same start), so the two must agree
// bit for bit on every frame: the root takes the walk, `n` the parked list.
void checkAgainstRoot(Scene& s, const Layout& n, int frames, double dt) {
  for (int i = 0; i < frames; ++i) {
    s.frame(dt);
    INFO("frame " << i);
    CHECK(sameBits(renderedOpacity(n), renderedOpacity(s.root)));
    CHECK(sameBits(n.renderedStyle().translateX.px, s.root.renderedStyle().translateX.px));
  }
}

}  // namespace

TEST_CASE("parked: a steady node is stepped from its parent's list, with the walk's values bit for bit",
          "[layout][parked]") {
  Scene s(kSheet);
  s.root.addClass("pulse");
  Layout& n = s.add({"box", "pulse"});
  s.frames(2, 0.016);
  REQUIRE(n.steadyParked());
  CHECK_FALSE(s.root.steadyParked());  // no parent: the root never parks
  CHECK(s.root.needsUpdate());
  // Over several iterations (each end declines the step: a full frame, then
  // parked again) and with uneven steps.
  checkAgainstRoot(s, n, 150, 0.016);
  CHECK(n.steadyParked());
  checkAgainstRoot(s, n, 40, 0.037);
  CHECK(n.steadyParked());
}

TEST_CASE("parked: iteration events of a parked node reach its handler", "[layout][parked]") {
  Scene s(kSheet);
  Layout& n = s.add({"box", "loop"});
  int starts = 0, iterations = 0;
  n.onAnimationEvent = [&](const AnimationEvent& e) {
    if (e.type == AnimationEventType::Start) ++starts;
    if (e.type == AnimationEventType::Iteration) ++iterations;
  };
  s.frames(5, 0.1);
  REQUIRE(n.steadyParked());
  s.frames(21, 0.1);  // 2.6 s in all: two iterations began
  CHECK(starts == 1);
  CHECK(iterations == 2);
  CHECK(n.steadyParked());
}

TEST_CASE("parked: a class change, a hover and an inline style reach a parked node in the next frame",
          "[layout][parked]") {
  Scene s(kSheet);
  Layout& n = s.add({"box", "loop"});
  s.frames(3, 0.1);
  REQUIRE(n.steadyParked());

  n.removeClass("loop");  // the animation goes; the base opacity shows
  CHECK_FALSE(n.steadyParked());
  s.frame(0.1);
  CHECK(cssAnim(n, "fade") == nullptr);
  CHECK(renderedOpacity(n) == 1.0f);

  n.addClass("loop");
  s.frames(3, 0.1);
  REQUIRE(n.steadyParked());
  n.applyStyleAttr("width: 20px");
  CHECK_FALSE(n.steadyParked());
  s.frame(0.1);
  CHECK(n.getStyle().width.px == 20.0f);

  s.frames(2, 0.1);
  REQUIRE(n.steadyParked());
  s.move(5.0f, 5.0f);  // hovered: interaction state changed
  CHECK_FALSE(n.steadyParked());
  s.frames(2, 0.1);
  CHECK(n.steadyParked());  // nothing in the sheet depends on :hover
}

TEST_CASE("parked: update() called on a parked node advances it once, not again from its parent",
          "[layout][parked]") {
  Scene s(kSheet);
  Layout& n = s.add({"box", "loop"});
  s.frames(3, 0.1);
  REQUIRE(n.steadyParked());
  const double before = cssAnim(n, "fade")->elapsed;
  n.update(0.05);  // leaves the list, takes its own steady step, and parks again
  CHECK(cssAnim(n, "fade")->elapsed == before + 0.05);
  s.frame(0.1);
  CHECK(cssAnim(n, "fade")->elapsed == before + 0.05 + 0.1);
}

TEST_CASE("parked: nodes removed, destroyed or moved while parked leave their parent's list",
          "[layout][parked]") {
  Scene s(kSheet);
  Layout& a = s.add({"box", "loop"});
  Layout& b = s.add({"box", "loop"});
  Layout& c = s.add({"box", "loop"});
  Layout& holder = s.add({"box"});
  s.frames(3, 0.1);
  REQUIRE(a.steadyParked());
  REQUIRE(b.steadyParked());
  REQUIRE(c.steadyParked());

  // Removed inside a frame (from a callback of a node the walk visits): it
  // is not stepped again and is destroyed at the frame's end.
  Layout& host = s.add({"box"});
  auto once = std::make_shared<UIAnimation>(0.05f);
  REQUIRE(once->addTrack(Prop::opacity, 0.0f, 1.0f));
  once->onFinished = [&b] { b.removeFromParent(); };
  host.addAnimation("once", once);
  REQUIRE(host.playAnimation("once"));
  s.frames(2, 0.1);
  CHECK(s.root.childCount() == 4);  // a, c, holder, host

  // Moved: detached while parked, added under another node, it runs on there.
  std::unique_ptr<Layout> moved = a.detachFromParent();
  REQUIRE(moved != nullptr);
  CHECK_FALSE(moved->steadyParked());
  const double elapsed = cssAnim(*moved, "fade")->elapsed;
  Layout& m = holder.addChild(std::move(moved));
  s.frames(3, 0.1);
  CHECK(m.steadyParked());
  CHECK(cssAnim(m, "fade")->elapsed > elapsed);

  // Destroyed outside a frame while parked; the survivors keep running.
  c.removeFromParent();
  CHECK(s.root.childCount() == 2);
  s.frames(3, 0.1);
  CHECK(m.steadyParked());
  holder.clearChildren();
  s.frames(2, 0.1);
  CHECK_FALSE(s.root.needsUpdate());  // nothing animates any more
}

TEST_CASE("parked: a child added under a parked node runs, and the node keeps its animation",
          "[layout][parked]") {
  Scene s(kSheet);
  s.root.addClass("pulse");
  Layout& n = s.add({"box", "pulse"});
  s.frames(3, 0.016);
  REQUIRE(n.steadyParked());
  Layout& child = s.add({"box", "loop"}, &n);
  CHECK_FALSE(n.steadyParked());
  checkAgainstRoot(s, n, 30, 0.016);
  CHECK(cssAnim(child, "fade") != nullptr);
  CHECK(child.steadyParked());  // parked in n's list; n has a parked child, so it is visited
  CHECK_FALSE(n.steadyParked());
  checkAgainstRoot(s, n, 80, 0.016);
}

TEST_CASE("parked: reloading the theme declines every parked step, and the nodes follow the new sheet",
          "[layout][parked]") {
  Scene s(kSheet);
  std::vector<Layout*> nodes;
  for (int i = 0; i < 5; ++i) nodes.push_back(&s.add({"box", "loop"}));
  s.frames(3, 0.1);
  for (Layout* n : nodes) REQUIRE(n->steadyParked());
  Theme::get().clear();
  REQUIRE(Theme::get()
              .loadString(R"(@keyframes fade { from { opacity: 0.4; } to { opacity: 0.4; } }
.box { width: 10px; height: 10px; }
.loop { animation: fade 1s linear infinite; })",
                          "reload.zstyle")
              .ok());
  s.frames(2, 0.1);
  for (Layout* n : nodes) CHECK(renderedOpacity(*n) == 0.4f);
}

TEST_CASE("parked: needsUpdate stays true while only parked animations run, false once they end",
          "[layout][parked]") {
  Scene s(R"(@keyframes fade { from { opacity: 0.2; } to { opacity: 0.8; } }
.once { animation: fade 0.5s linear; })");
  Layout& n = s.add({"once"});
  s.frames(2, 0.1);
  REQUIRE(n.steadyParked());
  CHECK(s.root.needsUpdate());
  CHECK(n.needsUpdate());
  int finished = 0;
  n.onAnimationsFinished = [&finished] { ++finished; };
  s.frames(6, 0.1);
  CHECK(finished == 1);
  CHECK_FALSE(n.steadyParked());
  CHECK_FALSE(s.root.needsUpdate());
}

TEST_CASE("parked: a node with two CSS animations is stepped from the list too, with the walk's values",
          "[layout][parked]") {
  Scene s(kSheet);
  s.root.addClass("two");
  Layout& n = s.add({"box", "two"});
  s.frames(2, 0.016);
  REQUIRE(n.steadyParked());
  checkAgainstRoot(s, n, 200, 0.016);  // both iterations end at other frames
  CHECK(n.steadyParked());
}

TEST_CASE("parked: adding an imperative animation takes the node off the list; it then plays",
          "[layout][parked]") {
  Scene s(kSheet);
  Layout& n = s.add({"box", "pulse"});
  s.frames(3, 0.016);
  REQUIRE(n.steadyParked());
  auto a = std::make_shared<UIAnimation>(1.0f);
  REQUIRE(a->addTrack(Prop::scaleX, 1.0f, 3.0f));
  n.addAnimation("grow", a);  // not played yet: the CSS animation alone runs
  CHECK_FALSE(n.steadyParked());
  s.frames(2, 0.016);
  CHECK_FALSE(n.steadyParked());  // the lane runs without imperative animations
  REQUIRE(n.playAnimation("grow"));
  s.frames(30, 1.0 / 60.0);
  CHECK(n.renderedStyle().scaleX == Approx(2.0f).margin(0.1));  // half way, give or take a frame
  CHECK(cssAnim(n, "slide") != nullptr);
}
