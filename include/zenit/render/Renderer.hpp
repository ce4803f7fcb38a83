// Renderer: a backend that consumes a DrawList, plus the two backends that
// need no pixels: NullRenderer (benchmarks) and RecordingRenderer (tests).
//
// [SECTION] Renderer
// [SECTION] NullRenderer
// [SECTION] RecordingRenderer
#pragma once

#include <zenit/render/DrawList.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Renderer
// ---------------------------------------------------------------------------

// A backend. render() draws one whole frame from `list`; the list is only
// read and may be reset by the caller as soon as render() returns.
class Renderer {
 public:
  virtual ~Renderer();
  virtual void render(const DrawList& list) = 0;  // draws one frame
  virtual const char* name() const = 0;           // "null", "recording", "software", "sdl"
};

// ---------------------------------------------------------------------------
// [SECTION] NullRenderer
// ---------------------------------------------------------------------------

// Walks the list and counts commands per kind; draws nothing. The backend
// benchmarks use so they measure recording, not rasterising.
class NullRenderer final : public Renderer {
 public:
  void render(const DrawList& list) override;
  const char* name() const override { return "null"; }

  std::size_t frames() const { return frames_; }          // render() calls so far
  std::size_t lastCommandCount() const { return last_; }  // commands in the last list
  std::size_t totalCommands() const { return total_; }    // commands over every frame
  std::size_t lastCount(DrawOp op) const {
    return perOp_[static_cast<std::size_t>(op)];
  }  // of one kind, last list

 private:
  std::size_t frames_{0}, last_{0}, total_{0};
  std::array<std::size_t, kDrawOpCount> perOp_{};
};

// ---------------------------------------------------------------------------
// [SECTION] RecordingRenderer
// ---------------------------------------------------------------------------

// A rect as a test sees it: its fields plus its effective state.
struct RecordedRect {
  std::size_t index;  // position in the list
  RectF rect;
  Radii radii;
  Color fill;
  Color border;
  float borderWidth;
  Affine2D transform;  // effective (composed) transform
  float opacity;       // effective (multiplied) opacity
};

// A text run as a test sees it. `text` points into the renderer's copy of
// the list and stays valid until the next render().
struct RecordedText {
  std::size_t index;
  std::string_view text;
  float x, y, width, sizePx;
  Color color;
  TextAlign align;
  Affine2D transform;
  float opacity;
};

// A shadow as a test sees it.
struct RecordedShadow {
  std::size_t index;
  RectF rect;
  Radii radii;
  float offsetX, offsetY, blur, spread;
  Color color;
  bool inset;
  Affine2D transform;
  float opacity;
};

// Keeps a copy of the last list (reusing its storage) and flat views of it.
class RecordingRenderer final : public Renderer {
 public:
  void render(const DrawList& list) override;
  const char* name() const override { return "recording"; }

  const DrawList& list() const { return list_; }  // the copy of the last list
  std::size_t frames() const { return frames_; }
  const std::vector<RecordedRect>& rects() const { return rects_; }  // every Rect command, in order
  const std::vector<RecordedText>& texts() const { return texts_; }  // every Text command, in order
  const std::vector<RecordedShadow>& shadows() const { return shadows_; }
  const Affine2D& transformOf(std::size_t command) const;  // effective transform of command i
  float opacityOf(std::size_t command) const;              // effective opacity of command i
  DrawOp opOf(std::size_t command) const { return list_.commands()[command].op; }
  std::size_t count(DrawOp op) const;  // commands of one kind

 private:
  DrawList list_;
  std::vector<RecordedRect> rects_;
  std::vector<RecordedText> texts_;
  std::vector<RecordedShadow> shadows_;
  std::size_t frames_{0};
};

}  // namespace zenit
