// Playing a sealed clip (include/zenit/anim/ClipPlayer.hpp): the player's
// clock and controls, the walk from the root through nested timelines to
// each track's keyframes, and marks crossed between two frames.
//
// [SECTION] One child at a local time: the pipeline plus repeat delays
// [SECTION] Controls
// [SECTION] update: advance, events, sample
// [SECTION] Marks
#include <zenit/anim/ClipPlayer.hpp>

#include "anim/KeyframeLanes.hpp"
#include "anim/clip/ClipPlan.hpp"
#include "anim/clip/ClipState.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace zenit {

namespace detail {

// ---------------------------------------------------------------------------
// [SECTION] One child at a local time
// ---------------------------------------------------------------------------

// The Web Animations pipeline on the iterations back to back, with the
// repeat delays put between them: in the pause after an iteration the child
// holds that iteration's end; past the active interval the pauses are taken
// out of the local time so the after phase computes as it would without them.
ClipLocal sampleChild(const ClipPlan::Entry& e, double local) {
  const timing::NormalizedTiming& t = e.timing;
  double effective = local;
  if (e.gaps > 0.0) {
    const double active = local - t.startDelay;
    const double d = t.iterationDuration;
    if (active > 0.0 && active < e.activeWithGaps && d > 0.0) {
      const double cycle = d + e.repeatDelay;
      const double k = std::floor(active / cycle);
      const double within = active - k * cycle;
      if (within >= d) {  // in the pause after iteration k: its end, held
        const std::optional<double> directed = timing::calculateDirectedProgress(1.0, k, t.direction);
        ClipLocal out{true, timing::Phase::Active, 0.0, k, k * d + d};
        double p = *directed;
        if (e.reverseEasing == ReverseEasing::ShapeRepeated && !timing::iterationRunsForwards(t.direction, k))
          p = 1.0 - getRatio(1.0 - p, t.easing);
        else
          p = getRatio(p, t.easing);
        out.progress = p;
        return out;
      }
      effective = t.startDelay + k * d + within;
    } else if (active >= e.activeWithGaps) {
      effective = local - e.repeatDelay * e.gaps;
    }
  }
  const timing::ComputedTiming ct = timing::calculateTiming(t, effective);
  if (!ct.transformedProgress) return ClipLocal{false, ct.phase, 0.0, 0.0, 0.0};
  ClipLocal out{true, ct.phase, *ct.transformedProgress, ct.currentIteration.value_or(0.0),
                ct.activeTime.value_or(0.0)};
  if (e.reverseEasing == ReverseEasing::ShapeRepeated && ct.directedProgress &&
      !timing::iterationRunsForwards(t.direction, out.iteration))
    out.progress = 1.0 - getRatio(1.0 - *ct.directedProgress, t.easing, ct.beforeFlag);
  return out;
}

}  // namespace detail

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
// A held track (before or after its active interval) runs the pipeline
// again within this of a phase boundary, where the pipeline's own
// tolerance (timing::kTimeEpsilon) decides the phase.
constexpr double kPhaseMargin = 4.0 * timing::kTimeEpsilon;
}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Controls
// ---------------------------------------------------------------------------

ClipPlayer::ClipPlayer(std::shared_ptr<const Clip> clip) : ClipPlayer(*clip) { owned_ = std::move(clip); }

ClipPlayer::ClipPlayer(const Clip& clip) : clip_(&clip) {
  if (!clip.sealed() || !clip.plan_) {
    status_ = ClipStatus::NotSealed;
    return;
  }
  kept_ = std::make_unique<detail::ClipState>(*clip.plan_);
}

ClipPlayer::~ClipPlayer() = default;
ClipPlayer::ClipPlayer(ClipPlayer&&) noexcept = default;
ClipPlayer& ClipPlayer::operator=(ClipPlayer&&) noexcept = default;

double ClipPlayer::duration() const { return status_ == ClipStatus::Ok ? kept_->plan->duration : 0.0; }

void ClipPlayer::play() {
  ++changes_;
  if (status_ != ClipStatus::Ok) return;
  if (state_ == ClipPlayState::Idle || state_ == ClipPlayState::Finished) {
    time_ = rate_ < 0.0 ? duration() : 0.0;
    fresh_ = true;
  }
  state_ = ClipPlayState::Playing;
}

void ClipPlayer::pause() {
  ++changes_;
  if (state_ == ClipPlayState::Playing) state_ = ClipPlayState::Paused;
}

void ClipPlayer::seek(double time) {
  ++changes_;
  if (status_ != ClipStatus::Ok || std::isnan(time)) return;
  time_ = std::clamp(time, 0.0, duration());
  fresh_ = true;  // a seek crosses nothing; a mark where it lands fires on the next move
  if (state_ == ClipPlayState::Finished) state_ = ClipPlayState::Paused;
  kept_->forget();
  sample();
}

ClipResult ClipPlayer::seek(std::string_view label) {
  ClipResult r;
  if (status_ != ClipStatus::Ok) {
    r.status = status_;
    r.message = std::string(describe(status_));
    return r;
  }
  const std::optional<double> t = clip_->labelTime(kClipRoot, label);
  if (!t) {
    r.status = ClipStatus::UnknownLabel;
    r.message = "unknown label \"" + std::string(label) + "\"";
    return r;
  }
  seek(*t);
  return r;
}

void ClipPlayer::reverse() {
  ++changes_;
  if (rate_ > 0.0 && !std::isfinite(duration())) return;  // backwards needs an end
  rate_ = -rate_;
  if (state_ == ClipPlayState::Finished) state_ = ClipPlayState::Paused;
}

ClipResult ClipPlayer::setRate(double rate) {
  ClipResult r;
  if (!std::isfinite(rate)) {
    r.status = ClipStatus::InvalidTiming;
    r.message = "a player's rate must be finite";
    return r;
  }
  if (rate < 0.0 && !std::isfinite(duration())) {
    r.status = ClipStatus::NoFiniteStart;
    r.message = "a negative rate needs a clip with an end";
    return r;
  }
  rate_ = rate;
  ++changes_;
  return r;
}

void ClipPlayer::finish() {
  ++changes_;
  if (status_ != ClipStatus::Ok || state_ == ClipPlayState::Idle) return;
  const double target = rate_ < 0.0 ? 0.0 : duration();
  if (!std::isfinite(target)) return;
  crossMarks(kClipRoot, time_, target, fresh_);
  time_ = target;
  fresh_ = false;
  state_ = ClipPlayState::Finished;
  sample();
  emit(ClipEventKind::End, time_);
}

void ClipPlayer::cancel() {
  ++changes_;
  if (state_ == ClipPlayState::Idle) return;
  state_ = ClipPlayState::Idle;
  if (kept_) kept_->nextSample();  // no slot is current any more
  emit(ClipEventKind::Cancel, time_);
}

// ---------------------------------------------------------------------------
// [SECTION] update
// ---------------------------------------------------------------------------

void ClipPlayer::update(double dt) {
  if (status_ != ClipStatus::Ok || state_ != ClipPlayState::Playing) return;
  if (!std::isfinite(dt) || dt < 0.0) dt = 0.0;
  const double end = duration();
  const double from = time_;
  double to = from + dt * rate_;
  bool ended = false;
  if (rate_ >= 0.0 && to >= end) {
    to = end;
    ended = true;
  } else if (rate_ < 0.0 && to <= 0.0) {
    to = 0.0;
    ended = true;
  }
  if (fresh_ && to != from) emit(ClipEventKind::Start, from);
  crossMarks(kClipRoot, from, to, fresh_);
  if (to != from) fresh_ = false;
  time_ = to;
  sample();
  if (ended) {
    state_ = ClipPlayState::Finished;
    emit(ClipEventKind::End, time_);
  }
}

const std::array<float, 4>& ClipPlayer::slot(std::uint32_t index) const {
  static const std::array<float, 4> kNone{};
  return index < slotCount() ? kept_->slots[index].value : kNone;
}

bool ClipPlayer::written(std::uint32_t index) const { return index < slotCount() && kept_->written(index); }

std::uint32_t ClipPlayer::slotCount() const {
  return kept_ ? static_cast<std::uint32_t>(kept_->slots.size()) : 0;
}

void ClipPlayer::emit(ClipEventKind kind, double time, std::string_view name, ClipNode node) {
  if (!handler_) return;
  ClipEvent e;
  e.kind = kind;
  e.time = time;
  e.name = name;
  e.node = node;
  e.forwards = rate_ >= 0.0;
  handler_(e);
}

namespace {

// A track's value at eased progress `progress` of iteration `iteration`
// into its slot: the keyframe rule (Anim::eval::locate) and each
// interval's easing. Two keys at 0 and 1 hold p in [0, 1) as their one
// interval at u = p, which is what locate gives (p / 1).
ZENIT_ALWAYS_INLINE void writeTrack(detail::ClipState& s, std::uint32_t index,
                                    const detail::ClipPlan::Entry& e, double progress, double iteration) {
  const detail::ClipPlan& plan = *s.plan;
  const KeyframeKey* keys = plan.keys.data() + e.firstKey;
  Anim::eval::Interval iv{0, 1, progress, false};
  if (e.keyCount != 2 || !(progress >= 0.0 && progress < 1.0))
    iv = Anim::eval::locate(keys, e.keyCount, progress, &s.hints[index]);
  const detail::ClipPlan::Frame* frames = plan.frames.data() + e.firstFrame;
  const detail::ClipPlan::Frame& a = frames[keys[iv.from].frame];
  const detail::ClipPlan::Frame& b = frames[keys[iv.to].frame];
  const double w = iv.single ? 0.0 : a.ease(iv.u, a.easing, false);
  detail::ClipSlot& out = s.slots[e.slot];
  for (std::size_t i = 0; i < e.components; ++i) {
    const double va = a.value[i], vb = b.value[i];
    double v = w == 0.0 ? va : (w == 1.0 ? vb : va + (vb - va) * w);
    if (e.incremental) v += iteration * (double{frames[e.lastFrame].value[i]} - double{frames[0].value[i]});
    out.value[i] = static_cast<float>(v);
  }
  out.sample = s.sample;
}

// The parent's times at which a held track is certainly still in its
// phase: a held track is windowed, so its rate is positive and its local
// time (parent - start) * rate; twice the phase margin inside the
// boundary, the rounding of that conversion cannot cross it.
void holdRange(detail::ClipState::Window& win, const detail::ClipPlan::Entry& e) {
  const double rate = e.timing.playbackRate;
  win.slot = e.slot;
  if (win.state == detail::ClipState::Window::Before) {
    win.holdFrom = -kInf;
    win.holdTo = e.start + (e.timing.startDelay - 2.0 * kPhaseMargin) / rate;
  } else {
    win.holdFrom = e.start + (e.timing.startDelay + e.timing.activeDuration + 2.0 * kPhaseMargin) / rate;
    win.holdTo = kInf;
  }
}

// One track at its local time. Inside the iteration it was in last frame
// (its window) the pipeline's phase, iteration and direction cannot have
// changed, so the eased progress is worked out from the active time alone
// (timing::advanceWithin's rule, bit for bit the pipeline's); moving on
// into a later iteration of the active phase opens that iteration's window
// (timing::windowAt) the same way; before or
// after its active interval it holds last frame's value (a slot no other
// track writes keeps it as it is); anywhere else the whole pipeline runs
// and opens the next window.
ZENIT_ALWAYS_INLINE void sampleTrack(detail::ClipState& s, std::uint32_t index,
                                     const detail::ClipPlan::Entry& e, double local) {
  using Window = detail::ClipState::Window;
  Window& win = s.windows[index];
  const double d = e.timing.iterationDuration;
  const double active = local - e.timing.startDelay;
  if (win.state == Window::Active && active < win.at.end) {
    double simple = active / d - win.at.iteration;
    // Onwards into a later iteration, still clear of the active end: that
    // iteration's window, as the pipeline would open it here.
    if (simple >= 1.0 && active + kPhaseMargin < win.at.end) {
      win.at = timing::windowAt(active, d, win.at.end, e.timing.direction);
      simple = active / d - win.at.iteration;
    }
    if (simple >= 0.0 && simple < 1.0) {
      const double directed = win.at.forwards ? simple : 1.0 - simple;
      writeTrack(s, index, e, e.linear ? directed : e.ease(directed, e.timing.easing, false),
                 win.at.iteration);
      return;
    }
  }
  if ((win.state == Window::Before && active < -kPhaseMargin) ||
      (win.state == Window::After && active > e.timing.activeDuration + kPhaseMargin)) {
    if (!win.inEffect) return;  // held outside the active interval, writing nothing
    if (e.soleWriter) {
      s.slots[e.slot].sample = s.sample;  // its value, as written last frame
      return;
    }
    writeTrack(s, index, e, win.progress, win.iteration);
    return;
  }
  const detail::ClipLocal at = detail::sampleChild(e, local);
  win.state = Window::Closed;
  win.holdFrom = kInf;
  win.holdTo = -kInf;
  if (e.windowed && at.phase == timing::Phase::Active) {
    win.state = Window::Active;
    win.at = timing::windowAt(at.activeTime, d, e.timing.activeDuration, e.timing.direction);
  } else if (e.holds && (at.phase == timing::Phase::Before || at.phase == timing::Phase::After)) {
    win.state = at.phase == timing::Phase::Before ? Window::Before : Window::After;
    win.inEffect = at.inEffect;
    win.progress = at.progress;
    win.iteration = at.iteration;
    if (!at.inEffect || e.soleWriter) holdRange(win, e);
  }
  if (at.inEffect) writeTrack(s, index, e, at.progress, at.iteration);
}

}  // namespace

// Every track under `timeline`, depth first in the order added, at the
// timeline's content time `t`: later tracks on a slot replace earlier ones.
void ClipPlayer::sampleTimeline(std::uint32_t timeline, double t) {
  detail::ClipState& s = *kept_;
  const detail::ClipPlan& plan = *s.plan;
  const detail::ClipPlan::Entry& parent = plan.entries[timeline];
  const std::uint32_t* child = plan.children.data() + parent.firstChild;
  for (const std::uint32_t* end = child + parent.childCount; child != end; ++child) {
    const std::uint32_t c = *child;
    const detail::ClipState::Window& held = s.windows[c];
    if (t > held.holdFrom && t < held.holdTo) {  // a held track (holdRange)
      if (held.inEffect) s.slots[held.slot].sample = s.sample;
      continue;
    }
    const detail::ClipPlan::Entry& e = plan.entries[c];
    const double local = detail::childLocalTime(e, e.start, t);
    if (e.kind == Clip::Kind::Track) [[likely]] {
      sampleTrack(s, c, e, local);
      continue;
    }
    const detail::ClipLocal at = detail::sampleChild(e, local);
    detail::ClipState::Visit& last = s.visits[c];
    if (!at.inEffect) {
      last.time = std::numeric_limits<double>::quiet_NaN();
      continue;
    }
    const double d = e.timing.iterationDuration;
    const double content = std::isinf(d) ? at.activeTime : at.progress * d;
    crossNested(c, last.time, last.iteration, content, at.iteration, d);
    last.time = content;
    last.iteration = at.iteration;
    sampleTimeline(c, content);
  }
}

void ClipPlayer::sample() {
  kept_->nextSample();
  sampleTimeline(kClipRoot.index, time_);
}

// ---------------------------------------------------------------------------
// [SECTION] Marks
// ---------------------------------------------------------------------------

// A nested timeline's marks passed since the last frame (none the first
// frame it is in effect, or after a seek). Within one iteration, between
// the two times; across iterations, from the last time to the end of its
// iteration, then from the start of the new one (each iteration's way).
void ClipPlayer::crossNested(std::uint32_t index, double lastTime, double lastIteration, double now,
                             double iteration, double duration) {
  if (std::isnan(lastTime)) return;
  const ClipNode timeline{index};
  if (lastIteration == iteration || std::isinf(duration)) {
    crossMarks(timeline, lastTime, now, false);
    return;
  }
  const PlaybackDirection dir = kept_->plan->entries[index].timing.direction;
  const bool onwards = (iteration > lastIteration);
  const bool wasForwards = timing::iterationRunsForwards(dir, lastIteration) == onwards;
  const bool isForwards = timing::iterationRunsForwards(dir, iteration) == onwards;
  crossMarks(timeline, lastTime, wasForwards ? duration : 0.0, false);
  crossMarks(timeline, isForwards ? 0.0 : duration, now, true);
}

// A timeline's marks between two of its times, in the order playback meets
// them: after `from` up to and including `to` (`from` itself too when the
// playback starts there).
void ClipPlayer::crossMarks(ClipNode timeline, double from, double to, bool includeFrom) {
  if (from == to && !includeFrom) return;
  const bool forwards = to >= from;
  const std::vector<ClipNode>& marks = clip_->labels(timeline);
  const std::vector<detail::ClipPlan::Entry>& entries = kept_->plan->entries;  // each mark's kind and time
  // Marks are few; each pass finds the next one along the way (no allocation).
  double at = from;
  bool inclusive = includeFrom;
  for (;;) {
    const ClipNode* next = nullptr;
    double best = 0.0;
    for (const ClipNode& m : marks) {
      if (entries[m.index].kind != Clip::Kind::Mark) continue;
      const double t = entries[m.index].start;
      const bool after =
          forwards ? (inclusive ? t >= at : t > at) && t <= to : (inclusive ? t <= at : t < at) && t >= to;
      if (!after) continue;
      if (!next || (forwards ? t < best : t > best)) {
        next = &m;
        best = t;
      }
    }
    if (!next) return;
    // Marks at one time fire in the order added.
    for (const ClipNode& m : marks)
      if (entries[m.index].kind == Clip::Kind::Mark && entries[m.index].start == best)
        emit(ClipEventKind::Mark, best, clip_->name(m), m);
    at = best;
    inclusive = false;
  }
}

}  // namespace zenit
