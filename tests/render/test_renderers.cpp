// NullRenderer and RecordingRenderer: what benchmarks and tests read back.
#include <zenit/render/Renderer.hpp>

#include "support/zenit_test.hpp"

#include <cmath>

using namespace zenit;

namespace {
// |a - b| <= eps (Catch's Approx differs between v2 and v3).
bool close(float a, float b, float eps = 1e-5f) { return std::fabs(a - b) <= eps; }

Affine2D translate(float x, float y) { return Affine2D::fromMat3(translation(Vec2{x, y})); }
Affine2D rotate(float deg) { return Affine2D::fromMat3(rotation(deg)); }
}  // namespace

TEST_CASE("NullRenderer counts commands per kind and over frames", "[render][null]") {
  DrawList dl;
  dl.pushClip(RectF{0, 0, 10, 10});
  dl.rect(RectF{0, 0, 1, 1}, Color::black());
  dl.rect(RectF{0, 0, 1, 1}, Color::black());
  dl.text(0, 0, "a", TextStyle{});
  dl.popClip();

  NullRenderer null;
  null.render(dl);
  CHECK(null.frames() == 1);
  CHECK(null.lastCommandCount() == 5);
  CHECK(null.lastCount(DrawOp::Rect) == 2);
  CHECK(null.lastCount(DrawOp::Text) == 1);
  CHECK(null.lastCount(DrawOp::PushClip) == 1);
  CHECK(null.lastCount(DrawOp::Shadow) == 0);

  dl.reset();
  dl.rect(RectF{0, 0, 1, 1}, Color::black());
  null.render(dl);
  CHECK(null.frames() == 2);
  CHECK(null.lastCommandCount() == 1);
  CHECK(null.lastCount(DrawOp::Text) == 0);  // per-frame counts start over
  CHECK(null.totalCommands() == 6);
  CHECK(std::string_view(null.name()) == "null");
}

TEST_CASE("RecordingRenderer exposes rects, texts and shadows with their effective state",
          "[render][recording]") {
  DrawList dl;
  dl.rect(RectF{0, 0, 100, 100}, Color::white());
  dl.pushTransform(translate(10, 0));
  dl.pushOpacity(0.5f);
  dl.shadow(RectF{1, 2, 3, 4}, Radii::all(1), ShadowStyle{.blur = 6, .color = Color{0, 0, 0, 0.5f}});
  dl.rect(RectF{1, 2, 3, 4}, Color{1, 0, 0, 1},
          RectStyle{.radii = Radii::all(1), .borderWidth = 1, .border = Color::black()});
  dl.pushTransform(rotate(90));
  dl.text(5, 6, "caption",
          TextStyle{.sizePx = 12, .color = Color{0, 0, 1, 1}, .align = TextAlign::Right, .width = 40});
  dl.popTransform();
  dl.popOpacity();
  dl.popTransform();

  RecordingRenderer rec;
  rec.render(dl);
  dl.reset();  // the renderer keeps its own copy
  dl.rect(RectF{9, 9, 9, 9}, Color::black());

  REQUIRE(rec.rects().size() == 2);
  const RecordedRect& bg = rec.rects()[0];
  CHECK(bg.index == 0);
  CHECK(bg.rect == RectF{0, 0, 100, 100});
  CHECK(bg.transform.isIdentity());
  CHECK(bg.opacity == 1.0f);
  const RecordedRect& red = rec.rects()[1];
  CHECK(red.index == 4);
  CHECK(red.fill == Color{1, 0, 0, 1});
  CHECK(red.border == Color::black());
  CHECK(red.borderWidth == 1.0f);
  CHECK(red.radii == Radii::all(1));
  CHECK(close(red.transform.e, 10));
  CHECK(close(red.opacity, 0.5f));

  REQUIRE(rec.shadows().size() == 1);
  CHECK(rec.shadows()[0].blur == 6.0f);
  CHECK(close(rec.shadows()[0].color.a, 128.0f / 255.0f));
  CHECK(close(rec.shadows()[0].opacity, 0.5f));

  REQUIRE(rec.texts().size() == 1);
  const RecordedText& t = rec.texts()[0];
  CHECK(t.text == "caption");
  CHECK(t.x == 5.0f);
  CHECK(t.y == 6.0f);
  CHECK(t.width == 40.0f);
  CHECK(t.sizePx == 12.0f);
  CHECK(t.align == TextAlign::Right);
  CHECK(close(t.opacity, 0.5f));
  // translate(10, 0) * rotate(90): (1, 0) -> (0, 1) -> (10, 1).
  const Vec2 p = t.transform.apply(Vec2{1, 0});
  CHECK(close(p.x, 10, 1e-5f));
  CHECK(close(p.y, 1, 1e-5f));

  CHECK(rec.opOf(1) == DrawOp::PushTransform);
  CHECK(close(rec.transformOf(1).e, 10));
  CHECK(rec.opacityOf(1) == 1.0f);
  CHECK(close(rec.opacityOf(2), 0.5f));  // a push's state is the one it opens
  CHECK(rec.opacityOf(rec.list().size() - 1) == 1.0f);
  CHECK(rec.count(DrawOp::PopTransform) == 2);
  CHECK(rec.frames() == 1);
}

TEST_CASE("RecordingRenderer replaces the previous frame and keeps its capacity",
          "[render][recording][reuse]") {
  DrawList big, small;
  for (int i = 0; i < 50; ++i) big.text(0, 0, "some text", TextStyle{});
  small.rect(RectF{0, 0, 1, 1}, Color::black());
  RecordingRenderer rec;
  rec.render(big);
  const std::size_t cap = rec.list().commandCapacity();
  rec.render(small);
  CHECK(rec.texts().empty());
  CHECK(rec.rects().size() == 1);
  CHECK(rec.list().size() == 1);
  CHECK(rec.list().commandCapacity() == cap);
  CHECK(rec.frames() == 2);
}
