// The SDL2 window backend (target zenit::sdl): SdlRenderer draws a DrawList
// into an SDL_Renderer, SdlWindow opens a window, turns SDL events into
// InputEvents and presents frames.
//
// SdlRenderer rasterises with SoftwareRenderer and streams the pixels into
// one texture per frame, so a window shows exactly the pixels the headless
// PNGs show. SDL headers are not needed to include this file.
//
// [SECTION] SdlRenderer
// [SECTION] SdlWindow
#pragma once

#include <zenit/render/InputEvent.hpp>
#include <zenit/render/Renderer.hpp>
#include <zenit/render/SoftwareRenderer.hpp>

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

struct SdlWindowOptions {
  std::string title{"ZenitUI"};
  int width{800}, height{600};  // px
  bool resizable{true};
  bool vsync{true};                  // present waits for the display
  Color clearColor{Color::white()};  // behind everything drawn
  const Font* font{nullptr};         // nullptr: Font::defaultFont()
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
  void present(const DrawList& list);   // render + present one frame
  int width() const { return width_; }  // drawable size, px
  int height() const { return height_; }
  bool quitRequested() const { return quit_; }  // a Quit event was seen
  // Whether the window was exposed (its picture must be drawn again) since
  // the last call; pollEvents notes it.
  bool takeExposed() { return std::exchange(exposed_, false); }

  SdlRenderer& renderer() { return *renderer_; }
  SDL_Window* sdlWindow() { return window_; }
  SDL_Renderer* sdlRenderer() { return sdlRenderer_; }

 private:
  SdlWindow() = default;

  SDL_Window* window_{nullptr};
  SDL_Renderer* sdlRenderer_{nullptr};
  std::unique_ptr<SdlRenderer> renderer_;
  std::vector<InputEvent> events_;
  int width_{0}, height_{0};
  bool quit_{false};
  bool exposed_{false};
};

}  // namespace zenit
