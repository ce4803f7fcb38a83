// A test's stand-in for a parent that steps one parked child: one player,
// stepped from its record (anim/steady) whenever the record takes the
// frame, else through the full path (tick and compose), after which the
// record is armed again, as LayoutSteady.cpp does for a node. Tests drive
// one such player and one that always takes the full path, and compare.
#pragma once

#include "anim/steady/List.hpp"
#include "anim/steady/Steady.hpp"

#include <zenit/anim/AnimationPlayer.hpp>
#include <zenit/style/Theme.hpp>

#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace zenit::test {

class SteadyDriver {
 public:
  explicit SteadyDriver(AnimationPlayer& p) : p_(p) {}
  ~SteadyDriver() { release(); }
  SteadyDriver(const SteadyDriver&) = delete;
  SteadyDriver& operator=(const SteadyDriver&) = delete;

  // One frame: true when the record took it. The onFinished calls of a
  // full frame are appended to `callbacks` (the caller makes them).
  bool frame(const ComputedStyle& base, double dt, std::vector<std::function<void()>>& callbacks) {
    if (kind_ && step(dt)) return true;
    release();
    fullFrame(p_, base, dt, callbacks);
    arm();
    return false;
  }
  bool frame(const ComputedStyle& base, double dt) {
    std::vector<std::function<void()>> callbacks;
    const bool steadyFrame = frame(base, dt, callbacks);
    for (auto& cb : callbacks) cb();
    return steadyFrame;
  }
  // The record's step alone, as the list's loop makes it: true when it
  // stepped (an imperative record's iteration end taken by its roll, as
  // the list takes it); false when it declined (changing nothing). A OneCss
  // record's roll drops an animationiteration event, so it is left to the
  // full path here unless `rollCss`.
  bool step(double dt) {
    const std::span<steady::Record> one = list_.of(*kind_);
    bool declined = true;
    switch (*kind_) {
      case steady::Kind::OneCss: declined = steady::stepOneCss(one, dt); break;
      case steady::Kind::OneImperative: declined = steady::stepOneImperative(one, dt); break;
      case steady::Kind::Player:
        declined = steady::stepPlayers(one, dt, 0.0);
        break;  // no part animations here
      case steady::Kind::Clip: declined = steady::stepClips(one); break;
      case steady::Kind::Transitions: break;
    }
    if (!declined) return true;
    steady::Record& r = one[0];
    if (r.turn != steady::Turn::IterationEnd) return false;
    if (*kind_ == steady::Kind::OneImperative) return steady::rollOneImperative(r, dt);
    return rollCss && *kind_ == steady::Kind::OneCss && steady::rollOneCss(r, dt);
  }
  bool rollCss{false};
  // Arms the record the player's state allows now (after a full frame).
  bool arm() {
    release();
    steady::Record r;
    if (!steady::armPlayer(p_, nullptr, r)) return false;
    const std::uint32_t index = list_.insert(r, Theme::get().generation());
    steady::parked(list_.at(r.kind, index));
    kind_ = r.kind;
    return true;
  }
  // The record's state back into the player (an unpark).
  void release() {
    if (!kind_) return;
    steady::writeBack(list_.at(*kind_, 0));
    list_.remove(*kind_, 0);
    kind_.reset();
  }
  std::optional<steady::Kind> kind() const { return kind_; }

  // The full path of a node's frame for its animations (Layout::updateSelf's
  // steps 1 and 6 for a player with overlay tracks only).
  static void fullFrame(AnimationPlayer& p, const ComputedStyle& base, double dt,
                        std::vector<std::function<void()>>& callbacks) {
    if (p.imperativeCount() != 0) p.tickImperative(nullptr, dt, callbacks);
    p.tickCss(dt);
    p.composeOverlay(base);
  }
  static void fullFrame(AnimationPlayer& p, const ComputedStyle& base, double dt) {
    std::vector<std::function<void()>> callbacks;
    fullFrame(p, base, dt, callbacks);
    for (auto& cb : callbacks) cb();
  }

 private:
  AnimationPlayer& p_;
  steady::List list_{[](const steady::Record&, std::uint32_t) {}};
  std::optional<steady::Kind> kind_;
};

}  // namespace zenit::test
