// Steady-state frames allocate nothing (design card: "No heap allocation per
// frame in steady state; a test counts them"; seed §10.5).
#include "layout/anim_scene.hpp"
#include "support/alloc_counter.hpp"

#include <zenit/layout/Compositor.hpp>

#include <cmath>
#include <limits>
#include <memory>

namespace {

using namespace zenit;
using zenit::test::allocationsIn;
using zenit::test::Approx;
using zenit::test::Scene;

// The seed's pulse on two properties (opacity + translateX), plus a long
// transition that the warm-up starts on some cells.
constexpr std::string_view kSheet = R"(
@keyframes pulse {
  0%   { opacity: 1;   transform: translateX(0px); }
  50%  { opacity: 0.4; transform: translateX(20px); }
  100% { opacity: 1;   transform: translateX(0px); }
}
Root { flex-wrap: wrap; }
.group { width: 800px; height: 30px; flex-wrap: wrap; }
.cell {
  width: 15px; height: 15px; background-color: #336699;
  animation: pulse 1s linear infinite;
  transition: background-color 30s linear;
}
.cell.warm { background-color: #ff0000; }
)";

// A widget drawing one animated part, so the part channel is measured too.
class Knob : public Layout {
 public:
  Knob() : Layout("Knob"), part_(intern("knob")) { declarePart(part_); }

 protected:
  void renderContent(DrawList& list, const RenderContext& ctx) const override {
    const Style& s = partStyle(part_);
    list.rect(ctx.content, s.backgroundColor.valueOr(Color::black()));
  }

 private:
  Atom part_;
};

constexpr std::string_view kPartRules = R"(
@keyframes glow { from { background-color: #000000; } to { background-color: #ffffff; } }
Knob { width: 15px; height: 15px; }
Knob::knob { animation: glow 0.5s ease-in-out infinite alternate; }
)";

struct Counters {
  int events{0};
  int finished{0};
};

// 1,000 animated cells in 20 groups: every cell runs pulse; every 10th
// starts a 30 s transition during the warm-up; every 7th plays an endless
// imperative overlay track; every 13th listens to its animation events.
void buildTree(Scene& s, Counters& c) {
  auto wobble = std::make_shared<UIAnimation>(0.75f);
  REQUIRE(wobble->addTrack(Prop::scaleX, 1.0f, 1.25f, TransitionFunction::EaseInOut));
  REQUIRE(wobble->addTrack(Prop::rotate, 0.0f, 15.0f));
  wobble->iterations = std::numeric_limits<double>::infinity();
  wobble->direction = PlaybackDirection::Alternate;
  wobble->blocksInput = false;
  int index = 0;
  for (int g = 0; g < 20; ++g) {
    Layout& group = s.add({"group"});
    for (int i = 0; i < 50; ++i, ++index) {
      Layout& cell = s.add({"cell"}, &group);
      if (index % 7 == 0) {
        cell.addAnimation("wobble", wobble);
        cell.playAnimation("wobble");
      }
      if (index % 13 == 0) cell.onAnimationEvent = [&c](const AnimationEvent&) { ++c.events; };
      if (index % 50 == 0) cell.onAnimationsFinished = [&c] { ++c.finished; };
    }
  }
}

void warmUp(Scene& s) {
  for (int f = 0; f < 60; ++f) {
    if (f == 1) {
      int index = 0;
      for (std::size_t g = 0; g < s.root.childCount(); ++g)
        for (std::size_t i = 0; i < s.root.child(g).childCount(); ++i, ++index)
          if (index % 10 == 0) s.root.child(g).child(i).addClass("warm");
    }
    s.frame(1.0 / 60.0);
  }
}

TEST_CASE(
    "allocations: 600 steady frames of 1,000 animated nodes (CSS pulse, transitions, overlay tracks) "
    "allocate nothing (seed §10.5)",
    "[layout][alloc][seed]") {
  Scene s(kSheet);
  Counters c;
  buildTree(s, c);
  s.list.reserve(8192, 0);
  warmUp(s);
  REQUIRE(s.root.child(0).child(0).inTransition());
  REQUIRE(s.root.child(0).child(0).hasActiveAnimations());
  const int eventsBefore = c.events;

  // Read from the overlay inside the loop (renderedStyle() returns a copy,
  // which allocates), through animationPlayer() at the read: for a parked
  // node, overlayValue reads the value its parent's record holds.
  const Layout& pulsing = s.root.child(3).child(1);
  REQUIRE(pulsing.animationPlayer() != nullptr);
  float quarter = -1.0f, translated = -1.0f;
  const std::size_t allocations = allocationsIn([&] {
    for (int f = 0; f < 600; ++f) {
      s.frame(1.0 / 60.0);
      if (f == 14) {  // t = 1.25 s: a quarter into pulse's second iteration
        const AnimationPlayer* probe = pulsing.animationPlayer();
        quarter = probe->overlayValue<Prop::opacity>();
        translated = probe->overlayValue<Prop::translateX>().px;
      }
    }
  });
  CHECK(allocations == 0);
  // The frames did real work: the pulse moved, events arrived, the rest still runs.
  CHECK(quarter == Approx(0.7f));
  CHECK(translated == Approx(10.0f));
  CHECK(c.events > eventsBefore);
  CHECK(s.root.child(0).child(0).renderedStyle().scaleX > 1.0f);
  CHECK(s.root.child(0).child(0).inTransition());
}

TEST_CASE("allocations: part animations drawn every frame allocate nothing (seed §5, §10.5)",
          "[layout][alloc][parts]") {
  Scene s(std::string(kSheet) + std::string(kPartRules));
  for (int i = 0; i < 200; ++i) s.add<Knob>({});
  s.frames(60, 1.0 / 60.0);
  REQUIRE(s.root.hasActiveAnimations());
  const std::size_t allocations = allocationsIn([&] {
    for (int f = 0; f < 300; ++f) s.frame(1.0 / 60.0);
  });
  CHECK(allocations == 0);
}

// A node with an inline base (what setter tracks write) is re-resolved every
// frame and gets no shared computed result; its animation and transition
// lists come only from sheet rules, so StyleResolver::finishLists takes them
// from the shared per-mask entry instead of rebuilding them with
// resolveTransitions (fresh vectors, and copies of names longer than the
// small-string buffer such as "background-color") on every resolve.
TEST_CASE("allocations: setter tracks re-resolving a node every frame allocate nothing (seed §6, §10.2)",
          "[layout][alloc]") {
  Scene s(kSheet);
  for (int i = 0; i < 50; ++i) {
    Layout& cell = s.add({"cell"});
    auto a = std::make_shared<UIAnimation>(1.0f);
    a->addTrack<float>(0.0f, 1.0f, [](Layout* l, float v) { l->getInlineBase().opacity = v; });
    a->iterations = std::numeric_limits<double>::infinity();
    cell.addAnimation("fade", a);
    cell.playAnimation("fade");
  }
  s.frames(60, 1.0 / 60.0);
  const std::size_t allocations = allocationsIn([&] {
    for (int f = 0; f < 300; ++f) s.frame(1.0 / 60.0);
  });
  CHECK(allocations == 0);
}

}  // namespace

TEST_CASE("allocations: a compositor's frames, and its commits once warm, allocate nothing",
          "[allocations][compositor]") {
  Scene s(kSheet);
  Layout& group = s.add({"group"});
  for (int i = 0; i < 40; ++i) s.add({"cell"}, &group);
  s.frames(3, 1.0 / 60.0);
  Compositor compositor;
  DrawList drawn;
  // Three commits, each drawn from: every frame the commits fill in turn is warm.
  for (int i = 0; i < 3; ++i) {
    REQUIRE(compositor.commit(s.root, true));
    REQUIRE(compositor.drawFrame(1.0 / 60.0, drawn));
  }
  CHECK(allocationsIn([&] {
          for (int f = 0; f < 30; ++f) REQUIRE(compositor.drawFrame(1.0 / 60.0, drawn));
        }) == 0);
  CHECK(allocationsIn([&] {
          for (int f = 0; f < 10; ++f) {
            REQUIRE(compositor.commit(s.root, true));
            REQUIRE(compositor.drawFrame(1.0 / 60.0, drawn));
          }
        }) == 0);
  // A commit that overtakes one never drawn from refills that frame rather
  // than taking a new one: two commits a frame, as a UI thread running
  // ahead of a slow compositor makes them, allocate nothing either.
  const auto twoCommitsAFrame = [&](int frames) {
    for (int f = 0; f < frames; ++f) {
      REQUIRE(compositor.commit(s.root, true));
      REQUIRE(compositor.commit(s.root, true));
      REQUIRE(compositor.drawFrame(1.0 / 60.0, drawn));
    }
  };
  twoCommitsAFrame(2);
  CHECK(allocationsIn([&] { twoCommitsAFrame(10); }) == 0);
}

namespace {
// Gradients animated by @keyframes and transitioned, stop by stop.
constexpr std::string_view kGradientSheet = R"(
@keyframes sweep {
  from { background-image: linear-gradient(90deg, #f43f5e 0%, #6366f1 100%); }
  to   { background-image: linear-gradient(200deg, #22c55e 20%, #facc15 80%); }
}
Root { flex-wrap: wrap; }
.tile {
  width: 20px; height: 20px; border-width: 2px; border-color: #000; border-radius: 4px;
  background-image: radial-gradient(circle at 30% 30%, white, #1d4ed8);
  transition: background-image 30s linear;
}
.tile.swept { animation: sweep 1s linear infinite alternate; }
.tile.warm { background-image: radial-gradient(circle at 70% 70%, black, #f59e0b); }
)";
}  // namespace

TEST_CASE(
    "allocations: steady frames of animated and transitioning gradients allocate nothing "
    "(CSS Images 4 interpolation)",
    "[layout][alloc][gradients]") {
  Scene s(kGradientSheet);
  for (int i = 0; i < 200; ++i) {
    Layout& tile = s.add({"tile"});
    if (i % 2) tile.addClass("swept");
  }
  s.list.reserve(4096, 0);
  for (int f = 0; f < 60; ++f) {
    if (f == 1)
      for (std::size_t i = 0; i < s.root.childCount(); i += 2) s.root.child(i).addClass("warm");
    s.frame(1.0 / 60.0);
  }
  REQUIRE(s.root.child(0).inTransition());
  REQUIRE(s.root.child(1).hasActiveAnimations());
  const std::size_t allocations = allocationsIn([&] {
    for (int f = 0; f < 110; ++f) s.frame(1.0 / 60.0);
  });
  CHECK(allocations == 0);
  // Both interpolate: the transition's centre moved, the animation's angle turned.
  const GradientImage moving = s.root.child(0).renderedStyle().backgroundImage;
  CHECK(moving.centerX.pct > 30.0f);
  CHECK(moving.centerX.pct < 70.0f);
  const GradientImage swept = s.root.child(1).renderedStyle().backgroundImage;
  CHECK(swept.angle > 90.0f);
  CHECK(swept.angle < 200.0f);
}
