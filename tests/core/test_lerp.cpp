// lerpProp: one overload per value type (seed §9.3), with CSS's rules where
// they differ from the seed (discrete flip at 0.5, visibility, z-index).
#include <zenit/core/Lerp.hpp>

#include "support/zenit_test.hpp"

#include <cmath>
#include <initializer_list>
#include <utility>

#include <bit>
#include <climits>
#include <cstdint>
#include <limits>

using namespace zenit;

namespace {
// Catch2 v2 resolves the shim's Approx to the vector matcher, so compare by hand.
[[maybe_unused]] bool near(float a, float b, float eps = 1e-5f) { return std::fabs(a - b) <= eps; }
}  // namespace

TEST_CASE("lerpProp: float interpolates linearly (seed §9.3) [core][lerp]") {
  CHECK(lerpProp(0.0f, 10.0f, 0.25f) == 2.5f);
  CHECK(lerpProp(10.0f, -10.0f, 0.5f) == 0.0f);
  CHECK(lerpProp(0.0f, 10.0f, 1.5f) == 15.0f);  // extrapolates; clamping is the property's business
}

TEST_CASE("lerpProp: Color interpolates premultiplied (seed §9.3) [core][lerp]") {
  const Color red{1.0f, 0.0f, 0.0f, 1.0f};
  const Color blue{0.0f, 0.0f, 1.0f, 1.0f};
  // Browser values: red -> blue, linear, at 25 / 50 / 75 %.
  CHECK(toCss(lerpProp(red, blue, 0.25f)) == "rgb(191, 0, 64)");
  CHECK(toCss(lerpProp(red, blue, 0.5f)) == "rgb(128, 0, 128)");
  CHECK(toCss(lerpProp(red, blue, 0.75f)) == "rgb(64, 0, 191)");
  // From transparent the hue is kept: half-way is red at half alpha, not dark red.
  const Color half = lerpProp(Color::transparent(), red, 0.5f);
  CHECK(near(half.r, 1.0f));
  CHECK(half.g == 0.0f);
  CHECK(near(half.a, 0.5f));
  // Unequal alphas weight each colour by its alpha: straight RGB would give 0.5 / 0.5.
  const Color m = lerpProp(red, Color{0.0f, 0.0f, 1.0f, 0.5f}, 0.5f);
  CHECK(near(m.a, 0.75f));
  CHECK(near(m.r, 2.0f / 3.0f));
  CHECK(near(m.b, 1.0f / 3.0f));
  CHECK(lerpProp(red, Color::transparent(), 1.0f) == Color::transparent());
  CHECK(lerpProp(red, blue, 0.0f) == red);
}

TEST_CASE("lerpProp: Color stays in gamut under overshoot [core][lerp]") {
  const Color a{0.2f, 0.5f, 0.9f, 0.6f};
  const Color b{0.9f, 0.1f, 0.1f, 1.0f};
  for (float t : {-1.0f, -0.3f, 1.4f, 2.0f}) {
    const Color c = lerpProp(a, b, t);
    INFO(t);
    for (float ch : {c.r, c.g, c.b, c.a}) {
      CHECK(ch >= 0.0f);
      CHECK(ch <= 1.0f);
    }
  }
  CHECK(lerpProp(a, Color::transparent(), 1.5f) == Color::transparent());  // alpha below 0
}

TEST_CASE("lerpProp: Value interpolates per unit like calc() (seed §9.3) [core][lerp]") {
  const Value v = lerpProp(Px(10.0f), Pct(50.0f), 0.5f);
  CHECK(v.px == 5.0f);
  CHECK(v.pct == 25.0f);
  CHECK(v.units == (Value::kPx | Value::kPct));
  CHECK(v.resolve(200.0f) == 55.0f);  // = lerp(10, 100) against a 200px basis
  const Value e = lerpProp(Em(1.0f), Px(20.0f), 0.25f);
  CHECK(e.em == 0.75f);
  CHECK(e.px == 5.0f);
  CHECK(lerpProp(Px(0.0f), Px(100.0f), 0.25f) == Px(25.0f));
}

TEST_CASE("lerpProp: auto/none against a length is discrete at 0.5 (seed §9.3) [core][lerp]") {
  CHECK(lerpProp(Auto(), Px(200.0f), 0.0f).isAuto());
  CHECK(lerpProp(Auto(), Px(200.0f), 0.49f).isAuto());
  CHECK(lerpProp(Auto(), Px(200.0f), 0.5f) == Px(200.0f));
  CHECK(lerpProp(Px(10.0f), Value::makeNone(), 0.499f) == Px(10.0f));
  CHECK(lerpProp(Px(10.0f), Value::makeNone(), 0.75f).isNone());
}

TEST_CASE("lerpProp: Spacing and Corners interpolate each side (seed §9.3) [core][lerp]") {
  const Spacing s = lerpProp(Spacing{Px(0.0f), Px(10.0f), Pct(20.0f), Auto()},
                             Spacing{Px(10.0f), Px(30.0f), Pct(40.0f), Px(5.0f)}, 0.5f);
  CHECK(s.top == Px(5.0f));
  CHECK(s.right == Px(20.0f));
  CHECK(s.bottom == Pct(30.0f));
  CHECK(s.left == Px(5.0f));
  const Corners c =
      lerpProp(Corners::all(Px(0.0f)), Corners{Px(4.0f), Px(8.0f), Px(12.0f), Px(16.0f)}, 0.25f);
  CHECK(c.topLeft == Px(1.0f));
  CHECK(c.topRight == Px(2.0f));
  CHECK(c.bottomRight == Px(3.0f));
  CHECK(c.bottomLeft == Px(4.0f));
}

TEST_CASE("lerpProp: Shadow pads none with a transparent shadow [core][lerp]") {
  const ShadowList none{};
  const Shadow drop{10.0f, 20.0f, 8.0f, 2.0f, Color::black(), false};
  const ShadowList mid = lerpProp(none, ShadowList{drop}, 0.5f);
  REQUIRE(mid.size() == 1);
  CHECK(mid[0].offsetX == 5.0f);
  CHECK(mid[0].offsetY == 10.0f);
  CHECK(mid[0].blur == 4.0f);
  CHECK(mid[0].spread == 1.0f);
  CHECK(near(mid[0].color.a, 0.5f));
  CHECK(mid[0].color.r == 0.0f);
  CHECK_FALSE(mid[0].inset);
  // The padding takes the other side's inset.
  Shadow inner = drop;
  inner.inset = true;
  CHECK(lerpProp(ShadowList{inner}, none, 0.5f)[0].inset);
  CHECK(lerpProp(none, none, 0.5f).empty());
  // Blur never goes negative under overshoot; offsets may.
  const ShadowList over = lerpProp(ShadowList{drop}, none, 1.5f);
  CHECK(over[0].blur == 0.0f);
  CHECK(over[0].offsetX == -5.0f);
}

TEST_CASE("lerpProp: Shadow inset against outset is discrete [core][lerp]") {
  const Shadow outer{4.0f, 4.0f, 0.0f, 0.0f, Color::black(), false};
  Shadow inner = outer;
  inner.inset = true;
  inner.offsetX = 8.0f;
  CHECK(lerpProp(ShadowList{outer}, ShadowList{inner}, 0.49f) == ShadowList{outer});
  CHECK(lerpProp(ShadowList{outer}, ShadowList{inner}, 0.5f) == ShadowList{inner});
}

TEST_CASE(
    "lerpProp: shadow lists of equal length interpolate pair by pair (CSS Backgrounds 3) [core][lerp]") {
  const ShadowList a{Shadow{0, 2, 4, 0, Color{1, 0, 0, 1}, false},
                     Shadow{0, 0, 0, 2, Color{0, 0, 1, 1}, true}};
  const ShadowList b{Shadow{4, 6, 8, 2, Color{0, 0, 1, 1}, false},
                     Shadow{2, 2, 2, 4, Color{0, 0, 1, 0}, true}};
  const ShadowList m = lerpProp(a, b, 0.25f);
  REQUIRE(m.size() == 2);
  CHECK(m[0] == Shadow{1, 3, 5, 0.5f, lerpProp(Color{1, 0, 0, 1}, Color{0, 0, 1, 1}, 0.25f), false});
  CHECK(m[1] == Shadow{0.5f, 0.5f, 0.5f, 2.5f, lerpProp(Color{0, 0, 1, 1}, Color{0, 0, 1, 0}, 0.25f), true});
  CHECK(near(m[1].color.a, 0.75f));
  CHECK(m[1].color.b == 1.0f);  // premultiplied: fading to transparent keeps the hue
}

TEST_CASE("lerpProp: a shorter shadow list is padded at its end, inset as the other's item [core][lerp]") {
  const Shadow drop{0, 4, 8, 0, Color::black(), false};
  const Shadow ring{0, 0, 0, 2, Color{0, 0, 1, 1}, true};
  const ShadowList one{Shadow{2, 2, 2, 0, Color::black(), false}};
  const ShadowList m = lerpProp(one, ShadowList{drop, ring}, 0.5f);
  REQUIRE(m.size() == 2);
  CHECK(m[0] == Shadow{1, 3, 5, 0, Color::black(), false});
  CHECK(m[1].inset);  // padded with `inset 0 0 0 0 transparent`
  CHECK(m[1].spread == 1.0f);
  CHECK(near(m[1].color.a, 0.5f));
  CHECK(m[1].color.b == 1.0f);
  // Padded the other way round, the same.
  const ShadowList r = lerpProp(ShadowList{drop, ring}, one, 0.5f);
  REQUIRE(r.size() == 2);
  CHECK(r[1].inset);
  CHECK(r[1].spread == 1.0f);
}

TEST_CASE("lerpProp: any pair differing in inset makes the whole list discrete [core][lerp]") {
  const ShadowList a{Shadow{1, 1, 0, 0, Color::black(), false}, Shadow{2, 2, 0, 0, Color::black(), false}};
  const ShadowList b{Shadow{5, 5, 0, 0, Color::black(), false}, Shadow{6, 6, 0, 0, Color::black(), true}};
  CHECK_FALSE(shadowListsInterpolate(a, b));
  CHECK(lerpProp(a, b, 0.25f) == a);
  CHECK(lerpProp(a, b, 0.49f) == a);
  CHECK(lerpProp(a, b, 0.5f) == b);
  // A pair that is padded never mismatches: the padding copies the inset.
  CHECK(shadowListsInterpolate(ShadowList{a[0]}, b));
}

TEST_CASE("lerpProp: any enum snaps at t = 0.5, CSS discrete (seed §9.3) [core][lerp]") {
  CHECK(lerpProp(Display::Flex, Display::None, 0.0f) == Display::Flex);
  CHECK(lerpProp(Display::Flex, Display::None, 0.49f) == Display::Flex);
  CHECK(lerpProp(Display::Flex, Display::None, 0.5f) == Display::None);
  CHECK(lerpProp(Justify::Center, Justify::End, 1.0f) == Justify::End);
  CHECK(lerpProp(Position::Static, Position::Absolute, -0.5f) == Position::Static);
}

TEST_CASE("lerpProp: visibility is visible for every t inside (0, 1) [core][lerp]") {
  using V = Visibility;
  CHECK(lerpProp(V::Hidden, V::Visible, 0.0f) == V::Hidden);
  CHECK(lerpProp(V::Hidden, V::Visible, 0.01f) == V::Visible);
  CHECK(lerpProp(V::Visible, V::Hidden, 0.99f) == V::Visible);
  CHECK(lerpProp(V::Visible, V::Hidden, 1.0f) == V::Hidden);
  CHECK(lerpProp(V::Visible, V::Hidden, 1.2f) == V::Hidden);  // outside: the closer end
  CHECK(lerpProp(V::Hidden, V::Visible, -0.2f) == V::Hidden);
  CHECK(lerpProp(V::Hidden, V::Hidden, 0.5f) == V::Hidden);
}

TEST_CASE("lerpProp: ZIndex rounds integers, auto is discrete (seed §9.3) [core][lerp]") {
  CHECK(lerpProp(ZIndex::of(0), ZIndex::of(10), 0.25f) == ZIndex::of(3));  // 2.5 rounds up
  CHECK(lerpProp(ZIndex::of(-5), ZIndex::of(0), 0.5f) == ZIndex::of(-2));  // -2.5 rounds towards +inf
  CHECK(lerpProp(ZIndex::of(0), ZIndex::of(10), 0.24f) == ZIndex::of(2));
  CHECK(lerpProp(ZIndex::makeAuto(), ZIndex::of(5), 0.49f).isAuto);
  CHECK(lerpProp(ZIndex::makeAuto(), ZIndex::of(5), 0.5f) == ZIndex::of(5));
  CHECK(lerpProp(ZIndex::of(INT_MIN), ZIndex::of(INT_MAX), 0.5f) == ZIndex::of(0));
  CHECK(lerpProp(ZIndex::of(INT_MIN), ZIndex::of(INT_MAX), 2.0f) == ZIndex::of(INT_MAX));
  CHECK(lerpProp(ZIndex::of(INT_MAX), ZIndex::of(INT_MIN), 2.0f) == ZIndex::of(INT_MIN));
}

TEST_CASE("lerpProp: std::string snaps at t = 0.5 (seed §9.3) [core][lerp]") {
  const std::string a = "from", b = "to";
  CHECK(lerpProp(a, b, 0.49f) == "from");
  CHECK(lerpProp(a, b, 0.5f) == "to");
}

TEST_CASE("floorExact: std::floor bit for bit [core][lerp]") {
  const auto same = [](double x) {
    return std::bit_cast<std::uint64_t>(floorExact(x)) == std::bit_cast<std::uint64_t>(std::floor(x));
  };
  const double inf = std::numeric_limits<double>::infinity();
  for (const double x : {0.0,
                         -0.0,
                         0.5,
                         -0.5,
                         1.0,
                         -1.0,
                         1.5,
                         -1.5,
                         0.9999999999999999,
                         -0.9999999999999999,
                         4503599627370495.5,
                         -4503599627370495.5,
                         4503599627370496.0,
                         -4503599627370496.0,
                         9007199254740993.0,
                         1e300,
                         -1e300,
                         inf,
                         -inf,
                         std::numeric_limits<double>::denorm_min(),
                         -std::numeric_limits<double>::denorm_min(),
                         2.0 - 1e-16,
                         3.0})
    CHECK(same(x));
  CHECK(std::isnan(floorExact(std::numeric_limits<double>::quiet_NaN())));
  // Every step of a frame clock and its halves, and a spread of magnitudes.
  std::uint64_t seed = 12345;
  int differ = 0;
  for (int i = 0; i < 200000; ++i) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    const double mag = std::ldexp(1.0, static_cast<int>(seed >> 58) - 8);  // 2^-8 .. 2^55
    const double x = (static_cast<double>(seed >> 11) / 9007199254740992.0 - 0.5) * mag;
    const double step = i / 60.0;
    differ += !same(x) + !same(step) + !same(step * 0.5) + !same(-step);
  }
  CHECK(differ == 0);
}

namespace {
// A linear gradient at `deg` with the stops (colour, position in %) given.
GradientImage linearOf(float deg, std::initializer_list<std::pair<Color, float>> stops) {
  GradientImage g;
  g.kind = GradientKind::Linear;
  g.angle = deg;
  for (const auto& [color, pct] : stops) {
    g.stops[g.count].color = color;
    g.stops[g.count].at = PxPct{0.0f, pct};
    g.positioned = static_cast<std::uint8_t>(g.positioned | (1u << g.count));
    g.pctUnits = static_cast<std::uint16_t>(g.pctUnits | (1u << g.count));
    ++g.count;
  }
  return g;
}
}  // namespace

TEST_CASE(
    "lerpProp: gradients of one kind and as many stops interpolate stop by stop (CSS Images 4) "
    "[core][lerp][gradients]") {
  const GradientImage a = linearOf(90.0f, {{Color{1, 0, 0, 1}, 0.0f}, {Color{0, 0, 1, 1}, 100.0f}});
  const GradientImage b = linearOf(180.0f, {{Color{0, 1, 0, 1}, 20.0f}, {Color{0, 0, 1, 0}, 80.0f}});
  const GradientImage mid = lerpProp(a, b, 0.5f);
  CHECK(mid.kind == GradientKind::Linear);
  CHECK(mid.angle == 135.0f);
  CHECK(mid.stops[0].at == PxPct{0.0f, 10.0f});
  CHECK(mid.stops[1].at == PxPct{0.0f, 90.0f});
  CHECK(near(mid.stops[0].color.r, 0.5f));
  CHECK(near(mid.stops[0].color.g, 0.5f));
  // Premultiplied: blue at alpha 1 to blue at alpha 0 stays blue, half transparent.
  CHECK(near(mid.stops[1].color.a, 0.5f));
  CHECK(near(mid.stops[1].color.b, 1.0f));
  // The ends are the ends (a transparent stop ends as transparent, its channels aside).
  CHECK(lerpProp(a, b, 0.0f) == a);
  const GradientImage opaque = linearOf(180.0f, {{Color{0, 1, 0, 1}, 20.0f}, {Color{1, 1, 1, 1}, 80.0f}});
  CHECK(lerpProp(a, opaque, 1.0f) == opaque);
  CHECK(lerpProp(a, b, 1.0f).stops[1].color.a == 0.0f);
}

TEST_CASE("lerpProp: gradients that differ in kind, stops or shape are discrete [core][lerp][gradients]") {
  const GradientImage a = linearOf(90.0f, {{Color{1, 0, 0, 1}, 0.0f}, {Color{0, 0, 1, 1}, 100.0f}});
  GradientImage three =
      linearOf(90.0f, {{Color{1, 0, 0, 1}, 0.0f}, {Color{0, 1, 0, 1}, 50.0f}, {Color{0, 0, 1, 1}, 100.0f}});
  CHECK(lerpProp(a, three, 0.49f) == a);
  CHECK(lerpProp(a, three, 0.5f) == three);
  GradientImage conic = a;
  conic.kind = GradientKind::Conic;
  CHECK(lerpProp(a, conic, 0.25f) == a);
  GradientImage repeating = a;
  repeating.repeating = true;
  CHECK(lerpProp(a, repeating, 0.75f) == repeating);
  GradientImage toRight = a;
  toRight.toSides = GradientImage::kRight;
  CHECK(lerpProp(a, toRight, 0.25f) == a);
  const GradientImage none{};
  CHECK(lerpProp(none, a, 0.49f).isNone());
  CHECK(lerpProp(none, a, 0.5f) == a);
  CHECK_FALSE(gradientsInterpolate(none, none));
}
