// SoftwareRenderer: the CPU rasteriser. The one translation unit that
// compiles stb_image_write, with static linkage.
//
// A frame is recorded and compared with the last one (render/FrameDiff),
// measured (every drawing command's pixel box under its clips), then
// cleared and drawn only inside the damage: the union of the boxes of what
// changed, in the last frame and in this one.
//
// [SECTION] Pixel math (premultiplied float pixels, coverage helpers)
// [SECTION] Impl: framebuffer, layers, clip state, damage records
// [SECTION] Commands: plan (the pixels a command may touch), then shade
// [SECTION] Frame loop: record, compare, measure, draw the damage
// [SECTION] Public API
#include <zenit/render/SoftwareRenderer.hpp>

#include <zenit/render/Font.hpp>

#include "render/FrameDiff.hpp"
#include "render/Gradients.hpp"
#include "render/Shapes.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpragmas"
#pragma GCC diagnostic ignored "-Wunknown-warning-option"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wcast-align"
#pragma GCC diagnostic ignored "-Wcast-qual"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wnull-dereference"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wuseless-cast"
#pragma GCC diagnostic ignored "-Wzero-as-null-pointer-constant"
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#pragma GCC diagnostic ignored "-Wstringop-overflow"
// stb_image_write spells its static-linkage switch STB_IMAGE_WRITE_STATIC.
#define STBIW_STATIC
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#pragma GCC diagnostic pop

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Pixel math
// ---------------------------------------------------------------------------
using namespace shapes;

namespace {

constexpr float kInv255 = 1.0f / 255.0f;
constexpr float kSqrt1_2 = 0.70710678f;
constexpr float kMinAlpha = 0.5f / 255.0f;  // below this a source pixel cannot change a byte

struct Pm {  // premultiplied RGBA in [0, 1]
  float r, g, b, a;
};

Pm premul(Rgba8 c) {
  const float a = static_cast<float>(c.a) * kInv255;
  return Pm{static_cast<float>(c.r) * kInv255 * a, static_cast<float>(c.g) * kInv255 * a,
            static_cast<float>(c.b) * kInv255 * a, a};
}
Pm scaled(const Pm& p, float k) { return Pm{p.r * k, p.g * k, p.b * k, p.a * k}; }
Pm over(const Pm& top, const Pm& bottom) {
  const float k = 1.0f - top.a;
  return Pm{top.r + bottom.r * k, top.g + bottom.g * k, top.b + bottom.b * k, top.a + bottom.a * k};
}
std::uint8_t toByte(float v) {
  // v is in (0, 1) where it is cast, so adding 0.5 and truncating rounds to nearest.
  // NOLINTNEXTLINE(bugprone-incorrect-roundings)
  return v > 0.0f ? (v < 1.0f ? static_cast<std::uint8_t>(v * 255.0f + 0.5f) : std::uint8_t{255})
                  : std::uint8_t{0};
}

// Source-over of `s` onto the premultiplied RGBA8 pixel at `d`.
void blend(std::uint8_t* d, const Pm& s) {
  if (s.a >= 1.0f) {  // opaque: nothing of the destination survives
    d[0] = toByte(s.r);
    d[1] = toByte(s.g);
    d[2] = toByte(s.b);
    d[3] = 255;
    return;
  }
  const float k = 1.0f - s.a;
  d[0] = toByte(s.r + static_cast<float>(d[0]) * kInv255 * k);
  d[1] = toByte(s.g + static_cast<float>(d[1]) * kInv255 * k);
  d[2] = toByte(s.b + static_cast<float>(d[2]) * kInv255 * k);
  d[3] = toByte(s.a + static_cast<float>(d[3]) * kInv255 * k);
}

// Length of [lo, hi] that falls inside the pixel span [p, p + 1].
float spanCoverage(float p, float lo, float hi) { return clamp01(std::min(p + 1.0f, hi) - std::max(p, lo)); }

// Integer pixel box, half-open.
struct IBox {
  int x0{0}, y0{0}, x1{0}, y1{0};
  bool empty() const { return x0 >= x1 || y0 >= y1; }
};
IBox intersect(const IBox& a, const IBox& b) {
  return IBox{std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}
std::int64_t area(const IBox& b) {
  return b.empty() ? 0 : static_cast<std::int64_t>(b.x1 - b.x0) * static_cast<std::int64_t>(b.y1 - b.y0);
}
IBox unite(const IBox& a, const IBox& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return IBox{std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
}

struct FBox {  // float device box
  float x0, y0, x1, y1;
};
bool finite(const FBox& b) {
  return std::isfinite(b.x0) && std::isfinite(b.y0) && std::isfinite(b.x1) && std::isfinite(b.y1);
}
FBox deviceBounds(const Affine2D& m, float x0, float y0, float x1, float y1) {
  const Vec2 p[4] = {m.apply({x0, y0}), m.apply({x1, y0}), m.apply({x1, y1}), m.apply({x0, y1})};
  FBox b{p[0].x, p[0].y, p[0].x, p[0].y};
  for (const Vec2& q : p) {
    b.x0 = std::min(b.x0, q.x);
    b.y0 = std::min(b.y0, q.y);
    b.x1 = std::max(b.x1, q.x);
    b.y1 = std::max(b.y1, q.y);
  }
  return b;
}
// Pixels touched by `b` (plus `margin`), limited to `limit`; empty for NaN/inf.
IBox pixelBox(const FBox& b, float margin, const IBox& limit) {
  if (!finite(b)) return IBox{};
  const auto lo = [](float v, int l, int h) {
    return static_cast<int>(std::clamp(std::floor(v), static_cast<float>(l), static_cast<float>(h)));
  };
  const auto hi = [](float v, int l, int h) {
    return static_cast<int>(std::clamp(std::ceil(v), static_cast<float>(l), static_cast<float>(h)));
  };
  return IBox{lo(b.x0 - margin, limit.x0, limit.x1), lo(b.y0 - margin, limit.y0, limit.y1),
              hi(b.x1 + margin, limit.x0, limit.x1), hi(b.y1 + margin, limit.y0, limit.y1)};
}

// erf from a table with linear interpolation: shadows evaluate it for every
// pixel they reach, and 8-bit output needs ~1e-3, not libm's 1e-7. Steps of
// 1/128 on [0, 3] keep the error below 1e-5; erf(3) = 0.99998.
class ErfTable {
 public:
  ErfTable() {
    for (std::size_t i = 0; i < kSize; ++i) v_[i] = std::erf(static_cast<float>(i) / kPerUnit);
  }
  float operator()(float x) const {
    const float ax = std::fabs(x) * kPerUnit;
    if (!(ax < static_cast<float>(kSize - 1))) return x < 0.0f ? -1.0f : 1.0f;  // also NaN -> +-1
    const auto i = static_cast<std::size_t>(ax);
    const float f = ax - static_cast<float>(i);
    const float y = v_[i] + (v_[i + 1] - v_[i]) * f;
    return x < 0.0f ? -y : y;
  }

 private:
  static constexpr float kPerUnit = 128.0f;
  static constexpr std::size_t kSize = 3 * 128 + 2;
  std::array<float, kSize> v_{};
};
const ErfTable& erfTable() {
  static const ErfTable table;
  return table;
}

// Fraction of a 1-D Gaussian centred at p that lies in [lo, hi]
// (invSigmaSqrt2 = 1 / (sigma * sqrt 2)).
float gaussSpan(const ErfTable& erf, float p, float lo, float hi, float invSigmaSqrt2) {
  return 0.5f * (erf((hi - p) * invSigmaSqrt2) - erf((lo - p) * invSigmaSqrt2));
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Impl
// ---------------------------------------------------------------------------

struct SoftwareRenderer::Impl {
  struct Layer {
    std::vector<std::uint8_t> px;  // premultiplied RGBA8; layers above 0 are kept all-zero between uses
    IBox dirty;                    // pixels drawn since the layer was opened
  };
  struct Group {
    bool layered;  // false: opacity 1 (or measuring), drawn straight into the parent
    float opacity;
  };
  struct ClipSave {
    FBox box;           // clip box before the push
    bool addedRotated;  // whether the push appended to `rotated`
  };
  struct RotatedClip {
    Xform xf;
    RoundBox box;
  };

  int w{0}, h{0};
  Color clear{Color::transparent()};
  const Font* font{nullptr};

  std::vector<Layer> layers;  // [0] is the framebuffer
  std::size_t depth{0};       // current layer
  std::vector<Group> groups;
  int skipDepth{0};  // > 0 while inside an opacity-0 group: commands are skipped

  FBox clipBox{};  // intersection of every clip's device bounds
  IBox limit{};    // pixels this walk may touch: the damage while drawing, the frame while measuring
  IBox scissor{};  // pixels inside clipBox and `limit`
  std::vector<ClipSave> clipStack;
  std::vector<RotatedClip> rotated;

  std::vector<GlyphQuad> glyphs;  // reused per text command

  // Damage tracking (docs/rendering.md, "Damage").
  damage::FrameRecord last, next;            // the frame drawn last; the one being drawn
  std::vector<IBox> lastBounds, nextBounds;  // per command: the pixels it may touch under its clips
  damage::Scratch diff;
  bool redrawAll{true};  // the next frame ignores `last`: first frame, resize, clear colour or font change
  IBox damaged{};        // the pixels the last render() repainted

  void allocate(int width, int height) {
    w = std::clamp(width, 0, kMaxSize);
    h = std::clamp(height, 0, kMaxSize);
    layers.clear();
    layers.emplace_back();
    layers[0].px.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0);
    fillClear(frame());
    redrawAll = true;
    damaged = IBox{};
  }

  void fillClear(const IBox& box) {
    const Pm c = premul(Rgba8::from(clear));
    const std::uint8_t b[4] = {toByte(c.r), toByte(c.g), toByte(c.b), toByte(c.a)};
    const auto stride = static_cast<std::size_t>(w) * 4;
    for (int y = box.y0; y < box.y1; ++y) {
      std::uint8_t* row = layers[0].px.data() + static_cast<std::size_t>(y) * stride;
      for (int x = box.x0; x < box.x1; ++x) {
        std::uint8_t* d = row + static_cast<std::size_t>(x) * 4;
        d[0] = b[0];
        d[1] = b[1];
        d[2] = b[2];
        d[3] = b[3];
      }
    }
  }

  IBox frame() const { return IBox{0, 0, w, h}; }

  // Coverage of pixel (x, y) by the clip stack (1 when nothing is clipped).
  float clipCoverage(int x, int y) const {
    const float fx = static_cast<float>(x), fy = static_cast<float>(y);
    float c = spanCoverage(fx, clipBox.x0, clipBox.x1) * spanCoverage(fy, clipBox.y0, clipBox.y1);
    for (const RotatedClip& rc : rotated) {
      if (c <= 0.0f) break;
      const Vec2 local = rc.xf.inv.apply(Vec2{fx + 0.5f, fy + 0.5f});
      c *= sdfCoverage(sdf(rc.box, local), rc.xf.pxPerUnit);
    }
    return c;
  }

  // Shades every pixel of `box` (inside the scissor) with `shade(x, y)`,
  // which returns the premultiplied, coverage-weighted source colour. What
  // a pixel gets depends on (x, y) and the clips alone, never on which part
  // of `box` the scissor keeps: a damaged redraw writes the bytes a full one
  // writes.
  template <class Shade>
  void fill(IBox box, Shade&& shade) {
    box = intersect(box, scissor);
    if (box.empty()) return;
    Layer& layer = layers[depth];
    layer.dirty = unite(layer.dirty, box);
    const bool clipped = !clipStack.empty();
    const auto stride = static_cast<std::size_t>(w) * 4;
    for (int y = box.y0; y < box.y1; ++y) {
      std::uint8_t* row = layer.px.data() + static_cast<std::size_t>(y) * stride;
      for (int x = box.x0; x < box.x1; ++x) {
        Pm s = shade(x, y);
        if (s.a < kMinAlpha) continue;
        if (clipped) {
          const float c = clipCoverage(x, y);
          if (c <= 0.0f) continue;
          s = scaled(s, c);
        }
        blend(row + static_cast<std::size_t>(x) * 4, s);
      }
    }
  }

  // --- State commands -------------------------------------------------------

  void pushClip(const RectF& r, const Affine2D& m) {
    clipStack.push_back(ClipSave{clipBox, false});
    Xform xf{};
    FBox b{0, 0, 0, 0};  // a degenerate clip clips everything
    if (makeXform(m, xf) && r.w > 0.0f && r.h > 0.0f) {
      b = deviceBounds(m, r.x, r.y, r.x + r.w, r.y + r.h);
      if (!finite(b)) b = FBox{0, 0, 0, 0};
      if (!xf.rectilinear) {
        rotated.push_back(RotatedClip{xf, makeRoundBox(r.x, r.y, r.w, r.h, Radii{})});
        clipStack.back().addedRotated = true;
      }
    }
    clipBox = FBox{std::max(clipBox.x0, b.x0), std::max(clipBox.y0, b.y0), std::min(clipBox.x1, b.x1),
                   std::min(clipBox.y1, b.y1)};
    updateScissor();
  }

  void popClip() {
    if (clipStack.empty()) return;
    const ClipSave s = clipStack.back();
    clipStack.pop_back();
    clipBox = s.box;
    if (s.addedRotated && !rotated.empty()) rotated.pop_back();
    updateScissor();
  }

  void updateScissor() { scissor = intersect(pixelBox(clipBox, 0.0f, frame()), limit); }

  // `layered` is false while measuring: a group then only decides what is skipped.
  void pushOpacity(float o, bool layered) {
    if (!(o > 0.0f)) {  // nothing inside can show: skip to the matching pop
      skipDepth = 1;
      return;
    }
    if (o >= 1.0f || !layered) {
      groups.push_back(Group{false, 1.0f});
      return;
    }
    groups.push_back(Group{true, o});
    ++depth;
    if (layers.size() <= depth) {
      layers.emplace_back();
      layers.back().px.assign(layers[0].px.size(), 0);
    }
    layers[depth].dirty = IBox{};
  }

  void popOpacity() {
    if (groups.empty()) return;
    const Group g = groups.back();
    groups.pop_back();
    if (!g.layered || depth == 0) return;
    Layer& src = layers[depth];
    Layer& dst = layers[depth - 1];
    const IBox box = intersect(src.dirty, frame());
    const auto stride = static_cast<std::size_t>(w) * 4;
    for (int y = box.y0; y < box.y1; ++y) {
      std::uint8_t* s =
          src.px.data() + static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(box.x0) * 4;
      std::uint8_t* d =
          dst.px.data() + static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(box.x0) * 4;
      for (int x = box.x0; x < box.x1; ++x, s += 4, d += 4) {
        if (s[3] != 0 || s[0] != 0 || s[1] != 0 || s[2] != 0) {
          const Pm p{
              static_cast<float>(s[0]) * kInv255 * g.opacity, static_cast<float>(s[1]) * kInv255 * g.opacity,
              static_cast<float>(s[2]) * kInv255 * g.opacity, static_cast<float>(s[3]) * kInv255 * g.opacity};
          blend(d, p);
          s[0] = s[1] = s[2] = s[3] = 0;  // leave the layer clean for its next use
        }
      }
    }
    dst.dirty = unite(dst.dirty, box);
    src.dirty = IBox{};
    --depth;
  }

  // ---------------------------------------------------------------------------
  // [SECTION] Commands
  // Each command is planned, then shaded. The plan's box is every pixel the
  // shading may write, so it is also the command's damage bounds: damage
  // and drawing cannot disagree about where a command reaches.
  // ---------------------------------------------------------------------------

  struct RectPlan {
    Xform xf{};
    FBox dev{};  // device bounds of the border box
    IBox box{};  // pixels it may touch (1 px of anti-aliasing around dev); empty: draws nothing
    Pm fill{}, border{};
    float bw{0.0f};  // border width, at most half the shorter side
  };

  RectPlan planRect(const RectCmd& c, const Affine2D& m) const {
    RectPlan p;
    if (!makeXform(m, p.xf)) return p;
    const RectF& r = c.rect;
    if (!(r.w > 0.0f) || !(r.h > 0.0f) || !std::isfinite(r.x) || !std::isfinite(r.y) || !std::isfinite(r.w) ||
        !std::isfinite(r.h))
      return p;
    p.fill = premul(c.fill);
    p.bw = std::min(c.borderWidth, 0.5f * std::min(r.w, r.h));
    p.border = p.bw > 0.0f ? premul(c.border) : Pm{0, 0, 0, 0};
    if (p.fill.a < kMinAlpha && p.border.a < kMinAlpha) return p;
    p.dev = deviceBounds(m, r.x, r.y, r.x + r.w, r.y + r.h);
    p.box = pixelBox(p.dev, 1.0f, frame());
    return p;
  }

  void drawRect(const RectCmd& c, const Affine2D& m) {
    const RectPlan p = planRect(c, m);
    if (p.box.empty()) return;
    const RectF& r = c.rect;
    const Xform& xf = p.xf;
    const FBox& dev = p.dev;
    const float bw = p.bw;
    // Composite of border over fill for the pixel's outer and inner coverages.
    const auto paint = [fillPm = p.fill, border = p.border](float outer, float inner) {
      const Pm f = scaled(fillPm, outer);
      if (border.a <= 0.0f) return f;
      return over(scaled(border, clamp01(outer - inner)), f);
    };

    if (xf.rectilinear && c.radii.isZero()) {
      // Exact area coverage: the device shape is an axis-aligned box.
      const float sx = std::fabs(m.a) + std::fabs(m.c), sy = std::fabs(m.b) + std::fabs(m.d);
      const FBox in{dev.x0 + bw * sx, dev.y0 + bw * sy, dev.x1 - bw * sx, dev.y1 - bw * sy};
      const bool hasInner = bw > 0.0f && in.x1 > in.x0 && in.y1 > in.y0;
      fill(p.box, [&](int x, int y) {
        const float fx = static_cast<float>(x), fy = static_cast<float>(y);
        const float outer = spanCoverage(fx, dev.x0, dev.x1) * spanCoverage(fy, dev.y0, dev.y1);
        const float inner = bw <= 0.0f ? outer
                            : hasInner ? spanCoverage(fx, in.x0, in.x1) * spanCoverage(fy, in.y0, in.y1)
                                       : 0.0f;
        return paint(outer, inner);
      });
      return;
    }

    const RoundBox outerBox = makeRoundBox(r.x, r.y, r.w, r.h, c.radii);
    const Radii& ro = outerBox.r;
    const RoundBox innerBox =
        makeRoundBox(r.x + bw, r.y + bw, r.w - 2 * bw, r.h - 2 * bw,
                     Radii{std::max(0.0f, ro.topLeft - bw), std::max(0.0f, ro.topRight - bw),
                           std::max(0.0f, ro.bottomRight - bw), std::max(0.0f, ro.bottomLeft - bw)});
    const float interior = bw + 1.0f / xf.pxPerUnit;  // past the border and one device px of AA
    fill(p.box, [&, fillPm = p.fill](int x, int y) {
      const Vec2 q = xf.inv.apply(Vec2{static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
      if (deepInside(outerBox, q, interior)) return fillPm;
      const float outer = sdfCoverage(sdf(outerBox, q), xf.pxPerUnit);
      if (outer <= 0.0f) return Pm{0, 0, 0, 0};
      float inner = outer;
      if (bw > 0.0f) inner = innerBox.valid ? sdfCoverage(sdf(innerBox, q), xf.pxPerUnit) : 0.0f;
      return paint(outer, inner);
    });
  }

  struct ShadowPlan {
    Xform xf{};
    RoundBox box{};                    // the box casting the shadow
    RoundBox shape{};                  // whose blurred coverage is the shadow (outer) or the hole (inset)
    float sx{0}, sy{0}, sw{0}, sh{0};  // the shape's rectangle
    float sigma{0};
    Pm color{};
    IBox reach{};  // pixels it may touch (3 sigma of blur, offset and spread, 1 px more); empty: nothing
  };

  ShadowPlan planShadow(const ShadowCmd& c, const Affine2D& m) const {
    ShadowPlan p;
    if (!makeXform(m, p.xf)) return p;
    const RectF& r = c.rect;
    if (!(r.w > 0.0f) || !(r.h > 0.0f) || !std::isfinite(r.x) || !std::isfinite(r.y)) return p;
    p.color = premul(c.color);
    if (p.color.a < kMinAlpha) return p;
    p.box = makeRoundBox(r.x, r.y, r.w, r.h, c.radii);
    p.sigma = 0.5f * c.blur;  // CSS: the blur radius is twice the standard deviation
    const bool inset = c.inset != 0;
    const float grow = inset ? -c.spread : c.spread;
    p.sx = r.x + c.offsetX - grow;
    p.sy = r.y + c.offsetY - grow;
    p.sw = r.w + 2 * grow;
    p.sh = r.h + 2 * grow;
    const auto adjust = [grow](float rad) { return rad > 0.0f ? std::max(0.0f, rad + grow) : 0.0f; };
    p.shape = makeRoundBox(p.sx, p.sy, p.sw, p.sh,
                           Radii{adjust(p.box.r.topLeft), adjust(p.box.r.topRight),
                                 adjust(p.box.r.bottomRight), adjust(p.box.r.bottomLeft)});
    if (!inset && !p.shape.valid) return p;
    FBox reach{};
    if (inset) {
      reach = deviceBounds(m, r.x, r.y, r.x + r.w, r.y + r.h);
    } else {
      const float ext = blurred(p) ? 3.0f * p.sigma : 0.0f;
      reach = deviceBounds(m, p.sx - ext, p.sy - ext, p.sx + p.sw + ext, p.sy + p.sh + ext);
    }
    p.reach = pixelBox(reach, 1.0f, frame());
    return p;
  }
  static bool blurred(const ShadowPlan& p) { return p.sigma * p.xf.pxPerUnit > 0.05f; }

  void drawShadow(const ShadowCmd& c, const Affine2D& m) {
    const ShadowPlan p = planShadow(c, m);
    if (p.reach.empty()) return;
    const Xform& xf = p.xf;
    const RoundBox& box = p.box;
    const RoundBox& shape = p.shape;
    const bool isBlurred = blurred(p);
    const float invS = isBlurred ? kSqrt1_2 / p.sigma : 0.0f;
    const bool inset = c.inset != 0;
    const ErfTable& erf = erfTable();
    const float shapeRmax = std::max(std::max(shape.r.topLeft, shape.r.topRight),
                                     std::max(shape.r.bottomRight, shape.r.bottomLeft));

    // Blurred coverage of `shape` at local point q.
    const auto shapeCoverage = [&](Vec2 q) {
      if (!shape.valid) return 0.0f;
      if (!isBlurred) return sdfCoverage(sdf(shape, q), xf.pxPerUnit);
      const float sep =
          gaussSpan(erf, q.x, p.sx, p.sx + p.sw, invS) * gaussSpan(erf, q.y, p.sy, p.sy + p.sh, invS);
      // Beside a straight side (outside every corner square) the rounded
      // distance is the straight one, whose profile never undercuts `sep`.
      if (std::fabs(q.x - shape.cx) <= shape.hx - shapeRmax ||
          std::fabs(q.y - shape.cy) <= shape.hy - shapeRmax)
        return sep;
      const float edge = 0.5f * (1.0f - erf(sdf(shape, q) * invS));
      return std::min(sep, edge);
    };

    fill(p.reach, [&](int x, int y) {
      const Vec2 q = xf.inv.apply(Vec2{static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
      const bool core = deepInside(box, q, 1.0f / xf.pxPerUnit);
      if (core && !inset) return Pm{0, 0, 0, 0};  // under the box: an outer shadow never shows there
      const float inBox = core ? 1.0f : sdfCoverage(sdf(box, q), xf.pxPerUnit);
      float k = 0.0f;
      if (inset) {
        if (inBox > 0.0f) k = inBox * (1.0f - shapeCoverage(q));
      } else if (inBox < 1.0f) {
        k = (1.0f - inBox) * shapeCoverage(q);  // CSS: an outer shadow never shows under its box
      }
      return scaled(p.color, k);
    });
  }

  // Calls visit(glyph, qx, qy, box, atlas, xf) for each glyph of a text
  // command: (qx, qy) is the glyph's top-left in local px, box the pixels
  // it may touch.
  template <class Visit>
  void forEachGlyph(const TextCmd& c, std::string_view text, const Affine2D& m, Visit&& visit) {
    if (text.empty() || c.color.a == 0) return;
    Xform xf{};
    if (!makeXform(m, xf) || !std::isfinite(c.x) || !std::isfinite(c.y)) return;
    const Font& f = font != nullptr ? *font : Font::defaultFont();
    const GlyphAtlasView atlas = f.layoutGlyphs(text, c.sizePx, glyphs);
    if (glyphs.empty() || atlas.pixels == nullptr) return;
    float ox = c.x;
    if (c.align != TextAlign::Left && c.width > 0.0f) {
      const float tw = f.measureText(text, c.sizePx).width;
      ox += c.align == TextAlign::Center ? 0.5f * (c.width - tw) : c.width - tw;
    }
    for (const GlyphQuad& g : glyphs) {
      const float qx = ox + g.x, qy = c.y + g.y;
      visit(g, qx, qy, pixelBox(deviceBounds(m, qx, qy, qx + g.w, qy + g.h), 1.0f, frame()), atlas, xf);
    }
  }

  void drawText(const TextCmd& c, std::string_view text, const Affine2D& m) {
    const Pm color = premul(c.color);
    forEachGlyph(
        c, text, m,
        [&](const GlyphQuad& g, float qx, float qy, const IBox& box, const GlyphAtlasView& atlas,
            const Xform& xf) {
          const float invScale = 1.0f / g.scale;
          const int u0 = static_cast<int>(g.u), v0 = static_cast<int>(g.v);
          const int u1 = u0 + static_cast<int>(std::lround(g.w * invScale));
          const int v1 = v0 + static_cast<int>(std::lround(g.h * invScale));
          // Texel (tx, ty) of this glyph, 0 outside its own bitmap.
          const auto texel = [&](int tx, int ty) {
            if (tx < u0 || ty < v0 || tx >= u1 || ty >= v1) return 0.0f;
            return static_cast<float>(
                       atlas.pixels[static_cast<std::size_t>(ty) * static_cast<std::size_t>(atlas.width) +
                                    static_cast<std::size_t>(tx)]) *
                   kInv255;
          };
          fill(box, [&](int x, int y) {
            const Vec2 p = xf.inv.apply(Vec2{static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
            // Texel space, with texel centres on integers for bilinear weights.
            const float tx = g.u + (p.x - qx) * invScale - 0.5f, ty = g.v + (p.y - qy) * invScale - 0.5f;
            const float fx = std::floor(tx), fy = std::floor(ty);
            // Compared as floats first: a near-singular transform maps a pixel
            // far outside the glyph, past what an int holds (and NaN fails too).
            if (!(fx >= static_cast<float>(u0 - 1) && fy >= static_cast<float>(v0 - 1) &&
                  fx < static_cast<float>(u1) && fy < static_cast<float>(v1)))
              return Pm{0, 0, 0, 0};
            const int ix = static_cast<int>(fx), iy = static_cast<int>(fy);
            const float ax = tx - fx, ay = ty - fy;
            const float top = texel(ix, iy) * (1 - ax) + texel(ix + 1, iy) * ax;
            const float bottom = texel(ix, iy + 1) * (1 - ax) + texel(ix + 1, iy + 1) * ax;
            return scaled(color, top * (1 - ay) + bottom * ay);
          });
        });
  }

  // --- Gradient backgrounds -------------------------------------------------

  struct GradientPlan {
    Xform xf{};
    IBox box{};  // pixels it may touch; empty: draws nothing
  };

  GradientPlan planGradient(const GradientCmd& c, const Affine2D& m) const {
    GradientPlan p;
    if (!makeXform(m, p.xf)) return p;
    const RectF& r = c.rect;
    if (!(r.w > 0.0f) || !(r.h > 0.0f) || !std::isfinite(r.x) || !std::isfinite(r.y) || !std::isfinite(r.w) ||
        !std::isfinite(r.h))
      return p;
    const FBox dev = deviceBounds(m, r.x, r.y, r.x + r.w, r.y + r.h);
    p.box = pixelBox(dev, 1.0f, frame());
    return p;
  }

  // Each pixel's centre taken back to the box, folded into the tile (the
  // padding box) and shaded by gradients::colorAt; anti-aliased at the
  // (rounded) border box's edge as a Rect command is.
  void drawGradient(const GradientCmd& c, const GradientImage& g, const Affine2D& m) {
    const GradientPlan p = planGradient(c, m);
    if (p.box.empty()) return;
    const RectF& r = c.rect;
    const float bw = std::clamp(c.borderWidth, 0.0f, 0.5f * std::min(r.w, r.h));
    const float tw = r.w - 2.0f * bw, th = r.h - 2.0f * bw;
    // A padding box of no area: CSS draws no image there.
    if (!(tw > 0.0f) || !(th > 0.0f)) return;
    const gradients::Resolved res = gradients::resolve(g, tw, th);
    const Xform& xf = p.xf;
    const RoundBox box = makeRoundBox(r.x, r.y, r.w, r.h, c.radii);
    const float interior = 1.0f / xf.pxPerUnit;
    fill(p.box, [&](int x, int y) {
      const Vec2 q = xf.inv.apply(Vec2{static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
      float cover = 1.0f;
      if (!deepInside(box, q, interior)) {
        cover = sdfCoverage(sdf(box, q), xf.pxPerUnit);
        if (cover <= 0.0f) return Pm{0, 0, 0, 0};
      }
      float u = q.x, v = q.y;
      gradients::wrap(res, r.x + bw, r.y + bw, u, v);
      const gradients::Premul col = gradients::colorAt(res, gradients::lineAt(res, u, v));
      return Pm{col.r * cover, col.g * cover, col.b * cover, col.a * cover};
    });
  }

  // The pixels a drawing command may touch, before clips.
  IBox reach(const DrawCmd& c, const Affine2D& m, const damage::FrameRecord& f) {
    switch (c.op) {
      case DrawOp::Rect: return planRect(c.rect, m).box;
      case DrawOp::Shadow: return planShadow(c.shadow, m).reach;
      case DrawOp::Gradient: return planGradient(c.gradient, m).box;
      case DrawOp::Text: {
        IBox box{};
        forEachGlyph(c.text, f.textOf(c.text), m,
                     [&box](const GlyphQuad&, float, float, const IBox& b, const GlyphAtlasView&,
                            const Xform&) { box = unite(box, b); });
        return box;
      }
      default: return IBox{};
    }
  }

  // ---------------------------------------------------------------------------
  // [SECTION] Frame loop
  // ---------------------------------------------------------------------------

  // Runs the state commands of `f` (clips, groups, skipping what an
  // opacity-0 group holds) and calls visit(k, cmd, transform) for each
  // command that draws. Measuring and drawing both walk through here, so a
  // command is measured under exactly the clips it is drawn under.
  template <class Visit>
  void walk(const damage::FrameRecord& f, bool layered, Visit&& visit) {
    depth = 0;
    groups.resize(0);
    skipDepth = 0;
    clipStack.resize(0);
    rotated.resize(0);
    clipBox = FBox{0, 0, static_cast<float>(w), static_cast<float>(h)};
    updateScissor();
    for (std::size_t k = 0; k < f.size(); ++k) {
      const DrawCmd& c = f.cmds[k];
      if (skipDepth > 0) {
        skipDepth += shapes::nesting(c.op);
        continue;
      }
      switch (c.op) {
        case DrawOp::Rect:
        case DrawOp::Shadow:
        case DrawOp::Gradient:
        case DrawOp::Text: visit(k, c, f.transformOf(c)); break;
        case DrawOp::PushClip: pushClip(c.clip.rect, f.transformOf(c)); break;
        case DrawOp::PopClip: popClip(); break;
        case DrawOp::PushOpacity: pushOpacity(c.opacity.opacity, layered); break;
        case DrawOp::PopOpacity: popOpacity(); break;
        case DrawOp::PushTransform:
        case DrawOp::PopTransform: break;  // transforms arrive as each command's state
      }
    }
    // Close what the list left open, so every layer is composited.
    while (!groups.empty()) popOpacity();
  }

  // Fills nextBounds (each drawing command's reach under its clips; a same
  // command keeps its partner's) and returns the union of the bounds of the
  // commands that are not same (all of them unless `diffed`).
  IBox measure(bool diffed) {
    nextBounds.assign(next.size(), IBox{});
    limit = frame();
    IBox changed{};
    walk(next, false, [&](std::size_t k, const DrawCmd& c, const Affine2D& m) {
      if (diffed && next.same[k] != 0) {
        nextBounds[k] = lastBounds[static_cast<std::size_t>(next.partner[k])];
        return;
      }
      nextBounds[k] = intersect(reach(c, m, next), scissor);
      changed = unite(changed, nextBounds[k]);
    });
    return changed;
  }

  // Clears `region` and draws every command that reaches into it, cut to it.
  void draw(const IBox& region) {
    limit = region;
    fillClear(region);
    layers[0].dirty = IBox{};
    walk(next, true, [&](std::size_t k, const DrawCmd& c, const Affine2D& m) {
      if (intersect(nextBounds[k], region).empty()) return;  // nothing of it lands in the region
      switch (c.op) {
        case DrawOp::Rect: drawRect(c.rect, m); break;
        case DrawOp::Shadow: drawShadow(c.shadow, m); break;
        case DrawOp::Gradient: drawGradient(c.gradient, next.gradients[c.gradient.index], m); break;
        default: drawText(c.text, next.textOf(c.text), m); break;
      }
    });
  }

  void render(const DrawList& list) {
    damaged = IBox{};
    if (w == 0 || h == 0) return;
    damage::record(list, next, diff);
    damage::reserveLike(next, next, diff);  // a frame this large never allocates again
    damage::reserveLike(last, next, diff);
    lastBounds.reserve(next.size());
    const bool diffed = !redrawAll;
    if (diffed) damage::compare(last, next, diff);
    IBox region = measure(diffed);
    if (diffed) {  // what the last frame drew where nothing same draws now
      for (std::size_t i = 0; i < last.size(); ++i)
        if (damage::drawsPixels(last.cmds[i].op) && last.same[i] == 0) region = unite(region, lastBounds[i]);
    }
    // Past half the window a partial redraw saves little: redraw (and report) all of it.
    if (!diffed || 2 * area(region) >= area(frame())) region = frame();
    redrawAll = false;
    damaged = region;
    if (!region.empty()) draw(region);
    std::swap(last, next);
    std::swap(lastBounds, nextBounds);
  }
};

// ---------------------------------------------------------------------------
// [SECTION] Public API
// ---------------------------------------------------------------------------

SoftwareRenderer::SoftwareRenderer(int width, int height, const SoftwareRendererOptions& options)
    : impl_(std::make_unique<Impl>()) {
  impl_->clear = options.clearColor;
  impl_->font = options.font;
  impl_->allocate(width, height);
}
SoftwareRenderer::~SoftwareRenderer() = default;
SoftwareRenderer::SoftwareRenderer(SoftwareRenderer&&) noexcept = default;
SoftwareRenderer& SoftwareRenderer::operator=(SoftwareRenderer&&) noexcept = default;

void SoftwareRenderer::render(const DrawList& list) { impl_->render(list); }
void SoftwareRenderer::resize(int width, int height) { impl_->allocate(width, height); }
void SoftwareRenderer::setClearColor(const Color& c) {
  if (!(Rgba8::from(c) == Rgba8::from(impl_->clear))) impl_->redrawAll = true;
  impl_->clear = c;
}
void SoftwareRenderer::setFont(const Font* font) {
  if (font != impl_->font) impl_->redrawAll = true;
  impl_->font = font;
}
void SoftwareRenderer::invalidate() { impl_->redrawAll = true; }
PixelRect SoftwareRenderer::lastDamage() const {
  const IBox& d = impl_->damaged;
  if (d.empty()) return PixelRect{};
  return PixelRect{d.x0, d.y0, d.x1 - d.x0, d.y1 - d.y0};
}
int SoftwareRenderer::width() const { return impl_->w; }
int SoftwareRenderer::height() const { return impl_->h; }
const std::uint8_t* SoftwareRenderer::premultipliedPixels() const { return impl_->layers[0].px.data(); }

Rgba8 SoftwareRenderer::pixel(int x, int y) const {
  if (x < 0 || y < 0 || x >= impl_->w || y >= impl_->h) return Rgba8{};
  const std::uint8_t* p =
      impl_->layers[0].px.data() +
      (static_cast<std::size_t>(y) * static_cast<std::size_t>(impl_->w) + static_cast<std::size_t>(x)) * 4;
  if (p[3] == 0) return Rgba8{};
  const float un = 255.0f / static_cast<float>(p[3]);
  const auto channel = [un](std::uint8_t v) { return toByte(static_cast<float>(v) * un * kInv255); };
  return Rgba8{channel(p[0]), channel(p[1]), channel(p[2]), p[3]};
}

bool SoftwareRenderer::writePng(const std::string& path) const {
  const int w = impl_->w, h = impl_->h;
  if (w <= 0 || h <= 0 || path.empty()) return false;
  std::vector<std::uint8_t> straight(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const Rgba8 p = pixel(x, y);
      std::uint8_t* o =
          straight.data() +
          (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4;
      o[0] = p.r;
      o[1] = p.g;
      o[2] = p.b;
      o[3] = p.a;
    }
  return writeRgbaPng(path, w, h, straight.data());
}

bool writeRgbaPng(const std::string& path, int width, int height, const std::uint8_t* rgba) {
  if (width <= 0 || height <= 0 || rgba == nullptr || path.empty()) return false;
  return stbi_write_png(path.c_str(), width, height, 4, rgba, width * 4) != 0;
}

}  // namespace zenit
