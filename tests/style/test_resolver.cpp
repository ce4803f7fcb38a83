// StyleResolver: the cascade (CSS Cascade 4 order, specificity, importance,
// inline), state, combinators, parts, inheritance, em, var(), animation
// longhand patches, and the caches.
//
// [SECTION] Cascade order
// [SECTION] State, combinators, selector lists
// [SECTION] Parts (partFor)
// [SECTION] Inheritance and em
// [SECTION] Custom properties and var()
// [SECTION] Animation and transition lists
// [SECTION] Caches
// [SECTION] Invalidation (affectsDescendants)
// [SECTION] Shared transition lists (lastTransitions)
#include "parser_test_util.hpp"
#include "support/alloc_counter.hpp"

#include <zenit/style/StyleResolver.hpp>
#include <zenit/style/Theme.hpp>

#include <deque>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::QuietLog;

Color css(std::string_view c) {
  const std::optional<Color> v = parseColor(c);
  REQUIRE(v);
  return *v;
}

// One node of a test tree. Not movable: its StyleElement points into it.
struct Node {
  std::vector<Atom> classes;
  StyleElement el;
  StyleCache cache;
  ComputedStyle style;
  Node* parent{nullptr};

  Node(std::string_view type, std::initializer_list<std::string_view> cls, Node* up = nullptr,
       std::string_view id = "") {
    el.type = intern(type);
    el.id = intern(id);
    setClasses(cls);
    parent = up;
    el.parent = up ? &up->el : nullptr;
    el.cache = &cache;
  }
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  void setClasses(const std::vector<std::string_view>& cls) {
    classes.clear();
    for (std::string_view c : cls) classes.push_back(intern(c));
    el.classes = classes;
  }
};

// A theme and a resolver over it; nodes live in a deque (stable addresses).
struct World {
  Theme theme;
  StyleResolver resolver{theme};
  std::deque<Node> nodes;

  explicit World(std::string_view sheet) {
    QuietLog quiet;
    const Theme::LoadResult r = theme.loadString(sheet, "t.zstyle");
    for (const Diagnostic& d : r.diagnostics) UNSCOPED_INFO(d.format());
    REQUIRE(r.ok());
  }
  Node& node(std::string_view type, std::initializer_list<std::string_view> cls = {}, Node* parent = nullptr,
             std::string_view id = "") {
    return nodes.emplace_back(type, cls, parent, id);
  }
  bool resolve(Node& n) {
    return resolver.resolve(n.el, n.parent ? &n.parent->style : nullptr, n.cache, n.style);
  }
  // Resolves n's ancestors first (top-down), then n.
  const ComputedStyle& style(Node& n) {
    if (n.parent) style(*n.parent);
    resolve(n);
    return n.style;
  }
};

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Cascade order
// ---------------------------------------------------------------------------

TEST_CASE("cascade: specificity orders declarations regardless of source order (CSS Cascade 4 §6.4)",
          "[style][cascade]") {
  World w(R"(
    #main   { opacity: 0.4; }
    .a.b    { opacity: 0.3; background-color: red; }
    .a      { opacity: 0.2; background-color: blue; color: green; }
    Button  { opacity: 0.1; background-color: yellow; color: purple; width: 10px; }
  )");
  Node& n = w.node("Button", {"a", "b"}, nullptr, "main");
  const ComputedStyle& s = w.style(n);
  CHECK(s.opacity == Approx(0.4f));        // id beats two classes
  CHECK(s.backgroundColor == css("red"));  // two classes beat one
  CHECK(s.color == css("green"));          // a class beats a type
  CHECK(s.width == Px(10.0f));             // only the type rule sets it

  Node& other = w.node("Button", {"a"});
  CHECK(w.style(other).opacity == Approx(0.2f));
}

TEST_CASE("cascade: equal specificity, the later declaration wins; later sheets after earlier ones",
          "[style][cascade]") {
  World w(".x { opacity: 0.1; } .y { opacity: 0.2; }");
  Node& n = w.node("Box", {"y", "x"});  // class order on the element does not matter
  CHECK(w.style(n).opacity == Approx(0.2f));

  QuietLog quiet;
  REQUIRE(w.theme.loadString(".x { opacity: 0.7; }", "late.zstyle").ok());
  CHECK(w.style(n).opacity == Approx(0.7f));  // same specificity, later sheet
  REQUIRE(w.theme.loadString(".x.y { opacity: 0.9; }", "later.zstyle").ok());
  CHECK(w.style(n).opacity == Approx(0.9f));
}

TEST_CASE(
    "cascade: !important beats normal, inline beats sheet normal, inline !important beats all (CSS Cascade 4 "
    "§6.2)",
    "[style][cascade]") {
  World w(R"(
    #id.a.b { opacity: 0.1; width: 1px; height: 1px; }
    .a      { width: 2px !important; color: red !important; }
    .b      { color: blue !important; }
    Box     { height: 3px !important; }
  )");
  Node& n = w.node("Box", {"a", "b"}, nullptr, "id");
  const ComputedStyle& s = w.style(n);
  CHECK(s.width == Px(2.0f));  // !important with lower specificity beats normal with higher
  CHECK(s.height == Px(3.0f));
  CHECK(s.color == css("blue"));  // among !important: equal specificity, later wins
  CHECK(s.opacity == Approx(0.1f));

  // Inline normal beats every sheet normal declaration, loses to sheet !important.
  DeclarationBlock inl = parseStyleAttribute("opacity: 0.5; width: 9px; color: green");
  n.el.inlineStyle = &inl;
  w.resolve(n);
  CHECK(n.style.opacity == Approx(0.5f));
  CHECK(n.style.width == Px(2.0f));
  CHECK(n.style.color == css("blue"));

  // Inline !important beats sheet !important.
  DeclarationBlock imp = parseStyleAttribute("width: 9px !important; color: green !important");
  n.el.inlineStyle = &imp;
  ++n.el.inlineVersion;
  w.resolve(n);
  CHECK(n.style.width == Px(9.0f));
  CHECK(n.style.color == css("green"));
  CHECK(n.style.opacity == Approx(0.1f));
}

TEST_CASE(
    "cascade: the inline base sits above every normal declaration and below !important (seed getInlineBase)",
    "[style][cascade]") {
  World w(".a { opacity: 0.2; width: 5px !important; }");
  Node& n = w.node("Box", {"a"});
  DeclarationBlock inl = parseStyleAttribute("opacity: 0.3");
  Style base;
  base.opacity = 0.9f;
  base.width = Px(50.0f);
  n.el.inlineStyle = &inl;
  n.el.inlineBase = &base;
  w.resolve(n);
  CHECK(n.style.opacity == Approx(0.9f));
  CHECK(n.style.width == Px(5.0f));

  base.opacity = 0.6f;  // C++ writes the base, bumps the version
  ++n.el.inlineVersion;
  CHECK(w.resolve(n));
  CHECK(n.style.opacity == Approx(0.6f));
}

TEST_CASE("cascade: one-side longhands merge across rules", "[style][cascade]") {
  World w(".a { padding: 4px; border-radius: 2px; } .b { padding-top: 8px; border-top-left-radius: 6px; }");
  Node& n = w.node("Box", {"a", "b"});
  const ComputedStyle& s = w.style(n);
  CHECK(s.padding.top == Px(8.0f));
  CHECK(s.padding.left == Px(4.0f));
  CHECK(s.padding.bottom == Px(4.0f));
  CHECK(s.borderRadius.topLeft == Px(6.0f));
  CHECK(s.borderRadius.bottomRight == Px(2.0f));
  Node& onlyB = w.node("Box", {"b"});
  CHECK(w.style(onlyB).padding.top == Px(8.0f));
  CHECK(onlyB.style.padding.left == Px(0.0f));
}

// ---------------------------------------------------------------------------
// [SECTION] State, combinators, selector lists
// ---------------------------------------------------------------------------

TEST_CASE("cascade: every pseudo-class matches its state bit", "[style][cascade]") {
  World w(R"(
    Box          { opacity: 1; }
    Box:hover    { opacity: 0.1; }
    Box:active   { width: 1px; }
    Box:focus    { height: 2px; }
    Box:checked  { color: red; }
    Box:disabled { visibility: hidden; }
    Box:hover:focus { background-color: blue; }
  )");
  Node& n = w.node("Box");
  w.resolve(n);
  CHECK(n.style.opacity == Approx(1.0f));
  CHECK(n.style.width.isAuto());
  CHECK(n.style.visibility == Visibility::Visible);

  const struct {
    std::uint8_t bit;
    const char* name;
  } states[] = {{PseudoHover, "hover"},
                {PseudoActive, "active"},
                {PseudoFocus, "focus"},
                {PseudoChecked, "checked"},
                {PseudoDisabled, "disabled"}};
  for (const auto& st : states) {
    INFO(st.name);
    n.el.state = st.bit;
    w.resolve(n);
    CHECK((n.style.opacity == Approx(0.1f)) == (st.bit == PseudoHover));
    CHECK((n.style.width == Px(1.0f)) == (st.bit == PseudoActive));
    CHECK((n.style.height == Px(2.0f)) == (st.bit == PseudoFocus));
    CHECK((n.style.color == css("red")) == (st.bit == PseudoChecked));
    CHECK((n.style.visibility == Visibility::Hidden) == (st.bit == PseudoDisabled));
    CHECK(n.style.backgroundColor == Color::transparent());
  }
  n.el.state = PseudoHover | PseudoFocus;
  w.resolve(n);
  CHECK(n.style.backgroundColor == css("blue"));
  n.el.state = 0;
  w.resolve(n);
  CHECK(n.style.opacity == Approx(1.0f));
  CHECK(n.style.backgroundColor == Color::transparent());
}

TEST_CASE("cascade: descendant vs child combinators", "[style][cascade]") {
  World w(R"(
    .panel .label   { width: 1px; }
    .panel > .label { height: 2px; }
    .panel:hover .label { opacity: 0.5; }
    .a .b > .c      { color: red; }
  )");
  Node& panel = w.node("Box", {"panel"});
  Node& direct = w.node("Label", {"label"}, &panel);
  Node& mid = w.node("Box", {}, &panel);
  Node& deep = w.node("Label", {"label"}, &mid);
  CHECK(w.style(direct).width == Px(1.0f));
  CHECK(direct.style.height == Px(2.0f));
  CHECK(w.style(deep).width == Px(1.0f));
  CHECK(deep.style.height.isAuto());  // not a child of .panel
  CHECK(deep.style.opacity == Approx(1.0f));

  panel.el.state = PseudoHover;  // an ancestor's state takes part
  CHECK(w.style(deep).opacity == Approx(0.5f));

  // `.a .b > .c`: the first .b tried (the parent) has no .a above it, a
  // higher one does not count because `>` pins .b to the parent.
  Node& a = w.node("Box", {"a"});
  Node& b1 = w.node("Box", {"b"}, &a);
  Node& x = w.node("Box", {}, &b1);
  Node& b2 = w.node("Box", {"b"}, &x);
  Node& c = w.node("Box", {"c"}, &b2);
  CHECK(w.style(c).color == css("red"));
  Node& c2 = w.node("Box", {"c"}, &x);  // parent is not .b
  CHECK(w.style(c2).color == Color::black());
  Node& lone = w.node("Box", {"b"});
  Node& c3 = w.node("Box", {"c"}, &lone);  // .b without an .a ancestor
  CHECK(w.style(c3).color == Color::black());
}

TEST_CASE("cascade: next-sibling and subsequent-sibling combinators", "[style][cascade]") {
  World w(R"(
    .a + .b        { width: 1px; }
    .a ~ .b        { height: 2px; }
    .a + .b + .c   { opacity: 0.5; }
    .x .a ~ .b     { color: red; }
    .a + .b .inner { left: 3px; }
    .a:hover ~ *   { top: 4px; }
  )");
  // Siblings under one parent: a, b1, b2, c, and an .a-less row elsewhere.
  Node& x = w.node("Box", {"x"});
  Node& a = w.node("Box", {"a"}, &x);
  Node& b1 = w.node("Box", {"b"}, &x);
  Node& b2 = w.node("Box", {"b"}, &x);
  Node& c = w.node("Box", {"c"}, &x);
  Node& inner = w.node("Box", {"inner"}, &b1);
  Node& inner2 = w.node("Box", {"inner"}, &b2);
  b1.el.previous = &a.el;
  b2.el.previous = &b1.el;
  c.el.previous = &b2.el;
  CHECK(w.style(b1).width == Px(1.0f));  // right after .a
  CHECK(b1.style.height == Px(2.0f));
  CHECK(w.style(b2).width.isAuto());  // after .a, not right after
  CHECK(b2.style.height == Px(2.0f));
  CHECK(b2.style.color == css("red"));        // the sibling's ancestor counts for `.x .a`
  CHECK(w.style(c).opacity == Approx(1.0f));  // .b + .c holds, but that .b is not right after .a
  CHECK(c.style.height.isAuto());
  CHECK(w.style(inner).left == Px(3.0f));  // a descendant of the .b right after .a
  CHECK(w.style(inner2).left.isAuto());
  CHECK(b1.style.top.isAuto());
  a.el.state = PseudoHover;  // an earlier sibling's state takes part
  CHECK(w.style(b1).top == Px(4.0f));
  CHECK(w.style(c).top == Px(4.0f));
  CHECK(w.style(a).top.isAuto());  // not a sibling of itself

  // `.a + .b + .c`: the .b right before .c must itself follow .a.
  Node& a2 = w.node("Box", {"a"});
  Node& b3 = w.node("Box", {"b"});
  Node& c2 = w.node("Box", {"c"});
  b3.el.previous = &a2.el;
  c2.el.previous = &b3.el;
  CHECK(w.style(c2).opacity == Approx(0.5f));
  CHECK(c2.style.color == Color::black());  // no .x above
  // The first child has no previous sibling.
  Node& first = w.node("Box", {"b"});
  CHECK(w.style(first).height.isAuto());
}

// `.x + .a .b`: the .a tried first (the parent) has no .x before it; a
// higher .a does, and `.b` is inside it too.
TEST_CASE("cascade: a sibling combinator inside a descendant chain tries every ancestor",
          "[style][cascade]") {
  World w(".x + .a .b { width: 1px; } .x ~ .a > .b { height: 2px; }");
  Node& root = w.node("Box");
  Node& x = w.node("Box", {"x"}, &root);
  Node& outer = w.node("Box", {"a"}, &root);
  outer.el.previous = &x.el;
  Node& mid = w.node("Box", {"a"}, &outer);  // an .a with no sibling before it
  Node& b = w.node("Box", {"b"}, &mid);
  CHECK(w.style(b).width == Px(1.0f));
  CHECK(b.style.height.isAuto());  // `>` pins .a to the parent, which has no .x before it
  Node& b2 = w.node("Box", {"b"}, &outer);
  CHECK(w.style(b2).height == Px(2.0f));
}

TEST_CASE("cascade: :is(), :where() and :not() match through their lists, combinators included",
          "[style][cascade]") {
  World w(R"(
    :is(.a, .b) > .item      { width: 1px; }
    .item:not(.off, :hover)  { height: 2px; }
    :is(.panel .row) .cell   { left: 3px; }
    .cell:not(.panel > *)    { top: 4px; }
    :is(.x + .y)             { color: red; }
    .z:is()                  { opacity: 0.5; }
  )");
  Node& a = w.node("Box", {"a"});
  Node& item = w.node("Box", {"item"}, &a);
  Node& c = w.node("Box", {"c"});
  Node& other = w.node("Box", {"item"}, &c);
  CHECK(w.style(item).width == Px(1.0f));
  CHECK(w.style(other).width.isAuto());
  CHECK(item.style.height == Px(2.0f));
  item.el.state = PseudoHover;
  CHECK(w.style(item).height.isAuto());
  item.el.state = 0;
  Node& off = w.node("Box", {"item", "off"}, &a);
  CHECK(w.style(off).height.isAuto());

  Node& panel = w.node("Box", {"panel"});
  Node& row = w.node("Box", {"row"}, &panel);
  Node& cell = w.node("Box", {"cell"}, &row);
  Node& direct = w.node("Box", {"cell"}, &panel);
  CHECK(w.style(cell).left == Px(3.0f));  // the argument's own combinator reaches .panel
  CHECK(cell.style.top == Px(4.0f));      // not a child of .panel
  CHECK(w.style(direct).left.isAuto());
  CHECK(direct.style.top.isAuto());

  Node& x = w.node("Box", {"x"});
  Node& y = w.node("Box", {"y"});
  y.el.previous = &x.el;
  CHECK(w.style(y).color == css("red"));
  CHECK(w.style(x).color == Color::black());
  CHECK(w.style(w.node("Box", {"z"})).opacity == Approx(1.0f));  // :is() matches nothing
}

TEST_CASE("cascade: nested rules (CSS Nesting) match as the flat rules they mean",
          "[style][cascade][nesting]") {
  World w(R"(
    .card {
      width: 1px;
      &:hover { width: 2px; }
      > .title { height: 3px; }
      .x & { left: 4px; }
      & { opacity: 0.25; }
      opacity: 0.5;
      @media (min-width: 0px) { top: 5px; }
    }
  )");
  Node& card = w.node("Box", {"card"});
  Node& title = w.node("Box", {"title"}, &card);
  CHECK(w.style(card).width == Px(1.0f));
  CHECK(card.style.opacity == Approx(0.5f));  // the declarations after `& { … }` come after it
  CHECK(card.style.left.isAuto());
  CHECK(card.style.top == Px(5.0f));
  CHECK(w.style(title).height == Px(3.0f));
  card.el.state = PseudoHover;
  CHECK(w.style(card).width == Px(2.0f));
  Node& x = w.node("Box", {"x"});
  Node& inner = w.node("Box", {"card"}, &x);
  CHECK(w.style(inner).left == Px(4.0f));
  Node& deep = w.node("Box", {"title"}, &title);
  CHECK(w.style(deep).height.isAuto());  // `>`: a child of .card only
}

TEST_CASE("cascade: :is() weighs as its most specific selector, :where() as nothing", "[style][cascade]") {
  World w(R"(
    :is(#main, .a) { opacity: 0.1; }
    .a.a           { opacity: 0.2; }
    :where(#main)  { width: 1px; }
    Box            { width: 2px; }
  )");
  Node& n = w.node("Box", {"a"}, nullptr, "main");
  CHECK(w.style(n).opacity == Approx(0.1f));  // (1, 0, 0) beats (0, 2, 0)
  CHECK(n.style.width == Px(2.0f));           // (0, 0, 0) loses to a type
  Node& m = w.node("Box", {"a"});
  CHECK(w.style(m).opacity == Approx(0.1f));  // matched by .a, :is() still weighs (1, 0, 0)
}

TEST_CASE("cascade: a selector list applies with the specificity of each member", "[style][cascade]") {
  World w(R"(
    .a, #x   { opacity: 0.3; }
    .b.c     { opacity: 0.6; }
  )");
  Node& byClass = w.node("Box", {"a"});
  Node& byId = w.node("Box", {"b", "c"}, nullptr, "x");
  Node& neither = w.node("Box", {"b", "c"});
  CHECK(w.style(byClass).opacity == Approx(0.3f));
  CHECK(w.style(byId).opacity == Approx(0.3f));  // #x (1,0,0) beats .b.c (0,2,0)
  CHECK(w.style(neither).opacity == Approx(0.6f));
  Node& both = w.node("Box", {"a", "b", "c"});
  CHECK(w.style(both).opacity == Approx(0.6f));  // .a (0,1,0) loses to .b.c
}

// ---------------------------------------------------------------------------
// [SECTION] Parts
// ---------------------------------------------------------------------------

TEST_CASE("partFor: Slider:hover::knob resolves to the knobGlow animation ref (seed §5.4)",
          "[style][cascade][parts]") {
  World w(R"(
    @keyframes knobGlow {
      0%   { color: #d6ff32; }
      50%  { color: #ffffff; }
      100% { color: #d6ff32; }
    }
    Slider::knob        { background-color: gray; width: 12px; }
    Slider:hover::knob  { animation: knobGlow 0.6s ease-in-out infinite; }
    Slider::track       { height: 4px; }
  )");
  Node& slider = w.node("Slider");
  w.resolve(slider);
  CHECK(slider.style.animations.empty());  // part rules do not style the node
  CHECK(slider.style.width.isAuto());

  const Atom knob = intern("knob");
  Style part;
  w.resolver.partFor(slider.el, knob, slider.cache, part);
  CHECK(part.width.is_set);
  CHECK(part.width.value == Px(12.0f));
  CHECK(!part.animations.is_set);
  CHECK(!part.height.is_set);  // ::track rules stay on the track

  slider.el.state = PseudoHover;
  w.resolver.partFor(slider.el, knob, slider.cache, part);
  REQUIRE(part.animations.is_set);
  REQUIRE(part.animations.value.size() == 1);
  const AnimationRef& ref = part.animations.value[0];
  CHECK(ref.name == "knobGlow");
  CHECK(ref.duration == Approx(0.6));
  CHECK(ref.ease == TransitionFunction::EaseInOut);
  CHECK(ref.iterations == AnimationRef::kInfinite);
  CHECK(part.backgroundColor.value == css("gray"));
  CHECK(w.theme.findKeyframes(ref.name) != nullptr);

  slider.el.state = 0;  // seed §5.4: hover goes away, the rule stops matching
  w.resolver.partFor(slider.el, knob, slider.cache, part);
  CHECK(!part.animations.is_set);

  Style track;
  w.resolver.partFor(slider.el, intern("track"), slider.cache, track);
  CHECK(track.height.value == Px(4.0f));
  CHECK(!track.width.is_set);
}

TEST_CASE("partFor: longhand patches resolve into the part's list; var() uses the element's properties",
          "[style][cascade][parts]") {
  World w(R"(
    Slider { --glow: 0.25s; }
    Slider::knob { animation: pulse 1s infinite; }
    Slider:active::knob { animation-play-state: paused; animation-duration: var(--glow); }
  )");
  Node& s = w.node("Slider");
  w.resolve(s);
  s.el.state = PseudoActive;
  w.resolve(s);
  Style part;
  w.resolver.partFor(s.el, intern("knob"), s.cache, part);
  REQUIRE(part.animations.is_set);
  REQUIRE(part.animations.value.size() == 1);
  CHECK(part.animations.value[0].playState == PlayState::Paused);
  CHECK(part.animations.value[0].duration == Approx(0.25));
  CHECK(part.animationLonghands.empty());
}

TEST_CASE("partFor: a steady part is merged once and copied without allocating",
          "[style][cascade][parts][cache]") {
  World w("Slider::knob { width: 12px; animation: glow 1s infinite; } Slider:hover::knob { opacity: 0.5; }");
  Node& a = w.node("Slider");
  Node& b = w.node("Slider");
  const Atom knob = intern("knob");
  Style part;
  w.resolver.partFor(a.el, knob, a.cache, part);
  w.resolver.partFor(b.el, knob, b.cache, part);  // the same key and mask: shared
  CHECK(w.resolver.stats().partMerges == 1);
  a.el.state = PseudoHover;
  w.resolver.partFor(a.el, knob, a.cache, part);
  CHECK(part.opacity.value == Approx(0.5f));
  a.el.state = 0;
  w.resolver.partFor(a.el, knob, a.cache, part);
  CHECK(w.resolver.stats().partMerges == 2);
  CHECK(zenit::test::allocationsIn([&] {
          for (int i = 0; i < 5; ++i) {
            a.el.state = static_cast<std::uint8_t>(i % 2 ? PseudoHover : 0);
            w.resolver.partFor(a.el, knob, a.cache, part);
          }
        }) == 0);
  CHECK(w.resolver.stats().partMerges == 2);
  REQUIRE(part.animations.is_set);
  CHECK(part.animations.value[0].name == "glow");
}

// ---------------------------------------------------------------------------
// [SECTION] Inheritance and em
// ---------------------------------------------------------------------------

TEST_CASE("cascade: color, font-size, visibility and text-align inherit; other rows do not",
          "[style][cascade]") {
  World w(R"(
    .root { color: red; font-size: 20px; visibility: hidden; text-align: center;
            background-color: blue; opacity: 0.5; padding: 3px; }
    .kid  { text-align: right; }
  )");
  Node& root = w.node("Box", {"root"});
  Node& child = w.node("Box", {}, &root);
  Node& kid = w.node("Box", {"kid"}, &child);
  const ComputedStyle& c = w.style(child);
  CHECK(c.color == css("red"));
  CHECK(c.fontSize == Px(20.0f));
  CHECK(c.visibility == Visibility::Hidden);
  CHECK(c.textAlign == TextAlign::Center);
  CHECK(c.backgroundColor == Color::transparent());
  CHECK(c.opacity == Approx(1.0f));
  CHECK(c.padding.top == Px(0.0f));
  const ComputedStyle& k = w.style(kid);  // through two levels
  CHECK(k.color == css("red"));
  CHECK(k.textAlign == TextAlign::Right);

  Node& orphan = w.node("Box");  // the root of its own tree: initial values
  CHECK(w.style(orphan).color == Color::black());
  CHECK(orphan.style.fontSize == Px(16.0f));
}

TEST_CASE("cascade: em resolves against the element's font size; font-size em and % against the parent's",
          "[style][cascade]") {
  World w(R"(
    .p   { font-size: 10px; }
    .em  { font-size: 2em; padding: 1em 2px; width: 3em; border-radius: 0.5em; }
    .pct { font-size: 150%; margin-left: 1em; }
    .rel { width: 2em; }
  )");
  Node& p = w.node("Box", {"p"});
  Node& e = w.node("Box", {"em"}, &p);
  const ComputedStyle& s = w.style(e);
  CHECK(s.fontSize == Px(20.0f));
  CHECK(s.padding.top.px == Approx(20.0f));
  CHECK(s.padding.top.em == 0.0f);
  CHECK(s.padding.right == Px(2.0f));
  CHECK(s.width == Px(60.0f));
  CHECK(s.borderRadius.topLeft == Px(10.0f));

  Node& pc = w.node("Box", {"pct"}, &p);
  CHECK(w.style(pc).fontSize == Px(15.0f));
  CHECK(pc.style.margin.left == Px(15.0f));

  Node& inherits = w.node("Box", {"rel"}, &e);  // inherited 20px font size
  CHECK(w.style(inherits).width == Px(40.0f));
  Node& root = w.node("Box", {"em"});  // root: the initial 16px
  CHECK(w.style(root).fontSize == Px(32.0f));
}

// ---------------------------------------------------------------------------
// [SECTION] Custom properties and var()
// ---------------------------------------------------------------------------

TEST_CASE(
    "cascade: var() with fallback, inheritance, and invalid at computed-value time (CSS Variables 1 §3)",
    "[style][cascade][var]") {
  QuietLog quiet;
  World w(R"(
    .root   { --accent: red; --gap: 4px; --self: var(--gap); color: purple; }
    .uses   { color: var(--accent); width: var(--gap); height: var(--missing, 7px); }
    .over   { --accent: blue; }
    .broken { opacity: 0.5; color: green; }
    .broken { opacity: var(--missing); color: var(--nope); }
    .chain  { --gap: 10px; width: var(--self); }
  )");
  Node& root = w.node("Box", {"root"});
  Node& uses = w.node("Box", {"uses"}, &root);
  const ComputedStyle& s = w.style(uses);
  CHECK(s.color == css("red"));  // inherited custom property
  CHECK(s.width == Px(4.0f));
  CHECK(s.height == Px(7.0f));  // fallback

  Node& over = w.node("Box", {"over"}, &root);
  Node& deep = w.node("Box", {"uses"}, &over);
  CHECK(w.style(deep).color == css("blue"));  // the nearest declaration wins

  // A var() that cannot be substituted makes the declaration `unset` at its
  // place in the cascade: the earlier `opacity: 0.5` does not come back.
  Node& broken = w.node("Box", {"broken"}, &root);
  w.resolve(broken);
  CHECK(broken.style.opacity == Approx(1.0f));  // not inherited: initial
  CHECK(broken.style.color == css("purple"));   // inherited: the parent's

  // --self: var(--gap) is computed where it is declared (4px), not re-read
  // against the child's own --gap.
  Node& chain = w.node("Box", {"chain"}, &root);
  CHECK(w.style(chain).width == Px(4.0f));
  REQUIRE(chain.cache.customProperties());
  CHECK(chain.cache.customProperties()->find("--gap") == std::optional<std::string_view>("10px"));
}

// ---------------------------------------------------------------------------
// [SECTION] inherit, unset and currentcolor
// ---------------------------------------------------------------------------

TEST_CASE(
    "cascade: inherit takes the parent's value of any property; unset inherits inherited ones "
    "(CSS Cascade 4 §7.3)",
    "[style][cascade][inherit]") {
  World w(R"(
    .p { background-color: rgb(10, 20, 30); padding: 7px; color: red; opacity: 0.5; }
    .c { background-color: inherit; padding: inherit; color: blue; opacity: inherit; }
    .c { color: unset; }
    .late { background-color: inherit; background-color: green; }
    .early { background-color: green; background-color: inherit; }
    .deep { width: 3px; width: inherit; }
  )");
  Node& p = w.node("Box", {"p"});
  Node& c = w.node("Box", {"c"}, &p);
  const ComputedStyle& s = w.style(c);
  CHECK(s.backgroundColor == css("rgb(10, 20, 30)"));  // not inherited by default: taken on request
  CHECK(s.padding.left == Px(7.0f));
  CHECK(s.opacity == Approx(0.5f));
  CHECK(s.color == css("red"));  // unset on an inherited row is inherit
  // Declaration order within a block decides, as for any declaration.
  CHECK(w.style(w.node("Box", {"late"}, &p)).backgroundColor == css("green"));
  CHECK(w.style(w.node("Box", {"early"}, &p)).backgroundColor == css("rgb(10, 20, 30)"));
  // At the root, inherit is the initial value.
  Node& root = w.node("Box", {"deep"});
  CHECK(w.style(root).width == Value::makeAuto());
  // A change of the parent's row reaches the child: the child's inputs changed.
  w.resolve(p);
  p.setClasses({});
  w.resolve(p);
  CHECK(p.cache.inheritedChanged());
  w.resolve(c);
  CHECK(c.style.backgroundColor == css("transparent"));
  // Also when only a row that does not inherit by itself changes: a child
  // took it with `inherit`, so the parent reports it.
  World v(
      ".q { background-color: red; } .q.on { background-color: blue; } .k { background-color: inherit; }");
  Node& q = v.node("Box", {"q"});
  Node& k = v.node("Box", {"k"}, &q);
  CHECK(v.style(k).backgroundColor == css("red"));
  q.setClasses({"q", "on"});
  v.resolve(q);
  CHECK(q.cache.inheritedChanged());
  v.resolve(k);
  CHECK(k.style.backgroundColor == css("blue"));
}

TEST_CASE("cascade: currentcolor is the element's color, inherit in color itself (CSS Color 4 §6.4)",
          "[style][cascade][currentcolor]") {
  World w(R"(
    .p { color: rgb(0, 128, 0); }
    .c { color: red; border-color: currentcolor; background-color: CurrentColor; border: 2px solid currentcolor; }
    .c.hot { color: blue; }
    .own { color: currentcolor; }
    .via { --c: currentcolor; color: rgb(1, 2, 3); background-color: var(--c); }
    .over { color: red; border-color: currentcolor; border-color: inherit; }
    .later { color: red; background-color: currentcolor; background-color: white; }
  )");
  Node& p = w.node("Box", {"p"});
  Node& c = w.node("Box", {"c"}, &p);
  CHECK(w.style(c).borderColor == css("red"));
  CHECK(c.style.backgroundColor == css("red"));
  CHECK(c.style.borderWidth == Approx(2.0f));
  // The colour follows the element's own color wherever that comes from.
  c.setClasses({"c", "hot"});
  w.resolve(c);
  CHECK(c.style.borderColor == css("blue"));
  CHECK(w.style(w.node("Box", {"own"}, &p)).color == css("rgb(0, 128, 0)"));
  CHECK(w.style(w.node("Box", {"via"}, &p)).backgroundColor == css("rgb(1, 2, 3)"));
  CHECK(w.style(w.node("Box", {"over"}, &p)).borderColor == css("black"));  // the parent's: initial black
  CHECK(w.style(w.node("Box", {"later"}, &p)).backgroundColor == css("white"));
  // Inside a function currentcolor is not supported: an error, and the
  // declaration is dropped (at parse time, or, through var(), per element).
  QuietLog quiet;
  const StyleSheet bad = parseStyleSheet(".x { background-color: color-mix(in srgb, currentcolor, blue) }");
  REQUIRE(bad.diagnostics.size() == 1);
  CHECK(bad.diagnostics[0].severity == Severity::Error);
  World v(".y { --m: color-mix(in srgb, currentcolor, blue); color: red; background-color: var(--m); }");
  CHECK(v.style(v.node("Box", {"y"})).backgroundColor == css("transparent"));
}

TEST_CASE("cascade: custom properties that refer to each other in a cycle are undefined",
          "[style][cascade][var]") {
  QuietLog quiet;
  World w(".c { --a: var(--b); --b: var(--a); --ok: 3px; width: var(--a, 9px); height: var(--ok); }");
  Node& n = w.node("Box", {"c"});
  w.resolve(n);
  CHECK(n.style.width == Px(9.0f));
  CHECK(n.style.height == Px(3.0f));
  REQUIRE(n.cache.customProperties());
  CHECK(!n.cache.customProperties()->find("--a"));
}

TEST_CASE("cascade: var() in an inline style and in inline custom properties", "[style][cascade][var]") {
  World w(".c { --w: 3px; }");
  Node& n = w.node("Box", {"c"});
  DeclarationBlock inl = parseStyleAttribute("--h: 5px; width: var(--w); height: var(--h)");
  n.el.inlineStyle = &inl;
  w.resolve(n);
  CHECK(n.style.width == Px(3.0f));
  CHECK(n.style.height == Px(5.0f));
}

TEST_CASE("cascade: var() with !important, and a failing inline var() is unset", "[style][cascade][var]") {
  QuietLog quiet;
  World w(".d { width: 1px !important; } .c { --w: 3px; width: var(--w) !important; height: 4px; }");
  Node& n = w.node("Box", {"d", "c"});
  DeclarationBlock inl = parseStyleAttribute("height: var(--nope); width: 9px");
  n.el.inlineStyle = &inl;
  w.resolve(n);
  CHECK(n.style.width == Px(3.0f));  // .c and .d tie on specificity; .c comes later
  CHECK(n.style.height.isAuto());    // inline var() failed: unset (initial), not the sheet's 4px
}

// ---------------------------------------------------------------------------
// [SECTION] Animation and transition lists
// ---------------------------------------------------------------------------

TEST_CASE(
    "cascade: an animation longhand in a later rule patches the shorthand of an earlier one (CSS Animations "
    "1 §3)",
    "[style][cascade][animation]") {
  World w(".box { animation: pulse 1s infinite; } .box:hover { animation-play-state: paused; }");
  Node& n = w.node("Box", {"box"});
  w.resolve(n);
  REQUIRE(n.style.animations.size() == 1);
  CHECK(n.style.animations[0].name == "pulse");
  CHECK(n.style.animations[0].playState == PlayState::Running);
  n.el.state = PseudoHover;
  CHECK(w.resolve(n));
  REQUIRE(n.style.animations.size() == 1);
  CHECK(n.style.animations[0].playState == PlayState::Paused);
  CHECK(n.style.animations[0].duration == Approx(1.0));
  CHECK(n.style.animations[0].iterations == AnimationRef::kInfinite);
  n.el.state = 0;
  CHECK(w.resolve(n));
  CHECK(n.style.animations[0].playState == PlayState::Running);
}

TEST_CASE("cascade: inline `animation` via applyStyleAttr starts and stops animations (seed §8.2, fixed)",
          "[style][cascade][animation]") {
  World w(".node.animating { animation: pulse 1s; }");
  Node& n = w.node("Box", {"node", "animating"});
  w.resolve(n);
  REQUIRE(n.style.animations.size() == 1);

  DeclarationBlock none = parseStyleAttribute("animation: none");
  n.el.inlineStyle = &none;
  ++n.el.inlineVersion;
  CHECK(w.resolve(n));
  // seed §8.2: the inline override now works; the computed list is CSS's `none` (one entry that runs
  // nothing).
  REQUIRE(n.style.animations.size() == 1);
  CHECK(n.style.animations[0].name.empty());

  DeclarationBlock glow = parseStyleAttribute("animation: glow 2s 3");
  n.el.inlineStyle = &glow;
  ++n.el.inlineVersion;
  w.resolve(n);
  REQUIRE(n.style.animations.size() == 1);
  CHECK(n.style.animations[0].name == "glow");
  CHECK(n.style.animations[0].iterations == Approx(3.0));

  DeclarationBlock pause = parseStyleAttribute("animation-play-state: paused");
  n.el.inlineStyle = &pause;
  ++n.el.inlineVersion;
  w.resolve(n);
  REQUIRE(n.style.animations.size() == 1);
  CHECK(n.style.animations[0].name == "pulse");
  CHECK(n.style.animations[0].playState == PlayState::Paused);

  n.setClasses({"node"});  // the class carrying it goes (seed §8.2's missing removeClass)
  n.el.inlineStyle = nullptr;
  w.resolve(n);
  CHECK(n.style.animations.empty());
}

TEST_CASE("cascade: transition lists are resolved (shorthand names expand to rows)",
          "[style][cascade][animation]") {
  World w(".t { transition: opacity 0.3s, padding 1s linear; } .t:hover { transition-duration: 2s; }");
  Node& n = w.node("Box", {"t"});
  w.resolve(n);
  REQUIRE(n.style.transitions.size() == 2);
  CHECK(n.style.transitions[0].prop == Prop::opacity);
  CHECK(n.style.transitions[0].duration == Approx(0.3));
  CHECK(n.style.transitions[1].prop == Prop::padding);
  n.el.state = PseudoHover;
  w.resolve(n);
  REQUIRE(n.style.transitions.size() == 2);
  CHECK(n.style.transitions[0].duration == Approx(2.0));
  CHECK(n.style.transitions[1].duration == Approx(2.0));
}

// ---------------------------------------------------------------------------
// [SECTION] Caches
// ---------------------------------------------------------------------------

TEST_CASE("cache: a second resolve with the same inputs does no matching and no cascade",
          "[style][cascade][cache]") {
  World w(".a { opacity: 0.5; } .a:hover { opacity: 0.8; } .p .a { width: 3px; }");
  Node& p = w.node("Box", {"p"});
  Node& n = w.node("Box", {"a"}, &p);
  w.resolve(p);
  CHECK(w.resolve(n));
  const StyleResolver::Stats before = w.resolver.stats();
  CHECK_FALSE(w.resolve(n));
  const StyleResolver::Stats after = w.resolver.stats();
  CHECK(after.matches == before.matches);
  CHECK(after.cascades == before.cascades);
  CHECK(after.unchanged == before.unchanged + 1);
  CHECK(n.style.width == Px(3.0f));

  // Hover and un-hover reuse the candidate list: no new matching.
  n.el.state = PseudoHover;
  CHECK(w.resolve(n));
  CHECK(n.style.opacity == Approx(0.8f));
  n.el.state = 0;
  CHECK(w.resolve(n));
  CHECK(n.style.opacity == Approx(0.5f));
  CHECK(w.resolver.stats().matches == before.matches);

  // Class toggles: each class set is matched once, then reused.
  n.setClasses({"a", "on"});
  w.resolve(n);
  const auto matchesAfterFirstToggle = w.resolver.stats().matches;
  for (int i = 0; i < 4; ++i) {
    n.setClasses({"a"});
    w.resolve(n);
    n.setClasses({"a", "on"});
    w.resolve(n);
  }
  CHECK(w.resolver.stats().matches == matchesAfterFirstToggle);
}

TEST_CASE("cache: nodes with the same type and classes share one match (style sharing)",
          "[style][cascade][cache]") {
  World w(".box { opacity: 0.5; } .box.on { opacity: 1; }");
  std::vector<Node*> boxes;
  for (int i = 0; i < 50; ++i) boxes.push_back(&w.node("Box", {"box"}));
  w.resolver.resetStats();
  for (Node* b : boxes) w.resolve(*b);
  CHECK(w.resolver.stats().matches == 1);
  CHECK(w.resolver.stats().cascades == 1);  // the other 49 take the first one's result
  CHECK(w.resolver.stats().shared == 49);
  for (Node* b : boxes) CHECK(b->style.opacity == Approx(0.5f));
}

TEST_CASE("cache: shared results respect the parent's inherited values and per-node inputs",
          "[style][cascade][cache]") {
  World w(".red { color: red; } .blue { color: blue; } .box { width: 2em; } .big { font-size: 20px; }");
  Node& red = w.node("Box", {"red"});
  Node& blue = w.node("Box", {"blue", "big"});
  Node& a = w.node("Box", {"box"}, &red);
  Node& b = w.node("Box", {"box"}, &blue);
  CHECK(w.style(a).color == css("red"));
  CHECK(a.style.width == Px(32.0f));
  CHECK(w.style(b).color == css("blue"));  // same key and mask, another parent: not shared
  CHECK(b.style.width == Px(40.0f));

  Node& c = w.node("Box", {"box"}, &red);
  DeclarationBlock inl = parseStyleAttribute("opacity: 0.5");
  c.el.inlineStyle = &inl;
  w.resolve(c);
  CHECK(c.style.opacity == Approx(0.5f));
  Node& d = w.node("Box", {"box"}, &red);
  w.resolve(d);
  CHECK(d.style.opacity == Approx(1.0f));  // the inline style stayed with its node
  CHECK(d.style.color == css("red"));
}

TEST_CASE("cache: steady re-resolves and warm class toggles allocate nothing", "[style][cascade][cache]") {
  World w(R"(
    .box { opacity: 0.5; padding: 1em; animation: pulse 1s infinite; transition: opacity 0.2s; }
    .box.on { opacity: 1; animation-play-state: paused; color: red; }
    .box:hover { background-color: blue; }
  )");
  Node& parent = w.node("Box");
  Node& n = w.node("Box", {"box"}, &parent);
  w.resolve(parent);
  w.resolve(n);
  CHECK(zenit::test::allocationsIn([&] {
          for (int i = 0; i < 10; ++i) w.resolve(n);
        }) == 0);

  auto toggle = [&] {
    n.setClasses({"box", "on"});
    w.resolve(n);
    n.el.state = PseudoHover;
    w.resolve(n);
    n.setClasses({"box"});
    w.resolve(n);
    n.el.state = 0;
    w.resolve(n);
  };
  toggle();  // warm: every class set and state seen once
  const std::vector<Atom> on{intern("box"), intern("on")}, off{intern("box")};
  const auto results = w.resolver.stats().cascades + w.resolver.stats().shared;
  const std::size_t allocs = zenit::test::allocationsIn([&] {
    for (int i = 0; i < 10; ++i) {
      n.el.classes = on;
      w.resolve(n);
      n.el.classes = off;
      w.resolve(n);
    }
  });
  CHECK(allocs == 0);
  // Each toggle produced a new result (computed or taken from the sharing cache).
  CHECK(w.resolver.stats().cascades + w.resolver.stats().shared == results + 20);
  CHECK(n.style.opacity == Approx(0.5f));
}

TEST_CASE("cache: a node re-resolved every frame for its inline base allocates nothing (seed §10.2)",
          "[style][cascade][cache]") {
  World w(R"(
    .box { animation: pulse 1s infinite; transition: opacity 0.2s, transform 1s; }
    .box:hover { animation-play-state: paused; transition-duration: 0.5s; }
  )");
  Node& n = w.node("Box", {"box"});
  Style base;  // what an imperative animation's setter writes through getInlineBase()
  n.el.inlineBase = &base;
  auto frame = [&](int i) {
    base.opacity = 0.01f * static_cast<float>(i % 100);
    base.translateX = Px(static_cast<float>(i));
    ++n.el.inlineVersion;
    n.el.state = static_cast<std::uint8_t>(i % 7 == 0 ? PseudoHover : 0);
    return w.resolve(n);
  };
  for (int i = 0; i < 8; ++i) frame(i);  // warm: both states seen
  const auto cascades = w.resolver.stats().cascades;
  CHECK(zenit::test::allocationsIn([&] {
          for (int i = 8; i < 60; ++i) CHECK(frame(i));
        }) == 0);
  CHECK(w.resolver.stats().cascades == cascades + 52);
  CHECK(n.style.opacity == Approx(0.59f));
  std::size_t transformRows = 0;
  for (const PropertyNameInfo& info : propertyNames())
    if (info.name == "transform") transformRows = static_cast<std::size_t>(info.sets.count());
  REQUIRE(transformRows > 1);
  CHECK(n.style.transitions.size() == 1 + transformRows);  // `transform` expands to its rows
  REQUIRE(n.style.animations.size() == 1);
  CHECK(n.style.animations[0].playState == PlayState::Running);
}

TEST_CASE("cache: resolve reports changes and what children inherit", "[style][cascade][cache]") {
  World w(".a { color: red; } .b { opacity: 0.5; }");
  Node& n = w.node("Box");
  CHECK_FALSE(w.resolve(n));  // initial values: `out` already holds them
  n.setClasses({"b"});
  CHECK(w.resolve(n));
  CHECK_FALSE(n.cache.inheritedChanged());
  n.setClasses({"a"});
  CHECK(w.resolve(n));
  CHECK(n.cache.inheritedChanged());
}

TEST_CASE("cache: changedRows names the rows the last resolve changed, and no others",
          "[style][cascade][cache]") {
  World w(".a { color: red; opacity: 0.5; } .b { opacity: 0.5; width: 4px; }");
  Node& n = w.node("Box");
  CHECK_FALSE(w.resolve(n));
  CHECK(n.cache.changedRows().empty());
  n.setClasses({"a"});
  REQUIRE(w.resolve(n));
  CHECK(n.cache.changedRows() == PropSet{PropSet::bit(Prop::color) | PropSet::bit(Prop::opacity)});
  // .a -> .b: opacity keeps its value, color goes back to initial, width is new.
  n.setClasses({"b"});
  REQUIRE(w.resolve(n));
  CHECK(n.cache.changedRows() == PropSet{PropSet::bit(Prop::color) | PropSet::bit(Prop::width)});
  CHECK_FALSE(w.resolve(n));  // nothing changed since
  CHECK(n.cache.changedRows().empty());
}

// A node that toggles between two results other nodes share compares only
// the rows where those two results differ (StyleResolver::rowsBetween).
// Every output must still be the one a node resolving from scratch gets,
// through parent changes (the shared result is computed again), results
// pushed out of their list, an inline style taking part and a theme reload.
TEST_CASE("cache: toggles between shared results give a fresh resolve's style", "[style][cascade][cache]") {
  World w(R"(
    .box { width: 10px; opacity: 0.2; transition: opacity 0.3s; }
    .on { opacity: 1; background-color: red; transition: opacity 0.3s, width 1s ease-in; }
    .big { width: 40px; animation: pulse 1s infinite; }
    .hot { color: green; font-size: 20px; }
    @keyframes pulse { to { opacity: 0.5; } }
  )");
  Node& root = w.node("Box");
  std::vector<Node*> kids;
  for (int i = 0; i < 6; ++i) kids.push_back(&w.node("Box", {"box"}, &root));
  const std::vector<std::vector<std::string_view>> sets = {
      {"box"}, {"box", "on"}, {"box", "big"}, {"box", "on", "big"}, {"on"}, {}};
  auto fresh = [&](const Node& n) {
    Node ref("Box", {}, n.parent);
    ref.classes = n.classes;
    ref.el.classes = ref.classes;
    ref.el.inlineStyle = n.el.inlineStyle;
    ref.el.inlineVersion = n.el.inlineVersion;
    ComputedStyle out;
    w.resolver.resolve(ref.el, ref.parent ? &ref.parent->style : nullptr, ref.cache, out);
    return out;
  };
  DeclarationBlock inlineStyle;
  for (int step = 0; step < 40; ++step) {
    if (step == 12) {  // the parent's inherited rows change: every shared result is computed again
      root.setClasses({"hot"});
      w.resolve(root);
    }
    if (step == 20) {  // an inline style takes part on one node (no shared result there)
      inlineStyle = parseStyleAttribute("opacity: 0.7");
      kids[2]->el.inlineStyle = &inlineStyle;
      ++kids[2]->el.inlineVersion;
    }
    if (step == 28) {
      QuietLog quiet;
      REQUIRE(w.theme
                  .reload(w.theme.sheets().front(),
                          ".box { width: 12px; opacity: 0.3; } .on { opacity: 0.9; } .big { height: 3px; }")
                  .ok());
    }
    for (std::size_t k = 0; k < kids.size(); ++k) {
      Node& n = *kids[k];
      n.setClasses(sets[(k + static_cast<std::size_t>(step) * (1 + k % 3)) % sets.size()]);
      w.resolve(n);
      INFO("step " << step << ", node " << k);
      CHECK(n.style == fresh(n));
    }
  }
  // The shortcut was taken: most resolves found the other shared result.
  CHECK(w.resolver.stats().shared > 100);
}

TEST_CASE("cache: a theme reload is seen by the next resolve", "[style][cascade][cache]") {
  World w(".a { opacity: 0.5; }");
  Node& n = w.node("Box", {"a"});
  w.resolve(n);
  CHECK(n.style.opacity == Approx(0.5f));
  QuietLog quiet;
  const SheetId id = w.theme.sheets().front();
  REQUIRE(w.theme.reload(id, ".a { opacity: 0.25; }").ok());
  CHECK(w.resolve(n));
  CHECK(n.style.opacity == Approx(0.25f));
  w.theme.unload(id);
  CHECK(w.resolve(n));
  CHECK(n.style.opacity == Approx(1.0f));
}

TEST_CASE("cache: a parent's inherited change reaches a cached child", "[style][cascade][cache]") {
  World w(".hot { color: red; }");
  Node& p = w.node("Box");
  Node& c = w.node("Box", {}, &p);
  w.style(c);
  CHECK(c.style.color == Color::black());
  p.setClasses({"hot"});
  w.resolve(p);
  CHECK(w.resolve(c));
  CHECK(c.style.color == css("red"));
}

TEST_CASE("cache: more than 64 candidate rules still cascade in order", "[style][cascade][cache]") {
  std::string sheet;
  for (int i = 0; i < 70; ++i) sheet += ".a { width: " + std::to_string(i) + "px; }\n";
  sheet += ".a:hover { height: 5px; }\n";
  World w(sheet);
  Node& n = w.node("Box", {"a"});
  w.resolve(n);
  CHECK(n.style.width == Px(69.0f));
  CHECK(n.style.height.isAuto());
  n.el.state = PseudoHover;
  CHECK(w.resolve(n));
  CHECK(n.style.height == Px(5.0f));
}

// ---------------------------------------------------------------------------
// [SECTION] Invalidation
// ---------------------------------------------------------------------------

TEST_CASE("affectsDescendants: only names and states left of a combinator", "[style][cascade][cache]") {
  World w(".menu .item { opacity: 0.5; } Panel:hover > .item { width: 1px; } .solo { height: 2px; }");
  Node& panel = w.node("Panel", {"x"});
  const Atom menu = intern("menu"), solo = intern("solo");
  CHECK(w.resolver.affectsDescendants(panel.el, std::span<const Atom>(&menu, 1), 0));
  CHECK_FALSE(w.resolver.affectsDescendants(panel.el, std::span<const Atom>(&solo, 1), 0));
  panel.el.state = PseudoHover;  // hover turned on
  CHECK(w.resolver.affectsDescendants(panel.el, {}, PseudoHover));
  CHECK_FALSE(w.resolver.affectsDescendants(panel.el, {}, PseudoFocus));
  Node& box = w.node("Box");
  box.el.state = PseudoHover;
  CHECK_FALSE(w.resolver.affectsDescendants(box.el, {}, PseudoHover));  // `Panel:hover` cannot match a Box
}

TEST_CASE("affectsLaterSiblings: only names and states left of `+` or `~`", "[style][cascade][cache]") {
  World w(".menu + .item { opacity: 0.5; } Panel:hover ~ .item { width: 1px; } .tree .leaf { height: 2px; }");
  Node& panel = w.node("Panel", {"x"});
  const Atom menu = intern("menu"), tree = intern("tree"), item = intern("item");
  CHECK(w.resolver.affectsLaterSiblings(panel.el, std::span<const Atom>(&menu, 1), 0));
  CHECK_FALSE(w.resolver.affectsLaterSiblings(panel.el, std::span<const Atom>(&item, 1), 0));  // right of it
  CHECK_FALSE(w.resolver.affectsLaterSiblings(panel.el, std::span<const Atom>(&tree, 1), 0));  // left of ` `
  CHECK(w.resolver.affectsDescendants(panel.el, std::span<const Atom>(&tree, 1), 0));
  CHECK_FALSE(w.resolver.affectsDescendants(panel.el, std::span<const Atom>(&menu, 1), 0));
  panel.el.state = PseudoHover;
  CHECK(w.resolver.affectsLaterSiblings(panel.el, {}, PseudoHover));
  CHECK_FALSE(w.resolver.affectsDescendants(panel.el, {}, PseudoHover));
  Node& box = w.node("Box");
  box.el.state = PseudoHover;
  CHECK_FALSE(w.resolver.affectsLaterSiblings(box.el, {}, PseudoHover));  // `Panel:hover` cannot match a Box
}

// ---------------------------------------------------------------------------
// [SECTION] Shared transition lists (lastTransitions)
// ---------------------------------------------------------------------------

TEST_CASE("lastTransitions: the list the output's transitions equal, one for the nodes that share it",
          "[style][cascade][cache]") {
  World w(R"(
.fade { opacity: 0.2; transition: opacity 0.3s, transform 0.2s ease-in-out; }
.on { opacity: 1; }
.slow { transition: opacity 2s; }
)");
  Node& a = w.node("Box", {"fade"});
  Node& b = w.node("Box", {"fade"});
  Node& c = w.node("Box", {"fade", "slow"});
  REQUIRE(w.resolve(a));
  const TransitionList* first = w.resolver.lastTransitions();
  REQUIRE(first != nullptr);
  CHECK(*first == a.style.transitions);
  CHECK(first != &a.style.transitions);  // not the node's own copy
  REQUIRE(w.resolve(b));
  CHECK(w.resolver.lastTransitions() == first);  // the same list: b shares a's result
  REQUIRE(w.resolve(c));
  REQUIRE(w.resolver.lastTransitions() != nullptr);
  CHECK(*w.resolver.lastTransitions() == c.style.transitions);
  CHECK_FALSE(*w.resolver.lastTransitions() == a.style.transitions);
  CHECK_FALSE(w.resolve(c));  // unchanged: nothing written
  CHECK(w.resolver.lastTransitions() == nullptr);
  a.setClasses({"fade", "on"});  // a class toggle: another shared result, the same list
  REQUIRE(w.resolve(a));
  REQUIRE(w.resolver.lastTransitions() != nullptr);
  CHECK(*w.resolver.lastTransitions() == a.style.transitions);
  b.setClasses({"slow"});  // the other list
  REQUIRE(w.resolve(b));
  REQUIRE(w.resolver.lastTransitions() != nullptr);
  CHECK(*w.resolver.lastTransitions() == b.style.transitions);
}
