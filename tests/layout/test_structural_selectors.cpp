// The tree-structural pseudo-classes (:root, :first-child, :last-child,
// :only-child, :empty) on a live tree: what matches where, and which nodes
// a change of the tree re-resolves (the ends of the child list and the
// parent, not every sibling).
#include "layout/anim_scene.hpp"

#include <zenit/style/Selector.hpp>

#include <memory>
#include <string>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::Scene;

constexpr std::string_view kSheet = R"(
:root { --accent: #ff0000; }
.item { opacity: 0.5; background-color: var(--accent); }
.item:first-child { opacity: 0.1; }
.item:last-child { opacity: 0.9; }
.item:only-child { opacity: 1; }
.list { width: 10px; }
.list:empty { width: 20px; }
)";

float opacityOf(const Layout& n) { return n.getStyle().opacity; }

}  // namespace

TEST_CASE(":root matches the node without a parent, and custom properties declared there reach every node",
          "[layout][selectors][structural]") {
  Scene s(kSheet);
  Layout& list = s.add({"list"});
  Layout& a = s.add({"item"}, &list);
  s.frame(0.0);
  CHECK((s.root.state() & PseudoRoot) != 0);
  CHECK((list.state() & PseudoRoot) == 0);
  CHECK((a.state() & PseudoRoot) == 0);
  CHECK(a.getStyle().backgroundColor == Color::rgba8(0xff, 0, 0));
  // The root is also first, last and only child (Selectors 4: the root
  // element is its document's only element child).
  const PseudoBits rootPlace = PseudoFirstChild | PseudoLastChild | PseudoOnlyChild;
  CHECK((s.root.state() & rootPlace) == rootPlace);
}

TEST_CASE(":first-child, :last-child and :only-child follow children as they are added and removed",
          "[layout][selectors][structural]") {
  Scene s(kSheet);
  Layout& list = s.add({"list"});
  Layout& a = s.add({"item"}, &list);
  s.frame(0.0);
  CHECK(opacityOf(a) == 1.0f);  // the only child

  Layout& b = s.add({"item"}, &list);
  s.frame(0.0);
  CHECK(opacityOf(a) == Approx(0.1f));  // first
  CHECK(opacityOf(b) == Approx(0.9f));  // last

  Layout& c = s.add({"item"}, &list);
  s.frame(0.0);
  CHECK(opacityOf(a) == Approx(0.1f));
  CHECK(opacityOf(b) == Approx(0.5f));  // in the middle now
  CHECK(opacityOf(c) == Approx(0.9f));

  a.removeFromParent();  // outside a frame: gone at once
  s.frame(0.0);
  CHECK(opacityOf(b) == Approx(0.1f));  // the new first
  CHECK(opacityOf(c) == Approx(0.9f));

  c.removeFromParent();
  s.frame(0.0);
  CHECK(opacityOf(b) == 1.0f);  // the only one left
}

TEST_CASE("a removal asked for inside a frame changes the places when it happens, at the frame's end",
          "[layout][selectors][structural]") {
  Scene s(kSheet);
  Layout& list = s.add({"list"});
  Layout& a = s.add({"item"}, &list);
  Layout& b = s.add({"item"}, &list);
  bool removed = false;
  auto once = std::make_shared<UIAnimation>(0.01f);
  once->onFinished = [&] {
    if (!removed) b.removeFromParent();
    removed = true;
  };
  a.addAnimation("once", once);
  a.playAnimation("once");
  s.frame(0.02);  // the callback asks for the removal; it happens as the frame ends
  REQUIRE(removed);
  REQUIRE(list.childCount() == 1);
  s.frame(0.0);
  CHECK(opacityOf(a) == 1.0f);  // now the only child
}

TEST_CASE(":empty holds for a node without children, and flips as the first child comes and the last goes",
          "[layout][selectors][structural]") {
  Scene s(kSheet);
  Layout& list = s.add({"list"});
  s.frame(0.0);
  CHECK(list.getStyle().width == Px(20.0f));
  Layout& a = s.add({"item"}, &list);
  s.frame(0.0);
  CHECK(list.getStyle().width == Px(10.0f));
  a.removeFromParent();
  s.frame(0.0);
  CHECK(list.getStyle().width == Px(20.0f));

  s.add({"item"}, &list);
  s.add({"item"}, &list);
  s.frame(0.0);
  CHECK(list.getStyle().width == Px(10.0f));
  list.clearChildren();
  s.frame(0.0);
  CHECK(list.getStyle().width == Px(20.0f));
}

TEST_CASE("a detached node is the root of its own tree until it is added again",
          "[layout][selectors][structural]") {
  Scene s(kSheet);
  Layout& list = s.add({"list"});
  s.add({"item"}, &list);
  Layout& b = s.add({"item"}, &list);
  s.frame(0.0);
  std::unique_ptr<Layout> detached = b.detachFromParent();
  REQUIRE(detached);
  Layout& other = s.add({"list"});
  Layout& again = other.addChild(std::move(detached));
  s.frame(0.0);
  CHECK((again.state() & PseudoRoot) == 0);
  CHECK(opacityOf(again) == 1.0f);          // the only child of `other`
  CHECK(opacityOf(list.child(0)) == 1.0f);  // and the one left behind
}

TEST_CASE("a disabled node keeps its place bits (only hover and press are dropped)",
          "[layout][selectors][structural]") {
  Scene s(kSheet);
  Layout& list = s.add({"list"});
  Layout& a = s.add({"item"}, &list);
  s.add({"item"}, &list);
  a.setDisabled(true);
  s.frame(0.0);
  CHECK((a.state() & PseudoFirstChild) != 0);
  CHECK(opacityOf(a) == Approx(0.1f));
}

TEST_CASE("adding a child at the end re-resolves the old last child and the new one, not the other siblings",
          "[layout][selectors][structural]") {
  Scene s(kSheet);
  Layout& list = s.add({"list"});
  for (int i = 0; i < 20; ++i) s.add({"item"}, &list);
  s.frame(0.0);
  const std::uint64_t before = s.resolves();
  s.add({"item"}, &list);
  s.frame(0.0);
  // The new child and the old last one: not the other nineteen, and not the
  // list, whose :empty did not change.
  CHECK(s.resolves() - before == 2);
  CHECK(opacityOf(list.child(19)) == Approx(0.5f));
  CHECK(opacityOf(list.child(20)) == Approx(0.9f));
}

TEST_CASE("a structural change runs the transitions it changes, as CSS does",
          "[layout][selectors][structural]") {
  Scene s(R"(
.item { opacity: 0; transition: opacity 1s linear; }
.item:last-child { opacity: 1; }
)");
  Layout& list = s.add({});
  Layout& a = s.add({"item"}, &list);
  s.frame(0.0);
  CHECK(opacityOf(a) == 1.0f);  // the first style: no transition
  s.add({"item"}, &list);       // a is no longer the last child
  s.frame(0.0);
  s.frame(0.25);
  CHECK(opacityOf(a) == Approx(0.75f));
}

TEST_CASE(
    "when no selector reads a place, a change of it re-resolves nothing, and a sheet loaded later sees it",
    "[layout][selectors][structural]") {
  Scene s(".item { opacity: 0.5; }");
  Layout& list = s.add({"list"});
  for (int i = 0; i < 5; ++i) s.add({"item"}, &list);
  s.frame(0.0);
  const std::uint64_t before = s.resolves();
  Layout& last = s.add({"item"}, &list);
  s.frame(0.0);
  CHECK(s.resolves() - before == 1);  // the new child only
  CHECK((list.child(4).state() & PseudoLastChild) == 0);
  CHECK((last.state() & PseudoLastChild) != 0);

  REQUIRE(Theme::get().loadString(".item:last-child { opacity: 0.9; }", "late.zstyle").ok());
  s.frame(0.0);
  CHECK(opacityOf(list.child(4)) == Approx(0.5f));
  CHECK(opacityOf(last) == Approx(0.9f));
}

// ---------------------------------------------------------------------------
// @media on a live tree: UIContext's viewport and preferences
// ---------------------------------------------------------------------------

TEST_CASE("@media: a viewport or preference change restyles what it turns on or off, on the next frame",
          "[layout][media]") {
  Scene s(R"(
.item { opacity: 0.5; transition: opacity 1s linear; }
@media (max-width: 600px) { .item { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .item { transition: none; } }
@media (prefers-color-scheme: dark) { .item { background-color: #000; } }
)");
  UIContext& ctx = UIContext::get();
  Layout& a = s.add({"item"});
  s.frame(0.0);
  CHECK(opacityOf(a) == Approx(0.5f));
  ctx.viewport = Size{500.0f, 600.0f};
  s.frame(0.0);
  s.frame(0.5);
  CHECK(opacityOf(a) == Approx(0.75f));  // a transition, as any style change runs
  ctx.prefersReducedMotion = true;
  ctx.viewport = Size{800.0f, 600.0f};
  s.frame(0.0);
  CHECK(opacityOf(a) == Approx(0.5f));  // no transition under reduced motion
  ctx.colorScheme = ColorScheme::Dark;
  s.frame(0.0);
  CHECK(a.getStyle().backgroundColor == Color::rgba8(0, 0, 0));
  ctx.prefersReducedMotion = false;
  ctx.colorScheme = ColorScheme::Light;
}
