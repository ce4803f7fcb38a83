// Box and flex layout (layout/Flex.hpp) against rects recorded from Chromium
// (flex_cases/, regenerate with flex_cases/gen_flex_cases.py), plus the
// engine's own contracts: root sizing, measure calls, memo invalidation,
// display:none, bad input, allocation-free steady state, linear wrapping.
#include <zenit/layout/Flex.hpp>

#include "support/alloc_counter.hpp"
#include "support/zenit_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace zenit;

namespace Catch {
template <>
struct StringMaker<zenit::Rect> {
  static std::string convert(const zenit::Rect& r) {
    return "{" + std::to_string(r.x) + ", " + std::to_string(r.y) + ", " + std::to_string(r.width) + ", " +
           std::to_string(r.height) + "}";
  }
};
}  // namespace Catch

namespace {

// ---------------------------------------------------------------------------
// A tree node for tests: owns its style, or shares one (the 50,000-box test).
// "Text" content is a row of words of given widths and one line height,
// broken greedily with zero-width spaces, like the recorded pages' inline-blocks.
// ---------------------------------------------------------------------------
class TestNode final : public FlexNode {
 public:
  ComputedStyle style;
  const ComputedStyle* shared{nullptr};
  std::vector<TestNode*> kids;
  std::vector<float> words;
  float lineHeight{0.0f};
  int measureCalls{0};
  float lastWidth{0.0f}, lastHeight{0.0f};
  MeasureMode lastWidthMode{MeasureMode::Undefined}, lastHeightMode{MeasureMode::Undefined};

  const ComputedStyle& flexStyle() const override { return shared ? *shared : style; }
  std::size_t flexChildCount() const override { return kids.size(); }
  FlexNode& flexChild(std::size_t i) override { return *kids[i]; }
  bool hasContent() const override { return lineHeight > 0.0f; }

  Size measureContent(float width, MeasureMode wm, float height, MeasureMode hm) override {
    ++measureCalls;
    lastWidth = width, lastWidthMode = wm, lastHeight = height, lastHeightMode = hm;
    float maxContent = 0.0f, minContent = 0.0f;
    for (float w : words) maxContent += w, minContent = std::max(minContent, w);
    float used = maxContent;
    if (wm == MeasureMode::Exactly) used = width;
    if (wm == MeasureMode::AtMost) used = std::min(maxContent, std::max(minContent, width));
    int lines = 0;
    float x = 0.0f;
    for (float w : words) {
      if (lines == 0 || x + w > used + 1e-3f) ++lines, x = 0.0f;
      x += w;
    }
    return Size{used, static_cast<float>(lines) * lineHeight};
  }
};

// Owns the nodes of one tree; node 0 is the root.
struct Tree {
  std::vector<std::unique_ptr<TestNode>> nodes;

  TestNode& add(int parent) {
    nodes.push_back(std::make_unique<TestNode>());
    TestNode& n = *nodes.back();
    if (parent >= 0) nodes[static_cast<std::size_t>(parent)]->kids.push_back(&n);
    return n;
  }
  TestNode& operator[](std::size_t i) { return *nodes[i]; }
};

// ---------------------------------------------------------------------------
// A CSS declaration-list parser for the properties the cases use (the
// stylesheet parser is not part of the layout layer).
// ---------------------------------------------------------------------------
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> splitOn(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  while (!s.empty()) {
    const std::size_t p = s.find(sep);
    const std::string_view part = trim(s.substr(0, p));
    if (!part.empty()) out.push_back(part);
    if (p == std::string_view::npos) break;
    s.remove_prefix(p + 1);
  }
  return out;
}

std::optional<float> parseNumber(std::string_view s) {
  const std::string text(s);
  char* end = nullptr;
  const float v = std::strtof(text.c_str(), &end);
  if (end != text.c_str() + text.size() || text.empty()) return std::nullopt;
  return v;
}

std::optional<Value> parseLength(std::string_view s) {
  if (s == "auto") return Value::makeAuto();
  if (s == "none") return Value::makeNone();
  const auto unit = [&](std::string_view u) {
    return s.size() > u.size() && s.substr(s.size() - u.size()) == u;
  };
  const auto make = [](std::optional<float> n, Value (*ctor)(float)) -> std::optional<Value> {
    if (!n) return std::nullopt;
    return ctor(*n);
  };
  if (unit("px")) return make(parseNumber(s.substr(0, s.size() - 2)), [](float v) { return Px(v); });
  if (unit("em")) return make(parseNumber(s.substr(0, s.size() - 2)), [](float v) { return Em(v); });
  if (unit("%")) return make(parseNumber(s.substr(0, s.size() - 1)), [](float v) { return Pct(v); });
  if (s == "0") return Px(0.0f);
  return std::nullopt;
}

template <class E>
bool setKeyword(E& field, std::string_view v) {
  const std::optional<E> e = parseKeyword<E>(v);
  if (e) field = *e;
  return e.has_value();
}

bool setEdges(Spacing& sp, std::string_view v) {
  std::vector<Value> vals;
  for (std::string_view part : splitOn(v, ' ')) {
    const std::optional<Value> l = parseLength(part);
    if (!l) return false;
    vals.push_back(*l);
  }
  switch (vals.size()) {
    case 1: sp = Spacing::all(vals[0]); return true;
    case 2: sp = Spacing{vals[0], vals[1], vals[0], vals[1]}; return true;
    case 3: sp = Spacing{vals[0], vals[1], vals[2], vals[1]}; return true;
    case 4: sp = Spacing{vals[0], vals[1], vals[2], vals[3]}; return true;
    default: return false;
  }
}

// Applies "prop:value;…" to `s`; returns the first declaration it could not apply.
std::optional<std::string> applyCss(ComputedStyle& s, std::string_view css) {
  for (std::string_view decl : splitOn(css, ';')) {
    const std::size_t colon = decl.find(':');
    if (colon == std::string_view::npos) return std::string(decl);
    const std::string_view prop = trim(decl.substr(0, colon));
    const std::string_view v = trim(decl.substr(colon + 1));
    Value* length = nullptr;
    if (prop == "width")
      length = &s.width;
    else if (prop == "height")
      length = &s.height;
    else if (prop == "min-width")
      length = &s.minWidth;
    else if (prop == "min-height")
      length = &s.minHeight;
    else if (prop == "max-width")
      length = &s.maxWidth;
    else if (prop == "max-height")
      length = &s.maxHeight;
    else if (prop == "flex-basis")
      length = &s.flexBasis;
    else if (prop == "left")
      length = &s.left;
    else if (prop == "top")
      length = &s.top;
    else if (prop == "right")
      length = &s.right;
    else if (prop == "bottom")
      length = &s.bottom;
    else if (prop == "row-gap")
      length = &s.rowGap;
    else if (prop == "column-gap")
      length = &s.columnGap;
    else if (prop == "font-size")
      length = &s.fontSize;
    bool ok = false;
    if (length) {
      const std::optional<Value> l = parseLength(v);
      if (l) *length = *l;
      ok = l.has_value();
    } else if (prop == "padding") {
      ok = setEdges(s.padding, v);
    } else if (prop == "margin") {
      ok = setEdges(s.margin, v);
    } else if (prop == "margin-left" || prop == "margin-right" || prop == "margin-top" ||
               prop == "margin-bottom") {
      const std::optional<Value> l = parseLength(v);
      Value& side = prop == "margin-left"    ? s.margin.left
                    : prop == "margin-right" ? s.margin.right
                    : prop == "margin-top"   ? s.margin.top
                                             : s.margin.bottom;
      if (l) side = *l;
      ok = l.has_value();
    } else if (prop == "border-width") {
      const std::optional<Value> l = parseLength(v);
      if (l && l->isPureLength()) s.borderWidth = l->px;
      ok = l && l->isPureLength();
    } else if (prop == "flex-grow" || prop == "flex-shrink") {
      const std::optional<float> n = parseNumber(v);
      if (n) (prop == "flex-grow" ? s.flexGrow : s.flexShrink) = *n;
      ok = n.has_value();
    } else if (prop == "display") {
      ok = setKeyword(s.display, v);
    } else if (prop == "position") {
      ok = setKeyword(s.position, v);
    } else if (prop == "overflow") {
      ok = setKeyword(s.overflow, v);
    } else if (prop == "flex-direction") {
      ok = setKeyword(s.flexDirection, v);
    } else if (prop == "flex-wrap") {
      ok = setKeyword(s.flexWrap, v);
    } else if (prop == "align-items") {
      ok = setKeyword(s.alignItems, v);
    } else if (prop == "align-self") {
      ok = setKeyword(s.alignSelf, v);
    } else if (prop == "align-content") {
      ok = setKeyword(s.alignContent, v);
    } else if (prop == "justify-content") {
      ok = setKeyword(s.justifyContent, v);
    }
    if (!ok) return std::string(decl);
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------
// The recorded table.
// ---------------------------------------------------------------------------
struct CaseNode {
  int parent;
  const char* style;
  std::vector<float> words;
  float line;
  bool hidden;
  Rect expected;  // border box relative to the viewport (getBoundingClientRect)
};

struct FlexCase {
  const char* name;
  float viewportWidth, viewportHeight;
  std::vector<CaseNode> nodes;
};

const std::vector<FlexCase>& recordedCases() {
  static const std::vector<FlexCase> cases = {
#include "flex_cases/flex_cases.inc"
  };
  return cases;
}

// Browsers lay out in 1/64 px units; percentages and flex shares round there.
constexpr float kTolerance = 0.05f;

bool near(float a, float b) { return std::abs(a - b) <= kTolerance; }

std::string describe(const Rect& r) { return Catch::StringMaker<Rect>::convert(r); }

TestNode& box(Tree& t, int parent, std::string_view css) {
  TestNode& n = t.add(parent);
  const std::optional<std::string> bad = applyCss(n.style, css);
  INFO("declaration: " << bad.value_or(""));
  REQUIRE_FALSE(bad.has_value());
  return n;
}

}  // namespace

TEST_CASE("flex layout matches Chromium on every recorded case (CSS Flexbox 1 §9, CSS 2 §10)",
          "[layout][flex]") {
  const std::vector<FlexCase>& cases = recordedCases();
  REQUIRE(cases.size() >= 100);
  for (const FlexCase& c : cases) {
    Tree tree;
    for (const CaseNode& n : c.nodes) {
      TestNode& node = box(tree, n.parent, n.style);
      node.words = n.words;
      node.lineHeight = n.line;
    }
    layoutTree(tree[0], Size{c.viewportWidth, c.viewportHeight});

    std::string mismatches;
    for (std::size_t i = 0; i < c.nodes.size(); ++i) {
      const CaseNode& n = c.nodes[i];
      const LayoutBox& b = tree[i].box;
      if (n.hidden) {
        if (!b.displayNone || !(b.rect == Rect{}) || !(b.viewRect == Rect{}))
          mismatches += "\n  node " + std::to_string(i) + " should be display:none with zero rects";
        continue;
      }
      const Rect& r = b.viewRect;
      if (b.displayNone || !near(r.x, n.expected.x) || !near(r.y, n.expected.y) ||
          !near(r.width, n.expected.width) || !near(r.height, n.expected.height))
        mismatches += "\n  node " + std::to_string(i) + " (" + n.style + "): got " + describe(r) +
                      ", Chromium " + describe(n.expected);
      // rect is the same box relative to the parent's border box.
      const Rect parent = n.parent >= 0 ? tree[static_cast<std::size_t>(n.parent)].box.viewRect : Rect{};
      if (!near(b.rect.x, r.x - parent.x) || !near(b.rect.y, r.y - parent.y) || b.rect.width != r.width ||
          b.rect.height != r.height)
        mismatches +=
            "\n  node " + std::to_string(i) + ": rect " + describe(b.rect) + " disagrees with viewRect";
    }
    INFO("case: " << c.name << mismatches);
    CHECK(mismatches.empty());
  }
}

TEST_CASE("a wrapping row of 50,000 10x10 boxes lays out in one pass (benchmark workload)",
          "[layout][flex]") {
  ComputedStyle item;
  item.width = Px(10.0f);
  item.height = Px(10.0f);
  TestNode root;
  root.style.width = Px(1005.0f);  // 100 boxes and 5 px to spare per line
  root.style.height = Px(600.0f);
  root.style.flexWrap = FlexWrap::Wrap;
  root.style.alignContent = Align::FlexStart;
  std::vector<TestNode> kids(50000);
  for (TestNode& k : kids) {
    k.shared = &item;
    root.kids.push_back(&k);
  }
  layoutTree(root, Size{1005.0f, 600.0f});
  for (std::size_t i :
       {std::size_t{0}, std::size_t{99}, std::size_t{100}, std::size_t{12345}, std::size_t{49999}}) {
    INFO("box " << i);
    CHECK(kids[i].box.rect ==
          Rect{static_cast<float>(i % 100) * 10.0f, static_cast<float>(i / 100) * 10.0f, 10.0f, 10.0f});
  }
}

TEST_CASE("the root's auto size fills the viewport less its margins (deviation 3)", "[layout][flex]") {
  Tree t;
  box(t, -1, "margin:10px 20px;padding:5px;border-width:1px");
  box(t, 0, "flex-grow:1");
  layoutTree(t[0], Size{300.0f, 200.0f});
  CHECK(t[0].box.rect == Rect{20.0f, 10.0f, 260.0f, 180.0f});
  CHECK(t[1].box.rect == Rect{6.0f, 6.0f, 248.0f, 168.0f});
  CHECK(t[1].box.viewRect == Rect{26.0f, 16.0f, 248.0f, 168.0f});

  // A viewport that is not a size counts as empty.
  layoutTree(t[0], Size{std::numeric_limits<float>::quiet_NaN(), -5.0f});
  CHECK(t[0].box.rect.width == 12.0f);  // padding + border only
  CHECK(t[0].box.rect.height == 12.0f);
}

TEST_CASE("display:none zeroes the subtree and flags it, also at the root (CSS 2 §9.2.4)", "[layout][flex]") {
  Tree t;
  box(t, -1, "width:100px;height:100px");
  box(t, 0, "display:none");
  box(t, 1, "width:10px;height:10px");
  box(t, 0, "width:10px;height:10px");
  t[2].box.rect = Rect{1.0f, 2.0f, 3.0f, 4.0f};  // stale from an earlier frame
  layoutTree(t[0], Size{100.0f, 100.0f});
  CHECK(t[1].box.displayNone);
  CHECK(t[2].box.displayNone);
  CHECK(t[2].box.rect == Rect{});
  CHECK(t[3].box.rect.x == 0.0f);  // takes no space
  CHECK_FALSE(t[3].box.displayNone);

  t[0].style.display = Display::None;
  layoutTree(t[0], Size{100.0f, 100.0f});
  CHECK(t[0].box.displayNone);
  CHECK(t[3].box.displayNone);
  CHECK(t[3].box.viewRect == Rect{});

  t[0].style.display = Display::Flex;  // and back
  layoutTree(t[0], Size{100.0f, 100.0f});
  CHECK_FALSE(t[3].box.displayNone);
  CHECK(t[3].box.rect == Rect{0.0f, 0.0f, 10.0f, 10.0f});
}

TEST_CASE("measureContent gets content-box sizes and the right modes", "[layout][flex]") {
  Tree t;
  box(t, -1, "width:100px;height:100px;flex-direction:column;padding:10px");
  TestNode& text = box(t, 0, "padding:0 5px;border-width:1px");
  text.words = {30.0f, 30.0f, 30.0f};
  text.lineHeight = 10.0f;
  layoutTree(t[0], Size{100.0f, 100.0f});
  // Stretched in a column: the width is known exactly (content-box root:
  // 100 inside its padding; less 10 padding and 2 border of the text box).
  CHECK(text.lastWidthMode == MeasureMode::Exactly);
  CHECK(text.lastWidth == 88.0f);
  CHECK(text.lastHeightMode == MeasureMode::Undefined);
  CHECK(std::isnan(text.lastHeight));
  CHECK(t[0].box.rect == Rect{0.0f, 0.0f, 120.0f, 120.0f});
  CHECK(text.box.rect == Rect{10.0f, 10.0f, 100.0f, 22.0f});  // 90 px of words wrap at 88
  CHECK(text.box.contentRect() == Rect{6.0f, 1.0f, 88.0f, 20.0f});
  CHECK(text.box.paddingRect() == Rect{1.0f, 1.0f, 98.0f, 20.0f});

  // Not stretched: fit-content, min(90, max(30, 88)) = 88, two lines.
  t[0].style.alignItems = Align::FlexStart;
  layoutTree(t[0], Size{100.0f, 100.0f});
  CHECK(text.box.rect.width == 100.0f);
  CHECK(text.box.rect.height == 22.0f);
  text.words = {20.0f};
  layoutTree(t[0], Size{100.0f, 100.0f});
  CHECK(text.box.rect.width == 32.0f);
  CHECK(text.box.rect.height == 12.0f);
}

TEST_CASE("nested auto-sized boxes are measured a bounded number of times, not 3^depth", "[layout][flex]") {
  Tree t;
  box(t, -1, "width:500px;height:500px;align-items:flex-start");
  int parent = 0;
  for (int depth = 0; depth < 24; ++depth) {
    box(t, parent, depth % 2 ? "flex-direction:column;padding:1px" : "padding:1px");
    parent = static_cast<int>(t.nodes.size()) - 1;
  }
  TestNode& text = t.add(parent);
  text.words = {40.0f, 40.0f};
  text.lineHeight = 10.0f;
  layoutTree(t[0], Size{500.0f, 500.0f});
  CHECK(text.box.viewRect == Rect{24.0f, 24.0f, 80.0f, 10.0f});
  CHECK(t[1].box.rect == Rect{0.0f, 0.0f, 128.0f, 58.0f});
  CHECK(text.measureCalls <= 8);
}

TEST_CASE("results follow style changes between layouts (the memo lives for one call)", "[layout][flex]") {
  Tree t;
  box(t, -1, "width:300px;height:100px;align-items:flex-start");
  box(t, 0, "padding:2px");
  TestNode& leaf = box(t, 1, "width:20px;height:10px");
  layoutTree(t[0], Size{300.0f, 100.0f});
  CHECK(t[1].box.rect.width == 24.0f);
  leaf.style.width = Px(50.0f);
  layoutTree(t[0], Size{300.0f, 100.0f});
  CHECK(t[1].box.rect.width == 54.0f);
  CHECK(t[1].box.rect.height == 14.0f);
}

TEST_CASE("percentages and em components without a cascade resolve as the engine documents",
          "[layout][flex]") {
  Tree t;
  box(t, -1, "width:200px;height:100px;align-items:flex-start");
  // em with the node's own font size (fallback for unresolved em).
  box(t, 0, "font-size:10px;width:2em;height:1.5em;padding:0.5em");
  // A percentage height of an auto-height column item counts as auto.
  box(t, 0, "flex-direction:column;width:50px");
  box(t, 2, "height:50%;width:10px");
  layoutTree(t[0], Size{200.0f, 100.0f});
  CHECK(t[1].box.rect == Rect{0.0f, 0.0f, 30.0f, 25.0f});
  CHECK(t[3].box.rect.height == 0.0f);
}

TEST_CASE("bad input lays out without crashing or NaN (quality bar: bad input never crashes)",
          "[layout][flex]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  Tree t;
  box(t, -1, "width:100px;height:100px");
  TestNode& a = box(t, 0, "");
  a.style.width = Px(nan);
  a.style.flexGrow = nan;
  a.style.flexShrink = -3.0f;
  a.style.padding.left = Px(-10.0f);
  a.style.borderWidth = inf;
  TestNode& b = box(t, 0, "");
  b.style.flexBasis = Px(-50.0f);
  b.style.flexGrow = inf;
  b.style.margin.left = Px(inf);
  b.style.minWidth = Pct(nan);
  TestNode& c = box(t, 0, "position:absolute");
  c.style.left = Px(nan);
  c.style.width = Pct(inf);
  layoutTree(t[0], Size{100.0f, 100.0f});
  for (std::size_t i = 0; i < t.nodes.size(); ++i) {
    INFO("node " << i);
    const Rect& r = t[i].box.rect;
    CHECK((std::isfinite(r.x) && std::isfinite(r.y) && std::isfinite(r.width) && std::isfinite(r.height)));
    CHECK(r.width >= 0.0f);
    CHECK(r.height >= 0.0f);
  }
}

TEST_CASE("Rect::contains includes the top-left edges and excludes the bottom-right ones", "[layout][flex]") {
  const Rect r{10.0f, 20.0f, 30.0f, 40.0f};
  CHECK(r.contains(10.0f, 20.0f));
  CHECK(r.contains(39.9f, 59.9f));
  CHECK_FALSE(r.contains(40.0f, 30.0f));
  CHECK_FALSE(r.contains(20.0f, 60.0f));
  CHECK_FALSE(r.contains(9.9f, 30.0f));
  CHECK_FALSE(Rect{}.contains(0.0f, 0.0f));
}

TEST_CASE("steady-state layout allocates nothing (design card: no per-frame allocation)", "[layout][flex]") {
  Tree t;
  box(t, -1, "width:400px;height:300px;flex-wrap:wrap;column-gap:2px;row-gap:2px;position:relative");
  for (int i = 0; i < 40; ++i) {
    const int row = static_cast<int>(t.nodes.size());
    box(t, 0, "padding:2px;flex-grow:1;flex-direction:column");
    for (int j = 0; j < 5; ++j) box(t, row, j % 2 ? "width:10px;height:8px" : "height:6px;flex-basis:20%");
    TestNode& text = t.add(row);
    text.words = {12.0f, 30.0f, 8.0f};
    text.lineHeight = 9.0f;
    box(t, row, "position:absolute;left:1px;top:1px;width:3px;height:3px");
  }
  layoutTree(t[0], Size{400.0f, 300.0f});  // grows the scratch buffers once
  const Rect before = t[7].box.rect;
  const std::size_t allocations = zenit::test::allocationCount();
  layoutTree(t[0], Size{400.0f, 300.0f});
  layoutTree(t[0], Size{400.0f, 300.0f});
  CHECK(zenit::test::allocationCount() == allocations);
  CHECK(t[7].box.rect == before);
}
