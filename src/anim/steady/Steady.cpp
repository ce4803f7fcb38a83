// The steady step (steady/Steady.hpp): arming, the kinds' steps and loops,
// rolls, write back, and the Debug checks against the full path.
//
// [SECTION] Access: the player's private state, for this module
// [SECTION] OneCss: one CSS animation from its copy
// [SECTION] OneImperative: one imperative animation from its copy
// [SECTION] Player: a player stepped in place
// [SECTION] Clip: a node's clip slots into its overlay
// [SECTION] The loops, one per kind
// [SECTION] Arming and write back
#include "anim/steady/Steady.hpp"

#include "anim/CssEffect.hpp"
#include "anim/ImperativeTiming.hpp"
#include "anim/KeyframeLanes.hpp"
#include "anim/clip/ClipState.hpp"
#include "core/Prefetch.hpp"

#include <zenit/core/Config.hpp>

#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <new>
#include <type_traits>
#include <typeinfo>

namespace zenit::steady {

// ---------------------------------------------------------------------------
// [SECTION] Access
// ---------------------------------------------------------------------------

// The player's private state, which this module steps (a friend of AnimationPlayer).
struct Access {
  static std::vector<ActiveCssAnimation>& css(AnimationPlayer& p) { return p.css_; }
  static auto& parts(AnimationPlayer& p) { return p.parts_; }
  static ComputedStyle& overlay(AnimationPlayer& p) { return p.overlay_; }
  static PropSet overlaySet(const AnimationPlayer& p) { return p.overlaySet_; }
  static auto& imperative(AnimationPlayer& p) { return p.imperative_; }
  static auto& clips(AnimationPlayer& p) { return p.clips_; }
  static const detail::ClipState* slots(const ClipPlayer& c) { return c.kept_.get(); }
};

namespace {

using Anim::eval::Weighted;

constexpr std::size_t kPlayerPrefetch = 8;       // records ahead whose animation a Player loop asks for
constexpr std::size_t kImperativePrefetch = 16;  // checked records ahead whose animation is asked for

using Anim::eval::sameBits;

// Turns a window step into a record's turn.
ZENIT_ALWAYS_INLINE Turn turnOf(timing::WindowStep w) {
  return w == timing::WindowStep::IterationEnd ? Turn::IterationEnd : Turn::Declined;
}

// ---------------------------------------------------------------------------
// [SECTION] OneCss
// ---------------------------------------------------------------------------

// The frame at `elapsed`, whose `progress` advanceCss gave: the elapsed,
// the lead track's segment and the drawn values, each lane written where
// it goes (DrawnLanes). A px-only translation writes its px part: its
// other parts hold +0 and kPx from the record's copy.
ZENIT_ALWAYS_INLINE void writeOneCss(OneCss& r, double elapsed, float progress) {
  r.elapsed = elapsed;
  const KeyframeAnimation& kf = *r.keyframes;
  const detail::DrawnLanes& d = kf.values.drawn;
  const Weighted cur =
      Anim::eval::laneWeight(kf, static_cast<double>(progress), *r.timing, r.plan.ease, r.segment);
  using detail::TrackLane;
  if (d.opacity.lane != TrackLane::None) r.opacity = Anim::eval::floatLane(kf, d.opacity, cur);
  if (d.pxOnly) {
    if (d.translateX.lane != TrackLane::None) r.translateX.px = Anim::eval::pxLane(kf, d.translateX, cur);
    if (d.translateY.lane != TrackLane::None) r.translateY.px = Anim::eval::pxLane(kf, d.translateY, cur);
    return;
  }
  if (d.translateX.lane != TrackLane::None) r.translateX = Anim::eval::lengthLane(kf, d.translateX, cur);
  if (d.translateY.lane != TrackLane::None) r.translateY = Anim::eval::lengthLane(kf, d.translateY, cur);
}

// Debug builds: the record's step from `before` gave what the player's own
// evaluation gives (the full sample, evaluateLanes onto a style).
[[maybe_unused]] void checkOneCss([[maybe_unused]] const OneCss& r, [[maybe_unused]] const OneCss& before,
                                  [[maybe_unused]] float progress) {
#ifndef NDEBUG
  ActiveCssAnimation a = Access::css(*r.player)[0];
  a.elapsed = r.elapsed;
  a.invalidateSample();
  const Anim::AnimSample full = Anim::sample(a);
  ZENIT_ASSERT(full.phase == timing::Phase::Active && full.inEffect && !full.finished && !full.beforeFlag &&
                   full.progress == progress && full.currentIteration == r.plan.window.iteration,
               "a OneCss step must agree with sample()");
  thread_local ComputedStyle probe;
  Anim::KeyframeCursor cursor = a.cursor;
  cursor.generation = r.keyframes->generation;
  cursor.segment[r.lead] = before.segment;
  Anim::evaluateLanes(*r.keyframes, static_cast<double>(progress), *r.timing, r.plan.ease, probe, cursor);
  ZENIT_ASSERT(cursor.segment[r.lead] == r.segment, "a OneCss step's segment differs from evaluateLanes'");
  for (const detail::LaneOp& op : r.keyframes->values.ops) {
    const bool agrees = op.prop == Prop::opacity      ? sameBits(probe.opacity, r.opacity)
                        : op.prop == Prop::translateX ? sameBits(probe.translateX, r.translateX)
                                                      : sameBits(probe.translateY, r.translateY);
    ZENIT_ASSERT(agrees, "a OneCss step's drawn value differs from evaluateLanes'");
  }
#endif
}

struct OneCssKind {
  static void prefetch(const Record*, const Record*) {}  // read in order: the hardware's prefetch finds them
  ZENIT_ALWAYS_INLINE static Turn step(Record& rec, double dt, double /*now*/) {
    OneCss& r = rec.css;
    float progress = 0.0f;
    const double elapsed = r.elapsed + dt;
    const timing::WindowStep w = advanceCss(r.delay, r.duration, r.plan, elapsed, progress);
    if (w != timing::WindowStep::Inside) [[unlikely]]
      return turnOf(w);
#ifndef NDEBUG
    const OneCss before = r;
#endif
    writeOneCss(r, elapsed, progress);
#ifndef NDEBUG
    checkOneCss(r, before, progress);
#endif
    return Turn::Stepped;
  }
};

// ---------------------------------------------------------------------------
// [SECTION] OneImperative
// ---------------------------------------------------------------------------

// A checked record's animation still has the fields its plan was taken from.
ZENIT_ALWAYS_INLINE bool stillSeen(const ImperativePlan& f) {
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

struct ImperativeFrame {
  double elapsed;
  float t;
  float value;
};

// One frame of the plan `f` at `elapsed` (dt finite and >= 0): the full
// tick's arithmetic (tickImperative's steps 4-6, applyTracks' progress,
// the track's apply). Fills `next` and returns Stepped, or returns where
// it declines, having changed nothing.
ZENIT_ALWAYS_INLINE Turn imperativeFrame(const ImperativePlan& f, double elapsed, double dt,
                                         ImperativeFrame& next) {
  float from = f.from;
  float to = f.to;
  if (f.checked) {
    if (!stillSeen(f)) return Turn::Declined;
    from = f.track->from;
    to = f.track->to;
  }
  const double e = elapsed + f.velocity * dt;
  // Playing backwards it ends at 0; forwards, at the window's end (the active duration).
  if (f.velocity < 0.0 && e <= 0.0) return Turn::Declined;
  float t = 0.0f;  // progressIn's progress, while e stays in the window's iteration
  const timing::WindowStep w = timing::advanceWithin(f.window, e, f.duration, t);
  if (w != timing::WindowStep::Inside) return turnOf(w);
  next.elapsed = e;
  next.t = t;
  next.value =
      lerpProp(from, to, static_cast<float>(f.ease(static_cast<double>(t), f.track->transition, false)));
  return Turn::Stepped;
}

// Debug builds: the frame is progressIn's and the track's apply, while the
// plan is what arming would take now (a promise broken by an edit is
// stepped from the copies, as documented).
void checkImperative([[maybe_unused]] const ImperativePlan& f, [[maybe_unused]] const ImperativeFrame& next) {
#ifndef NDEBUG
  const UIAnimation& a = *f.anim;
  const imperative::Span span = imperative::spanOf(a);
  if (a.propTracks.size() != 1 || a.propTracks[0].get() != f.track || span.duration != f.duration ||
      span.active != f.window.end ||
      timing::iterationRunsForwards(a.direction, f.window.iteration) != f.window.forwards)
    return;
  const float full = imperative::progressIn(a, span, next.elapsed);
  ZENIT_ASSERT(sameBits(full, next.t), "a OneImperative step must agree with progressIn");
  if (!f.checked && (f.track->from != f.from || f.track->to != f.to)) return;
  const float value = lerpProp(f.track->from, f.track->to, getRatio(next.t, f.track->transition));
  ZENIT_ASSERT(sameBits(value, next.value), "a OneImperative step must agree with the track's apply");
#endif
}

struct OneImperativeKind {
  // A checked record also reads its animation's fields (the first 56
  // bytes of a UIAnimation), its track list and its track: scattered
  // lines, asked for ahead (the addresses are in the record).
  ZENIT_ALWAYS_INLINE static void prefetch(const Record* r, const Record* end) {
    if (end - r <= static_cast<std::ptrdiff_t>(kImperativePrefetch)) return;
    const ImperativePlan& ahead = r[kImperativePrefetch].imperative.plan;
    if (!ahead.checked) return;
    ZENIT_PREFETCH(&ahead.anim->duration);
    ZENIT_PREFETCH(&ahead.anim->propTracks);
    ZENIT_PREFETCH(ahead.tracks);
    ZENIT_PREFETCH(&ahead.track->prop);
    ZENIT_PREFETCH(&ahead.track->from);
  }
  ZENIT_ALWAYS_INLINE static Turn step(Record& rec, double dt, double /*now*/) {
    OneImperative& r = rec.imperative;
    ImperativeFrame next{};
    const Turn turn = imperativeFrame(r.plan, r.elapsed, dt, next);
    if (turn != Turn::Stepped) [[unlikely]]
      return turn;
    checkImperative(r.plan, next);
    r.elapsed = next.elapsed;
    r.lastT = next.t;
    r.value = next.value;
    return Turn::Stepped;
  }
};

// ---------------------------------------------------------------------------
// [SECTION] Player
// ---------------------------------------------------------------------------

// Debug builds: a planned step's progress is sample()'s, in the window planned.
void checkCss([[maybe_unused]] const ActiveCssAnimation& a, [[maybe_unused]] const CssPlan& plan,
              [[maybe_unused]] float progress) {
#ifndef NDEBUG
  const Anim::AnimSample full = Anim::sample(a);
  ZENIT_ASSERT(full.phase == timing::Phase::Active && full.inEffect && !full.finished && !full.beforeFlag &&
                   full.progress == progress && full.currentIteration == plan.window.iteration,
               "a steady step must agree with sample()");
#endif
}

// tickImperative + composeOverlay on a frame that only moves the playing
// animations inside their active intervals: the same arithmetic in the same
// order (each elapsed moved as step 4 moves it, its progress taken as
// applyTracks takes it, the overlay tracks applied in registration order as
// composeOverlay applies them), without what such a frame does not need
// (shared_ptr copies, setter and callback bookkeeping, the overlay's set
// and flags, which stay as the last compose left them). Every animation is
// checked before any changes, so a declined frame changes nothing.
// `commit` false only checks the frame (arming, with dt 0).
bool stepImperativeMany(AnimationPlayer& p, double dt, bool commit) {
  auto& list = Access::imperative(p);
  const std::size_t n = list.size();
  if (!Access::css(p).empty() || n > Player::kMaxPlans) return false;
  std::array<double, Player::kMaxPlans> next;  // written for the playing entries, read only for them
  std::array<imperative::Span, Player::kMaxPlans> spans;
  PropSet written;  // what composeOverlay would set the overlay's set to
  bool playing = false;
  for (std::size_t i = 0; i < n; ++i) {
    const AnimState& s = list[i].state;
    const UIAnimation& a = *s.anim;
    if (s.playing && !s.paused) {
      // tickImperative's steps 3-6, for a frame that moves elapsed alone.
      if (s.delayElapsed > 0.0 || !a.tracks.empty() || a.blocksInput) return false;
      const imperative::Span span = imperative::spanOf(a);
      const double velocity = imperative::velocityOf(s);
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
  if (!playing || written != Access::overlaySet(p)) return false;
  if (!commit) return true;
  // One pass: an entry's tracks read its own progress only, so moving each
  // and then applying it keeps composeOverlay's registration order.
  ComputedStyle& overlay = Access::overlay(p);
  for (std::size_t i = 0; i < n; ++i) {
    AnimState& s = list[i].state;
    if (s.playing && !s.paused) {
      s.elapsed = next[i];
      s.lastT = imperative::progressIn(*s.anim, spans[i], s.elapsed);  // applyTracks, with no setter to run
      s.applied = true;
    }
    if (!s.applied) continue;
    for (const auto& track : s.anim->propTracks) track->apply(s.lastT, overlay);
  }
  return true;
}

// A part animation's values at `progress` onto its part's shown style: its
// lane program when its plan says so (every varying track has a value lane
// in one key set and no key reads the underlying value, the part's declared
// one), else the general evaluation (Anim::overlayOne). The same bits
// either way (Debug builds compare).
ZENIT_ALWAYS_INLINE void stepPart(ActiveCssAnimation& a, const CssPlan& plan, float progress, bool lanes,
                                  const Style& declared, Style& shown) {
  if (lanes) {
    Anim::eval::laneProgram(*a.keyframes, static_cast<double>(progress), a.ease, plan.ease,
                            Anim::eval::DeclaredSlots{shown}, a.cursor);
#ifndef NDEBUG
    // A scratch style kept across calls: assigning reuses its storage, so
    // the check allocates nothing in steady frames (tests count them).
    static thread_local Style probe;
    probe = declared;
    Anim::overlayOne(declared, probe, a, progress, false);
    a.keyframes->animated.forEach([&](Prop p) {
      bool same = false;
      visitProp2(p, probe, shown,
                 [&same](const auto& x, const auto& y) { same = Anim::eval::sameValue(x, y); });
      ZENIT_ASSERT(same, "a part's lane program differs from its evaluation");
    });
#endif
    return;
  }
  Anim::overlayOne(declared, shown, a, progress, false);
}

// An absolutely ticked animation's elapsed at `now` (Anim::tickAbsolute's).
ZENIT_ALWAYS_INLINE double absoluteElapsed(const ActiveCssAnimation& a, double now) {
  const double e = now - a.startTime;
  return std::isfinite(e) && e > 0.0 ? e : 0.0;
}

// Part plan k's animation and part.
ZENIT_ALWAYS_INLINE ActiveCssAnimation& partAnimation(const Player& r, std::size_t k) {
  return Access::parts(*r.player)[r.part[k]].anims[r.anim[k]];
}

// Where every planned animation of a Player record stands at this frame:
// the node's (tickCss: elapsed + dt) and its parts' (tickAbsolute:
// now - start). Stepped when every one is inside its window; IterationEnd
// when none has left its active interval but some began another iteration
// (a roll may take the frame); Declined otherwise.
ZENIT_ALWAYS_INLINE Turn advancePlans(const Player& r, double dt, double now,
                                      std::array<double, Player::kMaxPlans>& elapsed,
                                      std::array<float, Player::kMaxPlans>& progress) {
  std::vector<ActiveCssAnimation>& css = Access::css(*r.player);
  ZENIT_ASSERT(css.size() == r.css, "a Player record's CSS animations changed");
  Turn turn = Turn::Stepped;
  const std::size_t planned = std::size_t{r.css} + r.parts;
  for (std::size_t k = 0; k < planned; ++k) {
    const ActiveCssAnimation& a = k < r.css ? css[k] : partAnimation(r, k);
    elapsed[k] = k < r.css ? a.elapsed + dt : absoluteElapsed(a, now);
    const timing::WindowStep w = advanceCss(a.delay, a.duration, r.plans[k], elapsed[k], progress[k]);
    if (w == timing::WindowStep::Inside) [[likely]]
      continue;
    if (w == timing::WindowStep::ActiveEnd) return Turn::Declined;
    turn = Turn::IterationEnd;
  }
  return turn;
}

// One frame of a player's CSS animations at the elapsed times and progress
// advancePlans gave: the node's evaluated onto the overlay, its parts' onto
// each part's shown style over its declared one.
ZENIT_ALWAYS_INLINE void writePlans(Player& r, const std::array<double, Player::kMaxPlans>& elapsed,
                                    const std::array<float, Player::kMaxPlans>& progress) {
  AnimationPlayer& p = *r.player;
  std::vector<ActiveCssAnimation>& css = Access::css(p);
  ComputedStyle& overlay = Access::overlay(p);
  for (std::size_t i = 0; i < r.css; ++i) {
    ActiveCssAnimation& a = css[i];
    // The sample cache is keyed on elapsed: the next full frame finds it stale.
    a.elapsed = elapsed[i];
    checkCss(a, r.plans[i], progress[i]);
    Anim::eval::laneProgram(*a.keyframes, static_cast<double>(progress[i]), a.ease, r.plans[i].ease, overlay,
                            a.cursor);
  }
  for (std::size_t k = r.css; k < std::size_t{r.css} + r.parts; ++k) {
    auto& part = Access::parts(p)[r.part[k]];
    ActiveCssAnimation& a = part.anims[r.anim[k]];
    a.elapsed = elapsed[k];
    checkCss(a, r.plans[k], progress[k]);
    stepPart(a, r.plans[k], progress[k], ((unsigned{r.lanes} >> k) & 1u) != 0, *part.declared, *part.shown);
  }
}

struct PlayerKind {
  // The records point into scattered animations: each step asks for the
  // line a later record's first animation starts with, its timing.
  ZENIT_ALWAYS_INLINE static void prefetch(const Record* r, const Record* end) {
    if (end - r <= static_cast<std::ptrdiff_t>(kPlayerPrefetch)) return;
    const Player& ahead = r[kPlayerPrefetch].player;
    if (ahead.css != 0) ZENIT_PREFETCH(Access::css(*ahead.player).data());
  }
  ZENIT_ALWAYS_INLINE static Turn step(Record& rec, double dt, double now) {
    Player& r = rec.player;
    if (r.onePart != nullptr) {  // advancePlans and writePlans for that one plan
      ActiveCssAnimation& a = *r.onePart;
      const double elapsed = absoluteElapsed(a, now);
      float progress = 0.0f;
      const timing::WindowStep w = advanceCss(a.delay, a.duration, r.plans[0], elapsed, progress);
      if (w != timing::WindowStep::Inside) [[unlikely]]
        return turnOf(w);
      a.elapsed = elapsed;
      checkCss(a, r.plans[0], progress);
      stepPart(a, r.plans[0], progress, true, *r.oneDeclared, *r.oneShown);
      return Turn::Stepped;
    }
    if (r.css == 0 && r.parts == 0)
      return stepImperativeMany(*r.player, dt, true) ? Turn::Stepped : Turn::Declined;
    std::array<double, Player::kMaxPlans> elapsed;  // written for the planned animations
    std::array<float, Player::kMaxPlans> progress;  // the same
    const Turn turn = advancePlans(r, dt, now, elapsed, progress);
    if (turn == Turn::Stepped) [[likely]]
      writePlans(r, elapsed, progress);
    return turn;
  }
};

// ---------------------------------------------------------------------------
// [SECTION] Clip
// ---------------------------------------------------------------------------

// The values composeOverlay's clip part writes, from the slots the clip
// player sampled this frame (before the walk): a replaced float is the
// slot's first number, a replaced length that number in px. Declines,
// changing nothing, when the player stopped playing or a slot started or
// stopped being written (the full path then sees what changed).
struct ClipKind {
  static void prefetch(const Record*, const Record*) {}
  template <unsigned N>
  ZENIT_ALWAYS_INLINE static Turn copy(const ClipSlots& r) {
    const std::uint64_t now = *r.sample;
    unsigned written = 0;
    for (unsigned k = 0; k < N; ++k) written |= unsigned{r.from[k]->sample == now} << k;
    if (written != r.written) [[unlikely]]
      return Turn::Declined;
    if (written == (1u << N) - 1u) {  // every slot written: the usual frame
      for (unsigned k = 0; k < N; ++k) *r.to[k] = r.from[k]->value[0];
      return Turn::Stepped;
    }
    for (unsigned k = 0; k < N; ++k)
      if (written & (1u << k)) *r.to[k] = r.from[k]->value[0];
    return Turn::Stepped;
  }
  ZENIT_ALWAYS_INLINE static Turn step(Record& rec, double /*dt*/, double /*now*/) {
    const ClipSlots& r = rec.clip;
    if (r.clip->state() != ClipPlayState::Playing) [[unlikely]]
      return Turn::Declined;
    static_assert(ClipSlots::kMax == 4, "a copy for each count");
    switch (r.count) {
      case 1: return copy<1>(r);
      case 2: return copy<2>(r);
      case 3: return copy<3>(r);
      default: return copy<4>(r);
    }
  }
};

// ---------------------------------------------------------------------------
// [SECTION] The loops
// ---------------------------------------------------------------------------

// Every record of kind K, in order: K::step on each, K::prefetch ahead.
template <class K>
ZENIT_ALWAYS_INLINE bool stepEach(std::span<Record> records, double dt, double now) {
  bool declined = false;
  const Record* const end = records.data() + records.size();
  for (Record& r : records) {
    K::prefetch(&r, end);
    const Turn turn = K::step(r, dt, now);
    if (turn != Turn::Stepped) [[unlikely]] {
      r.turn = turn;
      declined = true;
    }
  }
  return declined;
}

}  // namespace

bool stepOneCss(std::span<Record> records, double dt) { return stepEach<OneCssKind>(records, dt, 0.0); }
bool stepOneImperative(std::span<Record> records, double dt) {
  return stepEach<OneImperativeKind>(records, dt, 0.0);
}
bool stepPlayers(std::span<Record> records, double dt, double now) {
  return stepEach<PlayerKind>(records, dt, now);
}
bool stepClips(std::span<Record> records) { return stepEach<ClipKind>(records, 0.0, 0.0); }

// ---------------------------------------------------------------------------
// Rolls
// ---------------------------------------------------------------------------

bool rollOneCss(Record& rec, double dt) {
  ZENIT_ASSERT(rec.kind == Kind::OneCss && rec.turn == Turn::IterationEnd,
               "rollOneCss: the record's frame did not end its iteration");
  OneCss& r = rec.css;
  const double elapsed = r.elapsed + dt;
  CssPlan plan = r.plan;  // keeps the easing's evaluator
  float progress = 0.0f;
  if (!planCssAt(r.delay, r.duration, r.plan.window.end, r.direction, elapsed, plan, progress)) return false;
#ifndef NDEBUG
  OneCss before = r;
  before.plan = plan;  // checked against the new iteration
#endif
  r.plan = plan;
  writeOneCss(r, elapsed, progress);
  rec.turn = Turn::Stepped;
#ifndef NDEBUG
  checkOneCss(r, before, progress);
#endif
  return true;
}

bool rollPlayer(Record& rec, double dt, double now) {
  ZENIT_ASSERT(rec.kind == Kind::Player && rec.turn == Turn::IterationEnd,
               "rollPlayer: the record's frame did not end an iteration");
  Player& r = rec.player;
  Player next = r;  // keeps the easings' evaluators
  std::array<double, Player::kMaxPlans> elapsed;
  std::array<float, Player::kMaxPlans> progress;
  const std::size_t planned = std::size_t{r.css} + r.parts;
  for (std::size_t k = 0; k < planned; ++k) {
    const ActiveCssAnimation& a = k < r.css ? Access::css(*r.player)[k] : partAnimation(r, k);
    elapsed[k] = k < r.css ? a.elapsed + dt : absoluteElapsed(a, now);
    const timing::WindowStep w = advanceCss(a.delay, a.duration, r.plans[k], elapsed[k], progress[k]);
    if (w == timing::WindowStep::Inside) continue;
    if (w == timing::WindowStep::ActiveEnd ||
        !planCssAt(a.delay, a.duration, r.plans[k].window.end, a.direction(), elapsed[k], next.plans[k],
                   progress[k]))
      return false;
  }
  // The full path would report each new iteration (an animationiteration
  // event, which the caller knows nobody reads): the same bookkeeping.
  for (std::size_t k = 0; k < planned; ++k) {
    ActiveCssAnimation& a = k < r.css ? Access::css(*r.player)[k] : partAnimation(r, k);
    a.reportedIteration = next.plans[k].window.iteration;
  }
  r = next;
  writePlans(r, elapsed, progress);
  rec.turn = Turn::Stepped;
  return true;
}

bool rollOneImperative(Record& rec, double dt) {
  ZENIT_ASSERT(rec.kind == Kind::OneImperative && rec.turn == Turn::IterationEnd,
               "rollOneImperative: the record's frame did not end its iteration");
  OneImperative& r = rec.imperative;
  ImperativePlan& f = r.plan;
  // What arming would take now, but for the iteration: the same fields,
  // and for an animation declared unchanged (unchangedWhilePlaying) the
  // same values (checked ones read the track's own).
  if (!stillSeen(f) || f.anim->unchangedWhilePlaying == f.checked) return false;
  if (!f.checked && (!sameBits(f.track->from, f.from) || !sameBits(f.track->to, f.to))) return false;
  ImperativePlan plan = f;
  const double e = r.elapsed + f.velocity * dt;
  plan.window = timing::windowAt(e, f.duration, f.window.end, f.direction);
  ImperativeFrame next{};
  if (imperativeFrame(plan, r.elapsed, dt, next) != Turn::Stepped) return false;
  checkImperative(plan, next);
  f = plan;
  r.elapsed = next.elapsed;
  r.lastT = next.t;
  r.value = next.value;
  rec.turn = Turn::Stepped;
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Arming and write back
// ---------------------------------------------------------------------------

namespace {

// The OneImperative record of a player whose one imperative animation has
// one float overlay track (the library's own PropTrack<float>, whose apply
// is known) and a span it can be inside, when stepImperativeMany has just
// accepted its frame.
bool armOneImperative(AnimationPlayer& p, Layout* node, Record& out) {
  auto& list = Access::imperative(p);
  if (list.size() != 1) return false;
  AnimState& s = list[0].state;
  const UIAnimation& a = *s.anim;
  if (!s.playing || s.paused || !s.applied || a.propTracks.size() != 1) return false;
  const UIAnimation::PropTrackBase& base = *a.propTracks[0];
  if (typeid(base) != typeid(UIAnimation::PropTrack<float>)) return false;
  const auto& track = static_cast<const UIAnimation::PropTrack<float>&>(base);
  const imperative::Span span = imperative::spanOf(a);
  if (!(span.duration > 0.0) || !(s.elapsed < span.active)) return false;
  float* field = nullptr;
  visitProp(track.prop, Access::overlay(p), [&field](auto& f) {
    if constexpr (std::is_same_v<std::decay_t<decltype(f)>, float>) field = &f;
  });
  if (field == nullptr) return false;
  out = Record{};
  out.node = node;
  out.kind = Kind::OneImperative;
  OneImperative& r = out.imperative;
  r = OneImperative{};
  ImperativePlan& f = r.plan;
  f.velocity = imperative::velocityOf(s);
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
  f.checked = !a.unchangedWhilePlaying;
  f.ease = easeFnOf(track.transition);
  r.elapsed = s.elapsed;
  r.state = &s;
  r.player = &p;
  r.out = field;
  r.lastT = s.lastT;
  r.value = *field;
  return true;
}

// The OneCss record of a player whose one CSS animation's lane program
// writes only the drawn properties, armed in `plan`.
void armOneCss(AnimationPlayer& p, Layout* node, const CssPlan& plan, Record& out) {
  ActiveCssAnimation& a = Access::css(p)[0];
  out = Record{};
  out.node = node;
  out.kind = Kind::OneCss;
  OneCss& r = out.css;
  r = OneCss{};
  r.elapsed = a.elapsed;
  r.delay = a.delay;
  r.duration = a.duration;
  r.plan = plan;
  r.keyframes = a.keyframes;
  r.timing = &a.ease;
  r.player = &p;
  r.lead = a.keyframes->varying[0];
  r.direction = a.direction();
  r.segment = a.cursor.segment[r.lead];
  const ComputedStyle& overlay = Access::overlay(p);
  const PropSet set = Access::overlaySet(p);
  if (set.test(Prop::opacity)) {
    r.drawn |= OneCss::kOpacity;
    r.opacity = overlay.opacity;
  }
  if (set.test(Prop::translateX)) {
    r.drawn |= OneCss::kTranslateX;
    r.translateX = overlay.translateX;
  }
  if (set.test(Prop::translateY)) {
    r.drawn |= OneCss::kTranslateY;
    r.translateY = overlay.translateY;
  }
}

}  // namespace

namespace {

// A running CSS animation the step can take from here: usable, started,
// not finished or paused, in a window clear of every boundary, no
// animationiteration event due. Fills `plan`.
bool planRunning(const ActiveCssAnimation& a, CssPlan& plan) {
  if (a.keyframes == nullptr || !a.keyframes->compiled() || a.keyframes->tracks.empty() || a.finished ||
      !a.started || a.playState != PlayState::Running)
    return false;
  float progress = 0.0f;
  if (!planCss(a, plan, progress)) return false;
  if (plan.window.iteration != a.reportedIteration) return false;  // an animationiteration is due
  plan.ease = easeFnOf(a.ease);
  return true;
}

// Whether a part animation moves: a step plans and steps it; the others
// (finished, paused, without keyframes) hold what the full path last
// wrote into the part's style.
bool partMoves(const ActiveCssAnimation& a) {
  return Anim::usable(a) && !a.finished && a.playState == PlayState::Running;
}

// The plans of the part animations that move, after the node's `r.css`,
// each animating properties no other animation of its part animates;
// false when one cannot be taken or they are more than a record holds.
bool planParts(AnimationPlayer& p, Player& r) {
  r.parts = 0;
  r.lanes = 0;
  auto& parts = Access::parts(p);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    auto& part = parts[i];
    if (part.anims.empty()) continue;
    if (part.declared == nullptr || part.shown == nullptr) return false;
    PropSet moving, held;
    for (std::size_t j = 0; j < part.anims.size(); ++j) {
      const ActiveCssAnimation& a = part.anims[j];
      if (!partMoves(a)) {
        if (Anim::usable(a)) held |= a.keyframes->animated;
        continue;
      }
      const std::size_t k = std::size_t{r.css} + r.parts;
      if (k == Player::kMaxPlans || !planRunning(a, r.plans[k])) return false;
      const KeyframeAnimation& kf = *a.keyframes;
      if ((moving.bits & kf.animated.bits) != 0) return false;
      moving |= kf.animated;
      r.part[k] = static_cast<std::uint8_t>(i);
      r.anim[k] = static_cast<std::uint8_t>(j);
      if (kf.values.all && !kf.values.ops.empty() && !kf.readsUnderlying.any() &&
          a.cursor.generation == kf.generation)
        r.lanes = static_cast<std::uint8_t>(r.lanes | (1u << k));
      ++r.parts;
    }
    if ((moving.bits & held.bits) != 0) return false;
  }
  static_assert(Player::kMaxPlans <= 8, "Player::lanes holds a bit per plan");
  return true;
}

void armPlayerRecord(AnimationPlayer& p, Layout* node, Record& out) {
  out = Record{};
  out.node = node;
  out.kind = Kind::Player;
  out.player = Player{};
  out.player.player = &p;
}

// A player that shows clip slots and runs nothing else, each binding
// replacing a float or length property of its own, all of one clip player
// that plays: the record a Clip step copies the slots through. Colours,
// added slots and clips beside other animations compose on the full path.
bool armClip(AnimationPlayer& p, Layout* node, Record& out) {
  const auto& binds = Access::clips(p);
  if (binds.size() > ClipSlots::kMax || !Access::css(p).empty() || !Access::imperative(p).empty())
    return false;
  for (const auto& part : Access::parts(p))
    if (!part.anims.empty()) return false;
  const ClipPlayer& clip = *binds.front().player;
  const detail::ClipState* state = Access::slots(clip);
  if (state == nullptr || clip.state() != ClipPlayState::Playing) return false;
  ClipSlots r{};
  r.player = &p;
  r.clip = &clip;
  r.sample = &state->sample;
  PropSet bound, shown;
  ComputedStyle& overlay = Access::overlay(p);
  for (const auto& b : binds) {
    if (b.player.get() != &clip || b.composite != ClipComposite::Replace || bound.test(b.prop) ||
        b.slot >= clip.slotCount())
      return false;
    bound.set(b.prop);
    float* to = nullptr;
    visitProp(b.prop, overlay, [&to](auto& field) {
      using T = std::decay_t<decltype(field)>;
      if constexpr (std::is_same_v<T, float>) to = &field;
      if constexpr (std::is_same_v<T, Value>) to = &field.px;
    });
    if (to == nullptr) return false;
    const auto k = r.count++;
    r.to[k] = to;
    r.from[k] = &state->slots[b.slot];
    if (state->written(b.slot)) {
      r.written = static_cast<std::uint8_t>(r.written | (1u << k));
      shown.set(b.prop);
    }
  }
  // The compose that armed the record showed exactly the written slots.
  if (Access::overlaySet(p).bits != shown.bits) return false;
  out.node = node;
  out.kind = Kind::Clip;
  out.turn = Turn::Stepped;
  out.clip = r;
  return true;
}

}  // namespace

bool armPlayer(AnimationPlayer& p, Layout* node, Record& out) {
  if (!Access::clips(p).empty()) return armClip(p, node, out);
  std::array<CssPlan, Player::kMaxPlans> plans{};
  auto& imperativeList = Access::imperative(p);
  if (!imperativeList.empty()) {
    // A playing setter track keeps every frame on the full path; settled
    // here in a few loads, before the frame's own checks.
    for (const auto& e : imperativeList)
      if (e.state.playing && !e.state.paused && !e.state.anim->tracks.empty()) return false;
    for (const auto& part : Access::parts(p))
      if (!part.anims.empty()) return false;  // with part animations: the full path
    if (!stepImperativeMany(p, 0.0, false)) return false;
    if (armOneImperative(p, node, out)) return true;
    armPlayerRecord(p, node, out);
    return true;
  }
  std::vector<ActiveCssAnimation>& css = Access::css(p);
  if (css.size() > Player::kMaxPlans) return false;
  PropSet seen;
  for (std::size_t i = 0; i < css.size(); ++i) {
    ActiveCssAnimation& a = css[i];
    if (!planRunning(a, plans[i])) return false;
    const KeyframeAnimation& kf = *a.keyframes;
    // The step evaluates each animation onto the overlay alone: no base
    // value read, no property shared with another animation (the compose
    // that armed it wrote the constant tracks, which the step leaves).
    if (!kf.values.all || a.cursor.generation != kf.generation || kf.readsUnderlying.any() ||
        (seen.bits & kf.animated.bits) != 0)
      return false;
    seen |= kf.animated;
  }
  if (Access::overlaySet(p).bits != seen.bits) return false;
  Player planned;
  planned.player = &p;
  planned.css = static_cast<std::uint8_t>(css.size());
  for (std::size_t i = 0; i < css.size(); ++i) planned.plans[i] = plans[i];
  if (!planParts(p, planned)) return false;
  if (css.empty() && planned.parts == 0) return false;  // nothing runs
  if (planned.parts == 0 && css.size() == 1 && css[0].keyframes->values.drawn.valid) {
    armOneCss(p, node, plans[0], out);
    return true;
  }
  if (planned.css == 0 && planned.parts == 1 && planned.lanes == 1) {
    auto& part = Access::parts(p)[planned.part[0]];
    planned.onePart = &part.anims[planned.anim[0]];
    planned.oneShown = part.shown;
    planned.oneDeclared = part.declared;
  }
  armPlayerRecord(p, node, out);
  out.player = planned;
  return true;
}

void armTransitions(StyleState& style, Layout* node, Record& out) {
  out.node = node;
  out.kind = Kind::Transitions;
  out.turn = Turn::Stepped;
  Transitions& t = *::new (&out.transitions) Transitions;  // in place: a list's record
  t.single = detail::TransitionSteps::take(style, t.t);
  t.shown = style.currentStyle.opacity;
}

#ifndef NDEBUG
void parked(Record& r) {
  // The record holds these now: a read that misses it sees NaN.
  constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
  if (r.kind == Kind::OneCss) {
    AnimationPlayer& p = *r.css.player;
    Access::css(p)[0].elapsed = std::numeric_limits<double>::quiet_NaN();
    ComputedStyle& overlay = Access::overlay(p);
    if (r.css.drawn & OneCss::kOpacity) overlay.opacity = kNaN;
    if (r.css.drawn & OneCss::kTranslateX) overlay.translateX.px = kNaN;
    if (r.css.drawn & OneCss::kTranslateY) overlay.translateY.px = kNaN;
  } else if (r.kind == Kind::OneImperative) {
    r.imperative.state->elapsed = std::numeric_limits<double>::quiet_NaN();
    r.imperative.state->lastT = kNaN;
    *r.imperative.out = kNaN;
  }
}
#endif

void writeBack(const Record& rec) {
  if (rec.kind == Kind::OneCss) {
    const OneCss& r = rec.css;
    AnimationPlayer& p = *r.player;
    ZENIT_ASSERT(Access::css(p).size() == 1 && Access::imperative(p).empty(),
                 "writeBack: the player is not the record's");
    ActiveCssAnimation& a = Access::css(p)[0];
    a.elapsed = r.elapsed;
    // The iteration may have moved on in the list (a roll); its event went
    // where the full path's would have gone, nowhere (no handler).
    a.reportedIteration = r.plan.window.iteration;
    a.cursor.segment[r.lead] = r.segment;
    ComputedStyle& overlay = Access::overlay(p);
    if (r.drawn & OneCss::kOpacity) overlay.opacity = r.opacity;
    if (r.drawn & OneCss::kTranslateX) overlay.translateX = r.translateX;
    if (r.drawn & OneCss::kTranslateY) overlay.translateY = r.translateY;
  } else if (rec.kind == Kind::OneImperative) {
    const OneImperative& r = rec.imperative;
    r.state->elapsed = r.elapsed;
    r.state->lastT = r.lastT;
    *r.out = r.value;
  }
}

}  // namespace zenit::steady

namespace zenit {

// The player's accessors read a parked record's state (AnimationPlayer.hpp).
const void* AnimationPlayer::recordValue(Prop prop) const {
  const steady::Record& r = *record_;
  if (r.kind == steady::Kind::OneCss) {
    const steady::OneCss& c = r.css;
    if (prop == Prop::opacity && (c.drawn & steady::OneCss::kOpacity)) return &c.opacity;
    if (prop == Prop::translateX && (c.drawn & steady::OneCss::kTranslateX)) return &c.translateX;
    if (prop == Prop::translateY && (c.drawn & steady::OneCss::kTranslateY)) return &c.translateY;
  } else if (r.kind == steady::Kind::OneImperative) {
    if (prop == r.imperative.plan.prop) return &r.imperative.value;
  }
  return nullptr;
}

}  // namespace zenit
