// SoftwareRenderer pixels: coverage, corners, opacity groups, transforms,
// clips, borders, shadows, text and PNG output.
#include <zenit/core/Diagnostic.hpp>
#include <zenit/render/Font.hpp>
#include <zenit/render/SoftwareRenderer.hpp>

#include "render/render_test_util.hpp"
#include "support/zenit_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

using namespace zenit;

using zenit::test::testFont;

namespace {

Affine2D translate(float x, float y) { return Affine2D::fromMat3(translation(Vec2{x, y})); }
Affine2D rotateAbout(float deg, float cx, float cy) {
  return Affine2D::fromMat3(aboutOrigin(rotation(deg), Vec2{cx, cy}));
}
Affine2D scale(float s) { return Affine2D::fromMat3(scaling(Vec2{s, s})); }

constexpr Color kRed{1, 0, 0, 1};
constexpr Color kBlue{0, 0, 1, 1};

bool near(int actual, int expected, int tolerance = 1) { return std::abs(actual - expected) <= tolerance; }
bool isWhite(Rgba8 p) { return p == Rgba8{255, 255, 255, 255}; }
bool isRed(Rgba8 p) { return p == Rgba8{255, 0, 0, 255}; }

SoftwareRenderer whiteCanvas(int w, int h) {
  return SoftwareRenderer(w, h, SoftwareRendererOptions{.clearColor = Color::white()});
}

}  // namespace

TEST_CASE("SoftwareRenderer: a red rect covers its inside, not its outside, half its edge",
          "[render][software]") {
  SoftwareRenderer sw = whiteCanvas(20, 20);
  DrawList dl;
  dl.rect(RectF{4, 4, 10.5f, 10}, kRed);  // right edge at x = 14.5: pixel 14 is half covered
  sw.render(dl);
  CHECK(isRed(sw.pixel(8, 8)));
  CHECK(isRed(sw.pixel(4, 4)));  // the first covered pixel is fully covered
  CHECK(isWhite(sw.pixel(2, 2)));
  CHECK(isWhite(sw.pixel(15, 8)));
  CHECK(isWhite(sw.pixel(8, 14)));  // bottom edge at y = 14, exclusive
  const Rgba8 edge = sw.pixel(14, 8);
  CHECK(edge.r == 255);
  CHECK(near(edge.g, 128));
  CHECK(near(edge.b, 128));
  CHECK(edge.a == 255);
  CHECK(sw.pixel(-1, 0) == Rgba8{});  // outside the framebuffer
  CHECK(sw.pixel(20, 0) == Rgba8{});
}

TEST_CASE("SoftwareRenderer: rounded corners leave the corner pixel and anti-alias the arc",
          "[render][software]") {
  SoftwareRenderer sw = whiteCanvas(40, 40);
  DrawList dl;
  dl.rect(RectF{0, 0, 40, 40}, kRed, RectStyle{.radii = Radii::all(16)});
  sw.render(dl);
  CHECK(isWhite(sw.pixel(0, 0)));  // centre 21.9 px from the arc's centre (16, 16)
  CHECK(isRed(sw.pixel(6, 6)));    // 14.1 px: inside the arc
  CHECK(isRed(sw.pixel(20, 0)));   // the straight top edge past the corner
  CHECK(isRed(sw.pixel(20, 20)));
  CHECK(isWhite(sw.pixel(39, 39)));  // every corner is rounded
  CHECK(isWhite(sw.pixel(39, 0)));
  // Pixel (4, 4): centre 0.26 px outside the arc, so partly covered.
  const Rgba8 arc = sw.pixel(4, 4);
  CHECK(arc.g > 0);
  CHECK(arc.g < 255);
}

TEST_CASE("SoftwareRenderer: opacity blends, and a group composites once", "[render][software][opacity]") {
  SECTION("a 50% white rect over black is mid grey") {
    SoftwareRenderer sw(8, 8, SoftwareRendererOptions{.clearColor = Color::black()});
    DrawList dl;
    dl.pushOpacity(0.5f);
    dl.rect(RectF{0, 0, 8, 8}, Color::white());
    dl.popOpacity();
    sw.render(dl);
    CHECK(near(sw.pixel(4, 4).r, 128));
    CHECK(sw.pixel(4, 4).a == 255);
  }
  SECTION("nested groups multiply") {
    SoftwareRenderer sw(8, 8, SoftwareRendererOptions{.clearColor = Color::black()});
    DrawList dl;
    dl.pushOpacity(0.5f);
    dl.pushOpacity(0.5f);
    dl.rect(RectF{0, 0, 8, 8}, Color::white());
    dl.popOpacity();
    dl.popOpacity();
    sw.render(dl);
    CHECK(near(sw.pixel(4, 4).r, 64));
  }
  SECTION("overlapping children of a group do not show through each other") {
    SoftwareRenderer sw = whiteCanvas(30, 10);
    DrawList dl;
    dl.pushOpacity(0.5f);
    dl.rect(RectF{0, 0, 20, 10}, kRed);
    dl.rect(RectF{10, 0, 20, 10}, kRed);
    dl.popOpacity();
    sw.render(dl);
    const Rgba8 single = sw.pixel(5, 5), overlap = sw.pixel(15, 5);
    CHECK(near(single.g, 128));
    CHECK(overlap == single);  // per-command alpha would give g = 64 here
  }
  SECTION("colour alpha blends straight over the background") {
    SoftwareRenderer sw(8, 8, SoftwareRendererOptions{.clearColor = Color::black()});
    DrawList dl;
    dl.rect(RectF{0, 0, 8, 8}, Color{1, 1, 1, 0.25f});
    sw.render(dl);
    CHECK(near(sw.pixel(4, 4).r, 64));
  }
  SECTION("an opacity-0 group draws nothing, including nested groups, and drawing resumes after it") {
    SoftwareRenderer sw = whiteCanvas(10, 10);
    DrawList dl;
    dl.pushOpacity(0.0f);
    dl.pushOpacity(1.0f);
    dl.rect(RectF{0, 0, 10, 10}, kRed);
    dl.popOpacity();
    dl.popOpacity();
    dl.rect(RectF{0, 0, 5, 10}, kBlue);
    sw.render(dl);
    CHECK(isWhite(sw.pixel(7, 5)));
    CHECK(sw.pixel(2, 5) == Rgba8{0, 0, 255, 255});
  }
  SECTION("a group left open at the end of the list is still composited") {
    SoftwareRenderer sw(8, 8, SoftwareRendererOptions{.clearColor = Color::black()});
    DrawList dl;
    dl.pushOpacity(0.5f);
    dl.rect(RectF{0, 0, 8, 8}, Color::white());
    sw.render(dl);
    CHECK(near(sw.pixel(4, 4).r, 128));
  }
}

TEST_CASE("SoftwareRenderer: transforms move, scale and rotate geometry", "[render][software][transform]") {
  SECTION("a 40x10 bar rotated 90 degrees about its centre stands upright") {
    SoftwareRenderer sw = whiteCanvas(40, 40);
    DrawList dl;
    dl.pushTransform(rotateAbout(90, 20, 20));
    dl.rect(RectF{0, 15, 40, 10}, kRed);
    dl.popTransform();
    sw.render(dl);
    CHECK(isRed(sw.pixel(20, 2)));  // above the unrotated bar
    CHECK(isRed(sw.pixel(20, 37)));
    CHECK(isRed(sw.pixel(16, 20)));
    CHECK(isWhite(sw.pixel(3, 20)));  // was inside the unrotated bar
    CHECK(isWhite(sw.pixel(36, 20)));
    CHECK(isWhite(sw.pixel(13, 20)));  // just outside x in [15, 25)
  }
  SECTION("45 degrees cuts the corners of a square") {
    SoftwareRenderer sw = whiteCanvas(40, 40);
    DrawList dl;
    dl.pushTransform(rotateAbout(45, 20, 20));
    dl.rect(RectF{10, 10, 20, 20}, kRed);
    dl.popTransform();
    sw.render(dl);
    CHECK(isRed(sw.pixel(20, 20)));
    CHECK(isWhite(sw.pixel(11, 11)));  // a corner of the unrotated square
    CHECK(isRed(sw.pixel(20, 7)));     // a vertex of the diamond reaches y = 5.86
    // Pixel (12, 13): centre 0.1 px inside the edge |x - 20| + |y - 20| = 14.14, so partly covered.
    const Rgba8 edge = sw.pixel(12, 13);
    CHECK(edge.g > 0);
    CHECK(edge.g < 255);
  }
  SECTION("translate and scale compose") {
    SoftwareRenderer sw = whiteCanvas(30, 30);
    DrawList dl;
    dl.pushTransform(translate(5, 5));
    dl.pushTransform(scale(2));
    dl.rect(RectF{0, 0, 10, 10}, kRed);  // device (5, 5) - (25, 25)
    dl.popTransform();
    dl.popTransform();
    sw.render(dl);
    CHECK(isRed(sw.pixel(5, 5)));
    CHECK(isRed(sw.pixel(24, 24)));
    CHECK(isWhite(sw.pixel(4, 10)));
    CHECK(isWhite(sw.pixel(25, 10)));
  }
}

TEST_CASE("SoftwareRenderer: clips intersect, follow transforms and pop", "[render][software][clip]") {
  SECTION("axis-aligned clips nest and pop") {
    SoftwareRenderer sw = whiteCanvas(30, 30);
    DrawList dl;
    dl.pushClip(RectF{5, 5, 20, 20});
    dl.pushClip(RectF{10, 0, 30, 30});
    dl.rect(RectF{0, 0, 30, 30}, kRed);  // shows in (10..25, 5..25)
    dl.popClip();
    dl.rect(RectF{0, 27, 30, 3}, kBlue);  // outside the outer clip: hidden
    dl.popClip();
    dl.rect(RectF{0, 0, 2, 2}, kBlue);  // no clip left
    sw.render(dl);
    CHECK(isRed(sw.pixel(15, 15)));
    CHECK(isWhite(sw.pixel(7, 15)));  // inside the outer clip, outside the inner
    CHECK(isWhite(sw.pixel(15, 2)));
    CHECK(isWhite(sw.pixel(27, 15)));
    CHECK(isWhite(sw.pixel(15, 28)));
    CHECK(sw.pixel(1, 1) == Rgba8{0, 0, 255, 255});
  }
  SECTION("a clip is given in the transform current at the push") {
    SoftwareRenderer sw = whiteCanvas(30, 10);
    DrawList dl;
    dl.pushTransform(translate(10, 0));
    dl.pushClip(RectF{0, 0, 10, 10});     // device x in [10, 20)
    dl.pushTransform(translate(-10, 0));  // later transforms do not move the clip
    dl.rect(RectF{0, 0, 30, 10}, kRed);   // device x in [0, 30)
    dl.popTransform();
    dl.popClip();
    dl.popTransform();
    REQUIRE(dl.unbalancedPops() == 0);
    sw.render(dl);
    CHECK(isWhite(sw.pixel(5, 5)));
    CHECK(isRed(sw.pixel(15, 5)));
    CHECK(isWhite(sw.pixel(25, 5)));
  }
  SECTION("a rotated clip cuts a diamond") {
    SoftwareRenderer sw = whiteCanvas(40, 40);
    DrawList dl;
    dl.pushTransform(rotateAbout(45, 20, 20));
    dl.pushClip(RectF{10, 10, 20, 20});
    dl.pushTransform(rotateAbout(-45, 20, 20));
    dl.rect(RectF{0, 0, 40, 40}, kRed);  // upright again: only the clip is turned
    dl.popTransform();
    dl.popClip();
    dl.popTransform();
    REQUIRE(dl.unbalancedPops() == 0);
    sw.render(dl);
    CHECK(isRed(sw.pixel(20, 20)));
    CHECK(isWhite(sw.pixel(11, 11)));
    CHECK(isWhite(sw.pixel(1, 20)));
  }
}

TEST_CASE("SoftwareRenderer: the border is drawn over the fill along the edge", "[render][software]") {
  SoftwareRenderer sw(24, 24, SoftwareRendererOptions{.clearColor = Color::black()});
  DrawList dl;
  dl.rect(RectF{2, 2, 20, 20}, Color::white(), RectStyle{.borderWidth = 4, .border = kBlue});
  DrawList rounded;
  rounded.rect(RectF{2, 2, 20, 20}, Color::white(),
               RectStyle{.radii = Radii::all(6), .borderWidth = 4, .border = kBlue});
  sw.render(dl);
  CHECK(sw.pixel(3, 12) == Rgba8{0, 0, 255, 255});
  CHECK(sw.pixel(12, 20) == Rgba8{0, 0, 255, 255});
  CHECK(sw.pixel(12, 12) == Rgba8{255, 255, 255, 255});
  CHECK(sw.pixel(6, 12) == Rgba8{255, 255, 255, 255});  // the first pixel past the 4 px border
  CHECK(sw.pixel(0, 12) == Rgba8{0, 0, 0, 255});

  sw.render(rounded);
  CHECK(sw.pixel(3, 12) == Rgba8{0, 0, 255, 255});
  CHECK(sw.pixel(12, 12) == Rgba8{255, 255, 255, 255});
  CHECK(sw.pixel(2, 2) == Rgba8{0, 0, 0, 255});  // the rounded corner leaves the background
}

TEST_CASE("SoftwareRenderer: box shadows blur outward and never show under the box",
          "[render][software][shadow]") {
  SECTION("a blurred shadow darkens towards the box") {
    SoftwareRenderer sw = whiteCanvas(60, 60);
    DrawList dl;
    dl.shadow(RectF{20, 20, 20, 20}, Radii{}, ShadowStyle{.blur = 8, .color = Color::black()});
    sw.render(dl);
    const int near1 = sw.pixel(19, 30).r, mid = sw.pixel(15, 30).r, far = sw.pixel(9, 30).r;
    CHECK(near1 < mid);
    CHECK(mid < far);
    // CSS: a Gaussian with sigma = blur / 2 = 4 over the box (20..40)^2. At
    // the centre (19.5, 30.5) the shadow's alpha is the Gaussian's mass
    // inside the box, a product of two 1-D integrals.
    const auto mass = [](double p, double lo, double hi) {
      const double k = 1.0 / (4.0 * std::sqrt(2.0));
      return 0.5 * (std::erf((hi - p) * k) - std::erf((lo - p) * k));
    };
    const double alpha = mass(19.5, 20, 40) * mass(30.5, 20, 40);
    CHECK(near(near1, static_cast<int>(std::lround(255.0 * (1.0 - alpha))), 2));
    CHECK(far > 245);  // 2.6 sigma out: almost faded
    CHECK(isWhite(sw.pixel(1, 1)));
    CHECK(isWhite(sw.pixel(30, 30)));  // cut out of the (transparent) box
  }
  SECTION("a hard offset shadow with spread has sharp edges") {
    SoftwareRenderer sw = whiteCanvas(60, 60);
    DrawList dl;
    dl.shadow(RectF{10, 10, 20, 20}, Radii{},
              ShadowStyle{.offsetX = 5, .offsetY = 5, .spread = 2, .color = kBlue});
    sw.render(dl);
    CHECK(sw.pixel(35, 35) == Rgba8{0, 0, 255, 255});  // shape (13..37, 13..37)
    CHECK(isWhite(sw.pixel(38, 35)));
    CHECK(isWhite(sw.pixel(20, 20)));  // under the box
  }
  SECTION("rounded shadows are lighter at the corner than along the side") {
    SoftwareRenderer sw = whiteCanvas(60, 60);
    DrawList dl;
    dl.shadow(RectF{20, 20, 20, 20}, Radii::all(8), ShadowStyle{.blur = 6, .color = Color::black()});
    sw.render(dl);
    CHECK(sw.pixel(18, 18).r > sw.pixel(18, 30).r);
  }
  SECTION("an inset shadow darkens the inside edge, not the outside or the centre") {
    SoftwareRenderer sw = whiteCanvas(60, 60);
    DrawList dl;
    dl.shadow(RectF{10, 10, 40, 40}, Radii{}, ShadowStyle{.blur = 6, .color = Color::black(), .inset = true});
    sw.render(dl);
    CHECK(sw.pixel(10, 30).r < 200);
    CHECK(isWhite(sw.pixel(30, 30)));
    CHECK(isWhite(sw.pixel(8, 30)));
  }
}

TEST_CASE("SoftwareRenderer: text draws ink inside its line box", "[render][software][text]") {
  const Font* font = testFont();
  if (font == nullptr) {
    WARN("no TrueType font found (set ZENIT_FONT): text pixel checks skipped");
    return;
  }
  SoftwareRenderer sw(120, 40, SoftwareRendererOptions{.clearColor = Color::white(), .font = font});
  DrawList dl;
  dl.text(10, 5, "Hello", TextStyle{.sizePx = 20, .color = Color::black()});
  sw.render(dl);
  const TextSize size = font->measureText("Hello", 20);
  int ink = 0, outside = 0, minX = 1000;
  for (int y = 0; y < 40; ++y)
    for (int x = 0; x < 120; ++x) {
      if (isWhite(sw.pixel(x, y))) continue;
      ++ink;
      minX = std::min(minX, x);
      const bool inBox = x >= 9 && x <= 10 + static_cast<int>(size.width) + 1 && y >= 4 &&
                         y <= 5 + static_cast<int>(size.height) + 1;
      if (!inBox) ++outside;
    }
  CHECK(ink > 40);
  CHECK(outside == 0);

  SECTION("right alignment moves the ink to the end of the width") {
    dl.reset();
    dl.text(10, 5, "Hello",
            TextStyle{.sizePx = 20, .color = Color::black(), .align = TextAlign::Right, .width = 100});
    sw.render(dl);
    int minRight = 1000;
    for (int y = 0; y < 40; ++y)
      for (int x = 0; x < 120; ++x)
        if (!isWhite(sw.pixel(x, y))) minRight = std::min(minRight, x);
    CHECK(minRight > minX + 100 - static_cast<int>(size.width) - 3);
  }
}

TEST_CASE("SoftwareRenderer: without a font, text takes room but draws nothing", "[render][software][text]") {
  const LogSink previous = setLogSink(nullptr);
  Font none;
  const std::string missing[] = {"/nonexistent/zenit-font.ttf"};
  CHECK_FALSE(none.loadFirstAvailable(missing));
  setLogSink(previous);
  SoftwareRenderer sw(40, 20, SoftwareRendererOptions{.clearColor = Color::white(), .font = &none});
  DrawList dl;
  dl.text(0, 0, "Hello", TextStyle{.sizePx = 16, .color = Color::black()});
  sw.render(dl);
  for (int y = 0; y < 20; ++y)
    for (int x = 0; x < 40; ++x) REQUIRE(isWhite(sw.pixel(x, y)));
}

TEST_CASE("SoftwareRenderer: bad geometry and transforms draw nothing and do not crash",
          "[render][software]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  SoftwareRenderer sw = whiteCanvas(16, 16);
  DrawList dl;
  dl.rect(RectF{nan, 0, 10, 10}, kRed);
  dl.rect(RectF{0, 0, inf, 10}, kRed);
  dl.rect(RectF{0, 0, -5, 10}, kRed);
  dl.pushTransform(scale(0));  // singular
  dl.rect(RectF{0, 0, 10, 10}, kRed);
  dl.shadow(RectF{0, 0, 10, 10}, Radii{}, ShadowStyle{.blur = 4});
  dl.text(0, 0, "x", TextStyle{});
  dl.popTransform();
  dl.pushTransform(Affine2D{1, 0, 0, 1, nan, 0});
  dl.rect(RectF{0, 0, 10, 10}, kRed);
  dl.popTransform();
  dl.pushClip(RectF{0, 0, nan, 5});  // a degenerate clip hides everything inside it
  dl.rect(RectF{0, 0, 16, 16}, kRed);
  dl.popClip();
  sw.render(dl);
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) REQUIRE(isWhite(sw.pixel(x, y)));

  dl.reset();
  dl.rect(RectF{-1e30f, -1e30f, 2e30f, 2e30f}, kRed);  // huge but finite: covers the frame
  sw.render(dl);
  CHECK(isRed(sw.pixel(0, 0)));
  CHECK(isRed(sw.pixel(15, 15)));

  SoftwareRenderer empty(0, -3);
  empty.render(dl);
  CHECK(empty.width() == 0);
  CHECK(empty.height() == 0);
  CHECK_FALSE(empty.writePng("never-written.png"));
}

// Found by fuzz_layout (fuzz/corpus/layout/crash-f1ab9c97…): a glyph drawn
// under a nearly singular transform maps frame pixels to texels far past
// what an int holds; they are outside the glyph and draw nothing.
TEST_CASE("SoftwareRenderer: text under a nearly singular transform draws nothing and does not overflow",
          "[render][software][text]") {
  const Font* font = testFont();
  if (font == nullptr) {
    WARN("no TrueType font found (set ZENIT_FONT): text pixel checks skipped");
    return;
  }
  SoftwareRenderer sw(16, 16, SoftwareRendererOptions{.clearColor = Color::white(), .font = font});
  for (const float s : {1e-6f, 1e-9f, 1e-12f}) {
    INFO("scale " << s);
    DrawList dl;
    dl.pushTransform(Affine2D{1.0f, 0.0f, 0.0f, s, 0.0f, 8.0f});  // squashed flat onto y = 8
    dl.text(0, 0, "Wx", TextStyle{.sizePx = 20, .color = Color::black()});
    dl.popTransform();
    sw.render(dl);
    int ink = 0;
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 16; ++x) ink += isWhite(sw.pixel(x, y)) ? 0 : 1;
    CHECK(ink <= 16);  // at most a faint line along y = 8
  }
}

TEST_CASE("SoftwareRenderer: resize changes the framebuffer and the next frame fills it",
          "[render][software]") {
  SoftwareRenderer sw = whiteCanvas(4, 4);
  sw.resize(10, 6);
  CHECK(sw.width() == 10);
  CHECK(sw.height() == 6);
  DrawList dl;
  dl.rect(RectF{0, 0, 10, 6}, kRed);
  sw.render(dl);
  CHECK(isRed(sw.pixel(9, 5)));
  CHECK(sw.pixel(10, 5) == Rgba8{});
}

TEST_CASE("SoftwareRenderer: writePng writes a PNG file", "[render][software][png]") {
  SoftwareRenderer sw(16, 8, SoftwareRendererOptions{.clearColor = Color{0, 0, 0, 0}});
  DrawList dl;
  dl.rect(RectF{0, 0, 8, 8}, Color{1, 0, 0, 0.5f});
  sw.render(dl);
  CHECK(sw.pixel(2, 2) == Rgba8{255, 0, 0, 128});  // straight alpha read back
  const std::filesystem::path path = std::filesystem::temp_directory_path() / "zenit_render_test.png";
  REQUIRE(sw.writePng(path.string()));
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  unsigned char header[8] = {};
  in.read(reinterpret_cast<char*>(header), 8);
  CHECK(in.gcount() == 8);
  const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  CHECK(std::equal(header, header + 8, signature));
  in.close();
  CHECK(std::filesystem::file_size(path) > 50);
  std::filesystem::remove(path);

  CHECK_FALSE(sw.writePng("/nonexistent-dir/zenit/x.png"));
}

namespace {
// A gradient of `kind` with its stops (colour, position in % or, with
// `deg`, in degrees) all positioned.
GradientImage gradientOf(GradientKind kind, std::initializer_list<std::pair<Color, float>> stops,
                         bool deg = false) {
  GradientImage g;
  g.kind = kind;
  g.angle = kind == GradientKind::Linear ? 90.0f : 0.0f;
  g.centerX = PxPct{0.0f, 50.0f};  // (radial and conic: at center)
  g.centerY = PxPct{0.0f, 50.0f};
  for (const auto& [color, at] : stops) {
    g.stops[g.count].color = color;
    g.stops[g.count].at = deg ? PxPct{at, 0.0f} : PxPct{0.0f, at};
    g.positioned = static_cast<std::uint8_t>(g.positioned | (1u << g.count));
    ++g.count;
  }
  return g;
}
constexpr Color kBlack{0, 0, 0, 1};
constexpr Color kWhite{1, 1, 1, 1};
constexpr Color kGreen{0, 1, 0, 1};
}  // namespace

TEST_CASE("SoftwareRenderer: a linear gradient from black to white is mid-grey halfway (CSS Images 3 §3.1)",
          "[render][software][gradient]") {
  SoftwareRenderer sw = whiteCanvas(100, 10);
  DrawList dl;
  dl.gradient(RectF{0, 0, 100, 10}, Radii{}, 0.0f,
              gradientOf(GradientKind::Linear, {{kBlack, 0.0f}, {kWhite, 100.0f}}));
  sw.render(dl);
  // Pixel centres sit at x + 0.5: t = 0.505 in the middle.
  CHECK(near(sw.pixel(50, 5).r, 129));
  CHECK(sw.pixel(50, 5).r == sw.pixel(50, 5).b);
  CHECK(near(sw.pixel(0, 5).r, 1));
  CHECK(near(sw.pixel(99, 5).r, 254));
  CHECK(near(sw.pixel(25, 0).r, 65));
  // 180deg (to bottom): the same ramp, vertical.
  SoftwareRenderer tall = whiteCanvas(10, 100);
  DrawList down;
  GradientImage g = gradientOf(GradientKind::Linear, {{kBlack, 0.0f}, {kWhite, 100.0f}});
  g.angle = 180.0f;
  down.gradient(RectF{0, 0, 10, 100}, Radii{}, 0.0f, g);
  tall.render(down);
  CHECK(near(tall.pixel(5, 50).r, 129));
  CHECK(near(tall.pixel(5, 0).r, 1));
}

TEST_CASE("SoftwareRenderer: a conic gradient turns clockwise from the top (CSS Images 4 §3.3)",
          "[render][software][gradient]") {
  SoftwareRenderer sw = whiteCanvas(100, 100);
  DrawList dl;
  // Hard stops: red, green, blue, black quarters.
  dl.gradient(RectF{0, 0, 100, 100}, Radii{}, 0.0f,
              gradientOf(GradientKind::Conic, {{kRed, 0.0f},
                                               {kRed, 25.0f},
                                               {kGreen, 25.0f},
                                               {kGreen, 50.0f},
                                               {kBlue, 50.0f},
                                               {kBlue, 75.0f},
                                               {kBlack, 75.0f},
                                               {kBlack, 100.0f}}));
  sw.render(dl);
  CHECK(isRed(sw.pixel(75, 25)));                    // top right
  CHECK(sw.pixel(75, 75) == Rgba8{0, 255, 0, 255});  // bottom right
  CHECK(sw.pixel(25, 75) == Rgba8{0, 0, 255, 255});  // bottom left
  CHECK(sw.pixel(25, 25) == Rgba8{0, 0, 0, 255});    // top left
}

TEST_CASE("SoftwareRenderer: a repeating gradient repeats its period; the tile is the padding box",
          "[render][software][gradient]") {
  SoftwareRenderer sw = whiteCanvas(100, 10);
  DrawList dl;
  GradientImage g =
      gradientOf(GradientKind::Linear, {{kRed, 0.0f}, {kRed, 10.0f}, {kBlue, 10.0f}, {kBlue, 20.0f}});
  g.repeating = true;
  dl.gradient(RectF{0, 0, 100, 10}, Radii{}, 0.0f, g);
  sw.render(dl);
  for (int period = 0; period < 5; ++period) {
    CHECK(isRed(sw.pixel(period * 20 + 5, 5)));
    CHECK(sw.pixel(period * 20 + 15, 5) == Rgba8{0, 0, 255, 255});
  }
  // With a 10px border, the image is positioned in the padding box (80px
  // wide) and repeated under the border: the ramp's end shows left of it.
  SoftwareRenderer framed = whiteCanvas(100, 30);
  DrawList fl;
  fl.gradient(RectF{0, 0, 100, 30}, Radii{}, 10.0f,
              gradientOf(GradientKind::Linear, {{kBlack, 0.0f}, {kWhite, 100.0f}}));
  framed.render(fl);
  CHECK(near(framed.pixel(10, 15).r, 1));   // the padding box's left edge: the start
  CHECK(near(framed.pixel(9, 15).r, 254));  // the pixel before it: the previous tile's end
}

TEST_CASE("SoftwareRenderer: a radial gradient's closest-side circle, and rounded corners clip it",
          "[render][software][gradient]") {
  SoftwareRenderer sw = whiteCanvas(100, 100);
  DrawList dl;
  GradientImage g = gradientOf(GradientKind::Radial, {{kBlack, 0.0f}, {kWhite, 100.0f}});
  g.circle = true;
  g.extent = RadialExtent::ClosestSide;
  g.centerX = PxPct{0.0f, 50.0f};
  g.centerY = PxPct{0.0f, 50.0f};
  dl.gradient(RectF{0, 0, 100, 100}, Radii::all(50.0f), 0.0f, g);
  sw.render(dl);
  CHECK(sw.pixel(50, 50).r < 10);           // the centre
  CHECK(near(sw.pixel(75, 50).r, 130, 4));  // 25.5px out of 50: half way
  CHECK(near(sw.pixel(50, 25).r, 127, 4));
  CHECK(sw.pixel(1, 1) == Rgba8{255, 255, 255, 255});  // outside the rounded corner: the canvas
  // A repeating gradient of no period paints its average colour.
  SoftwareRenderer flat = whiteCanvas(10, 10);
  DrawList fl;
  GradientImage zero = gradientOf(GradientKind::Linear, {{kRed, 50.0f}, {kBlue, 50.0f}});
  zero.repeating = true;
  fl.gradient(RectF{0, 0, 10, 10}, Radii{}, 0.0f, zero);
  flat.render(fl);
  CHECK(flat.pixel(5, 5) == Rgba8{0, 0, 255, 255});  // (no span: the last colour)
}

TEST_CASE("SoftwareRenderer: a gradient whose stops change is redrawn; an unchanged one is not damaged",
          "[render][software][gradient][damage]") {
  SoftwareRenderer sw = whiteCanvas(40, 40);
  DrawList dl;
  GradientImage g = gradientOf(GradientKind::Linear, {{kRed, 0.0f}, {kRed, 100.0f}});
  dl.gradient(RectF{0, 0, 40, 40}, Radii{}, 0.0f, g);
  sw.render(dl);
  CHECK(isRed(sw.pixel(20, 20)));
  sw.render(dl);  // the same list again: nothing to redraw
  CHECK(sw.lastDamage().w == 0);
  dl.reset();
  g.stops[1].color = kBlue;
  g.stops[0].color = kBlue;
  dl.gradient(RectF{0, 0, 40, 40}, Radii{}, 0.0f, g);
  sw.render(dl);
  CHECK(sw.pixel(20, 20) == Rgba8{0, 0, 255, 255});
}
