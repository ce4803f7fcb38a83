// Label (measureContent, text paint) and Button (click, keys, disabled).
#include "widgets/widget_fixture.hpp"

#include <zenit/render/Font.hpp>

#include <string>

using namespace zenit;
using zenit::test::near;
using zenit::test::sameColor;
using zenit::test::Scene;

namespace {
// Children keep their measured size: a column that does not stretch.
const std::string kBase =
    "Root { flex-direction: column; align-items: flex-start; padding: 10px; row-gap: 10px; }\n";
}  // namespace

TEST_CASE("Label: measureContent is the default font's line at the node's font-size", "[widgets][label]") {
  Scene s(kBase + "Label { font-size: 20px; } .big { font-size: 32px; }");
  Label& a = s.add<Label>("Hello, widgets");
  Label& b = s.add<Label>("Hello, widgets");
  b.addClass("big");
  Label& empty = s.add<Label>();
  s.frame();

  const TextSize at20 = Font::defaultFont().measureText("Hello, widgets", 20.0f);
  const TextSize at32 = Font::defaultFont().measureText("Hello, widgets", 32.0f);
  const Size ma = a.measureContent(0.0f, MeasureMode::Undefined, 0.0f, MeasureMode::Undefined);
  CHECK(near(ma.width, at20.width));
  CHECK(near(ma.height, at20.height));
  CHECK(ma.width > 0.0f);
  // The laid-out boxes take the measured size (no padding or border here).
  CHECK(near(a.box.viewRect.width, at20.width));
  CHECK(near(a.box.viewRect.height, at20.height));
  CHECK(near(b.box.viewRect.width, at32.width));
  CHECK(b.box.viewRect.width > a.box.viewRect.width);
  // One unbreakable line: the min-content width is the whole line.
  const Size minContent = a.measureContent(0.0f, MeasureMode::AtMost, NAN, MeasureMode::Undefined);
  CHECK(near(minContent.width, at20.width));
  // An exact width is taken as given.
  CHECK(near(a.measureContent(50.0f, MeasureMode::Exactly, 0.0f, MeasureMode::Undefined).width, 50.0f));
  // Empty text: no width, still a line's height.
  CHECK(near(empty.box.viewRect.width, 0.0f));
  CHECK(near(empty.box.viewRect.height, Font::defaultFont().lineHeight(20.0f)));
}

TEST_CASE("Label: setText lays the tree out again", "[widgets][label]") {
  Scene s(kBase);
  Label& a = s.add<Label>("ab");
  s.frame();
  const float before = a.box.viewRect.width;
  a.setText("a much longer text");
  s.frame();
  CHECK(a.text() == "a much longer text");
  CHECK(near(a.box.viewRect.width, Font::defaultFont().measureText("a much longer text", 16.0f).width));
  CHECK(a.box.viewRect.width > before);
}

TEST_CASE("Label: draws its text in the style's color, font-size and alignment", "[widgets][label]") {
  Scene s(kBase + "Label { color: #ff0000; font-size: 18px; text-align: center; width: 200px; }");
  s.add<Label>("caption");
  s.frame();
  const auto& rec = s.draw();
  REQUIRE(rec.texts().size() == 1);
  const RecordedText& t = rec.texts()[0];
  CHECK(t.text == "caption");
  CHECK(sameColor(t.color, Color{1, 0, 0, 1}));
  CHECK(near(t.sizePx, 18.0f));
  CHECK(t.align == TextAlign::Center);
  CHECK(near(t.width, 200.0f));
  CHECK(near(t.x, 10.0f));
}

TEST_CASE("Button: a press and release on it calls onClick", "[widgets][button]") {
  Scene s(kBase + "Button { padding: 6px 12px; }");
  Button& b = s.add<Button>("OK");
  int clicks = 0;
  Layout* clicked = nullptr;
  b.onClick = [&](Layout& n) {
    ++clicks;
    clicked = &n;
  };
  s.frame();
  REQUIRE(b.box.viewRect.width > 24.0f);

  s.clickCenter(b);
  CHECK(clicks == 1);
  CHECK(clicked == &b);
  CHECK(b.isFocused());  // a press focuses it

  // Pressed on it, released outside: no click.
  s.down(Scene::centerX(b), Scene::centerY(b));
  CHECK(b.isPressed());
  s.up(390.0f, 290.0f);
  CHECK_FALSE(b.isPressed());
  CHECK(clicks == 1);
}

TEST_CASE("Button: Enter and Space activate it while focused", "[widgets][button]") {
  Scene s(kBase);
  Button& b = s.add<Button>("Go");
  int clicks = 0;
  b.onClick = [&](Layout&) { ++clicks; };
  s.frame();
  CHECK_FALSE(s.key(Key::Enter));  // not focused yet
  CHECK(clicks == 0);
  s.clickCenter(b);
  REQUIRE(clicks == 1);
  CHECK(s.key(Key::Enter));
  CHECK(s.key(Key::Space));
  CHECK(clicks == 3);
  s.key(Key::Enter, /*repeat=*/true);  // auto-repeat does not click again
  CHECK_FALSE(s.key(Key::Left));
  CHECK(clicks == 3);
  b.click();
  CHECK(clicks == 4);
}

TEST_CASE("Button: a disabled button ignores pointer and keys and takes no focus", "[widgets][button]") {
  Scene s(kBase);
  Button& b = s.add<Button>("Nope");
  int clicks = 0;
  b.onClick = [&](Layout&) { ++clicks; };
  b.setDisabled(true);
  s.frame();
  CHECK_FALSE(b.focusable());
  s.clickCenter(b);
  CHECK_FALSE(b.isFocused());
  s.key(Key::Enter);
  b.click();
  CHECK(clicks == 0);
  b.setDisabled(false);
  s.clickCenter(b);
  CHECK(clicks == 1);
}

TEST_CASE("Button: :hover and :active styles reach the draw list", "[widgets][button]") {
  Scene s(kBase + R"(
    Button { background-color: #000080; width: 80px; height: 30px; }
    Button:hover { background-color: #008000; }
    Button:active { background-color: #800000; }
  )");
  Button& b = s.add<Button>("B");
  s.frame();
  s.draw();
  CHECK(s.countFill(Color::rgba8(0, 0, 0x80)) == 1);
  s.move(Scene::centerX(b), Scene::centerY(b));
  s.frame();
  s.draw();
  CHECK(s.countFill(Color::rgba8(0, 0x80, 0)) == 1);
  s.down(Scene::centerX(b), Scene::centerY(b));
  s.frame();
  s.draw();
  CHECK(s.countFill(Color::rgba8(0x80, 0, 0)) == 1);
  s.up(Scene::centerX(b), Scene::centerY(b));
  s.move(390.0f, 290.0f);
  s.frame();
  s.draw();
  CHECK(s.countFill(Color::rgba8(0, 0, 0x80)) == 1);
}
