// A small world for the Layout / AnimationPlayer tests: a fresh theme, a
// reset clock, a root node, a reused draw list, pointer helpers and a log
// capture. Every test builds its own Scene, so tests never share state.
#pragma once

#include "support/zenit_test.hpp"

#include <zenit/core/Diagnostic.hpp>
#include <zenit/layout/Layout.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/style/Theme.hpp>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace zenit::test {

// Collects every diagnostic logged while it lives (zenit::setLogSink).
class LogCapture {
 public:
  LogCapture() {
    prev_ = setLogSink([this](const Diagnostic& d) { seen.push_back(d); });
  }
  ~LogCapture() { setLogSink(std::move(prev_)); }
  LogCapture(const LogCapture&) = delete;
  LogCapture& operator=(const LogCapture&) = delete;

  // Whether some diagnostic of severity `s` contains every one of `parts`.
  bool has(Severity s, std::initializer_list<std::string_view> parts) const {
    for (const Diagnostic& d : seen) {
      if (d.severity != s) continue;
      bool all = true;
      for (std::string_view p : parts) all = all && d.message.find(p) != std::string::npos;
      if (all) return true;
    }
    return false;
  }

  std::vector<Diagnostic> seen;

 private:
  LogSink prev_;
};

// Empties Theme::get(), loads `sheet` into it (which must load cleanly),
// restarts the clock at 0 and resets the resolver's counters.
inline void freshWorld(std::string_view sheet) {
  Theme::get().clear();
  if (!sheet.empty()) {
    const Theme::LoadResult r = Theme::get().loadString(sheet, "test.zstyle");
    for (const Diagnostic& d : r.diagnostics) INFO(d.format());
    REQUIRE(r.ok());
  }
  UIContext& ctx = UIContext::get();
  ctx.resetClock();
  ctx.viewport = Size{800.0f, 600.0f};
  ctx.requestLayout();
  ctx.resolver().resetStats();
}

// A root (type "Root", 800x600) with a draw list. frame() drives one frame
// the way an app loop does: UIContext::frame, then draw into the reused list.
struct Scene {
  explicit Scene(std::string_view sheet) { freshWorld(sheet); }

  Layout root{"Root"};
  DrawList list;

  void frame(double dt) {
    UIContext::get().frame(root, dt);
    list.reset();
    root.draw(list);
  }
  void frames(int n, double dt) {
    for (int i = 0; i < n; ++i) frame(dt);
  }

  // A child of `parent` (root by default) of type `type` with `classes`.
  template <class T = Layout, class... Args>
  T& add(std::initializer_list<std::string_view> classes, Layout* parent = nullptr, Args&&... args) {
    T& n = (parent ? *parent : root).add<T>(std::forward<Args>(args)...);
    for (std::string_view c : classes) n.addClass(c);
    return n;
  }

  static bool send(Layout& root, InputEventType type, float x, float y,
                   PointerButton b = PointerButton::None) {
    InputEvent e;
    e.type = type;
    e.x = x;
    e.y = y;
    e.button = b;
    return UIContext::get().dispatch(root, e);
  }
  bool move(float x, float y) { return send(root, InputEventType::PointerMove, x, y); }
  bool down(float x, float y) { return send(root, InputEventType::PointerDown, x, y, PointerButton::Left); }
  bool up(float x, float y) { return send(root, InputEventType::PointerUp, x, y, PointerButton::Left); }
  void click(float x, float y) {
    down(x, y);
    up(x, y);
  }

  std::uint64_t resolves() const { return UIContext::get().resolver().stats().resolves; }
};

// The node CSS instance named `name` on `n` as it is now, or nullopt.
inline std::optional<ActiveCssAnimation> cssAnim(const Layout& n, std::string_view name) {
  const AnimationPlayer* p = n.animationPlayer();
  if (!p) return std::nullopt;
  return p->cssAnimation(name);
}

inline std::size_t cssCount(const Layout& n) {
  const AnimationPlayer* p = n.animationPlayer();
  return p ? p->cssCount() : 0;
}

inline float renderedOpacity(const Layout& n) { return n.renderedStyle().opacity; }

// A UIAnimation whose one setter track writes opacity `from` -> `to` into
// the node's inline base (the seed's usual setter, §9.2).
inline std::shared_ptr<UIAnimation> opacitySetter(float duration, float from = 0.0f, float to = 1.0f) {
  auto a = std::make_shared<UIAnimation>(duration);
  a->addTrack<float>(from, to, [](Layout* l, float v) { l->getInlineBase().opacity = v; });
  return a;
}

// A UIAnimation with one overlay track on opacity.
inline std::shared_ptr<UIAnimation> opacityOverlay(float duration, float from = 0.0f, float to = 1.0f) {
  auto a = std::make_shared<UIAnimation>(duration);
  REQUIRE(a->addTrack(Prop::opacity, from, to));
  return a;
}

}  // namespace zenit::test
