// Layout::playTimeline: a stylesheet @timeline played on a subtree
// (docs/timeline-rule.md, "Playing a timeline"). The seed's examples come
// from examples/clips/intro.zstyle, the sheet the docs show: the two-track
// fade and slide, the 12-card grid staggered from its center, the walk
// cycle on twos, and DOJump (its hops added over the run to the landing
// height with `composition: add`).
#include "layout/anim_scene.hpp"

#include <zenit/core/Easing.hpp>
#include <zenit/core/Stagger.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace zenit;
using zenit::test::Approx;
using zenit::test::LogCapture;
using zenit::test::Scene;

namespace {

// examples/clips/intro.zstyle, and `extra` after it.
std::string introSheet(std::string_view extra = {}) {
  std::ifstream in(std::string(ZENIT_SOURCE_DIR) + "/examples/clips/intro.zstyle");
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str() + "\n" + std::string(extra);
}

float easeOut(double u) {
  return static_cast<float>(getRatio(std::clamp(u, 0.0, 1.0), TransitionFunction::EaseOut));
}

constexpr std::string_view kBoxes = ".box { width: 10px; height: 10px; opacity: 0.5; }";

}  // namespace

TEST_CASE("playTimeline: the seed's fade then slide, from a @timeline", "[layout][clip][timeline]") {
  Scene s(introSheet());
  Layout& title = s.add({"title"});
  Layout& subtitle = s.add({"subtitle"});
  s.frame(0.0);
  const std::shared_ptr<ClipPlayer> p = s.root.playTimeline("fade-and-slide");
  REQUIRE(p);
  CHECK(p->state() == ClipPlayState::Playing);
  CHECK(p->duration() == Approx(0.4));
  // Both tracks fill both ways: before its start the subtitle is already down.
  s.frame(0.0);
  CHECK(title.renderedStyle().opacity == Approx(0.0f));
  CHECK(subtitle.renderedStyle().translateY.px == Approx(16.0f));
  s.frame(0.1);
  CHECK(title.renderedStyle().opacity == Approx(easeOut(0.1 / 0.4)));
  CHECK(subtitle.renderedStyle().translateY.px == Approx(16.0f));  // starts 100ms after the title
  s.frame(0.15);
  CHECK(title.renderedStyle().opacity == Approx(easeOut(0.25 / 0.4)));
  CHECK(subtitle.renderedStyle().translateY.px == Approx(16.0f * (1.0f - easeOut(0.15 / 0.3))));
  CHECK(subtitle.renderedStyle().translateX.px == Approx(0.0f));
  s.frames(3, 0.1);
  CHECK(p->state() == ClipPlayState::Finished);
  CHECK(title.renderedStyle().opacity == Approx(1.0f));
  CHECK(subtitle.renderedStyle().translateY.px == Approx(0.0f));
  CHECK(title.getStyle().opacity == Approx(1.0f));  // the base is never written
}

TEST_CASE("playTimeline: the 12-card grid pops in from its center, as computeStagger spreads it",
          "[layout][clip][timeline][stagger]") {
  Scene s(introSheet());
  std::vector<Layout*> cards;
  for (int i = 0; i < 12; ++i) cards.push_back(&s.add({"card"}));
  s.frame(0.0);
  const std::shared_ptr<ClipPlayer> p = s.root.playTimeline("card-grid");
  REQUIRE(p);

  Stagger grid;
  grid.spacing = 0.05;
  grid.origin = StaggerOrigin::Center;
  grid.columns = 4;
  std::array<double, 12> offsets{};
  REQUIRE(computeStagger(grid, offsets));
  // The two centre cells of the 4 x 3 grid start at once; the corners last.
  CHECK(offsets[5] == 0.0);
  CHECK(offsets[6] == 0.0);
  for (const int corner : {0, 3, 8, 11}) {
    CHECK(offsets[static_cast<std::size_t>(corner)] ==
          Approx(*std::max_element(offsets.begin(), offsets.end())));
    CHECK(offsets[static_cast<std::size_t>(corner)] > offsets[1]);
  }
  CHECK(p->duration() == Approx(offsets[0] + 0.3));

  for (const double t : {0.04, 0.08, 0.2}) {
    s.frame(t - p->time());
    for (std::size_t i = 0; i < 12; ++i) {
      INFO("card " << i << " at " << t << "s, offset " << offsets[i]);
      const float w = easeOut((t - offsets[i]) / 0.3);
      CHECK(cards[i]->renderedStyle().opacity == Approx(w).margin(1e-5));
      CHECK(cards[i]->renderedStyle().scaleX == Approx(0.6f + 0.4f * w).margin(1e-5));
      CHECK(cards[i]->renderedStyle().scaleY == Approx(0.6f + 0.4f * w).margin(1e-5));
    }
  }
  CHECK(cards[5]->renderedStyle().opacity > cards[1]->renderedStyle().opacity);
  CHECK(cards[1]->renderedStyle().opacity > cards[0]->renderedStyle().opacity);
}

TEST_CASE("playTimeline: the walk cycle on twos holds each value between steps(24)",
          "[layout][clip][timeline]") {
  Scene s(introSheet());
  Layout& legs = s.add({"legs"});
  s.frame(0.0);
  const std::shared_ptr<ClipPlayer> p = s.root.playTimeline("walk-cycle");
  REQUIRE(p);
  // The group's time moves in 24 steps over 2 s: 12 held values a second.
  const auto stride = [](double t) {
    return -40.0f + 80.0f * static_cast<float>(std::floor(t * 12.0) / 24.0);
  };
  s.frame(0.0);
  CHECK(legs.renderedStyle().translateX.px == Approx(-40.0f));
  s.frame(0.05);
  CHECK(legs.renderedStyle().translateX.px == Approx(-40.0f));  // still the first step
  s.frame(0.05);
  CHECK(legs.renderedStyle().translateX.px == Approx(stride(0.1)));
  const float held = legs.renderedStyle().translateX.px;
  s.frame(0.05);
  CHECK(legs.renderedStyle().translateX.px == Approx(held));  // 0.15 s: the same step
  s.frame(0.9);                                               // 1.05 s: the 13th step, half way
  CHECK(legs.renderedStyle().translateX.px == Approx(stride(1.05)));
  CHECK(legs.renderedStyle().translateX.px == Approx(0.0f).margin(1e-5));
  s.frame(0.02);
  CHECK(legs.renderedStyle().translateX.px == Approx(0.0f).margin(1e-5));
}

TEST_CASE("playTimeline: DOJump on a level landing, hops and the run as two track rules",
          "[layout][clip][timeline]") {
  // The hops go up and back 6 times (3 jumps) while x runs across.
  Scene s(std::string(kBoxes) +
          "@keyframes hop { from { translate-y: 0; } to { translate-y: -50px; } }\n"
          "@keyframes run { from { translate-x: 0; } to { translate-x: 300px; } }\n"
          "@timeline jump {\n"
          "  .box { animation: hop 0.2s power1.out 6 alternate forwards; }\n"
          "  .box { animation: run 1.2s linear forwards; position: \"<\"; }\n"
          "}\n");
  Layout& ball = s.add({"box"});
  s.frame(0.0);
  const std::shared_ptr<ClipPlayer> p = s.root.playTimeline("jump");
  REQUIRE(p);
  s.frame(0.1);  // half way up the first hop
  CHECK(ball.renderedStyle().translateX.px == Approx(25.0f));
  CHECK(ball.renderedStyle().translateY.px == Approx(-50.0f * 0.75f));
  s.frame(0.1);
  CHECK(ball.renderedStyle().translateY.px == Approx(-50.0f));  // the top
  s.frame(0.1);
  CHECK(ball.renderedStyle().translateY.px == Approx(-50.0f * 0.75f));  // on the way down: time reversed
  s.frames(10, 0.1);
  CHECK(ball.renderedStyle().translateX.px == Approx(300.0f));
  CHECK(ball.renderedStyle().translateY.px == Approx(0.0f));  // landed
}

TEST_CASE("playTimeline: DOJump to another height adds the hops over the line to the landing",
          "[layout][clip][timeline]") {
  // The seed's DOJump (intro.zstyle's dojump): x runs across, y runs along
  // the line to the landing height, and the hops (composition: add) go up
  // from that line.
  Scene s(introSheet(kBoxes));
  Layout& ball = s.add({"box", "ball"});
  s.frame(0.0);
  const std::shared_ptr<ClipPlayer> p = s.root.playTimeline("dojump");
  REQUIRE(p);
  s.frame(0.1);  // half way up the first hop, 5px down the line
  CHECK(ball.renderedStyle().translateX.px == Approx(25.0f));
  CHECK(ball.renderedStyle().translateY.px == Approx(5.0f - 50.0f * 0.75f));
  s.frame(0.1);
  CHECK(ball.renderedStyle().translateY.px == Approx(10.0f - 50.0f));  // the top of the first hop
  s.frames(10, 0.1);
  CHECK(ball.renderedStyle().translateX.px == Approx(300.0f));
  CHECK(ball.renderedStyle().translateY.px == Approx(60.0f));  // landed
}

TEST_CASE("playTimeline: numbers, lengths, colours, implicit keyframes and per-keyframe easing",
          "[layout][clip][timeline]") {
  Scene s(
      std::string(kBoxes) +
      ".box { font-size: 10px; background-color: rgb(255, 0, 0); }\n"
      "@keyframes fade { from { opacity: 0; } }\n"  // to: the node's own 0.5
      "@keyframes tint { to { background-color: rgb(0, 0, 255); } }\n"
      "@keyframes move { from { translate: 2em 0; animation-timing-function: steps(2); } to { translate: 0 "
      "0; } }\n"
      "@timeline all { .box { animation: fade 1s linear; } .box { animation: tint 1s linear; position: 0; }\n"
      "  .box { animation: move 1s linear; position: 0; } }\n");
  Layout& box = s.add({"box"});
  s.frame(0.0);
  REQUIRE(s.root.playTimeline("all"));
  s.frame(0.3);
  const ComputedStyle r = box.renderedStyle();
  CHECK(r.opacity == Approx(0.15f));
  CHECK(r.backgroundColor.r == Approx(0.7f));
  CHECK(r.backgroundColor.b == Approx(0.3f));
  CHECK(r.backgroundColor.a == Approx(1.0f));
  CHECK(r.translateX.px == Approx(20.0f));  // 2em of 10px, held by the keyframe's steps(2)
  s.frame(0.3);
  CHECK(box.renderedStyle().translateX.px == Approx(10.0f));
}

TEST_CASE("playTimeline: the node's descendants in tree order, not the node itself",
          "[layout][clip][timeline]") {
  Scene s(introSheet());
  Layout& panel = s.add({"title"});
  Layout& inner = s.add({}, &panel);
  Layout& deep = s.add({"title"}, &inner);
  Layout& outside = s.add({"title"});
  s.frame(0.0);
  REQUIRE(panel.playTimeline("fade-and-slide"));
  s.frame(0.2);
  CHECK(deep.renderedStyle().opacity == Approx(easeOut(0.5)));
  CHECK(panel.renderedStyle().opacity == Approx(1.0f));
  CHECK(outside.renderedStyle().opacity == Approx(1.0f));
}

TEST_CASE("playTimeline: an unknown name or a property a clip cannot show is logged and plays nothing",
          "[layout][clip][timeline]") {
  Scene s(std::string(kBoxes) +
          "@keyframes round { to { border-radius: 8px; } }\n"
          "@keyframes half { to { translate: 50% 0; } }\n"
          "@timeline rounded { .box { animation: round 1s; } }\n"
          "@timeline halfway { .box { animation: half 1s; } }\n"
          "@timeline nameless { .box { animation: missing 1s; } }\n");
  Layout& box = s.add({"box"});
  s.frame(0.0);
  LogCapture log;
  CHECK_FALSE(box.playTimeline("intro"));
  CHECK(log.has(Severity::Error, {"playTimeline", "no @timeline named intro"}));
  CHECK_FALSE(s.root.playTimeline("rounded"));
  CHECK(log.has(Severity::Error, {"playTimeline", "test.zstyle:3:", "border-radius"}));
  CHECK_FALSE(s.root.playTimeline("halfway"));
  CHECK(log.has(Severity::Error, {"playTimeline", "translate-x", "50%"}));
  CHECK_FALSE(s.root.playTimeline("nameless"));
  CHECK(log.has(Severity::Error, {"playTimeline", "no @keyframes named missing"}));
  CHECK(UIContext::get().clipCount() == 0);
  CHECK(box.animationPlayer() == nullptr);
}

TEST_CASE("playTimeline: a card destroyed mid-play is forgotten", "[layout][clip][timeline]") {
  Scene s(introSheet());
  std::vector<Layout*> cards;
  for (int i = 0; i < 12; ++i) cards.push_back(&s.add({"card"}));
  s.frame(0.0);
  const std::shared_ptr<ClipPlayer> p = s.root.playTimeline("card-grid");
  REQUIRE(p);
  s.frame(0.1);
  cards[0]->removeFromParent();
  s.frame(0.1);
  p->pause();
  s.frame(0.1);
  CHECK(cards[5]->renderedStyle().opacity == Approx(easeOut(0.2 / 0.3)));
  for (std::size_t i = 1; i < 12; ++i) cards[i]->removeFromParent();
  s.frames(2, 0.1);
  CHECK(UIContext::get().clipCount() == 0);
}

TEST_CASE("playTimeline: pause and seek to the @timeline's label on the returned player",
          "[layout][clip][timeline]") {
  Scene s(introSheet());
  Layout& title = s.add({"title"});
  std::vector<Layout*> cards;
  for (int i = 0; i < 12; ++i) cards.push_back(&s.add({"card"}));
  s.frame(0.0);
  const std::shared_ptr<ClipPlayer> p = s.root.playTimeline("intro");
  REQUIRE(p);
  REQUIRE(p->seek("cards-in"));
  CHECK(p->time() == Approx(0.6));
  p->pause();
  s.frames(3, 0.1);
  CHECK(p->time() == Approx(0.6));
  CHECK(title.renderedStyle().opacity == Approx(1.0f));
  CHECK(cards[5]->renderedStyle().opacity == Approx(0.0f));
  p->seek(0.75);
  s.frame(0.1);
  CHECK(cards[5]->renderedStyle().opacity == Approx(easeOut(0.5)));
  p->play();
  s.frame(0.15);
  CHECK(cards[5]->renderedStyle().opacity == Approx(1.0f));
  CHECK_FALSE(p->seek("nowhere"));
}

TEST_CASE("playTimeline: a timeline that matches no node still plays its marks, then is dropped",
          "[layout][clip][timeline]") {
  Scene s(introSheet());
  s.frame(0.0);
  const std::shared_ptr<ClipPlayer> p = s.root.playTimeline("intro");
  REQUIRE(p);
  std::vector<std::string> seen;
  p->onEvent([&](const ClipEvent& e) {
    if (e.kind == ClipEventKind::Mark) seen.emplace_back(e.name);
    if (e.kind == ClipEventKind::End) seen.emplace_back("end");
  });
  s.frames(3, 0.1);
  CHECK(UIContext::get().clipCount() == 1);  // playing with no node to show it on
  s.frames(60, 0.1);
  CHECK(seen == std::vector<std::string>{"cards-done", "end"});
  s.frame(0.1);
  CHECK(UIContext::get().clipCount() == 0);
}
