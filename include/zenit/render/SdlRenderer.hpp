// The SDL2 window backend (target zenit::sdl): SdlRenderer draws a DrawList
// into an SDL_Renderer, SdlWindow opens a window, turns SDL events into
// InputEvents and presents frames.
//
// SdlRenderer rasterises with SoftwareRenderer and streams the pixels into
// one texture per frame, so a window shows exactly the pixels the headless
// PNGs show. SdlGeometryRenderer (SdlGeometryRenderer.hpp) draws the list
// as triangles instead, on the GPU where SDL has one; SdlWindowOptions
// chooses between them. SDL headers are not needed to include this file.
//
// [SECTION] SdlRenderer
// [SECTION] SdlWindow
#pragma once

#include <zenit/render/InputEvent.hpp>
#include <zenit/render/Renderer.hpp>
#include <zenit/render/SdlGeometryRenderer.hpp>
#include <zenit/render/SoftwareRenderer.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

struct SDL_Window;
struct SDL_Renderer;
struct SDL_Texture;

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] SdlRenderer
// ---------------------------------------------------------------------------

class SdlRenderer final : public Renderer {
 public:
  // Draws into `target` (not owned; must outlive this object).
  explicit SdlRenderer(SDL_Renderer* target, const SoftwareRendererOptions& options = {});
  ~SdlRenderer() override;
  SdlRenderer(const SdlRenderer&) = delete;
  SdlRenderer& operator=(const SdlRenderer&) = delete;

  // Rasterises `list` at the target's output size and copies it to the
  // target; call present() (or SDL_RenderPresent) to show it.
  void render(const DrawList& list) override;
  const char* name() const override { return "sdl"; }
  void present();  // SDL_RenderPresent on the target

  const SoftwareRenderer& software() const { return software_; }  // the pixels of the last frame
  SoftwareRenderer& software() { return software_; }
  bool ok() const { return ok_; }  // false once SDL failed (logged once)

 private:
  void fail(const char* what);

  SDL_Renderer* target_{nullptr};
  SDL_Texture* texture_{nullptr};
  int texW_{0}, texH_{0};
  SoftwareRenderer software_;
  bool ok_{true};
};

// ---------------------------------------------------------------------------
// [SECTION] SdlWindow
// ---------------------------------------------------------------------------

// Which backend an SdlWindow draws with.
enum class SdlBackend : std::uint8_t {
  Auto,      // Geometry when the SDL_Renderer is accelerated (a GPU), else Software
  Geometry,  // SdlGeometryRenderer: the draw list as triangles
  Software,  // SdlRenderer: SoftwareRenderer's pixels, uploaded each frame
};

struct SdlWindowOptions {
  std::string title{"ZenitUI"};
  int width{800}, height{600};  // px
  bool resizable{true};
  bool vsync{true};                  // present waits for the display
  Color clearColor{Color::white()};  // behind everything drawn
  const Font* font{nullptr};         // nullptr: Font::defaultFont()
  SdlBackend backend{SdlBackend::Auto};
};

class SdlWindow {
 public:
  // Opens a window with a renderer (accelerated, else software). nullptr,
  // with a logged diagnostic, when SDL cannot (no display, no driver).
  static std::unique_ptr<SdlWindow> open(const SdlWindowOptions& options = {});
  ~SdlWindow();
  SdlWindow(const SdlWindow&) = delete;
  SdlWindow& operator=(const SdlWindow&) = delete;

  // Drains SDL's queue into InputEvents. The span is valid until the next
  // call; its storage is reused, so steady frames do not allocate.
  std::span<const InputEvent> pollEvents();
  void present(const DrawList& list);   // render + present one frame, with backend()
  int width() const { return width_; }  // drawable size, px
  int height() const { return height_; }
  bool quitRequested() const { return quit_; }  // a Quit event was seen
  // Whether the window was exposed (its picture must be drawn again) since
  // the last call; pollEvents notes it.
  bool takeExposed() { return std::exchange(exposed_, false); }

  SdlBackend backend() const { return backend_; }  // Geometry or Software: the one drawing
  Renderer& activeRenderer();                      // the backend drawing the frames
  SdlRenderer& renderer() {
    return *renderer_;
  }  // the software-upload backend (draws when backend() is Software)
  SdlGeometryRenderer* geometryRenderer() { return geometry_.get(); }  // nullptr unless backend() is Geometry

  // Whether present() keeps a copy of each frame's pixels for writePng
  // (a read-back per frame: for screenshots, not for every run). The
  // software backend always has its last frame and needs no copy.
  void setCaptureFrames(bool on) { capture_ = on; }
  bool writePng(const std::string& path) const;  // the last presented frame; false if none or unwritable

  SDL_Window* sdlWindow() { return window_; }
  SDL_Renderer* sdlRenderer() { return sdlRenderer_; }

 private:
  SdlWindow() = default;

  SDL_Window* window_{nullptr};
  SDL_Renderer* sdlRenderer_{nullptr};
  std::unique_ptr<SdlRenderer> renderer_;
  std::unique_ptr<SdlGeometryRenderer> geometry_;
  SdlBackend backend_{SdlBackend::Software};
  bool capture_{false};
  std::vector<std::uint8_t> captured_;  // RGBA, capturedW_ x capturedH_
  int capturedW_{0}, capturedH_{0};
  std::vector<InputEvent> events_;
  int width_{0}, height_{0};
  bool quit_{false};
  bool exposed_{false};
};

}  // namespace zenit
