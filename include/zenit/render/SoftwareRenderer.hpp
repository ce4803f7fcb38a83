// SoftwareRenderer: rasterises a DrawList into an RGBA8 framebuffer on the
// CPU, headless. Tests read pixels back, docs and CI write PNG frames, and
// the SDL backend shows the same pixels in a window.
//
// What it draws, and how:
//  - rects: anti-aliased coverage from the signed distance to the rounded
//    rectangle (exact area coverage for square, axis-aligned ones); the
//    border is the ring between the outer shape and the shape inset by the
//    border width (inner radii = outer - width, as CSS);
//  - transforms: every pixel centre of the transformed bounding box is
//    mapped back through the inverse transform and shaded in local space;
//  - opacity groups: true group opacity (CSS `opacity`): a group below 1 is
//    drawn into an offscreen layer, then composited once with its opacity,
//    so overlapping children do not show through each other;
//  - clips: intersected device rectangles, plus a per-pixel test for clips
//    pushed under a rotation;
//  - box shadows: an approximation of the CSS Gaussian (sigma = blur / 2):
//    exact for square corners (the separable integral of the Gaussian over
//    the rectangle), and for rounded corners the lower of that and the
//    Gaussian edge profile at the distance to the rounded edge; outer
//    shadows are cut out of the box, inset ones drawn only inside it;
//  - text: glyphs from the Font's atlas, bilinearly sampled.
//
// Damage: each frame is compared with the last one drawn, and only the
// pixels of commands that were added, removed or changed (in either frame)
// are cleared and drawn again; the rest of the framebuffer keeps its bytes,
// which are the bytes a full redraw would write. lastDamage() tells an app
// which part to present. The first frame, a resize, a new clear colour or
// font, invalidate(), and a frame whose damage is half the window or more
// redraw everything.
//
// The framebuffer holds premultiplied RGBA8; pixel() and writePng() return
// straight alpha. Steady-state frames allocate nothing.
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/render/Renderer.hpp>

#include <cstdint>
#include <memory>
#include <string>

namespace zenit {

class Font;

// A rectangle of whole framebuffer pixels: columns [x, x + w), rows [y, y + h).
struct PixelRect {
  int x{0}, y{0}, w{0}, h{0};
  bool empty() const { return w <= 0 || h <= 0; }
  bool operator==(const PixelRect&) const = default;
};

struct SoftwareRendererOptions {
  Color clearColor{Color::transparent()};  // every frame starts from this
  const Font* font{nullptr};               // nullptr: Font::defaultFont(), looked up at the first text
};

class SoftwareRenderer final : public Renderer {
 public:
  SoftwareRenderer(int width, int height,
                   const SoftwareRendererOptions& options = {});  // sizes clamp to [0, kMaxSize]
  ~SoftwareRenderer() override;
  SoftwareRenderer(SoftwareRenderer&&) noexcept;
  SoftwareRenderer& operator=(SoftwareRenderer&&) noexcept;

  void render(const DrawList& list) override;  // draws the list, redrawing only what changed since the last
  const char* name() const override { return "software"; }

  void invalidate();  // the next render() redraws everything (say, after changing the Font's contents)
  PixelRect lastDamage() const;  // pixels the last render() redrew; empty when nothing changed

  void resize(int width, int height);  // reallocates; contents become the clear colour
  void setClearColor(const Color& c);  // a different colour redraws everything next frame
  void setFont(const Font* font);      // nullptr: the default font; a different font redraws everything
  int width() const;
  int height() const;

  Rgba8 pixel(int x, int y) const;                  // straight alpha; transparent outside the framebuffer
  const std::uint8_t* premultipliedPixels() const;  // width*height*4 bytes, top row first
  bool writePng(const std::string& path) const;     // straight-alpha RGBA PNG; false if it cannot be written

  static constexpr int kMaxSize = 16384;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Writes `width` x `height` straight-alpha RGBA8 pixels (top row first) as
// a PNG; false if it cannot be written.
bool writeRgbaPng(const std::string& path, int width, int height, const std::uint8_t* rgba);

}  // namespace zenit
