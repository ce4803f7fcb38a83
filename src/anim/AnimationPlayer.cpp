// AnimationPlayer and the seed's Anim:: primitives (seed §2–§5).
#include <zenit/anim/AnimationPlayer.hpp>

#include <zenit/anim/KeyframeEval.hpp>
#include <zenit/core/Diagnostic.hpp>
#include <zenit/style/Theme.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <span>
#include <type_traits>
#include <typeinfo>
#include <utility>

namespace zenit {

const char* toString(AnimationEventType t) {
  switch (t) {
    case AnimationEventType::Start: return "animationstart";
    case AnimationEventType::Iteration: return "animationiteration";
    case AnimationEventType::End: return "animationend";
    case AnimationEventType::Cancel: return "animationcancel";
  }
  return "animationstart";
}

namespace {
// An imperative animation's iteration length and active duration, as read
// (duration and iterations it cannot use count as 0 and 1).
struct Span {
  double duration;
  double active;
};
Span spanOf(const UIAnimation& a) {
  const double d = std::isfinite(a.duration) && a.duration > 0.0f ? static_cast<double>(a.duration) : 0.0;
  const double n = std::isnan(a.iterations) || a.iterations < 0.0 ? 1.0 : a.iterations;
  return Span{d, (d == 0.0 || n == 0.0) ? 0.0 : d * n};
}
}  // namespace

double UIAnimation::activeDuration() const { return spanOf(*this).active; }

namespace Anim {
namespace {

// Looks the keyframes of `a` up again when the theme changed since the last lookup.
void refreshKeyframes(ActiveCssAnimation& a) {
  const Theme& theme = Theme::get();
  if (a.themeGeneration == theme.generation()) return;
  a.keyframes = theme.findKeyframes(a.name);
  a.themeGeneration = theme.generation();
}

bool usable(const ActiveCssAnimation& a) {
  return a.keyframes != nullptr && a.keyframes->compiled() && !a.keyframes->tracks.empty();
}

void copyTiming(ActiveCssAnimation& a, const AnimationRef& r) {
  const bool changed = a.duration != r.duration || a.delay != r.delay || a.iterations != r.iterations ||
                       a.direction() != r.direction || a.fill() != r.fill || !(a.ease == r.ease);
  a.duration = r.duration;
  a.delay = r.delay;
  a.iterations = r.iterations;
  a.setDirection(r.direction);
  a.setFill(r.fill);
  if (!(a.ease == r.ease)) a.ease = r.ease;
  a.playState = r.playState;
  if (!changed) return;
  a.invalidateSample();
  // Seed §2.1: a live edit takes effect without a restart. A finished
  // instance whose new timing puts its elapsed back inside the active
  // interval (a longer duration, more iterations) runs on from there.
  // Like CSS Animations 2's after -> active phase change, it reports a new start.
  if (a.finished && !sample(a).finished) {
    a.finished = false;
    a.started = false;
  }
}

// Occurrence index of anims[i].name among anims[0..i).
std::size_t occurrence(const std::vector<ActiveCssAnimation>& anims, std::size_t i) {
  std::size_t k = 0;
  for (std::size_t j = 0; j < i; ++j)
    if (anims[j].name == anims[i].name) ++k;
  return k;
}

// Index of the k-th ref named `name`, or npos.
std::size_t findRef(std::span<const AnimationRef* const> refs, const std::string& name, std::size_t k) {
  for (std::size_t j = 0; j < refs.size(); ++j)
    if (refs[j]->name == name && k-- == 0) return j;
  return static_cast<std::size_t>(-1);
}

double activeDurationOf(const ActiveCssAnimation& a) {
  const double d = std::isfinite(a.duration) && a.duration > 0.0 ? a.duration : 0.0;
  const double n = std::isnan(a.iterations)
                       ? 1.0
                       : (a.iterations < 0.0 ? std::numeric_limits<double>::infinity() : a.iterations);
  return d == 0.0 || n == 0.0 ? 0.0 : d * n;
}

// Reports start / iteration / end for `a` after its elapsed moved.
void report(ActiveCssAnimation& a, const AnimSample& s, std::vector<AnimationEvent>* events,
            std::string_view part) {
  if (s.phase == timing::Phase::Before) return;
  // The name is looked up (atomName takes a lock) only when an event is
  // queued, never on the frames in between.
  if (!a.started) {
    a.started = true;
    a.reportedIteration = s.currentIteration;
    if (events)
      events->push_back({AnimationEventType::Start, atomName(a.nameAtom), part,
                         std::clamp(-a.delay, 0.0, activeDurationOf(a))});
  } else if (s.phase == timing::Phase::Active && s.currentIteration > a.reportedIteration) {
    a.reportedIteration = s.currentIteration;
    if (events)
      events->push_back(
          {AnimationEventType::Iteration, atomName(a.nameAtom), part, s.currentIteration * a.duration});
  }
  if (s.finished && !a.finished) {
    a.finished = true;
    if (events) events->push_back({AnimationEventType::End, atomName(a.nameAtom), part, activeDurationOf(a)});
  }
}

void advanced(ActiveCssAnimation& a, std::vector<AnimationEvent>* events, std::string_view part) {
  refreshKeyframes(a);
  const AnimSample& s = sampleCached(a);
  if (usable(a))
    report(a, s, events, part);
  else if (s.finished)
    a.finished = true;  // nothing to show; never reported (CSS: no keyframes, no events)
}

}  // namespace

void syncRefs(std::vector<ActiveCssAnimation>& anims, const std::vector<AnimationRef>& refs, double now,
              std::vector<AnimationEvent>* events, std::string_view part) {
  const Theme& theme = Theme::get();
  // An instance whose @keyframes went away (a reload) is dropped as an orphan.
  for (ActiveCssAnimation& a : anims) refreshKeyframes(a);
  // The refs that make an instance: a name (`none` keeps its place in the
  // computed list, as CSS keeps it, and makes none) whose @keyframes exist
  // (seed §2.2; CSS creates no animation for an unknown name, and one that
  // a later sheet defines starts fresh then).
  thread_local std::vector<const AnimationRef*> wanted;  // capacity kept: no allocation once warm
  wanted.clear();
  for (const AnimationRef& r : refs)
    if (!r.name.empty() && theme.findKeyframes(r.name) != nullptr) wanted.push_back(&r);
  // Fast path: the same names in the same order (a style change that kept the list).
  if (wanted.size() == anims.size() &&
      std::equal(anims.begin(), anims.end(), wanted.begin(),
                 [](const ActiveCssAnimation& a, const AnimationRef* r) { return a.name == r->name; })) {
    for (std::size_t i = 0; i < anims.size(); ++i) copyTiming(anims[i], *wanted[i]);
    return;
  }
  // 1. Remove orphans: the k-th instance of a name survives if the refs name it k+1 times.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < anims.size(); ++i) {
    if (findRef(wanted, anims[i].name, occurrence(anims, i)) == static_cast<std::size_t>(-1)) {
      if (events && anims[i].started && !anims[i].finished && usable(anims[i]))
        events->push_back({AnimationEventType::Cancel, atomName(anims[i].nameAtom), part, anims[i].elapsed});
      continue;
    }
    if (kept != i) anims[kept] = std::move(anims[i]);
    ++kept;
  }
  anims.resize(kept);
  // 2. Update existing / add new, then order the instances as the refs are
  //    (the list order is the composite order: later wins).
  std::vector<ActiveCssAnimation> ordered;
  ordered.reserve(wanted.size());
  std::vector<bool> taken(anims.size(), false);
  for (std::size_t j = 0; j < wanted.size(); ++j) {
    const AnimationRef& r = *wanted[j];
    std::size_t k = 0;
    for (std::size_t i = 0; i < j; ++i)
      if (wanted[i]->name == r.name) ++k;
    std::size_t found = static_cast<std::size_t>(-1);
    for (std::size_t i = 0; i < anims.size(); ++i) {
      if (anims[i].name != r.name) continue;
      if (k == 0) {
        found = i;
        break;
      }
      --k;
    }
    if (found != static_cast<std::size_t>(-1) && !taken[found]) {
      taken[found] = true;
      copyTiming(anims[found], r);
      ordered.push_back(std::move(anims[found]));
      continue;
    }
    ActiveCssAnimation a;
    a.name = r.name;
    a.nameAtom = intern(r.name);
    a.startTime = now;
    a.elapsed = 0.0;
    copyTiming(a, r);
    a.keyframes = theme.findKeyframes(r.name);
    a.themeGeneration = theme.generation();
    ordered.push_back(std::move(a));
  }
  anims = std::move(ordered);
}

void tickIncremental(std::vector<ActiveCssAnimation>& anims, double dt, std::vector<AnimationEvent>* events,
                     std::string_view part) {
  if (!std::isfinite(dt) || dt < 0.0) dt = 0.0;
  for (ActiveCssAnimation& a : anims) {
    if (a.finished) continue;
    if (a.playState == PlayState::Running) a.elapsed += dt;
    advanced(a, events, part);
  }
}

void tickAbsolute(std::vector<ActiveCssAnimation>& anims, double now, std::vector<AnimationEvent>* events,
                  std::string_view part) {
  for (ActiveCssAnimation& a : anims) {
    if (a.finished) continue;
    if (a.playState == PlayState::Running) {
      const double e = now - a.startTime;
      a.elapsed = std::isfinite(e) && e > 0.0 ? e : 0.0;
    } else {
      a.startTime = now - a.elapsed;  // paused: hold elapsed, resume from it
    }
    advanced(a, events, part);
  }
}

namespace {
const ComputedStyle& initialStyle() {
  static const ComputedStyle initial;
  return initial;
}
}  // namespace

void overlayCssComputed(ComputedStyle& out, const std::vector<ActiveCssAnimation>& anims) {
  for (const ActiveCssAnimation& a : anims) {
    if (!usable(a)) continue;
    const AnimSample& s = sampleCached(a);
    if (!s.inEffect) continue;
    evaluateInto(*a.keyframes, static_cast<double>(s.progress), a.ease, s.beforeFlag, out, out, &a.cursor);
  }
}

void overlayCssStyle(Style& out, const std::vector<ActiveCssAnimation>& anims) {
  thread_local ComputedStyle scratch;
  for (const ActiveCssAnimation& a : anims) {
    if (!usable(a)) continue;
    const AnimSample& s = sampleCached(a);
    if (!s.inEffect) continue;
    const PropSet animated = a.keyframes->animated;
    // Underlying values: the part's declared value, else the initial one.
    animated.forEach([&](Prop p) {
      visitProp2(p, scratch, out, [&](auto& dst, const auto& declared) {
        if (declared.is_set) dst = declared.value;
      });
      bool isSet = false;
      visitProp(p, out, [&](const auto& declared) { isSet = declared.is_set; });
      if (!isSet) copyProp(p, scratch, initialStyle());
    });
    evaluateInto(*a.keyframes, static_cast<double>(s.progress), a.ease, s.beforeFlag, scratch, scratch,
                 &a.cursor);
    animated.forEach([&](Prop p) {
      visitProp2(p, out, scratch, [](auto& declared, const auto& value) { declared = value; });
    });
  }
}

}  // namespace Anim

// ---------------------------------------------------------------------------
// Imperative (seed §3)
// ---------------------------------------------------------------------------

void AnimationPlayer::add(std::string name, std::shared_ptr<UIAnimation> anim) {
  if (!anim) {
    logApi(Severity::Error, "addAnimation", fmt::format("'{}': null animation", name));
    return;
  }
  steadyArmed_ = false;  // the list may move or change: as in remove
  if (AnimState* s = find(name)) {
    *s = AnimState{};
    s->anim = std::move(anim);
    return;
  }
  imperative.push_back(Named{std::move(name), AnimState{std::move(anim)}});
}

AnimState* AnimationPlayer::find(std::string_view name) {
  for (Named& n : imperative)
    if (n.name == name) return &n.state;
  return nullptr;
}

const AnimState* AnimationPlayer::find(std::string_view name) const {
  for (const Named& n : imperative)
    if (n.name == name) return &n.state;
  return nullptr;
}

namespace {
AnimState* lookup(AnimationPlayer& p, std::string_view name, const char* api) {
  AnimState* s = p.find(name);
  if (!s) logApi(Severity::Warning, api, fmt::format("no animation named '{}'", name));
  return s;
}

// The rate at which elapsed moves: tickImperative's step 4.
double velocityOf(const AnimState& s) { return (s.reverse ? -1.0 : 1.0) * s.rate; }

// Directed progress of an imperative animation at `elapsed` into its active
// interval, given its span (spanOf).
float progressIn(const UIAnimation& a, Span span, double elapsed) {
  const double d = span.duration;
  const double active = span.active;
  if (d == 0.0) return elapsed > 0.0 || active == 0.0 ? 1.0f : 0.0f;  // seed: zero duration gives t = 1
  double pos = elapsed / d;
  double iteration = floorExact(pos);
  double local = pos - iteration;
  // An interval that ends on an iteration end shows that iteration's end, not the next one's start.
  if (local == 0.0 && iteration > 0.0 && elapsed >= active) {
    iteration -= 1.0;
    local = 1.0;
  }
  return static_cast<float>(timing::iterationRunsForwards(a.direction, iteration) ? local : 1.0 - local);
}

float progressAt(const UIAnimation& a, double elapsed) { return progressIn(a, spanOf(a), elapsed); }
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

bool AnimationPlayer::play(std::string_view name, bool reverse) {
  AnimState* s = lookup(*this, name, "playAnimation");
  if (!s) return false;
  dropFixed(*s);
  warnTiming(*s->anim, name);
  const double active = s->anim->activeDuration();
  // The way elapsed will move: the direction asked for, flipped by a negative rate.
  const bool backwards = reverse != (s->rate < 0.0);
  if (backwards && !std::isfinite(active)) {
    logApi(Severity::Error, "playAnimation",
           fmt::format("'{}' repeats forever and cannot play backwards", name));
    return false;
  }
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
  for (auto it = imperative.begin(); it != imperative.end(); ++it) {
    if (it->name != name) continue;
    // The list changes: the next frame takes the full path, which arms
    // the lane for what is left (a fixed lane, when one fixed animation is).
    steadyArmed_ = false;
    imperative.erase(it);
    return true;
  }
  logApi(Severity::Warning, "removeAnimation", fmt::format("no animation named '{}'", name));
  return false;
}

bool AnimationPlayer::stop(std::string_view name) {
  AnimState* s = lookup(*this, name, "stopAnimation");
  if (!s) return false;
  dropFixed(*s);
  s->playing = false;
  s->paused = false;
  s->elapsed = s->reverse ? s->anim->activeDuration() : 0.0;  // the next play starts over
  if (!std::isfinite(s->elapsed)) s->elapsed = 0.0;
  s->delayElapsed = 0.0;
  return true;
}

bool AnimationPlayer::pause(std::string_view name) {
  AnimState* s = lookup(*this, name, "pauseAnimation");
  if (!s) return false;
  dropFixed(*s);
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
  AnimState* s = lookup(*this, name, "seekAnimation");
  if (!s) return false;
  if (std::isnan(seconds)) {
    logApi(Severity::Error, "seekAnimation", fmt::format("'{}': NaN time", name));
    return false;
  }
  dropFixed(*s);
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
  AnimState* s = lookup(*this, name, "cancelAnimation");
  if (!s) return false;
  dropFixed(*s);
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
  AnimState* s = lookup(*this, name, "setAnimationRate");
  if (!s) return false;
  if (!std::isfinite(rate)) {
    logApi(Severity::Error, "setAnimationRate", fmt::format("'{}': rate must be finite", name));
    return false;
  }
  s->rate = rate;
  if (s->lane.out) s->lane.step.velocity = velocityOf(*s);  // the lane goes on at the new rate
  return true;
}

AnimationPlayer::TickResult AnimationPlayer::tickImperative(Layout* node, double dt,
                                                            std::vector<std::function<void()>>& callbacks) {
  TickResult r;
  if (!std::isfinite(dt) || dt < 0.0) dt = 0.0;
  for (std::size_t i = 0; i < imperative.size(); ++i) {
    AnimState* s = &imperative[i].state;
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
    const double velocity = velocityOf(*s);
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
  steadyArmed_ = false;
  Anim::syncRefs(css, refs, now, &events);
  cssSyncedIn_ = Theme::get().generation();
  constHeld = PropSet{};  // instances may have been added, removed or reordered
}

void AnimationPlayer::tickCss(double dt) { Anim::tickIncremental(css, dt, &events); }

void AnimationPlayer::applyCssToPart(Atom part, Style& out, double now) {
  PartAnims* entry = nullptr;
  for (PartAnims& p : parts)
    if (p.part == part) entry = &p;
  static const AnimationList kNone;
  const AnimationList& refs = out.animations.is_set ? out.animations.value : kNone;
  if (!entry) {
    // Nothing to run (no entries, or only `none`) and nothing ran: no entry needed.
    if (std::all_of(refs.begin(), refs.end(), [](const AnimationRef& r) { return r.name.empty(); })) return;
    parts.push_back(PartAnims{part, {}, {}, 0});
    entry = &parts.back();
  }
  const std::string_view partName = atomName(part);
  const std::uint64_t generation = Theme::get().generation();
  if (!(entry->refs == refs) || entry->syncedIn != generation) {
    Anim::syncRefs(entry->anims, refs, now, &events, partName);
    entry->refs = refs;
    entry->syncedIn = generation;
  }
  Anim::tickAbsolute(entry->anims, now, &events, partName);
  Anim::overlayCssStyle(out, entry->anims);
}

void AnimationPlayer::composeOverlay(const ComputedStyle& underlying) {
  steadyArmed_ = false;
  overlaySet = PropSet{};
  // Constant tracks are written once: a property only one CSS animation
  // animates has no other writer among them, so its slot keeps that
  // animation's constant value from frame to frame (in effect or not).
  // A property two of them animate is written every frame, as before.
  PropSet shared;
  if (css.size() > 1) {
    PropSet seen;
    for (const ActiveCssAnimation& a : css) {
      if (!Anim::usable(a)) continue;
      shared |= PropSet{seen.bits & a.keyframes->animated.bits};
      seen |= a.keyframes->animated;
    }
    constHeld = PropSet{constHeld.bits & ~shared.bits};
  }
  // Properties whose slot may change before the next compose: the varying
  // tracks (the steady lane rewrites them) and the imperative tracks.
  PropSet varying;
  // CSS animations in list order; each one's underlying value is what the
  // ones before it produced (CSS's effect stack), else the base.
  for (ActiveCssAnimation& a : css) {
    if (!Anim::usable(a)) continue;
    const Anim::AnimSample& s = Anim::sampleCached(a);
    if (!s.inEffect) continue;
    const KeyframeAnimation& kf = *a.keyframes;
    // Seed the overlay with the base only where the evaluation reads it (an
    // implicit 0% / 100%, or sides no track writes): every other animated
    // property is overwritten whole.
    const PropSet seed{kf.readsUnderlying.bits & ~overlaySet.bits};
    seed.forEach([&](Prop p) { copyProp(p, overlay, underlying); });
    PropSet skip;
    if (kf.constants.any()) {
      const PropSet mine{kf.constants.bits & ~shared.bits};
      // Held values belong to this compile of the keyframes (a theme reload
      // recompiles: new generation, written again).
      if (a.constGeneration == kf.generation) skip = PropSet{mine.bits & constHeld.bits};
      constHeld |= mine;
      a.constGeneration = kf.generation;
    }
    Anim::evaluateInto(kf, static_cast<double>(s.progress), a.ease, s.beforeFlag, overlay, overlay, &a.cursor,
                       skip);
    overlaySet |= kf.animated;
    varying |= PropSet{kf.animated.bits & ~kf.constants.bits};
  }
  // Imperative overlay tracks on top.
  for (const Named& n : imperative) {
    const AnimState& s = n.state;
    if (!s.applied) continue;
    for (const auto& track : s.anim->propTracks) {
      track->apply(s.lastT, overlay);
      overlaySet.set(track->prop);
      varying.set(track->prop);
      constHeld.reset(track->prop);  // the slot no longer holds a CSS constant
    }
  }
  constexpr PropSet kLinear{PropSet::bit(Prop::rotate) | PropSet::bit(Prop::scaleX) |
                            PropSet::bit(Prop::scaleY)};
  const PropSet linear{overlaySet.bits & kLinear.bits};
  identityLinear_ = !(linear & varying).any() && (!linear.test(Prop::rotate) || overlay.rotate == 0.0f) &&
                    (!linear.test(Prop::scaleX) || overlay.scaleX == 1.0f) &&
                    (!linear.test(Prop::scaleY) || overlay.scaleY == 1.0f);
}

void AnimationPlayer::armSteady() {
  steadyArmed_ = false;
  if (!imperative.empty()) {
    // A playing setter track keeps every frame on the full path; settled
    // here in a few loads, as the full path arms after each such frame.
    for (const Named& e : imperative)
      if (e.state.playing && !e.state.paused && !e.state.anim->tracks.empty()) return;
    if (!tickSteadyImperative(0.0, false)) return;
    steadyCount_ = 0;
    steadyTheme_ = &Theme::get();
    steadyGeneration_ = steadyTheme_->generation();
    steadyArmed_ = true;
    armFixed();
    return;
  }
  if (css.empty() || css.size() > kSteadyMax) return;
  PropSet seen;
  for (ActiveCssAnimation& a : css) {
    if (!Anim::usable(a) || a.finished || !a.started || a.playState != PlayState::Running) return;
    float progress = 0.0f;
    if (!Anim::steadyTiming(a, a.steady, progress)) return;
    if (a.steady.window.iteration != a.reportedIteration) return;  // an animationiteration is still to report
    const KeyframeAnimation& kf = *a.keyframes;
    // The lane evaluates each animation onto the overlay alone: no base value
    // read, no property shared with another animation, every constant held.
    if (!kf.allLanes || a.cursor.generation != kf.generation || kf.readsUnderlying.any() ||
        (seen.bits & kf.animated.bits) != 0)
      return;
    seen |= kf.animated;
    if (kf.constants.any() &&
        (a.constGeneration != kf.generation || (constHeld.bits & kf.constants.bits) != kf.constants.bits))
      return;
  }
  if (overlaySet.bits != seen.bits) return;
  for (ActiveCssAnimation& a : css) a.steady.ease = easeFnOf(a.ease);
  steadyTheme_ = &Theme::get();
  steadyGeneration_ = steadyTheme_->generation();
  steadyCount_ = static_cast<std::uint32_t>(css.size());
  steadyArmed_ = true;
}

// tickImperative + composeOverlay on a frame that only moves the playing
// animations inside their active intervals: the same arithmetic in the same
// order (each elapsed moved as step 4 moves it, its progress taken as
// applyTracks takes it, the overlay tracks applied in registration order as
// composeOverlay applies them), without what such a frame does not need
// (shared_ptr copies, setter and callback bookkeeping, the overlay's set
// and flags, which stay as the last compose left them). Every entry is
// checked before any changes, so a declined frame changes nothing.
bool AnimationPlayer::tickSteadyImperative(double dt, bool commit) {
  const std::size_t n = imperative.size();
  if (!css.empty() || n > kSteadyMax) return false;
  std::array<double, kSteadyMax> next;  // written for the playing entries, read only for them
  std::array<Span, kSteadyMax> spans;
  PropSet written;  // what composeOverlay would set overlaySet to
  bool playing = false;
  for (std::size_t i = 0; i < n; ++i) {
    const AnimState& s = imperative[i].state;
    const UIAnimation& a = *s.anim;
    if (s.playing && !s.paused) {
      // tickImperative's steps 3-6, for a frame that moves elapsed alone.
      if (s.delayElapsed > 0.0 || !a.tracks.empty() || a.blocksInput) return false;
      const Span span = spanOf(a);
      const double velocity = velocityOf(s);
      const double e = s.elapsed + velocity * dt;
      if ((velocity < 0.0 && e <= 0.0) || (velocity > 0.0 && e >= span.active)) return false;
      next[i] = e;
      spans[i] = span;
      playing = true;
    } else if (!s.applied) {
      continue;  // composeOverlay skips it too
    }
    for (const auto& track : a.propTracks) written.set(track->prop);
  }
  // Without a playing animation the node is not active: the full path ends it.
  if (!playing || written != overlaySet) return false;
  if (!commit) return true;
  // One pass: an entry's tracks read its own progress only, so moving each
  // and then applying it keeps composeOverlay's registration order.
  for (std::size_t i = 0; i < n; ++i) {
    AnimState& s = imperative[i].state;
    if (s.playing && !s.paused) {
      s.elapsed = next[i];
      s.lastT = progressIn(*s.anim, spans[i], s.elapsed);  // applyTracks, which has no setter to run
      s.applied = true;
    }
    if (!s.applied) continue;
    for (const auto& track : s.anim->propTracks) track->apply(s.lastT, overlay);
  }
  return true;
}

// The copy a fixed lane steps, of an animation that tickSteadyImperative
// has just accepted: the only one, playing, with one overlay track of a
// float property (the library's own PropTrack<float>, whose apply is
// known) and a span it can be inside. Fixed (UIAnimation::fixed): stepped
// from the copy alone. Otherwise checked: what the copy was taken from is
// compared every frame (stillSeen) and the track's values and easing read.
void AnimationPlayer::armFixed() {
  if (imperative.size() != 1) return;
  AnimState& s = imperative[0].state;
  s.lane.out = nullptr;
  const UIAnimation& a = *s.anim;
  if (!s.playing || s.paused || !s.applied || a.propTracks.size() != 1) return;
  const UIAnimation::PropTrackBase& base = *a.propTracks[0];
  if (typeid(base) != typeid(UIAnimation::PropTrack<float>)) return;
  const auto& track = static_cast<const UIAnimation::PropTrack<float>&>(base);
  const Span span = spanOf(a);
  if (!(span.duration > 0.0) || !(s.elapsed < span.active)) return;
  float* out = nullptr;
  visitProp(track.prop, overlay, [&out](auto& field) {
    if constexpr (std::is_same_v<std::decay_t<decltype(field)>, float>) out = &field;
  });
  if (out == nullptr) return;
  AnimState::FixedStep& f = s.lane.step;
  f.velocity = velocityOf(s);
  f.duration = span.duration;
  f.window = timing::windowAt(s.elapsed, span.duration, span.active, a.direction);
  f.direction = a.direction;
  f.from = track.from;
  f.to = track.to;
  f.anim = &a;
  f.track = &track;
  f.tracks = a.propTracks.data();
  f.seenIterations = a.iterations;
  f.seenDuration = a.duration;
  f.prop = track.prop;
  f.kind = track.transition.kind;
  f.checked = !a.fixed;
  if (!f.checked) s.lane.easing = track.transition;
  f.ease = easeFnOf(track.transition);
  s.lane.out = out;
}

bool AnimationPlayer::stillSeen(const AnimState::FixedStep& f) {
  const UIAnimation& a = *f.anim;
  if (std::bit_cast<std::uint32_t>(a.duration) != std::bit_cast<std::uint32_t>(f.seenDuration) ||
      std::bit_cast<std::uint64_t>(a.iterations) != std::bit_cast<std::uint64_t>(f.seenIterations) ||
      a.direction != f.direction || a.blocksInput || !a.tracks.empty() || a.propTracks.size() != 1 ||
      a.propTracks.data() != f.tracks)
    return false;
  // The list is the one read at arming, so its element can be read.
  if (f.tracks[0].get() != f.track) return false;
  return f.track->prop == f.prop && f.track->transition.kind == f.kind;
}

AnimationPlayer::ListTurn AnimationPlayer::fixedFrame(const AnimState::FixedStep& f,
                                                      const TransitionFunction& copy, double elapsed,
                                                      double dt, FixedFrame& next) {
  float from = f.from;
  float to = f.to;
  if (f.checked) {
    if (!stillSeen(f)) return ListTurn::Declined;
    from = f.track->from;
    to = f.track->to;
  }
  const double e = elapsed + f.velocity * dt;
  // Playing backwards it ends at 0; forwards, at the window's end (the active duration).
  if (f.velocity < 0.0 && e <= 0.0) return ListTurn::Declined;
  float t = 0.0f;  // progressIn's progress, while e stays in the window's iteration
  switch (timing::advanceWithin(f.window, e, f.duration, t)) {
    case timing::WindowStep::Inside: break;
    case timing::WindowStep::IterationEnd: return ListTurn::IterationEnd;
    case timing::WindowStep::ActiveEnd: return ListTurn::Declined;
  }
  next.elapsed = e;
  next.t = t;
  const TransitionFunction& easing = f.checked ? f.track->transition : copy;
  next.value = lerpProp(from, to, static_cast<float>(f.ease(static_cast<double>(t), easing, false)));
  return ListTurn::Stepped;
}

bool AnimationPlayer::rollPlan(AnimState::FixedStep& f, const TransitionFunction& copy, double elapsed,
                               double dt, FixedFrame& next) {
  // What armFixed would copy now, but for the iteration: the same fields,
  // and for a fixed lane the same values and easing (checked lanes read
  // the track's own).
  if (!stillSeen(f) || f.anim->fixed == f.checked) return false;
  if (!f.checked && (std::bit_cast<std::uint32_t>(f.track->from) != std::bit_cast<std::uint32_t>(f.from) ||
                     std::bit_cast<std::uint32_t>(f.track->to) != std::bit_cast<std::uint32_t>(f.to) ||
                     !(f.track->transition == copy)))
    return false;
  AnimState::FixedStep plan = f;
  const double e = elapsed + f.velocity * dt;
  plan.window = timing::windowAt(e, f.duration, f.window.end, f.direction);
  if (fixedFrame(plan, copy, elapsed, dt, next) != ListTurn::Stepped) return false;
  checkFixed(*f.anim, plan, copy, next);
  f = plan;
  return true;
}

bool AnimationPlayer::stepFixedState(AnimState& s, double dt) {
  FixedFrame next{};
  const ListTurn turn = fixedFrame(s.lane.step, s.lane.easing, s.elapsed, dt, next);
  if (turn == ListTurn::Stepped)
    checkFixed(*s.anim, s.lane.step, s.lane.easing, next);
  else if (turn == ListTurn::Declined || !rollPlan(s.lane.step, s.lane.easing, s.elapsed, dt, next))
    return false;
  s.elapsed = next.elapsed;
  s.lastT = next.t;
  *s.lane.out = next.value;
  return true;
}

bool AnimationPlayer::denseRef(DenseRef& out) {
  if (!steadyArmed_ || !imperative.empty() || css.size() != 1 || steadyCount_ != 1) return false;
  ActiveCssAnimation& a = css[0];
  if (!a.keyframes->drawnLanes.valid) return false;
  out = DenseRef{};
  out.elapsed = a.elapsed;
  out.delay = a.delay;
  out.duration = a.duration;
  out.steady = a.steady;
  out.keyframes = a.keyframes;
  out.ease = &a.ease;
  out.player = this;
  out.lead = a.keyframes->varying[0];
  out.direction = a.direction();
  out.turn = ListTurn::Stepped;
  out.segment = a.cursor.segment[out.lead];
  if (overlaySet.test(Prop::opacity)) {
    out.drawn |= kDenseOpacity;
    out.opacity = overlay.opacity;
  }
  if (overlaySet.test(Prop::translateX)) {
    out.drawn |= kDenseTranslateX;
    out.translateX = overlay.translateX;
  }
  if (overlaySet.test(Prop::translateY)) {
    out.drawn |= kDenseTranslateY;
    out.translateY = overlay.translateY;
  }
#ifndef NDEBUG
  // The entry holds these now: a read that misses writeBack sees NaN.
  constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
  a.elapsed = std::numeric_limits<double>::quiet_NaN();
  a.steady.window.iteration = std::numeric_limits<double>::quiet_NaN();
  if (out.drawn & kDenseOpacity) overlay.opacity = kNaN;
  if (out.drawn & kDenseTranslateX) overlay.translateX.px = kNaN;
  if (out.drawn & kDenseTranslateY) overlay.translateY.px = kNaN;
#endif
  return true;
}

void AnimationPlayer::writeBack(const DenseRef& r) {
  ZENIT_ASSERT(css.size() == 1 && imperative.empty(), "writeBack: the player is not the entry's");
  ActiveCssAnimation& a = css[0];
  a.elapsed = r.elapsed;
  // The iteration may have moved on in the list (rollDense); its event went
  // where the full path's would have gone, nowhere (no handler).
  a.steady.window = r.steady.window;
  a.reportedIteration = r.steady.window.iteration;
  a.cursor.segment[r.lead] = r.segment;
  if (r.drawn & kDenseOpacity) overlay.opacity = r.opacity;
  if (r.drawn & kDenseTranslateX) overlay.translateX = r.translateX;
  if (r.drawn & kDenseTranslateY) overlay.translateY = r.translateY;
}

AnimationPlayer::FixedRef AnimationPlayer::fixedRef(AnimState& s) {
  ZENIT_ASSERT(s.lane.out != nullptr, "fixedRef: no fixed lane is armed");
  const FixedRef r{s.lane.step, s.elapsed, &s, s.lastT, *s.lane.out, ListTurn::Stepped};
#ifndef NDEBUG
  // The entry holds these now: a read that misses writeBack sees NaN.
  s.elapsed = std::numeric_limits<double>::quiet_NaN();
  s.lastT = std::numeric_limits<float>::quiet_NaN();
  *s.lane.out = std::numeric_limits<float>::quiet_NaN();
#endif
  return r;
}

void AnimationPlayer::writeBack(const FixedRef& r) {
  AnimState& s = *r.state;
  s.lane.step = r.step;  // its iteration may have moved on (rollFixed)
  s.elapsed = r.elapsed;
  s.lastT = r.lastT;
  *s.lane.out = r.value;
}

bool AnimationPlayer::stepFixedList(std::span<FixedRef> refs, double dt) {
  bool declined = false;
  const std::size_t n = refs.size();
  for (std::size_t i = 0; i < n; ++i) {
    FixedRef& r = refs[i];
    // The entries are read and written in order. A checked lane also reads
    // its animation's fields (the first 56 bytes of a UIAnimation), its
    // track list and its track: scattered lines, asked for ahead (the
    // addresses are in the entry).
    if (i + kCheckedPrefetch < n && refs[i + kCheckedPrefetch].step.checked) {
      const AnimState::FixedStep& ahead = refs[i + kCheckedPrefetch].step;
      ZENIT_PREFETCH(&ahead.anim->duration);
      ZENIT_PREFETCH(&ahead.anim->propTracks);
      ZENIT_PREFETCH(ahead.tracks);
      ZENIT_PREFETCH(&ahead.track->prop);
      ZENIT_PREFETCH(&ahead.track->from);
    }
    ZENIT_ASSERT(r.state != nullptr && r.state->lane.out != nullptr,
                 "stepFixedList: an entry's lane changed");
    FixedFrame next{};
    // The copy of a fixed lane's easing is in the state: read only for an
    // easing with parameters.
    const TransitionFunction& copy = r.state->lane.easing;
    const ListTurn turn = fixedFrame(r.step, copy, r.elapsed, dt, next);
    if (turn != ListTurn::Stepped) [[unlikely]] {
      r.turn = turn;
      declined = true;
      continue;
    }
    checkFixed(*r.state->anim, r.step, copy, next);
    r.elapsed = next.elapsed;
    r.lastT = next.t;
    r.value = next.value;
  }
  return declined;
}

bool AnimationPlayer::rollFixed(FixedRef& r, double dt) {
  ZENIT_ASSERT(r.turn == ListTurn::IterationEnd, "rollFixed: the entry's frame did not end its iteration");
  FixedFrame next{};
  if (!rollPlan(r.step, r.state->lane.easing, r.elapsed, dt, next)) return false;
  r.elapsed = next.elapsed;
  r.lastT = next.t;
  r.value = next.value;
  r.turn = ListTurn::Stepped;
  return true;
}

void AnimationPlayer::checkFixed([[maybe_unused]] const UIAnimation& a,
                                 [[maybe_unused]] const AnimState::FixedStep& f,
                                 [[maybe_unused]] const TransitionFunction& copy,
                                 [[maybe_unused]] const FixedFrame& next) {
#ifndef NDEBUG
  // Only while the copy is what armFixed would take now: an animation
  // declared fixed and edited anyway is stepped from the copy, as
  // documented.
  const Span span = spanOf(a);
  if (a.propTracks.size() != 1 || a.propTracks[0].get() != f.track || span.duration != f.duration ||
      span.active != f.window.end ||
      timing::iterationRunsForwards(a.direction, f.window.iteration) != f.window.forwards)
    return;
  const float full = progressIn(a, span, next.elapsed);
  ZENIT_ASSERT(std::bit_cast<std::uint32_t>(full) == std::bit_cast<std::uint32_t>(next.t),
               "stepFixed must agree with progressIn");
  if (!f.checked && (f.track->from != f.from || f.track->to != f.to || !(f.track->transition == copy)))
    return;
  const float value = lerpProp(f.track->from, f.track->to, getRatio(next.t, f.track->transition));
  ZENIT_ASSERT(std::bit_cast<std::uint32_t>(value) == std::bit_cast<std::uint32_t>(next.value),
               "stepFixed must agree with the track's apply");
#endif
}

bool AnimationPlayer::tickSteadyMany(double dt) {
  const std::size_t n = css.size();
  if (n != steadyCount_) return false;
  // Every animation must stay steady, or none is touched.
  std::array<float, kSteadyMax> progress{};
  for (std::size_t i = 0; i < n; ++i)
    if (!Anim::steadyAdvance(css[i], css[i].steady, css[i].elapsed + dt, progress[i])) return false;
  for (std::size_t i = 0; i < n; ++i) commitSteady(css[i], dt, progress[i]);
  return true;
}

bool AnimationPlayer::hasActivePartAnims() const {
  for (const PartAnims& p : parts)
    for (const ActiveCssAnimation& a : p.anims)
      if (!a.finished && a.playState == PlayState::Running && Anim::usable(a)) return true;
  return false;
}

bool AnimationPlayer::hasActiveLocal() const {
  for (const Named& n : imperative)
    if (n.state.playing && !n.state.paused) return true;
  for (const ActiveCssAnimation& a : css)
    if (!a.finished && a.playState == PlayState::Running && Anim::usable(a)) return true;
  return hasActivePartAnims();
}

}  // namespace zenit
