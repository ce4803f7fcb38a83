// A sealed clip is read-only: players on several threads sample one clip
// at once and each gets what a player alone gets. Built twice: in the
// anim tests (ASan + UBSan) and alone under ThreadSanitizer
// (zenit_clip_tsan_tests, tests/extra.cmake).
#include <zenit/anim/ClipPlayer.hpp>
#include <zenit/core/Stagger.hpp>

#include <thread>
#include <vector>

#include "support/zenit_test.hpp"

using namespace zenit;

namespace {

// Twelve items in a 4-column grid popping in from the center: a staggered
// clip of two tracks per item (opacity and scale), in a repeating group,
// with marks.
Clip gridClip() {
  Clip clip;
  Stagger s;
  s.columns = 4;
  s.origin = StaggerOrigin::Center;
  s.spacing = 0.05;
  double offsets[12];
  REQUIRE(computeStagger(s, offsets));
  ClipTimeline group;
  group.timing.iterationCount = 2.0;
  group.timing.direction = PlaybackDirection::Alternate;
  const ClipResult g = clip.addTimeline(group);
  REQUIRE(g);
  for (std::uint32_t i = 0; i < 12; ++i) {
    ClipTrack fade;
    fade.parent = g.node;
    fade.slot = 2 * i;
    fade.position = ClipPosition::at(offsets[i]);
    fade.timing.iterationDuration = 0.3;
    fade.timing.fill = FillMode::Both;
    fade.keyframes = {ClipKeyframe{0.0, {0.f}, {}}, ClipKeyframe{1.0, {1.f}, {}}};
    REQUIRE(clip.addTrack(fade));
    ClipTrack grow = fade;
    grow.slot = 2 * i + 1;
    grow.position = ClipPosition::withPrevious();
    grow.keyframes = {ClipKeyframe{0.0, {0.5f}, *parseEasing("ease-out-back")}, ClipKeyframe{1.0, {1.f}, {}}};
    REQUIRE(clip.addTrack(grow));
  }
  REQUIRE(clip.addMark("half", ClipPosition::at(0.2), g.node));
  REQUIRE(clip.seal());
  return clip;
}

// Every slot of every frame of a whole play, and the marks seen.
std::vector<float> playThrough(const Clip& clip, int& marks) {
  ClipPlayer p(clip);
  p.onEvent([&](const ClipEvent& e) { marks += e.kind == ClipEventKind::Mark ? 1 : 0; });
  std::vector<float> frames;
  p.play();
  for (int f = 0; f < 90; ++f) {
    p.update(1.0 / 60.0);
    for (std::uint32_t s = 0; s < p.slotCount(); ++s) frames.push_back(p.slot(s)[0]);
  }
  return frames;
}

}  // namespace

TEST_CASE("clip threads: players on four threads share one sealed clip") {
  const Clip clip = gridClip();
  int aloneMarks = 0;
  const std::vector<float> alone = playThrough(clip, aloneMarks);
  CHECK(aloneMarks == 2);

  constexpr int kThreads = 4;
  std::vector<std::vector<float>> results(kThreads);
  std::vector<int> marks(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      results[static_cast<std::size_t>(t)] = playThrough(clip, marks[static_cast<std::size_t>(t)]);
    });
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    CHECK(results[static_cast<std::size_t>(t)] == alone);
    CHECK(marks[static_cast<std::size_t>(t)] == aloneMarks);
  }
}
