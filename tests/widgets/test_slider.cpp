// Slider: drag, keys, bounds and steps, disabled, the ::track / ::fill /
// ::knob parts and the seed §5.4 knobGlow part animation.
#include "widgets/widget_fixture.hpp"

#include <string>
#include <vector>

using namespace zenit;
using zenit::test::near;
using zenit::test::sameColor;
using zenit::test::Scene;

namespace {
// A 200px track starting at x = 20 (root padding 10 + slider padding 10).
const std::string kBase =
    "Root { flex-direction: column; align-items: flex-start; padding: 10px; row-gap: 10px; }\n"
    "Slider { width: 200px; height: 20px; padding: 0 10px; }\n";
constexpr float kTrackX = 20.0f;
constexpr float kTrackW = 200.0f;

float xAt(float fraction) { return kTrackX + fraction * kTrackW; }
}  // namespace

TEST_CASE("Slider: dragging sets the value from the pointer, within bounds", "[widgets][slider]") {
  Scene s(kBase);
  Slider& sl = s.add<Slider>(/*min=*/-10.0f, /*max=*/10.0f, /*value=*/0.0f);
  std::vector<float> changes;
  sl.onChange = [&](float v) { changes.push_back(v); };
  s.frame();
  const float y = Scene::centerY(sl);

  s.move(xAt(0.25f), y);
  CHECK(sl.value() == 0.0f);  // hovering does not drag
  s.down(xAt(0.25f), y);
  CHECK(near(sl.value(), -5.0f));
  s.move(xAt(0.75f), y);
  CHECK(near(sl.value(), 5.0f));
  // The press captures the pointer: the drag continues outside the node.
  s.move(390.0f, 290.0f);
  CHECK(near(sl.value(), 10.0f));
  s.move(0.0f, y);
  CHECK(near(sl.value(), -10.0f));
  s.up(xAt(0.5f), y);
  CHECK(near(sl.value(), 0.0f));
  // Released: moves no longer drag.
  s.move(xAt(0.9f), y);
  CHECK(near(sl.value(), 0.0f));
  REQUIRE(changes.size() == 5);
  CHECK(near(changes.front(), -5.0f));
  CHECK(near(changes.back(), 0.0f));
}

TEST_CASE("Slider: values snap to the step", "[widgets][slider]") {
  Scene s(kBase);
  Slider& sl = s.add<Slider>(0.0f, 100.0f, 0.0f, /*step=*/25.0f);
  s.frame();
  const float y = Scene::centerY(sl);
  s.down(xAt(0.33f), y);
  CHECK(sl.value() == 25.0f);
  s.move(xAt(0.40f), y);
  CHECK(sl.value() == 50.0f);
  s.up(xAt(0.40f), y);
  CHECK(sl.setValue(80.0f));
  CHECK(sl.value() == 75.0f);
}

TEST_CASE("Slider: arrow, page and Home/End keys step while focused", "[widgets][slider]") {
  Scene s(kBase);
  Slider& sl = s.add<Slider>(0.0f, 10.0f, 5.0f, 1.0f);
  int changes = 0;
  sl.onChange = [&](float) { ++changes; };
  s.frame();
  CHECK_FALSE(s.key(Key::Right));  // not focused
  CHECK(sl.value() == 5.0f);

  const float y = Scene::centerY(sl);
  s.down(xAt(0.5f), y);  // focus without moving the value
  s.up(xAt(0.5f), y);
  REQUIRE(sl.isFocused());
  CHECK(s.key(Key::Right));
  CHECK(sl.value() == 6.0f);
  CHECK(s.key(Key::Up, /*repeat=*/true));  // auto-repeat steps too
  CHECK(sl.value() == 7.0f);
  CHECK(s.key(Key::Left));
  CHECK(s.key(Key::Down));
  CHECK(sl.value() == 5.0f);
  CHECK(s.key(Key::PageUp));
  CHECK(sl.value() == 10.0f);  // clamped at max
  CHECK(s.key(Key::Right));
  CHECK(sl.value() == 10.0f);
  CHECK(s.key(Key::Home));
  CHECK(sl.value() == 0.0f);
  CHECK(s.key(Key::Left));
  CHECK(sl.value() == 0.0f);  // clamped at min
  CHECK(s.key(Key::End));
  CHECK(sl.value() == 10.0f);
  CHECK(changes == 7);  // only moves that changed the value
  CHECK_FALSE(s.key(Key::Enter));
}

TEST_CASE("Slider: a continuous slider steps by 1% of its range", "[widgets][slider]") {
  Scene s(kBase);
  Slider& sl = s.add<Slider>(0.0f, 200.0f, 100.0f);
  s.frame();
  s.clickCenter(sl);
  REQUIRE(sl.isFocused());
  const float v = sl.value();
  s.key(Key::Right);
  CHECK(near(sl.value(), v + 2.0f));
}

TEST_CASE("Slider: a disabled slider ignores drag and keys", "[widgets][slider]") {
  Scene s(kBase);
  Slider& sl = s.add<Slider>(0.0f, 1.0f, 0.5f);
  int changes = 0;
  sl.onChange = [&](float) { ++changes; };
  sl.setDisabled(true);
  s.frame();
  CHECK_FALSE(sl.focusable());
  const float y = Scene::centerY(sl);
  s.down(xAt(0.1f), y);
  s.move(xAt(0.9f), y);
  s.up(xAt(0.9f), y);
  s.key(Key::Home);
  CHECK(sl.value() == 0.5f);
  CHECK_FALSE(sl.isFocused());
  CHECK(changes == 0);
}

TEST_CASE("Slider: bad ranges and values are rejected or clamped", "[widgets][slider]") {
  Scene s(kBase);
  Slider& sl = s.add<Slider>(0.0f, 10.0f, 4.0f, 2.0f);
  CHECK_FALSE(sl.setRange(5.0f, 1.0f));
  CHECK_FALSE(sl.setRange(NAN, 1.0f));
  CHECK_FALSE(sl.setRange(0.0f, INFINITY));
  CHECK_FALSE(sl.setRange(0.0f, 1.0f, -1.0f));
  CHECK(sl.min() == 0.0f);
  CHECK(sl.max() == 10.0f);
  CHECK(sl.step() == 2.0f);
  CHECK_FALSE(sl.setValue(NAN));
  CHECK(sl.value() == 4.0f);
  sl.setValue(1e9f);
  CHECK(sl.value() == 10.0f);
  sl.setValue(-INFINITY);
  CHECK(sl.value() == 0.0f);
  // A new range clamps the value into it.
  sl.setValue(10.0f);
  CHECK(sl.setRange(0.0f, 3.0f, 0.0f));
  CHECK(sl.value() == 3.0f);
  // An empty range is allowed: the knob sits at the start.
  CHECK(sl.setRange(2.0f, 2.0f));
  CHECK(sl.value() == 2.0f);
  CHECK(sl.fraction() == 0.0f);
  // A constructor given a bad range falls back to [0, 1].
  Slider& bad = s.add<Slider>(1.0f, 0.0f, 0.5f);
  CHECK(bad.min() == 0.0f);
  CHECK(bad.max() == 1.0f);
  CHECK(bad.value() == 0.5f);
}

TEST_CASE("Slider: ::track, ::fill and ::knob styles reach the draw list", "[widgets][slider][parts]") {
  Scene s(kBase + R"(
    Slider::track { background-color: #00ff00; height: 6px; }
    Slider::fill  { background-color: #0000ff; }
    Slider::knob  { background-color: #ff0000; width: 12px; height: 14px; }
  )");
  s.add<Slider>(0.0f, 1.0f, 0.25f);
  s.frame();
  s.draw();
  const auto track = s.rectsSized(kTrackW, 6.0f);
  REQUIRE(track.size() == 1);
  CHECK(sameColor(track[0].fill, Color{0, 1, 0, 1}));
  const auto fill = s.rectsSized(0.25f * kTrackW, 6.0f);  // the fill takes the track's height
  REQUIRE(fill.size() == 1);
  CHECK(sameColor(fill[0].fill, Color{0, 0, 1, 1}));
  const auto knob = s.rectsSized(12.0f, 14.0f);
  REQUIRE(knob.size() == 1);
  CHECK(sameColor(knob[0].fill, Color{1, 0, 0, 1}));
  CHECK(near(knob[0].rect.x + 6.0f, xAt(0.25f)));  // centred on the value
}

TEST_CASE("Slider: an unstyled slider draws its track, fill and knob", "[widgets][slider][parts]") {
  Scene s("Root { flex-direction: column; align-items: flex-start; }");
  Slider& sl = s.add<Slider>(0.0f, 1.0f, 0.5f);
  s.frame();
  s.draw();
  CHECK(sl.box.viewRect.width > 0.0f);
  CHECK(sl.box.viewRect.height >= 18.0f);
  CHECK(s.rectsSized(18.0f, 18.0f).size() == 1);  // the knob
  CHECK(s.rec.rects().size() == 3);
}

namespace {
// Seed §5.4, verbatim.
const char* kKnobGlow = R"(
  @keyframes knobGlow {
      0%   { color: #d6ff32; }
      50%  { color: #ffffff; }
      100% { color: #d6ff32; }
  }
  Slider:hover::knob {
      animation: knobGlow 0.6s ease-in-out infinite;
  }
  Slider::knob { width: 16px; height: 16px; color: #202020; }
)";

Color knobColor(Scene& s) {
  s.draw();
  const auto knob = s.rectsSized(16.0f, 16.0f);
  REQUIRE(knob.size() == 1);
  return knob[0].fill;
}
}  // namespace

TEST_CASE("Slider: knobGlow changes the knob's color while hovered and stops after (seed §5.4)",
          "[widgets][slider][parts][anim]") {
  Scene s(kBase + kKnobGlow);
  Slider& sl = s.add<Slider>(0.0f, 1.0f, 0.5f);
  s.frame(0.1);
  const Color base = Color::rgba8(0x20, 0x20, 0x20);
  CHECK(sameColor(knobColor(s), base));
  s.frame(0.1);
  CHECK(sameColor(knobColor(s), base));  // not hovered: nothing animates

  s.move(xAt(0.5f), Scene::centerY(sl));
  s.frame(0.1);
  CHECK(
      sameColor(knobColor(s), Color::rgba8(0xd6, 0xff, 0x32)));  // the 0% keyframe, at the first hovered draw
  s.frame(0.15);
  const Color quarter = knobColor(s);  // between the 0% and 50% keyframes
  CHECK_FALSE(sameColor(quarter, Color::rgba8(0xd6, 0xff, 0x32)));
  CHECK_FALSE(sameColor(quarter, Color::white()));
  CHECK(quarter.r > 0xd6 / 255.0f);
  s.frame(0.15);
  CHECK(sameColor(knobColor(s), Color::white()));  // 50%
  s.frame(0.3);
  CHECK(sameColor(knobColor(s), Color::rgba8(0xd6, 0xff, 0x32)));  // 100% = the next iteration's 0%
  CHECK(sl.animationPlayer() != nullptr);
  CHECK(sl.animationPlayer()->hasActivePartAnims());

  // The pointer leaves: the rule stops matching, the animation is dropped
  // and the knob is back to its base color on the next draw, for good.
  s.move(390.0f, 290.0f);
  s.frame(0.1);
  CHECK(sameColor(knobColor(s), base));
  CHECK_FALSE(sl.animationPlayer()->hasActivePartAnims());
  s.frame(0.15);
  CHECK(sameColor(knobColor(s), base));
}
