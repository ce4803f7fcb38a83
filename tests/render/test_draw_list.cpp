// DrawList recording, state stacks, reuse; and the no-allocation bar for
// re-recording and rendering steady frames.
#include <zenit/core/Diagnostic.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/render/Font.hpp>
#include <zenit/render/Renderer.hpp>
#include <zenit/render/SoftwareRenderer.hpp>

#include "support/alloc_counter.hpp"
#include "support/zenit_test.hpp"

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <string>
#include <vector>

namespace {
// |a - b| <= eps (Catch's Approx differs between v2 and v3).
bool close(float a, float b, float eps = 1e-5f) { return std::fabs(a - b) <= eps; }

}  // namespace

using namespace zenit;

namespace {

Affine2D translate(float x, float y) { return Affine2D::fromMat3(translation(Vec2{x, y})); }
Affine2D scale(float s) { return Affine2D::fromMat3(scaling(Vec2{s, s})); }

// One frame of a small animated UI: the structure is fixed, the values move.
void recordScene(DrawList& dl, int frame) {
  const float t = static_cast<float>(frame) * 0.01f;
  dl.reset();
  dl.rect(RectF{0, 0, 64, 64}, Color::white());
  dl.pushClip(RectF{2, 2, 60, 60});
  for (int i = 0; i < 8; ++i) {
    const float y = static_cast<float>(i) * 7.0f;
    dl.pushTransform(translate(4.0f + t, y));
    dl.pushOpacity(0.5f + 0.5f * std::sin(t + static_cast<float>(i)));
    dl.shadow(RectF{0, 0, 30, 6}, Radii::all(3),
              ShadowStyle{.offsetY = 1, .blur = 4, .color = Color{0, 0, 0, 0.3f}});
    dl.rect(RectF{0, 0, 30, 6}, Color{0.2f, 0.4f, 0.9f, 1},
            RectStyle{.radii = Radii::all(3), .borderWidth = 1, .border = Color::black()});
    dl.text(2, 0, i % 2 == 0 ? "Button" : "Label text", TextStyle{.sizePx = 6, .color = Color::white()});
    dl.popOpacity();
    dl.popTransform();
  }
  dl.popClip();
}

struct LogCapture {
  std::vector<Diagnostic> seen;
  LogSink previous;
  LogCapture() {
    previous = setLogSink([this](const Diagnostic& d) { seen.push_back(d); });
  }
  ~LogCapture() { setLogSink(previous); }
};

}  // namespace

TEST_CASE("DrawList records each command with its fields and the current state", "[render][drawlist]") {
  DrawList dl;
  dl.rect(RectF{1, 2, 3, 4}, Color{1, 0, 0, 1});
  dl.rect(RectF{5, 6, 7, 8}, Color{0, 1, 0, 0.5f},
          RectStyle{.radii = Radii{1, 2, 3, 4}, .borderWidth = 2, .border = Color{0, 0, 1, 1}});
  dl.shadow(RectF{0, 0, 10, 10}, Radii::all(2),
            ShadowStyle{
                .offsetX = 3, .offsetY = 4, .blur = 5, .spread = 6, .color = Color::black(), .inset = true});
  dl.text(10, 20, "héllo",
          TextStyle{.sizePx = 14, .color = Color::white(), .align = TextAlign::Center, .width = 100});
  dl.text(0, 0, "second", TextStyle{});

  const auto cmds = dl.commands();
  REQUIRE(cmds.size() == 5);
  CHECK(cmds[0].op == DrawOp::Rect);
  CHECK(cmds[0].rect.rect == RectF{1, 2, 3, 4});
  CHECK(cmds[0].rect.fill == Rgba8{255, 0, 0, 255});
  CHECK(cmds[0].rect.radii.isZero());
  CHECK(cmds[0].rect.borderWidth == 0.0f);
  CHECK(cmds[1].rect.radii == Radii{1, 2, 3, 4});
  CHECK(cmds[1].rect.fill == Rgba8{0, 255, 0, 128});
  CHECK(cmds[1].rect.border == Rgba8{0, 0, 255, 255});
  CHECK(cmds[1].rect.borderWidth == 2.0f);
  CHECK(cmds[2].op == DrawOp::Shadow);
  CHECK(cmds[2].shadow.offsetX == 3.0f);
  CHECK(cmds[2].shadow.offsetY == 4.0f);
  CHECK(cmds[2].shadow.blur == 5.0f);
  CHECK(cmds[2].shadow.spread == 6.0f);
  CHECK(cmds[2].shadow.inset == 1);
  CHECK(cmds[3].op == DrawOp::Text);
  CHECK(dl.textOf(cmds[3].text) == "héllo");
  CHECK(cmds[3].text.sizePx == 14.0f);
  CHECK(cmds[3].text.align == TextAlign::Center);
  CHECK(cmds[3].text.width == 100.0f);
  CHECK(dl.textOf(cmds[4].text) == "second");         // the arena keeps both runs apart
  for (const DrawCmd& c : cmds) CHECK(c.state == 0);  // nothing pushed: the root state
  CHECK(dl.stateOf(cmds[0]).opacity == 1.0f);
  CHECK(dl.stateOf(cmds[0]).transform.isIdentity());
}

TEST_CASE("Shadow lists: outer ones on the border box, inset ones in the padding box, last first",
          "[render][drawlist]") {
  DrawList dl;
  const ShadowList list{Shadow{1, 2, 3, 4, Color::black(), /*inset=*/true},
                        Shadow{5, 6, 0, 0, Color::white(), /*inset=*/false},
                        Shadow{7, 8, 0, 0, Color{1, 0, 0, 1}, /*inset=*/true},
                        Shadow{9, 9, 0, 0, Color::transparent(), /*inset=*/true}};
  const RectF box{10, 20, 100, 60};
  const Radii radii{12, 4, 0, 30};
  dl.outerShadows(box, radii, list);
  dl.insetShadows(box, radii, 6.0f, list);
  const auto cmds = dl.commands();
  REQUIRE(cmds.size() == 3);  // the transparent one draws nothing
  CHECK(cmds[0].shadow.offsetX == 5.0f);
  CHECK(cmds[0].shadow.rect == box);
  CHECK(cmds[0].shadow.radii == radii);
  // Inset: the last first, so the list's first ends on top.
  CHECK(cmds[1].shadow.offsetX == 7.0f);
  CHECK(cmds[2].shadow.offsetX == 1.0f);
  for (const std::size_t i : {std::size_t{1}, std::size_t{2}}) {
    CHECK(cmds[i].shadow.inset == 1);
    CHECK(cmds[i].shadow.rect == RectF{16, 26, 88, 48});
    CHECK(cmds[i].shadow.radii == Radii{6, 0, 0, 24});
  }
  // A border wider than the box leaves an empty padding box, never a negative one.
  DrawList thin;
  thin.insetShadows(RectF{0, 0, 10, 40}, Radii{}, 8.0f, list);
  REQUIRE(thin.commands().size() == 2);
  CHECK(thin.commands()[0].shadow.rect == RectF{8, 8, 0, 24});
}

TEST_CASE("DrawList composes transforms parent-first and pops restore them",
          "[render][drawlist][transform]") {
  DrawList dl;
  dl.pushTransform(translate(10, 20));
  dl.rect(RectF{0, 0, 1, 1}, Color::black());  // 1
  dl.pushTransform(scale(2));
  dl.rect(RectF{0, 0, 1, 1}, Color::black());  // 3
  dl.popTransform();
  dl.rect(RectF{0, 0, 1, 1}, Color::black());  // 5
  dl.popTransform();
  dl.rect(RectF{0, 0, 1, 1}, Color::black());  // 7

  const auto cmds = dl.commands();
  REQUIRE(cmds.size() == 8);
  const Vec2 p{1, 1};
  const Vec2 a = dl.stateOf(cmds[1]).transform.apply(p);
  CHECK(close(a.x, 11));
  CHECK(close(a.y, 21));
  // parent * local: the scale applies first, then the parent's translation.
  const Vec2 b = dl.stateOf(cmds[3]).transform.apply(p);
  CHECK(close(b.x, 12));
  CHECK(close(b.y, 22));
  const Vec2 c = dl.stateOf(cmds[5]).transform.apply(p);
  CHECK(close(c.x, 11));
  CHECK(close(c.y, 21));
  CHECK(dl.stateOf(cmds[7]).transform.isIdentity());
  CHECK(cmds[7].state == 0);  // back on the root state, not a copy of it
  // The push command carries the local transform; its state is the composed one.
  CHECK(cmds[2].op == DrawOp::PushTransform);
  CHECK(cmds[2].transform.local == scale(2));
  CHECK(dl.openPushes() == 0);
}

TEST_CASE("DrawList opacity groups multiply, clamp, and NaN counts as 1", "[render][drawlist][opacity]") {
  DrawList dl;
  dl.pushOpacity(0.5f);
  dl.pushTransform(translate(3, 0));  // a transform keeps the opacity
  dl.pushOpacity(0.5f);
  dl.rect(RectF{0, 0, 1, 1}, Color::black());
  CHECK(close(dl.state(dl.currentState()).opacity, 0.25f));
  CHECK(close(dl.state(dl.currentState()).transform.e, 3));
  dl.popOpacity();
  CHECK(close(dl.state(dl.currentState()).opacity, 0.5f));
  dl.popTransform();
  dl.popOpacity();
  CHECK(dl.state(dl.currentState()).opacity == 1.0f);

  dl.pushOpacity(2.0f);
  CHECK(dl.state(dl.currentState()).opacity == 1.0f);
  dl.pushOpacity(-1.0f);
  CHECK(dl.state(dl.currentState()).opacity == 0.0f);
  dl.popOpacity();
  dl.pushOpacity(std::numeric_limits<float>::quiet_NaN());
  CHECK(dl.state(dl.currentState()).opacity == 1.0f);
  CHECK(dl.commands().back().opacity.opacity == 1.0f);
}

TEST_CASE("DrawList ignores, counts and logs once unbalanced or mismatched pops", "[render][drawlist]") {
  LogCapture log;
  DrawList dl;
  dl.popClip();  // nothing open
  dl.pushOpacity(0.5f);
  dl.popTransform();  // the open push is an opacity group
  dl.popTransform();
  CHECK(dl.unbalancedPops() == 3);
  CHECK(log.seen.size() == 1);
  CHECK(log.seen[0].severity == Severity::Warning);
  // None of the bad pops was recorded, and the group is still open.
  CHECK(dl.size() == 1);
  CHECK(dl.openPushes() == 1);
  CHECK(close(dl.state(dl.currentState()).opacity, 0.5f));
  dl.popOpacity();
  CHECK(dl.openPushes() == 0);
  CHECK(dl.size() == 2);
}

TEST_CASE("DrawList sanitises non-finite sizes and colours on record", "[render][drawlist]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  DrawList dl;
  dl.rect(RectF{0, 0, 4, 4}, Color{nan, 2.0f, -1.0f, nan},
          RectStyle{.radii = Radii{nan, -3, 2, 1}, .borderWidth = nan, .border = Color::black()});
  dl.shadow(RectF{0, 0, 4, 4}, Radii{}, ShadowStyle{.offsetX = nan, .blur = -2, .spread = nan});
  dl.text(0, 0, "x", TextStyle{.sizePx = nan, .width = -5});
  const auto cmds = dl.commands();
  CHECK(cmds[0].rect.fill == Rgba8{0, 255, 0, 0});
  CHECK(cmds[0].rect.radii == Radii{0, 0, 2, 1});
  CHECK(cmds[0].rect.borderWidth == 0.0f);
  CHECK(cmds[1].shadow.offsetX == 0.0f);
  CHECK(cmds[1].shadow.blur == 0.0f);
  CHECK(cmds[1].shadow.spread == 0.0f);
  CHECK(cmds[2].text.sizePx == 0.0f);
  CHECK(cmds[2].text.width == 0.0f);
}

TEST_CASE("DrawList reset rewinds commands, states and text but keeps capacity",
          "[render][drawlist][reuse]") {
  DrawList dl;
  recordScene(dl, 0);
  const std::size_t cmdCap = dl.commandCapacity(), textCap = dl.textCapacity();
  const std::size_t count = dl.size();
  REQUIRE(count > 0);
  dl.pushOpacity(0.5f);  // left open on purpose
  dl.reset();
  CHECK(dl.empty());
  CHECK(dl.states().size() == 1);
  CHECK(dl.currentState() == 0);
  CHECK(dl.openPushes() == 0);
  CHECK(dl.commandCapacity() == cmdCap);
  CHECK(dl.textCapacity() == textCap);
  recordScene(dl, 1);
  CHECK(dl.size() == count);
  CHECK(dl.textOf(dl.commands()[dl.size() - 4].text) == "Label text");
}

TEST_CASE("DrawList grows past its storage keeping every command, and each new slot starts zeroed",
          "[render][drawlist][reuse]") {
  DrawList dl;
  dl.rect(RectF{1, 2, 3, 4}, Color::white(), RectStyle{Radii::all(2.0f), 1.0f, Color::black()});
  dl.reset();  // the slot keeps the rounded, bordered command's bytes
  for (int i = 0; i < 300; ++i) dl.rect(RectF{static_cast<float>(i), 0, 1, 1}, Rgba8{1, 2, 3, 4});
  REQUIRE(dl.size() == 300);
  CHECK(dl.commandCapacity() >= 300);
  for (std::size_t i = 0; i < dl.size(); ++i) {
    const DrawCmd& c = dl.commands()[i];
    INFO("command " << i);
    CHECK(c.op == DrawOp::Rect);
    CHECK(c.rect.rect.x == static_cast<float>(i));
    CHECK(c.rect.fill == Rgba8{1, 2, 3, 4});
    CHECK(c.rect.radii == Radii{});  // not the reused slot's radii
    CHECK(c.rect.borderWidth == 0.0f);
    CHECK(c.rect.border == Rgba8{});
  }
  dl.reserve(1000, 0);
  CHECK(dl.commandCapacity() >= 1000);
  CHECK(dl.size() == 300);
}

TEST_CASE("Re-recording 600 frames of the same UI allocates nothing", "[render][drawlist][alloc]") {
  DrawList dl;
  NullRenderer null;
  RecordingRenderer recording;
  recordScene(dl, 0);  // the first frame grows every vector
  null.render(dl);
  recording.render(dl);

  const std::size_t before = zenit::test::allocationCount();
  for (int frame = 1; frame <= 600; ++frame) {
    recordScene(dl, frame);
    null.render(dl);
    recording.render(dl);
  }
  const std::size_t allocations = zenit::test::allocationCount() - before;
  CHECK(allocations == 0);
  CHECK(null.frames() == 601);
  CHECK(recording.rects().size() == 9);
}

TEST_CASE("The counting allocator sees allocations (guards the test above)", "[render][drawlist][alloc]") {
  const std::size_t before = zenit::test::allocationCount();
  // Stored through a volatile pointer so an optimising build cannot elide the
  // new/delete pair (C++14 lets it for an allocation nobody observes).
  std::vector<int>* volatile v = new std::vector<int>(100);
  const std::size_t after = zenit::test::allocationCount();
  delete v;
  CHECK(after - before >= 2);  // the vector object and its buffer
}

TEST_CASE("SoftwareRenderer steady frames allocate nothing", "[render][software][alloc]") {
  SoftwareRenderer sw(64, 64, SoftwareRendererOptions{.clearColor = Color::white()});
  DrawList dl;
  (void)Font::defaultFont();  // the process-wide font loads once, outside the count
  recordScene(dl, 0);
  sw.render(dl);  // bakes the glyph atlas, grows layers and scratch vectors

  const std::size_t before = zenit::test::allocationCount();
  for (int frame = 1; frame <= 30; ++frame) {
    recordScene(dl, frame);
    sw.render(dl);
  }
  CHECK(zenit::test::allocationCount() - before == 0);
  CHECK(sw.pixel(32, 32).a == 255);
}

TEST_CASE("Rgba8::from rounds to nearest, clamps to [0, 1] and maps NaN to 0", "[render][drawlist][color]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  CHECK(Rgba8::from(Color{0.5f, 1.0f / 255.0f * 0.49f, 1.0f / 255.0f * 0.51f, 1.0f}) ==
        Rgba8{128, 0, 1, 255});
  CHECK(Rgba8::from(Color{-0.0f, -3.0f, 7.0f, inf}) == Rgba8{0, 0, 255, 255});
  CHECK(Rgba8::from(Color{nan, -inf, 254.6f / 255.0f, 0.999f}) == Rgba8{0, 0, 255, 255});
  CHECK(Rgba8::from(Color{254.4f / 255.0f, 0.2f, 0.0f, nan}) == Rgba8{254, 51, 0, 0});
}

TEST_CASE("Rgba8::channel clamps without branches and rounds as v * 255 + 0.5 truncated",
          "[render][drawlist][color]") {
  // The reference: the comparison chain channel() was first written as.
  const auto reference = [](float v) -> std::uint8_t {
    if (!(v > 0.0f)) return 0;
    if (!(v < 1.0f)) return 255;
    return static_cast<std::uint8_t>(v * 255.0f + 0.5f);
  };
  std::size_t mismatches = 0;
  // Every float in [0, 1] whose bits are a multiple of 512, then their negatives
  // and the values up to 2, then the specials and the rounding boundaries.
  for (std::uint32_t bits = 0; bits <= 0x3f800000u; bits += 512u) {
    float v = 0.0f;
    std::memcpy(&v, &bits, sizeof v);
    mismatches += Rgba8::channel(v) != reference(v) ? 1u : 0u;
    mismatches += Rgba8::channel(-v) != reference(-v) ? 1u : 0u;
    mismatches += Rgba8::channel(v + 1.0f) != reference(v + 1.0f) ? 1u : 0u;
  }
  CHECK(mismatches == 0);
  const float specials[] = {std::numeric_limits<float>::quiet_NaN(),
                            -std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            -0.0f,
                            std::nextafter(1.0f, 0.0f),
                            std::nextafter(0.0f, 1.0f),
                            0.5f / 255.0f,
                            std::nextafter(0.5f / 255.0f, 0.0f),
                            254.5f / 255.0f};
  for (float v : specials) {
    INFO(v);
    CHECK(Rgba8::channel(v) == reference(v));
  }
}

TEST_CASE("DrawList runs record what rect records, past the storage, with one bounds check",
          "[render][drawlist]") {
  DrawList byRect;
  DrawList byRun;
  byRect.pushOpacity(0.5f);
  byRun.pushOpacity(0.5f);
  const std::size_t n = 300;  // past the first storage of 64 commands
  for (std::size_t i = 0; i < n; ++i)
    byRect.rect(RectF{float(i), 1.0f, 2.0f, 3.0f}, Rgba8{1, 2, 3, static_cast<std::uint8_t>(i)});
  DrawCmd* out = byRun.beginRun(n + 10);  // room for more than is written
  const std::uint32_t state = byRun.currentState();
  for (std::size_t i = 0; i < n; ++i)
    DrawList::writeRect(out[i], state, RectF{float(i), 1.0f, 2.0f, 3.0f},
                        Rgba8{1, 2, 3, static_cast<std::uint8_t>(i)});
  byRun.commitRun(n);
  byRect.rect(RectF{9.0f, 9.0f, 9.0f, 9.0f}, Rgba8{9, 9, 9, 9});  // recording goes on after the run
  byRun.rect(RectF{9.0f, 9.0f, 9.0f, 9.0f}, Rgba8{9, 9, 9, 9});
  REQUIRE(byRun.size() == byRect.size());
  CHECK(byRun.commandCapacity() >= n + 11);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < byRect.size(); ++i) {
    const DrawCmd& a = byRect.commands()[i];
    const DrawCmd& b = byRun.commands()[i];
    const bool same = a.op == b.op && a.state == b.state && a.rect.rect == b.rect.rect &&
                      a.rect.radii == b.rect.radii && a.rect.fill == b.rect.fill &&
                      a.rect.border == b.rect.border && a.rect.borderWidth == b.rect.borderWidth;
    differ += same ? 0u : 1u;
  }
  CHECK(differ == 0);
  CHECK(byRun.commands()[5].state == byRun.currentState());
  CHECK(byRun.commands()[5].state != 0u);
}
