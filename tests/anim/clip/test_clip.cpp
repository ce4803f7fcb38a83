// Clip building (anim/Clip.hpp): positions as GSAP's position parameter
// places children, timelines that follow their latest child, labels and
// marks, and every refusal with its status.
#include <zenit/anim/Clip.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "support/zenit_test.hpp"

using namespace zenit;
using zenit::test::Approx;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

ClipTrack trackOf(double duration, ClipPosition position = ClipPosition::end(), ClipNode parent = kClipRoot) {
  ClipTrack t;
  t.parent = parent;
  t.position = std::move(position);
  t.timing.iterationDuration = duration;
  t.keyframes = {ClipKeyframe{0.0, {0.f}, {}}, ClipKeyframe{1.0, {1.f}, {}}};
  return t;
}

ClipNode add(Clip& clip, const ClipTrack& t) {
  const ClipResult r = clip.addTrack(t);
  INFO(r.message);
  REQUIRE(r);
  return r.node;
}

ClipPosition pos(std::string_view text) {
  std::string error;
  const std::optional<ClipPosition> p = parsePosition(text, &error);
  INFO(error);
  REQUIRE(p);
  return *p;
}

}  // namespace

TEST_CASE("clip: the default position appends at the end, += and -= move from it") {
  Clip clip;
  const ClipNode a = add(clip, trackOf(1.0));
  const ClipNode b = add(clip, trackOf(1.0, pos("+=1")));
  const ClipNode c = add(clip, trackOf(1.0, pos("-=0.5")));
  CHECK(clip.start(a) == 0.0);
  CHECK(clip.start(b) == 2.0);
  CHECK(clip.start(c) == 2.5);
  CHECK(clip.end(c) == 3.5);
  CHECK(clip.duration() == 3.5);
}

TEST_CASE("clip: < and > are the previous child's start and end, with offsets") {
  Clip clip;
  const ClipNode a = add(clip, trackOf(2.0, ClipPosition::at(1.0)));
  CHECK(clip.start(add(clip, trackOf(1.0, pos("<")))) == 1.0);
  const ClipNode b = add(clip, trackOf(1.0, pos(">")));
  CHECK(clip.start(b) == 2.0);  // the previous child is the one just added (1..2)
  CHECK(clip.start(add(clip, trackOf(1.0, pos("<0.25")))) == 2.25);
  CHECK(clip.start(add(clip, trackOf(1.0, pos(">-=0.5")))) == Approx(2.75));
  CHECK(clip.start(add(clip, trackOf(1.0, pos("<+=1")))) == Approx(3.75));
  CHECK(clip.start(a) == 1.0);
}

TEST_CASE("clip: with no previous child < and > mean 0") {
  Clip clip;
  CHECK(clip.start(add(clip, trackOf(1.0, pos(">+=1")))) == 1.0);
  Clip other;
  CHECK(other.start(add(other, trackOf(1.0, pos("<")))) == 0.0);
}

TEST_CASE("clip: percentages are shares of the inserted or the previous child's total duration") {
  Clip clip;
  add(clip, trackOf(1.0));
  ClipTrack repeated = trackOf(1.0, pos("+=50%"));
  repeated.timing.iterationCount = 2.0;
  repeated.timing.repeatDelay = 0.5;  // total 2.5 s: 1 + 0.5 + 1
  const ClipNode b = add(clip, repeated);
  CHECK(clip.start(b) == 2.25);
  CHECK(clip.end(b) == 4.75);
  CHECK(clip.start(add(clip, trackOf(1.0, pos("<50%")))) == 3.5);
  CHECK(clip.start(add(clip, trackOf(2.0, pos("-=50%")))) == Approx(3.75));
}

TEST_CASE("clip: labels place children and do not lengthen their timeline") {
  Clip clip;
  add(clip, trackOf(1.0));
  REQUIRE(clip.addLabel("intro", ClipPosition::at(5.0)));
  CHECK(clip.duration() == 1.0);
  CHECK(clip.labelTime(kClipRoot, "intro") == 5.0);
  CHECK(clip.start(add(clip, trackOf(1.0, pos("intro")))) == 5.0);
  CHECK(clip.start(add(clip, trackOf(1.0, pos("intro+=1")))) == 6.0);
  CHECK(clip.start(add(clip, trackOf(1.0, pos("intro-=2")))) == 3.0);
  // A label added at the default position sits at the end.
  REQUIRE(clip.addLabel("outro"));
  CHECK(clip.labelTime(kClipRoot, "outro") == 7.0);
  // Labels and marks are not the previous child.
  REQUIRE(clip.addMark("ping", ClipPosition::at(100.0)));
  CHECK(clip.start(add(clip, trackOf(1.0, pos("<")))) == 3.0);
}

TEST_CASE("clip: refusals leave the clip as it was") {
  Clip clip;
  add(clip, trackOf(1.0));
  const std::size_t before = clip.size();

  ClipResult r = clip.addTrack(trackOf(1.0, pos("nowhere")));
  CHECK(r.status == ClipStatus::UnknownLabel);
  CHECK(r.message.find("nowhere") != std::string::npos);

  ClipTrack bad = trackOf(1.0);
  bad.timing.iterationDuration = -1.0;
  CHECK(clip.addTrack(bad).status == ClipStatus::InvalidTiming);
  bad = trackOf(1.0);
  bad.timing.repeatDelay = -0.5;
  CHECK(clip.addTrack(bad).status == ClipStatus::InvalidTiming);
  bad = trackOf(1.0);
  bad.keyframes = {ClipKeyframe{0.5, {}, {}}, ClipKeyframe{0.25, {}, {}}};
  CHECK(clip.addTrack(bad).status == ClipStatus::InvalidKeyframes);
  bad.keyframes.clear();
  CHECK(clip.addTrack(bad).status == ClipStatus::InvalidKeyframes);
  bad = trackOf(1.0, ClipPosition::at(kInf));
  CHECK(clip.addTrack(bad).status == ClipStatus::InvalidPosition);
  bad = trackOf(1.0, kClipRoot == kClipRoot ? ClipPosition::end() : ClipPosition::end(), ClipNode{99});
  CHECK(clip.addTrack(bad).status == ClipStatus::UnknownNode);

  REQUIRE(clip.addLabel("x", ClipPosition::at(1.0)));
  CHECK(clip.addLabel("x", ClipPosition::at(2.0)).status == ClipStatus::DuplicateLabel);
  CHECK(clip.size() == before + 1);
}

TEST_CASE("clip: after an endless child the end is no finite time") {
  Clip clip;
  ClipTrack endless = trackOf(1.0);
  endless.timing.iterationCount = kInf;
  const ClipNode a = add(clip, endless);
  CHECK(clip.end(a) == kInf);
  CHECK(clip.duration() == kInf);
  const std::size_t before = clip.size();
  CHECK(clip.addTrack(trackOf(1.0)).status == ClipStatus::NoFiniteStart);
  CHECK(clip.addTrack(trackOf(1.0, pos(">"))).status == ClipStatus::NoFiniteStart);
  CHECK(clip.addTrack(trackOf(1.0, pos("<50%"))).status == ClipStatus::NoFiniteStart);
  CHECK(clip.size() == before);
  CHECK(clip.start(add(clip, trackOf(1.0, pos("<+=1")))) == 1.0);  // its start is finite
}

TEST_CASE("clip: a child keeps a start before 0; shiftChildren moves children, not labels") {
  Clip clip;
  REQUIRE(clip.addLabel("L", ClipPosition::at(0.5)));
  const ClipNode a = add(clip, trackOf(1.0));
  const ClipNode b = add(clip, trackOf(1.0, pos("-=2")));
  CHECK(clip.start(b) == -1.0);
  CHECK(clip.duration() == 1.0);  // the first half of b never plays
  REQUIRE(clip.shiftChildren(kClipRoot, 1.0));
  CHECK(clip.start(a) == 1.0);
  CHECK(clip.start(b) == 0.0);
  CHECK(clip.labelTime(kClipRoot, "L") == 0.5);
}

TEST_CASE("clip: a timeline follows its latest child and keeps its start as it grows") {
  Clip clip;
  ClipTimeline group;
  group.position = ClipPosition::at(0.0);
  const ClipResult s = clip.addTimeline(group);
  REQUIRE(s);
  const ClipNode a = add(clip, trackOf(1.0, pos(">")));
  CHECK(clip.start(a) == 0.0);  // the empty timeline ends at 0
  add(clip, trackOf(1.0, ClipPosition::end(), s.node));
  add(clip, trackOf(2.0, ClipPosition::end(), s.node));
  CHECK(clip.start(s.node) == 0.0);
  CHECK(clip.duration(s.node) == 3.0);
  CHECK(clip.start(add(clip, trackOf(1.0))) == 3.0);

  // Repeats, rate and a fixed duration.
  ClipTimeline fixed;
  fixed.timing.iterationDuration = 0.5;
  fixed.timing.iterationCount = 2.0;
  fixed.timing.repeatDelay = 1.0;
  fixed.timing.playbackRate = 2.0;
  fixed.position = ClipPosition::at(10.0);
  const ClipResult f = clip.addTimeline(fixed);
  REQUIRE(f);
  add(clip, trackOf(4.0, ClipPosition::end(), f.node));
  CHECK(clip.duration(f.node) == 0.5);
  CHECK(clip.end(f.node) == 10.0 + (0.5 + 1.0 + 0.5) / 2.0);
}

TEST_CASE("clip: timelines nest at most 32 deep; their easing never decreases") {
  Clip clip;
  ClipNode parent = kClipRoot;
  for (int i = 0; i < kMaxClipDepth; ++i) {
    ClipTimeline t;
    t.parent = parent;
    const ClipResult r = clip.addTimeline(t);
    REQUIRE(r);
    parent = r.node;
  }
  ClipTimeline deeper;
  deeper.parent = parent;
  CHECK(clip.addTimeline(deeper).status == ClipStatus::TooDeep);
  add(clip, trackOf(1.0, ClipPosition::end(), parent));  // tracks may sit at the deepest level

  ClipTimeline eased;
  eased.timing.easing = *parseEasing("ease-out-back");
  CHECK(clip.addTimeline(eased).status == ClipStatus::InvalidEasing);
  eased.timing.easing = *parseEasing("cubic-bezier(0.3, 1.4, 0.7, 1)");
  CHECK(clip.addTimeline(eased).status == ClipStatus::InvalidEasing);
  eased.timing.easing = *parseEasing("steps(24)");
  CHECK(clip.addTimeline(eased));
  eased.timing.easing = *parseEasing("ease-in-out");
  CHECK(clip.addTimeline(eased));
}

TEST_CASE("clip: a sealed clip refuses building and stays readable") {
  Clip clip;
  const ClipNode a = add(clip, trackOf(0.4));
  REQUIRE(clip.seal());
  CHECK(clip.sealed());
  CHECK(clip.addTrack(trackOf(1.0)).status == ClipStatus::Sealed);
  CHECK(clip.addLabel("x").status == ClipStatus::Sealed);
  CHECK(clip.shiftChildren(kClipRoot, 1.0).status == ClipStatus::Sealed);
  CHECK(clip.seal().status == ClipStatus::Sealed);
  REQUIRE(clip.track(a) != nullptr);
  CHECK(clip.track(a)->keyframes.size() == 2);
  CHECK(clip.end(a) == Approx(0.4));
}
