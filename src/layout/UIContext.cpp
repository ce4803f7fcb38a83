// UIContext: clock, frame driver, input dispatch, deferred removal.
#include <zenit/layout/UIContext.hpp>

#include "layout/Clock.hpp"

#include <zenit/core/Diagnostic.hpp>
#include <zenit/layout/Layout.hpp>

#include <algorithm>
#include <cmath>

namespace zenit {

UIContext& UIContext::get() {
  static UIContext ctx;
  return ctx;
}

UIContext::UIContext() : theme_(&Theme::get()), resolver_(std::make_unique<StyleResolver>(*theme_)) {
  pendingRemovals_.reserve(16);
}

void UIContext::setTheme(Theme& theme) {
  theme_ = &theme;
  resolver_ = std::make_unique<StyleResolver>(theme);
  themeGeneration_ = 0;  // the next frame re-resolves every node against it
}

double UIContext::clampStep(double dt) {
  if (!std::isfinite(dt) || dt <= 0.0) return 0.0;
  return std::min(dt, kMaxStep);
}

void UIContext::advance(double dt) { detail::advanceClock(time, compensation_, clampStep(dt)); }

void UIContext::resetClock(double t) {
  time = t;
  compensation_ = 0.0;
}

void UIContext::frame(Layout& root, double dt) {
  if (inFrame()) {  // from a callback: the clock and the tree are mid-tick
    logApi(Severity::Error, "UIContext::frame", "called while a frame runs (from a callback); ignored");
    return;
  }
  advance(dt);
  theme_->setMedia(MediaEnvironment{viewport.width, viewport.height, prefersReducedMotion, colorScheme});
  // A sheet was loaded, reloaded or unloaded, or the environment turned an
  // @media block on or off: every node may match other rules now.
  if (theme_->generation() != themeGeneration_) {
    themeGeneration_ = theme_->generation();
    root.markStyleDirty(true);
  }
  root.update(clampStep(dt));
  layoutIfNeeded(root);
}

bool UIContext::needsFrame(const Layout& root) const {
  if (root.needsUpdate() || layoutDirty_ || !pendingRemovals_.empty()) return true;
  if (theme_->generation() != themeGeneration_ ||
      theme_->media() != MediaEnvironment{viewport.width, viewport.height, prefersReducedMotion, colorScheme})
    return true;
  for (const ClipPlay& c : clips_)
    if (c.player->state() == ClipPlayState::Playing || c.player->changes() != c.seen) return true;
  return false;
}

void UIContext::layoutIfNeeded(Layout& root) {
  if (!layoutDirty_) return;
  layoutDirty_ = false;
  layoutTree(root, viewport);
}

// ---------------------------------------------------------------------------
// Deferred removal
// ---------------------------------------------------------------------------

void UIContext::deferRemoval(Layout* node) { pendingRemovals_.push_back(node); }

void UIContext::flushRemovals() {
  if (pendingRemovals_.empty()) return;
  // Destroy only the topmost removed nodes: a removed ancestor takes its
  // removed descendants with it, so they must not be destroyed twice.
  std::size_t keep = 0;
  for (Layout* n : pendingRemovals_) {
    bool ancestorRemoved = false;
    for (Layout* p = n->parent_; p && !ancestorRemoved; p = p->parent_)
      ancestorRemoved = p->internal_.removed;
    if (!ancestorRemoved) pendingRemovals_[keep++] = n;
  }
  pendingRemovals_.resize(keep);
  std::vector<Layout*> batch;
  batch.swap(pendingRemovals_);
  for (Layout* n : batch)
    if (n->parent_) n->parent_->destroyChild(n);
  batch.clear();
  if (pendingRemovals_.capacity() < batch.capacity()) pendingRemovals_.swap(batch);
}

// ---------------------------------------------------------------------------
// Clips
// ---------------------------------------------------------------------------

std::shared_ptr<ClipPlayer> UIContext::playClip(std::shared_ptr<const Clip> clip,
                                                std::span<const ClipBinding> bindings) {
  if (!clip || !clip->sealed()) {
    logApi(Severity::Error, "playClip", "the clip is not sealed (Clip::seal)");
    return nullptr;
  }
  for (const ClipBinding& b : bindings) {
    if (b.node == nullptr) {
      logApi(Severity::Error, "playClip", "a binding names no node");
      return nullptr;
    }
  }
  auto player = std::make_shared<ClipPlayer>(std::move(clip));
  ClipPlay play{player, {}, 0};
  for (const ClipBinding& b : bindings) {
    if (!b.node->player().bindClip(player, b.slot, b.prop, b.composite)) {
      for (Layout* n : play.nodes) n->player().unbindClip(player.get());
      logApi(Severity::Error, "playClip",
             std::string("slot ") + std::to_string(b.slot) + " cannot show in " +
                 std::string(cssName(b.prop)) + ": only numbers, lengths and colours");
      return nullptr;
    }
    if (std::find(play.nodes.begin(), play.nodes.end(), b.node) == play.nodes.end())
      play.nodes.push_back(b.node);
  }
  play.bound = !play.nodes.empty();
  player->play();
  player->update(0.0);  // the first frame's values, before the tree reads them
  play.seen = player->changes();
  for (Layout* n : play.nodes) n->markActive();
  clips_.push_back(std::move(play));
  return player;
}

void UIContext::updateClips(double dt) {
  for (std::size_t i = 0; i < clips_.size();) {
    ClipPlay& c = clips_[i];
    // Every bound node is gone, or a player that binds none (a @timeline
    // that matched no node) has ended: nothing left to show or to fire.
    const bool ended =
        c.player->state() == ClipPlayState::Idle || c.player->state() == ClipPlayState::Finished;
    if (c.nodes.empty() && (c.bound || ended)) {
      clips_.erase(clips_.begin() + static_cast<std::ptrdiff_t>(i));
      continue;
    }
    c.player->update(dt);
    if (c.player->changes() != c.seen) {  // played, paused, sought, cancelled … since the last frame
      c.seen = c.player->changes();
      const bool cancelled = c.player->state() == ClipPlayState::Idle;
      for (Layout* n : c.nodes) {
        n->markActive();  // out of its parent's list before its bindings change
        if (cancelled) n->player().unbindClip(c.player.get());
      }
      if (cancelled) {
        clips_.erase(clips_.begin() + static_cast<std::ptrdiff_t>(i));
        continue;
      }
    }
    ++i;
  }
}

void UIContext::forget(const Layout* node) {
  for (ClipPlay& c : clips_) std::erase(c.nodes, node);
  if (hovered_ == node) hovered_ = node->parent_;
  if (pressed_ == node) pressed_ = nullptr;
  if (focused_ == node) focused_ = nullptr;
  for (Layout*& n : pendingRemovals_)
    if (n == node) n = nullptr;
  pendingRemovals_.erase(std::remove(pendingRemovals_.begin(), pendingRemovals_.end(), nullptr),
                         pendingRemovals_.end());
}

// ---------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------

namespace {
bool isAncestorOrSelf(const Layout* a, const Layout* n) {
  for (; n; n = n->parent())
    if (n == a) return true;
  return false;
}

// Delivers e to `target`, bubbling to ancestors until one handles it.
template <class F>
bool bubble(Layout* target, F&& deliver) {
  for (Layout* n = target; n; n = n->parent())
    if (!n->inputBlocked() && deliver(*n)) return true;
  return false;
}
}  // namespace

void UIContext::setHoverChain(Layout* target) {
  // Leaving always clears :hover, blocked or not: a node the pointer is not
  // over must not stay hovered. Entering skips blocked nodes; they pick the
  // hover up on the first pointer move after the block ends.
  for (Layout* n = hovered_; n; n = n->parent_)
    if (!isAncestorOrSelf(n, target)) n->setHovered(false);
  for (Layout* n = target; n; n = n->parent_)
    if (!n->inputBlocked()) n->setHovered(true);
  hovered_ = target;
}

bool UIContext::dispatch(Layout& root, const InputEvent& e) {
  switch (e.type) {
    case InputEventType::PointerMove: {
      pointerX_ = e.x;
      pointerY_ = e.y;
      Layout* hit = root.hitTest(e.x, e.y);
      setHoverChain(hit);  // also when hit is unchanged: a node unblocked since the last move gets its :hover
      const PointerEvent pe{PointerEvent::Kind::Move, e.x, e.y, 0};
      Layout* target = pressed_ ? pressed_ : hit;  // a press captures the pointer (drag)
      return target && bubble(target, [&](Layout& n) { return n.onPointer(pe); });
    }
    case InputEventType::PointerDown: {
      pointerX_ = e.x;
      pointerY_ = e.y;
      Layout* hit = root.hitTest(e.x, e.y);
      if (!hit) return false;
      if (hit != hovered_) setHoverChain(hit);
      if (e.button == PointerButton::Left) {
        pressed_ = hit;
        for (Layout* n = hit; n; n = n->parent_)
          if (!n->inputBlocked()) n->setPressed(true);
        Layout* focus = hit;
        while (focus && (!focus->focusable() || focus->inputBlocked())) focus = focus->parent_;
        if (focus != focused_) {
          if (focused_) focused_->setFocused(false);
          focused_ = focus;
          if (focused_) focused_->setFocused(true);
        }
      }
      const PointerEvent pe{PointerEvent::Kind::Down, e.x, e.y,
                            e.button == PointerButton::Left ? std::uint8_t{1} : std::uint8_t{2}};
      return bubble(hit, [&](Layout& n) { return n.onPointer(pe); });
    }
    case InputEventType::PointerUp: {
      pointerX_ = e.x;
      pointerY_ = e.y;
      Layout* hit = root.hitTest(e.x, e.y);
      bool handled = false;
      const PointerEvent pe{PointerEvent::Kind::Up, e.x, e.y,
                            e.button == PointerButton::Left ? std::uint8_t{1} : std::uint8_t{2}};
      if (Layout* p = pressed_; p && e.button == PointerButton::Left) {
        pressed_ = nullptr;
        for (Layout* n = p; n; n = n->parent_) n->setPressed(false);
        handled = bubble(p, [&](Layout& n) { return n.onPointer(pe); });
        // A click: pressed and released on the same node (or inside it).
        if (hit && isAncestorOrSelf(p, hit) && !p->inputBlocked() && !p->isDisabled() && p->onClick) {
          std::function<void(Layout&)> cb = p->onClick;
          cb(*p);
          handled = true;
        }
      } else if (hit) {
        handled = bubble(hit, [&](Layout& n) { return n.onPointer(pe); });
      }
      return handled;
    }
    case InputEventType::KeyDown:
    case InputEventType::KeyUp:
    case InputEventType::Text: return focused_ && bubble(focused_, [&](Layout& n) { return n.onKey(e); });
    case InputEventType::Resize:
      viewport = Size{e.x, e.y};
      requestLayout();
      return true;
    case InputEventType::Wheel:
    case InputEventType::Quit: return false;
  }
  return false;
}

}  // namespace zenit
