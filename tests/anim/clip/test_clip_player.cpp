// Playing clips (anim/ClipPlayer.hpp): the seed's examples (the two-track
// fade and slide, DOJump's hops, the on-twos timeline), repeat delays,
// incremental tracks, how reverse iterations ease, marks crossed forwards,
// backwards and several in one frame, the controls and their events, and
// no allocation per frame.
#include <zenit/anim/ClipPlayer.hpp>

#include <bit>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "support/alloc_counter.hpp"
#include "support/zenit_test.hpp"

using namespace zenit;
using zenit::test::Approx;

namespace {

ClipTrack ramp(std::uint32_t slot, double duration, float from, float to,
               ClipPosition at = ClipPosition::end()) {
  ClipTrack t;
  t.slot = slot;
  t.position = std::move(at);
  t.timing.iterationDuration = duration;
  t.keyframes = {ClipKeyframe{0.0, {from}, {}}, ClipKeyframe{1.0, {to}, {}}};
  return t;
}

ClipNode add(Clip& clip, const ClipTrack& t) {
  const ClipResult r = clip.addTrack(t);
  INFO(r.message);
  REQUIRE(r);
  return r.node;
}

// The player at `time`, paused there.
float valueAt(ClipPlayer& p, double time, std::uint32_t slot = 0) {
  p.seek(time);
  return p.slot(slot)[0];
}

struct Recorder {
  std::vector<std::string> events;
  void attach(ClipPlayer& p) {
    p.onEvent([this](const ClipEvent& e) {
      switch (e.kind) {
        case ClipEventKind::Start: events.push_back("start"); break;
        case ClipEventKind::End: events.push_back("end"); break;
        case ClipEventKind::Cancel: events.push_back("cancel"); break;
        case ClipEventKind::Mark: events.push_back(std::string(e.name) + (e.forwards ? "+" : "-")); break;
      }
    });
  }
};

}  // namespace

TEST_CASE("clip player: the seed's fade, then slide when the fade ends") {
  Clip clip;
  add(clip, ramp(0, 0.4, 0.f, 1.f));
  add(clip, ramp(1, 0.4, 0.f, 1.f, ClipPosition::afterPrevious()));
  REQUIRE(clip.seal());
  ClipPlayer p(clip);
  REQUIRE(p.status() == ClipStatus::Ok);
  CHECK(p.duration() == Approx(0.8));
  p.play();
  p.update(0.2);
  CHECK(p.written(0));
  CHECK(p.slot(0)[0] == Approx(0.5f));
  CHECK_FALSE(p.written(1));  // the slide has not started and does not fill backwards
  p.update(0.4);
  CHECK_FALSE(p.written(0));  // the fade ended and does not fill forwards
  CHECK(p.slot(1)[0] == Approx(0.5f));
  p.update(1.0);
  CHECK(p.state() == ClipPlayState::Finished);
  CHECK(p.time() == Approx(0.8));
}

TEST_CASE("clip player: DOJump's hops go up eased out and come down the same way") {
  Clip clip;
  ClipTrack hops = ramp(2, 0.2, 0.f, 50.f, ClipPosition::at(0.0));
  hops.keyframes[0].easing = *parseEasing("ease-out-quad");
  hops.timing.iterationCount = 6.0;
  hops.timing.direction = PlaybackDirection::Alternate;
  hops.timing.fill = FillMode::Forwards;
  add(clip, hops);
  ClipTrack x = ramp(0, 1.2, 0.f, 300.f, ClipPosition::at(0.0));
  x.timing.fill = FillMode::Forwards;
  add(clip, x);
  REQUIRE(clip.seal());
  ClipPlayer p(clip);
  const auto outQuad = [](double t) { return 1.0 - (1.0 - t) * (1.0 - t); };
  CHECK(valueAt(p, 0.1, 2) == Approx(50.0 * outQuad(0.5)));
  CHECK(valueAt(p, 0.2, 2) == Approx(50.0));                   // the top of the first hop
  CHECK(valueAt(p, 0.35, 2) == Approx(50.0 * outQuad(0.25)));  // on the way down, mirrored
  CHECK(valueAt(p, 0.45, 2) == Approx(50.0 * outQuad(0.25)));  // up again
  CHECK(valueAt(p, 1.2, 2) == Approx(0.0).margin(1e-6));       // landed, and it stays
  CHECK(valueAt(p, 0.6, 0) == Approx(150.0));
}

TEST_CASE("clip player: a steps() timeline holds its children on twos") {
  Clip clip;
  ClipTimeline twos;
  twos.timing.iterationDuration = 2.0;
  twos.timing.easing = *TransitionFunction::stepsOf(24);
  const ClipResult held = clip.addTimeline(twos);
  REQUIRE(held);
  ClipTrack inside = ramp(0, 2.0, 0.f, 24.f, ClipPosition::at(0.0));
  inside.parent = held.node;
  add(clip, inside);
  add(clip, ramp(1, 2.0, 0.f, 24.f, ClipPosition::at(0.0)));  // beside it, smooth
  REQUIRE(clip.seal());
  ClipPlayer p(clip);
  // 24 holds of 1/12 s: the value moves 1 at each.
  CHECK(valueAt(p, 0.05) == 0.f);
  CHECK(valueAt(p, 0.08) == 0.f);
  CHECK(valueAt(p, 0.09) == Approx(1.0));
  CHECK(valueAt(p, 0.19) == Approx(2.0));
  CHECK(valueAt(p, 0.19, 1) == Approx(2.28));
  CHECK(valueAt(p, 1.95) == Approx(23.0));
}

TEST_CASE("clip player: repeat delays hold each iteration's end; incremental tracks climb") {
  Clip clip;
  ClipTrack t = ramp(0, 1.0, 0.f, 10.f, ClipPosition::at(0.0));
  t.timing.iterationCount = 3.0;
  t.timing.repeatDelay = 0.5;
  t.timing.fill = FillMode::Forwards;
  t.incremental = true;
  const ClipNode n = add(clip, t);
  REQUIRE(clip.seal());
  CHECK(clip.end(n) == Approx(4.0));
  ClipPlayer p(clip);
  CHECK(valueAt(p, 0.5) == Approx(5.0));
  CHECK(valueAt(p, 1.25) == Approx(10.0));  // the pause after the first iteration
  CHECK(valueAt(p, 1.75) == Approx(12.5));  // the second climbs on from 10
  CHECK(valueAt(p, 2.6) == Approx(20.0));
  CHECK(valueAt(p, 3.5) == Approx(25.0));
  CHECK(valueAt(p, 4.0) == Approx(30.0));
}

TEST_CASE("clip player: reverse iterations ease with time running back, or repeat the shape") {
  for (const ReverseEasing mode : {ReverseEasing::TimeReversed, ReverseEasing::ShapeRepeated}) {
    Clip clip;
    ClipTrack t = ramp(0, 1.0, 0.f, 1.f, ClipPosition::at(0.0));
    t.timing.iterationCount = 2.0;
    t.timing.direction = PlaybackDirection::Alternate;
    t.timing.easing = *parseEasing("ease-in-quad");
    t.timing.reverseEasing = mode;
    add(clip, t);
    REQUIRE(clip.seal());
    ClipPlayer p(clip);
    CHECK(valueAt(p, 0.5) == Approx(0.25));
    if (mode == ReverseEasing::TimeReversed)
      CHECK(valueAt(p, 1.25) == Approx(0.5625));  // ease-in of 0.75: slow as it leaves 1
    else
      CHECK(valueAt(p, 1.25) == Approx(0.9375));  // 1 - ease-in of 0.25: slow as it leaves 1, too, in shape
  }
}

TEST_CASE("clip player: marks fire forwards, backwards and several in one frame, in order") {
  Clip clip;
  add(clip, ramp(0, 2.0, 0.f, 1.f));
  REQUIRE(clip.addMark("b", ClipPosition::at(1.0)));
  REQUIRE(clip.addMark("a", ClipPosition::at(0.5)));
  REQUIRE(clip.addMark("c", ClipPosition::at(1.5)));
  REQUIRE(clip.addMark("start", ClipPosition::at(0.0)));
  REQUIRE(clip.seal());
  ClipPlayer p(clip);
  Recorder r;
  r.attach(p);
  p.play();
  p.update(0.25);
  CHECK(r.events == std::vector<std::string>{"start", "start+"});
  p.update(1.0);  // 0.25 -> 1.25 crosses a then b
  CHECK(r.events == std::vector<std::string>{"start", "start+", "a+", "b+"});
  p.update(0.0);
  CHECK(r.events.size() == 4);
  r.events.clear();
  p.reverse();
  p.update(0.75);  // 1.25 -> 0.5: b, then a (a is reached)
  CHECK(r.events == std::vector<std::string>{"b-", "a-"});
  r.events.clear();
  p.reverse();
  p.update(2.0);  // 0.5 -> 2 (the end): a is where it starts, so b and c, then the end
  CHECK(r.events == std::vector<std::string>{"b+", "c+", "end"});
  r.events.clear();
  p.seek(0.1);  // seeking crosses nothing
  CHECK(r.events.empty());
}

TEST_CASE("clip player: marks in a repeating nested timeline fire on every iteration") {
  Clip clip;
  ClipTimeline loop;
  loop.timing.iterationCount = 3.0;
  const ClipResult tl = clip.addTimeline(loop);
  REQUIRE(tl);
  ClipTrack t = ramp(0, 1.0, 0.f, 1.f, ClipPosition::at(0.0));
  t.parent = tl.node;
  add(clip, t);
  REQUIRE(clip.addMark("half", ClipPosition::at(0.5), tl.node));
  REQUIRE(clip.seal());
  CHECK(clip.duration() == Approx(3.0));
  ClipPlayer p(clip);
  Recorder r;
  r.attach(p);
  p.play();
  for (int i = 0; i < 30; ++i) p.update(0.1);
  int halves = 0;
  for (const std::string& e : r.events) halves += e == "half+" ? 1 : 0;
  CHECK(halves == 3);
  CHECK(r.events.back() == "end");
}

TEST_CASE("clip player: controls") {
  Clip clip;
  add(clip, ramp(0, 1.0, 0.f, 1.f));
  REQUIRE(clip.addLabel("mid", ClipPosition::at(0.5)));
  REQUIRE(clip.addMark("m", ClipPosition::at(0.75)));
  REQUIRE(clip.seal());
  ClipPlayer p(clip);
  Recorder r;
  r.attach(p);

  p.update(0.5);  // idle: nothing moves
  CHECK(p.time() == 0.0);
  p.play();
  p.update(0.25);
  p.pause();
  p.update(0.25);
  CHECK(p.time() == Approx(0.25));
  CHECK(p.state() == ClipPlayState::Paused);

  REQUIRE(p.seek("mid"));
  CHECK(p.time() == 0.5);
  CHECK(p.slot(0)[0] == Approx(0.5f));
  CHECK(p.seek("nowhere").status == ClipStatus::UnknownLabel);
  CHECK(p.time() == 0.5);

  REQUIRE(p.setRate(2.0));
  p.play();
  p.update(0.1);
  CHECK(p.time() == Approx(0.7));
  CHECK(p.setRate(std::numeric_limits<double>::quiet_NaN()).status == ClipStatus::InvalidTiming);

  r.events.clear();
  p.finish();
  CHECK(r.events == std::vector<std::string>{"m+", "end"});
  CHECK(p.time() == 1.0);
  CHECK(p.state() == ClipPlayState::Finished);

  REQUIRE(p.setRate(-1.0));
  p.play();  // from the end, backwards
  CHECK(p.time() == 1.0);
  p.update(0.5);
  CHECK(p.time() == Approx(0.5));
  r.events.clear();
  p.cancel();
  CHECK(r.events == std::vector<std::string>{"cancel"});
  CHECK_FALSE(p.written(0));
  CHECK(p.state() == ClipPlayState::Idle);
}

TEST_CASE("clip player: refusals") {
  Clip open;
  add(open, ramp(0, 1.0, 0.f, 1.f));
  ClipPlayer unsealed(open);
  CHECK(unsealed.status() == ClipStatus::NotSealed);
  unsealed.play();
  unsealed.update(1.0);
  CHECK(unsealed.time() == 0.0);

  Clip endless;
  ClipTrack t = ramp(0, 1.0, 0.f, 1.f);
  t.timing.iterationCount = std::numeric_limits<double>::infinity();
  add(endless, t);
  REQUIRE(endless.seal());
  ClipPlayer p(endless);
  CHECK(p.setRate(-1.0).status == ClipStatus::NoFiniteStart);
  CHECK(p.rate() == 1.0);
  p.play();
  p.update(1e6);
  CHECK(p.state() == ClipPlayState::Playing);
  CHECK(p.slot(0)[0] == Approx(0.0).margin(1e-6));
}

TEST_CASE("clip player: update allocates nothing") {
  Clip clip;
  ClipTimeline group;
  group.timing.iterationCount = 4.0;
  const ClipResult g = clip.addTimeline(group);
  REQUIRE(g);
  for (std::uint32_t i = 0; i < 8; ++i) {
    ClipTrack t = ramp(i, 0.5, 0.f, 1.f, ClipPosition::withPrevious(0.05));
    t.parent = g.node;
    t.keyframes.insert(t.keyframes.begin() + 1, ClipKeyframe{0.5, {2.f}, *parseEasing("ease-in-out")});
    add(clip, t);
  }
  REQUIRE(clip.addMark("m", ClipPosition::at(0.3), g.node));
  REQUIRE(clip.seal());
  ClipPlayer p(clip);
  int marks = 0;
  p.onEvent([&](const ClipEvent& e) { marks += e.kind == ClipEventKind::Mark ? 1 : 0; });
  p.play();
  p.update(0.0);
  const std::size_t allocations = zenit::test::allocationsIn([&] {
    for (int i = 0; i < 200; ++i) p.update(1.0 / 60.0);
  });
  CHECK(allocations == 0);
  CHECK(marks == 4);
}

TEST_CASE("clip player: frames inside an iteration give the pipeline's values, bit for bit") {
  // A player stepping frame after frame (which reuses the iteration it was
  // in) against one seeking to each time (which runs the whole pipeline).
  Clip clip;
  for (std::uint32_t i = 0; i < 6; ++i) {
    ClipTrack t = ramp(i, 0.3 + 0.1 * i, 0.f, 10.f, ClipPosition::at(0.05 * i - 0.1));
    t.timing.iterationCount = 7.5;
    t.timing.direction = i % 2 ? PlaybackDirection::Alternate : PlaybackDirection::AlternateReverse;
    t.timing.easing = *parseEasing(i % 3 ? "ease-out-cubic" : "cubic-bezier(0.3, 0.1, 0.2, 1)");
    t.timing.fill = FillMode::Both;
    t.timing.startDelay = 0.02 * i;
    t.timing.playbackRate = 1.0 + 0.25 * i;
    t.keyframes.insert(t.keyframes.begin() + 1, ClipKeyframe{0.4, {7.f}, *parseEasing("ease-in")});
    REQUIRE(clip.addTrack(t));
  }
  REQUIRE(clip.seal());
  ClipPlayer stepped(clip);
  ClipPlayer sought(clip);
  stepped.play();
  double time = 0.0;
  for (int f = 0; f < 300; ++f) {
    stepped.update(1.0 / 60.0);
    time += 1.0 / 60.0;
    sought.seek(stepped.time());
    for (std::uint32_t s = 0; s < 6; ++s) {
      INFO("frame " << f << " slot " << s);
      REQUIRE(stepped.written(s) == sought.written(s));
      CHECK(std::bit_cast<std::uint32_t>(stepped.slot(s)[0]) ==
            std::bit_cast<std::uint32_t>(sought.slot(s)[0]));
    }
  }
  CHECK(time > 4.9);
}

TEST_CASE("clip player: held, rolling and shared-slot tracks give the pipeline's values, bit for bit") {
  // Two-key tracks starting late (held before), ending early (held after,
  // or writing nothing without a fill), endless ones rolling from iteration
  // to iteration, and two tracks on one slot: the later one shows while in
  // effect, the earlier one's held end again once it is not.
  Clip clip;
  const FillMode fills[] = {FillMode::None, FillMode::Forwards, FillMode::Backwards, FillMode::Both};
  for (std::uint32_t i = 0; i < 4; ++i) {
    ClipTrack t = ramp(i, 0.2 + 0.15 * i, 1.f, -3.f, ClipPosition::at(0.4 * i));
    t.timing.iterationCount = i == 3 ? std::numeric_limits<double>::infinity() : 1.5 + i;
    t.timing.direction = i % 2 ? PlaybackDirection::Alternate : PlaybackDirection::Normal;
    t.timing.fill = fills[i];
    t.keyframes[0].easing = TransitionFunction::EaseOutCubic;
    REQUIRE(clip.addTrack(t));
  }
  ClipTrack first = ramp(4, 0.5, 0.f, 8.f, ClipPosition::at(0.1));
  first.timing.fill = FillMode::Both;
  ClipTrack second = ramp(4, 0.5, 20.f, 30.f, ClipPosition::at(1.0));
  REQUIRE(clip.addTrack(first));
  REQUIRE(clip.addTrack(second));
  REQUIRE(clip.seal());
  ClipPlayer stepped(clip);
  ClipPlayer sought(clip);
  stepped.play();
  for (int f = 0; f < 200; ++f) {
    stepped.update(f % 5 == 2 ? 0.037 : 1.0 / 60.0);
    sought.seek(stepped.time());
    for (std::uint32_t s = 0; s < 5; ++s) {
      INFO("frame " << f << " slot " << s);
      REQUIRE(stepped.written(s) == sought.written(s));
      CHECK(std::bit_cast<std::uint32_t>(stepped.slot(s)[0]) ==
            std::bit_cast<std::uint32_t>(sought.slot(s)[0]));
    }
  }
  CHECK(stepped.slot(4)[0] == 8.f);  // the second track ended without a fill: the first's end
}
