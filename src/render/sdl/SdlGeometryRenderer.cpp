// SdlGeometryRenderer: the draw list as SDL_RenderGeometry triangles.
//
// Everything is tessellated on the CPU into device-space vertices with
// straight-alpha colours, batched per texture and clip, and drawn with
// SDL_BLENDMODE_BLEND. Blending straight sources onto a premultiplied
// target is exactly premultiplied source-over, so the target (and each
// group layer) holds what SoftwareRenderer's framebuffer holds.
//
// Anti-aliasing: each contour gets a rim from 0.5 px inside to 0.5 px
// outside its edge whose alpha falls from full to 0, which is the software
// renderer's coverage (0.5 - signed distance) sampled at pixel centres.
// SDL's software renderer places vertices on whole pixels; there the rims
// are moved to whole pixels and given the coverage of the pixel centre
// they hold, which keeps axis-aligned edges exact.
//
// [SECTION] Geometry helpers (radii, distances, the shadow profile)
// [SECTION] Impl: state, batching, CPU clipping
// [SECTION] Contours: convex fills and rings with anti-aliased rims
// [SECTION] Commands: rects, shadows, gradients, text
// [SECTION] State commands: clips and opacity groups
// [SECTION] Frame: one list, drawn whole
// [SECTION] Public API
#include <zenit/render/SdlGeometryRenderer.hpp>

#include <zenit/core/Diagnostic.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/render/Font.hpp>

#include "render/Gradients.hpp"
#include "render/Shapes.hpp"

#include <SDL.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Geometry helpers
// ---------------------------------------------------------------------------
using namespace shapes;  // the radii, distances and transforms the software renderer draws with

namespace {

constexpr float kHalfPi = 1.57079633f;
constexpr float kSqrt1_2 = 0.70710678f;
constexpr float kArcTolerancePx = 0.2f;     // largest gap between an arc and its chords
constexpr int kMaxArcSegments = 64;         // per corner
constexpr float kMinAlpha = 0.5f / 255.0f;  // below this nothing reaches a byte
constexpr int kMaxRampLines = 12;           // grid lines across one blurred shadow edge
constexpr int kMaxCornerLines = 10;         // grid lines across one rounded shadow corner

float dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
float cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }

bool finiteRect(const RectF& r) {
  return std::isfinite(r.x) && std::isfinite(r.y) && std::isfinite(r.w) && std::isfinite(r.h);
}

// Chords per quarter circle of `radiusPx` device px, so that no chord
// strays more than kArcTolerancePx from the arc.
int arcSegments(float radiusPx) {
  if (!(radiusPx > 0.0f)) return 0;
  if (radiusPx <= kArcTolerancePx) return 1;
  const float step = std::acos(1.0f - kArcTolerancePx / radiusPx);
  return std::clamp(static_cast<int>(std::ceil(kHalfPi / step)), 1, kMaxArcSegments);
}

// The software renderer's box-shadow coverage at a local point: the
// Gaussian-blurred shape (separable for square corners, the lower of that
// and the edge profile in rounded corners), cut by the box.
struct ShadowShape {
  RoundBox box, shape;
  float sx{0}, sy{0}, sw{0}, sh{0};  // the shape's rectangle
  float invS{0};                     // 1 / (sigma sqrt 2); 0 when not blurred
  float pxPerUnit{1};
  bool inset{false};

  float gaussSpan(float p, float lo, float hi) const {
    return 0.5f * (std::erf((hi - p) * invS) - std::erf((lo - p) * invS));
  }
  float shapeCoverage(Vec2 q) const {
    if (!shape.valid) return 0.0f;
    if (invS == 0.0f) return sdfCoverage(sdf(shape, q), pxPerUnit);
    const float sep = gaussSpan(q.x, sx, sx + sw) * gaussSpan(q.y, sy, sy + sh);
    const float rmax = largest(shape.r);
    // Strict, unlike the software renderer's test: the two agree on every
    // pixel centre, but a band of no width (corners that meet) would
    // otherwise catch grid vertices lying exactly on it.
    if (std::fabs(q.x - shape.cx) < shape.hx - rmax || std::fabs(q.y - shape.cy) < shape.hy - rmax)
      return sep;
    return std::min(sep, 0.5f * (1.0f - std::erf(sdf(shape, q) * invS)));
  }
  float coverage(Vec2 q) const {
    const bool core = deepInside(box, q, 1.0f / pxPerUnit);
    if (core && !inset) return 0.0f;
    const float inBox = core ? 1.0f : sdfCoverage(sdf(box, q), pxPerUnit);
    if (inset) return inBox > 0.0f ? inBox * (1.0f - shapeCoverage(q)) : 0.0f;
    return inBox < 1.0f ? (1.0f - inBox) * shapeCoverage(q) : 0.0f;
  }
};

// Adds n + 1 evenly spaced values over [from, to] to `out`.
void addLines(std::vector<float>& out, float from, float to, int n) {
  if (!(to > from) || n < 1) {
    out.push_back(from);
    return;
  }
  const float step = (to - from) / static_cast<float>(n);
  for (int k = 0; k <= n; ++k) out.push_back(from + step * static_cast<float>(k));
}
int linesFor(float span, float step, int most) {
  if (!(span > 0.0f) || !(step > 0.0f)) return 1;
  return std::clamp(static_cast<int>(std::ceil(span / step)), 1, most);
}
// Sorts, drops values outside [lo, hi] and merges values closer than `eps`.
void settleLines(std::vector<float>& v, float lo, float hi, float eps) {
  v.push_back(lo);
  v.push_back(hi);
  std::sort(v.begin(), v.end());
  std::size_t n = 0;
  for (const float x : v) {
    if (!(x >= lo && x <= hi)) continue;
    if (n > 0 && x - v[n - 1] < eps) continue;
    v[n++] = x;
  }
  v.resize(n);
}

SDL_Color withAlpha(Rgba8 c, float k) {
  const float a = static_cast<float>(c.a) * clamp01(k);
  // NOLINTNEXTLINE(bugprone-incorrect-roundings): a is in [0, 255]
  return SDL_Color{c.r, c.g, c.b, static_cast<Uint8>(a + 0.5f)};
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Impl
// ---------------------------------------------------------------------------

struct SdlGeometryRenderer::Impl {
  struct ClipLevel {
    std::vector<Vec2> poly;  // the clip as a convex device-space polygon; empty: clips everything
    bool rect{true};         // an axis-aligned rectangle: SDL's clip rect does it
  };
  struct Group {
    bool layered;     // drawn into layers[depth], composited on pop
    float opacity;    // this group's own factor
    float prevScale;  // alphaScale before the push (groups without layers)
  };
  struct AtlasTexture {
    const Font* font{nullptr};
    int bakedPx{0};
    int height{0};
    std::uint32_t generation{0};
    SDL_Texture* texture{nullptr};
  };

  SDL_Renderer* r{nullptr};
  Color clear{Color::transparent()};
  const Font* font{nullptr};
  bool ok{true};
  bool snap{false};     // the renderer puts vertices on whole pixels (SDL's software renderer)
  bool targets{false};  // the renderer has target textures: groups are layered
  int w{0}, h{0};
  SDL_Texture* root{nullptr};  // the render target the frame is drawn into

  // Batch: what one SDL_RenderGeometry call draws.
  std::vector<SDL_Vertex> verts;
  std::vector<int> idx;
  SDL_Texture* batchTexture{nullptr};

  // Clip stack; clips[clipDepth] is current.
  std::vector<ClipLevel> clips;
  std::size_t clipDepth{0};
  float clipOrient{1.0f};  // orientation of the current polygon (for inside tests)
  bool clipDirty{true};    // SDL's clip rect must be set again before the next draw
  std::vector<SDL_Vertex> cutA, cutB;

  // Opacity groups.
  std::vector<Group> groups;
  int skipDepth{0};  // > 0 inside an opacity-0 group
  std::size_t layerDepth{0};
  std::vector<SDL_Texture*> layers;  // one per nesting depth, frame-sized
  SDL_Texture* scratch{nullptr};     // opaque copy of a layer's colour, for the additive pass
  int layerW{0}, layerH{0};
  float alphaScale{1.0f};  // groups drawn without layers multiply their children's alpha

  // Tessellation scratch.
  std::vector<Vec2> outer, inner, edgeN, miterA, edgeNB, miterB;
  std::vector<float> gx, gy, galpha;
  std::vector<Vec2> gpos;
  std::vector<GlyphQuad> glyphs;
  std::vector<AtlasTexture> atlases;
  std::vector<std::uint8_t> upload;
  SDL_Texture* gradientTex{nullptr};  // frame-sized, streaming: one gradient's pixels at a time
  int gradientW{0}, gradientH{0};
  std::vector<std::uint8_t> gradientPx;

  ~Impl() {
    destroyLayers();
    if (gradientTex != nullptr) SDL_DestroyTexture(gradientTex);
    for (AtlasTexture& a : atlases)
      if (a.texture != nullptr) SDL_DestroyTexture(a.texture);
  }

  void fail(const char* what) {
    if (ok) logApi(Severity::Error, "SdlGeometryRenderer", std::string(what) + ": " + SDL_GetError());
    ok = false;
  }

  void destroyLayers() {
    for (SDL_Texture* t : layers)
      if (t != nullptr) SDL_DestroyTexture(t);
    layers.clear();
    if (scratch != nullptr) SDL_DestroyTexture(scratch);
    scratch = nullptr;
  }

  // A vertex position as the rasteriser will take it.
  Vec2 place(Vec2 p) const { return snap ? Vec2{std::floor(p.x + 0.5f), std::floor(p.y + 0.5f)} : p; }

  int vertex(Vec2 p, SDL_Color c, Vec2 uv = Vec2{0.0f, 0.0f}) {
    verts.push_back(SDL_Vertex{SDL_FPoint{p.x, p.y}, c, SDL_FPoint{uv.x, uv.y}});
    return static_cast<int>(verts.size()) - 1;
  }

  void setTexture(SDL_Texture* t) {
    if (t == batchTexture) return;
    flush();
    batchTexture = t;
  }

  const ClipLevel& clip() const { return clips[clipDepth]; }
  bool clippedAway() const { return clip().poly.empty(); }

  void applyClip() {
    if (!clipDirty) return;
    clipDirty = false;
    const ClipLevel& c = clip();
    if (clipDepth == 0 || !c.rect || c.poly.empty()) {
      SDL_RenderSetClipRect(r, nullptr);  // none, or cut on the CPU
      return;
    }
    float x0 = c.poly[0].x, y0 = c.poly[0].y, x1 = x0, y1 = y0;
    for (const Vec2& p : c.poly) {
      x0 = std::min(x0, p.x);
      y0 = std::min(y0, p.y);
      x1 = std::max(x1, p.x);
      y1 = std::max(y1, p.y);
    }
    // Edges round to the nearest pixel boundary: a pixel is in when most of it is.
    const auto px = [](float v) { return static_cast<int>(std::floor(v + 0.5f)); };
    const int ix0 = std::clamp(px(x0), 0, w), iy0 = std::clamp(px(y0), 0, h);
    const int ix1 = std::clamp(px(x1), 0, w), iy1 = std::clamp(px(y1), 0, h);
    // An empty rect would mean "no clip" to SDL: keep one outside pixel row instead.
    const SDL_Rect rect =
        ix1 > ix0 && iy1 > iy0 ? SDL_Rect{ix0, iy0, ix1 - ix0, iy1 - iy0} : SDL_Rect{-2, -2, 1, 1};
    SDL_RenderSetClipRect(r, &rect);
  }

  void flush() {
    if (!idx.empty() && ok) {
      applyClip();
      if (SDL_RenderGeometry(r, batchTexture, verts.data(), static_cast<int>(verts.size()), idx.data(),
                             static_cast<int>(idx.size())) != 0)
        fail("SDL_RenderGeometry");
    }
    verts.resize(0);
    idx.resize(0);
  }

  // Sutherland-Hodgman: keeps the part of `in` on the inner side of the
  // directed clip edge a -> b.
  template <class T, class Pos, class Lerp>
  void cutByEdge(const std::vector<T>& in, std::vector<T>& out, Vec2 a, Vec2 b, Pos&& pos,
                 Lerp&& lerp) const {
    out.resize(0);
    const Vec2 e = b - a;
    const auto side = [&](const T& v) { return cross(e, pos(v) - a) * clipOrient; };
    for (std::size_t i = 0; i < in.size(); ++i) {
      const T& p = in[i];
      const T& q = in[(i + 1) % in.size()];
      const float sp = side(p), sq = side(q);
      if (sp >= 0.0f) out.push_back(p);
      if ((sp >= 0.0f) != (sq >= 0.0f)) out.push_back(lerp(p, q, sp / (sp - sq)));
    }
  }

  void tri(int a, int b, int c) {
    if (clip().rect) {
      idx.push_back(a);
      idx.push_back(b);
      idx.push_back(c);
      return;
    }
    // Cut against the rotated clip polygon, interpolating colour and UV.
    cutA.resize(0);
    cutA.push_back(verts[static_cast<std::size_t>(a)]);
    cutA.push_back(verts[static_cast<std::size_t>(b)]);
    cutA.push_back(verts[static_cast<std::size_t>(c)]);
    const std::vector<Vec2>& poly = clip().poly;
    const auto pos = [](const SDL_Vertex& v) { return Vec2{v.position.x, v.position.y}; };
    const auto lerp = [this](const SDL_Vertex& p, const SDL_Vertex& q, float t) {
      const auto mix = [t](float u, float v) { return u + (v - u) * t; };
      const auto mix8 = [t](Uint8 u, Uint8 v) {
        const float f = static_cast<float>(u) + (static_cast<float>(v) - static_cast<float>(u)) * t;
        return static_cast<Uint8>(std::clamp(std::lround(f), 0L, 255L));
      };
      const Vec2 at = place(Vec2{mix(p.position.x, q.position.x), mix(p.position.y, q.position.y)});
      return SDL_Vertex{SDL_FPoint{at.x, at.y},
                        SDL_Color{mix8(p.color.r, q.color.r), mix8(p.color.g, q.color.g),
                                  mix8(p.color.b, q.color.b), mix8(p.color.a, q.color.a)},
                        SDL_FPoint{mix(p.tex_coord.x, q.tex_coord.x), mix(p.tex_coord.y, q.tex_coord.y)}};
    };
    for (std::size_t i = 0; i < poly.size() && !cutA.empty(); ++i) {
      cutByEdge(cutA, cutB, poly[i], poly[(i + 1) % poly.size()], pos, lerp);
      std::swap(cutA, cutB);
    }
    if (cutA.size() < 3) return;
    const int base = static_cast<int>(verts.size());
    for (const SDL_Vertex& v : cutA) verts.push_back(v);
    for (std::size_t k = 1; k + 1 < cutA.size(); ++k) {
      idx.push_back(base);
      idx.push_back(base + static_cast<int>(k));
      idx.push_back(base + static_cast<int>(k) + 1);
    }
  }
  void quad(int a, int b, int c, int d) {
    tri(a, b, c);
    tri(a, c, d);
  }

  // -------------------------------------------------------------------------
  // [SECTION] Contours
  // A contour is a closed device-space polygon; consecutive points may
  // coincide (a corner whose radius shrank to 0), and such edges draw no rim.
  // -------------------------------------------------------------------------

  static float orientation(const std::vector<Vec2>& p) {
    float a = 0.0f;
    for (std::size_t k = 0; k < p.size(); ++k) a += cross(p[k], p[(k + 1) % p.size()]);
    if (!(std::fabs(a) > 1e-6f)) return 0.0f;
    return a > 0.0f ? 1.0f : -1.0f;
  }

  // Outward unit normals per edge (zero for an edge of no length) and, per
  // point, the miter: the offset that moves both adjacent edges out by 1 px.
  static void normals(const std::vector<Vec2>& p, float orient, std::vector<Vec2>& en,
                      std::vector<Vec2>& miter) {
    const std::size_t n = p.size();
    en.resize(n);
    miter.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
      const Vec2 d = p[(k + 1) % n] - p[k];
      const float len = std::sqrt(dot(d, d));
      en[k] = len > 1e-5f ? Vec2{d.y, -d.x} * (orient / len) : Vec2{0.0f, 0.0f};
    }
    for (std::size_t k = 0; k < n; ++k) {
      Vec2 before{0.0f, 0.0f}, after{0.0f, 0.0f};
      for (std::size_t s = 1; s <= n; ++s) {  // the nearest edges with a direction
        const Vec2& e = en[(k + n - s) % n];
        if (e.x != 0.0f || e.y != 0.0f) {
          before = e;
          break;
        }
      }
      for (std::size_t s = 0; s < n; ++s) {
        const Vec2& e = en[(k + s) % n];
        if (e.x != 0.0f || e.y != 0.0f) {
          after = e;
          break;
        }
      }
      // dot(m, before) = dot(m, after) = 1; a spike's miter is capped.
      const float denom = std::max(1.0f + dot(before, after), 0.25f);
      miter[k] = (before + after) / denom;
    }
  }

  // Quads along every edge between p - m/2 (alpha aIn) and p + m/2 (alpha aOut).
  void rim(const std::vector<Vec2>& p, const std::vector<Vec2>& en, const std::vector<Vec2>& miter, Rgba8 c,
           float aIn, float aOut) {
    const std::size_t n = p.size();
    for (std::size_t k = 0; k < n; ++k) {
      const Vec2 nk = en[k];
      if (nk.x == 0.0f && nk.y == 0.0f) continue;
      const std::size_t ends[2] = {k, (k + 1) % n};
      int ids[4];
      for (int e = 0; e < 2; ++e) {
        const Vec2 pe = p[ends[e]];
        const Vec2 in = place(pe - miter[ends[e]] * 0.5f), out = place(pe + miter[ends[e]] * 0.5f);
        float ai = aIn, ao = aOut;
        if (snap) {  // one pixel between the snapped ends: its centre's coverage on both
          const float d = dot((in + out) * 0.5f - pe, nk);
          ai = ao = std::clamp(aIn + (aOut - aIn) * (d + 0.5f), std::min(aIn, aOut), std::max(aIn, aOut));
        }
        ids[e * 2] = vertex(in, withAlpha(c, ai * alphaScale));
        ids[e * 2 + 1] = vertex(out, withAlpha(c, ao * alphaScale));
      }
      quad(ids[0], ids[2], ids[3], ids[1]);
    }
  }

  void fillConvex(const std::vector<Vec2>& p, Rgba8 c) {
    const float orient = orientation(p);
    if (orient == 0.0f) return;
    normals(p, orient, edgeN, miterA);
    const SDL_Color full = withAlpha(c, alphaScale);
    const int base = static_cast<int>(verts.size());
    for (std::size_t k = 0; k < p.size(); ++k) vertex(place(p[k] - miterA[k] * 0.5f), full);
    for (int k = 1; k + 1 < static_cast<int>(p.size()); ++k) tri(base, base + k, base + k + 1);
    rim(p, edgeN, miterA, c, 1.0f, 0.0f);
  }

  // The ring between two contours of as many points, `outerP` around `innerP`.
  void fillRing(const std::vector<Vec2>& outerP, const std::vector<Vec2>& innerP, Rgba8 c, float widthPx) {
    const float orient = orientation(outerP);
    if (orient == 0.0f) return;
    if (orientation(innerP) != orient) return fillConvex(outerP, c);
    normals(outerP, orient, edgeN, miterA);
    normals(innerP, orient, edgeNB, miterB);
    const std::size_t n = outerP.size();
    if (widthPx >= 1.0f) {
      rim(outerP, edgeN, miterA, c, 1.0f, 0.0f);
      rim(innerP, edgeNB, miterB, c, 0.0f, 1.0f);
      const SDL_Color full = withAlpha(c, alphaScale);
      const int base = static_cast<int>(verts.size());
      for (std::size_t k = 0; k < n; ++k) {
        vertex(place(outerP[k] - miterA[k] * 0.5f), full);
        vertex(place(innerP[k] + miterB[k] * 0.5f), full);
      }
      for (std::size_t k = 0; k < n; ++k) {
        const int a = base + 2 * static_cast<int>(k), b = base + 2 * static_cast<int>((k + 1) % n);
        quad(a, b, b + 1, a + 1);
      }
      return;
    }
    // Thinner than a pixel: a band whose middle has the border's share of
    // a pixel, falling to 0 half a pixel beyond either contour.
    const SDL_Color peak = withAlpha(c, widthPx * alphaScale);
    const SDL_Color none = withAlpha(c, 0.0f);
    const int base = static_cast<int>(verts.size());
    for (std::size_t k = 0; k < n; ++k) {
      vertex(place(outerP[k] + miterA[k] * 0.5f), none);
      vertex(place((outerP[k] + innerP[k]) * 0.5f), peak);
      vertex(place(innerP[k] - miterB[k] * 0.5f), none);
    }
    for (std::size_t k = 0; k < n; ++k) {
      const int a = base + 3 * static_cast<int>(k), b = base + 3 * static_cast<int>((k + 1) % n);
      quad(a, b, b + 1, a + 1);
      quad(a + 1, b + 1, b + 2, a + 2);
    }
  }

  // The rounded rectangle's outline in device space, clockwise on screen:
  // segs[i] + 1 points per corner (one when segs[i] is 0).
  static void roundRect(float x, float y, float w, float h, const Radii& rad, const std::array<int, 4>& segs,
                        const Affine2D& m, std::vector<Vec2>& out) {
    out.resize(0);
    const float rs[4] = {rad.topLeft, rad.topRight, rad.bottomRight, rad.bottomLeft};
    const Vec2 centres[4] = {{x + rs[0], y + rs[0]},
                             {x + w - rs[1], y + rs[1]},
                             {x + w - rs[2], y + h - rs[2]},
                             {x + rs[3], y + h - rs[3]}};
    for (int i = 0; i < 4; ++i) {
      const float start = static_cast<float>(i + 2) * kHalfPi;  // TL from pi, TR from 3pi/2, ...
      const int n = segs[static_cast<std::size_t>(i)];
      if (n == 0) {
        out.push_back(m.apply(centres[i]));
        continue;
      }
      for (int k = 0; k <= n; ++k) {
        const float a = start + kHalfPi * static_cast<float>(k) / static_cast<float>(n);
        out.push_back(m.apply(centres[i] + Vec2{std::cos(a), std::sin(a)} * rs[i]));
      }
    }
  }

  // -------------------------------------------------------------------------
  // [SECTION] Commands
  // -------------------------------------------------------------------------

  void drawRect(const RectCmd& c, const Affine2D& m) {
    Xform xf{};
    const RectF& rc = c.rect;
    if (!makeXform(m, xf) || !finiteRect(rc) || !(rc.w > 0.0f) || !(rc.h > 0.0f)) return;
    const float bw = std::min(c.borderWidth, 0.5f * std::min(rc.w, rc.h));
    const bool hasBorder = bw > 0.0f && c.border.a > 0;
    if (c.fill.a == 0 && !hasBorder) return;
    setTexture(nullptr);
    const Radii ro = normalizedRadii(c.radii, rc.w, rc.h);
    const std::array<int, 4> segs{
        arcSegments(ro.topLeft * xf.pxPerUnit), arcSegments(ro.topRight * xf.pxPerUnit),
        arcSegments(ro.bottomRight * xf.pxPerUnit), arcSegments(ro.bottomLeft * xf.pxPerUnit)};
    roundRect(rc.x, rc.y, rc.w, rc.h, ro, segs, m, outer);
    if (c.fill.a > 0) fillConvex(outer, c.fill);
    if (!hasBorder) return;
    if (!(rc.w - 2 * bw > 0.0f) || !(rc.h - 2 * bw > 0.0f)) return fillConvex(outer, c.border);  // all border
    const Radii ri{std::max(0.0f, ro.topLeft - bw), std::max(0.0f, ro.topRight - bw),
                   std::max(0.0f, ro.bottomRight - bw), std::max(0.0f, ro.bottomLeft - bw)};
    roundRect(rc.x + bw, rc.y + bw, rc.w - 2 * bw, rc.h - 2 * bw, ri, segs, m, inner);
    fillRing(outer, inner, c.border, bw * xf.pxPerUnit);
  }

  // A gradient is shaded on the CPU by the software renderer's functions
  // (render/Gradients.hpp, Shapes.hpp), pixel for pixel over its device
  // bounds, into a frame-sized streaming texture, then drawn as one
  // textured quad (clipped and faded as any other triangles). Pixels equal
  // the software renderer's; the texture and the buffer are reused, so a
  // steady frame allocates nothing.
  void drawGradient(const GradientCmd& c, const GradientImage& g, const Affine2D& m) {
    Xform xf{};
    const RectF& rc = c.rect;
    if (!makeXform(m, xf) || !finiteRect(rc) || !(rc.w > 0.0f) || !(rc.h > 0.0f)) return;
    const float bw = std::clamp(c.borderWidth, 0.0f, 0.5f * std::min(rc.w, rc.h));
    const float tw = rc.w - 2.0f * bw, th = rc.h - 2.0f * bw;
    if (!(tw > 0.0f) || !(th > 0.0f)) return;
    // Device bounds, one pixel of anti-aliasing around, inside the frame.
    float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
    for (const Vec2 p : {Vec2{rc.x, rc.y}, Vec2{rc.x + rc.w, rc.y}, Vec2{rc.x, rc.y + rc.h},
                         Vec2{rc.x + rc.w, rc.y + rc.h}}) {
      const Vec2 d = m.apply(p);
      x0 = std::min(x0, d.x), y0 = std::min(y0, d.y), x1 = std::max(x1, d.x), y1 = std::max(y1, d.y);
    }
    if (!std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(x1) || !std::isfinite(y1)) return;
    const int ix0 = std::max(0, static_cast<int>(std::floor(x0)) - 1);
    const int iy0 = std::max(0, static_cast<int>(std::floor(y0)) - 1);
    const int ix1 = std::min(w, static_cast<int>(std::ceil(x1)) + 1);
    const int iy1 = std::min(h, static_cast<int>(std::ceil(y1)) + 1);
    if (ix1 <= ix0 || iy1 <= iy0) return;
    if (gradientTex == nullptr || gradientW != w || gradientH != h) {
      if (gradientTex != nullptr) SDL_DestroyTexture(gradientTex);
      gradientTex = SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STREAMING, w, h);
      if (gradientTex == nullptr) return fail("SDL_CreateTexture (gradient)");
      SDL_SetTextureBlendMode(gradientTex, SDL_BLENDMODE_BLEND);
      SDL_SetTextureScaleMode(gradientTex, SDL_ScaleModeNearest);
      gradientW = w;
      gradientH = h;
    }
    const int bwPx = ix1 - ix0, bhPx = iy1 - iy0;
    gradientPx.resize(static_cast<std::size_t>(bwPx) * static_cast<std::size_t>(bhPx) * 4);
    const gradients::Resolved res = gradients::resolve(g, tw, th);
    const RoundBox box = makeRoundBox(rc.x, rc.y, rc.w, rc.h, c.radii);
    const float interior = 1.0f / xf.pxPerUnit;
    std::uint8_t* px = gradientPx.data();
    for (int y = iy0; y < iy1; ++y) {
      for (int x = ix0; x < ix1; ++x, px += 4) {
        const Vec2 q = xf.inv.apply(Vec2{static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
        float cover = 1.0f;
        if (!deepInside(box, q, interior)) cover = sdfCoverage(sdf(box, q), xf.pxPerUnit);
        gradients::Premul col{0, 0, 0, 0};
        if (cover > 0.0f) {
          float u = q.x, v = q.y;
          gradients::wrap(res, rc.x + bw, rc.y + bw, u, v);
          col = gradients::colorAt(res, gradients::lineAt(res, u, v));
        }
        // Straight alpha: the target blends straight sources (see the top).
        const float a = col.a * cover;
        const float k = col.a > 0.0f ? 1.0f / col.a : 0.0f;
        px[0] = Rgba8::channel(col.r * k);
        px[1] = Rgba8::channel(col.g * k);
        px[2] = Rgba8::channel(col.b * k);
        px[3] = Rgba8::channel(a);
      }
    }
    flush();  // the texture's last pixels may still be queued
    const SDL_Rect sub{ix0, iy0, bwPx, bhPx};
    if (SDL_UpdateTexture(gradientTex, &sub, gradientPx.data(), bwPx * 4) != 0)
      return fail("SDL_UpdateTexture (gradient)");
    setTexture(gradientTex);
    const SDL_Color white = withAlpha(Rgba8{255, 255, 255, 255}, alphaScale);
    const float iw = 1.0f / static_cast<float>(w), ih = 1.0f / static_cast<float>(h);
    const auto corner = [&](int x, int y) {
      return vertex(Vec2{static_cast<float>(x), static_cast<float>(y)}, white,
                    Vec2{static_cast<float>(x) * iw, static_cast<float>(y) * ih});
    };
    quad(corner(ix0, iy0), corner(ix1, iy0), corner(ix1, iy1), corner(ix0, iy1));
    flush();
  }

  void drawShadow(const ShadowCmd& c, const Affine2D& m) {
    Xform xf{};
    const RectF& rc = c.rect;
    if (!makeXform(m, xf) || !finiteRect(rc) || !(rc.w > 0.0f) || !(rc.h > 0.0f) || c.color.a == 0) return;
    ShadowShape s;
    s.pxPerUnit = xf.pxPerUnit;
    s.inset = c.inset != 0;
    s.box = makeRoundBox(rc.x, rc.y, rc.w, rc.h, c.radii);
    const float sigma = 0.5f * c.blur;  // CSS: the blur radius is twice the standard deviation
    const bool blurred = sigma * xf.pxPerUnit > 0.05f;
    s.invS = blurred ? kSqrt1_2 / sigma : 0.0f;
    const float grow = s.inset ? -c.spread : c.spread;
    s.sx = rc.x + c.offsetX - grow;
    s.sy = rc.y + c.offsetY - grow;
    s.sw = rc.w + 2 * grow;
    s.sh = rc.h + 2 * grow;
    const auto adjust = [grow](float rad) { return rad > 0.0f ? std::max(0.0f, rad + grow) : 0.0f; };
    s.shape = makeRoundBox(s.sx, s.sy, s.sw, s.sh,
                           Radii{adjust(s.box.r.topLeft), adjust(s.box.r.topRight),
                                 adjust(s.box.r.bottomRight), adjust(s.box.r.bottomLeft)});
    if (!s.inset && !s.shape.valid) return;
    if (!std::isfinite(s.sx) || !std::isfinite(s.sy) || !std::isfinite(s.sw) || !std::isfinite(s.sh)) return;

    // Grid lines where the profile bends: across each blurred edge of the
    // shape, over its rounded corners, and at the box's edges (the cut).
    const float px = 1.0f / xf.pxPerUnit;
    const float reach = blurred ? 3.0f * sigma : 0.5f * px;
    const float ramp = blurred ? std::max(0.5f * sigma, px) : px;
    const float shapeR = s.shape.valid ? largest(s.shape.r) : 0.0f;
    const float boxR = largest(s.box.r);
    const auto axis = [&](std::vector<float>& v, float b0, float b1, float s0, float s1) {
      v.resize(0);
      const int nr = linesFor(2 * reach, ramp, kMaxRampLines);
      if (s.shape.valid) {
        addLines(v, s0 - reach, s0 + reach, nr);
        addLines(v, s1 - reach, s1 + reach, nr);
        if (shapeR > 0.0f) {
          const float span = shapeR + 2 * reach;
          const int nc = linesFor(span, std::max(px, span / kMaxCornerLines), kMaxCornerLines);
          addLines(v, s0 - reach, s0 + shapeR + reach, nc);
          addLines(v, s1 - shapeR - reach, s1 + reach, nc);
        }
      }
      // The cut's 1 px ramp, and a pixel either side of it: a vertex the
      // rasteriser moves onto the box's edge then only shades its own pixel,
      // not a long cell.
      addLines(v, b0 - 1.5f * px, b0 + 1.5f * px, 3);
      addLines(v, b1 - 1.5f * px, b1 + 1.5f * px, 3);
      if (boxR > 0.0f) {
        const int nb = linesFor(boxR, std::max(px, boxR / kMaxCornerLines), kMaxCornerLines);
        addLines(v, b0, b0 + boxR, nb);
        addLines(v, b1 - boxR, b1, nb);
      }
      const float lo = s.inset ? b0 - 0.5f * px : s0 - reach;
      const float hi = s.inset ? b1 + 0.5f * px : s1 + reach;
      settleLines(v, lo, hi, 0.05f * px);
    };
    axis(gx, rc.x, rc.x + rc.w, s.sx, s.sx + s.sw);
    axis(gy, rc.y, rc.y + rc.h, s.sy, s.sy + s.sh);
    const std::size_t nx = gx.size(), ny = gy.size();
    if (nx < 2 || ny < 2) return;

    setTexture(nullptr);
    galpha.resize(nx * ny);
    const int base = static_cast<int>(verts.size());
    for (std::size_t j = 0; j < ny; ++j)
      for (std::size_t i = 0; i < nx; ++i) {
        const Vec2 q{gx[i], gy[j]};
        const Vec2 at = place(m.apply(q));
        // Where the rasteriser moved the vertex, the profile is read there.
        const float k = s.coverage(snap ? xf.inv.apply(at) : q);
        galpha[j * nx + i] = k;
        vertex(at, withAlpha(c.color, k * alphaScale));
      }
    for (std::size_t j = 0; j + 1 < ny; ++j)
      for (std::size_t i = 0; i + 1 < nx; ++i) {
        const std::size_t a = j * nx + i;
        if (std::max(std::max(galpha[a], galpha[a + 1]), std::max(galpha[a + nx], galpha[a + nx + 1])) *
                static_cast<float>(c.color.a) * (1.0f / 255.0f) <
            kMinAlpha)
          continue;
        const int ia = base + static_cast<int>(a);
        const int inx = static_cast<int>(nx);
        quad(ia, ia + 1, ia + inx + 1, ia + inx);
      }
  }

  // The texture copy of a Font atlas, uploaded again when glyphs were added.
  SDL_Texture* atlasTexture(const Font& f, const GlyphAtlasView& a) {
    AtlasTexture* slot = nullptr;
    for (AtlasTexture& t : atlases)
      if (t.font == &f && t.bakedPx == a.bakedPx) slot = &t;
    if (slot == nullptr) {
      atlases.push_back(AtlasTexture{&f, a.bakedPx, 0, 0, nullptr});
      slot = &atlases.back();
    }
    if (slot->texture != nullptr && slot->height == a.height && slot->generation == a.generation)
      return slot->texture;
    if (slot->texture == nullptr || slot->height != a.height) {
      if (slot->texture != nullptr) SDL_DestroyTexture(slot->texture);
      slot->texture =
          SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, a.width, a.height);
      if (slot->texture == nullptr) {
        fail("SDL_CreateTexture (glyph atlas)");
        return nullptr;
      }
      SDL_SetTextureBlendMode(slot->texture, SDL_BLENDMODE_BLEND);
      SDL_SetTextureScaleMode(slot->texture,
                              SDL_ScaleModeLinear);  // the software renderer samples bilinearly
      slot->height = a.height;
    }
    // White texels whose alpha is the coverage: vertex colours tint them.
    const std::size_t n = static_cast<std::size_t>(a.width) * static_cast<std::size_t>(a.height);
    upload.resize(n * 4);
    for (std::size_t i = 0; i < n; ++i) {
      upload[i * 4 + 0] = 255;
      upload[i * 4 + 1] = 255;
      upload[i * 4 + 2] = 255;
      upload[i * 4 + 3] = a.pixels[i];
    }
    if (SDL_UpdateTexture(slot->texture, nullptr, upload.data(), a.width * 4) != 0) {
      fail("SDL_UpdateTexture (glyph atlas)");
      return nullptr;
    }
    slot->generation = a.generation;
    return slot->texture;
  }

  void drawText(const TextCmd& c, std::string_view text, const Affine2D& m) {
    Xform xf{};
    if (text.empty() || c.color.a == 0 || !makeXform(m, xf) || !std::isfinite(c.x) || !std::isfinite(c.y))
      return;
    const Font& f = font != nullptr ? *font : Font::defaultFont();
    const GlyphAtlasView atlas = f.layoutGlyphs(text, c.sizePx, glyphs);
    if (glyphs.empty() || atlas.pixels == nullptr || atlas.width <= 0 || atlas.height <= 0) return;
    SDL_Texture* tex = atlasTexture(f, atlas);
    if (tex == nullptr) return;
    setTexture(tex);
    float ox = c.x;
    if (c.align != TextAlign::Left && c.width > 0.0f) {
      const float tw = f.measureText(text, c.sizePx).width;
      ox += c.align == TextAlign::Center ? 0.5f * (c.width - tw) : c.width - tw;
    }
    const SDL_Color col = withAlpha(c.color, alphaScale);
    const float iw = 1.0f / static_cast<float>(atlas.width), ih = 1.0f / static_cast<float>(atlas.height);
    for (const GlyphQuad& g : glyphs) {
      // One texel of the (empty) padding around the glyph too: bilinear
      // sampling spreads the glyph's edge half a texel beyond its box.
      const float qx = ox + g.x - g.scale, qy = c.y + g.y - g.scale;
      const float qw = g.w + 2 * g.scale, qh = g.h + 2 * g.scale;
      const float u0 = (g.u - 1.0f) * iw, v0 = (g.v - 1.0f) * ih;
      const float u1 = u0 + qw / g.scale * iw, v1 = v0 + qh / g.scale * ih;
      const int a = vertex(place(m.apply(Vec2{qx, qy})), col, Vec2{u0, v0});
      const int b = vertex(place(m.apply(Vec2{qx + qw, qy})), col, Vec2{u1, v0});
      const int d = vertex(place(m.apply(Vec2{qx + qw, qy + qh})), col, Vec2{u1, v1});
      const int e = vertex(place(m.apply(Vec2{qx, qy + qh})), col, Vec2{u0, v1});
      quad(a, b, d, e);
    }
  }

  // -------------------------------------------------------------------------
  // [SECTION] State commands
  // -------------------------------------------------------------------------

  void pushClip(const RectF& rc, const Affine2D& m) {
    flush();
    ++clipDepth;
    if (clips.size() <= clipDepth) clips.emplace_back();
    const ClipLevel& up = clips[clipDepth - 1];  // read after the stack grew
    ClipLevel& next = clips[clipDepth];
    next.poly.resize(0);
    next.rect = up.rect;
    clipDirty = true;
    Xform xf{};
    if (up.poly.empty() || !makeXform(m, xf) || !finiteRect(rc) || !(rc.w > 0.0f) || !(rc.h > 0.0f))
      return;  // a degenerate clip clips everything
    next.rect = up.rect && xf.rectilinear;
    // The new rectangle, cut by the parent polygon (both convex).
    outer.resize(0);
    outer.push_back(m.apply(Vec2{rc.x, rc.y}));
    outer.push_back(m.apply(Vec2{rc.x + rc.w, rc.y}));
    outer.push_back(m.apply(Vec2{rc.x + rc.w, rc.y + rc.h}));
    outer.push_back(m.apply(Vec2{rc.x, rc.y + rc.h}));
    const float saved = clipOrient;
    clipOrient = orientation(up.poly);
    const auto pos = [](const Vec2& v) { return v; };
    const auto lerp = [](const Vec2& p, const Vec2& q, float t) { return p + (q - p) * t; };
    for (std::size_t i = 0; i < up.poly.size() && !outer.empty(); ++i) {
      cutByEdge(outer, inner, up.poly[i], up.poly[(i + 1) % up.poly.size()], pos, lerp);
      std::swap(outer, inner);
    }
    clipOrient = saved;
    if (outer.size() >= 3 && orientation(outer) != 0.0f) next.poly.assign(outer.begin(), outer.end());
    if (!next.poly.empty()) clipOrient = orientation(next.poly);
  }

  void popClip() {
    if (clipDepth == 0) return;
    flush();
    --clipDepth;
    clipDirty = true;
    if (!clip().poly.empty()) clipOrient = orientation(clip().poly);
  }

  SDL_Texture* makeTarget(Uint32 format) {
    SDL_Texture* t = SDL_CreateTexture(r, format, SDL_TEXTUREACCESS_TARGET, w, h);
    if (t == nullptr) {
      logApi(Severity::Warning, "SdlGeometryRenderer",
             std::string("no target texture (") + SDL_GetError() +
                 "): opacity groups multiply their children's alpha instead");
      targets = false;
    }
    return t;
  }

  void setTarget(SDL_Texture* t) {
    flush();
    if (SDL_SetRenderTarget(r, t) != 0) fail("SDL_SetRenderTarget");
    clipDirty = true;
  }

  void pushOpacity(float o) {
    if (!(o > 0.0f)) {  // nothing inside can show: skip to the matching pop
      skipDepth = 1;
      return;
    }
    if (o >= 1.0f || !targets) {
      groups.push_back(Group{false, o, alphaScale});
      if (o < 1.0f) alphaScale *= o;
      return;
    }
    flush();
    if (layers.size() <= layerDepth) layers.push_back(makeTarget(SDL_PIXELFORMAT_ARGB8888));
    if (scratch == nullptr && targets) scratch = makeTarget(SDL_PIXELFORMAT_RGB888);
    SDL_Texture* layer = layers[layerDepth];
    if (layer == nullptr || scratch == nullptr) {
      if (layer == nullptr) layers.pop_back();
      groups.push_back(Group{false, o, alphaScale});
      alphaScale *= o;
      return;
    }
    groups.push_back(Group{true, o, alphaScale});
    ++layerDepth;
    setTarget(layer);
    SDL_RenderSetClipRect(r, nullptr);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r, 0, 0, 0, 0);
    SDL_RenderClear(r);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
  }

  // Composites layer L with opacity o as premultiplied source-over,
  // dst = o L + (1 - o L.a) dst, with two blend modes every SDL renderer
  // has: BLEND of L tinted black (dst *= 1 - o L.a, and the alpha), then
  // ADD of L's colour copied to an opaque texture (dst += o L.rgb).
  void popOpacity() {
    if (groups.empty()) return;
    const Group g = groups.back();
    groups.pop_back();
    if (!g.layered) {
      alphaScale = g.prevScale;
      return;
    }
    flush();
    SDL_Texture* layer = layers[layerDepth - 1];
    --layerDepth;
    SDL_Texture* parent = layerDepth > 0 ? layers[layerDepth - 1] : root;
    const auto a8 = static_cast<Uint8>(std::lround(std::clamp(g.opacity, 0.0f, 1.0f) * 255.0f));
    setTarget(scratch);
    SDL_RenderSetClipRect(r, nullptr);
    SDL_SetTextureBlendMode(layer, SDL_BLENDMODE_NONE);
    SDL_SetTextureColorMod(layer, 255, 255, 255);
    SDL_SetTextureAlphaMod(layer, 255);
    SDL_RenderCopy(r, layer, nullptr, nullptr);
    setTarget(parent);
    SDL_RenderSetClipRect(r, nullptr);
    SDL_SetTextureBlendMode(layer, SDL_BLENDMODE_BLEND);
    SDL_SetTextureColorMod(layer, 0, 0, 0);
    SDL_SetTextureAlphaMod(layer, a8);
    SDL_RenderCopy(r, layer, nullptr, nullptr);
    SDL_SetTextureBlendMode(scratch, SDL_BLENDMODE_ADD);
    SDL_SetTextureAlphaMod(scratch, a8);
    SDL_RenderCopy(r, scratch, nullptr, nullptr);
    clipDirty = true;
  }

  // -------------------------------------------------------------------------
  // [SECTION] Frame
  // -------------------------------------------------------------------------

  void render(const DrawList& list) {
    if (!ok) return;
    root = SDL_GetRenderTarget(r);
    int tw = 0, th = 0;
    if (root != nullptr ? SDL_QueryTexture(root, nullptr, nullptr, &tw, &th) != 0
                        : SDL_GetRendererOutputSize(r, &tw, &th) != 0)
      return fail("SDL_GetRendererOutputSize");
    if (tw <= 0 || th <= 0) return;  // minimised
    if (tw != layerW || th != layerH) {
      destroyLayers();  // group layers follow the output size
      layerW = tw;
      layerH = th;
    }
    w = tw;
    h = th;

    clips.resize(std::max<std::size_t>(clips.size(), 1));
    clipDepth = 0;
    clips[0].rect = true;
    clips[0].poly.resize(0);
    clips[0].poly.push_back(Vec2{0.0f, 0.0f});
    clips[0].poly.push_back(Vec2{static_cast<float>(w), 0.0f});
    clips[0].poly.push_back(Vec2{static_cast<float>(w), static_cast<float>(h)});
    clips[0].poly.push_back(Vec2{0.0f, static_cast<float>(h)});
    clipOrient = orientation(clips[0].poly);
    groups.resize(0);
    skipDepth = 0;
    layerDepth = 0;
    alphaScale = 1.0f;
    batchTexture = nullptr;
    verts.resize(0);
    idx.resize(0);

    // The target holds premultiplied colour, as the software framebuffer.
    const Rgba8 c = Rgba8::from(Color{clear.r * clear.a, clear.g * clear.a, clear.b * clear.a, clear.a});
    SDL_RenderSetClipRect(r, nullptr);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderClear(r);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    clipDirty = true;

    for (const DrawCmd& cmd : list.commands()) {
      if (!ok) break;
      if (skipDepth > 0) {
        skipDepth += shapes::nesting(cmd.op);
        continue;
      }
      const Affine2D& m = list.stateOf(cmd).transform;
      switch (cmd.op) {
        case DrawOp::Rect:
          if (!clippedAway()) drawRect(cmd.rect, m);
          break;
        case DrawOp::Shadow:
          if (!clippedAway()) drawShadow(cmd.shadow, m);
          break;
        case DrawOp::Text:
          if (!clippedAway()) drawText(cmd.text, list.textOf(cmd.text), m);
          break;
        case DrawOp::Gradient:
          if (!clippedAway()) drawGradient(cmd.gradient, list.gradientOf(cmd.gradient), m);
          break;
        case DrawOp::PushClip: pushClip(cmd.clip.rect, m); break;
        case DrawOp::PopClip: popClip(); break;
        case DrawOp::PushOpacity: pushOpacity(cmd.opacity.opacity); break;
        case DrawOp::PopOpacity: popOpacity(); break;
        case DrawOp::PushTransform:
        case DrawOp::PopTransform: break;  // transforms arrive as each command's state
      }
    }
    while (!groups.empty()) popOpacity();  // close what the list left open
    flush();
    clipDepth = 0;
    if (SDL_GetRenderTarget(r) != root) setTarget(root);
    SDL_RenderSetClipRect(r, nullptr);
  }
};

// ---------------------------------------------------------------------------
// [SECTION] Public API
// ---------------------------------------------------------------------------

SdlGeometryRenderer::SdlGeometryRenderer(SDL_Renderer* target, const SdlGeometryRendererOptions& options)
    : impl_(std::make_unique<Impl>()) {
  impl_->r = target;
  impl_->clear = options.clearColor;
  impl_->font = options.font;
  if (target == nullptr) {
    impl_->ok = false;
    logApi(Severity::Error, "SdlGeometryRenderer", "no SDL_Renderer given; nothing will be drawn");
    return;
  }
  SDL_RendererInfo info{};
  if (SDL_GetRendererInfo(target, &info) == 0) {
    impl_->targets = (info.flags & SDL_RENDERER_TARGETTEXTURE) != 0;
    impl_->snap = info.name != nullptr && std::strcmp(info.name, "software") == 0;
  }
  impl_->verts.reserve(1024);
  impl_->idx.reserve(2048);
}

SdlGeometryRenderer::~SdlGeometryRenderer() = default;

void SdlGeometryRenderer::render(const DrawList& list) { impl_->render(list); }
void SdlGeometryRenderer::present() {
  if (impl_->ok) SDL_RenderPresent(impl_->r);
}
void SdlGeometryRenderer::setClearColor(const Color& c) { impl_->clear = c; }
void SdlGeometryRenderer::setFont(const Font* font) { impl_->font = font; }
bool SdlGeometryRenderer::layeredGroups() const { return impl_->targets; }
bool SdlGeometryRenderer::ok() const { return impl_->ok; }

}  // namespace zenit
