// The parked list: a node whose update is its CSS animations' steady step
// alone is stepped by its parent from a list, and the tree walk skips it
// (detail::LayoutAccess::park / unpark / stepList). Each case checks that
// the values, events and tree operations are those of the walk: the root,
// which has no parent, never parks and is the reference.
//
// [SECTION] Parked CSS animations: values, events, state and tree changes
// [SECTION] Parked imperative animations
// [SECTION] Parked transitions
// [SECTION] Unchanged imperative animations (UIAnimation::unchangedWhilePlaying)
// [SECTION] OneCss records
// [SECTION] Parked part animations
#include "layout/anim_scene.hpp"

#include "anim/steady/Record.hpp"

#include <zenit/detail/LayoutProbe.hpp>

#include <zenit/anim/AnimationPlayer.hpp>
#include <zenit/widgets/Slider.hpp>

#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::cssAnim;
using zenit::test::opacityOverlay;
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
.swing { animation: slide 0.25s ease-in-out -0.1s 9 alternate-reverse; }
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

// Runs `frames` frames of `s`; after each, `each(i)` for every i < n.
void eachFrame(Scene& s, int frames, double dt, std::size_t n, const std::function<void(std::size_t)>& each) {
  for (int f = 0; f < frames; ++f) {
    s.frame(dt);
    INFO("frame " << f);
    for (std::size_t i = 0; i < n; ++i) each(i);
  }
}

// How many of `nodes` are listed (parked), or listed as `kind`.
int countOf(const std::vector<Layout*>& nodes, std::optional<steady::Kind> kind = std::nullopt) {
  int n = 0;
  for (const Layout* x : nodes)
    n += (kind ? detail::LayoutProbe::listedAs(*x) == kind : detail::LayoutProbe::listed(*x)) ? 1 : 0;
  return n;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Parked CSS animations
// ---------------------------------------------------------------------------

TEST_CASE("parked: a steady node is stepped from its parent's list, with the walk's values bit for bit",
          "[layout][parked]") {
  Scene s(kSheet);
  s.root.addClass("pulse");
  Layout& n = s.add({"box", "pulse"});
  s.frames(2, 0.016);
  REQUIRE(detail::LayoutProbe::listed(n));
  CHECK_FALSE(detail::LayoutProbe::listed(s.root));  // no parent: the root never parks
  CHECK(s.root.needsUpdate());
  // Over several iterations (each end declines the step: a full frame, then
  // parked again) and with uneven steps.
  checkAgainstRoot(s, n, 150, 0.016);
  CHECK(detail::LayoutProbe::listed(n));
  checkAgainstRoot(s, n, 40, 0.037);
  CHECK(detail::LayoutProbe::listed(n));
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
  REQUIRE(detail::LayoutProbe::listed(n));
  s.frames(21, 0.1);  // 2.6 s in all: two iterations began
  CHECK(starts == 1);
  CHECK(iterations == 2);
  CHECK(detail::LayoutProbe::listed(n));
}

TEST_CASE("parked: a class change, a hover and an inline style reach a parked node in the next frame",
          "[layout][parked]") {
  Scene s(kSheet);
  Layout& n = s.add({"box", "loop"});
  s.frames(3, 0.1);
  REQUIRE(detail::LayoutProbe::listed(n));

  n.removeClass("loop");  // the animation goes; the base opacity shows
  CHECK_FALSE(detail::LayoutProbe::listed(n));
  s.frame(0.1);
  CHECK(!cssAnim(n, "fade"));
  CHECK(renderedOpacity(n) == 1.0f);

  n.addClass("loop");
  s.frames(3, 0.1);
  REQUIRE(detail::LayoutProbe::listed(n));
  n.applyStyleAttr("width: 20px");
  CHECK_FALSE(detail::LayoutProbe::listed(n));
  s.frame(0.1);
  CHECK(n.getStyle().width.px == 20.0f);

  s.frames(2, 0.1);
  REQUIRE(detail::LayoutProbe::listed(n));
  s.move(5.0f, 5.0f);  // hovered: interaction state changed
  CHECK_FALSE(detail::LayoutProbe::listed(n));
  s.frames(2, 0.1);
  CHECK(detail::LayoutProbe::listed(n));  // nothing in the sheet depends on :hover
}

TEST_CASE("parked: update() called on a parked node advances it once, not again from its parent",
          "[layout][parked]") {
  Scene s(kSheet);
  Layout& n = s.add({"box", "loop"});
  s.frames(3, 0.1);
  REQUIRE(detail::LayoutProbe::listed(n));
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
  REQUIRE(detail::LayoutProbe::listed(a));
  REQUIRE(detail::LayoutProbe::listed(b));
  REQUIRE(detail::LayoutProbe::listed(c));

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
  CHECK_FALSE(detail::LayoutProbe::listed(*moved));
  const double elapsed = cssAnim(*moved, "fade")->elapsed;
  Layout& m = holder.addChild(std::move(moved));
  s.frames(3, 0.1);
  CHECK(detail::LayoutProbe::listed(m));
  CHECK(cssAnim(m, "fade")->elapsed > elapsed);

  // Destroyed outside a frame while parked; the survivors keep running.
  c.removeFromParent();
  CHECK(s.root.childCount() == 2);
  s.frames(3, 0.1);
  CHECK(detail::LayoutProbe::listed(m));
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
  REQUIRE(detail::LayoutProbe::listed(n));
  Layout& child = s.add({"box", "loop"}, &n);
  CHECK_FALSE(detail::LayoutProbe::listed(n));
  checkAgainstRoot(s, n, 30, 0.016);
  CHECK(cssAnim(child, "fade").has_value());
  CHECK(detail::LayoutProbe::listed(child));  // parked in n's list; n has a parked child, so it is visited
  CHECK_FALSE(detail::LayoutProbe::listed(n));
  checkAgainstRoot(s, n, 80, 0.016);
}

TEST_CASE("parked: reloading the theme declines every parked step, and the nodes follow the new sheet",
          "[layout][parked]") {
  Scene s(kSheet);
  std::vector<Layout*> nodes;
  for (int i = 0; i < 5; ++i) nodes.push_back(&s.add({"box", "loop"}));
  s.frames(3, 0.1);
  for (Layout* n : nodes) REQUIRE(detail::LayoutProbe::listed(*n));
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
  REQUIRE(detail::LayoutProbe::listed(n));
  CHECK(s.root.needsUpdate());
  CHECK(n.needsUpdate());
  int finished = 0;
  n.onAnimationsFinished = [&finished] { ++finished; };
  s.frames(6, 0.1);
  CHECK(finished == 1);
  CHECK_FALSE(detail::LayoutProbe::listed(n));
  CHECK_FALSE(s.root.needsUpdate());
}

TEST_CASE("parked: a node with two CSS animations is stepped from the list too, with the walk's values",
          "[layout][parked]") {
  Scene s(kSheet);
  s.root.addClass("two");
  Layout& n = s.add({"box", "two"});
  s.frames(2, 0.016);
  REQUIRE(detail::LayoutProbe::listed(n));
  checkAgainstRoot(s, n, 200, 0.016);  // both iterations end at other frames
  CHECK(detail::LayoutProbe::listed(n));
}

TEST_CASE("parked: adding an imperative animation takes the node off the list; it then plays",
          "[layout][parked]") {
  Scene s(kSheet);
  Layout& n = s.add({"box", "pulse"});
  s.frames(3, 0.016);
  REQUIRE(detail::LayoutProbe::listed(n));
  auto a = std::make_shared<UIAnimation>(1.0f);
  REQUIRE(a->addTrack(Prop::scaleX, 1.0f, 3.0f));
  n.addAnimation("grow", a);  // not played yet: the CSS animation alone runs
  CHECK_FALSE(detail::LayoutProbe::listed(n));
  s.frames(2, 0.016);
  CHECK_FALSE(
      detail::LayoutProbe::listed(n));  // the lane does not run CSS and imperative animations together
  REQUIRE(n.playAnimation("grow"));
  s.frames(30, 1.0 / 60.0);
  CHECK(n.renderedStyle().scaleX == Approx(2.0f).margin(0.1));  // half way, give or take a frame
  CHECK(cssAnim(n, "slide").has_value());
}

// ---------------------------------------------------------------------------
// [SECTION] Parked imperative animations
// ---------------------------------------------------------------------------

namespace {

// Two rows of the same imperative animations: the first row's may take the
// steady lane (and park), the second row's block input, which keeps them on
// the full path every frame. Both rows must show the same values.
struct ImperativeRows {
  Scene s{kSheet};
  Layout& lane = s.root.add<Layout>("Row");
  Layout& full = s.root.add<Layout>("Row");
  std::vector<Layout*> a, b;
  std::vector<std::shared_ptr<UIAnimation>> laneAnims, fullAnims;
  int finishedA{0}, finishedB{0};

  static std::shared_ptr<UIAnimation> fade(double iterations, bool blocks) {
    auto f = std::make_shared<UIAnimation>(0.8f);
    REQUIRE(f->addTrack(Prop::opacity, 0.2f, 1.0f, TransitionFunction::EaseInOut));
    REQUIRE(f->addTrack(Prop::translateX, Px(0.0f), Px(12.0f)));
    f->iterations = iterations;
    f->direction = PlaybackDirection::Alternate;
    f->blocksInput = blocks;
    return f;
  }
  // `make(i, blocks)` makes the animation of box i of a row (the second
  // row's block input).
  using Make = std::function<std::shared_ptr<UIAnimation>(int, bool)>;
  explicit ImperativeRows(double iterations, const Make& make = {}) {
    for (int i = 0; i < 9; ++i) {
      for (const bool blocks : {false, true}) {
        Layout& n = (blocks ? full : lane).add<Layout>("Box");
        n.addClass("box");
        auto f = make ? make(i, blocks) : fade(iterations, blocks);
        f->onFinished = [this, blocks] { ++(blocks ? finishedB : finishedA); };
        (blocks ? fullAnims : laneAnims).push_back(f);
        n.addAnimation("fade", f);
        REQUIRE(n.playAnimation("fade"));
        (blocks ? b : a).push_back(&n);
      }
    }
  }
  void check(int frames, double dt) {
    eachFrame(s, frames, dt, a.size(), [&](std::size_t i) {
      REQUIRE(sameBits(renderedOpacity(*a[i]), renderedOpacity(*b[i])));
      REQUIRE(sameBits(a[i]->renderedStyle().translateX.px, b[i]->renderedStyle().translateX.px));
    });
  }
  int parked() const { return countOf(a); }
};

}  // namespace

TEST_CASE("parked: imperative overlay animations are stepped from the list, with the full path's values",
          "[layout][parked][imperative]") {
  ImperativeRows r(std::numeric_limits<double>::infinity());
  r.check(2, 1.0 / 60.0);
  CHECK(r.parked() == 9);
  for (const Layout* x : r.b) CHECK_FALSE(detail::LayoutProbe::listed(*x));
  CHECK_FALSE(r.a[0]->inputBlocked());
  CHECK(r.b[0]->inputBlocked());
  r.check(200, 1.0 / 60.0);
  CHECK(r.parked() == 9);
  CHECK(detail::LayoutProbe::drawsLeafRun(r.lane));  // the parked row is drawn from its run
  CHECK_FALSE(detail::LayoutProbe::drawsLeafRun(r.full));
  r.check(50, 0.037);
  CHECK(r.parked() == 9);
}

TEST_CASE("parked: the animation API reaches a parked imperative animation in the next frame",
          "[layout][parked][imperative]") {
  ImperativeRows r(std::numeric_limits<double>::infinity());
  r.check(10, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  const auto both = [&](std::size_t i, const std::function<void(Layout&)>& f) {
    f(*r.a[i]);
    f(*r.b[i]);
  };
  both(0, [](Layout& n) { REQUIRE(n.pauseAnimation("fade")); });
  both(1, [](Layout& n) { REQUIRE(n.stopAnimation("fade")); });
  both(2, [](Layout& n) { REQUIRE(n.seekAnimation("fade", 0.3)); });
  both(3, [](Layout& n) { REQUIRE(n.setAnimationRate("fade", 0.5)); });  // read by the lane each frame
  both(4, [](Layout& n) { REQUIRE(n.cancelAnimation("fade")); });
  both(5, [](Layout& n) { REQUIRE(n.removeAnimation("fade")); });
  CHECK(r.parked() == 4);  // all but the rate change left the list
  r.check(30, 1.0 / 60.0);
  CHECK(detail::LayoutProbe::listed(*r.a[3]));
  CHECK_FALSE(detail::LayoutProbe::listed(*r.a[0]));  // paused: nothing to step
  both(0, [](Layout& n) { REQUIRE(n.playAnimation("fade")); });
  r.check(30, 1.0 / 60.0);
  CHECK(detail::LayoutProbe::listed(*r.a[0]));
  CHECK(renderedOpacity(*r.a[4]) == 1.0f);  // cancelled and removed: the base value
  CHECK(renderedOpacity(*r.a[5]) == 1.0f);
}

TEST_CASE("parked: an imperative animation that ends or starts blocking input leaves the list",
          "[layout][parked][imperative]") {
  ImperativeRows r(3.0);  // 2.4 s
  int doneA = 0;
  r.a[0]->onAnimationsFinished = [&doneA] { ++doneA; };
  r.check(60, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  r.laneAnims[1]->blocksInput = true;  // a public field, edited in place
  r.check(1, 1.0 / 60.0);
  CHECK(r.a[1]->inputBlocked());
  CHECK_FALSE(detail::LayoutProbe::listed(*r.a[1]));
  r.check(100, 1.0 / 60.0);  // 2.68 s
  CHECK(r.finishedA == 9);
  CHECK(r.finishedB == 9);
  CHECK(doneA == 1);
  CHECK(r.parked() == 0);
  CHECK_FALSE(r.a[1]->inputBlocked());
  CHECK_FALSE(r.s.root.needsUpdate());
}

// ---------------------------------------------------------------------------
// [SECTION] Parked transitions: a node without a player whose update is its
// transitions' tick alone is ticked from its parent's transition list.
// ---------------------------------------------------------------------------

namespace {

constexpr std::string_view kTransitionSheet = R"(
.t { width: 10px; height: 10px; background-color: #f00; opacity: 0.2;
     transition: opacity 0.3s, transform 0.25s ease-in-out, background-color 0.2s linear, width 0.2s 0.05s; }
.on { opacity: 1; transform: translateX(12px); background-color: #00f; width: 20px; }
.clear { opacity: 0; }
)";

// Two rows of the same transitioning boxes: the first row's have no player
// and park; each box of the second has a player (an imperative animation
// it never plays), which keeps it on the walk. Both rows must agree.
struct TransitionRows {
  Scene s;
  Layout& lane = s.root.add<Layout>("Row");
  Layout& full = s.root.add<Layout>("Row");
  std::vector<Layout*> a, b;

  explicit TransitionRows(int n = 9) : TransitionRows(kTransitionSheet, n, [](int) { return "t"; }) {}
  // `n` boxes a row, box i of class classOf(i) (several, space-separated), under `sheet`.
  TransitionRows(std::string_view sheet, int n, const std::function<std::string_view(int)>& classOf)
      : s(sheet) {
    a.reserve(static_cast<std::size_t>(n));
    b.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      Layout& x = s.add({}, &lane);
      Layout& w = s.add({}, &full);
      for (Layout* box : {&x, &w}) {
        std::string_view cls = classOf(i);
        while (!cls.empty()) {
          const std::size_t space = cls.find(' ');
          box->addClass(cls.substr(0, space));
          cls = space == std::string_view::npos ? std::string_view{} : cls.substr(space + 1);
        }
      }
      w.addAnimation("idle", opacityOverlay(1.0f));
      a.push_back(&x);
      b.push_back(&w);
    }
  }
  void both(std::size_t i, const std::function<void(Layout&)>& f) {
    f(*a[i]);
    f(*b[i]);
  }
  void all(const std::function<void(Layout&)>& f) {
    for (std::size_t i = 0; i < a.size(); ++i) both(i, f);
  }
  void check(int frames, double dt) {
    eachFrame(s, frames, dt, a.size(), [&](std::size_t i) {
      INFO("box " << i);
      const ComputedStyle& x = a[i]->getStyle();
      const ComputedStyle& y = b[i]->getStyle();
      REQUIRE(sameBits(x.opacity, y.opacity));
      REQUIRE(sameBits(x.translateX.px, y.translateX.px));
      REQUIRE(x.backgroundColor == y.backgroundColor);
      REQUIRE(sameBits(x.width.px, y.width.px));
      REQUIRE(sameBits(a[i]->box.rect.width, b[i]->box.rect.width));  // laid out anew as it widens
      REQUIRE(a[i]->inTransition() == b[i]->inTransition());
      REQUIRE(renderedOpacity(*a[i]) == x.opacity);
    });
  }
  int parked() const { return countOf(a, steady::Kind::Transitions); }
};

}  // namespace

TEST_CASE("parked transitions: ticked from the parent's list, with the walk's values bit for bit",
          "[layout][parked][transition]") {
  TransitionRows r;
  r.check(3, 1.0 / 60.0);
  CHECK(r.parked() == 0);  // nothing transitions yet
  CHECK_FALSE(r.s.root.needsUpdate());
  r.all([](Layout& n) { n.addClass("on"); });
  r.check(1, 1.0 / 60.0);  // the restyle starts them: the walk's frame, then parked
  CHECK(r.parked() == 9);
  for (const Layout* x : r.b) CHECK_FALSE(detail::LayoutProbe::listed(*x));
  CHECK(r.s.root.needsUpdate());
  r.check(6, 1.0 / 60.0);
  CHECK(r.parked() == 9);
  // Reversed half way (a shortened transition back), on some boxes only,
  // and with uneven steps.
  for (std::size_t i = 0; i < 9; i += 2) r.both(i, [](Layout& n) { n.removeClass("on"); });
  CHECK(r.parked() == 4);  // the class change took those off the list
  r.check(1, 0.021);
  CHECK(r.parked() == 9);
  r.check(8, 0.023);
  // Completed: the end values, the boxes idle and off the list.
  r.check(20, 1.0 / 60.0);
  CHECK(r.parked() == 0);
  for (std::size_t i = 0; i < 9; ++i) {
    CHECK_FALSE(r.a[i]->inTransition());
    CHECK(r.a[i]->getStyle().opacity == (i % 2 == 0 ? 0.2f : 1.0f));
  }
  CHECK_FALSE(r.lane.needsUpdate());
}

TEST_CASE("parked transitions: state, style and tree changes reach a parked node in the next frame",
          "[layout][parked][transition]") {
  TransitionRows r(4);
  r.check(2, 1.0 / 60.0);  // styled: class changes from now on transition
  r.all([](Layout& n) { n.addClass("on"); });
  r.check(2, 1.0 / 60.0);
  REQUIRE(r.parked() == 4);

  r.both(0, [](Layout& n) { n.applyStyleAttr("opacity: 0.5"); });  // a new target: retargeted
  r.both(1, [](Layout& n) { n.setHovered(true); });
  CHECK(r.parked() == 2);
  r.check(1, 1.0 / 60.0);
  CHECK((detail::LayoutProbe::listedAs(*r.a[0]) ==
         steady::Kind::Transitions));  // still transitioning: back on the list
  r.check(1, 1.0 / 60.0);
  CHECK(r.parked() == 4);  // the new state restyled in its own update, which it finishes visited
  r.check(3, 1.0 / 60.0);

  // A player added to a parked node: it leaves the list for the walk and
  // its transitions go on there.
  r.a[2]->addAnimation("idle", opacityOverlay(1.0f));
  CHECK_FALSE(detail::LayoutProbe::listed(*r.a[2]));
  r.check(3, 1.0 / 60.0);
  CHECK_FALSE(detail::LayoutProbe::listed(*r.a[2]));
  CHECK(r.parked() == 3);

  // update() on a parked node ticks it once, not again from its parent.
  r.a[3]->update(1.0 / 60.0);
  r.b[3]->update(1.0 / 60.0);
  r.check(2, 1.0 / 60.0);

  // Detached while parked and added under another node: it transitions on there.
  std::unique_ptr<Layout> moved = r.a[1]->detachFromParent();
  REQUIRE(moved != nullptr);
  CHECK_FALSE(detail::LayoutProbe::listed(*moved));
  Layout& holder = r.s.add({"t"});
  Layout& m = holder.addChild(std::move(moved));
  const float before = m.getStyle().opacity;
  r.s.frames(2, 1.0 / 60.0);
  CHECK((detail::LayoutProbe::listedAs(m) == steady::Kind::Transitions));
  CHECK(m.getStyle().opacity > before);

  // Destroyed while parked: the list forgets it, the rest run to the end.
  REQUIRE((detail::LayoutProbe::listedAs(*r.a[0]) == steady::Kind::Transitions));
  r.a[0]->removeFromParent();
  CHECK(r.lane.childCount() == 2);
  r.s.frames(40, 1.0 / 60.0);
  CHECK_FALSE((detail::LayoutProbe::listedAs(*r.a[3]) == steady::Kind::Transitions));
  CHECK_FALSE((detail::LayoutProbe::listedAs(m) == steady::Kind::Transitions));
  CHECK(m.getStyle().opacity == 1.0f);
  CHECK_FALSE(r.s.root.needsUpdate());
}

// A row of one-property fades the parent steps from their records' copies:
// runs of `ease` and of `ease-in-out` and a mix (a delay, linear, ease-in),
// reversed half way, faded out to 0 and back.
TEST_CASE(
    "parked transitions: one-property fades stepped from their copies, with the walk's values bit for bit",
    "[layout][parked][transition]") {
  TransitionRows r(R"(
.u { width: 10px; height: 10px; background-color: #f00; opacity: 0.2; transition: opacity 0.3s; }
.io { transition: opacity 0.25s ease-in-out; }
.late { transition: opacity 0.3s 0.05s; }
.lin { transition: opacity 0.2s linear; }
.in { transition: opacity 0.35s ease-in; }
.on { opacity: 1; }
.out { opacity: 0; }
)",
                   15, [](int i) -> std::string_view {
                     if (i >= 4 && i < 8) return "u io";
                     if (i == 8) return "u late";
                     if (i == 9) return "u lin";
                     if (i == 10) return "u in";
                     return "u";
                   });
  r.check(2, 1.0 / 60.0);
  r.all([](Layout& n) { n.addClass("on"); });
  r.check(1, 1.0 / 60.0);
  REQUIRE(r.parked() == 15);
  r.check(7, 1.0 / 60.0);
  for (std::size_t i = 0; i < 15; i += 3) r.both(i, [](Layout& n) { n.removeClass("on"); });
  for (std::size_t i = 1; i < 15; i += 3) r.both(i, [](Layout& n) { n.addClass("out"); });
  r.check(9, 0.021);
  for (std::size_t i = 1; i < 15; i += 3) r.both(i, [](Layout& n) { n.removeClass("out"); });
  r.check(40, 1.0 / 60.0);
  CHECK(r.parked() == 0);
  CHECK_FALSE(r.s.root.needsUpdate());
}

namespace {

// Two styled boxes under the root; `on()` starts `n`'s transitions (and
// `m`'s too when asked) and runs frames until they are parked.
struct TwoBoxes {
  Scene s{kTransitionSheet};
  Layout& n = s.add({"t"});
  Layout& m = s.add({"t"});
  TwoBoxes() { s.frames(2, 1.0 / 60.0); }  // styled: class changes transition from now on
  void on(bool both, int frames) {
    n.addClass("on");
    if (both) m.addClass("on");
    s.frames(frames, 1.0 / 60.0);
    REQUIRE((detail::LayoutProbe::listedAs(n) == steady::Kind::Transitions));
  }
};

}  // namespace

TEST_CASE("parked transitions: a node removed by a callback mid-frame is not ticked again",
          "[layout][parked][transition]") {
  TwoBoxes b;
  b.on(true, 2);
  Layout& host = b.s.add({});
  auto once = opacityOverlay(0.02f);
  once->onFinished = [&b] { b.n.removeFromParent(); };
  host.addAnimation("once", once);
  REQUIRE(host.playAnimation("once"));
  b.s.frames(2, 1.0 / 60.0);
  CHECK(b.s.root.childCount() == 2);  // m, host
  CHECK((detail::LayoutProbe::listedAs(b.m) == steady::Kind::Transitions));
  b.s.frames(30, 1.0 / 60.0);
  CHECK_FALSE((detail::LayoutProbe::listedAs(b.m) == steady::Kind::Transitions));
  CHECK(b.m.getStyle().opacity == 1.0f);
}

TEST_CASE("parked transitions: a parked width transition lays the tree out every frame",
          "[layout][parked][transition]") {
  TwoBoxes b;
  b.on(false, 3);
  float last = b.n.box.rect.width;
  int widened = 0;
  for (int i = 0; i < 20; ++i) {
    b.s.frame(1.0 / 60.0);
    INFO("frame " << i);
    CHECK(b.n.box.rect.width == b.n.getStyle().width.px);
    CHECK(b.m.box.rect.x == b.n.box.rect.x + b.n.box.rect.width);  // the next box moves along
    widened += b.n.box.rect.width > last ? 1 : 0;
    last = b.n.box.rect.width;
  }
  CHECK(widened > 5);
  CHECK(b.n.box.rect.width == 20.0f);
}

TEST_CASE("parked transitions: a player created by a call that finds no animation sends the node to the walk",
          "[layout][parked][transition]") {
  TransitionRows r(3);
  r.check(2, 1.0 / 60.0);
  r.all([](Layout& n) { n.addClass("on"); });
  r.check(2, 1.0 / 60.0);
  REQUIRE(r.parked() == 3);
  zenit::test::LogCapture log;
  // None of these names exists: each call fails, and each creates the
  // player, which takes the node off the list.
  CHECK_FALSE(r.a[0]->setAnimationRate("nope", 2.0));
  CHECK_FALSE(r.a[1]->pauseAnimation("nope"));
  CHECK_FALSE(r.a[2]->stopAnimation("nope"));
  REQUIRE(r.a[0]->animationPlayer() != nullptr);
  CHECK(r.parked() == 0);
  r.check(1, 1.0 / 60.0);   // the walk ticks them
  CHECK(r.parked() == 0);   // a node with a player does not park for its transitions
  r.check(30, 1.0 / 60.0);  // to the end on the walk, with the other row's values
  CHECK_FALSE(r.a[0]->inTransition());
}

// ---------------------------------------------------------------------------
// [SECTION] Unchanged imperative animations: a node whose one imperative animation is declared
// unchanged (UIAnimation::unchangedWhilePlaying) with one float overlay track
// is stepped from a OneImperative record in its parent's list, which holds
// the copy.
// ---------------------------------------------------------------------------

namespace {

// ImperativeRows of one fade each, fixed or not: the first row's park in
// their parent's list; each of the second's blocks input, which keeps it on
// the full path.
struct FixedRows : ImperativeRows {
  static std::shared_ptr<UIAnimation> fixedFade(double iterations, int i, bool blocks, bool fixed) {
    auto f = std::make_shared<UIAnimation>(0.6f + 0.05f * static_cast<float>(i));
    REQUIRE(f->addTrack(Prop::opacity, 0.1f, 0.9f, TransitionFunction::EaseInOut));
    f->iterations = iterations;
    f->direction = PlaybackDirection::Alternate;
    f->blocksInput = blocks;
    f->unchangedWhilePlaying = fixed;
    return f;
  }
  explicit FixedRows(double iterations, bool fixed = true)
      : ImperativeRows(iterations, [iterations, fixed](int i, bool blocks) {
          return fixedFade(iterations, i, blocks, fixed);
        }) {}
  // `edit` applied to box i's animations in both rows.
  void edit(std::size_t i, const std::function<void(UIAnimation&)>& change) {
    change(*laneAnims[i]);
    change(*fullAnims[i]);
  }
  void both(std::size_t i, const std::function<void(Layout&)>& f) {
    f(*a[i]);
    f(*b[i]);
  }
  void check(int frames, double dt) {
    eachFrame(s, frames, dt, a.size(), [&](std::size_t i) {
      INFO("box " << i);
      REQUIRE(sameBits(renderedOpacity(*a[i]), renderedOpacity(*b[i])));
      const std::optional<AnimState> x = a[i]->animationPlayer()->imperativeState("fade");
      const std::optional<AnimState> y = b[i]->animationPlayer()->imperativeState("fade");
      REQUIRE(x->elapsed == y->elapsed);  // the list writes the state through
      REQUIRE(sameBits(x->lastT, y->lastT));
    });
  }
  int parked() const { return countOf(a, steady::Kind::OneImperative); }
  // `frames` updates that leave every lane-row node on the list and its
  // run standing (nothing took a node to the walk), each drawn and checked.
  void stays(int frames, double dt) {
    for (int f = 0; f < frames; ++f) {
      INFO("frame " << f);
      UIContext::get().frame(s.root, dt);
      REQUIRE(parked() == 9);
      REQUIRE(detail::LayoutProbe::drawsLeafRun(lane));
      s.list.reset();
      s.root.draw(s.list);
      // What the lane row's run drew against the full row's boxes, in tree order.
      std::vector<Rgba8> fills;
      for (const DrawCmd& c : s.list.commands())
        if (c.op == DrawOp::Rect) fills.push_back(c.rect.fill);
      REQUIRE(fills.size() == a.size() + b.size());
      for (std::size_t i = 0; i < a.size(); ++i) {
        INFO("box " << i);
        REQUIRE(fills[i] == fills[a.size() + i]);
        REQUIRE(sameBits(renderedOpacity(*a[i]), renderedOpacity(*b[i])));
      }
    }
  }
};

}  // namespace

TEST_CASE("parked: fixed imperative animations are stepped from their copies, with the full path's values",
          "[layout][parked][imperative][fixed]") {
  FixedRows r(std::numeric_limits<double>::infinity());
  r.check(2, 1.0 / 60.0);
  CHECK(r.parked() == 9);
  for (const Layout* x : r.b) CHECK_FALSE(detail::LayoutProbe::listed(*x));
  // Over many iterations (each end planned in the list), uneven steps and
  // zero steps: no node leaves the list.
  r.check(300, 1.0 / 60.0);
  r.stays(100, 1.0 / 60.0);
  r.check(60, 0.037);
  r.check(5, 0.0);
  r.stays(40, 0.037);
  r.check(1, 1e-4);
  CHECK(detail::LayoutProbe::drawsLeafRun(r.lane));  // the parked row is drawn from its run
}

TEST_CASE(
    "parked: an animation not declared fixed is stepped from a checked copy, with the full path's values",
    "[layout][parked][imperative][fixed]") {
  FixedRows r(std::numeric_limits<double>::infinity(), false);
  r.check(2, 1.0 / 60.0);
  CHECK(r.parked() == 9);
  r.check(300, 1.0 / 60.0);
  r.stays(100, 1.0 / 60.0);
  r.check(60, 0.037);
  r.check(5, 0.0);
  r.stays(40, 0.037);
}

TEST_CASE("parked: an edit to a parked animation not declared fixed shows on the next frame",
          "[layout][parked][imperative][fixed]") {
  FixedRows r(std::numeric_limits<double>::infinity(), false);
  r.check(10, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  using Track = UIAnimation::PropTrack<float>;
  const auto track = [](UIAnimation& a) -> Track& { return static_cast<Track&>(*a.propTracks[0]); };
  // Each edit between two frames, then one frame compared with the row
  // that reads every field on the full path (check), then more frames.
  r.edit(0, [](UIAnimation& a) { a.duration = 0.3f; });
  r.edit(1, [](UIAnimation& a) { a.direction = PlaybackDirection::Reverse; });
  r.edit(2, [&](UIAnimation& a) { track(a).to = 0.5f; });
  r.edit(3, [&](UIAnimation& a) { track(a).from = 0.7f; });
  r.edit(4,
         [&](UIAnimation& a) { track(a).transition = *TransitionFunction::cubicBezier(0.1, 0.8, 0.2, 1.0); });
  r.edit(5, [&](UIAnimation& a) { track(a).transition = TransitionFunction::EaseOutBack; });
  r.edit(6, [](UIAnimation& a) {
    a.propTracks[0] = std::make_unique<Track>(Prop::opacity, 0.3f, 0.4f, TransitionFunction::Linear);
  });
  r.edit(7, [](UIAnimation& a) { a.iterations = 1.0; });  // its 0.95 s iteration is the last
  r.edit(8, [](UIAnimation& a) { REQUIRE(a.addTrack(Prop::rotate, 0.0f, 30.0f)); });
  r.check(1, 1.0 / 60.0);
  r.check(60, 1.0 / 60.0);
  CHECK((detail::LayoutProbe::listedAs(*r.a[6]) == steady::Kind::OneImperative));  // a copy of the new track
  CHECK((detail::LayoutProbe::listedAs(*r.a[0]) == steady::Kind::OneImperative));
  CHECK_FALSE(detail::LayoutProbe::listed(*r.a[7]));  // finished
  CHECK_FALSE((detail::LayoutProbe::listedAs(*r.a[8]) ==
               steady::Kind::OneImperative));  // two tracks: the general lane
  // A new opacity track's value edited in place, and blocking input.
  r.edit(6, [&](UIAnimation& a) { track(a).to = 0.9f; });
  r.edit(0, [](UIAnimation& a) { a.blocksInput = true; });
  r.check(1, 1.0 / 60.0);
  CHECK(r.a[0]->inputBlocked());
  r.check(30, 1.0 / 60.0);
}

TEST_CASE("parked: an edit to a parked fixed animation shows from its next iteration",
          "[layout][parked][imperative][fixed]") {
  FixedRows r(std::numeric_limits<double>::infinity());
  r.check(10, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  // Box 0 runs 0.6 s iterations: 0.167 s in, its first ends in 26 frames.
  static_cast<UIAnimation::PropTrack<float>&>(*r.laneAnims[0]->propTracks[0]).to = 0.5f;
  static_cast<UIAnimation::PropTrack<float>&>(*r.fullAnims[0]->propTracks[0]).to = 0.5f;
  r.s.frames(5, 1.0 / 60.0);
  CHECK_FALSE(sameBits(renderedOpacity(*r.a[0]), renderedOpacity(*r.b[0])));  // the copy's value
  CHECK((detail::LayoutProbe::listedAs(*r.a[0]) == steady::Kind::OneImperative));
  r.s.frames(25, 1.0 / 60.0);  // across the iteration's end: the full path takes the new value
  r.check(60, 1.0 / 60.0);
  CHECK(r.parked() == 9);
}

TEST_CASE("parked: the animation API reaches a parked fixed animation in the next frame",
          "[layout][parked][imperative][fixed]") {
  FixedRows r(std::numeric_limits<double>::infinity());
  r.check(10, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  r.both(0, [](Layout& n) { REQUIRE(n.pauseAnimation("fade")); });
  r.both(1, [](Layout& n) { REQUIRE(n.stopAnimation("fade")); });
  r.both(2, [](Layout& n) { REQUIRE(n.seekAnimation("fade", 0.3)); });
  r.both(3, [](Layout& n) { REQUIRE(n.setAnimationRate("fade", 0.5)); });
  r.both(4, [](Layout& n) { REQUIRE(n.cancelAnimation("fade")); });
  r.both(5, [](Layout& n) { REQUIRE(n.removeAnimation("fade")); });
  r.both(6, [](Layout& n) { REQUIRE(n.setAnimationRate("fade", -0.2)); });  // 0 in 0.8 s
  CHECK(r.parked() == 2);  // every call took its node off the list
  // Without the removed one's state to compare, from here on by opacity.
  eachFrame(r.s, 30, 1.0 / 60.0, r.a.size(), [&](std::size_t i) {
    INFO("box " << i);
    REQUIRE(sameBits(renderedOpacity(*r.a[i]), renderedOpacity(*r.b[i])));
  });
  CHECK((detail::LayoutProbe::listedAs(*r.a[2]) == steady::Kind::OneImperative));  // seeked: parked again
  CHECK((detail::LayoutProbe::listedAs(*r.a[3]) ==
         steady::Kind::OneImperative));  // the new rate is in the copy
  CHECK((detail::LayoutProbe::listedAs(*r.a[6]) == steady::Kind::OneImperative));
  CHECK_FALSE(detail::LayoutProbe::listed(*r.a[0]));  // paused: nothing to step
  CHECK_FALSE(detail::LayoutProbe::listed(*r.a[1]));
  CHECK(renderedOpacity(*r.a[4]) == 1.0f);  // cancelled and removed: the base value
  CHECK(renderedOpacity(*r.a[5]) == 1.0f);
  r.both(0, [](Layout& n) { REQUIRE(n.playAnimation("fade")); });
  r.both(7, [](Layout& n) { n.addAnimation("more", std::make_shared<UIAnimation>(1.0f)); });
  eachFrame(r.s, 30, 1.0 / 60.0, r.a.size(),
            [&](std::size_t i) { REQUIRE(sameBits(renderedOpacity(*r.a[i]), renderedOpacity(*r.b[i]))); });
  CHECK((detail::LayoutProbe::listedAs(*r.a[0]) == steady::Kind::OneImperative));
  CHECK(detail::LayoutProbe::listed(*r.a[7]));  // two animations: the general lane's list
  CHECK_FALSE((detail::LayoutProbe::listedAs(*r.a[7]) == steady::Kind::OneImperative));
}

TEST_CASE("parked: a fixed animation that ends leaves the list and calls onFinished once",
          "[layout][parked][imperative][fixed]") {
  FixedRows r(3.0);  // 1.8 to 3.0 s
  r.check(60, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  r.check(150, 1.0 / 60.0);  // 3.5 s
  CHECK(r.finishedA == 9);
  CHECK(r.finishedB == 9);
  CHECK(r.parked() == 0);
  CHECK_FALSE(r.s.root.needsUpdate());
}

namespace {
// The fill of the first rectangle `n` draws on its own.
Rgba8 drawnFill(const Layout& n) {
  DrawList list;
  n.draw(list);
  for (const DrawCmd& c : list.commands())
    if (c.op == DrawOp::Rect) return c.rect.fill;
  return Rgba8{};
}
}  // namespace

// A parked fixed node, drawn, shows the value its list's step wrote this
// frame, as the node on the full path does.
TEST_CASE("parked: a parked fixed animation is drawn with each frame's value",
          "[layout][parked][imperative][fixed]") {
  FixedRows r(std::numeric_limits<double>::infinity());
  r.check(2, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  int differs = 0;  // frames where the drawn alpha moved: the check below can see a stale copy
  std::uint8_t last = drawnFill(*r.a[0]).a;
  eachFrame(r.s, 120, 1.0 / 60.0, r.a.size(), [&](std::size_t i) {
    INFO("box " << i);
    const std::uint8_t alpha = drawnFill(*r.a[i]).a;
    REQUIRE(alpha == drawnFill(*r.b[i]).a);
    if (i == 0 && alpha != last) {
      ++differs;
      last = alpha;
    }
  });
  CHECK(differs > 60);
  CHECK(r.parked() >= 8);
  CHECK(detail::LayoutProbe::drawsLeafRun(r.lane));
}

// ---------------------------------------------------------------------------
// [SECTION] OneCss records: a node whose one CSS animation writes only the drawn
// properties is stepped from a OneCss record in its parent's list that holds
// its state; readers get it through the record (AnimationPlayer::record_),
// and it is written back when the node leaves the list.
// ---------------------------------------------------------------------------

namespace {
// The root takes the walk (it never parks) and plays pulse from the same
// start: the reference, bit for bit, for a row of nine parked boxes.
struct DenseRow {
  Scene s{kSheet};
  Layout* row = nullptr;
  std::vector<Layout*> boxes;
  explicit DenseRow(std::string_view animation = "pulse") {
    s.root.addClass(animation);
    row = &s.add({});
    for (int i = 0; i < 9; ++i) boxes.push_back(&s.add({"box", animation}, row));
  }
  int parked() const { return countOf(boxes, steady::Kind::OneCss); }
  // Every box against the root: what its player and its style say, and
  // the rectangle the row's run draws for it. With `stay`, each update
  // must leave every box on the list and the row's run standing (nothing
  // took a box to the walk).
  void check(int frames, double dt, bool stay = false) {
    for (int f = 0; f < frames; ++f) {
      INFO("frame " << f);
      UIContext::get().frame(s.root, dt);
      if (stay) {
        REQUIRE(parked() == 9);
        REQUIRE(detail::LayoutProbe::drawsLeafRun(*row));
      }
      s.list.reset();
      s.root.draw(s.list);
      const ComputedStyle want = s.root.renderedStyle();
      const ActiveCssAnimation& ref = s.root.animationPlayer()->cssAnimation(0);
      DrawList list;
      row->draw(list);
      std::vector<DrawCmd> rects;
      for (const DrawCmd& c : list.commands())
        if (c.op == DrawOp::Rect) rects.push_back(c);
      REQUIRE(rects.size() == boxes.size());
      for (std::size_t i = 0; i < boxes.size(); ++i) {
        INFO("box " << i);
        const Layout& b = *boxes[i];
        const AnimationPlayer* p = b.animationPlayer();
        REQUIRE(p->cssAnimation(0).elapsed == ref.elapsed);
        REQUIRE(sameBits(p->overlayValue<Prop::opacity>(), want.opacity));
        REQUIRE(sameBits(p->overlayValue<Prop::translateX>().px, want.translateX.px));
        REQUIRE(sameBits(b.renderedStyle().opacity, want.opacity));
        const float alpha = want.opacity < 1.0f ? want.opacity : 1.0f;
        REQUIRE(rects[i].rect.fill.a == Rgba8::channel(alpha));
        REQUIRE(rects[i].rect.rect.x == b.box.viewRect.x + want.translateX.px);
      }
    }
  }
};
}  // namespace

TEST_CASE("parked: dense entries step a pulse row; its run draws each frame's values and readers get them",
          "[layout][parked][dense]") {
  DenseRow r;
  r.check(2, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  CHECK_FALSE(detail::LayoutProbe::listed(r.s.root));
  // Over iterations (each end takes the row back to the walk for a frame),
  // uneven steps and zero steps.
  r.check(150, 1.0 / 60.0);
  r.check(40, 0.037);
  r.check(3, 0.0);
  CHECK(r.parked() >= 8);
  r.check(1, 1e-4);
  CHECK(r.parked() == 9);
  CHECK(detail::LayoutProbe::drawsLeafRun(*r.row));
}

TEST_CASE("parked: a node leaving the dense list takes its entry's state with it",
          "[layout][parked][dense]") {
  DenseRow r;
  r.check(20, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  // Detached between frames after frames that read nothing of it: its
  // player holds the elapsed time of the last one.
  r.s.frames(7, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  const double elapsed = r.s.root.animationPlayer()->cssAnimation(0).elapsed;
  std::unique_ptr<Layout> gone = r.boxes[8]->detachFromParent();
  r.boxes.pop_back();
  REQUIRE(gone != nullptr);
  CHECK_FALSE(detail::LayoutProbe::listed(*gone));
  CHECK(gone->animationPlayer()->cssAnimation(0).elapsed == elapsed);
  // A class change and an inline style reach parked nodes in the next frame;
  // the others stay on the list, moved within it.
  r.boxes[0]->addClass("still");  // opacity 0.5 underneath; the animation still writes it
  r.boxes[1]->applyStyleAttr("width: 12px");
  r.check(1, 1.0 / 60.0);
  r.check(30, 1.0 / 60.0);
  CHECK(r.parked() == 8);
  CHECK(r.boxes[1]->box.rect.width == 12.0f);
  // Reloading the theme declines every entry; the nodes follow the new sheet.
  Theme::get().clear();
  REQUIRE(Theme::get().loadString(kSheet, "reload.zstyle").ok());
  r.check(30, 1.0 / 60.0);
  CHECK(r.parked() == 8);
}

TEST_CASE("parked: a dense entry whose node has no event handler takes its iteration ends in the list",
          "[layout][parked][dense]") {
  DenseRow r;
  r.check(2, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  // 200 frames: the iterations that start at 1, 2 and 3 s. No box leaves
  // the list for them, and each frame is the walk's, bit for bit (Debug
  // builds also check every step against the full sample).
  r.check(200, 1.0 / 60.0, true);
  CHECK(r.s.root.animationPlayer()->cssAnimation(0).reportedIteration == 3.0);
  // An iteration end inside a long step, and steps that cross several.
  r.check(30, 0.07, true);
  r.check(3, 2.5, true);
  // A reader sees the iteration the list moved on to.
  CHECK(r.boxes[4]->animationPlayer()->cssAnimation(0).reportedIteration ==
        r.s.root.animationPlayer()->cssAnimation(0).reportedIteration);
  r.check(1, 1.0 / 60.0, true);
}

TEST_CASE("parked: a dense entry's alternating iterations and the end of its active interval",
          "[layout][parked][dense]") {
  // 0.25 s iterations from -0.1 s, nine of them, alternate-reverse: each
  // end turns the direction; the last one ends the active interval, which
  // the walk takes (the animation finishes and fills nothing).
  DenseRow r("swing");
  r.check(2, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  r.check(120, 1.0 / 60.0, true);  // 2.03 s of 2.15: eight iteration ends
  CHECK(r.s.root.animationPlayer()->cssAnimation(0).reportedIteration == 8.0);
  r.check(6, 1.0 / 60.0);  // to 2.13 s
  r.s.frames(4, 1.0 / 60.0);
  CHECK(r.parked() == 0);
  for (const Layout* b : r.boxes) {
    CHECK(b->animationPlayer()->cssAnimation(0).finished);
    CHECK(sameBits(b->renderedStyle().opacity, r.s.root.renderedStyle().opacity));
  }
}

TEST_CASE("parked: a handler set on a parked dense node gets every later animationiteration",
          "[layout][parked][dense]") {
  DenseRow r;
  r.check(20, 1.0 / 60.0);
  REQUIRE(r.parked() == 9);
  int iterations = 0;
  double at = 0.0;
  r.boxes[3]->onAnimationEvent = [&](const AnimationEvent& e) {
    if (e.type != AnimationEventType::Iteration) return;
    ++iterations;
    at = e.elapsedTime;
  };
  r.check(70, 1.0 / 60.0);  // across 1 s: that box takes the frame on the walk, for its event
  CHECK(iterations == 1);
  CHECK(at == 1.0);
  CHECK(r.parked() == 9);
  r.boxes[3]->onAnimationEvent = nullptr;
  r.check(65, 1.0 / 60.0, true);  // across 2 s, in the list again
  CHECK(iterations == 1);
}

// ---------------------------------------------------------------------------
// [SECTION] Parked part animations
// ---------------------------------------------------------------------------

namespace {
// A Slider whose part styles a test may read (partStyle is for the widget).
struct OpenSlider : Slider {
  using Layout::partStyle;
  using Slider::Slider;
};
}  // namespace

TEST_CASE("parked: a lone part animation steps from its record, with the full path's values bit for bit",
          "[layout][parked][parts]") {
  // Seed §5.4's knob glow on two rows of hovered sliders. The second row's
  // sliders also hold a paused node animation, which keeps them on the full
  // path every frame (a paused animation is not planned).
  Scene s(R"(
@keyframes knobGlow { 0% { color: #d6ff32; } 50% { color: #ffffff; } 100% { color: #d6ff32; } }
@keyframes still { from { opacity: 1; } to { opacity: 1; } }
Slider { width: 40px; height: 20px; }
Slider:hover::knob { animation: knobGlow 0.6s ease-in-out infinite; }
Slider.slow:hover::knob { animation-duration: 0.45s; animation-direction: alternate; }
.held { animation: still 1s paused; }
)");
  Layout& lane = s.root.add<Layout>("Row");
  Layout& full = s.root.add<Layout>("Row");
  std::vector<OpenSlider*> a, b;
  for (int i = 0; i < 6; ++i) {
    for (const bool held : {false, true}) {
      OpenSlider& n = (held ? full : lane).add<OpenSlider>(0.0f, 1.0f, 0.1f * static_cast<float>(i));
      if (i % 2 == 1) n.addClass("slow");
      if (held) n.addClass("held");
      n.setHovered(true);
      (held ? b : a).push_back(&n);
    }
  }
  s.frames(3, 1.0 / 60.0);
  const std::vector<Layout*> parkedRow(a.begin(), a.end());
  const std::vector<Layout*> fullRow(b.begin(), b.end());
  REQUIRE(countOf(parkedRow, steady::Kind::Player) == 6);
  REQUIRE(countOf(fullRow) == 0);
  // 100 frames: every slider's knob rolls into a new iteration several times.
  for (int f = 0; f < 100; ++f) {
    s.frame(1.0 / 60.0);
    INFO("frame " << f);
    for (std::size_t i = 0; i < a.size(); ++i) {
      INFO("slider " << i);
      const Style& x = a[i]->partStyle("knob");
      const Style& y = b[i]->partStyle("knob");
      REQUIRE(x.color.is_set);
      REQUIRE(y.color.is_set);
      REQUIRE(sameBits(x.color.value.r, y.color.value.r));
      REQUIRE(sameBits(x.color.value.g, y.color.value.g));
      REQUIRE(sameBits(x.color.value.b, y.color.value.b));
      REQUIRE(sameBits(x.color.value.a, y.color.value.a));
    }
  }
  CHECK(countOf(parkedRow, steady::Kind::Player) == 6);
  // Unhovered, the rule stops matching: the record is handed back and the knob loses its colour.
  for (OpenSlider* n : a) n->setHovered(false);
  s.frame(1.0 / 60.0);
  for (OpenSlider* n : a) CHECK_FALSE(n->partStyle("knob").color.is_set);
}
