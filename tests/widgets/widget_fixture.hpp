// A small scene for widget tests: the process-wide theme loaded with one
// sheet, a manual clock, a root node, scripted input through
// UIContext::dispatch and a RecordingRenderer to read the draw list back.
#pragma once

#include <zenit/layout/UIContext.hpp>
#include <zenit/render/Renderer.hpp>
#include <zenit/style/Theme.hpp>
#include <zenit/widgets/Widgets.hpp>

#include "support/zenit_test.hpp"

#include <cmath>
#include <memory>
#include <string_view>
#include <vector>

namespace zenit::test {

inline bool near(float a, float b, float eps = 1e-4f) { return std::fabs(a - b) <= eps; }
// Colours survive the draw list as 8-bit channels.
inline bool sameColor(const Color& a, const Color& b, float eps = 1.5f / 255.0f) {
  return near(a.r, b.r, eps) && near(a.g, b.g, eps) && near(a.b, b.b, eps) && near(a.a, b.a, eps);
}

class Scene {
 public:
  explicit Scene(std::string_view sheet = {}) {
    // Keyframes are looked up in Theme::get() (Anim::syncRefs), so the
    // scene uses the process-wide theme and empties it afterwards.
    Theme::get().clear();
    if (!sheet.empty()) {
      const Theme::LoadResult r = Theme::get().loadString(sheet, "test.zstyle");
      for (const Diagnostic& d : r.diagnostics) UNSCOPED_INFO(d.message);
      REQUIRE(r.ok());
    }
    UIContext& ctx = UIContext::get();
    ctx.setTheme(Theme::get());
    ctx.resetClock(0.0);
    ctx.viewport = Size{400.0f, 300.0f};
    root = std::make_unique<Layout>("Root");
    ctx.requestLayout();
  }
  ~Scene() {
    // Move the pointer off the tree first: destroying a hovered subtree
    // leaves UIContext's hovered node on an already destroyed ancestor
    // (UIContext::forget steps to the parent, whose destructor has run).
    move(-1.0e6f, -1.0e6f);
    root.reset();
    Theme::get().clear();
  }
  Scene(const Scene&) = delete;
  Scene& operator=(const Scene&) = delete;

  template <class T, class... Args>
  T& add(Args&&... args) {
    return root->add<T>(std::forward<Args>(args)...);
  }

  void frame(double dt = 1.0 / 60.0) { UIContext::get().frame(*root, dt); }
  void frames(int n, double dt = 1.0 / 60.0) {
    for (int i = 0; i < n; ++i) frame(dt);
  }
  // Records the tree and hands the list to the recorder.
  const RecordingRenderer& draw() {
    list.reset();
    root->draw(list);
    rec.render(list);
    return rec;
  }

  bool send(InputEvent e) { return UIContext::get().dispatch(*root, e); }
  bool move(float x, float y) {
    return send(pointer(InputEventType::PointerMove, x, y, PointerButton::None));
  }
  bool down(float x, float y) {
    return send(pointer(InputEventType::PointerDown, x, y, PointerButton::Left));
  }
  bool up(float x, float y) { return send(pointer(InputEventType::PointerUp, x, y, PointerButton::Left)); }
  void click(float x, float y) {
    move(x, y);
    down(x, y);
    up(x, y);
  }
  void clickCenter(const Layout& n) { click(centerX(n), centerY(n)); }
  bool key(Key k, bool repeat = false) {
    InputEvent e;
    e.type = InputEventType::KeyDown;
    e.key = k;
    e.repeat = repeat;
    return send(e);
  }
  static float centerX(const Layout& n) { return n.box.viewRect.x + 0.5f * n.box.viewRect.width; }
  static float centerY(const Layout& n) { return n.box.viewRect.y + 0.5f * n.box.viewRect.height; }

  // Rects of the last draw with this exact size.
  std::vector<RecordedRect> rectsSized(float w, float h, float eps = 1e-3f) const {
    std::vector<RecordedRect> out;
    for (const RecordedRect& r : rec.rects())
      if (near(r.rect.w, w, eps) && near(r.rect.h, h, eps)) out.push_back(r);
    return out;
  }
  // Rects of the last draw filled with this colour.
  std::size_t countFill(const Color& c) const {
    std::size_t n = 0;
    for (const RecordedRect& r : rec.rects())
      if (sameColor(r.fill, c)) ++n;
    return n;
  }

  std::unique_ptr<Layout> root;
  DrawList list;
  RecordingRenderer rec;

 private:
  static InputEvent pointer(InputEventType t, float x, float y, PointerButton b) {
    InputEvent e;
    e.type = t;
    e.x = x;
    e.y = y;
    e.button = b;
    return e;
  }
};

}  // namespace zenit::test
