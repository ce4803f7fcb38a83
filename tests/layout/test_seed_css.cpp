// The CSS channels on a live tree: node CSS animations (seed §4), part CSS
// animations (§5), the dirty system (§6), removing and re-adding (§8.2) and
// the §11 pitfalls that concern stylesheets.
//
// [SECTION] §4 node CSS animations
// [SECTION] §4.5 draw: animated leaves folded into one rectangle
// [SECTION] §5 part CSS animations
// [SECTION] §6 dirty system
// [SECTION] §8.2 removing and re-adding CSS animations
// [SECTION] §11 pitfalls
#include "layout/anim_scene.hpp"

#include "anim/steady/Record.hpp"

#include <zenit/detail/LayoutProbe.hpp>

#include <zenit/core/Lerp.hpp>
#include <zenit/render/SoftwareRenderer.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include <string>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::cssAnim;
using zenit::test::cssCount;
using zenit::test::LogCapture;
using zenit::test::renderedOpacity;
using zenit::test::Scene;

constexpr std::string_view kSheet = R"(
@keyframes fade { from { opacity: 0.2; } to { opacity: 0.8; } }
@keyframes grow { from { width: 100px; translate: 0px; } to { width: 300px; translate: 200px; } }
.box { width: 100px; height: 100px; background-color: #808080; }
.fade { animation: fade 1s linear; }
.fadeFwd { animation: fade 1s linear forwards; }
.fadeLoop { animation: fade 1s linear infinite; }
.grow { animation: grow 1s linear forwards; }
)";

// fade's value at progress p.
float fadeAt(double p) { return 0.2f + 0.6f * static_cast<float>(p); }

// The first rectangle command of a draw list (the first node's background).
const DrawCmd* firstRect(const DrawList& list) {
  for (const DrawCmd& c : list.commands())
    if (c.op == DrawOp::Rect) return &c;
  return nullptr;
}

// A widget that draws one part, "knob", through partStyle (seed §5).
class KnobWidget : public Layout {
 public:
  explicit KnobWidget(std::string_view type = "Slider") : Layout(type) { declarePart("knob"); }
  bool drawKnob{true};  // false: renderContent skips the part (as Checkbox skips ::mark)
  mutable int knobDraws{0};
  mutable Style knob;  // the part style of the last draw (a copy)

 protected:
  void renderContent(DrawList& /*list*/, const RenderContext& /*ctx*/) const override {
    if (!drawKnob) return;
    ++knobDraws;
    knob = partStyle("knob");
  }
};

// The part's animation instances as they are now (seed §5.2).
std::vector<ActiveCssAnimation> partAnims(const Layout& n, std::string_view part) {
  std::vector<ActiveCssAnimation> out;
  const AnimationPlayer* p = n.animationPlayer();
  if (!p) return out;
  const Atom a = intern(part);
  for (std::size_t i = 0; i < p->partAnimationCount(a); ++i) out.push_back(p->partAnimation(a, i));
  return out;
}

// ---------------------------------------------------------------------------
// [SECTION] §4 node CSS animations
// ---------------------------------------------------------------------------

TEST_CASE("syncCss: a new animation starts from the target style while the transition lags (seed §4.1)",
          "[layout][seed][css]") {
  Scene s(std::string(kSheet) + R"(
    .box { transition: background-color 1s linear; }
    .on { background-color: #ff0000; animation: fade 1s linear; }
  )");
  Layout& box = s.add({"box"});
  s.frame(0.0);
  box.addClass("on");
  s.frame(0.25);
  const std::optional<ActiveCssAnimation> a = cssAnim(box, "fade");
  REQUIRE(a);
  CHECK(a->elapsed == Approx(0.25));  // created this frame (elapsed 0), then ticked by dt (seed §7.1)
  CHECK(a->startTime == Approx(0.25));
  CHECK(box.getTargetStyle().backgroundColor == Color{1, 0, 0, 1});
  CHECK_FALSE(box.getStyle().backgroundColor == Color{1, 0, 0, 1});  // still transitioning
  CHECK(box.inTransition());
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.25)));
}

TEST_CASE("tickIncremental: elapsed += dt, so a dropped frame advances further (seed §2.2, §4.2)",
          "[layout][seed][css]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "fadeLoop"});
  s.frame(0.0625);
  s.frame(0.0625);
  REQUIRE(cssAnim(box, "fade").has_value());
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.125));
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.125)));
  s.frame(0.25);  // a long frame
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.375));
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.375)));
  // Node animations follow the dt handed to update, not the clock.
  UIContext::get().advance(10.0);
  s.frame(0.125);
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.5));
}

TEST_CASE("fill forwards: the last keyframe's value is held after the end (seed §4.4)",
          "[layout][seed][css]") {
  Scene s(kSheet);
  Layout& held = s.add({"box", "fadeFwd"});
  Layout& snapped = s.add({"box", "fade"});
  s.frames(6, 0.25);
  CHECK(renderedOpacity(held) == Approx(0.8f));
  CHECK(held.getStyle().opacity == 1.0f);
  CHECK(renderedOpacity(snapped) == 1.0f);  // fill none: back to the base
  s.frames(4, 0.25);
  CHECK(renderedOpacity(held) == Approx(0.8f));
}

TEST_CASE(
    "overlay at draw: getStyle, hit-testing and layout see un-animated values — renderedStyle and draw see "
    "the animation (seed §4.5, §11)",
    "[layout][seed][css]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "grow"});
  s.frame(0.5);  // width 200px, translated by 100px
  const ComputedStyle drawn = box.renderedStyle();
  CHECK(drawn.width.px == Approx(200.0f));
  CHECK(drawn.translateX.px == Approx(100.0f));
  CHECK(box.getStyle().width.px == 100.0f);
  CHECK(box.getStyle().translateX.px == 0.0f);
  CHECK(box.box.rect.width == 100.0f);  // layout
  CHECK(box.hitTest(50, 50) == &box);
  CHECK(box.hitTest(250, 50) == nullptr);  // inside the drawn box only
  const DrawCmd* r = firstRect(s.list);
  REQUIRE(r != nullptr);
  CHECK(r->rect.rect.w == Approx(200.0f));
  // The drawn box is translated (in its position or its state's transform).
  CHECK(s.list.stateOf(*r).transform.apply(Vec2{r->rect.rect.x, r->rect.rect.y}).x == Approx(100.0f));
}

// ---------------------------------------------------------------------------
// [SECTION] §4.5 draw: animated leaves folded into one rectangle
// ---------------------------------------------------------------------------

TEST_CASE(
    "draw: an animated plain leaf records one rectangle, its opacity folded into the colour and its "
    "translation into the position; the pixels match the grouped form (seed §4.5)",
    "[layout][draw][fast]") {
  Scene s(R"(
@keyframes slide { from { opacity: 0.2; translate: 0px; } to { opacity: 0.8; translate: 40px; } }
.leaf { width: 20px; height: 10px; background-color: #3366cc; animation: slide 1s linear forwards; }
)");
  Layout& leaf = s.add({"leaf"});
  s.frame(0.5);  // opacity 0.5, translated by 20px
  const Color blue = Rgba8{0x33, 0x66, 0xcc, 255}.toColor();
  REQUIRE(s.list.size() == 1);  // no transform or opacity state opened around it
  const DrawCmd& c = s.list.commands()[0];
  REQUIRE(c.op == DrawOp::Rect);
  CHECK(c.state == 0);
  CHECK(c.rect.rect.x == Approx(leaf.box.rect.x + 20.0f));
  CHECK(c.rect.rect.y == Approx(leaf.box.rect.y));
  CHECK(c.rect.fill.a == Rgba8::from(Color{0, 0, 0, 0.5f}).a);
  CHECK(c.rect.fill.b == 0xcc);

  // The general form: the same rectangle inside a translation and an opacity group.
  DrawList grouped;
  grouped.pushTransform(Affine2D{1.0f, 0.0f, 0.0f, 1.0f, leaf.box.rect.x + 20.0f, leaf.box.rect.y});
  grouped.pushOpacity(0.5f);
  grouped.rect(RectF{0, 0, 20, 10}, blue);
  grouped.popOpacity();
  grouped.popTransform();
  SoftwareRenderer fast(64, 16, SoftwareRendererOptions{.clearColor = Color::white()});
  SoftwareRenderer slow(64, 16, SoftwareRendererOptions{.clearColor = Color::white()});
  fast.render(s.list);
  slow.render(grouped);
  int worst = 0;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 64; ++x) {
      const Rgba8 a = fast.pixel(x, y), b = slow.pixel(x, y);
      worst = std::max(
          {worst, std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b), std::abs(a.a - b.a)});
    }
  CHECK(worst <= 1);  // 8-bit rounding of the folded alpha, nothing more
  CHECK(fast.pixel(static_cast<int>(leaf.box.rect.x) + 25, 5) != Rgba8{255, 255, 255, 255});  // it drew
}

// How many commands of kind `op` a list holds.
std::size_t countOf(const DrawList& list, DrawOp op) {
  return static_cast<std::size_t>(std::count_if(list.commands().begin(), list.commands().end(),
                                                [op](const DrawCmd& c) { return c.op == op; }));
}

TEST_CASE(
    "draw: a leaf under `transform: translateX()` keyframes folds its translation and opacity, rotation and "
    "scale being held at the identity (seed §4.5)",
    "[layout][draw][fast]") {
  Scene s(R"(
@keyframes pulse { 0% { opacity: 0.2; transform: translateX(0px); } 50% { opacity: 1; transform: translateX(30px); }
                   100% { opacity: 0.2; transform: translateX(0px); } }
.leaf { width: 10px; height: 10px; background-color: #f00; animation: pulse 1s linear infinite; }
)");
  Layout& leaf = s.add({"leaf"});
  s.frame(0.0);
  REQUIRE(leaf.animationPlayer() != nullptr);
  // transform: writes rotation and scale too, as constants at the identity.
  CHECK(leaf.animationPlayer()->overlaid().test(Prop::rotate));
  CHECK(leaf.animationPlayer()->overlaid().test(Prop::scaleX));
  CHECK(leaf.animationPlayer()->holdsIdentityLinear());
  // Steady frames (the lane), then one at progress 0.25: opacity 0.6, 15px.
  s.frames(3, 0.05);
  s.frame(0.1);
  REQUIRE(s.list.size() == 1);
  const DrawCmd& c = s.list.commands()[0];
  REQUIRE(c.op == DrawOp::Rect);
  CHECK(c.state == 0);
  CHECK(c.rect.rect.x == Approx(leaf.box.rect.x + 15.0f));
  CHECK(c.rect.rect.y == leaf.box.rect.y);
  CHECK(c.rect.rect.w == 10.0f);
  CHECK(c.rect.fill == Rgba8{255, 0, 0, Rgba8::channel(leaf.renderedStyle().opacity)});
  CHECK(leaf.renderedStyle().opacity == Approx(0.6f));
}

TEST_CASE("draw: a rotation that varies, is held off the identity, or is in the base style is not folded",
          "[layout][draw][fast]") {
  Scene s(R"(
@keyframes spin { 0%, 50% { rotate: 0deg; opacity: 0.5; } 100% { rotate: 90deg; opacity: 0.5; } }
@keyframes tilted { from { opacity: 0.2; transform: translateX(0px) rotate(45deg); }
                    to { opacity: 0.8; transform: translateX(20px) rotate(45deg); } }
@keyframes fade { from { opacity: 0.2; } to { opacity: 0.8; } }
.a { width: 10px; height: 10px; background-color: #f00; }
.spin { animation: spin 1s linear infinite; }
.tilted { animation: tilted 1s linear infinite; }
.based { rotate: 10deg; animation: fade 1s linear infinite; }
)");
  SECTION("a varying rotation, at the identity when the overlay was composed") {
    Layout& n = s.add({"a", "spin"});
    s.frames(3, 0.1);  // rotate 0deg until 50%, but a varying track
    CHECK(n.renderedStyle().rotate == 0.0f);
    CHECK(detail::LayoutProbe::listed(n));
    CHECK_FALSE(n.animationPlayer()->holdsIdentityLinear());
    s.frames(4, 0.1);  // steady frames past 50%: 36deg
    CHECK(detail::LayoutProbe::listed(n));
    CHECK(n.renderedStyle().rotate == Approx(36.0f));
    CHECK(countOf(s.list, DrawOp::PushTransform) == 1);
  }
  SECTION("a constant rotation off the identity") {
    s.add({"a", "tilted"});
    s.frames(3, 0.1);
    CHECK(countOf(s.list, DrawOp::PushTransform) == 1);
    CHECK(countOf(s.list, DrawOp::PushOpacity) == 1);
  }
  SECTION("a rotated base style") {
    s.add({"a", "based"});
    s.frames(3, 0.1);
    CHECK(countOf(s.list, DrawOp::PushTransform) == 1);
  }
  SECTION("a node with a child") {
    Layout& parent = s.add({"a"});
    parent.applyStyleAttr("animation: fade 1s linear infinite");
    s.add({"a"}, &parent);
    s.frames(3, 0.1);
    CHECK(countOf(s.list, DrawOp::PushOpacity) == 1);  // the group keeps parent and child together
    CHECK(countOf(s.list, DrawOp::Rect) == 2);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] §5 part CSS animations
// ---------------------------------------------------------------------------

constexpr std::string_view kParts = R"(
@keyframes knobFade { from { opacity: 0; } to { opacity: 1; } }
Slider { width: 100px; height: 40px; }
Slider::knob { animation: knobFade 1s linear infinite; }
)";

TEST_CASE("partStyle: part animations sync, tick and overlay while the widget draws (seed §5.1, §5.2)",
          "[layout][seed][parts]") {
  Scene s(kParts);
  auto& w = s.add<KnobWidget>({});
  s.frame(0.25);  // first draw at t = 0.25: the instance starts now
  const std::vector<ActiveCssAnimation> anims = partAnims(w, "knob");
  REQUIRE(anims.size() == 1);
  CHECK(anims[0].startTime == Approx(0.25));
  CHECK(w.knob.opacity.value == Approx(0.0f));
  s.frame(0.25);
  CHECK(w.knob.opacity.value == Approx(0.25f));
  CHECK(w.getStyle().opacity == 1.0f);  // the node itself is not animated
}

// Found by the layout fuzz target (fuzz/corpus/layout/crash-d10c88d5…): a
// part animating a keyframes definition made in code with an infinite
// width is NaN between its keys; the Debug check that the part's lane
// program agrees with its evaluation called the two NaNs different.
TEST_CASE("a part animation of a non-finite code-made keyframe steps on: lane and evaluation agree on NaN",
          "[layout][parts][steady]") {
  Scene s("Slider { width: 100px; height: 40px; }\nSlider::knob { animation: wide 1s linear infinite; }");
  KeyframeAnimation k;
  k.name = "wide";
  Keyframe from;
  from.t = 0.0f;
  from.delta.width = Px(std::numeric_limits<float>::infinity());
  Keyframe to;
  to.t = 1.0f;
  to.delta.width = Px(1e-9f);
  k.keyframes = {from, to};
  REQUIRE(Theme::get().addKeyframes(std::move(k)) != SheetId::None);
  auto& w = s.add<KnobWidget>({});
  s.frames(12, 0.05);  // into the steady step, which checks in Debug builds
  REQUIRE(w.knob.width.is_set);
  CHECK(std::isnan(w.knob.width.value.px));
}

TEST_CASE("tickAbsolute: a part catches up after skipped draws — node animations do not (seed §2.3, §5.3)",
          "[layout][seed][parts]") {
  Scene s(std::string(kParts) + ".fadeLoop { animation: knobFade 1s linear infinite; }");
  auto& w = s.add<KnobWidget>({"fadeLoop"});
  s.frame(0.125);
  CHECK(w.knob.opacity.value == Approx(0.0f));
  w.drawKnob = false;
  s.frames(3, 0.125);
  w.drawKnob = true;
  s.frame(0.125);
  CHECK(w.knob.opacity.value == Approx(0.5f));  // now - startTime, not the draws it saw
  // The clock jumps without an update: the part follows the clock, the node does not.
  UIContext::get().advance(0.25);
  s.frame(0.0);
  CHECK(w.knob.opacity.value == Approx(0.75f));
  CHECK(cssAnim(w, "knobFade")->elapsed == Approx(0.625));
}

TEST_CASE("part events reach the handler in the update that reports them, a node animation running too",
          "[layout][parts][steady]") {
  Scene s(R"(
@keyframes knobFade { from { opacity: 0; } to { opacity: 1; } }
@keyframes fade { from { opacity: 0.2; } to { opacity: 0.8; } }
Slider { width: 100px; height: 40px; animation: fade 1s linear infinite; }
Slider::knob { animation: knobFade 0.25s linear 2; }
)");
  auto& w = s.add<KnobWidget>({});
  std::vector<std::pair<AnimationEventType, std::string>> seen;
  w.onAnimationEvent = [&seen](const AnimationEvent& e) { seen.emplace_back(e.type, std::string(e.part)); };
  const auto count = [&seen](AnimationEventType t, std::string_view part) {
    return std::count_if(seen.begin(), seen.end(),
                         [&](const auto& e) { return e.first == t && e.second == part; });
  };
  s.frame(0.1);  // both start: the knob's instance is made by this update, which reports its start
  CHECK(count(AnimationEventType::Start, "knob") == 1);
  CHECK(count(AnimationEventType::Start, "") == 1);
  s.frames(3, 0.1);  // t = 0.4: the knob's first 0.25 s iteration ended at 0.35
  CHECK(count(AnimationEventType::Iteration, "knob") == 1);
  s.frames(2, 0.1);  // t = 0.6: its second, and last, ended at 0.6
  CHECK(count(AnimationEventType::End, "knob") == 1);
  CHECK(detail::LayoutProbe::listed(w));  // the node's own animation goes on, stepped from the list
  s.frames(3, 0.1);
  CHECK(count(AnimationEventType::Start, "knob") == 1);
  CHECK(count(AnimationEventType::Iteration, "knob") == 1);
  CHECK(count(AnimationEventType::End, "knob") == 1);
  CHECK(count(AnimationEventType::Start, "") == 1);  // the node's own, once
  CHECK(w.animationPlayer()->pendingEvents().empty());
}

TEST_CASE("knobGlow: the seed's Slider:hover::knob example, verbatim (seed §5.4)", "[layout][seed][parts]") {
  Scene s(R"(
@keyframes knobGlow {
    0%   { color: #d6ff32; }
    50%  { color: #ffffff; }
    100% { color: #d6ff32; }
}

Slider:hover::knob {
    animation: knobGlow 0.6s ease-in-out infinite;
}
Slider { width: 100px; height: 40px; }
)");
  auto& slider = s.add<KnobWidget>({});
  REQUIRE(slider.typeName() == "Slider");
  const Color lime = *parseColor("#d6ff32");
  const Color white = *parseColor("#ffffff");
  auto near = [](const Color& a, const Color& b) {
    return a.r == Approx(b.r).margin(2e-3) && a.g == Approx(b.g).margin(2e-3) &&
           a.b == Approx(b.b).margin(2e-3);
  };

  s.frame(0.15);
  CHECK_FALSE(slider.knob.color.is_set);  // not hovered: no rule, no animation
  s.move(50, 20);
  s.frame(0.15);  // :hover on this frame; the first draw creates the instance (elapsed 0)
  REQUIRE(slider.isHovered());
  REQUIRE(slider.knob.color.is_set);
  CHECK(near(slider.knob.color.value, lime));
  s.frame(0.15);  // local 0.25: half-way through the first segment, eased per segment
  CHECK(near(slider.knob.color.value, lerpProp(lime, white, getRatio(0.5f, TransitionFunction::EaseInOut))));
  s.frame(0.15);  // 50%
  CHECK(near(slider.knob.color.value, white));
  s.frames(2, 0.15);  // 100% = the next iteration's 0%
  CHECK(near(slider.knob.color.value, lime));
  CHECK(slider.hasActiveAnimations());

  s.move(500, 500);  // :hover goes away: the rule stops matching, the instance is removed
  s.frame(0.15);
  CHECK_FALSE(slider.knob.color.is_set);
  CHECK(partAnims(slider, "knob").empty());
  CHECK_FALSE(slider.hasActiveAnimations());
}

TEST_CASE("animation-play-state: paused freezes a part animation — running resumes from the held time",
          "[layout][css][parts][playstate]") {
  Scene s(std::string(kParts) + "Slider.hold::knob { animation-play-state: paused; }");
  auto& w = s.add<KnobWidget>({});
  s.frame(0.25);
  s.frame(0.25);
  REQUIRE(w.knob.opacity.value == Approx(0.25f));
  w.addClass("hold");
  s.frames(4, 0.25);
  CHECK(w.knob.opacity.value == Approx(0.25f));
  w.removeClass("hold");
  s.frame(0.25);
  CHECK(w.knob.opacity.value == Approx(0.5f));
}

// ---------------------------------------------------------------------------
// [SECTION] §6 dirty system
// ---------------------------------------------------------------------------

TEST_CASE("dirty system: a CSS keyframe animation alone never re-resolves the style (seed §6)",
          "[layout][seed][css]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "fadeLoop"});
  s.frames(3, 0.125);
  const std::uint64_t before = s.resolves();
  const float o1 = renderedOpacity(box);
  s.frames(3, 0.125);
  CHECK(s.resolves() == before);
  CHECK(renderedOpacity(box) != o1);
  CHECK(s.root.needsUpdate());  // the animation keeps the tree ticking
}

TEST_CASE("static tree: once settled, needsUpdate() is false and a frame does nothing (seed §6)",
          "[layout][seed]") {
  Scene s(std::string(kSheet) + ".box:hover { background-color: #ff0000; }");
  for (int i = 0; i < 5; ++i) {
    Layout& row = s.add({"box"});
    for (int j = 0; j < 5; ++j) s.add({"box"}, &row);
  }
  s.frames(3, 1.0 / 60.0);
  CHECK_FALSE(s.root.needsUpdate());
  const std::uint64_t before = s.resolves();
  const auto cascades = UIContext::get().resolver().stats().cascades;
  s.frames(10, 1.0 / 60.0);
  CHECK(s.resolves() == before);
  CHECK(UIContext::get().resolver().stats().cascades == cascades);
  CHECK_FALSE(s.root.needsUpdate());
  // Input wakes exactly what it touches, then the tree settles again.
  s.move(50, 50);
  CHECK(s.root.needsUpdate());
  s.frames(2, 1.0 / 60.0);
  CHECK_FALSE(s.root.needsUpdate());
}

TEST_CASE("a finished forwards animation keeps its value but is no longer active: the app loop may idle",
          "[layout][css][fill]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "fadeFwd"});
  int done = 0;
  box.onAnimationsFinished = [&] { ++done; };
  s.frames(3, 0.25);
  CHECK(s.root.needsUpdate());
  CHECK(box.hasActiveAnimations());
  s.frame(0.25);  // ends
  CHECK(done == 1);
  CHECK_FALSE(box.hasActiveAnimations());
  s.frame(0.25);
  CHECK_FALSE(s.root.needsUpdate());
  CHECK(renderedOpacity(box) == Approx(0.8f));
  REQUIRE(cssAnim(box, "fade").has_value());
  CHECK(cssAnim(box, "fade")->finished);
}

// ---------------------------------------------------------------------------
// [SECTION] §8.2 removing and re-adding CSS animations
// ---------------------------------------------------------------------------

TEST_CASE("removeClass stops the CSS animation it carried — adding it again restarts it (seed §8.2)",
          "[layout][seed][css]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "fadeLoop"});
  s.frames(3, 0.25);
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.75));
  REQUIRE(box.removeClass("fadeLoop"));
  CHECK_FALSE(box.hasClass("fadeLoop"));
  s.frame(0.25);
  CHECK(cssCount(box) == 0);
  CHECK(renderedOpacity(box) == 1.0f);
  REQUIRE(box.addClass("fadeLoop"));
  s.frame(0.25);
  REQUIRE(cssAnim(box, "fade").has_value());
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.25));  // a fresh instance
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.25)));
  CHECK_FALSE(box.removeClass("nope"));
}

TEST_CASE("toggleClass between two frames is one style change: the animation keeps running (seed §8.2, §11)",
          "[layout][seed][css]") {
  Scene s(kSheet);
  Layout& box = s.add({"box", "fadeLoop"});
  s.frames(2, 0.25);
  CHECK_FALSE(box.toggleClass("fadeLoop"));
  CHECK(box.toggleClass("fadeLoop"));
  s.frame(0.25);
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.75));
}

TEST_CASE("class changes by Atom do what the string forms do", "[layout][css]") {
  Scene s(kSheet);
  Layout& box = s.add({"box"});
  s.frame(0.25);
  const Atom loop = intern("fadeLoop");
  CHECK_FALSE(box.hasClass(loop));
  CHECK(box.addClass(loop));
  CHECK_FALSE(box.addClass(loop));  // already there
  CHECK(box.hasClass("fadeLoop"));
  s.frame(0.25);
  REQUIRE(cssAnim(box, "fade").has_value());
  CHECK_FALSE(box.toggleClass(loop));  // removed: the animation stops at the next frame
  s.frame(0.25);
  CHECK(!cssAnim(box, "fade"));
  CHECK(box.toggleClass(loop));
  CHECK(box.removeClass(loop));
  CHECK_FALSE(box.removeClass(loop));
  CHECK_FALSE(box.addClass(Atom::None));  // no class
  CHECK_FALSE(box.toggleClass(Atom::None));
  CHECK_FALSE(box.toggleClass(""));  // the string form agrees
  CHECK_FALSE(box.hasClass(Atom::None));
  CHECK(box.classes().size() == 1);  // "box"
}

TEST_CASE("applyStyleAttr: an inline `animation:` runs, and clearing it stops it (seed §8.2)",
          "[layout][seed][css]") {
  Scene s(kSheet);
  Layout& box = s.add({"box"});
  s.frame(0.0);
  const std::vector<Diagnostic> diags =
      box.applyStyleAttr("animation: fade 1s linear infinite; opacity: 0.5");
  CHECK(diags.empty());
  s.frame(0.25);
  REQUIRE(cssAnim(box, "fade").has_value());
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.25)));
  CHECK(box.getStyle().opacity == Approx(0.5f));
  box.applyStyleAttr("animation: none");
  s.frame(0.25);
  CHECK(cssCount(box) == 0);
  CHECK(renderedOpacity(box) == 1.0f);
  // An inline animation overrides the rules' one.
  box.addClass("fadeLoop");
  box.applyStyleAttr("animation: grow 1s linear");
  s.frame(0.25);
  CHECK(!cssAnim(box, "fade"));
  CHECK(cssAnim(box, "grow").has_value());
}

// ---------------------------------------------------------------------------
// [SECTION] §11 pitfalls
// ---------------------------------------------------------------------------

TEST_CASE("re-entering :hover after at least one frame away restarts the animation from 0 (seed §11)",
          "[layout][seed][css][hover]") {
  Scene s(std::string(kSheet) + ".box:hover { animation: fade 1s linear infinite; }");
  Layout& box = s.add({"box"});
  s.frame(0.25);
  s.move(50, 50);
  s.frames(2, 0.25);
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.5));
  s.move(500, 500);
  s.frame(0.25);  // one frame without :hover
  CHECK(cssCount(box) == 0);
  s.move(50, 50);
  s.frame(0.25);
  REQUIRE(cssAnim(box, "fade").has_value());
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.25));
}

TEST_CASE("leaving and re-entering :hover between two frames does not restart (seed §11)",
          "[layout][seed][css][hover]") {
  Scene s(std::string(kSheet) + ".box:hover { animation: fade 1s linear infinite; }");
  Layout& box = s.add({"box"});
  s.frame(0.25);
  s.move(50, 50);
  s.frames(2, 0.25);
  s.move(500, 500);
  s.move(50, 50);  // same frame: the state never changed
  s.frame(0.25);
  CHECK(cssAnim(box, "fade")->elapsed == Approx(0.75));
}

namespace {
bool hasWarning(const Theme::LoadResult& r, std::initializer_list<std::string_view> parts,
                std::uint32_t line) {
  for (const Diagnostic& d : r.diagnostics) {
    if (d.severity != Severity::Warning || d.line != line) continue;
    bool all = true;
    for (std::string_view p : parts) all = all && d.message.find(p) != std::string::npos;
    if (all) return true;
  }
  return false;
}
}  // namespace

TEST_CASE("`animate:` is a typo: the parser warns and suggests `animation` (seed §11)",
          "[layout][seed][parser]") {
  Theme::get().clear();
  LogCapture log;  // keeps the warning off stderr
  const Theme::LoadResult r = Theme::get().loadString(".a {\n  animate: fade 1s;\n}", "typo.zstyle");
  CHECK(hasWarning(r, {"animate", "did you mean", "animation"}, 2));
  CHECK(log.has(Severity::Warning, {"animate"}));
}

TEST_CASE("a second @keyframes with the same name warns and wins (seed §11)", "[layout][seed][parser]") {
  LogCapture log;
  Scene s("");
  const Theme::LoadResult r =
      Theme::get().loadString(R"(@keyframes pulse { from { opacity: 0.1; } to { opacity: 0.1; } }
@keyframes pulse { from { opacity: 0.6; } to { opacity: 0.6; } }
.box { width: 10px; height: 10px; animation: pulse 1s linear infinite; }
)");
  CHECK((hasWarning(r, {"pulse"}, 2) || hasWarning(r, {"pulse"}, 1)));
  Layout& box = s.add({"box"});
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.6f));
}

TEST_CASE("a longhand before `animation:` in the same rule warns: the shorthand resets it (seed §11)",
          "[layout][seed][parser]") {
  LogCapture log;
  Scene s("");
  const Theme::LoadResult r =
      Theme::get().loadString(R"(@keyframes fade { from { opacity: 0.2; } to { opacity: 0.8; } }
.box {
  width: 10px; height: 10px;
  animation-delay: 0.5s;
  animation: fade 1s linear;
}
)");
  CHECK(hasWarning(r, {"animation-delay"}, 4));
  Layout& box = s.add({"box"});
  s.frame(0.25);
  // The delay was reset by the shorthand: the animation runs at once.
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.25)));
}

TEST_CASE(
    "an animation-* longhand without `animation:` in its rule patches the cascaded list (seed §11, CSS wins)",
    "[layout][seed][css]") {
  // The seed ignored such a longhand with a warning; CSS cascades every
  // longhand on its own, so a state rule can change one of them.
  LogCapture log;
  Scene s(std::string(kSheet) + ".box.late { animation-delay: 0.5s; }");
  Layout& box = s.add({"box", "fadeLoop", "late"});
  s.frame(0.25);
  CHECK(renderedOpacity(box) == 1.0f);  // in the delay: no effect (fill none)
  s.frame(0.5);
  CHECK(renderedOpacity(box) == Approx(fadeAt(0.25)));
  REQUIRE(cssAnim(box, "fade").has_value());
  CHECK(cssAnim(box, "fade")->delay == Approx(0.5));
  CHECK(log.seen.empty());
}

}  // namespace
