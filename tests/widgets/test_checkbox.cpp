// Checkbox: toggling from pointer and keys, onChange, disabled, the ::box
// and ::mark parts, and the mark's part animation.
#include "widgets/widget_fixture.hpp"

#include <zenit/render/Font.hpp>

#include <string>
#include <vector>

using namespace zenit;
using zenit::test::near;
using zenit::test::sameColor;
using zenit::test::Scene;

namespace {
const std::string kBase =
    "Root { flex-direction: column; align-items: flex-start; padding: 10px; row-gap: 10px; }\n";
const Color kMarkColor = Color::rgba8(0xff, 0x00, 0xff);
// The mark's glyph strokes are drawn in the mark's color.
const std::string kMarkSheet = kBase + "Checkbox::mark { color: #ff00ff; }\n";
}  // namespace

TEST_CASE("Checkbox: a click toggles it and calls onChange", "[widgets][checkbox]") {
  Scene s(kBase);
  Checkbox& c = s.add<Checkbox>("Sound");
  std::vector<bool> changes;
  c.onChange = [&](bool on) { changes.push_back(on); };
  s.frame();
  CHECK_FALSE(c.isChecked());
  s.clickCenter(c);
  CHECK(c.isChecked());
  s.clickCenter(c);
  CHECK_FALSE(c.isChecked());
  CHECK(changes == std::vector<bool>{true, false});
  CHECK(c.isFocused());
}

TEST_CASE("Checkbox: pressed on it and released outside does not toggle", "[widgets][checkbox]") {
  Scene s(kBase);
  Checkbox& c = s.add<Checkbox>("Sound");
  int changes = 0;
  c.onChange = [&](bool) { ++changes; };
  s.frame();
  s.down(Scene::centerX(c), Scene::centerY(c));
  s.up(390.0f, 290.0f);
  CHECK_FALSE(c.isChecked());
  // Released on it without a press there: no toggle either.
  s.down(390.0f, 290.0f);
  s.up(Scene::centerX(c), Scene::centerY(c));
  CHECK_FALSE(c.isChecked());
  CHECK(changes == 0);
}

TEST_CASE("Checkbox: Space toggles it while focused; setChecked does not call onChange",
          "[widgets][checkbox]") {
  Scene s(kBase);
  Checkbox& c = s.add<Checkbox>("Sound", /*checked=*/true);
  int changes = 0;
  c.onChange = [&](bool) { ++changes; };
  s.frame();
  CHECK(c.isChecked());
  CHECK_FALSE(s.key(Key::Space));  // not focused
  c.setChecked(false);
  CHECK_FALSE(c.isChecked());
  CHECK(changes == 0);
  s.clickCenter(c);  // focus (and toggle on)
  REQUIRE(changes == 1);
  CHECK(s.key(Key::Space));
  CHECK_FALSE(c.isChecked());
  CHECK(changes == 2);
  CHECK_FALSE(s.key(Key::Space, /*repeat=*/true));
  CHECK_FALSE(s.key(Key::Enter));
  CHECK(changes == 2);
}

TEST_CASE("Checkbox: a disabled checkbox ignores input", "[widgets][checkbox]") {
  Scene s(kBase);
  Checkbox& c = s.add<Checkbox>("Sound");
  int changes = 0;
  c.onChange = [&](bool) { ++changes; };
  c.setDisabled(true);
  s.frame();
  CHECK_FALSE(c.focusable());
  s.clickCenter(c);
  s.key(Key::Space);
  CHECK_FALSE(c.isChecked());
  CHECK_FALSE(c.isFocused());
  CHECK(changes == 0);
}

TEST_CASE("Checkbox: measureContent is the box, the gap and the label", "[widgets][checkbox]") {
  Scene s(kBase + "Checkbox::box { width: 20px; height: 22px; margin-right: 6px; }");
  Checkbox& c = s.add<Checkbox>("Label text");
  Checkbox& bare = s.add<Checkbox>();
  s.frame();
  const TextSize t = Font::defaultFont().measureText("Label text", 16.0f);
  CHECK(near(c.box.viewRect.width, 20.0f + 6.0f + t.width));
  CHECK(near(c.box.viewRect.height, std::max(22.0f, t.height)));
  CHECK(near(bare.box.viewRect.width, 20.0f));
  CHECK(near(bare.box.viewRect.height, 22.0f));
}

TEST_CASE("Checkbox: ::box and :checked::box styles reach the draw list", "[widgets][checkbox][parts]") {
  Scene s(kBase + R"(
    Checkbox::box { width: 20px; height: 20px; background-color: #102030; }
    Checkbox:checked::box { background-color: #405060; }
  )");
  Checkbox& c = s.add<Checkbox>("x");
  s.frame();
  s.draw();
  REQUIRE(s.rectsSized(20, 20).size() == 1);
  CHECK(sameColor(s.rectsSized(20, 20)[0].fill, Color::rgba8(0x10, 0x20, 0x30)));
  s.clickCenter(c);
  s.frame();
  s.draw();
  REQUIRE(s.rectsSized(20, 20).size() == 1);
  CHECK(sameColor(s.rectsSized(20, 20)[0].fill, Color::rgba8(0x40, 0x50, 0x60)));
}

TEST_CASE("Checkbox: ::mark is drawn only while checked, in its color", "[widgets][checkbox][parts]") {
  Scene s(kMarkSheet);
  Checkbox& c = s.add<Checkbox>("x");
  s.frame();
  s.draw();
  CHECK(s.countFill(kMarkColor) == 0);
  c.setChecked(true);
  s.frame();
  s.draw();
  CHECK(s.countFill(kMarkColor) == 2);  // the glyph's two strokes
  c.setChecked(false);
  s.frame();
  s.draw();
  CHECK(s.countFill(kMarkColor) == 0);
}

TEST_CASE("Checkbox: an unstyled checkbox still draws a box and a mark", "[widgets][checkbox][parts]") {
  Scene s(kBase);
  Checkbox& c = s.add<Checkbox>("x", true);
  s.frame();
  s.draw();
  CHECK(s.rectsSized(18, 18).size() == 1);  // the built-in 1.125em box
  CHECK(s.countFill(Color::white()) >= 3);  // box + two white strokes
  (void)c;
}

namespace {
// The opacity of the group the mark strokes are drawn in (1 when none).
float markOpacity(const Scene& s) {
  for (const RecordedRect& r : s.rec.rects())
    if (sameColor(r.fill, kMarkColor)) return r.opacity;
  return -1.0f;  // not drawn
}
}  // namespace

TEST_CASE("Checkbox: the ::mark animates in on every check (seed §5.3, §5.4)",
          "[widgets][checkbox][parts][anim]") {
  Scene s(kMarkSheet + R"(
    @keyframes markIn { from { opacity: 0; } to { opacity: 1; } }
    Checkbox:checked::mark { animation: markIn 1s linear; }
  )");
  Checkbox& c = s.add<Checkbox>("x");
  s.frame(0.1);
  s.draw();
  CHECK(markOpacity(s) < 0.0f);

  c.setChecked(true);
  s.frame(0.1);
  s.draw();  // the part animation starts when the part is first drawn: at opacity 0, nothing shows
  CHECK(markOpacity(s) < 0.02f);
  s.frame(0.5);
  s.draw();
  CHECK(near(markOpacity(s), 0.5f, 0.02f));
  s.frame(0.6);
  s.draw();
  CHECK(near(markOpacity(s), 1.0f, 0.02f));  // finished: no group left

  // Unchecked for a frame, then checked again: the animation starts over
  // instead of resuming its finished instance.
  c.setChecked(false);
  s.frame(0.1);
  s.draw();
  CHECK(markOpacity(s) < 0.0f);
  c.setChecked(true);
  s.frame(0.1);
  s.draw();
  s.frame(0.25);
  s.draw();
  CHECK(near(markOpacity(s), 0.25f, 0.02f));
}
