// The outline: drawn over the box and its children, outside the border box
// by outline-offset, its corners following the box's rounded ones; animated
// like any paint property; never folded into the leaf fast paths.
#include "layout/anim_scene.hpp"

#include <zenit/detail/LayoutProbe.hpp>
#include <zenit/render/SoftwareRenderer.hpp>

#include <vector>

namespace {

using namespace zenit;
using zenit::test::Scene;

constexpr std::string_view kSheet = R"(
@keyframes grow { from { outline-offset: 0px; outline-color: #f00; } to { outline-offset: 10px; outline-color: #00f; } }
Root { align-items: flex-start; }
.box { width: 40px; height: 20px; margin: 30px; background-color: #ccc; }
.ring { outline: 2px solid #f00; outline-offset: 3px; }
.inset { outline: 2px solid #f00; outline-offset: -6px; }
.round { border-radius: 4px 0px 4px 0px; }
.none { outline: none; }
.clear { outline: 2px solid transparent; }
.grow { outline: 2px solid; animation: grow 1s linear; }
.cc { color: #00f; outline: 1px solid currentcolor; }
.child { width: 10px; height: 10px; background-color: #0f0; margin: 0px; }
)";

// The rectangles that have a border and no fill: outlines, here.
std::vector<RectCmd> rings(const DrawList& dl) {
  std::vector<RectCmd> out;
  for (const DrawCmd& c : dl.commands())
    if (c.op == DrawOp::Rect && c.rect.borderWidth > 0.0f && c.rect.fill.a == 0) out.push_back(c.rect);
  return out;
}

}  // namespace

TEST_CASE("outline: a ring outside the border box by outline-offset", "[layout][outline]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "ring"});
  s.frame(0.0);
  const RectF b{box.box.rect.x, box.box.rect.y, box.box.rect.width, box.box.rect.height};
  REQUIRE(b.w == 40.0f);
  const std::vector<RectCmd> r = rings(s.list);
  REQUIRE(r.size() == 1);
  // 3px offset + 2px width outside each edge.
  CHECK(r[0].rect == RectF{b.x - 5.0f, b.y - 5.0f, 50.0f, 30.0f});
  CHECK(r[0].borderWidth == 2.0f);
  CHECK(r[0].border == Rgba8{255, 0, 0, 255});
  CHECK(r[0].radii.isZero());
}

TEST_CASE("outline: currentcolor is the element's color", "[layout][outline]") {
  Scene s(kSheet);
  s.add({"box", "cc"});
  s.frame(0.0);
  const std::vector<RectCmd> r = rings(s.list);
  REQUIRE(r.size() == 1);
  CHECK(r[0].border == Rgba8{0, 0, 255, 255});
  CHECK(r[0].borderWidth == 1.0f);
}

TEST_CASE("outline: a negative offset draws it inside the box", "[layout][outline]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "inset"});
  s.frame(0.0);
  const std::vector<RectCmd> r = rings(s.list);
  REQUIRE(r.size() == 1);
  CHECK(r[0].rect == RectF{box.box.rect.x + 4.0f, box.box.rect.y + 4.0f, 32.0f, 12.0f});
}

TEST_CASE("outline: rounded corners grow by the distance, square ones stay square", "[layout][outline]") {
  Scene s(kSheet);
  s.add({"box", "ring", "round"});
  s.frame(0.0);
  const std::vector<RectCmd> r = rings(s.list);
  REQUIRE(r.size() == 1);
  CHECK(r[0].radii == Radii{9.0f, 0.0f, 9.0f, 0.0f});
}

TEST_CASE("outline: none, a zero width or a transparent colour draws nothing", "[layout][outline]") {
  Scene s(kSheet);
  s.add({"box", "ring", "none"});
  s.add({"box", "clear"});
  s.add({"box"});
  s.frame(0.0);
  CHECK(rings(s.list).empty());
}

TEST_CASE("outline: drawn after the box's children, over them", "[layout][outline]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "ring"});
  s.add({"child"}, &box);
  s.frame(0.0);
  const std::span<const DrawCmd> cmds = s.list.commands();
  REQUIRE(cmds.size() >= 3);
  const DrawCmd& last = cmds.back();
  REQUIRE(last.op == DrawOp::Rect);
  CHECK(last.rect.borderWidth == 2.0f);
  CHECK(last.rect.fill.a == 0);
  bool childBefore = false;
  for (std::size_t i = 0; i + 1 < cmds.size(); ++i)
    childBefore = childBefore || (cmds[i].op == DrawOp::Rect && cmds[i].rect.fill == Rgba8{0, 255, 0, 255});
  CHECK(childBefore);
}

TEST_CASE("outline: outline-offset and outline-color animate", "[layout][outline]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "grow"});
  s.frame(0.0);
  s.frame(0.5);
  const std::vector<RectCmd> r = rings(s.list);
  REQUIRE(r.size() == 1);
  // Half way: offset 5px, so 7px outside; red to blue in sRGB.
  CHECK(r[0].rect.x == box.box.rect.x - 7.0f);
  CHECK(r[0].rect.w == 54.0f);
  CHECK(r[0].border == Rgba8{128, 0, 128, 255});
  CHECK(box.renderedStyle().outlineOffset == 5.0f);
}

TEST_CASE("outline: a leaf with an outline in a row of plain leaves draws the same with runs on and off",
          "[layout][outline]") {
  Scene s(kSheet);
  for (int i = 0; i < 12; ++i) s.add({"box"});
  Layout& ringed = s.add({"box"});
  for (int i = 0; i < 12; ++i) s.add({"box"});
  s.frames(3, 1.0 / 60.0);
  CHECK(rings(s.list).empty());
  ringed.addClass("ring");
  s.frames(2, 1.0 / 60.0);
  CHECK(rings(s.list).size() == 1);
  detail::LayoutProbe::setLeafRuns(false);
  DrawList ref;
  s.root.draw(ref);
  detail::LayoutProbe::setLeafRuns(true);
  CHECK(rings(ref).size() == 1);
  REQUIRE(ref.size() == s.list.size());
  ringed.removeClass("ring");
  s.frames(2, 1.0 / 60.0);
  CHECK(rings(s.list).empty());
}

TEST_CASE("outline: the software renderer paints the ring and leaves the gap", "[layout][outline][render]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "ring"});
  s.frame(0.0);
  SoftwareRenderer sw(200, 100, SoftwareRendererOptions{.clearColor = Color::white()});
  sw.render(s.list);
  const int x = static_cast<int>(box.box.rect.x), y = static_cast<int>(box.box.rect.y);
  // The ring: 4 and 5 px left of the box; the 3px gap between: white.
  CHECK(sw.pixel(x - 5, y + 10) == Rgba8{255, 0, 0, 255});
  CHECK(sw.pixel(x - 4, y + 10) == Rgba8{255, 0, 0, 255});
  CHECK(sw.pixel(x - 2, y + 10) == Rgba8{255, 255, 255, 255});
  CHECK(sw.pixel(x - 6, y + 10) == Rgba8{255, 255, 255, 255});
  CHECK(sw.pixel(x + 5, y + 10) == Rgba8{204, 204, 204, 255});
}
