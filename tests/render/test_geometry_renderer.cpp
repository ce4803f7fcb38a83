// SdlGeometryRenderer golden tests: each scene is drawn by SoftwareRenderer
// and by the geometry backend on SDL's software renderer (a surface, no
// window), and the pixels are compared. Anti-aliased edges and text differ
// a little (SDL's software rasteriser puts vertices on whole pixels and
// samples textures nearest), so the bounds are on the mean difference and
// on the share of pixels that differ by more than kFar levels; both were
// set from measurements (docs/rendering.md, "The geometry backend").
#ifdef ZENIT_TEST_HAS_SDL

#include <zenit/layout/UIContext.hpp>
#include <zenit/render/SdlGeometryRenderer.hpp>
#include <zenit/render/SdlRenderer.hpp>
#include <zenit/render/SoftwareRenderer.hpp>
#include <zenit/style/Theme.hpp>
#include <zenit/widgets/Widgets.hpp>

#include "render/render_test_util.hpp"
#include "support/alloc_counter.hpp"
#include "support/zenit_test.hpp"

#include <SDL.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace zenit;
using zenit::test::testFont;

namespace {

constexpr int kW = 256, kH = 192;
constexpr int kFar = 48;  // a pixel this many levels off in some channel counts as "far"

Affine2D translate(float x, float y) { return Affine2D::fromMat3(translation(Vec2{x, y})); }
Affine2D rotateAbout(float deg, float cx, float cy) {
  return Affine2D::fromMat3(aboutOrigin(rotation(deg), Vec2{cx, cy}));
}
Affine2D scaleAbout(float sx, float sy, float cx, float cy) {
  return Affine2D::fromMat3(aboutOrigin(scaling(Vec2{sx, sy}), Vec2{cx, cy}));
}

// SDL's software renderer on a surface: no window, no video subsystem.
struct SdlCanvas {
  SDL_Surface* surface{nullptr};
  SDL_Renderer* renderer{nullptr};
  SdlCanvas(int w, int h) {
    surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ABGR8888);  // bytes R, G, B, A
    if (surface != nullptr) renderer = SDL_CreateSoftwareRenderer(surface);
  }
  ~SdlCanvas() {
    if (renderer != nullptr) SDL_DestroyRenderer(renderer);
    if (surface != nullptr) SDL_FreeSurface(surface);
  }
  SdlCanvas(const SdlCanvas&) = delete;
  SdlCanvas& operator=(const SdlCanvas&) = delete;
  const std::uint8_t* pixel(int x, int y) const {
    return static_cast<const std::uint8_t*>(surface->pixels) +
           static_cast<std::ptrdiff_t>(y) * surface->pitch + static_cast<std::ptrdiff_t>(x) * 4;
  }
};

struct Diff {
  double mean{0};      // mean absolute difference per channel, levels
  double farShare{0};  // share of pixels with a channel more than kFar levels off
  int max{0};          // largest channel difference
};

// Both renderers draw `dl` over `clear`; the premultiplied pixels are compared.
Diff compare(const DrawList& dl, Color clear = Color::white(), const char* png = nullptr) {
  SoftwareRenderer sw(kW, kH, SoftwareRendererOptions{.clearColor = clear, .font = testFont()});
  sw.render(dl);
  SdlCanvas canvas(kW, kH);
  REQUIRE(canvas.renderer != nullptr);
  SdlGeometryRenderer gpu(canvas.renderer,
                          SdlGeometryRendererOptions{.clearColor = clear, .font = testFont()});
  gpu.render(dl);
  SDL_RenderFlush(canvas.renderer);
  REQUIRE(gpu.ok());
  Diff d;
  long long sum = 0, far = 0;
  const std::uint8_t* ref = sw.premultipliedPixels();
  for (int y = 0; y < kH; ++y)
    for (int x = 0; x < kW; ++x) {
      const std::uint8_t* a = ref + (static_cast<std::size_t>(y) * kW + static_cast<std::size_t>(x)) * 4;
      const std::uint8_t* b = canvas.pixel(x, y);
      int worst = 0;
      for (int k = 0; k < 4; ++k) {
        const int e = std::abs(static_cast<int>(a[k]) - static_cast<int>(b[k]));
        sum += e;
        worst = std::max(worst, e);
      }
      d.max = std::max(d.max, worst);
      if (worst > kFar) ++far;
    }
  d.mean = static_cast<double>(sum) / (4.0 * kW * kH);
  d.farShare = static_cast<double>(far) / (static_cast<double>(kW) * kH);
  if (png != nullptr && std::getenv("ZENIT_GOLDEN_PNG") != nullptr) {  // for a look at a failure
    sw.writePng(std::string(png) + "-software.png");
    std::vector<std::uint8_t> gpuPx(static_cast<std::size_t>(kW) * kH * 4), diff(gpuPx.size());
    for (int y = 0; y < kH; ++y)
      for (int x = 0; x < kW; ++x)
        for (int k = 0; k < 4; ++k) {
          const std::size_t i = (static_cast<std::size_t>(y) * kW + static_cast<std::size_t>(x)) * 4 +
                                static_cast<std::size_t>(k);
          gpuPx[i] = canvas.pixel(x, y)[k];
          diff[i] = k == 3
                        ? 255
                        : static_cast<std::uint8_t>(std::min(255, 4 * std::abs(int(ref[i]) - int(gpuPx[i]))));
        }
    writeRgbaPng(std::string(png) + "-geometry.png", kW, kH, gpuPx.data());
    writeRgbaPng(std::string(png) + "-diff.png", kW, kH, diff.data());
  }
  return d;
}

// One scene's check: the measured values go into the failure message.
void expectClose(const char* scene, const Diff& d, double meanBound, double farBound) {
  INFO(scene << ": mean " << d.mean << " levels (bound " << meanBound << "), " << d.farShare * 100.0
             << "% of pixels more than " << kFar << " off (bound " << farBound * 100.0 << "%), max "
             << d.max);
  std::printf("[geometry golden] %-16s mean %.3f  far %.3f%%  max %d\n", scene, d.mean, d.farShare * 100.0,
              d.max);
  CHECK(d.mean <= meanBound);
  CHECK(d.farShare <= farBound);
}

void roundedRects(DrawList& dl) {
  dl.rect(RectF{10, 10, 100, 60}, Color{0.2f, 0.4f, 0.9f, 1.0f},
          RectStyle{.radii = Radii::all(12), .borderWidth = 3, .border = Color{0.1f, 0.1f, 0.2f, 1.0f}});
  dl.rect(RectF{130.5f, 12.25f, 100, 70}, Color{0.9f, 0.3f, 0.2f, 0.8f},
          RectStyle{.radii = Radii{0, 20, 5, 35}, .borderWidth = 1.5f, .border = Color{0, 0, 0, 0.7f}});
  dl.rect(RectF{20, 100, 90, 70}, Color{0.3f, 0.8f, 0.4f, 1.0f},
          RectStyle{.radii = Radii::all(30), .borderWidth = 8, .border = Color{0.9f, 0.9f, 0.1f, 0.6f}});
  dl.rect(RectF{140, 110, 40, 40}, Color{0.5f, 0.2f, 0.7f, 1.0f});
  dl.rect(RectF{190.3f, 110.7f, 50.4f, 30.2f}, Color{0.1f, 0.6f, 0.6f, 0.5f});
  dl.rect(RectF{150, 160, 90, 20}, Color::transparent(),
          RectStyle{.radii = Radii::all(10), .borderWidth = 0.5f, .border = Color::black()});
}

void shadows(DrawList& dl) {
  dl.shadow(RectF{20, 20, 80, 50}, Radii::all(8),
            ShadowStyle{.offsetX = 4, .offsetY = 6, .blur = 12, .color = Color{0, 0, 0, 0.5f}});
  dl.rect(RectF{20, 20, 80, 50}, Color::white(), RectStyle{.radii = Radii::all(8)});
  dl.shadow(RectF{140, 20, 90, 50}, Radii{},
            ShadowStyle{.blur = 6, .spread = 4, .color = Color{0.2f, 0.2f, 0.8f, 0.7f}});
  dl.rect(RectF{140, 20, 90, 50}, Color{0.95f, 0.95f, 0.9f, 1.0f});
  dl.rect(RectF{20, 100, 90, 70}, Color{0.9f, 0.9f, 0.95f, 1.0f}, RectStyle{.radii = Radii::all(14)});
  dl.shadow(
      RectF{20, 100, 90, 70}, Radii::all(14),
      ShadowStyle{
          .offsetX = 3, .offsetY = 3, .blur = 10, .spread = 2, .color = Color{0, 0, 0, 0.6f}, .inset = true});
  dl.shadow(RectF{140, 100, 90, 60}, Radii::all(4),
            ShadowStyle{.offsetX = 2, .offsetY = 2, .blur = 0, .color = Color{0.6f, 0.1f, 0.1f, 1.0f}});
  dl.rect(RectF{140, 100, 90, 60}, Color{0.8f, 0.85f, 0.9f, 1.0f}, RectStyle{.radii = Radii::all(4)});
}

void texts(DrawList& dl) {
  dl.text(8, 8, "Golden text 12px", TextStyle{.sizePx = 12, .color = Color{0.1f, 0.1f, 0.1f, 1.0f}});
  dl.text(8, 30, "Sized 18 px, ok?", TextStyle{.sizePx = 18, .color = Color{0.8f, 0.1f, 0.2f, 1.0f}});
  dl.text(8, 60, "Big 32", TextStyle{.sizePx = 32, .color = Color{0.1f, 0.3f, 0.8f, 0.8f}});
  dl.text(0, 110, "centred",
          TextStyle{.sizePx = 16, .color = Color::black(), .align = TextAlign::Center, .width = kW});
}

void clips(DrawList& dl) {
  dl.pushClip(RectF{20, 20, 80, 60});
  dl.rect(RectF{0, 0, 120, 120}, Color{0.2f, 0.5f, 0.8f, 1.0f}, RectStyle{.radii = Radii::all(30)});
  dl.popClip();
  // A clip rotated by 30 degrees around axis-aligned content.
  dl.pushTransform(rotateAbout(30, 180, 100));
  dl.pushClip(RectF{140, 60, 80, 80});
  dl.pushTransform(rotateAbout(-30, 180, 100));
  dl.rect(RectF{120, 40, 120, 120}, Color{0.9f, 0.4f, 0.1f, 1.0f});
  dl.rect(RectF{150, 90, 60, 20}, Color{0.1f, 0.1f, 0.1f, 1.0f}, RectStyle{.radii = Radii::all(6)});
  dl.popTransform();
  dl.popClip();
  dl.popTransform();
}

void groups(DrawList& dl) {
  dl.pushOpacity(0.5f);
  dl.rect(RectF{20, 20, 80, 80}, Color{0.9f, 0.1f, 0.1f, 1.0f}, RectStyle{.radii = Radii::all(10)});
  dl.rect(RectF{60, 50, 80, 80}, Color{0.1f, 0.2f, 0.9f, 1.0f});
  dl.pushOpacity(0.6f);
  dl.rect(RectF{90, 30, 70, 70}, Color{0.1f, 0.8f, 0.2f, 1.0f}, RectStyle{.radii = Radii::all(35)});
  dl.rect(RectF{120, 60, 70, 70}, Color{0.9f, 0.8f, 0.1f, 0.7f});
  dl.popOpacity();
  dl.popOpacity();
  dl.pushOpacity(1.0f);
  dl.rect(RectF{180, 120, 60, 50}, Color{0.4f, 0.1f, 0.5f, 1.0f});
  dl.popOpacity();
}

void transforms(DrawList& dl) {
  dl.pushTransform(rotateAbout(20, 70, 70) * scaleAbout(1.3f, 0.8f, 70, 70));
  dl.rect(RectF{30, 40, 80, 60}, Color{0.2f, 0.6f, 0.3f, 1.0f},
          RectStyle{.radii = Radii::all(10), .borderWidth = 2, .border = Color::black()});
  dl.popTransform();
  dl.pushTransform(translate(170, 100) * rotateAbout(-35, 0, 0) * scaleAbout(1.5f, 1.5f, 0, 0));
  dl.shadow(RectF{-25, -15, 50, 30}, Radii::all(5), ShadowStyle{.blur = 8, .color = Color{0, 0, 0, 0.5f}});
  dl.rect(RectF{-25, -15, 50, 30}, Color{0.95f, 0.9f, 0.8f, 1.0f}, RectStyle{.radii = Radii::all(5)});
  dl.text(-20, -8, "Tilt", TextStyle{.sizePx = 12, .color = Color::black()});
  dl.popTransform();
}

// Gradients: linear with a hint, radial in a rounded box, a repeating conic
// one under a rotation, in an opacity group and under a rotated clip.
void gradients(DrawList& dl) {
  GradientImage linear;
  linear.kind = GradientKind::Linear;
  linear.angle = 60.0f;
  linear.count = 3;
  linear.stops[0].color = Color{0.9f, 0.2f, 0.3f, 1.0f};
  linear.stops[1].at = PxPct{0.0f, 30.0f};
  linear.stops[2].color = Color{0.2f, 0.3f, 0.9f, 0.6f};
  linear.positioned = 0b010;
  linear.hints = 0b010;
  dl.gradient(RectF{10, 10, 100, 60}, Radii{}, 0.0f, linear);
  GradientImage radial;
  radial.kind = GradientKind::Radial;
  radial.centerX = radial.centerY = PxPct{0.0f, 50.0f};
  radial.count = 2;
  radial.stops[0].color = Color::white();
  radial.stops[1].color = Color{0.1f, 0.5f, 0.3f, 1.0f};
  dl.gradient(RectF{130.5f, 12.25f, 100, 70}, Radii::all(20), 4.0f, radial);
  dl.rect(RectF{130.5f, 12.25f, 100, 70}, Color::transparent(),
          RectStyle{.radii = Radii::all(20), .borderWidth = 4, .border = Color{0, 0, 0, 0.5f}});
  GradientImage conic;
  conic.kind = GradientKind::Conic;
  conic.centerX = conic.centerY = PxPct{0.0f, 50.0f};
  conic.repeating = true;
  conic.angle = 10.0f;
  conic.count = 2;
  conic.stops[0].color = Color{0.1f, 0.6f, 0.9f, 1.0f};
  conic.stops[1].color = Color{0.95f, 0.95f, 0.8f, 1.0f};
  conic.stops[1].at = PxPct{45.0f, 0.0f};
  conic.positioned = 0b10;
  dl.pushTransform(rotateAbout(25, 70, 140));
  dl.pushOpacity(0.7f);
  dl.gradient(RectF{30, 100, 80, 70}, Radii::all(10), 0.0f, conic);
  dl.popOpacity();
  dl.popTransform();
  dl.pushTransform(rotateAbout(30, 190, 140));
  dl.pushClip(RectF{160, 110, 60, 60});
  dl.pushTransform(rotateAbout(-30, 190, 140));
  dl.gradient(RectF{150, 100, 90, 80}, Radii{}, 0.0f, linear);
  dl.popTransform();
  dl.popClip();
  dl.popTransform();
}

// A Panel with Buttons and Labels from the default theme, drawn through Layout::draw.
struct WidgetScene {
  std::unique_ptr<Layout> root;
  WidgetScene() {
    Theme::get().clear();
    const Theme::LoadResult r =
        Theme::get().loadFile(std::string(ZENIT_SOURCE_DIR) + "/themes/default.zstyle");
    REQUIRE(r.ok());
    UIContext& ctx = UIContext::get();
    ctx.setTheme(Theme::get());
    ctx.resetClock(0.0);
    ctx.viewport = Size{static_cast<float>(kW), static_cast<float>(kH)};
    root = std::make_unique<Layout>("Root");
    Panel& panel = root->add<Panel>("Settings");
    panel.add<Label>("Volume and more");
    panel.add<Button>("Apply");
    panel.add<Button>("Cancel");
    panel.add<Checkbox>("Sound", true);
    ctx.requestLayout();
    for (int i = 0; i < 30; ++i) ctx.frame(*root, 1.0 / 60.0);  // transitions settle
  }
  ~WidgetScene() {
    root.reset();
    Theme::get().clear();
  }
  WidgetScene(const WidgetScene&) = delete;
  WidgetScene& operator=(const WidgetScene&) = delete;
};

}  // namespace

TEST_CASE("SdlGeometryRenderer matches SoftwareRenderer: rounded rects, borders, per-corner radii",
          "[render][geometry][golden]") {
  DrawList dl;
  roundedRects(dl);
  expectClose("rounded rects", compare(dl, Color::white(), "golden-rects"), 1.1, 0.012);
}

TEST_CASE("SdlGeometryRenderer matches SoftwareRenderer: outer and inset shadows, blur and spread",
          "[render][geometry][golden]") {
  DrawList dl;
  shadows(dl);
  expectClose("shadows", compare(dl, Color::white(), "golden-shadows"), 1.15, 0.011);
}

TEST_CASE("SdlGeometryRenderer matches SoftwareRenderer: text at three sizes", "[render][geometry][golden]") {
  if (testFont() == nullptr) {
    WARN("no font on this machine: text is not compared");
    return;
  }
  DrawList dl;
  texts(dl);
  expectClose("text", compare(dl, Color::white(), "golden-text"), 1.4, 0.015);
}

TEST_CASE("SdlGeometryRenderer matches SoftwareRenderer: an axis-aligned and a rotated clip",
          "[render][geometry][golden]") {
  DrawList dl;
  clips(dl);
  expectClose("clips", compare(dl, Color::white(), "golden-clips"), 0.3, 0.006);
}

TEST_CASE("SdlGeometryRenderer matches SoftwareRenderer: nested opacity groups with overlapping children",
          "[render][geometry][golden]") {
  DrawList dl;
  groups(dl);
  expectClose("opacity groups", compare(dl, Color::white(), "golden-groups"), 0.35, 0.0005);
  // Over a transparent clear colour the layers' alpha must be right too.
  expectClose("groups, clear 0", compare(dl, Color::transparent()), 0.3, 0.0005);
}

TEST_CASE("SdlGeometryRenderer matches SoftwareRenderer: rotation and scale", "[render][geometry][golden]") {
  DrawList dl;
  transforms(dl);
  expectClose("transforms", compare(dl, Color::white(), "golden-transforms"), 1.15, 0.012);
}

TEST_CASE("SdlGeometryRenderer matches SoftwareRenderer: linear, radial and conic gradients",
          "[render][geometry][golden]") {
  DrawList dl;
  gradients(dl);
  expectClose("gradients", compare(dl, Color::white(), "golden-gradients"), 1.0, 0.01);
}

TEST_CASE("SdlGeometryRenderer matches SoftwareRenderer: a themed widget tree",
          "[render][geometry][golden]") {
  WidgetScene scene;
  DrawList dl;
  scene.root->draw(dl);
  REQUIRE(dl.size() > 5);
  expectClose("widgets", compare(dl, Color::white(), "golden-widgets"), 1.15, 0.009);
}

TEST_CASE("SdlGeometryRenderer: degenerate input draws nothing wrong and does not crash",
          "[render][geometry][golden]") {
  DrawList dl;
  CHECK(compare(dl).max == 0);  // empty list: the clear colour alone

  dl.rect(RectF{10, 10, 0, 20}, Color::black());                                     // zero width
  dl.rect(RectF{10, 10, 20, 0}, Color::black(), RectStyle{.radii = Radii::all(5)});  // zero height
  dl.shadow(RectF{40, 40, 0, 0}, Radii{}, ShadowStyle{.blur = 10});                  // zero box
  dl.pushOpacity(0.0f);                                                              // invisible group
  dl.rect(RectF{0, 0, kW, kH}, Color::black());
  dl.popOpacity();
  dl.pushClip(RectF{5, 5, 0, 0});  // clips everything
  dl.rect(RectF{0, 0, kW, kH}, Color::black());
  dl.popClip();
  dl.pushTransform(Affine2D{0, 0, 0, 0, 5, 5});  // singular
  dl.rect(RectF{0, 0, 50, 50}, Color::black());
  dl.popTransform();
  CHECK(compare(dl).max == 0);

  dl.reset();
  dl.rect(RectF{20, 20, 100, 60}, Color{0.3f, 0.3f, 0.9f, 1.0f},
          RectStyle{.radii = Radii::all(1e6f), .borderWidth = 1e5f, .border = Color::black()});  // huge
  dl.rect(RectF{140, 20, 80, 80}, Color{0.9f, 0.3f, 0.3f, 1.0f}, RectStyle{.radii = Radii{1e9f, 0, 1e9f, 0}});
  dl.shadow(RectF{40, 120, 60, 40}, Radii::all(1e6f), ShadowStyle{.blur = 1e3f, .spread = 1e3f});
  dl.pushOpacity(0.5f);  // left open: closed at the end of the frame
  dl.rect(RectF{150, 120, 60, 40}, Color::black());
  expectClose("degenerate", compare(dl, Color::white(), "golden-degenerate"), 1.2, 0.005);
}

TEST_CASE("SdlGeometryRenderer: a steady frame allocates nothing", "[render][geometry][alloc]") {
  if (testFont() == nullptr) {
    WARN("no font on this machine: text is not compared");
    return;
  }
  DrawList dl;
  roundedRects(dl);
  shadows(dl);
  texts(dl);
  clips(dl);
  groups(dl);
  transforms(dl);
  gradients(dl);
  SdlCanvas canvas(kW, kH);
  REQUIRE(canvas.renderer != nullptr);
  SdlGeometryRenderer gpu(canvas.renderer,
                          SdlGeometryRendererOptions{.clearColor = Color::white(), .font = testFont()});
  gpu.render(dl);  // atlases, layers and vectors grow here
  gpu.render(dl);
  const std::size_t allocations = zenit::test::allocationsIn([&] { gpu.render(dl); });
  CHECK(allocations == 0);
  CHECK(gpu.ok());
}

TEST_CASE("SdlWindow: Auto picks the software backend without a GPU; Geometry can be forced",
          "[render][geometry][window]") {
  // SDL's dummy video driver: a window without a display, and only SDL's
  // software renderer, which is not accelerated.
  SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
  DrawList dl;
  dl.rect(RectF{10, 10, 40, 30}, Color{1, 0, 0, 1});
  {
    auto win = SdlWindow::open({.width = 64, .height = 48, .vsync = false});
    REQUIRE(win != nullptr);
    CHECK(win->backend() == SdlBackend::Software);
    CHECK(win->geometryRenderer() == nullptr);
    CHECK(std::string(win->activeRenderer().name()) == "sdl");
  }
  auto win = SdlWindow::open({.width = 64, .height = 48, .vsync = false, .backend = SdlBackend::Geometry});
  REQUIRE(win != nullptr);
  CHECK(win->backend() == SdlBackend::Geometry);
  REQUIRE(win->geometryRenderer() != nullptr);
  CHECK(std::string(win->activeRenderer().name()) == "sdl-geometry");
  const std::string path = (std::filesystem::temp_directory_path() / "zenit-geometry-window.png").string();
  win->present(dl);
  CHECK_FALSE(win->writePng(path));  // frames are not kept unless asked
  win->setCaptureFrames(true);
  win->present(dl);
  CHECK(win->writePng(path));
  std::filesystem::remove(path);
}

#endif  // ZENIT_TEST_HAS_SDL
