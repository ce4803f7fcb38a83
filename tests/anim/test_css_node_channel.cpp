// CSS Animations 1 / Web Animations 1 timing through the node channel on a
// live tree (beyond the seed's §2.4): fill modes, directions, fractional
// iteration counts, negative delays, animation-play-state, the fill of one
// animation showing during another's delay, and the animation events.
#include "layout/anim_scene.hpp"

#include <string>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::cssAnim;
using zenit::test::renderedOpacity;
using zenit::test::Scene;

// opacity 0.2 -> 0.8 over one iteration; the base opacity is 1.
constexpr std::string_view kSheet = R"(
@keyframes fade { from { opacity: 0.2; } to { opacity: 0.8; } }
.box { width: 100px; height: 100px; }
)";

float fadeAt(double p) { return 0.2f + 0.6f * static_cast<float>(p); }

// A box with `animation: <decl>` as its only rule.
Layout& animated(Scene& s, std::string_view decl) {
  Layout& box = s.add({"box"});
  box.applyStyleAttr("animation: " + std::string(decl));
  return box;
}

TEST_CASE("fill modes through the node channel: none, backwards, forwards, both", "[anim][css][fill]") {
  Scene s(kSheet);
  Layout& none = animated(s, "fade 1s linear 0.5s");
  Layout& back = animated(s, "fade 1s linear 0.5s backwards");
  Layout& fwd = animated(s, "fade 1s linear 0.5s forwards");
  Layout& both = animated(s, "fade 1s linear 0.5s both");
  s.frame(0.25);  // in the delay
  CHECK(renderedOpacity(none) == 1.0f);
  CHECK(renderedOpacity(back) == Approx(0.2f));
  CHECK(renderedOpacity(fwd) == 1.0f);
  CHECK(renderedOpacity(both) == Approx(0.2f));
  s.frame(0.5);  // active, 0.25 in
  for (Layout* n : {&none, &back, &fwd, &both}) CHECK(renderedOpacity(*n) == Approx(fadeAt(0.25)));
  s.frame(1.0);  // after
  CHECK(renderedOpacity(none) == 1.0f);
  CHECK(renderedOpacity(back) == 1.0f);
  CHECK(renderedOpacity(fwd) == Approx(0.8f));
  CHECK(renderedOpacity(both) == Approx(0.8f));
}

TEST_CASE("directions through the node channel: reverse, alternate, alternate-reverse",
          "[anim][css][direction]") {
  Scene s(kSheet);
  Layout& rev = animated(s, "fade 1s linear 3 reverse");
  Layout& alt = animated(s, "fade 1s linear 3 alternate");
  Layout& altRev = animated(s, "fade 1s linear 3 alternate-reverse");
  s.frame(0.25);
  CHECK(renderedOpacity(rev) == Approx(fadeAt(0.75)));
  CHECK(renderedOpacity(alt) == Approx(fadeAt(0.25)));
  CHECK(renderedOpacity(altRev) == Approx(fadeAt(0.75)));
  s.frame(1.0);  // second iteration, 0.25 in
  CHECK(renderedOpacity(rev) == Approx(fadeAt(0.75)));
  CHECK(renderedOpacity(alt) == Approx(fadeAt(0.75)));
  CHECK(renderedOpacity(altRev) == Approx(fadeAt(0.25)));
}

TEST_CASE("fractional iteration counts end part-way through an iteration", "[anim][css][iterations]") {
  Scene s(kSheet);
  Layout& box = animated(s, "fade 1s linear 2.5 forwards");
  Layout& alt = animated(s, "fade 1s linear 1.25 alternate forwards");
  Layout& zero = animated(s, "fade 1s linear 0 forwards");
  s.frame(0.125);
  CHECK(renderedOpacity(zero) == Approx(0.2f));  // zero iterations: ends at once, holds the start
  s.frame(1.125);
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.25)));
  CHECK(renderedOpacity(alt) == Approx(fadeAt(0.75)));
  s.frame(2.0);
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.5)));
  CHECK(renderedOpacity(alt) == Approx(fadeAt(0.75)));  // 1.25 iterations, second one runs backwards
  CHECK(cssAnim(box, "fade")->finished);
}

TEST_CASE("a negative delay starts the animation part-way in", "[anim][css][delay]") {
  Scene s(kSheet);
  Layout& box = animated(s, "fade 1s linear -0.5s");
  s.frame(0.125);
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.625)));
  s.frame(0.5);  // ends 0.5 s after it started
  CHECK(renderedOpacity(box) == 1.0f);
  CHECK(cssAnim(box, "fade")->finished);
}

TEST_CASE(
    "`animation: fadein 1s, fadeout 1s 5s`: fadeout has no effect during its delay (Web Animations fill)",
    "[anim][css][fill]") {
  // Under the seed's sampler a delayed animation showed its 0% during the
  // delay, so fadeout (later in the list, so winning) hid fadein entirely.
  Scene s(R"(
    @keyframes fadein { from { opacity: 0; } to { opacity: 1; } }
    @keyframes fadeout { from { opacity: 1; } to { opacity: 0; } }
    .box { width: 100px; height: 100px; animation: fadein 1s linear, fadeout 1s linear 5s; }
  )");
  Layout& box = s.add({"box"});
  s.frame(0.5);
  CHECK(renderedOpacity(box) == Approx(0.5f));  // fadein shows through
  s.frame(2.0);
  CHECK(renderedOpacity(box) == Approx(1.0f));  // fadein's end, which is the base: no gap, no jump
  s.frames(4, 0.5);                             // t = 4.5
  CHECK(renderedOpacity(box) == Approx(1.0f));
  s.frame(1.0);                                 // t = 5.5
  CHECK(renderedOpacity(box) == Approx(0.5f));  // fadeout
  CHECK(box.hasActiveAnimations());
  s.frame(1.0);
  CHECK_FALSE(box.hasActiveAnimations());
  CHECK(renderedOpacity(box) == 1.0f);
}

TEST_CASE("animation-play-state: paused holds a node animation — running resumes it",
          "[anim][css][playstate]") {
  Scene s(std::string(kSheet) + R"(
    .run { animation: fade 1s linear infinite; }
    .run.hold { animation-play-state: paused; }
  )");
  Layout& box = s.add({"box", "run"});
  int allDone = 0;
  box.onAnimationsFinished = [&] { ++allDone; };
  s.frames(2, 0.125);
  box.addClass("hold");
  s.frames(4, 0.125);
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.25));  // held from the frame it paused on
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.25)));
  CHECK_FALSE(box.hasActiveAnimations());
  CHECK(allDone == 1);
  CHECK_FALSE(s.root.needsUpdate());
  box.removeClass("hold");
  s.frame(0.125);
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.375));
  CHECK(box.hasActiveAnimations());
}

TEST_CASE("animation events: start, iteration, end and cancel carry the @keyframes name",
          "[anim][css][events]") {
  Scene s(std::string(kSheet) + R"(
    .twice { animation: fade 1s linear 0.5s 2; }
    .loop { animation: fade 1s linear infinite; }
  )");
  Layout& box = s.add({"box", "twice"});
  struct Seen {
    AnimationEventType type;
    std::string name;
    double elapsed;
  };
  std::vector<Seen> seen;
  box.onAnimationEvent = [&](const AnimationEvent& e) {
    seen.push_back({e.type, std::string(e.name), e.elapsedTime});
    CHECK(e.part.empty());
  };
  s.frame(0.25);
  CHECK(seen.empty());  // in the delay
  s.frame(0.5);
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].type == AnimationEventType::Start);
  CHECK(seen[0].name == "fade");
  CHECK(seen[0].elapsed == 0.0);
  s.frame(1.0);
  REQUIRE(seen.size() == 2);
  CHECK(seen[1].type == AnimationEventType::Iteration);
  CHECK(seen[1].elapsed == Approx(1.0));
  s.frame(1.0);
  REQUIRE(seen.size() == 3);
  CHECK(seen[2].type == AnimationEventType::End);
  CHECK(seen[2].elapsed == Approx(2.0));
  CHECK(std::string(toString(seen[2].type)) == "animationend");

  seen.clear();
  box.removeClass("twice");
  s.frame(0.25);
  CHECK(seen.empty());  // a finished animation is not cancelled by its removal
  box.addClass("loop");
  s.frame(0.25);
  box.removeClass("loop");
  s.frame(0.25);
  REQUIRE(seen.size() == 2);
  CHECK(seen[0].type == AnimationEventType::Start);
  CHECK(seen[1].type == AnimationEventType::Cancel);
  CHECK(seen[1].name == "fade");
  CHECK(seen[1].elapsed == Approx(0.25));
}

TEST_CASE("a live edit of the timing takes effect without a restart, even after the end (seed §2.1)",
          "[anim][css][sync]") {
  Scene s(std::string(kSheet) + R"(
    .once { animation: fade 1s linear forwards; }
    .once.longer { animation-duration: 4s; }
  )");
  Layout& box = s.add({"box", "once"});
  std::vector<AnimationEventType> seen;
  box.onAnimationEvent = [&](const AnimationEvent& e) { seen.push_back(e.type); };
  s.frames(6, 0.25);
  REQUIRE(cssAnim(box, "fade")->finished);
  CHECK(renderedOpacity(box) == Approx(0.8f));
  const std::optional<ActiveCssAnimation> before = cssAnim(box, "fade");
  box.addClass("longer");
  s.frame(0.25);
  std::optional<ActiveCssAnimation> a = cssAnim(box, "fade");
  REQUIRE(a);
  CHECK(a->startTime == before->startTime);  // the same instance: a new one would start now
  CHECK_FALSE(a->finished);
  CHECK(renderedOpacity(box) == Approx(fadeAt((a->elapsed) / 4.0)));
  CHECK(a->elapsed > 1.0);
  CHECK(box.hasActiveAnimations());
  s.frames(16, 0.25);
  a = cssAnim(box, "fade");
  CHECK(a->finished);
  CHECK(renderedOpacity(box) == Approx(0.8f));
  // Revived from the after phase into the active one: a new start, then a new end (CSS Animations 2 event
  // table).
  CHECK(seen == std::vector<AnimationEventType>{AnimationEventType::Start, AnimationEventType::End,
                                                AnimationEventType::Start, AnimationEventType::End});
}

TEST_CASE("animation events of a part name the part", "[anim][css][events][parts]") {
  class Knob : public Layout {
   public:
    Knob() : Layout("Slider") { declarePart("knob"); }

   protected:
    void renderContent(DrawList&, const RenderContext&) const override { (void)partStyle("knob"); }
  };
  Scene s(R"(
    @keyframes blink { from { opacity: 0; } to { opacity: 1; } }
    Slider { width: 100px; height: 40px; }
    Slider::knob { animation: blink 0.5s linear; }
  )");
  auto& w = s.add<Knob>({});
  std::vector<std::pair<AnimationEventType, std::string>> seen;
  w.onAnimationEvent = [&](const AnimationEvent& e) { seen.emplace_back(e.type, std::string(e.part)); };
  s.frames(4, 0.25);
  REQUIRE(seen.size() == 2);
  CHECK(seen[0] == std::make_pair(AnimationEventType::Start, std::string("knob")));
  CHECK(seen[1] == std::make_pair(AnimationEventType::End, std::string("knob")));
}

}  // namespace

TEST_CASE(
    "an animation-name no @keyframes defines runs nothing until a sheet defines it, then starts fresh "
    "(seed §2.2)",
    "[anim][css]") {
  Scene s(kSheet);
  Layout& box = animated(s, "later 1s linear");
  int starts = 0;
  box.onAnimationEvent = [&](const AnimationEvent& e) {
    starts += e.type == AnimationEventType::Start ? 1 : 0;
  };
  s.frames(3, 0.25);
  CHECK(!cssAnim(box, "later"));  // dropped: CSS creates no animation for an unknown name
  CHECK(renderedOpacity(box) == 1.0f);
  CHECK(starts == 0);

  // A hot reload that defines it: the next frame starts it at its own 0.
  const Theme::LoadResult later = Theme::get().loadString(
      "@keyframes later { from { opacity: 0.2; } to { opacity: 0.8; } }", "later.zstyle");
  REQUIRE(later.ok());
  s.frame(0.25);
  const std::optional<ActiveCssAnimation> a = cssAnim(box, "later");
  REQUIRE(a);
  CHECK(a->startTime == Approx(1.0));
  CHECK(a->elapsed ==
        0.25);  // started by this frame's sync and ticked by it, as a new animation is (seed §7.1)
  CHECK(starts == 1);
  s.frame(0.5);
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.75)));

  // Unloaded again: the instance goes with its @keyframes.
  Theme::get().unload(later.id);
  s.frame(0.25);
  CHECK(!cssAnim(box, "later"));
  CHECK(renderedOpacity(box) == 1.0f);
}
