// SoftwareRenderer damage tracking: a frame redraws only what changed since
// the last one, and the bytes it leaves are exactly a full redraw's.
#include <zenit/render/Font.hpp>
#include <zenit/render/SoftwareRenderer.hpp>

#include "render/render_test_util.hpp"
#include "support/alloc_counter.hpp"
#include "support/zenit_test.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace zenit;

using zenit::test::testFont;

namespace {

Affine2D rotateAbout(float deg, float cx, float cy) {
  return Affine2D::fromMat3(aboutOrigin(rotation(deg), Vec2{cx, cy}));
}
Affine2D scaleAbout(float sx, float sy, float cx, float cy) {
  return Affine2D::fromMat3(aboutOrigin(scaling(Vec2{sx, sy}), Vec2{cx, cy}));
}

constexpr Color kRed{1, 0, 0, 1};
constexpr Color kBlue{0, 0, 1, 1};

SoftwareRendererOptions options() {
  return SoftwareRendererOptions{.clearColor = Color{0.95f, 0.95f, 0.9f, 1}, .font = testFont()};
}

// What a renderer that has drawn nothing before draws for `dl`: the reference.
std::vector<std::uint8_t> freshPixels(const DrawList& dl, int w, int h) {
  SoftwareRenderer fresh(w, h, options());
  fresh.render(dl);
  const std::uint8_t* p = fresh.premultipliedPixels();
  return std::vector<std::uint8_t>(p, p + static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
}

// The first pixel where `sw` differs from `expected`, or -1.
long firstDifference(const SoftwareRenderer& sw, const std::vector<std::uint8_t>& expected) {
  const std::uint8_t* p = sw.premultipliedPixels();
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (p[i] != expected[i]) return static_cast<long>(i / 4);
  return -1;
}

bool contains(const PixelRect& outer, const PixelRect& inner) {
  return inner.empty() || (outer.x <= inner.x && outer.y <= inner.y &&
                           outer.x + outer.w >= inner.x + inner.w && outer.y + outer.h >= inner.y + inner.h);
}

// --- A randomised scene ------------------------------------------------------

struct Item {
  int kind{0};  // 0 rect, 1 shadowed rect, 2 text
  RectF box{};
  float radius{0}, border{0};
  Color fill{}, edge{};
  ShadowStyle shadow{};
  int text{0};
  float angle{0}, scale{1};  // a transform about the box's centre when not (0, 1)
  float opacity{1};          // below 1: a group (0 included)
  bool clip{false};
  RectF clipRect{};  // in the item's (transformed) space
  std::vector<Item> children;
};

const char* const kTexts[] = {"Hi", "Save", "Label text", "Zenit", "\xC3\x84pfel \xC3\xBC", "0:42"};

class Scene {
 public:
  Scene(unsigned seed, float w, float h) : rng_(seed), w_(w), h_(h) {
    const int n = 10 + static_cast<int>(rng_() % 6);
    for (int i = 0; i < n; ++i) items_.push_back(makeItem(true));
  }

  // The scene, all of it under `clip` when given.
  void record(DrawList& dl, const RectF* clip = nullptr) const {
    dl.reset();
    if (clip != nullptr) dl.pushClip(*clip);
    dl.rect(RectF{0, 0, w_, h_ * 0.5f}, Color{0.8f, 0.85f, 0.9f, 1});  // a static backdrop
    for (const Item& it : items_) draw(dl, it);
    if (clip != nullptr) dl.popClip();
  }

  // A few edits: move, recolour, transform, opacity, clip, text, appear,
  // disappear, reorder. Returns how many.
  int mutate() {
    const int edits = static_cast<int>(rng_() % 4);  // 0 edits: an identical frame
    for (int e = 0; e < edits; ++e) edit();
    return edits;
  }

 private:
  float uni(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }
  bool chance(float p) { return uni(0, 1) < p; }
  Color color() { return Color{uni(0, 1), uni(0, 1), uni(0, 1), chance(0.7f) ? 1.0f : uni(0.2f, 0.9f)}; }

  Item makeItem(bool withChildren) {
    Item it;
    it.kind = static_cast<int>(rng_() % 3);
    it.box = RectF{uni(-10, w_ - 10), uni(-10, h_ - 10), uni(4, 40), uni(4, 30)};
    if (chance(0.4f))
      it.box = RectF{std::round(it.box.x), std::round(it.box.y), std::round(it.box.w), it.box.h};
    it.radius = chance(0.5f) ? uni(0, 12) : 0.0f;
    it.border = chance(0.4f) ? uni(0.5f, 3) : 0.0f;
    it.fill = color();
    it.edge = color();
    it.shadow = ShadowStyle{.offsetX = uni(-4, 4),
                            .offsetY = uni(-2, 6),
                            .blur = chance(0.8f) ? uni(0, 10) : 0.0f,
                            .spread = uni(-2, 3),
                            .color = Color{0, 0, 0, uni(0.2f, 0.6f)},
                            .inset = chance(0.2f)};
    it.text = static_cast<int>(rng_() % std::size(kTexts));
    if (chance(0.3f)) it.angle = uni(-180, 180);
    if (chance(0.15f)) it.scale = uni(0.5f, 1.8f);
    if (chance(0.3f)) it.opacity = chance(0.15f) ? 0.0f : uni(0.1f, 1.0f);
    if (chance(0.25f)) {
      it.clip = true;
      it.clipRect = RectF{it.box.x + uni(-4, 10), it.box.y + uni(-4, 10), uni(4, 40), uni(4, 30)};
    }
    if (withChildren && chance(0.3f))
      for (int c = 1 + static_cast<int>(rng_() % 3); c > 0; --c) {
        Item child = makeItem(false);
        child.box.x = it.box.x + uni(-10, 30);
        child.box.y = it.box.y + uni(-10, 20);
        it.children.push_back(child);
      }
    return it;
  }

  Item& pick() {
    Item& top = items_[rng_() % items_.size()];
    if (!top.children.empty() && chance(0.4f)) return top.children[rng_() % top.children.size()];
    return top;
  }

  void edit() {
    if (items_.size() < 3) {
      items_.push_back(makeItem(true));
      return;
    }
    switch (rng_() % 11) {
      case 0: {
        Item& it = pick();
        it.box.x += uni(-8, 8);
        it.box.y += uni(-8, 8);
        break;
      }
      case 1: pick().fill = color(); break;
      case 2: pick().angle += uni(-30, 30); break;
      case 3: pick().opacity = chance(0.2f) ? 0.0f : uni(0.1f, 1.0f); break;
      case 4: {
        Item& it = pick();
        it.clip = !it.clip || chance(0.5f);
        it.clipRect.w += uni(-6, 6);
        it.clipRect.x += uni(-3, 3);
        break;
      }
      case 5: pick().text = static_cast<int>(rng_() % std::size(kTexts)); break;
      case 6: {  // appears
        const auto at = static_cast<std::ptrdiff_t>(rng_() % (items_.size() + 1));
        items_.insert(items_.begin() + at, makeItem(true));
        break;
      }
      case 7: items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(rng_() % items_.size())); break;
      case 8: {  // two neighbours swap places in the painting order
        const std::size_t i = rng_() % (items_.size() - 1);
        std::swap(items_[i], items_[i + 1]);
        break;
      }
      case 9: {
        Item& it = pick();
        it.shadow.blur = uni(0, 12);
        it.shadow.spread = uni(-2, 4);
        it.border = uni(0, 3);
        it.radius = uni(0, 10);
        break;
      }
      default: {
        Item& it = pick();
        it.scale = chance(0.5f) ? 1.0f : uni(0.5f, 1.8f);
        if (!it.children.empty() && chance(0.5f)) it.children.pop_back();
        break;
      }
    }
  }

  void draw(DrawList& dl, const Item& it) const {
    const float cx = it.box.x + 0.5f * it.box.w, cy = it.box.y + 0.5f * it.box.h;
    const bool transformed = it.angle != 0.0f || it.scale != 1.0f;
    if (transformed) dl.pushTransform(rotateAbout(it.angle, cx, cy) * scaleAbout(it.scale, it.scale, cx, cy));
    if (it.opacity < 1.0f) dl.pushOpacity(it.opacity);
    if (it.clip) dl.pushClip(it.clipRect);
    if (it.kind == 1) dl.shadow(it.box, Radii::all(it.radius), it.shadow);
    if (it.kind == 2) {
      dl.text(it.box.x, it.box.y, kTexts[it.text],
              TextStyle{.sizePx = 6 + it.box.h * 0.5f,
                        .color = it.fill,
                        .align = it.text % 2 == 0 ? TextAlign::Left : TextAlign::Center,
                        .width = it.box.w});
    } else {
      dl.rect(it.box, it.fill,
              RectStyle{.radii = Radii::all(it.radius), .borderWidth = it.border, .border = it.edge});
    }
    for (const Item& child : it.children) draw(dl, child);
    if (it.clip) dl.popClip();
    if (it.opacity < 1.0f) dl.popOpacity();
    if (transformed) dl.popTransform();
  }

  std::mt19937 rng_;
  float w_, h_;
  std::vector<Item> items_;
};

}  // namespace

// --- Damaged frames against full redraws -------------------------------------

TEST_CASE("SoftwareRenderer damage: randomised frames are byte for byte a fresh full redraw",
          "[render][software][damage]") {
  constexpr int kW = 240, kH = 180, kFrames = 150;
  const unsigned seed = GENERATE(1u, 2u, 3u, 4u);
  Scene scene(seed, kW, kH);
  SoftwareRenderer sw(kW, kH, options());
  DrawList dl;
  int partial = 0, empty = 0;
  for (int frame = 0; frame < kFrames; ++frame) {
    if (frame > 0) scene.mutate();
    scene.record(dl);
    sw.render(dl);
    const PixelRect d = sw.lastDamage();
    if (d.empty()) ++empty;
    if (!d.empty() && d.w * d.h < kW * kH) ++partial;
    INFO("seed " << seed << ", frame " << frame << ", damage " << d.x << "," << d.y << " " << d.w << "x"
                 << d.h);
    const long diff = firstDifference(sw, freshPixels(dl, kW, kH));
    INFO("first different pixel " << diff % kW << "," << diff / kW);
    REQUIRE(diff == -1);
  }
  // The partial path is what is under test: most frames must take it.
  CHECK(partial > kFrames / 3);
  CHECK(empty > 0);
}

TEST_CASE("SoftwareRenderer damage: painting order and group membership count, not only the commands",
          "[render][software][damage]") {
  constexpr int kW = 64, kH = 48;
  SoftwareRenderer sw(kW, kH, options());
  DrawList dl;
  const auto frame = [&](auto&& recordIt) {
    dl.reset();
    dl.rect(RectF{0, 0, 64, 48}, Color::white());
    recordIt();
    sw.render(dl);
    return firstDifference(sw, freshPixels(dl, kW, kH));
  };
  const auto twoOverlapping = [&](bool redFirst) {
    dl.rect(RectF{10, 10, 20, 20}, redFirst ? kRed : kBlue);
    dl.rect(RectF{20, 15, 20, 20}, redFirst ? kBlue : kRed);
  };
  SECTION("two overlapping rectangles swap places") {
    CHECK(frame([&] { twoOverlapping(true); }) == -1);
    CHECK(frame([&] { twoOverlapping(false); }) == -1);
    CHECK(sw.lastDamage() == PixelRect{9, 9, 32, 27});
  }
  SECTION("two groups of the same opacity become one group") {
    const auto groups = [&](bool split) {
      dl.pushOpacity(0.5f);
      dl.rect(RectF{10, 10, 20, 20}, kRed);
      if (split) {
        dl.popOpacity();
        dl.pushOpacity(0.5f);
      }
      dl.rect(RectF{20, 15, 20, 20}, kRed);
      dl.rect(RectF{45, 30, 10, 10}, kBlue);
      dl.popOpacity();
    };
    CHECK(frame([&] { groups(true); }) == -1);
    CHECK(frame([&] { groups(false); }) == -1);  // the overlap no longer shows through
    CHECK(frame([&] { groups(true); }) == -1);
  }
  SECTION("a rectangle moves into a clip that was already there") {
    const auto clipped = [&](bool inside) {
      dl.pushClip(RectF{0, 0, 30, 48});
      dl.rect(RectF{10, 10, 10, 10}, kBlue);
      if (!inside) dl.popClip();
      dl.rect(RectF{20, 20, 20, 20}, kRed);
      if (inside) dl.popClip();
    };
    CHECK(frame([&] { clipped(false); }) == -1);
    CHECK(frame([&] { clipped(true); }) == -1);
    CHECK(frame([&] { clipped(false); }) == -1);
  }
  SECTION("one of many identical rectangles disappears") {
    const auto row = [&](int skip) {
      for (int i = 0; i < 12; ++i)
        if (i != skip) dl.rect(RectF{4, 4, 8, 8}, Color{0, 0, 0, 0.25f});
      dl.rect(RectF{40, 30, 8, 8}, kBlue);
    };
    CHECK(frame([&] { row(-1); }) == -1);
    CHECK(frame([&] { row(5); }) == -1);
    CHECK(sw.lastDamage() == PixelRect{3, 3, 10, 10});  // the blue one stays put
  }
}

// --- What a frame damages ----------------------------------------------------

TEST_CASE("SoftwareRenderer damage: a frame identical to the last one redraws nothing",
          "[render][software][damage]") {
  SoftwareRenderer sw(200, 150, options());
  DrawList dl;
  Scene scene(7, 200, 150);
  scene.record(dl);
  sw.render(dl);
  CHECK(sw.lastDamage() == PixelRect{0, 0, 200, 150});  // the first frame draws everything
  const std::vector<std::uint8_t> before(sw.premultipliedPixels(), sw.premultipliedPixels() + 200 * 150 * 4);
  scene.record(dl);  // re-recorded: the same commands at other text offsets
  sw.render(dl);
  CHECK(sw.lastDamage().empty());
  CHECK(firstDifference(sw, before) == -1);
}

TEST_CASE("SoftwareRenderer damage: one moving rectangle damages its old and new bounds, 1 px around",
          "[render][software][damage]") {
  SoftwareRenderer sw(200, 150, options());
  DrawList dl;
  const auto scene = [&](float x, float y) {
    dl.reset();
    dl.rect(RectF{0, 0, 200, 150}, Color::white());
    for (int i = 0; i < 20; ++i)
      dl.rect(RectF{static_cast<float>(i * 10), 100, 8, 8}, kBlue, RectStyle{.radii = Radii::all(2)});
    dl.rect(RectF{x, y, 10, 10}, kRed);
    sw.render(dl);
  };
  scene(20, 20);
  scene(30, 22);
  CHECK(sw.lastDamage() == PixelRect{19, 19, 22, 14});  // [19, 31) x [19, 31) and [29, 41) x [21, 33)
  scene(30.5f, 22);
  CHECK(sw.lastDamage() == PixelRect{29, 21, 13, 12});  // the fractional edge reaches pixel 40
  CHECK(firstDifference(sw, freshPixels(dl, 200, 150)) == -1);
}

TEST_CASE("SoftwareRenderer damage: bounds follow transforms, shadows, groups, clips and text",
          "[render][software][damage]") {
  constexpr int kW = 400, kH = 300;
  SoftwareRenderer sw(kW, kH, options());
  DrawList dl;
  const auto render = [&](auto&& recordIt) {
    dl.reset();
    dl.rect(RectF{0, 0, kW, kH}, Color::white());
    recordIt();
    sw.render(dl);
    INFO("damage " << sw.lastDamage().x << "," << sw.lastDamage().y << " " << sw.lastDamage().w << "x"
                   << sw.lastDamage().h);
    CHECK(firstDifference(sw, freshPixels(dl, kW, kH)) == -1);
    return sw.lastDamage();
  };
  SECTION("a rotating square damages its rotated bounding box") {
    const auto spinner = [&](float deg) {
      dl.pushTransform(rotateAbout(deg, 100, 100));
      dl.rect(RectF{80, 80, 40, 40}, kRed, RectStyle{.radii = Radii::all(6)});
      dl.popTransform();
    };
    render([&] { spinner(0); });
    const PixelRect d = render([&] { spinner(45); });
    // The 45 degree square reaches 20 * sqrt 2 = 28.3 px from its centre.
    CHECK(contains(d, PixelRect{71, 71, 58, 58}));
    CHECK(d.w <= 62);
    CHECK(d.h <= 62);
  }
  SECTION("a shadow damages its blur, spread and offset") {
    const auto card = [&](float blur) {
      dl.shadow(
          RectF{100, 100, 50, 30}, Radii::all(4),
          ShadowStyle{.offsetX = 6, .offsetY = 10, .blur = blur, .spread = 3, .color = {0, 0, 0, 0.5f}});
      dl.rect(RectF{100, 100, 50, 30}, kBlue, RectStyle{.radii = Radii::all(4)});
    };
    render([&] { card(8); });
    const PixelRect d = render([&] { card(12); });
    // 3 sigma = 18 px beyond the shape, which is the box grown by 3 and moved by (6, 10).
    CHECK(contains(d, PixelRect{100 + 6 - 3 - 18, 100 + 10 - 3 - 18, 50 + 6 + 36, 30 + 6 + 36}));
  }
  SECTION("a group's opacity damages all of its extent") {
    const auto group = [&](float o) {
      dl.pushOpacity(o);
      dl.rect(RectF{10, 10, 20, 20}, kRed);
      dl.rect(RectF{300, 250, 20, 20}, kRed);
      dl.popOpacity();
    };
    render([&] { group(0.5f); });
    CHECK(contains(render([&] { group(0.6f); }), PixelRect{10, 10, 310, 260}));
  }
  SECTION("a growing clip damages what it uncovers, and a clip limits the damage") {
    const auto clipped = [&](float clipW, float x) {
      dl.pushClip(RectF{50, 50, clipW, 100});
      dl.rect(RectF{x, 60, 200, 20}, kRed);
      dl.popClip();
    };
    render([&] { clipped(40, 40); });
    CHECK(contains(render([&] { clipped(80, 40); }), PixelRect{50, 59, 80, 22}));
    const PixelRect d = render([&] { clipped(80, 45); });  // moves under the clip
    CHECK(d == PixelRect{50, 59, 80, 22});
  }
  SECTION("text is compared by its bytes") {
    if (testFont() == nullptr) {
      WARN("no TrueType font found (set ZENIT_FONT): text damage checks skipped");
      return;
    }
    const auto label = [&](const char* s) {
      dl.text(20, 20, s, TextStyle{.sizePx = 20, .color = Color::black()});
    };
    render([&] { label("abc"); });
    const PixelRect d = render([&] { label("abd"); });
    CHECK_FALSE(d.empty());
    CHECK(contains(PixelRect{0, 0, 120, 60}, d));
  }
}

TEST_CASE("SoftwareRenderer damage: what redraws the whole framebuffer", "[render][software][damage]") {
  const PixelRect all{0, 0, 80, 60};
  SoftwareRenderer sw(80, 60, options());
  DrawList dl;
  dl.rect(RectF{10, 10, 10, 10}, kRed);
  sw.render(dl);
  CHECK(sw.lastDamage() == all);  // the first frame
  sw.render(dl);
  CHECK(sw.lastDamage().empty());
  sw.invalidate();
  sw.render(dl);
  CHECK(sw.lastDamage() == all);
  sw.setClearColor(options().clearColor);  // the same colour: nothing to redraw
  sw.render(dl);
  CHECK(sw.lastDamage().empty());
  sw.setClearColor(Color::black());
  sw.render(dl);
  CHECK(sw.lastDamage() == all);
  CHECK(sw.pixel(50, 50) == Rgba8{0, 0, 0, 255});
  Font other;
  sw.setFont(&other);
  sw.render(dl);
  CHECK(sw.lastDamage() == all);
  sw.resize(90, 70);
  sw.render(dl);
  CHECK(sw.lastDamage() == PixelRect{0, 0, 90, 70});
  dl.reset();
  dl.rect(RectF{0, 0, 80, 50}, kBlue);  // damage over half the window
  sw.render(dl);
  CHECK(sw.lastDamage() == PixelRect{0, 0, 90, 70});
  dl.rect(RectF{5, 5, 10, 10}, kRed);  // under half: a partial frame
  sw.render(dl);
  CHECK(sw.lastDamage() == PixelRect{4, 4, 12, 12});
}

TEST_CASE("SoftwareRenderer damage: a pixel's coverage does not depend on the clip it is drawn under",
          "[render][software][damage][clip]") {
  // Damage cuts every draw to a pixel-aligned box. Under a pixel-aligned clip
  // each pixel inside must get exactly the bytes it gets with no clip at all.
  constexpr int kW = 160, kH = 120;
  const RectF clip{37, 21, 70, 64};
  const unsigned seed = GENERATE(11u, 12u, 13u);
  Scene scene(seed, kW, kH);
  DrawList plain, under;
  scene.record(plain);
  scene.record(under, &clip);
  SoftwareRenderer a(kW, kH, options()), b(kW, kH, options());
  a.render(plain);
  b.render(under);
  for (int y = 21; y < 85; ++y)
    for (int x = 37; x < 107; ++x) {
      const std::size_t i = (static_cast<std::size_t>(y) * kW + static_cast<std::size_t>(x)) * 4;
      INFO("pixel " << x << "," << y);
      REQUIRE(std::memcmp(a.premultipliedPixels() + i, b.premultipliedPixels() + i, 4) == 0);
    }
  CHECK(b.pixel(36, 50) == Rgba8::from(options().clearColor));  // and nothing outside
}

TEST_CASE("SoftwareRenderer damage: steady frames allocate nothing, changing or not",
          "[render][software][damage][alloc]") {
  SoftwareRenderer sw(160, 120, options());
  DrawList dl;
  const auto frame = [&](int f) {
    dl.reset();
    dl.rect(RectF{0, 0, 160, 120}, Color::white());
    for (int i = 0; i < 30; ++i)
      dl.rect(RectF{static_cast<float>(i % 10) * 15, static_cast<float>(i / 10) * 15, 12, 12}, kBlue,
              RectStyle{.radii = Radii::all(3), .borderWidth = 1, .border = Color::black()});
    dl.text(4, 60, "Loading", TextStyle{.sizePx = 12, .color = Color::black()});
    dl.pushTransform(
        rotateAbout(static_cast<float>(f % 4 == 3 ? 0 : f) * 7.0f, 140, 100));  // some frames repeat
    dl.pushOpacity(0.8f);
    dl.rect(RectF{130, 90, 20, 20}, kRed, RectStyle{.radii = Radii::all(4)});
    dl.popOpacity();
    dl.popTransform();
    sw.render(dl);
  };
  for (int f = 0; f < 3; ++f) frame(f);  // grows the records, the glyph atlas and the layers
  const std::size_t allocations = test::allocationsIn([&] {
    for (int f = 3; f < 120; ++f) frame(f);
  });
  CHECK(allocations == 0);
  CHECK_FALSE(sw.lastDamage().empty());
  CHECK(sw.lastDamage().w < 40);
}
