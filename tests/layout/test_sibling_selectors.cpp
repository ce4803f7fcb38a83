// The sibling combinators (`+`, `~`) and the logical pseudo-classes
// (:is(), :not()) on a live tree: what matches where as children come and
// go and as ancestors' and earlier siblings' classes, ids and states change,
// and which nodes such a change re-resolves.
#include "layout/anim_scene.hpp"

#include <string>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::Scene;

constexpr std::string_view kSheet = R"(
.item { opacity: 0.5; }
.lead + .item { opacity: 0.1; }
.lead ~ .item .mark { width: 3px; }
.item:hover ~ .item { height: 7px; }
#first ~ .item { left: 2px; }
)";

float opacityOf(const Layout& n) { return n.getStyle().opacity; }

}  // namespace

TEST_CASE("`+` and `~` follow the siblings as they are added and removed", "[layout][selectors][sibling]") {
  Scene s(kSheet);
  Layout& list = s.add({});
  Layout& lead = s.add({"lead"}, &list);
  Layout& a = s.add({"item"}, &list);
  Layout& mark = s.add({"mark"}, &a);
  Layout& b = s.add({"item"}, &list);
  s.frame(0.0);
  CHECK(opacityOf(a) == Approx(0.1f));  // right after .lead
  CHECK(opacityOf(b) == Approx(0.5f));
  CHECK(mark.getStyle().width == Px(3.0f));  // inside an .item after .lead

  a.removeFromParent();  // b is right after .lead now
  s.frame(0.0);
  CHECK(opacityOf(b) == Approx(0.1f));

  lead.removeFromParent();  // nothing before b
  s.frame(0.0);
  CHECK(opacityOf(b) == Approx(0.5f));
}

TEST_CASE("a removal asked for inside a frame relinks the siblings at the frame's end",
          "[layout][selectors][sibling]") {
  Scene s(kSheet);
  Layout& list = s.add({});
  s.add({"lead"}, &list);
  Layout& a = s.add({"item"}, &list);
  Layout& b = s.add({"item"}, &list);
  bool removed = false;
  auto once = std::make_shared<UIAnimation>(0.01f);
  once->onFinished = [&] {
    if (!removed) a.removeFromParent();
    removed = true;
  };
  b.addAnimation("once", once);
  b.playAnimation("once");
  s.frame(0.02);
  REQUIRE(removed);
  REQUIRE(list.childCount() == 2);
  s.frame(0.0);
  CHECK(opacityOf(b) == Approx(0.1f));
}

TEST_CASE("a class, id or state change of an earlier sibling restyles the later ones it can change",
          "[layout][selectors][sibling]") {
  Scene s(kSheet);
  Layout& list = s.add({});
  Layout& a = s.add({"item"}, &list);
  Layout& b = s.add({"item"}, &list);
  Layout& mark = s.add({"mark"}, &b);
  Layout& c = s.add({"item"}, &list);
  s.frame(0.0);
  REQUIRE(opacityOf(b) == Approx(0.5f));

  a.addClass("lead");
  s.frame(0.0);
  CHECK(opacityOf(b) == Approx(0.1f));
  CHECK(opacityOf(c) == Approx(0.5f));
  CHECK(mark.getStyle().width == Px(3.0f));  // a later sibling's subtree too

  a.removeClass("lead");
  s.frame(0.0);
  CHECK(opacityOf(b) == Approx(0.5f));
  CHECK(mark.getStyle().width.isAuto());

  a.setHovered(true);
  s.frame(0.0);
  CHECK(b.getStyle().height == Px(7.0f));
  CHECK(c.getStyle().height == Px(7.0f));
  CHECK(a.getStyle().height.isAuto());
  a.setHovered(false);
  s.frame(0.0);
  CHECK(c.getStyle().height.isAuto());

  a.setId("first");
  s.frame(0.0);
  CHECK(b.getStyle().left == Px(2.0f));
  CHECK(c.getStyle().left == Px(2.0f));
}

TEST_CASE("a change no `+` or `~` rule reads restyles the node alone", "[layout][selectors][sibling]") {
  Scene s(kSheet);
  Layout& list = s.add({});
  Layout& a = s.add({"item"}, &list);
  for (int i = 0; i < 10; ++i) s.add({"item"}, &list);
  s.frame(0.0);
  std::uint64_t before = s.resolves();
  a.addClass("other");  // no rule reads .other left of `+` or `~`
  s.frame(0.0);
  CHECK(s.resolves() - before == 1);
  before = s.resolves();
  a.addClass("lead");  // `.lead + .item` and `.lead ~ .item .mark`: every later sibling
  s.frame(0.0);
  CHECK(s.resolves() - before == 11);
  CHECK(opacityOf(list.child(1)) == Approx(0.1f));
  CHECK(opacityOf(list.child(2)) == Approx(0.5f));
}

TEST_CASE(":is() and :not() around a combinator restyle what their names reach",
          "[layout][selectors][sibling]") {
  Scene s(R"(
.cell { opacity: 0.5; }
:is(.dark) .cell { opacity: 0.2; }
:not(.done) + .cell { width: 5px; }
)");
  Layout& table = s.add({});
  Layout& a = s.add({"cell"}, &table);
  Layout& b = s.add({"cell"}, &table);
  s.frame(0.0);
  CHECK(opacityOf(b) == Approx(0.5f));
  CHECK(b.getStyle().width == Px(5.0f));  // a is not .done
  table.addClass("dark");                 // an ancestor, named inside :is()
  s.frame(0.0);
  CHECK(opacityOf(a) == Approx(0.2f));
  CHECK(opacityOf(b) == Approx(0.2f));
  a.addClass("done");  // an earlier sibling, named inside :not()
  s.frame(0.0);
  CHECK(b.getStyle().width.isAuto());
}
