// The counting pseudo-classes (:nth-child(An+B [of S]), :nth-last-child(),
// :nth-of-type(), :nth-last-of-type(), :first-of-type, :last-of-type,
// :only-of-type) and the attribute selectors on a live tree: what matches
// where as children are appended, inserted and removed and as siblings'
// classes and attributes change, and how many nodes each change re-resolves.
#include "layout/anim_scene.hpp"

#include <string>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::Scene;

float widthOf(const Layout& n) { return n.getStyle().width.isAuto() ? 0.0f : n.getStyle().width.px; }

// The widths of the list's children, in order.
std::vector<float> widths(Layout& list) {
  std::vector<float> out;
  for (std::size_t i = 0; i < list.childCount(); ++i) out.push_back(widthOf(list.child(i)));
  return out;
}

}  // namespace

TEST_CASE(":nth-child() and :nth-last-child() count every sibling", "[layout][selectors][nth]") {
  Scene s(R"(
.i { width: 1px; }
.i:nth-child(2n) { width: 2px; }
.i:nth-last-child(1) { width: 9px; }
)");
  Layout& list = s.add({});
  for (int i = 0; i < 5; ++i) s.add({"i"}, &list);
  s.frame(0.0);
  CHECK(widths(list) == std::vector<float>{1, 2, 1, 2, 9});
}

TEST_CASE("An+B: odd, even, negative A, B alone and whitespace around the sign", "[layout][selectors][nth]") {
  const struct {
    const char* arg;
    std::vector<float> expect;  // 1 where :nth-child(arg) matches, of 7 children
  } cases[] = {
      {"odd", {1, 0, 1, 0, 1, 0, 1}},  {"even", {0, 1, 0, 1, 0, 1, 0}},   {"3", {0, 0, 1, 0, 0, 0, 0}},
      {"-n+3", {1, 1, 1, 0, 0, 0, 0}}, {"3n - 1", {0, 1, 0, 0, 1, 0, 0}}, {"n+5", {0, 0, 0, 0, 1, 1, 1}},
      {"0n+0", {0, 0, 0, 0, 0, 0, 0}}, {"-2n+7", {1, 0, 1, 0, 1, 0, 1}},  {"N-0", {1, 1, 1, 1, 1, 1, 1}},
  };
  for (const auto& c : cases) {
    INFO(":nth-child(" << c.arg << ")");
    Scene s(".i:nth-child(" + std::string(c.arg) + ") { width: 1px; }");
    Layout& list = s.add({});
    for (int i = 0; i < 7; ++i) s.add({"i"}, &list);
    s.frame(0.0);
    CHECK(widths(list) == c.expect);
  }
}

TEST_CASE(":nth-child(An+B of S) counts only the siblings matching S", "[layout][selectors][nth]") {
  Scene s(R"(
.i:nth-child(odd of .on) { width: 1px; }
.i:nth-last-child(1 of .on) { height: 4px; }
)");
  Layout& list = s.add({});
  std::vector<Layout*> items;
  for (const bool on : {true, false, true, true, false, true})
    items.push_back(&s.add({"i", on ? "on" : "off"}, &list));
  s.frame(0.0);
  // The .on ones are 1st, 3rd, 4th and 6th; among them the 1st and 3rd (odd).
  CHECK(widths(list) == std::vector<float>{1, 0, 0, 1, 0, 0});
  CHECK_FALSE(items[5]->getStyle().height.isAuto());  // the last .on
  CHECK(items[3]->getStyle().height.isAuto());
  items[1]->addClass("on");  // a sibling joins S: the counts after it shift (1st, 3rd, 5th of 0-3 and 5)
  s.frame(0.0);
  CHECK(widths(list) == std::vector<float>{1, 0, 1, 0, 0, 1});
  items[5]->removeClass("on");  // the last .on is now items[3]: a change after it reaches it
  s.frame(0.0);
  CHECK_FALSE(items[3]->getStyle().height.isAuto());
  CHECK(items[5]->getStyle().height.isAuto());
}

TEST_CASE(":nth-of-type() and :first-, :last-, :only-of-type count the siblings of the node's type",
          "[layout][selectors][nth]") {
  Scene s(R"(
Button:first-of-type { width: 1px; }
Button:last-of-type { width: 2px; }
Label:only-of-type { width: 3px; }
Button:nth-of-type(2) { height: 5px; }
Button:nth-last-of-type(2) { opacity: 0.5; }
)");
  Layout& list = s.add({});
  Layout& b1 = list.add<Layout>("Button");
  Layout& label = list.add<Layout>("Label");
  Layout& b2 = list.add<Layout>("Button");
  Layout& b3 = list.add<Layout>("Button");
  s.frame(0.0);
  CHECK(widthOf(b1) == 1.0f);
  CHECK(widthOf(label) == 3.0f);
  CHECK(widthOf(b2) == 0.0f);
  CHECK(widthOf(b3) == 2.0f);
  CHECK_FALSE(b2.getStyle().height.isAuto());  // the second Button, the Label between does not count
  CHECK(b3.getStyle().height.isAuto());
  CHECK(b2.getStyle().opacity == Approx(0.5f));
  CHECK(b1.getStyle().opacity == Approx(1.0f));
  list.add<Layout>("Label");  // two Labels: neither is the only one
  s.frame(0.0);
  CHECK(widthOf(label) == 0.0f);
}

TEST_CASE(":nth-of-type() and :nth-last-of-type() follow insertions, removals and moves of mixed types",
          "[layout][selectors][nth]") {
  Scene s(R"(
Button:nth-of-type(2n+1) { width: 1px; }
Label:nth-of-type(2) { width: 3px; }
Button:nth-last-of-type(1) { height: 2px; }
Label:nth-last-of-type(2) { height: 4px; }
)");
  Layout& list = s.add({});
  for (const char* type : {"Button", "Label", "Button", "Button", "Label", "Button"}) list.add<Layout>(type);
  // What each child should show, counted here along the list.
  const auto check = [&] {
    s.frame(0.0);
    const std::size_t n = list.childCount();
    for (std::size_t i = 0; i < n; ++i) {
      const Layout& c = list.child(i);
      std::size_t before = 0, after = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (list.child(j).typeName() != c.typeName()) continue;
        (j < i ? before : after) += j != i ? 1 : 0;
      }
      const bool button = c.typeName() == "Button";
      const float width = button ? (before % 2 == 0 ? 1.0f : 0.0f) : (before == 1 ? 3.0f : 0.0f);
      const float height = button ? (after == 0 ? 2.0f : 0.0f) : (after == 1 ? 4.0f : 0.0f);
      INFO("child " << i << " " << c.typeName());
      CHECK(widthOf(c) == width);
      CHECK((c.getStyle().height.isAuto() ? 0.0f : c.getStyle().height.px) == height);
    }
  };
  check();
  list.insertChild(1, std::make_unique<Layout>("Label"));
  check();
  list.insertChild(0, std::make_unique<Layout>("Button"));
  check();
  CHECK(list.moveChild(list.child(6), 2));
  check();
  list.child(3).removeFromParent();
  check();
  list.child(list.childCount() - 1).removeFromParent();
  check();
}

TEST_CASE("insertChild places a child anywhere; the counts after it follow", "[layout][selectors][nth]") {
  Scene s(".i:nth-child(odd) { width: 1px; }\n.i:nth-last-child(2) { height: 2px; }");
  Layout& list = s.add({});
  for (int i = 0; i < 4; ++i) s.add({"i"}, &list);
  s.frame(0.0);
  CHECK(widths(list) == std::vector<float>{1, 0, 1, 0});
  auto fresh = std::make_unique<Layout>();
  fresh->addClass("i");
  Layout& mid = list.insertChild(1, std::move(fresh));
  s.frame(0.0);
  CHECK(&list.child(1) == &mid);
  CHECK(widths(list) == std::vector<float>{1, 0, 1, 0, 1});
  CHECK_FALSE(list.child(3).getStyle().height.isAuto());  // second from the end now
  CHECK(list.child(2).getStyle().height.isAuto());
  list.child(0).removeFromParent();
  s.frame(0.0);
  CHECK(widths(list) == std::vector<float>{1, 0, 1, 0});
  auto last = std::make_unique<Layout>();
  last->addClass("i");
  list.insertChild(100, std::move(last));  // past the end: appended
  s.frame(0.0);
  CHECK(widths(list) == std::vector<float>{1, 0, 1, 0, 1});
  CHECK_FALSE(list.child(3).getStyle().height.isAuto());
}

TEST_CASE("a change restyles only the siblings whose counts it can change", "[layout][selectors][nth]") {
  SECTION("counting from the first: an append restyles the new child alone, an insert the later ones") {
    Scene s(".i:nth-child(3n) { width: 1px; }");
    Layout& list = s.add({});
    for (int i = 0; i < 20; ++i) s.add({"i"}, &list);
    s.frame(0.0);
    std::uint64_t before = s.resolves();
    s.add({"i"}, &list);
    s.frame(0.0);
    CHECK(s.resolves() - before == 1);
    before = s.resolves();
    auto fresh = std::make_unique<Layout>();
    fresh->addClass("i");
    list.insertChild(15, std::move(fresh));
    s.frame(0.0);
    CHECK(s.resolves() - before == 7);  // the new child and the six after it
    CHECK(widthOf(list.child(17)) == 1.0f);
  }
  SECTION("counting from the last: an append restyles every sibling") {
    Scene s(".i:nth-last-child(3n) { width: 1px; }");
    Layout& list = s.add({});
    for (int i = 0; i < 20; ++i) s.add({"i"}, &list);
    s.frame(0.0);
    const std::uint64_t before = s.resolves();
    s.add({"i"}, &list);
    s.frame(0.0);
    CHECK(s.resolves() - before == 21);
    CHECK(widthOf(list.child(18)) == 1.0f);
  }
  SECTION("without a counting rule: a class change restyles the node alone") {
    Scene s(".i:first-child { width: 1px; }");
    Layout& list = s.add({});
    for (int i = 0; i < 20; ++i) s.add({"i"}, &list);
    s.frame(0.0);
    std::uint64_t before = s.resolves();
    list.child(5).addClass("x");
    s.frame(0.0);
    CHECK(s.resolves() - before == 1);
  }
}

TEST_CASE("attribute selectors follow setAttribute and removeAttribute", "[layout][selectors][attribute]") {
  Scene s(R"(
[open] { width: 1px; }
[kind=primary] { height: 2px; }
[lang|=en] { opacity: 0.5; }
[title~=big] { left: 3px; }
[href^=HTTP i] { top: 4px; }
[src$=".png"] { right: 5px; }
[data*=mid] { bottom: 6px; }
[open] > .inner { width: 7px; }
[open] + .next { width: 8px; }
)");
  Layout& list = s.add({});
  Layout& n = s.add({}, &list);
  Layout& inner = s.add({"inner"}, &n);
  Layout& next = s.add({"next"}, &list);
  s.frame(0.0);
  CHECK(widthOf(n) == 0.0f);
  CHECK(widthOf(inner) == 0.0f);
  CHECK_FALSE(n.attribute("open"));

  n.setAttribute("open", "");
  n.setAttribute("kind", "primary");
  n.setAttribute("lang", "en-GB");
  n.setAttribute("title", "a big  box");
  n.setAttribute("href", "https://x");
  n.setAttribute("src", "icon.png");
  n.setAttribute("data", "amidst");
  s.frame(0.0);
  CHECK(n.attribute("kind") == std::optional<std::string_view>("primary"));
  CHECK(widthOf(n) == 1.0f);
  CHECK(n.getStyle().height == Px(2.0f));
  CHECK(n.getStyle().opacity == Approx(0.5f));
  CHECK(n.getStyle().left == Px(3.0f));
  CHECK(n.getStyle().top == Px(4.0f));  // `i`: HTTP matches https
  CHECK(n.getStyle().right == Px(5.0f));
  CHECK(n.getStyle().bottom == Px(6.0f));
  CHECK(widthOf(inner) == 7.0f);  // the subtree restyles: `[open]` is left of `>`
  CHECK(widthOf(next) == 8.0f);   // and the later sibling: `[open]` is left of `+`

  n.setAttribute("lang", "english");  // |= wants "en" or "en-…"
  n.setAttribute("title", "bigger");  // ~= wants the whole word
  n.setAttribute("src", "icon.PNG");  // no `i`: case counts
  CHECK(n.removeAttribute("open"));
  CHECK_FALSE(n.removeAttribute("open"));
  s.frame(0.0);
  CHECK(widthOf(n) == 0.0f);
  CHECK(n.getStyle().opacity == Approx(1.0f));
  CHECK(n.getStyle().left.isAuto());
  CHECK(n.getStyle().right.isAuto());
  CHECK(widthOf(inner) == 0.0f);
  CHECK(widthOf(next) == 0.0f);
}

TEST_CASE("an attribute no rule reads left of a combinator restyles the node alone",
          "[layout][selectors][attribute]") {
  Scene s("[kind=a] { width: 1px; }\n[open] .x { width: 2px; }");
  Layout& list = s.add({});
  Layout& n = s.add({}, &list);
  for (int i = 0; i < 10; ++i) s.add({"x"}, &n);
  s.frame(0.0);
  std::uint64_t before = s.resolves();
  n.setAttribute("kind", "a");
  s.frame(0.0);
  CHECK(s.resolves() - before == 1);
  CHECK(widthOf(n) == 1.0f);
  before = s.resolves();
  n.setAttribute("kind", "a");  // the same value: nothing to do
  s.frame(0.0);
  CHECK(s.resolves() - before == 0);
  n.setAttribute("open", "yes");  // read left of a descendant combinator: the subtree too
  s.frame(0.0);
  CHECK(s.resolves() - before == 11);
  CHECK(widthOf(n.child(3)) == 2.0f);
}

TEST_CASE("moveChild reorders children, with their state; the rules follow the new order",
          "[layout][selectors][nth]") {
  Scene s(".i:nth-child(odd) { width: 1px; }\n.i:first-child { height: 3px; }\n.a + .i { opacity: 0.5; }");
  Layout& list = s.add({});
  std::vector<Layout*> c;
  for (int i = 0; i < 6; ++i) c.push_back(&s.add({"i"}, &list));
  c[0]->addClass("a");
  s.frame(0.0);
  CHECK(widths(list) == std::vector<float>{1, 0, 1, 0, 1, 0});
  CHECK(c[1]->getStyle().opacity == Approx(0.5f));
  CHECK(list.moveChild(*c[0], 3));  // c1 c2 c3 c0 c4 c5
  s.frame(0.0);
  CHECK(&list.child(3) == c[0]);
  CHECK(&list.child(0) == c[1]);
  CHECK(widths(list) == std::vector<float>{1, 0, 1, 0, 1, 0});  // by place, not by node
  CHECK(widthOf(*c[0]) == 0.0f);
  CHECK_FALSE(c[1]->getStyle().height.isAuto());  // the first child now
  CHECK(c[0]->getStyle().height.isAuto());
  CHECK(c[4]->getStyle().opacity == Approx(0.5f));  // after the .a now
  CHECK(c[1]->getStyle().opacity == Approx(1.0f));
  CHECK(list.moveChild(*c[5], 0));    // past the front: c5 c1 c2 c3 c0 c4
  CHECK(list.moveChild(*c[3], 100));  // past the end: last
  s.frame(0.0);
  CHECK(&list.child(0) == c[5]);
  CHECK(&list.child(5) == c[3]);
  CHECK_FALSE(c[5]->getStyle().height.isAuto());
  CHECK(c[1]->getStyle().height.isAuto());
  CHECK(widths(list) == std::vector<float>{1, 0, 1, 0, 1, 0});
  CHECK(c[4]->getStyle().opacity == Approx(0.5f));
}

TEST_CASE("moveChild restyles only the moved range, and nothing without a sibling rule",
          "[layout][selectors][nth]") {
  SECTION("with a counting rule") {
    Scene s(".i:nth-child(3n) { width: 1px; }");
    Layout& list = s.add({});
    for (int i = 0; i < 20; ++i) s.add({"i"}, &list);
    s.frame(0.0);
    const std::uint64_t before = s.resolves();
    Layout& moved = list.child(5);
    CHECK(list.moveChild(moved, 8));
    s.frame(0.0);
    CHECK(s.resolves() - before == 5);  // places 5 to 8, and 9 after them
    CHECK(widthOf(moved) == 1.0f);      // the 9th child now
    CHECK(widthOf(list.child(5)) == 1.0f);
    CHECK(widthOf(list.child(6)) == 0.0f);
  }
  SECTION("without one") {
    Scene s(".i { width: 1px; }");
    Layout& list = s.add({});
    for (int i = 0; i < 20; ++i) s.add({"i"}, &list);
    s.frame(0.0);
    const std::uint64_t before = s.resolves();
    CHECK(list.moveChild(list.child(5), 8));
    s.frame(0.0);
    CHECK(s.resolves() - before == 0);
  }
  SECTION("a node that is not a child: nothing moves, an error") {
    Scene s(".i { width: 1px; }");
    Layout& list = s.add({});
    Layout& other = s.add({"i"});
    s.add({"i"}, &list);
    zenit::test::LogCapture log;
    CHECK_FALSE(list.moveChild(other, 0));
    CHECK(log.has(Severity::Error, {"moveChild", "not a child"}));
    CHECK(list.childCount() == 1);
  }
}

TEST_CASE("moveChild keeps a moved child's running animation where it is", "[layout][selectors][nth]") {
  Scene s(R"(
@keyframes fade { from { opacity: 0; } to { opacity: 1; } }
.i { animation: fade 1s linear; }
.i:nth-child(odd) { width: 1px; }
)");
  Layout& list = s.add({});
  for (int i = 0; i < 4; ++i) s.add({"i"}, &list);
  s.frame(0.0);
  s.frame(0.5);
  Layout& moved = list.child(0);
  CHECK(zenit::test::renderedOpacity(moved) == Approx(0.5f));
  CHECK(list.moveChild(moved, 3));
  s.frame(0.1);
  CHECK(widthOf(moved) == 0.0f);                               // restyled: the 4th child now
  CHECK(zenit::test::renderedOpacity(moved) == Approx(0.6f));  // not restarted
}
