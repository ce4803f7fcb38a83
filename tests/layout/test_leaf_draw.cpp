// Leaf runs: a parent whose children are simple leaves records them from the
// slots it kept at the last draw that read them, and only the steady
// animations' overlay values are read again (Layout::drawChildren). Each case
// checks the commands against the same tree drawn with runs off, which reads
// every node, after every kind of change a slot could miss.
//
// [SECTION] Animated and static leaves
// [SECTION] Changes a slot could miss
// [SECTION] Which parents draw a run, and where
// [SECTION] Leaves in transition
// [SECTION] Leaves showing clip slots
// [SECTION] Widgets replayed from their commands
#include "layout/anim_scene.hpp"

#include "anim/steady/Record.hpp"

#include <zenit/detail/LayoutProbe.hpp>
#include "support/alloc_counter.hpp"

#include <zenit/anim/Clip.hpp>
#include <zenit/layout/Flex.hpp>
#include <zenit/widgets/ProgressBar.hpp>
#include <zenit/widgets/Slider.hpp>

#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::allocationsIn;
using zenit::test::Scene;

constexpr std::string_view kSheet = R"(
@keyframes pulse { 0% { opacity: 0.2; transform: translateX(0px); } 50% { opacity: 1; transform: translateX(30px); }
                   100% { opacity: 0.2; transform: translateX(0px); } }
@keyframes fade { from { opacity: 0.1; } to { opacity: 0.9; } }
@keyframes rise { from { transform: translateY(0em); } to { transform: translateY(2em); } }
@keyframes spin { from { transform: rotate(0deg); } to { transform: rotate(90deg); } }
@keyframes hop { 0%, 49% { transform: translateX(0px); } 50%, 100% { transform: translateX(10px); } }
@keyframes creep { 0%, 30% { opacity: 0.3; transform: translateX(0%); } 100% { opacity: 0.6; transform: translateX(40%); } }
Root { flex-wrap: wrap; }
.box { width: 10px; height: 10px; background-color: #f00; }
.pulse { animation: pulse 1s ease-out-cubic infinite; }
.fade { animation: fade 0.7s linear infinite alternate; }
.once { animation: fade 0.4s linear; }
.rise { animation: rise 0.9s linear infinite; font-size: 12px; }
.spin { animation: spin 1s linear infinite; }
.blue { background-color: #00f; }
.shifted { transform: translateX(3px) translateY(1.5em); }
.dim { opacity: 0.5; }
.hidden { opacity: 0; }
.gone { display: none; }
.round { border-radius: 3px; }
.holder { width: 200px; height: 50px; flex-wrap: wrap; background-color: #888; }
.hop { animation: hop 0.5s linear infinite; }
.creep { animation: creep 0.8s linear infinite; }
.wide { width: 25px; }
:hover.box { background-color: #0f0; }
)";

// The tree under `root` drawn with leaf runs off: every node read anew.
DrawList drawnWithoutRuns(const Layout& root) {
  detail::LayoutProbe::setLeafRuns(false);
  DrawList ref;
  root.draw(ref);
  detail::LayoutProbe::setLeafRuns(true);
  return ref;
}

bool sameBits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }

// Field by field, floats bit for bit: the union's bytes past the payload
// of the command's op are not part of it.
bool sameCommand(const DrawCmd& x, const DrawCmd& y) {
  if (x.op != y.op || x.state != y.state) return false;
  switch (x.op) {
    case DrawOp::Rect: {
      const RectCmd& a = x.rect;
      const RectCmd& b = y.rect;
      return sameBits(a.rect.x, b.rect.x) && sameBits(a.rect.y, b.rect.y) && sameBits(a.rect.w, b.rect.w) &&
             sameBits(a.rect.h, b.rect.h) && a.radii == b.radii && a.fill == b.fill && a.border == b.border &&
             sameBits(a.borderWidth, b.borderWidth);
    }
    case DrawOp::PushOpacity: return sameBits(x.opacity.opacity, y.opacity.opacity);
    case DrawOp::PushTransform: {
      const Affine2D& a = x.transform.local;
      const Affine2D& b = y.transform.local;
      return sameBits(a.a, b.a) && sameBits(a.b, b.b) && sameBits(a.c, b.c) && sameBits(a.d, b.d) &&
             sameBits(a.e, b.e) && sameBits(a.f, b.f);
    }
    case DrawOp::PopOpacity:
    case DrawOp::PopTransform: return true;
    default: return false;  // these scenes record no other command
  }
}

bool sameCommands(const DrawList& a, const DrawList& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (sameCommand(a.commands()[i], b.commands()[i])) continue;
    const RectCmd& x = a.commands()[i].rect;
    const RectCmd& y = b.commands()[i].rect;
    UNSCOPED_INFO("command " << i << ": " << x.rect.x << "," << x.rect.y << " alpha " << int(x.fill.a)
                             << " / " << y.rect.x << "," << y.rect.y << " alpha " << int(y.fill.a));
    return false;
  }
  return true;
}

// One frame of the scene, checked against the same tree drawn without runs.
void frameAndCheck(Scene& s, double dt) {
  s.frame(dt);
  const DrawList ref = drawnWithoutRuns(s.root);
  CHECK(s.list.size() == ref.size());
  CHECK(sameCommands(s.list, ref));
}

void addBoxes(Scene& s, int n, std::initializer_list<std::string_view> classes) {
  for (int i = 0; i < n; ++i) s.add(classes);
}

int countClipRecords(const std::vector<Layout*>& nodes) {
  int n = 0;
  for (const Layout* x : nodes) n += detail::LayoutProbe::listedAs(*x) == steady::Kind::Clip ? 1 : 0;
  return n;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Animated and static leaves
// ---------------------------------------------------------------------------

TEST_CASE("leaf run: animated leaves are drawn from the run, as each draws alone, frame by frame",
          "[layout][leafrun]") {
  Scene s(kSheet);
  addBoxes(s, 6, {"box", "pulse"});
  addBoxes(s, 3, {"box", "fade"});
  addBoxes(s, 3, {"box", "rise"});
  addBoxes(s, 2, {"box"});
  addBoxes(s, 2, {"box", "shifted", "dim"});
  addBoxes(s, 2, {"box", "creep"});  // a percentage, held at 0% (no px, no em) while the run is built
  s.frames(2, 0.016);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
  // Over iteration ends and with uneven steps.
  for (int i = 0; i < 150; ++i) frameAndCheck(s, 0.016);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
  for (int i = 0; i < 40; ++i) frameAndCheck(s, 0.037);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
  CHECK(s.list.size() == 18);
}

TEST_CASE("leaf run: a static tree is drawn from its run, without allocating", "[layout][leafrun]") {
  Scene s(kSheet);
  addBoxes(s, 20, {"box"});
  addBoxes(s, 4, {"box", "blue", "shifted"});
  s.frames(2, 0.016);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
  frameAndCheck(s, 0.016);
  CHECK(allocationsIn([&] { s.frames(5, 0.016); }) == 0);
  frameAndCheck(s, 0.016);
}

// ---------------------------------------------------------------------------
// [SECTION] Changes a slot could miss
// ---------------------------------------------------------------------------

TEST_CASE("leaf run: a class, hover, inline style or display change shows in the next draw",
          "[layout][leafrun]") {
  Scene s(kSheet);
  addBoxes(s, 10, {"box", "pulse"});
  addBoxes(s, 4, {"box"});
  s.frames(2, 0.016);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
  Layout& animated = s.root.child(3);
  Layout& still = s.root.child(11);

  still.addClass("blue");
  CHECK_FALSE(detail::LayoutProbe::drawsLeafRun(s.root));
  frameAndCheck(s, 0.016);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));

  animated.addClass("blue");  // a parked node: unparked, restyled, parked again
  frameAndCheck(s, 0.016);
  frameAndCheck(s, 0.016);
  CHECK(detail::LayoutProbe::listed(animated));

  const Rect r = still.box.viewRect;
  s.move(r.x + 1.0f, r.y + 1.0f);  // hover turns it green
  frameAndCheck(s, 0.016);
  s.move(500.0f, 500.0f);
  frameAndCheck(s, 0.016);

  still.applyStyleAttr("background-color: #123456; opacity: 0.4");
  frameAndCheck(s, 0.016);
  animated.addClass("gone");  // display: none: no command, the others move up
  frameAndCheck(s, 0.016);
  CHECK(animated.box.displayNone);
  CHECK(s.list.size() == 13);
  animated.removeClass("gone");
  s.root.child(12).addClass("hidden");  // opacity 0 draws nothing
  frameAndCheck(s, 0.016);
  CHECK(s.list.size() == 13);
  frameAndCheck(s, 0.016);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
}

// The draw alone, with no frame before it: no update, no layout.
void drawAndCheck(Scene& s) {
  s.list.reset();
  s.root.draw(s.list);
  CHECK(sameCommands(s.list, drawnWithoutRuns(s.root)));
}

TEST_CASE("leaf run: changes between the update and the draw are drawn as the node stands",
          "[layout][leafrun]") {
  Scene s(kSheet);
  addBoxes(s, 8, {"box", "fade"});
  addBoxes(s, 6, {"box"});
  s.frames(3, 0.016);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
  s.root.child(5).addClass("blue");  // not resolved before the next update
  drawAndCheck(s);
  frameAndCheck(s, 0.016);

  // The tree changed, not yet laid out: gone and moved nodes are not drawn
  // from slots that outlived them (nor read through their players).
  s.root.child(2).removeFromParent();
  drawAndCheck(s);
  s.root.child(9).removeFromParent();
  drawAndCheck(s);
  std::unique_ptr<Layout> moved = s.root.child(0).detachFromParent();
  drawAndCheck(s);
  std::unique_ptr<Layout> still = s.root.child(8).detachFromParent();
  drawAndCheck(s);
  s.root.child(7).addChild(std::move(still));  // a still leaf gains a child
  drawAndCheck(s);
  s.root.addChild(std::move(moved));
  drawAndCheck(s);
  CHECK(s.list.size() == 12);
  s.root.child(7).clearChildren();
  drawAndCheck(s);
  frameAndCheck(s, 0.016);
  s.root.clearChildren();
  drawAndCheck(s);
  CHECK(s.list.empty());

  // Still children alone (parked ones, destroyed, would leave the list and
  // tell the parent anyway), under a rounded holder: with no children left
  // it is still drawn by drawNode, which reaches drawChildren.
  Layout& holder = s.add({"holder", "round"});
  for (int i = 0; i < 9; ++i) s.add({"box"}, &holder);
  frameAndCheck(s, 0.016);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(holder));
  holder.clearChildren();
  drawAndCheck(s);
  CHECK(s.list.size() == 1);
}

TEST_CASE("leaf run: a finite animation that ends leaves the base values drawn", "[layout][leafrun]") {
  Scene s(kSheet);
  addBoxes(s, 10, {"box", "once"});
  s.frames(3, 0.05);
  REQUIRE(detail::LayoutProbe::listed(s.root.child(0)));
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
  for (int i = 0; i < 12; ++i) frameAndCheck(s, 0.05);  // ends at 0.4 s; fill: none
  CHECK_FALSE(s.root.child(0).needsUpdate());
  CHECK(s.list.commands()[0].rect.fill.a == 255);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
}

TEST_CASE("leaf run: added, removed, detached and cleared children", "[layout][leafrun]") {
  // Still children too: a parked one also leaves its parent's list, which
  // would hide a change the run missed.
  Scene s(kSheet);
  addBoxes(s, 6, {"box", "pulse"});
  addBoxes(s, 6, {"box"});
  s.frames(2, 0.016);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));

  s.add({"box", "blue"});
  frameAndCheck(s, 0.016);
  CHECK(s.list.size() == 13);

  s.root.child(2).removeFromParent();  // between frames: destroyed at once
  frameAndCheck(s, 0.016);
  s.root.child(8).removeFromParent();
  frameAndCheck(s, 0.016);
  CHECK(s.list.size() == 11);

  std::unique_ptr<Layout> moved = s.root.child(0).detachFromParent();
  REQUIRE(moved != nullptr);
  frameAndCheck(s, 0.016);
  std::unique_ptr<Layout> still = s.root.child(7).detachFromParent();
  REQUIRE(still != nullptr);
  frameAndCheck(s, 0.016);
  CHECK(s.list.size() == 9);

  // A leaf that gains a child is no simple leaf any more: a still one here
  // (a parked one would leave the list and tell its parent anyway).
  Layout& host = s.root.child(6);
  REQUIRE_FALSE(host.needsUpdate());
  host.addChild(std::move(still));
  frameAndCheck(s, 0.016);
  frameAndCheck(s, 0.016);
  CHECK(s.list.size() == 10);
  CHECK_FALSE(detail::LayoutProbe::drawsLeafRun(s.root));
  s.root.addChild(std::move(moved));

  // Removed from a callback while the frame runs: hidden at once.
  auto once = std::make_shared<UIAnimation>(0.01f);
  REQUIRE(once->addTrack(Prop::opacity, 0.0f, 1.0f));
  Layout& victim = s.root.child(7);
  REQUIRE_FALSE(victim.needsUpdate());
  Layout& trigger = s.root.child(1);
  once->onFinished = [&victim] { victim.removeFromParent(); };
  trigger.addAnimation("once", once);
  REQUIRE(trigger.playAnimation("once"));
  frameAndCheck(s, 0.016);
  frameAndCheck(s, 0.016);
  CHECK(s.root.childCount() == 9);

  // Cleared between frames, with nothing added after.
  host.clearChildren();
  frameAndCheck(s, 0.016);
  s.root.clearChildren();
  frameAndCheck(s, 0.016);
  CHECK(s.list.empty());
  addBoxes(s, 9, {"box", "fade"});
  frameAndCheck(s, 0.016);
  frameAndCheck(s, 0.016);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
}

TEST_CASE("leaf run: a new layout and a theme reload are drawn anew", "[layout][leafrun]") {
  Scene s(kSheet);
  addBoxes(s, 10, {"box", "pulse"});
  addBoxes(s, 4, {"box"});
  s.frames(3, 0.016);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));

  // A narrower viewport wraps the row: every rectangle moves.
  UIContext::get().viewport = Size{45.0f, 600.0f};
  UIContext::get().requestLayout();
  frameAndCheck(s, 0.016);  // laid out at the end of this frame's update, before the draw
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));  // built again for the new layout
  frameAndCheck(s, 0.016);
  CHECK(s.root.child(13).box.rect.y > 0.0f);

  s.root.child(2).addClass("wide");  // a layout property: the siblings after it move
  frameAndCheck(s, 0.016);
  frameAndCheck(s, 0.016);

  REQUIRE(Theme::get()
              .loadString(".box { width: 10px; height: 10px; background-color: #0ff; }", "second.zstyle")
              .ok());
  frameAndCheck(s, 0.016);
  frameAndCheck(s, 0.016);
  CHECK(s.list.commands()[13].rect.fill == Rgba8{0, 255, 255, 255});
}

// ---------------------------------------------------------------------------
// [SECTION] Which parents draw a run, and where
// ---------------------------------------------------------------------------

TEST_CASE(
    "leaf run: a child that is no simple leaf, or one the walk visits, keeps the children drawn one by one",
    "[layout][leafrun]") {
  Scene s(kSheet);
  addBoxes(s, 10, {"box", "pulse"});
  Layout& odd = s.add({"box", "round"});
  s.frames(3, 0.016);
  CHECK_FALSE(detail::LayoutProbe::drawsLeafRun(s.root));
  for (int i = 0; i < 5; ++i) frameAndCheck(s, 0.016);
  odd.removeClass("round");
  frameAndCheck(s, 0.016);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));

  // Rotation keeps a leaf off the folded path: drawn by drawNode.
  odd.addClass("spin");
  for (int i = 0; i < 3; ++i) frameAndCheck(s, 0.016);
  CHECK_FALSE(detail::LayoutProbe::drawsLeafRun(s.root));
  odd.removeClass("spin");

  // An imperative animation: the node is visited every frame, its overlay
  // changes outside the steady lane.
  auto a = std::make_shared<UIAnimation>(0.5f);
  REQUIRE(a->addTrack(Prop::opacity, 0.1f, 0.9f));
  a->iterations = std::numeric_limits<double>::infinity();
  odd.addAnimation("blink", a);
  REQUIRE(odd.playAnimation("blink"));
  for (int i = 0; i < 20; ++i) frameAndCheck(s, 0.016);
  CHECK(odd.needsUpdate());
}

TEST_CASE("leaf run: a parent drawn at another origin records its run there", "[layout][leafrun]") {
  Scene s(kSheet);
  s.add({"box"});
  Layout& holder = s.add({"holder", "hop"});
  for (int i = 0; i < 9; ++i) s.add({"box", "fade"}, &holder);
  s.frames(3, 0.05);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(holder));
  // The holder's translation jumps between 0 (its children drawn in the
  // root's coordinates, at its position) and 10px (drawn in its own, under
  // a transform): the origin of its children's run changes each time.
  int jumps = 0;
  bool shifted = false;
  for (int i = 0; i < 40; ++i) {
    frameAndCheck(s, 0.05);
    const bool now = holder.renderedStyle().translateX.px != 0.0f;
    jumps += now != shifted ? 1 : 0;
    shifted = now;
  }
  CHECK(jumps >= 4);
  CHECK(detail::LayoutProbe::drawsLeafRun(holder));
  // Drawn on its own, the holder keeps its place in the viewport.
  DrawList alone;
  holder.draw(alone);
  detail::LayoutProbe::setLeafRuns(false);
  DrawList aloneRef;
  holder.draw(aloneRef);
  detail::LayoutProbe::setLeafRuns(true);
  CHECK(sameCommands(alone, aloneRef));
}

TEST_CASE("leaf run: a child that loses its last child is a simple leaf again, and the run comes back",
          "[layout][leafrun]") {
  Scene s(kSheet);
  addBoxes(s, 9, {"box"});
  Layout& host = s.root.child(4);
  s.add({"box"}, &host);
  s.add({"box"}, &host);
  frameAndCheck(s, 0.016);
  frameAndCheck(s, 0.016);
  CHECK_FALSE(detail::LayoutProbe::drawsLeafRun(s.root));
  host.child(0).removeFromParent();
  frameAndCheck(s, 0.016);
  CHECK_FALSE(detail::LayoutProbe::drawsLeafRun(s.root));
  host.clearChildren();
  frameAndCheck(s, 0.016);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
  s.add({"box"}, &host);
  frameAndCheck(s, 0.016);
  host.child(0).removeFromParent();
  frameAndCheck(s, 0.016);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
}

TEST_CASE(
    "leaf run: a parent needs 8 children for a run, and setLeafRuns(false) keeps every parent without one",
    "[layout][leafrun]") {
  Scene s(kSheet);
  addBoxes(s, 7, {"box", "fade"});
  frameAndCheck(s, 0.016);
  frameAndCheck(s, 0.016);
  CHECK_FALSE(detail::LayoutProbe::drawsLeafRun(s.root));
  s.add({"box", "fade"});
  frameAndCheck(s, 0.016);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));

  detail::LayoutProbe::setLeafRuns(false);
  CHECK_FALSE(detail::LayoutProbe::leafRuns());
  s.add({"box"});
  s.frames(3, 0.016);  // drawn with runs off: nothing is built
  const bool builtWhileOff = detail::LayoutProbe::drawsLeafRun(s.root);
  detail::LayoutProbe::setLeafRuns(true);
  CHECK_FALSE(builtWhileOff);
  frameAndCheck(s, 0.016);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
}

// ---------------------------------------------------------------------------
// [SECTION] Leaves in transition
// ---------------------------------------------------------------------------

// Each section changes one thing a slot holds while the leaves transition
// parked, on a few of twelve boxes: a change the run misses shows as a
// difference from the tree drawn without runs (no other box makes the
// parent build its run again in the meantime).
TEST_CASE("leaf run: leaves in transition are drawn from the run, as each draws alone, frame by frame",
          "[layout][leafrun][transition]") {
  Scene s(R"(
Root { flex-wrap: wrap; }
.tr { width: 10px; height: 10px; background-color: #f00; opacity: 0.2; font-size: 10px;
      transition: opacity 0.3s, transform 0.2s ease-out, background-color 0.25s linear; }
.lit { opacity: 1; }
.moved { transform: translateX(6px) translateY(1.5em); }
.nudged { transform: translateX(6px); }
.far { transform: translateX(50%); }
.farLater { transform: translateX(50%); transition: transform 0.2s 0.05s ease-out; }
.tint { background-color: #0f0; }
.out { opacity: 0; }
.over { transition: opacity 0.4s cubic-bezier(0.3, 4, 0.6, -1); }
.spin { transform: rotate(20deg); }
)");
  std::vector<Layout*> boxes;
  for (int i = 0; i < 12; ++i) boxes.push_back(&s.add({"tr"}));
  s.frames(2, 1.0 / 60.0);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
  const auto set = [&](std::string_view cls, bool on) {
    for (Layout* b : {boxes[2], boxes[5], boxes[9]}) on ? b->addClass(cls) : b->removeClass(cls);
  };
  // On, half way off again (reversed), then on to the end.
  const auto there = [&](std::string_view cls) {
    set(cls, true);
    for (int i = 0; i < 9; ++i) frameAndCheck(s, 1.0 / 60.0);
    CHECK((detail::LayoutProbe::listedAs(*boxes[2]) == steady::Kind::Transitions));
    set(cls, false);
    for (int i = 0; i < 30; ++i) frameAndCheck(s, 0.019);
    set(cls, true);
    for (int i = 0; i < 30; ++i) frameAndCheck(s, 1.0 / 60.0);
    CHECK_FALSE(boxes[2]->inTransition());
    set(cls, false);  // from the end: the run is built at the start value
    for (int i = 0; i < 30; ++i) frameAndCheck(s, 1.0 / 60.0);
  };
  SECTION("the translation leaves 0 and comes back") { there("moved"); }
  SECTION("a translation in px moves to a percentage and back") {
    for (Layout* b : {boxes[2], boxes[5], boxes[9]}) b->addClass("nudged");
    for (int i = 0; i < 30; ++i) frameAndCheck(s, 1.0 / 60.0);
    // Built again with the boxes idle, their slots add the px parts alone.
    boxes[0]->applyStyleAttr("width: 10px");
    frameAndCheck(s, 1.0 / 60.0);
    REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
    there("far");
  }
  SECTION("a translation in px moves to a percentage after a delay, the run standing meanwhile") {
    for (Layout* b : {boxes[2], boxes[5], boxes[9]}) b->addClass("nudged");
    for (int i = 0; i < 30; ++i) frameAndCheck(s, 1.0 / 60.0);
    boxes[0]->applyStyleAttr("width: 10px");
    frameAndCheck(s, 1.0 / 60.0);
    REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
    there("farLater");
  }
  SECTION("the colour changes") { there("tint"); }
  SECTION("the opacity reaches 0, where nothing is drawn, and leaves it") { there("out"); }
  SECTION("the opacity ends at 1, a plain box") { there("lit"); }
  SECTION("a rotation (rotated leaves are drawn one by one)") { there("spin"); }
  SECTION("an overshooting opacity is clamped at 1 while the run is built, then falls") {
    for (Layout* b : boxes) b->addClass("over");
    s.frame(1.0 / 60.0);
    set("lit", true);
    int plain = 0;
    for (int i = 0; i < 30; ++i) {
      // The run is built again while the boxes are clamped to 1 (opaque:
      // plain boxes), when another box is restyled (to no change; a class
      // that changes nothing would leave the run standing).
      if (boxes[2]->getStyle().opacity == 1.0f && plain++ == 1) boxes[0]->applyStyleAttr("width: 10px");
      frameAndCheck(s, 1.0 / 60.0);
    }
    CHECK(plain > 2);
  }
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
}

// One-property fades, which the parent steps four entries at a time
// (runs of `ease` and `ease-in-out` solve side by side), drawn from the run
// every frame: reversed, faded out to 0 (where a slot draws nothing) and
// back, and to 1 (an opaque plain box) and back.
TEST_CASE("leaf run: one-property fades stepped in batches are drawn as each draws alone",
          "[layout][leafrun][transition]") {
  Scene s(R"(
Root { flex-wrap: wrap; }
.u { width: 10px; height: 10px; background-color: #f00; opacity: 0.2; transition: opacity 0.3s; }
.io { transition: opacity 0.25s ease-in-out; }
.late { transition: opacity 0.3s 0.05s; }
.lit { opacity: 1; }
.out { opacity: 0; }
.half { opacity: 0.6; }
)");
  std::vector<Layout*> boxes;
  boxes.reserve(14);
  for (int i = 0; i < 14; ++i) {
    Layout& b = s.add({"u"});
    if (i >= 4 && i < 8) b.addClass("io");
    if (i == 9) b.addClass("late");
    boxes.push_back(&b);
  }
  s.frames(2, 1.0 / 60.0);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
  const auto each = [&](int step, const auto& f) {
    for (std::size_t i = 0; i < boxes.size(); i += static_cast<std::size_t>(step)) f(*boxes[i]);
  };
  each(1, [](Layout& b) { b.addClass("half"); });
  for (int i = 0; i < 8; ++i) frameAndCheck(s, 1.0 / 60.0);
  CHECK((detail::LayoutProbe::listedAs(*boxes[0]) == steady::Kind::Transitions));
  each(2, [](Layout& b) { b.addClass("out"); });
  each(3, [](Layout& b) { b.addClass("lit"); });
  for (int i = 0; i < 25; ++i) frameAndCheck(s, 1.0 / 60.0);
  each(2, [](Layout& b) { b.removeClass("out"); });
  for (int i = 0; i < 6; ++i) frameAndCheck(s, 0.021);
  each(3, [](Layout& b) { b.removeClass("lit"); });
  for (int i = 0; i < 30; ++i) frameAndCheck(s, 1.0 / 60.0);
  CHECK_FALSE(boxes[0]->inTransition());
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
}

// A fade's class change leaves the run standing (the transition starts
// from the value shown), the parked node's slot reads the list's copy, and
// the node's end puts it back on its current style (Layout::patchRunSlot),
// so a whole cycle builds no run. Fades of two lengths end apart, so the
// list moves its last entry into each hole, and nodes park again into the
// places they left. A fade turned back half way (its parked node restyled)
// builds the run again. Each frame is drawn as each draws alone.
TEST_CASE("leaf run: fades started and ended by class changes keep the run, drawn as each draws alone",
          "[layout][leafrun][transition]") {
  Scene s(R"(
Root { flex-wrap: wrap; }
.u { width: 10px; height: 10px; background-color: #f00; opacity: 0.2; transition: opacity 0.3s; }
.short { transition: opacity 0.15s ease-in-out; }
.on { opacity: 1; }
.out { opacity: 0; }
)");
  std::vector<Layout*> boxes;
  boxes.reserve(12);
  for (int i = 0; i < 12; ++i) {
    Layout& b = s.add({"u"});
    if (i % 3 == 1) b.addClass("short");
    boxes.push_back(&b);
  }
  s.frames(2, 1.0 / 60.0);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
  const auto toggle = [&](std::string_view cls, std::size_t from, std::size_t step) {
    for (std::size_t i = from; i < boxes.size(); i += step) boxes[i]->toggleClass(cls);
  };
  toggle("on", 0, 1);  // the list grows into new storage: built once
  for (int i = 0; i < 30; ++i) frameAndCheck(s, 1.0 / 60.0);
  REQUIRE_FALSE(boxes[0]->inTransition());
  const std::uint64_t built = detail::LayoutProbe::leafRunsBuilt();
  for (int cycle = 0; cycle < 3; ++cycle) {
    INFO("cycle " << cycle);
    toggle("on", 0, 1);  // from plain boxes (at 1) to 0.2, and back
    for (int i = 0; i < 30; ++i) frameAndCheck(s, 1.0 / 60.0);
    toggle("on", static_cast<std::size_t>(cycle), 2);
    for (int i = 0; i < 30; ++i) frameAndCheck(s, 1.0 / 60.0);
    toggle("out", 1, 2);  // to 0, where a slot draws nothing, and back
    for (int i = 0; i < 25; ++i) frameAndCheck(s, 1.0 / 60.0);
    toggle("out", 1, 2);
    for (int i = 0; i < 25; ++i) frameAndCheck(s, 1.0 / 60.0);
  }
  CHECK(detail::LayoutProbe::leafRunsBuilt() == built);
  toggle("on", 0, 1);
  for (int i = 0; i < 4; ++i) frameAndCheck(s, 1.0 / 60.0);
  toggle("on", 0, 4);  // turned back half way
  for (int i = 0; i < 30; ++i) frameAndCheck(s, 1.0 / 60.0);
  CHECK(detail::LayoutProbe::leafRunsBuilt() > built);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
}

// A run built while parked fades sit at 1 (plain boxes) or at 0 (nothing
// drawn, here in a delay) gives them slots that read the list's copy, so
// the fade that goes on needs no other run.
TEST_CASE("leaf run: a run built while parked fades sit at 1 or at 0 draws them as they go on",
          "[layout][leafrun][transition]") {
  Scene s(R"(
Root { flex-wrap: wrap; }
.u { width: 10px; height: 10px; background-color: #f00; opacity: 1; transition: opacity 0.3s 0.1s; }
.dim { opacity: 0.3; }
.hidden { opacity: 0; }
)");
  std::vector<Layout*> boxes;
  boxes.reserve(10);
  for (int i = 0; i < 10; ++i) boxes.push_back(&s.add({"u"}));
  boxes[7]->addClass("hidden");
  s.frames(2, 1.0 / 60.0);
  for (int i = 0; i < 7; ++i) boxes[static_cast<std::size_t>(i)]->addClass("dim");
  boxes[7]->removeClass("hidden");
  frameAndCheck(s, 1.0 / 60.0);  // parked, in their delay: at 1, and at 0
  REQUIRE((detail::LayoutProbe::listedAs(*boxes[0]) == steady::Kind::Transitions));
  REQUIRE((detail::LayoutProbe::listedAs(*boxes[7]) == steady::Kind::Transitions));
  boxes[9]->applyStyleAttr("width: 10px");  // the run is built again now
  for (int i = 0; i < 30; ++i) frameAndCheck(s, 1.0 / 60.0);
  CHECK_FALSE(boxes[0]->inTransition());
  CHECK(boxes[7]->getStyle().opacity == 1.0f);
}

// ---------------------------------------------------------------------------
// [SECTION] Leaves showing clip slots
// ---------------------------------------------------------------------------

// Leaves whose opacity and translation a clip's slots replace are stepped
// from Clip records and drawn from the run, their translation added as px;
// slots that start, stop and hold, and a pause, draw what the walk draws.
TEST_CASE("leaf run: leaves showing clip slots draw what the walk draws", "[layout][leafrun][clip]") {
  Scene s(kSheet);
  std::vector<Layout*> boxes;
  for (int i = 0; i < 10; ++i) boxes.push_back(&s.add({"box", i % 3 == 0 ? "shifted" : "box"}));
  auto clip = std::make_shared<Clip>();
  std::vector<ClipBinding> bindings;
  for (std::uint32_t i = 0; i < 10; ++i) {
    ClipTrack fade;
    fade.slot = 2 * i;
    fade.position = ClipPosition::at(0.03 * i);
    fade.timing.iterationDuration = 0.25;
    fade.timing.iterationCount = 2.5;
    fade.timing.direction = PlaybackDirection::Alternate;
    fade.timing.fill = i % 2 ? FillMode::None : FillMode::Both;  // odd ones stop showing at their end
    fade.keyframes = {ClipKeyframe{0.0, {0.1f}, TransitionFunction::EaseOutCubic},
                      ClipKeyframe{1.0, {1.0f}, {}}};
    ClipTrack slide = fade;
    slide.slot = 2 * i + 1;
    slide.position = ClipPosition::withPrevious();
    slide.keyframes = {ClipKeyframe{0.0, {-4.0f}, {}}, ClipKeyframe{1.0, {12.5f}, {}}};
    REQUIRE(clip->addTrack(fade));
    REQUIRE(clip->addTrack(slide));
    bindings.push_back(ClipBinding{2 * i, boxes[i], Prop::opacity});
    bindings.push_back(ClipBinding{2 * i + 1, boxes[i], Prop::translateX});
  }
  REQUIRE(clip->seal());
  const std::shared_ptr<ClipPlayer> p = UIContext::get().playClip(clip, bindings);
  REQUIRE(p);
  int parked = 0;
  for (int f = 0; f < 60; ++f) {
    INFO("frame " << f);
    frameAndCheck(s, 1.0 / 60.0);
    if (f == 20) p->pause();
    if (f == 24) p->play();
    parked += countClipRecords(boxes);
  }
  CHECK(parked > 200);  // most frames step most boxes from their records
  CHECK(p->state() == ClipPlayState::Finished);
}

// ---------------------------------------------------------------------------
// [SECTION] Widgets replayed from their commands
// ---------------------------------------------------------------------------

namespace {
constexpr std::string_view kWidgetSheet = R"(
@keyframes knobGlow { 0% { color: #d6ff32; } 50% { color: #ffffff; } 100% { color: #d6ff32; } }
@keyframes blink { from { background-color: rgba(255, 0, 0, 0); } to { background-color: #f00; } }
@keyframes grow { from { width: 10px; } to { width: 16px; } }
@keyframes ring { from { border-color: #00f; } to { border-color: #0f0; } }
@keyframes pulse { 0% { opacity: 0.2; } 50% { opacity: 1; } 100% { opacity: 0.2; } }
Root { flex-wrap: wrap; }
Slider, ProgressBar { width: 40px; height: 20px; background-color: #222; }
.box { width: 10px; height: 10px; background-color: #f00; }
.pulse { animation: pulse 1s linear infinite; }
Slider:hover::knob { animation: knobGlow 0.6s ease-in-out infinite; }
Slider.blink:hover::track { animation: blink 0.5s steps(2) infinite; }
Slider.grow:hover::knob { animation: grow 0.5s linear infinite; }
Slider.ring::knob { border-width: 3px; }
Slider.ring:hover::knob { animation: ring 0.4s linear infinite alternate; }
@keyframes tint { from { background-color: #00f; } to { background-color: rgba(0, 255, 255, 0.5); } }
ProgressBar:hover::fill { animation: tint 0.5s linear infinite; }
)";

std::vector<Slider*> addSliders(Scene& s, int n, std::initializer_list<std::string_view> classes) {
  std::vector<Slider*> out;
  for (int i = 0; i < n; ++i) {
    Slider& w = s.add<Slider>(classes, nullptr, 0.0f, 1.0f, 0.1f * static_cast<float>(i));
    w.setHovered(true);
    out.push_back(&w);
  }
  return out;
}
}  // namespace

TEST_CASE("leaf run: sliders whose knobs glow are replayed from their commands, as each draws alone",
          "[layout][leafrun][parts]") {
  // Seed §5.4's knob glow on parked sliders, among leaves that fade.
  Scene s(kWidgetSheet);
  const std::vector<Slider*> sliders = addSliders(s, 8, {});
  addBoxes(s, 3, {"box", "pulse"});
  addBoxes(s, 2, {"box"});
  s.frames(4, 1.0 / 60.0);
  REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
  // 100 frames: every knob rolls into a new iteration several times.
  for (int f = 0; f < 100; ++f) {
    INFO("frame " << f);
    frameAndCheck(s, 1.0 / 60.0);
    REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
  }
  CHECK(allocationsIn([&] { s.frames(5, 1.0 / 60.0); }) == 0);
  frameAndCheck(s, 1.0 / 60.0);
  // A new value redraws that slider: its knob moves in the next draw.
  sliders[3]->setValue(0.9f);
  frameAndCheck(s, 1.0 / 60.0);
  frameAndCheck(s, 1.0 / 60.0);
  s.frames(2, 1.0 / 60.0);
  CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
  // Unhovered, the glow ends: the knob is white again.
  for (Slider* w : sliders) w->setHovered(false);
  for (int f = 0; f < 4; ++f) frameAndCheck(s, 1.0 / 60.0);
}

TEST_CASE("leaf run: a part whose fill comes and goes draws anew whenever its box changes form",
          "[layout][leafrun][parts]") {
  // The track blinks between transparent (no command) and red: a replay
  // whose tap declines draws the slider anew, and the run is built again.
  Scene s(kWidgetSheet);
  addSliders(s, 9, {"blink"});
  s.frames(4, 1.0 / 60.0);
  const std::uint64_t built = detail::LayoutProbe::leafRunsBuilt();
  std::size_t fewest = 1000, most = 0;
  for (int f = 0; f < 90; ++f) {
    INFO("frame " << f);
    frameAndCheck(s, 1.0 / 60.0);
    fewest = std::min(fewest, s.list.size());
    most = std::max(most, s.list.size());
  }
  CHECK(fewest < most);  // the tracks did come and go
  CHECK(detail::LayoutProbe::leafRunsBuilt() > built + 2);
}

TEST_CASE("leaf run: borders that animate are re-derived; a part that moves is drawn anew",
          "[layout][leafrun][parts]") {
  SECTION("a knob's border colour") {
    Scene s(kWidgetSheet);
    addSliders(s, 8, {"ring"});
    s.frames(4, 1.0 / 60.0);
    REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
    for (int f = 0; f < 60; ++f) frameAndCheck(s, 1.0 / 60.0);
    CHECK(detail::LayoutProbe::drawsLeafRun(s.root));
  }
  SECTION("a knob's width: the run declines, each slider is drawn on its own") {
    Scene s(kWidgetSheet);
    addSliders(s, 8, {"grow"});
    s.frames(4, 1.0 / 60.0);
    CHECK_FALSE(detail::LayoutProbe::drawsLeafRun(s.root));
    for (int f = 0; f < 40; ++f) frameAndCheck(s, 1.0 / 60.0);
  }
  SECTION("progress bars whose fills change colour") {
    Scene s(kWidgetSheet);
    for (int i = 0; i < 8; ++i)
      s.add<ProgressBar>({}, nullptr, 0.125f * static_cast<float>(i + 1)).setHovered(true);
    s.frames(4, 1.0 / 60.0);
    REQUIRE(detail::LayoutProbe::drawsLeafRun(s.root));
    for (int f = 0; f < 40; ++f) frameAndCheck(s, 1.0 / 60.0);
  }
}
