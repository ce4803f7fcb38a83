// SDL2 backend: software-rasterised frames streamed into one texture, and a
// window that translates SDL events into InputEvents.
#include <zenit/render/SdlRenderer.hpp>

#include <zenit/core/Diagnostic.hpp>

#include <SDL.h>

#include <algorithm>
#include <cstring>

namespace zenit {

// ---------------------------------------------------------------------------
// SdlRenderer
// ---------------------------------------------------------------------------

SdlRenderer::SdlRenderer(SDL_Renderer* target, const SoftwareRendererOptions& options)
    : target_(target), software_(0, 0, options) {
  if (target_ == nullptr) {
    ok_ = false;
    logApi(Severity::Error, "SdlRenderer", "no SDL_Renderer given; nothing will be drawn");
  }
}

SdlRenderer::~SdlRenderer() {
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
}

void SdlRenderer::fail(const char* what) {
  if (ok_) logApi(Severity::Error, "SdlRenderer", std::string(what) + ": " + SDL_GetError());
  ok_ = false;
}

void SdlRenderer::render(const DrawList& list) {
  if (!ok_) return;
  int w = 0, h = 0;
  if (SDL_GetRendererOutputSize(target_, &w, &h) != 0) return fail("SDL_GetRendererOutputSize");
  if (w <= 0 || h <= 0) return;  // minimised
  const bool fresh = w != texW_ || h != texH_ || texture_ == nullptr;
  if (fresh) {
    // Only a resize reallocates: the texture and the framebuffer follow the output size.
    if (texture_ != nullptr) SDL_DestroyTexture(texture_);
    // RGBA32 names the byte order R, G, B, A on every platform: the
    // software framebuffer's layout.
    texture_ = SDL_CreateTexture(target_, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STREAMING, w, h);
    if (texture_ == nullptr) return fail("SDL_CreateTexture");
    // The framebuffer is premultiplied; copying it opaque shows it over
    // black, which is exactly what premultiplied pixels encode.
    SDL_SetTextureBlendMode(texture_, SDL_BLENDMODE_NONE);
    texW_ = w;
    texH_ = h;
    software_.resize(w, h);
  }
  software_.render(list);
  // The texture keeps the last frame: only the pixels the software renderer
  // redrew travel to it (all of them for a new texture).
  const PixelRect d = fresh ? PixelRect{0, 0, w, h} : software_.lastDamage();
  if (!d.empty()) {
    const SDL_Rect r{d.x, d.y, d.w, d.h};
    const std::uint8_t* first =
        software_.premultipliedPixels() +
        (static_cast<std::size_t>(d.y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(d.x)) * 4u;
    if (SDL_UpdateTexture(texture_, &r, first, w * 4) != 0) return fail("SDL_UpdateTexture");
  }
  if (SDL_RenderCopy(target_, texture_, nullptr, nullptr) != 0) return fail("SDL_RenderCopy");
}

void SdlRenderer::present() {
  if (ok_) SDL_RenderPresent(target_);
}

// ---------------------------------------------------------------------------
// SdlWindow
// ---------------------------------------------------------------------------
namespace {

Key translateKey(SDL_Keycode k) {
  switch (k) {
    case SDLK_TAB: return Key::Tab;
    case SDLK_RETURN:
    case SDLK_KP_ENTER: return Key::Enter;
    case SDLK_ESCAPE: return Key::Escape;
    case SDLK_SPACE: return Key::Space;
    case SDLK_BACKSPACE: return Key::Backspace;
    case SDLK_DELETE: return Key::Delete;
    case SDLK_INSERT: return Key::Insert;
    case SDLK_LEFT: return Key::Left;
    case SDLK_RIGHT: return Key::Right;
    case SDLK_UP: return Key::Up;
    case SDLK_DOWN: return Key::Down;
    case SDLK_HOME: return Key::Home;
    case SDLK_END: return Key::End;
    case SDLK_PAGEUP: return Key::PageUp;
    case SDLK_PAGEDOWN: return Key::PageDown;
    case SDLK_F1: return Key::F1;
    case SDLK_F2: return Key::F2;
    case SDLK_F3: return Key::F3;
    case SDLK_F4: return Key::F4;
    case SDLK_F5: return Key::F5;
    case SDLK_F6: return Key::F6;
    case SDLK_F7: return Key::F7;
    case SDLK_F8: return Key::F8;
    case SDLK_F9: return Key::F9;
    case SDLK_F10: return Key::F10;
    case SDLK_F11: return Key::F11;
    case SDLK_F12: return Key::F12;
    case SDLK_UNKNOWN: return Key::Unknown;
    default: return Key::Other;
  }
}

std::uint8_t translateMods(Uint16 m) {
  unsigned out = KeyModNone;
  if ((m & KMOD_SHIFT) != 0) out |= KeyModShift;
  if ((m & KMOD_CTRL) != 0) out |= KeyModCtrl;
  if ((m & KMOD_ALT) != 0) out |= KeyModAlt;
  if ((m & KMOD_GUI) != 0) out |= KeyModSuper;
  return static_cast<std::uint8_t>(out);
}

PointerButton translateButton(Uint8 b) {
  switch (b) {
    case SDL_BUTTON_LEFT: return PointerButton::Left;
    case SDL_BUTTON_MIDDLE: return PointerButton::Middle;
    case SDL_BUTTON_RIGHT: return PointerButton::Right;
    default: return PointerButton::Other;
  }
}

}  // namespace

std::unique_ptr<SdlWindow> SdlWindow::open(const SdlWindowOptions& options) {
  if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
    logApi(Severity::Error, "SdlWindow::open", std::string("SDL video init failed: ") + SDL_GetError());
    return nullptr;
  }
  std::unique_ptr<SdlWindow> win(new SdlWindow());
  Uint32 flags = SDL_WINDOW_SHOWN;
  if (options.resizable) flags |= SDL_WINDOW_RESIZABLE;
  win->window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                  std::max(1, options.width), std::max(1, options.height), flags);
  if (win->window_ == nullptr) {
    logApi(Severity::Error, "SdlWindow::open", std::string("SDL_CreateWindow failed: ") + SDL_GetError());
    return nullptr;  // the destructor quits the subsystem
  }
  const Uint32 vsync = options.vsync ? static_cast<Uint32>(SDL_RENDERER_PRESENTVSYNC) : 0u;
  win->sdlRenderer_ = SDL_CreateRenderer(win->window_, -1, SDL_RENDERER_ACCELERATED | vsync);
  if (win->sdlRenderer_ == nullptr)
    win->sdlRenderer_ = SDL_CreateRenderer(win->window_, -1, SDL_RENDERER_SOFTWARE);
  if (win->sdlRenderer_ == nullptr) {
    logApi(Severity::Error, "SdlWindow::open", std::string("SDL_CreateRenderer failed: ") + SDL_GetError());
    return nullptr;
  }
  win->renderer_ = std::make_unique<SdlRenderer>(
      win->sdlRenderer_, SoftwareRendererOptions{.clearColor = options.clearColor, .font = options.font});
  SdlBackend backend = options.backend;
  if (backend == SdlBackend::Auto) {
    SDL_RendererInfo info{};
    const bool gpu =
        SDL_GetRendererInfo(win->sdlRenderer_, &info) == 0 && (info.flags & SDL_RENDERER_ACCELERATED) != 0;
    backend = gpu ? SdlBackend::Geometry : SdlBackend::Software;
  }
  if (backend == SdlBackend::Geometry)
    win->geometry_ = std::make_unique<SdlGeometryRenderer>(
        win->sdlRenderer_,
        SdlGeometryRendererOptions{.clearColor = options.clearColor, .font = options.font});
  win->backend_ = backend;
  SDL_GetRendererOutputSize(win->sdlRenderer_, &win->width_, &win->height_);
  win->events_.reserve(64);
  SDL_StartTextInput();
  return win;
}

SdlWindow::~SdlWindow() {
  renderer_.reset();  // their textures belong to the SDL_Renderer: destroy them first
  geometry_.reset();
  if (sdlRenderer_ != nullptr) SDL_DestroyRenderer(sdlRenderer_);
  if (window_ != nullptr) SDL_DestroyWindow(window_);
  SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

std::span<const InputEvent> SdlWindow::pollEvents() {
  events_.resize(0);
  SDL_Event e;
  while (SDL_PollEvent(&e) != 0) {
    InputEvent ev;
    switch (e.type) {
      case SDL_QUIT:
        ev.type = InputEventType::Quit;
        quit_ = true;
        break;
      case SDL_MOUSEMOTION:
        ev.type = InputEventType::PointerMove;
        ev.x = static_cast<float>(e.motion.x);
        ev.y = static_cast<float>(e.motion.y);
        break;
      case SDL_MOUSEBUTTONDOWN:
      case SDL_MOUSEBUTTONUP:
        ev.type = e.type == SDL_MOUSEBUTTONDOWN ? InputEventType::PointerDown : InputEventType::PointerUp;
        ev.button = translateButton(e.button.button);
        ev.x = static_cast<float>(e.button.x);
        ev.y = static_cast<float>(e.button.y);
        break;
      case SDL_MOUSEWHEEL:
        ev.type = InputEventType::Wheel;
        ev.x = static_cast<float>(e.wheel.x);
        ev.y = static_cast<float>(e.wheel.y);
        if (e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED) {
          ev.x = -ev.x;
          ev.y = -ev.y;
        }
        break;
      case SDL_KEYDOWN:
      case SDL_KEYUP:
        ev.type = e.type == SDL_KEYDOWN ? InputEventType::KeyDown : InputEventType::KeyUp;
        ev.key = translateKey(e.key.keysym.sym);
        ev.keycode = static_cast<std::int32_t>(e.key.keysym.sym);
        ev.mods = translateMods(e.key.keysym.mod);
        ev.repeat = e.key.repeat != 0;
        break;
      case SDL_TEXTINPUT: {
        ev.type = InputEventType::Text;
        std::size_t copy = 0;  // SDL terminates the text; stay inside both buffers regardless
        while (copy < sizeof(e.text.text) && copy + 1 < InputEvent::kTextCapacity &&
               e.text.text[copy] != '\0')
          ++copy;
        std::memcpy(ev.text, e.text.text, copy);
        ev.text[copy] = '\0';
        break;
      }
      case SDL_WINDOWEVENT:
        if (e.window.event == SDL_WINDOWEVENT_EXPOSED) exposed_ = true;
        if (e.window.event != SDL_WINDOWEVENT_SIZE_CHANGED) continue;
        ev.type = InputEventType::Resize;
        SDL_GetRendererOutputSize(sdlRenderer_, &width_, &height_);
        ev.x = static_cast<float>(width_);
        ev.y = static_cast<float>(height_);
        break;
      default: continue;
    }
    events_.push_back(ev);
  }
  return {events_.data(), events_.size()};
}

Renderer& SdlWindow::activeRenderer() {
  if (geometry_) return *geometry_;
  return *renderer_;
}

void SdlWindow::present(const DrawList& list) {
  if (!geometry_) {
    renderer_->render(list);
    renderer_->present();
    return;
  }
  geometry_->render(list);
  if (capture_) {  // the back buffer is undefined after presenting: read it before
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(sdlRenderer_, &w, &h) == 0 && w > 0 && h > 0) {
      captured_.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
      if (SDL_RenderReadPixels(sdlRenderer_, nullptr, SDL_PIXELFORMAT_RGBA32, captured_.data(), w * 4) == 0) {
        capturedW_ = w;
        capturedH_ = h;
      }
    }
  }
  geometry_->present();
}

bool SdlWindow::writePng(const std::string& path) const {
  if (!geometry_) return renderer_->software().writePng(path);
  const std::size_t bytes = static_cast<std::size_t>(capturedW_) * static_cast<std::size_t>(capturedH_) * 4;
  if (capturedW_ <= 0 || capturedH_ <= 0 || captured_.size() < bytes) return false;
  return writeRgbaPng(path, capturedW_, capturedH_, captured_.data());
}

}  // namespace zenit
