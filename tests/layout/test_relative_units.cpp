// rem, vw, vh, vmin and vmax on a live tree (CSS Values 4 §6.1.1, §6.1.2):
// computed values in px on each node, and the restyles a new root font
// size or a new viewport makes.
#include "layout/anim_scene.hpp"

#include <zenit/widgets/Slider.hpp>

#include <string_view>

namespace {

using namespace zenit;
using zenit::test::Scene;

constexpr std::string_view kSheet = R"(
Root { font-size: 20px; }
Root.big { font-size: 30px; }
.mid { font-size: 10px; }
.rem { width: 2rem; height: calc(1rem + 2px); padding: 0.5rem 1rem; }
.em-and-rem { font-size: 2rem; width: 1em; }
.vw { width: 50vw; height: 25vh; }
.vmin { width: 10vmin; height: 10vmax; }
.calc { height: calc(100vh - 40px); width: clamp(10vw, 5vw, 20vw); }
Slider::track { height: 1rem; }
Slider::knob { width: 5vw; }
)";

struct PartsSlider : Slider {  // the part styles the widget draws with, for the test to read
  using Slider::partStyle;
};

float px(const Value& v) {
  REQUIRE(v.isPureLength());  // resolved to px by the cascade
  return v.px;
}

}  // namespace

TEST_CASE("rem: the root's computed font size, on a node at any depth", "[layout][style][units]") {
  Scene s(kSheet);
  Layout& mid = s.add({"mid"});
  Layout& leaf = s.add({"rem"}, &mid);
  s.frame(0.0);
  CHECK(px(mid.getStyle().fontSize) == 10.0f);
  CHECK(px(leaf.getStyle().width) == 40.0f);  // 2rem of the root's 20px, not of the parent's 10px
  CHECK(px(leaf.getStyle().height) == 22.0f);
  CHECK(px(leaf.getStyle().padding.top) == 10.0f);
  CHECK(px(leaf.getStyle().padding.left) == 20.0f);
}

TEST_CASE("rem in font-size is the root's font size, and em after it the node's own",
          "[layout][style][units]") {
  Scene s(kSheet);
  Layout& n = s.add({"em-and-rem"});
  s.frame(0.0);
  CHECK(px(n.getStyle().fontSize) == 40.0f);
  CHECK(px(n.getStyle().width) == 40.0f);
}

TEST_CASE("rem on the root: font-size against 16px, other rows against the root's own font size",
          "[layout][style][units]") {
  Scene s(".x { font-size: 2rem; width: 2rem; }");
  s.root.addClass("x");
  s.frame(0.0);
  CHECK(px(s.root.getStyle().fontSize) == 32.0f);
  CHECK(px(s.root.getStyle().width) == 64.0f);
}

TEST_CASE("a new root font size restyles every node that uses rem, below nodes that do not change",
          "[layout][style][units]") {
  Scene s(kSheet);
  Layout& mid = s.add({"mid"});  // its own font size: unchanged when the root's changes
  Layout& leaf = s.add({"rem"}, &mid);
  s.frame(0.0);
  REQUIRE(px(leaf.getStyle().width) == 40.0f);
  s.root.addClass("big");
  s.frame(0.0);
  CHECK(px(s.root.getStyle().fontSize) == 30.0f);
  CHECK(px(mid.getStyle().fontSize) == 10.0f);
  CHECK(px(leaf.getStyle().width) == 60.0f);
  s.root.removeClass("big");
  s.frame(0.0);
  CHECK(px(leaf.getStyle().width) == 40.0f);
}

TEST_CASE("vw, vh, vmin, vmax: percent of the viewport (UIContext::viewport)", "[layout][style][units]") {
  Scene s(kSheet);  // 800x600
  Layout& a = s.add({"vw"});
  Layout& b = s.add({"vmin"});
  Layout& c = s.add({"calc"});
  s.frame(0.0);
  CHECK(px(a.getStyle().width) == 400.0f);
  CHECK(px(a.getStyle().height) == 150.0f);
  CHECK(px(b.getStyle().width) == 60.0f);
  CHECK(px(b.getStyle().height) == 80.0f);
  CHECK(px(c.getStyle().height) == 560.0f);
  CHECK(px(c.getStyle().width) == 80.0f);  // clamp(80px, 40px, 160px)
}

TEST_CASE("a new viewport restyles the nodes that use viewport units", "[layout][style][units]") {
  Scene s(kSheet);
  Layout& a = s.add({"vw"});
  Layout& c = s.add({"calc"});
  s.frame(0.0);
  REQUIRE(px(a.getStyle().width) == 400.0f);
  UIContext::get().viewport = Size{1000.0f, 500.0f};
  s.frame(0.0);
  CHECK(px(a.getStyle().width) == 500.0f);
  CHECK(px(a.getStyle().height) == 125.0f);
  CHECK(px(c.getStyle().height) == 460.0f);
  CHECK(a.box.rect.width == 500.0f);  // and the layout of that frame uses it
}

TEST_CASE("part styles: rem and viewport units are px when the widget reads them", "[layout][style][units]") {
  Scene s(kSheet);
  PartsSlider& slider = s.add<PartsSlider>({});
  s.frame(0.0);
  const Style& track = slider.partStyle("track");
  const Style& knob = slider.partStyle("knob");
  REQUIRE(track.height.is_set);
  CHECK(px(track.height.value) == 20.0f);
  REQUIRE(knob.width.is_set);
  CHECK(px(knob.width.value) == 40.0f);
  UIContext::get().viewport = Size{400.0f, 600.0f};
  s.frame(0.0);
  CHECK(px(slider.partStyle("knob").width.value) == 20.0f);
  s.root.addClass("big");
  s.frame(0.0);
  CHECK(px(slider.partStyle("track").height.value) == 30.0f);
}
