// AnimationPlayer (seed §3–§5): imperative playback, the node and part CSS
// channels, the overlay, and reading the state.
//
// [SECTION] Imperative (seed §3)
// [SECTION] Node CSS (seed §4), parts (seed §5), overlay (seed §4.5)
// [SECTION] Reading the state
#include <zenit/anim/AnimationPlayer.hpp>

#include "anim/CssEffect.hpp"
#include "anim/ImperativeTiming.hpp"
#include "anim/steady/Record.hpp"

#include <zenit/anim/KeyframeEval.hpp>
#include <zenit/core/Diagnostic.hpp>
#include <zenit/style/Theme.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace zenit {

double UIAnimation::activeDuration() const { return imperative::spanOf(*this).active; }

// ---------------------------------------------------------------------------
// Imperative (seed §3)
// ---------------------------------------------------------------------------

void AnimationPlayer::add(std::string name, std::shared_ptr<UIAnimation> anim) {
  if (!anim) {
    logApi(Severity::Error, "addAnimation", fmt::format("'{}': null animation", name));
    return;
  }
  if (AnimState* s = find(name)) {
    *s = AnimState{};
    s->anim = std::move(anim);
    return;
  }
  imperative_.push_back(Named{std::move(name), AnimState{std::move(anim)}});
}

AnimState* AnimationPlayer::find(std::string_view name) {
  for (Named& n : imperative_)
    if (n.name == name) return &n.state;
  return nullptr;
}

bool AnimationPlayer::has(std::string_view name) const {
  for (const Named& n : imperative_)
    if (n.name == name) return true;
  return false;
}

AnimState* AnimationPlayer::lookup(std::string_view name, const char* api) {
  AnimState* s = find(name);
  if (!s) logApi(Severity::Warning, api, fmt::format("no animation named '{}'", name));
  return s;
}

namespace {

float progressAt(const UIAnimation& a, double elapsed) {
  return imperative::progressIn(a, imperative::spanOf(a), elapsed);
}
}  // namespace

void AnimationPlayer::applyTracks(AnimState& s, Layout* node, bool setters) {
  s.lastT = progressAt(*s.anim, s.elapsed);
  s.applied = true;
  if (!setters) return;
  // Index loop: a setter may register animations on this node (the vector may grow).
  const std::shared_ptr<UIAnimation> keep = s.anim;
  const float t = s.lastT;
  for (std::size_t i = 0; i < keep->tracks.size(); ++i) keep->tracks[i]->apply(t, node);
}

// Timing a UIAnimation cannot use is clamped where it is read (duration and
// delay to 0, iterations to 1); playing it says so, so the caller learns why.
namespace {
void warnTiming(const UIAnimation& a, std::string_view name) {
  std::string why;
  if (!std::isfinite(a.duration) || a.duration < 0.0f)
    why += fmt::format(" duration {} counts as 0;", a.duration);
  if (!std::isfinite(a.delay) || a.delay < 0.0f) why += fmt::format(" delay {} counts as 0;", a.delay);
  if (std::isnan(a.iterations) || a.iterations < 0.0)
    why += fmt::format(" iterations {} count as 1;", a.iterations);
  if (why.empty()) return;
  why.pop_back();
  logApi(Severity::Warning, "playAnimation", fmt::format("'{}':{}", name, why));
}
}  // namespace

bool AnimationPlayer::play(std::string_view name, const PlayOptions& options) {
  AnimState* s = lookup(name, "playAnimation");
  if (!s) return false;
  if (options.rate && !std::isfinite(*options.rate)) {
    logApi(Severity::Error, "playAnimation", fmt::format("'{}': rate must be finite", name));
    return false;
  }
  const bool reverse = options.reverse;
  const double rate = options.rate.value_or(s->rate);
  warnTiming(*s->anim, name);
  const double active = s->anim->activeDuration();
  // The way elapsed will move: the direction asked for, flipped by a negative rate.
  const bool backwards = reverse != (rate < 0.0);
  if (backwards && !std::isfinite(active)) {
    logApi(Severity::Error, "playAnimation",
           fmt::format("'{}' repeats forever and cannot play backwards", name));
    return false;
  }
  s->rate = rate;
  const bool resume = s->paused && s->playing;
  s->paused = false;
  s->reverse = reverse;
  s->playing = true;
  // Seed §3.1: restart only from the wrong end (forward at the end -> 0,
  // backwards at 0 -> the end). A paused animation resumes where it was,
  // unless it was paused at that end (Web Animations' auto-rewind).
  bool restarted = false;
  if (!backwards && s->elapsed >= active) {
    s->elapsed = 0.0;
    restarted = true;
  } else if (backwards && s->elapsed <= 0.0) {
    s->elapsed = active;
    restarted = true;
  }
  // Seed §3.1: the delay is applied again on every play; a resumed pause
  // keeps what was left of it.
  if (!resume || restarted)
    s->delayElapsed =
        std::isfinite(s->anim->delay) && s->anim->delay > 0.0f ? static_cast<double>(s->anim->delay) : 0.0;
  return true;
}

bool AnimationPlayer::remove(std::string_view name) {
  for (auto it = imperative_.begin(); it != imperative_.end(); ++it) {
    if (it->name != name) continue;
    imperative_.erase(it);
    return true;
  }
  logApi(Severity::Warning, "removeAnimation", fmt::format("no animation named '{}'", name));
  return false;
}

bool AnimationPlayer::stop(std::string_view name) {
  AnimState* s = lookup(name, "stopAnimation");
  if (!s) return false;
  s->playing = false;
  s->paused = false;
  s->elapsed = s->reverse ? s->anim->activeDuration() : 0.0;  // the next play starts over
  if (!std::isfinite(s->elapsed)) s->elapsed = 0.0;
  s->delayElapsed = 0.0;
  return true;
}

bool AnimationPlayer::pause(std::string_view name) {
  AnimState* s = lookup(name, "pauseAnimation");
  if (!s) return false;
  if (!s->playing) {  // pausing an idle animation holds it where it is (Web Animations)
    s->playing = true;
    // Never run (or cancelled): it is held at its start, before the delay.
    if (!s->applied)
      s->delayElapsed =
          std::isfinite(s->anim->delay) && s->anim->delay > 0.0f ? static_cast<double>(s->anim->delay) : 0.0;
  }
  s->paused = true;
  return true;
}

bool AnimationPlayer::seek(std::string_view name, double seconds, Layout* node) {
  AnimState* s = lookup(name, "seekAnimation");
  if (!s) return false;
  if (std::isnan(seconds)) {
    logApi(Severity::Error, "seekAnimation", fmt::format("'{}': NaN time", name));
    return false;
  }
  const double active = s->anim->activeDuration();
  s->elapsed = std::clamp(seconds, 0.0, active);
  s->delayElapsed = 0.0;
  // A finished play revives when the target lies inside the active interval,
  // i.e. before the end it runs towards (Web Animations: currentTime set on
  // a finished animation makes it run again).
  const bool backwards = s->reverse != (s->rate < 0.0);
  const bool beforeEnd = backwards ? s->elapsed > 0.0 : s->elapsed < active;
  if (!s->playing && !s->paused && s->applied && beforeEnd) s->playing = true;
  applyTracks(*s, node, true);
  return true;
}

bool AnimationPlayer::cancel(std::string_view name, Layout* node) {
  AnimState* s = lookup(name, "cancelAnimation");
  if (!s) return false;
  const bool hadValues = s->applied;
  s->playing = false;
  s->paused = false;
  s->elapsed = 0.0;
  s->delayElapsed = 0.0;
  s->applied = false;
  s->lastT = 0.0f;
  if (hadValues) {
    // Setter tracks wrote into the node; the closest to "no effect" they can
    // give is their start value. Overlay tracks simply stop contributing.
    // A setter may add or remove animations: `s` is not touched after this.
    const std::shared_ptr<UIAnimation> keep = s->anim;
    for (std::size_t i = 0; i < keep->tracks.size(); ++i) keep->tracks[i]->apply(0.0f, node);
  }
  return true;
}

bool AnimationPlayer::setRate(std::string_view name, double rate) {
  AnimState* s = lookup(name, "setAnimationRate");
  if (!s) return false;
  if (!std::isfinite(rate)) {
    logApi(Severity::Error, "setAnimationRate", fmt::format("'{}': rate must be finite", name));
    return false;
  }
  s->rate = rate;
  return true;
}

AnimationPlayer::TickResult AnimationPlayer::tickImperative(Layout* node, double dt,
                                                            std::vector<std::function<void()>>& callbacks) {
  TickResult r;
  if (!std::isfinite(dt) || dt < 0.0) dt = 0.0;
  for (std::size_t i = 0; i < imperative_.size(); ++i) {
    AnimState* s = &imperative_[i].state;
    // 1. Skip if not playing (or paused).
    if (!s->playing || s->paused) continue;
    const std::shared_ptr<UIAnimation> anim = s->anim;  // keeps it alive through user code
    // 2. blocksInput persists through the delay. It describes the state
    //    *after* this tick: an idle node is not visited again, so a flag
    //    raised on the animation's last frame would never be cleared.
    const bool blocks = anim->blocksInput;
    // 3. Delay: count it down; the part of dt left over when it ends moves the animation.
    double step = dt;
    if (s->delayElapsed > 0.0) {
      s->delayElapsed -= dt;
      if (s->delayElapsed > 0.0) {
        r.blocksInput = r.blocksInput || blocks;
        continue;
      }
      step = -s->delayElapsed;
      s->delayElapsed = 0.0;
    }
    // 4. Advance in the playing direction (rate may flip it).
    const double active = anim->activeDuration();
    const double velocity = imperative::velocityOf(*s);
    s->elapsed += velocity * step;
    // 5.–6. Clamp at both ends; finishing forward fires onFinished, backward only on opt-in.
    bool justFinished = false;
    if (velocity < 0.0 && s->elapsed <= 0.0) {
      s->elapsed = 0.0;
      s->playing = false;
      justFinished = anim->finishOnReverse;
    } else if (velocity > 0.0 && s->elapsed >= active) {
      s->elapsed = active;
      s->playing = false;
      justFinished = true;
    }
    if (s->playing) r.blocksInput = r.blocksInput || blocks;
    // 7.–9. Apply every track at t; setter tracks make the node re-resolve.
    if (!anim->tracks.empty()) r.wroteSetters = true;
    applyTracks(*s, node, true);
    // 10. onFinished, copied; called by the node after this loop.
    if (justFinished && anim->onFinished) callbacks.push_back(anim->onFinished);
  }
  return r;
}

// ---------------------------------------------------------------------------
// Node CSS (seed §4), parts (seed §5), overlay (seed §4.5)
// ---------------------------------------------------------------------------

void AnimationPlayer::syncCss(const AnimationList& refs, double now) {
  Anim::syncRefs(css_, refs, now, &events_);
  cssSyncedIn_ = Theme::get().generation();
}

void AnimationPlayer::tickCss(double dt) { Anim::tickIncremental(css_, dt, &events_); }

void AnimationPlayer::updatePart(Atom part, const Style& declared, Style& shown, double now, double dt) {
  // A paused animation holds its elapsed by moving its start with the clock
  // (tickAbsolute), which needs no visit of an idle node: its start as of
  // the frame before, as if it had been ticked then.
  for (PartAnims& p : parts_) {
    if (p.part != part) continue;
    for (ActiveCssAnimation& a : p.anims)
      if (a.playState == PlayState::Paused) a.startTime = (now - dt) - a.elapsed;
  }
  shown = declared;
  applyCssToPart(part, shown, now);
  for (PartAnims& p : parts_) {
    if (p.part != part) continue;
    p.declared = &declared;
    p.shown = &shown;
  }
}

bool AnimationPlayer::hasPart(Atom part) const {
  return std::any_of(parts_.begin(), parts_.end(), [part](const PartAnims& p) { return p.part == part; });
}

void AnimationPlayer::applyCssToPart(Atom part, Style& out, double now) {
  PartAnims* entry = nullptr;
  for (PartAnims& p : parts_)
    if (p.part == part) entry = &p;
  static const AnimationList kNone;
  const AnimationList& refs = out.animations.is_set ? out.animations.value : kNone;
  if (!entry) {
    // Nothing to run (no entries, or only `none`) and nothing ran: no entry needed.
    if (std::all_of(refs.begin(), refs.end(), [](const AnimationRef& r) { return r.name.empty(); })) return;
    parts_.push_back(PartAnims{part, {}, {}, 0, nullptr, nullptr});
    entry = &parts_.back();
  }
  const std::string_view partName = atomName(part);
  const std::uint64_t generation = Theme::get().generation();
  if (!(entry->refs == refs) || entry->syncedIn != generation) {
    Anim::syncRefs(entry->anims, refs, now, &events_, partName);
    entry->refs = refs;
    entry->syncedIn = generation;
  }
  Anim::tickAbsolute(entry->anims, now, &events_, partName);
  Anim::overlayCssStyle(out, entry->anims);
}

void AnimationPlayer::composeOverlay(const ComputedStyle& underlying) {
  ZENIT_ASSERT(record_ == nullptr, "composeOverlay: a parent steps this player from a record");
  overlaySet_ = PropSet{};
  // CSS animations in list order, each one's underlying value what the ones
  // before it produced (CSS's effect stack), else the base: the overlay is
  // seeded with the base only where an evaluation reads it (an implicit
  // 0% / 100%, or sides no track writes); every other animated property is
  // overwritten whole.
  PropSet varying;  // properties whose value may change before the next compose
  for (const ActiveCssAnimation& a : css_) {
    if (!Anim::inEffect(a)) continue;
    const KeyframeAnimation& kf = *a.keyframes;
    const PropSet seed{kf.readsUnderlying.bits & ~overlaySet_.bits};
    seed.forEach([&](Prop p) { copyProp(p, overlay_, underlying); });
    overlaySet_ |= kf.animated;
    varying |= PropSet{kf.animated.bits & ~kf.constants.bits};
  }
  Anim::overlayCssComputed(overlay_, css_);
  // Imperative overlay tracks on top.
  for (const Named& n : imperative_) {
    const AnimState& s = n.state;
    if (!s.applied) continue;
    for (const auto& track : s.anim->propTracks) {
      track->apply(s.lastT, overlay_);
      overlaySet_.set(track->prop);
      varying.set(track->prop);
    }
  }
  // Clip slots on top, in the order bound.
  for (const ClipBind& b : clips_) {
    if (!b.player->written(b.slot)) continue;
    const std::array<float, 4>& v = b.player->slot(b.slot);
    const bool add = b.composite == ClipComposite::Add;
    if (add && !overlaySet_.test(b.prop)) copyProp(b.prop, overlay_, underlying);
    visitProp(b.prop, overlay_, [&](auto& field) {
      using T = std::decay_t<decltype(field)>;
      if constexpr (std::is_same_v<T, float>) {
        field = add ? field + v[0] : v[0];
      } else if constexpr (std::is_same_v<T, Value>) {  // px; added to a length's px part
        if (add && field.isLength()) {
          field.px += v[0];
          field.units |= Value::kPx;
        } else {
          field = Value{v[0], 0.0f, 0.0f, ValueKind::Length, Value::kPx};
        }
      } else if constexpr (std::is_same_v<T, Color>) {
        const Color c{v[0], v[1], v[2], v[3]};
        field = add ? Color{field.r + c.r, field.g + c.g, field.b + c.b, field.a + c.a} : c;
      }
    });
    overlaySet_.set(b.prop);
    varying.set(b.prop);
  }
  constexpr PropSet kLinear{PropSet::bit(Prop::rotate) | PropSet::bit(Prop::scaleX) |
                            PropSet::bit(Prop::scaleY) | PropSet::bit(Prop::skewX) |
                            PropSet::bit(Prop::skewY)};
  const PropSet linear{overlaySet_.bits & kLinear.bits};
  identityLinear_ = !(linear & varying).any() && (!linear.test(Prop::rotate) || overlay_.rotate == 0.0f) &&
                    (!linear.test(Prop::scaleX) || overlay_.scaleX == 1.0f) &&
                    (!linear.test(Prop::scaleY) || overlay_.scaleY == 1.0f) &&
                    (!linear.test(Prop::skewX) || overlay_.skewX == 0.0f) &&
                    (!linear.test(Prop::skewY) || overlay_.skewY == 0.0f);
}

// ---------------------------------------------------------------------------
// [SECTION] Reading the state
// ---------------------------------------------------------------------------

ActiveCssAnimation AnimationPlayer::cssAnimation(std::size_t i) const {
  ActiveCssAnimation a = css_[i];
  if (record_ != nullptr && record_->kind == steady::Kind::OneCss) {
    a.elapsed = record_->css.elapsed;
    a.reportedIteration = record_->css.plan.window.iteration;
    a.invalidateSample();
  }
  return a;
}

std::optional<ActiveCssAnimation> AnimationPlayer::cssAnimation(std::string_view name) const {
  for (std::size_t i = 0; i < css_.size(); ++i)
    if (css_[i].name == name) return cssAnimation(i);
  return std::nullopt;
}

std::optional<AnimState> AnimationPlayer::imperativeState(std::string_view name) const {
  for (const Named& n : imperative_) {
    if (n.name != name) continue;
    AnimState s = n.state;
    if (record_ != nullptr && record_->kind == steady::Kind::OneImperative &&
        record_->imperative.state == &n.state) {
      s.elapsed = record_->imperative.elapsed;
      s.lastT = record_->imperative.lastT;
    }
    return s;
  }
  return std::nullopt;
}

std::size_t AnimationPlayer::partAnimationCount(Atom part) const {
  for (const PartAnims& p : parts_)
    if (p.part == part) return p.anims.size();
  return 0;
}

ActiveCssAnimation AnimationPlayer::partAnimation(Atom part, std::size_t i) const {
  for (const PartAnims& p : parts_)
    if (p.part == part) return p.anims[i];
  ZENIT_ASSERT(false, "partAnimation: the part has no animations");
  return ActiveCssAnimation{};
}

void AnimationPlayer::overlayOnto(ComputedStyle& out) const {
  overlaySet_.forEach([&](Prop p) {
    const void* held = record_ != nullptr ? recordValue(p) : nullptr;
    if (held == nullptr) {
      copyProp(p, out, overlay_);
      return;
    }
    visitProp(p, out,
              [held](auto& field) { field = *static_cast<const std::decay_t<decltype(field)>*>(held); });
  });
}

bool AnimationPlayer::hasActivePartAnims() const {
  for (const PartAnims& p : parts_)
    for (const ActiveCssAnimation& a : p.anims)
      if (!a.finished && a.playState == PlayState::Running && Anim::usable(a)) return true;
  return false;
}

bool AnimationPlayer::bindClip(std::shared_ptr<const ClipPlayer> player, std::uint32_t slot, Prop prop,
                               ClipComposite composite) {
  bool bindable = false;
  ComputedStyle probe;
  visitProp(prop, probe, [&](auto& field) {
    using T = std::decay_t<decltype(field)>;
    bindable = std::is_same_v<T, float> || std::is_same_v<T, Value> || std::is_same_v<T, Color>;
  });
  if (!bindable || !player) return false;
  clips_.push_back(ClipBind{std::move(player), slot, prop, composite});
  return true;
}

void AnimationPlayer::unbindClip(const ClipPlayer* player) {
  std::erase_if(clips_, [&](const ClipBind& b) { return b.player.get() == player; });
}

bool AnimationPlayer::hasActiveLocal() const {
  for (const ClipBind& b : clips_)
    if (b.player->state() == ClipPlayState::Playing) return true;
  for (const Named& n : imperative_)
    if (n.state.playing && !n.state.paused) return true;
  for (const ActiveCssAnimation& a : css_)
    if (!a.finished && a.playState == PlayState::Running && Anim::usable(a)) return true;
  return hasActivePartAnims();
}

}  // namespace zenit
