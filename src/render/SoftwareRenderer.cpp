// SoftwareRenderer: the CPU rasteriser. The one translation unit that
// compiles stb_image_write, with static linkage.
//
// [SECTION] Pixel math (premultiplied float pixels, coverage helpers)
// [SECTION] Impl: framebuffer, layers, clip state
// [SECTION] Commands: rect, shadow, text
// [SECTION] Frame loop
// [SECTION] Public API
#include <zenit/render/SoftwareRenderer.hpp>

#include <zenit/render/Font.hpp>

#include <algorithm>
#include <array>
#include <cmath>
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
float clamp01(float v) { return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f; }

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

// An invertible transform with what the shaders need from it.
struct Xform {
  Affine2D m;
  Affine2D inv;
  float pxPerUnit;   // device px per local unit (sqrt |det|): turns local distances into AA widths
  bool rectilinear;  // maps axis-aligned rects to axis-aligned rects (no rotation other than k * 90°)
};
bool makeXform(const Affine2D& m, Xform& out) {
  const float det = m.a * m.d - m.b * m.c;
  if (!std::isfinite(det) || std::fabs(det) < 1e-12f || !std::isfinite(m.e) || !std::isfinite(m.f))
    return false;
  const float id = 1.0f / det;
  out.m = m;
  out.inv = Affine2D{
      m.d * id, -m.b * id, -m.c * id, m.a * id, (m.c * m.f - m.d * m.e) * id, (m.b * m.e - m.a * m.f) * id};
  out.pxPerUnit = std::sqrt(std::fabs(det));
  // Up to float noise: rotation(90) leaves cos(90°) ~ 4e-8 on the diagonal.
  const float tol = 1e-6f * (std::fabs(m.a) + std::fabs(m.b) + std::fabs(m.c) + std::fabs(m.d));
  out.rectilinear =
      (std::fabs(m.b) <= tol && std::fabs(m.c) <= tol) || (std::fabs(m.a) <= tol && std::fabs(m.d) <= tol);
  return true;
}

// CSS Backgrounds 3 §5.5: scale all radii down together when adjacent ones
// overlap; then clamp each to half the shorter side, which the per-quadrant
// distance function below needs (a deviation only for lopsided radii).
Radii normalizedRadii(const Radii& r, float w, float h) {
  float f = 1.0f;
  const auto limit = [&f](float side, float sum) {
    if (sum > side && sum > 0.0f) f = std::min(f, side / sum);
  };
  limit(w, r.topLeft + r.topRight);
  limit(w, r.bottomLeft + r.bottomRight);
  limit(h, r.topLeft + r.bottomLeft);
  limit(h, r.topRight + r.bottomRight);
  const float cap = 0.5f * std::min(w, h);
  const auto fix = [&](float v) { return std::clamp(v * f, 0.0f, std::max(cap, 0.0f)); };
  return Radii{fix(r.topLeft), fix(r.topRight), fix(r.bottomRight), fix(r.bottomLeft)};
}

// A rectangle with per-corner radii, ready for distance queries.
struct RoundBox {
  float cx, cy, hx, hy;  // centre and half size
  Radii r;
  bool valid;  // positive size
};
RoundBox makeRoundBox(float x, float y, float w, float h, const Radii& radii) {
  if (!(w > 0.0f) || !(h > 0.0f)) return RoundBox{0, 0, 0, 0, Radii{}, false};
  return RoundBox{x + 0.5f * w, y + 0.5f * h, 0.5f * w, 0.5f * h, normalizedRadii(radii, w, h), true};
}
// Signed distance from p to the box's edge, negative inside (local units).
float sdf(const RoundBox& b, Vec2 p) {
  const float px = p.x - b.cx, py = p.y - b.cy;
  const float rad =
      px < 0.0f ? (py < 0.0f ? b.r.topLeft : b.r.bottomLeft) : (py < 0.0f ? b.r.topRight : b.r.bottomRight);
  const float qx = std::fabs(px) - b.hx + rad, qy = std::fabs(py) - b.hy + rad;
  const float ox = std::max(qx, 0.0f), oy = std::max(qy, 0.0f);
  return std::sqrt(ox * ox + oy * oy) + std::min(std::max(qx, qy), 0.0f) - rad;
}
// Anti-aliased coverage of a pixel whose centre is `sd` local units from the edge.
float sdfCoverage(float sd, float pxPerUnit) { return clamp01(0.5f - sd * pxPerUnit); }

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

// Whether p is at least `margin` inside the box's straight-edged core (the
// box minus its largest radius): such points need no distance query.
bool deepInside(const RoundBox& b, Vec2 p, float margin) {
  const float rmax = std::max(std::max(b.r.topLeft, b.r.topRight), std::max(b.r.bottomRight, b.r.bottomLeft));
  return std::fabs(p.x - b.cx) <= b.hx - rmax - margin && std::fabs(p.y - b.cy) <= b.hy - rmax - margin;
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
    bool layered;  // false: opacity 1, drawn straight into the parent
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
  std::size_t skipDepth{0};  // > 0 while inside an opacity-0 group: commands are skipped

  FBox clipBox{};  // intersection of every clip's device bounds
  IBox scissor{};  // pixels inside clipBox and the framebuffer
  std::vector<ClipSave> clipStack;
  std::vector<RotatedClip> rotated;

  std::vector<GlyphQuad> glyphs;    // reused per text command
  std::vector<float> spanX, spanY;  // reused per shadow (separable factors)

  void allocate(int width, int height) {
    w = std::clamp(width, 0, kMaxSize);
    h = std::clamp(height, 0, kMaxSize);
    layers.clear();
    layers.emplace_back();
    layers[0].px.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0);
    fillClear();
  }

  void fillClear() {
    const Pm c = premul(Rgba8::from(clear));
    const std::uint8_t b[4] = {toByte(c.r), toByte(c.g), toByte(c.b), toByte(c.a)};
    std::vector<std::uint8_t>& px = layers[0].px;
    for (std::size_t i = 0; i < px.size(); i += 4) {
      px[i] = b[0];
      px[i + 1] = b[1];
      px[i + 2] = b[2];
      px[i + 3] = b[3];
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
  // which returns the premultiplied, coverage-weighted source colour.
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

  void updateScissor() { scissor = pixelBox(clipBox, 0.0f, frame()); }

  void pushOpacity(float o) {
    if (!(o > 0.0f)) {  // nothing inside can show: skip to the matching pop
      skipDepth = 1;
      return;
    }
    if (o >= 1.0f) {
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
  // ---------------------------------------------------------------------------

  void drawRect(const RectCmd& c, const Affine2D& m) {
    Xform xf{};
    if (!makeXform(m, xf)) return;
    const RectF& r = c.rect;
    if (!(r.w > 0.0f) || !(r.h > 0.0f) || !std::isfinite(r.x) || !std::isfinite(r.y) || !std::isfinite(r.w) ||
        !std::isfinite(r.h))
      return;
    const Pm fillPm = premul(c.fill);
    const float bw = std::min(c.borderWidth, 0.5f * std::min(r.w, r.h));
    const Pm border = bw > 0.0f ? premul(c.border) : Pm{0, 0, 0, 0};
    if (fillPm.a < kMinAlpha && border.a < kMinAlpha) return;
    const FBox dev = deviceBounds(m, r.x, r.y, r.x + r.w, r.y + r.h);
    const IBox box = pixelBox(dev, 1.0f, frame());
    // Composite of border over fill for the pixel's outer and inner coverages.
    const auto paint = [fillPm, border](float outer, float inner) {
      const Pm f = scaled(fillPm, outer);
      if (border.a <= 0.0f) return f;
      return over(scaled(border, clamp01(outer - inner)), f);
    };

    if (xf.rectilinear && c.radii.isZero()) {
      // Exact area coverage: the device shape is an axis-aligned box.
      const float sx = std::fabs(m.a) + std::fabs(m.c), sy = std::fabs(m.b) + std::fabs(m.d);
      const FBox in{dev.x0 + bw * sx, dev.y0 + bw * sy, dev.x1 - bw * sx, dev.y1 - bw * sy};
      const bool hasInner = bw > 0.0f && in.x1 > in.x0 && in.y1 > in.y0;
      fill(box, [&](int x, int y) {
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
    fill(box, [&](int x, int y) {
      const Vec2 p = xf.inv.apply(Vec2{static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
      if (deepInside(outerBox, p, interior)) return fillPm;
      const float outer = sdfCoverage(sdf(outerBox, p), xf.pxPerUnit);
      if (outer <= 0.0f) return Pm{0, 0, 0, 0};
      float inner = outer;
      if (bw > 0.0f) inner = innerBox.valid ? sdfCoverage(sdf(innerBox, p), xf.pxPerUnit) : 0.0f;
      return paint(outer, inner);
    });
  }

  void drawShadow(const ShadowCmd& c, const Affine2D& m) {
    Xform xf{};
    if (!makeXform(m, xf)) return;
    const RectF& r = c.rect;
    if (!(r.w > 0.0f) || !(r.h > 0.0f) || !std::isfinite(r.x) || !std::isfinite(r.y)) return;
    const Pm color = premul(c.color);
    if (color.a < kMinAlpha) return;
    const RoundBox box = makeRoundBox(r.x, r.y, r.w, r.h, c.radii);
    const float sigma = 0.5f * c.blur;  // CSS: the blur radius is twice the standard deviation
    const bool blurred = sigma * xf.pxPerUnit > 0.05f;
    const float invS = blurred ? kSqrt1_2 / sigma : 0.0f;
    const bool inset = c.inset != 0;
    // The shape whose blurred coverage is the shadow (outer) or the hole (inset).
    const float grow = inset ? -c.spread : c.spread;
    const float sx = r.x + c.offsetX - grow, sy = r.y + c.offsetY - grow;
    const float sw = r.w + 2 * grow, sh = r.h + 2 * grow;
    const auto adjust = [grow](float rad) { return rad > 0.0f ? std::max(0.0f, rad + grow) : 0.0f; };
    const RoundBox shape = makeRoundBox(sx, sy, sw, sh,
                                        Radii{adjust(box.r.topLeft), adjust(box.r.topRight),
                                              adjust(box.r.bottomRight), adjust(box.r.bottomLeft)});
    if (!inset && !shape.valid) return;
    const ErfTable& erf = erfTable();
    const float shapeRmax = std::max(std::max(shape.r.topLeft, shape.r.topRight),
                                     std::max(shape.r.bottomRight, shape.r.bottomLeft));

    // Blurred coverage of `shape` at local point p.
    const auto shapeCoverage = [&](Vec2 p) {
      if (!shape.valid) return 0.0f;
      if (!blurred) return sdfCoverage(sdf(shape, p), xf.pxPerUnit);
      const float sep = gaussSpan(erf, p.x, sx, sx + sw, invS) * gaussSpan(erf, p.y, sy, sy + sh, invS);
      // Beside a straight side (outside every corner square) the rounded
      // distance is the straight one, whose profile never undercuts `sep`.
      if (std::fabs(p.x - shape.cx) <= shape.hx - shapeRmax ||
          std::fabs(p.y - shape.cy) <= shape.hy - shapeRmax)
        return sep;
      const float edge = 0.5f * (1.0f - erf(sdf(shape, p) * invS));
      return std::min(sep, edge);
    };

    FBox reach{};
    if (inset) {
      reach = deviceBounds(m, r.x, r.y, r.x + r.w, r.y + r.h);
    } else {
      const float ext = blurred ? 3.0f * sigma : 0.0f;
      reach = deviceBounds(m, sx - ext, sy - ext, sx + sw + ext, sy + sh + ext);
    }
    fill(pixelBox(reach, 1.0f, frame()), [&](int x, int y) {
      const Vec2 p = xf.inv.apply(Vec2{static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
      const bool core = deepInside(box, p, 1.0f / xf.pxPerUnit);
      if (core && !inset) return Pm{0, 0, 0, 0};  // under the box: an outer shadow never shows there
      const float inBox = core ? 1.0f : sdfCoverage(sdf(box, p), xf.pxPerUnit);
      float k = 0.0f;
      if (inset) {
        if (inBox > 0.0f) k = inBox * (1.0f - shapeCoverage(p));
      } else if (inBox < 1.0f) {
        k = (1.0f - inBox) * shapeCoverage(p);  // CSS: an outer shadow never shows under its box
      }
      return scaled(color, k);
    });
  }

  void drawText(const TextCmd& c, std::string_view text, const Affine2D& m) {
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
    const Pm color = premul(c.color);
    for (const GlyphQuad& g : glyphs) {
      const float qx = ox + g.x, qy = c.y + g.y;
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
      const FBox dev = deviceBounds(m, qx, qy, qx + g.w, qy + g.h);
      fill(pixelBox(dev, 1.0f, frame()), [&](int x, int y) {
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
    }
  }

  // ---------------------------------------------------------------------------
  // [SECTION] Frame loop
  // ---------------------------------------------------------------------------

  void render(const DrawList& list) {
    fillClear();
    layers[0].dirty = IBox{};
    depth = 0;
    groups.resize(0);
    skipDepth = 0;
    clipStack.resize(0);
    rotated.resize(0);
    clipBox = FBox{0, 0, static_cast<float>(w), static_cast<float>(h)};
    updateScissor();
    if (w == 0 || h == 0) return;

    for (const DrawCmd& c : list.commands()) {
      if (skipDepth > 0) {
        switch (c.op) {
          case DrawOp::PushClip:
          case DrawOp::PushOpacity:
          case DrawOp::PushTransform: ++skipDepth; break;
          case DrawOp::PopClip:
          case DrawOp::PopOpacity:
          case DrawOp::PopTransform: --skipDepth; break;
          default: break;
        }
        continue;
      }
      switch (c.op) {
        case DrawOp::Rect: drawRect(c.rect, list.stateOf(c).transform); break;
        case DrawOp::Shadow: drawShadow(c.shadow, list.stateOf(c).transform); break;
        case DrawOp::Text: drawText(c.text, list.textOf(c.text), list.stateOf(c).transform); break;
        case DrawOp::PushClip: pushClip(c.clip.rect, list.stateOf(c).transform); break;
        case DrawOp::PopClip: popClip(); break;
        case DrawOp::PushOpacity: pushOpacity(c.opacity.opacity); break;
        case DrawOp::PopOpacity: popOpacity(); break;
        case DrawOp::PushTransform:
        case DrawOp::PopTransform: break;  // transforms arrive as each command's state
      }
    }
    // Close what the list left open, so every layer is composited.
    while (!groups.empty()) popOpacity();
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
void SoftwareRenderer::setClearColor(const Color& c) { impl_->clear = c; }
void SoftwareRenderer::setFont(const Font* font) { impl_->font = font; }
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
  return stbi_write_png(path.c_str(), w, h, 4, straight.data(), w * 4) != 0;
}

}  // namespace zenit
