// Clips on nodes (UIContext::playClip): slots shown in node properties
// through the overlay, replace and add (DOJump), the player's controls seen
// on the nodes, cancel taking the bindings off, refusals, a node destroyed
// mid-play, no allocation per frame, and which nodes are stepped from their
// parent's list.
#include "layout/anim_scene.hpp"

#include "anim/steady/Record.hpp"

#include <zenit/anim/Clip.hpp>
#include <zenit/core/Stagger.hpp>
#include <zenit/detail/LayoutProbe.hpp>

#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/alloc_counter.hpp"

using namespace zenit;
using zenit::test::Approx;
using zenit::test::LogCapture;
using zenit::test::Scene;

namespace {

constexpr std::string_view kBoxes = ".box { width: 10px; height: 10px; opacity: 0.5; }";

ClipTrack ramp(std::uint32_t slot, double duration, float from, float to,
               ClipPosition at = ClipPosition::end()) {
  ClipTrack t;
  t.slot = slot;
  t.position = std::move(at);
  t.timing.iterationDuration = duration;
  t.keyframes = {ClipKeyframe{0.0, {from}, {}}, ClipKeyframe{1.0, {to}, {}}};
  return t;
}

std::shared_ptr<const Clip> sealed(std::shared_ptr<Clip> c) {
  REQUIRE(c->seal());
  return c;
}

}  // namespace

TEST_CASE("playClip: the seed's fade then slide, shown on a node", "[layout][clip]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto clip = std::make_shared<Clip>();
  REQUIRE(clip->addTrack(ramp(0, 0.4, 0.f, 1.f)));
  ClipTrack slide = ramp(1, 0.4, 0.f, 100.f, ClipPosition::afterPrevious());
  slide.timing.fill = FillMode::Forwards;
  REQUIRE(clip->addTrack(slide));
  const ClipBinding bindings[] = {{0, &box, Prop::opacity}, {1, &box, Prop::translateX}};
  const std::shared_ptr<ClipPlayer> p = UIContext::get().playClip(sealed(clip), bindings);
  REQUIRE(p);
  CHECK(p->state() == ClipPlayState::Playing);
  s.frame(0.2);
  CHECK(box.renderedStyle().opacity == Approx(0.5f));
  CHECK(box.renderedStyle().translateX.px == 0.0f);  // the slide has not started
  s.frame(0.4);
  CHECK(box.renderedStyle().opacity == Approx(0.5f));  // the fade ended (no fill): the base shows
  CHECK(box.renderedStyle().translateX.px == Approx(50.0f));
  s.frames(3, 0.2);
  CHECK(p->state() == ClipPlayState::Finished);
  CHECK(box.renderedStyle().translateX.px == Approx(100.0f));  // filled forwards, and it stays
  s.frames(3, 0.2);
  CHECK(box.renderedStyle().translateX.px == Approx(100.0f));
}

TEST_CASE("playClip: DOJump adds the hops over the line to the landing height", "[layout][clip]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto clip = std::make_shared<Clip>();
  ClipTrack x = ramp(0, 1.2, 0.f, 300.f, ClipPosition::at(0.0));
  x.timing.fill = FillMode::Forwards;
  ClipTrack y = ramp(1, 1.2, 0.f, 60.f, ClipPosition::at(0.0));
  y.timing.fill = FillMode::Forwards;
  ClipTrack hops = ramp(2, 0.2, 0.f, -50.f, ClipPosition::at(0.0));
  hops.keyframes[0].easing = *parseEasing("power1.out");
  hops.timing.iterationCount = 6.0;
  hops.timing.direction = PlaybackDirection::Alternate;
  hops.timing.fill = FillMode::Forwards;
  REQUIRE(clip->addTrack(x));
  REQUIRE(clip->addTrack(y));
  REQUIRE(clip->addTrack(hops));
  const ClipBinding bindings[] = {{0, &box, Prop::translateX},
                                  {1, &box, Prop::translateY},
                                  {2, &box, Prop::translateY, ClipComposite::Add}};
  REQUIRE(UIContext::get().playClip(sealed(clip), bindings));
  s.frame(0.1);  // half way up the first hop
  CHECK(box.renderedStyle().translateX.px == Approx(25.0f));
  CHECK(box.renderedStyle().translateY.px == Approx(5.0f - 50.0f * 0.75f));
  s.frame(0.1);
  CHECK(box.renderedStyle().translateY.px == Approx(10.0f - 50.0f));  // the top
  s.frames(10, 0.1);
  CHECK(box.renderedStyle().translateX.px == Approx(300.0f));
  CHECK(box.renderedStyle().translateY.px == Approx(60.0f));  // landed
}

TEST_CASE("playClip: pause, seek and cancel show on the nodes", "[layout][clip]") {
  Scene s(kBoxes);
  Layout& a = s.add({"box"});
  Layout& b = s.add({"box"});
  auto clip = std::make_shared<Clip>();
  Stagger stagger;
  stagger.spacing = 0.5;
  double offsets[2];
  REQUIRE(computeStagger(stagger, offsets));
  for (std::uint32_t i = 0; i < 2; ++i) {
    ClipTrack t = ramp(i, 1.0, 0.f, 1.f, ClipPosition::at(offsets[i]));
    t.timing.fill = FillMode::Both;
    REQUIRE(clip->addTrack(t));
  }
  const ClipBinding bindings[] = {{0, &a, Prop::opacity}, {1, &b, Prop::opacity}};
  const std::shared_ptr<ClipPlayer> p = UIContext::get().playClip(sealed(clip), bindings);
  REQUIRE(p);
  s.frame(0.75);
  CHECK(a.renderedStyle().opacity == Approx(0.75f));
  CHECK(b.renderedStyle().opacity == Approx(0.25f));
  p->pause();
  s.frames(2, 0.5);
  CHECK(a.renderedStyle().opacity == Approx(0.75f));
  p->seek(1.25);
  s.frame(0.1);
  CHECK(a.renderedStyle().opacity == Approx(1.0f));
  CHECK(b.renderedStyle().opacity == Approx(0.75f));
  CHECK(UIContext::get().clipCount() == 1);
  p->cancel();
  s.frame(0.1);
  CHECK(a.renderedStyle().opacity == Approx(0.5f));  // the base again
  CHECK(b.renderedStyle().opacity == Approx(0.5f));
  CHECK(UIContext::get().clipCount() == 0);
  CHECK(a.animationPlayer()->clipBindingCount() == 0);
}

TEST_CASE("playClip: refusals are logged and bind nothing", "[layout][clip]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  LogCapture log;
  auto open = std::make_shared<Clip>();
  REQUIRE(open->addTrack(ramp(0, 1.0, 0.f, 1.f)));
  const ClipBinding one[] = {{0, &box, Prop::opacity}};
  CHECK_FALSE(UIContext::get().playClip(open, one));
  CHECK(log.has(Severity::Error, {"playClip", "sealed"}));

  REQUIRE(open->seal());
  const ClipBinding bad[] = {{0, &box, Prop::opacity}, {0, &box, Prop::display}};
  CHECK_FALSE(UIContext::get().playClip(open, bad));
  CHECK(log.has(Severity::Error, {"playClip", "display"}));
  CHECK(box.animationPlayer()->clipBindingCount() == 0);
  const ClipBinding none[] = {{0, nullptr, Prop::opacity}};
  CHECK_FALSE(UIContext::get().playClip(open, none));
  CHECK(UIContext::get().clipCount() == 0);
}

TEST_CASE("playClip: a bound node destroyed mid-play is forgotten", "[layout][clip]") {
  Scene s(kBoxes);
  Layout& keep = s.add({"box"});
  Layout& gone = s.add({"box"});
  auto clip = std::make_shared<Clip>();
  ClipTrack t = ramp(0, 1.0, 0.f, 1.f, ClipPosition::at(0.0));
  t.timing.iterationCount = 3.0;
  REQUIRE(clip->addTrack(t));
  const ClipBinding bindings[] = {{0, &keep, Prop::opacity}, {0, &gone, Prop::opacity}};
  const std::shared_ptr<ClipPlayer> p = UIContext::get().playClip(sealed(clip), bindings);
  REQUIRE(p);
  s.frame(0.25);
  gone.removeFromParent();
  s.frame(0.25);
  p->pause();  // wakes the nodes it knows: the removed one is not among them
  s.frame(0.25);
  CHECK(keep.renderedStyle().opacity == Approx(0.5f));
  p->cancel();
  s.frame(0.1);
  CHECK(UIContext::get().clipCount() == 0);
}

TEST_CASE("playClip: steady frames allocate nothing", "[layout][clip]") {
  Scene s(kBoxes);
  std::vector<ClipBinding> bindings;
  auto clip = std::make_shared<Clip>();
  for (std::uint32_t i = 0; i < 16; ++i) {
    Layout& n = s.add({"box"});
    ClipTrack t = ramp(i, 1.0, 0.f, 1.f, ClipPosition::at(0.01 * i));
    t.timing.iterationCount = std::numeric_limits<double>::infinity();
    t.timing.direction = PlaybackDirection::Alternate;
    REQUIRE(clip->addTrack(t));
    bindings.push_back(ClipBinding{i, &n, Prop::opacity});
  }
  REQUIRE(UIContext::get().playClip(sealed(clip), bindings));
  s.frames(30, 1.0 / 60.0);
  const std::size_t allocations = zenit::test::allocationsIn([&] { s.frames(120, 1.0 / 60.0); });
  CHECK(allocations == 0);
}

// A node whose bindings all replace numbers or lengths is stepped from its
// parent's list (a Clip record) while its player plays; the values it
// shows are the slots' each frame, bit for bit, through slots that begin,
// end (no fill: the base again), a pause, a seek and the player's end.
TEST_CASE("playClip: parked nodes show the slots' values, bit for bit", "[layout][clip]") {
  Scene s(kBoxes);
  std::vector<Layout*> boxes;
  auto clip = std::make_shared<Clip>();
  std::vector<ClipBinding> bindings;
  for (std::uint32_t i = 0; i < 6; ++i) {
    boxes.push_back(&s.add({"box"}));
    ClipTrack fade = ramp(2 * i, 0.3, 0.2f, 0.9f, ClipPosition::at(0.05 * i));
    fade.timing.iterationCount = 3.0;
    fade.timing.direction = PlaybackDirection::Alternate;
    fade.timing.fill = i % 2 ? FillMode::None : FillMode::Both;
    fade.keyframes[0].easing = TransitionFunction::EaseOutCubic;
    ClipTrack slide = ramp(2 * i + 1, 0.45, -5.f, 20.f, ClipPosition::withPrevious());
    slide.timing.startDelay = 0.1;
    REQUIRE(clip->addTrack(fade));
    REQUIRE(clip->addTrack(slide));
    bindings.push_back(ClipBinding{2 * i, boxes.back(), Prop::opacity});
    bindings.push_back(ClipBinding{2 * i + 1, boxes.back(), Prop::translateX});
  }
  const std::shared_ptr<ClipPlayer> p = UIContext::get().playClip(sealed(clip), bindings);
  REQUIRE(p);
  const auto bits = [](float v) { return std::bit_cast<std::uint32_t>(v); };
  int parked = 0;
  for (int f = 0; f < 110; ++f) {
    if (f == 30) p->pause();
    if (f == 33) p->play();
    if (f == 40) p->seek(0.2);
    s.frame(f % 7 == 3 ? 0.031 : 1.0 / 60.0);
    for (std::uint32_t i = 0; i < 6; ++i) {
      INFO("frame " << f << " box " << i);
      const ComputedStyle& shown = boxes[i]->renderedStyle();
      CHECK(bits(shown.opacity) == bits(p->written(2 * i) ? p->slot(2 * i)[0] : 0.5f));
      CHECK(bits(shown.translateX.px) == bits(p->written(2 * i + 1) ? p->slot(2 * i + 1)[0] : 0.0f));
      if (detail::LayoutProbe::listedAs(*boxes[i]) == steady::Kind::Clip) ++parked;
    }
  }
  CHECK(parked > 150);
  CHECK(p->state() == ClipPlayState::Finished);
  for (const Layout* b : boxes) CHECK_FALSE(detail::LayoutProbe::listed(*b));  // settled
}

// Colours, added slots and a node with a CSS animation too compose on the
// full path each frame (no Clip record), with the same values.
TEST_CASE("playClip: bindings a record does not take stay on the full path", "[layout][clip]") {
  Scene s(std::string(kBoxes) +
          "@keyframes dim { from { opacity: 0.2; } to { opacity: 0.4; } }\n"
          ".dim { animation: dim 1s infinite; }");
  Layout& tinted = s.add({"box"});
  Layout& added = s.add({"box"});
  Layout& animated = s.add({"box", "dim"});
  auto clip = std::make_shared<Clip>();
  ClipTrack colour = ramp(0, 1.0, 0.f, 1.f, ClipPosition::at(0.0));
  colour.components = 4;
  colour.keyframes = {ClipKeyframe{0.0, {1.f, 0.f, 0.f, 1.f}, {}},
                      ClipKeyframe{1.0, {0.f, 0.f, 1.f, 1.f}, {}}};
  REQUIRE(clip->addTrack(colour));
  REQUIRE(clip->addTrack(ramp(1, 1.0, 0.f, 10.f, ClipPosition::at(0.0))));
  const ClipBinding bindings[] = {{0, &tinted, Prop::backgroundColor},
                                  {1, &added, Prop::translateX, ClipComposite::Add},
                                  {1, &animated, Prop::translateX}};
  REQUIRE(UIContext::get().playClip(sealed(clip), bindings));
  s.frames(30, 1.0 / 60.0);
  for (const Layout* n : {&tinted, &added, &animated}) CHECK_FALSE(detail::LayoutProbe::listed(*n));
  CHECK(tinted.renderedStyle().backgroundColor.b == Approx(0.5f));
  CHECK(added.renderedStyle().translateX.px == Approx(5.0f));
  CHECK(animated.renderedStyle().translateX.px == Approx(5.0f));
}
