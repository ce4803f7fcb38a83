// SdlGeometryRenderer (target zenit::sdl): draws a DrawList as triangles
// through SDL_RenderGeometry, so the GPU does the pixel work wherever the
// SDL_Renderer has one.
//
// It draws what SoftwareRenderer draws, and golden tests hold the two
// within a few levels per channel (docs/rendering.md, "The geometry
// backend"):
//  - rects: rounded rectangles tessellated per corner (more segments for
//    larger radii on screen), the border as a ring inside the border box,
//    every edge anti-aliased by a 1 px rim whose alpha falls to 0;
//  - box shadows: a mesh whose vertex alphas are the software renderer's
//    blur profile, dense where the profile bends;
//  - text: glyph quads sampling a texture copy of the Font's atlas, made
//    once per baked size and refreshed only when glyphs are added;
//  - clips: SDL_RenderSetClipRect while every clip is axis-aligned on
//    screen; under a rotation the triangles are cut against the clip
//    polygon on the CPU, so rotated clips are exact;
//  - opacity groups: a group below 1 is drawn into a target texture and
//    composited once with its opacity (true group opacity); without target
//    textures the group's opacity multiplies its children's alpha instead;
//  - transforms: vertices are transformed on the CPU.
//
// Every frame is drawn whole (no damage tracking). Steady frames do not
// allocate: vertex, index and scratch vectors are reused. SDL headers are
// not needed to include this file.
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/render/Renderer.hpp>

#include <memory>

struct SDL_Renderer;

namespace zenit {

class Font;

struct SdlGeometryRendererOptions {
  Color clearColor{Color::transparent()};  // every frame starts from this
  const Font* font{nullptr};               // nullptr: Font::defaultFont(), looked up at the first text
};

class SdlGeometryRenderer final : public Renderer {
 public:
  // Draws into `target` (not owned; must outlive this object).
  explicit SdlGeometryRenderer(SDL_Renderer* target, const SdlGeometryRendererOptions& options = {});
  ~SdlGeometryRenderer() override;
  SdlGeometryRenderer(const SdlGeometryRenderer&) = delete;
  SdlGeometryRenderer& operator=(const SdlGeometryRenderer&) = delete;

  // Clears the target's current render target and draws `list` into it;
  // call present() (or SDL_RenderPresent) to show it.
  void render(const DrawList& list) override;
  const char* name() const override { return "sdl-geometry"; }
  void present();  // SDL_RenderPresent on the target

  void setClearColor(const Color& c);  // the colour the next frames start from
  void setFont(const Font* font);      // nullptr: the default font
  bool layeredGroups() const;  // opacity groups composite as layers (the renderer has target textures)
  bool ok() const;             // false once SDL failed (logged once)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace zenit
