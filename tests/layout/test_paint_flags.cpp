// The draw's paint flags (Layout::classifyPaint) under running transitions:
// a frame of transitions works out again only the flags whose inputs it
// changed. One property transitions per node, so each flag's inputs are
// exercised alone. Debug builds also check every such frame against a full
// classifyPaint() (Layout::checkPaintFlags); here the drawn commands show it.
#include "layout/anim_scene.hpp"

#include "anim/steady/Record.hpp"

#include <zenit/detail/LayoutProbe.hpp>

#include <string>

namespace {

using namespace zenit;
using zenit::test::Scene;

constexpr std::string_view kSheet = R"(
Root { flex-direction: column; }
.box { width: 10px; height: 10px; background-color: #f00; border-color: #000; border-width: 0px;
       transition: border-width 1s linear, transform 1s linear, opacity 1s linear,
                   background-color 1s linear, border-radius 1s linear; }
.bw.on { border-width: 4px; }
.tx.on { transform: translateX(8px); }
.op { opacity: 0.5; }
.op.on { opacity: 1; }
.op2.on { opacity: 0.5; }
.bg.on { background-color: #00f; }
.br.on { border-radius: 4px; }
.ref-bw { border-width: 2px; }
.ref-br { border-radius: 2px; }
)";

// The first rectangle `n` records, drawn alone, and its device x.
struct Drawn {
  RectCmd rect{};
  float x{-1.0f};
  float alpha{-1.0f};  // the fill's alpha times the opacity in force
};
Drawn firstRect(const Layout& n) {
  DrawList list;
  n.draw(list);
  for (const DrawCmd& c : list.commands())
    if (c.op == DrawOp::Rect)
      return Drawn{c.rect, list.states()[c.state].transform.apply(Vec2{c.rect.rect.x, c.rect.rect.y}).x,
                   static_cast<float>(c.rect.fill.a) / 255.0f * list.states()[c.state].opacity};
  return {};
}

}  // namespace

TEST_CASE("paint flags: each transitioning input updates the draw in the frame it changes",
          "[layout][transitions][paint]") {
  Scene s(kSheet);
  Layout& bw = s.add({"box", "bw"});
  Layout& tx = s.add({"box", "tx"});
  Layout& op = s.add({"box", "op"});
  Layout& op2 = s.add({"box", "op2"});
  Layout& bg = s.add({"box", "bg"});
  Layout& br = s.add({"box", "br"});
  s.frames(2, 0.125);
  const float x0 = firstRect(tx).x;
  for (Layout* n : {&bw, &tx, &op, &op2, &bg, &br}) n->addClass("on");
  s.frame(0.125);  // the transitions start
  // Linear over 1 s in steps of 1/8 s: every value below is exact.
  for (int i = 1; i <= 10; ++i) {
    s.frame(0.125);
    INFO("frame " << i);
    const float k = static_cast<float>(std::min(i, 8)) / 8.0f;
    // A border or rounded corners leave the plain-box path the frame they appear.
    CHECK(firstRect(bw).rect.borderWidth == 4.0f * k);
    CHECK(firstRect(br).rect.radii.topLeft == 4.0f * k);
    // The translation moves the drawn rectangle.
    CHECK(firstRect(tx).x == x0 + 8.0f * k);
    // Opacity leaving 1 leaves the plain-box path, which draws opaque.
    CHECK(firstRect(op2).alpha == Approx(1.0f - 0.5f * k).margin(1.0 / 255.0));
    // The fill follows the colour: blue rises, in 8 bits.
    CHECK(firstRect(bg).rect.fill.b == Rgba8::from(Color{1.0f - k, 0.0f, k, 1.0f}).b);
    CHECK(firstRect(bg).rect.fill.r == Rgba8::from(Color{1.0f - k, 0.0f, k, 1.0f}).r);
  }
  CHECK(op.renderedStyle().opacity == 1.0f);
}

// Two properties in transition on one node: a parked node then takes the
// general tick (not the one-float step), and its opacity still reaches the
// draw every frame.
TEST_CASE("paint flags: an opacity in transition beside another property is drawn as it changes",
          "[layout][transitions][paint]") {
  Scene s(std::string(kSheet) + ".both.on { opacity: 0.5; background-color: #00f; }\n");
  Layout& both = s.add({"box", "both"});
  s.add({"box"});
  s.frames(2, 0.125);
  both.addClass("on");
  s.frame(0.125);  // the transitions start
  bool parked = false;
  for (int i = 1; i <= 10; ++i) {
    s.frame(0.125);
    INFO("frame " << i);
    parked = parked || detail::LayoutProbe::listedAs(both) == steady::Kind::Transitions;
    const float k = static_cast<float>(std::min(i, 8)) / 8.0f;
    CHECK(firstRect(both).alpha == Approx(1.0f - 0.5f * k).margin(1.0 / 255.0));
    CHECK(firstRect(both).rect.fill.b == Rgba8::from(Color{1.0f - k, 0.0f, k, 1.0f}).b);
  }
  CHECK(parked);
}
