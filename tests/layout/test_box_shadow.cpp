// box-shadow lists on a node: one Shadow command a shadow, the outer ones
// beneath the background and the inset ones above it, the list's first on
// top (CSS Backgrounds 3 §box-shadow); animated by @keyframes and
// transitions list against list.
#include "layout/anim_scene.hpp"

#include <zenit/render/Renderer.hpp>
#include <zenit/render/SoftwareRenderer.hpp>

#include <cmath>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Scene;

constexpr std::string_view kSheet = R"(
@keyframes grow {
  from { box-shadow: 0 0 0 0 #f00; }
  to { box-shadow: 0 10px 0 0 #f00, inset 0 0 0 4px #00f; }
}
Root { align-items: flex-start; }
.box { width: 40px; height: 20px; margin: 30px; background-color: #ccc; }
.list { box-shadow: 1px 1px #f00, 2px 2px #00f, inset 0 0 0 3px #0f0, inset 0 0 0 1px #00f; }
.hard { box-shadow: 10px 0 0 0 #f00, 20px 0 0 0 #00f, inset 0 0 0 4px #0f0; }
.grow { animation: grow 1s linear; }
.fade { transition: box-shadow 1s linear; box-shadow: 0 2px 4px #000; }
.fade.on { box-shadow: 0 4px 8px #000, 0 0 0 6px #00f; }
.flip { transition: box-shadow 1s linear; box-shadow: 0 2px 4px #000; }
.flip.on { box-shadow: inset 0 4px 8px #000; }
)";

bool near(float a, float b, float eps = 1e-3f) { return std::fabs(a - b) <= eps; }

// The commands of the list, as op letters: S(hadow), R(ect), - (the rest).
std::string ops(const DrawList& dl) {
  std::string out;
  for (const DrawCmd& c : dl.commands())
    out += c.op == DrawOp::Shadow ? 'S' : (c.op == DrawOp::Rect ? 'R' : '-');
  return out;
}

}  // namespace

TEST_CASE("box-shadow: one command a shadow, outer below the background in reverse, inset above",
          "[layout][shadow]") {
  Scene s(kSheet);
  s.add({"box", "list"});
  s.frame(0.0);
  RecordingRenderer rec;
  rec.render(s.list);
  CHECK(ops(s.list) == "SSRSS");
  const std::vector<RecordedShadow>& sh = rec.shadows();
  REQUIRE(sh.size() == 4);
  // Painted first is the last outer shadow, so the first ends on top.
  CHECK(sh[0].offsetX == 2.0f);
  CHECK(sh[1].offsetX == 1.0f);
  CHECK_FALSE(sh[0].inset);
  CHECK_FALSE(sh[1].inset);
  // Above the background: the last inset shadow first, again.
  CHECK(sh[2].inset);
  CHECK(sh[2].spread == 1.0f);
  CHECK(sh[3].inset);
  CHECK(sh[3].spread == 3.0f);
  CHECK(sh[3].index > sh[2].index);
}

TEST_CASE("box-shadow: pixels of a list, the first shadow on top, inset over the background",
          "[layout][shadow]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "hard"});
  s.frame(0.0);
  SoftwareRenderer sw(200, 100, SoftwareRendererOptions{.clearColor = Color::white()});
  sw.render(s.list);
  const int x = static_cast<int>(box.box.rect.x);
  const int y = static_cast<int>(box.box.rect.y);
  // Right of the box: the first (red, 10px) covers the second (blue, 20px) where both are.
  CHECK(sw.pixel(x + 40 + 5, y + 10) == Rgba8{255, 0, 0, 255});
  CHECK(sw.pixel(x + 40 + 15, y + 10) == Rgba8{0, 0, 255, 255});
  CHECK(sw.pixel(x + 40 + 25, y + 10) == Rgba8{255, 255, 255, 255});
  // Inside: the inset ring over the grey background, which shows in the middle.
  CHECK(sw.pixel(x + 1, y + 10) == Rgba8{0, 255, 0, 255});
  CHECK(sw.pixel(x + 20, y + 10) == Rgba8{204, 204, 204, 255});
}

TEST_CASE("box-shadow: @keyframes pad the shorter list and keep stepping it", "[layout][shadow][anim]") {
  Scene s(kSheet);
  s.add({"box", "grow"});
  s.frame(0.0);
  s.frame(0.5);
  RecordingRenderer rec;
  rec.render(s.list);
  REQUIRE(rec.shadows().size() == 2);
  const RecordedShadow& outer = rec.shadows()[0];
  const RecordedShadow& inset = rec.shadows()[1];
  CHECK_FALSE(outer.inset);
  CHECK(near(outer.offsetY, 5.0f));
  CHECK(inset.inset);  // padded from `inset 0 0 0 0 transparent`
  CHECK(near(inset.spread, 2.0f));
  CHECK(near(inset.color.a, 128.0f / 255.0f, 0.01f));
  // Steady frames after: the same list, further on.
  s.frame(0.25);
  rec.render(s.list);
  REQUIRE(rec.shadows().size() == 2);
  CHECK(near(rec.shadows()[0].offsetY, 7.5f));
  CHECK(near(rec.shadows()[1].spread, 3.0f));
}

TEST_CASE("box-shadow: a transition runs list against list, padded", "[layout][shadow][transitions]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "fade"});
  s.frame(0.0);
  box.addClass("on");
  s.frame(0.0);
  s.frame(0.5);
  RecordingRenderer rec;
  rec.render(s.list);
  REQUIRE(rec.shadows().size() == 2);
  // List order 0: the 3px / 6px-blur shadow, drawn last; 1: the blue spread.
  const RecordedShadow& first = rec.shadows()[1];
  const RecordedShadow& second = rec.shadows()[0];
  CHECK(near(first.offsetY, 3.0f));
  CHECK(near(first.blur, 6.0f));
  CHECK(near(second.spread, 3.0f));
  CHECK(second.color.b == 1.0f);  // from transparent, premultiplied: blue throughout
  s.frame(0.6);
  rec.render(s.list);
  CHECK(rec.shadows().size() == 2);
  CHECK(near(rec.shadows()[1].offsetY, 4.0f));
}

TEST_CASE("box-shadow: inset against outset does not transition (discrete)",
          "[layout][shadow][transitions]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "flip"});
  s.frame(0.0);
  box.addClass("on");
  s.frame(0.0);
  s.frame(0.25);
  RecordingRenderer rec;
  rec.render(s.list);
  REQUIRE(rec.shadows().size() == 1);
  CHECK(rec.shadows()[0].inset);  // the end value at once
  CHECK(rec.shadows()[0].offsetY == 4.0f);
}
