// The seed's Anim:: primitives (seed §2.1–§2.6): syncRefs, tickIncremental,
// tickAbsolute, overlayCssStyle, overlayCssComputed, and the animation events.
#include <zenit/anim/AnimationPlayer.hpp>

#include "anim/CssEffect.hpp"

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

namespace Anim {

bool usable(const ActiveCssAnimation& a) {
  return a.keyframes != nullptr && a.keyframes->compiled() && !a.keyframes->tracks.empty();
}

bool inEffect(const ActiveCssAnimation& a) { return usable(a) && sampleCached(a).inEffect; }

namespace {

// Looks the keyframes of `a` up again when the theme changed since the last lookup.
void refreshKeyframes(ActiveCssAnimation& a) {
  if (a.themeGeneration == kOwnKeyframes) return;
  const Theme& theme = Theme::get();
  if (a.themeGeneration == theme.generation()) return;
  a.keyframes = theme.findKeyframes(a.name);
  a.themeGeneration = theme.generation();
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

void overlayOne(const Style& under, Style& out, const ActiveCssAnimation& a, float progress,
                bool beforeFlag) {
  thread_local ComputedStyle scratch;
  const PropSet animated = a.keyframes->animated;
  // Underlying values: the declared value, else the initial one.
  animated.forEach([&](Prop p) {
    bool declared = false;
    visitProp2(p, scratch, under, [&declared](auto& dst, const auto& value) {
      if (!value.is_set) return;
      dst = value.value;
      declared = true;
    });
    if (!declared) copyProp(p, scratch, initialStyle());
  });
  evaluateInto(*a.keyframes, static_cast<double>(progress), a.ease, beforeFlag, scratch, scratch, &a.cursor);
  animated.forEach([&](Prop p) {
    visitProp2(p, out, scratch, [](auto& declared, const auto& value) { declared = value; });
  });
}

void overlayCssStyle(Style& out, const std::vector<ActiveCssAnimation>& anims) {
  for (const ActiveCssAnimation& a : anims) {
    if (!usable(a)) continue;
    const AnimSample& s = sampleCached(a);
    if (!s.inEffect) continue;
    overlayOne(out, out, a, s.progress, s.beforeFlag);  // each reads what the ones before it wrote
  }
}

}  // namespace Anim

}  // namespace zenit
