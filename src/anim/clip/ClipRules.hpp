// The clip's timing rules, written once: a child's active duration with
// its repeat delays, where it ends in its parent, which timings, easings
// and keyframes a clip takes. Clip building (Clip.cpp) and sampling
// (ClipPlayer.cpp) both read them.
#pragma once

#include "core/EasingShape.hpp"

#include <zenit/anim/Clip.hpp>

#include <cmath>
#include <limits>
#include <string>

namespace zenit::clip {

// Active duration with the pauses between iterations: duration x
// iterations, plus one repeat delay between each two iterations begun
// (2.5 iterations have two). Infinite iterations of a positive duration
// or repeat delay are infinite; no iterations, 0.
inline double activeDuration(const ClipTiming& t, double iterationDuration) {
  const double n = t.iterationCount;
  if (n == 0.0) return 0.0;
  double active = timing::calculateActiveDuration(iterationDuration, n);
  if (t.repeatDelay > 0.0) {
    const double gaps = std::isinf(n) ? n : std::ceil(n) - 1.0;
    if (gaps > 0.0) active += t.repeatDelay * gaps;
  }
  return active;
}

// Where a child's end time (delay + active duration + end delay, never
// below 0) falls in its parent's time: divided by the size of its playback
// rate. A child at rate 0 holds still and never ends (unless it lasts 0).
inline double endInParent(const ClipTiming& t, double active) {
  const double end = timing::calculateEndTime(t.startDelay, active, t.endDelay);
  const double rate = std::abs(t.playbackRate);
  if (rate == 0.0) return end == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
  return end / rate;
}

inline ClipResult refused(ClipStatus status, std::string message) {
  ClipResult r;
  r.status = status;
  r.message = std::move(message);
  return r;
}

// Ok, or why a track's or timeline's timing is refused.
inline ClipResult checkTiming(const ClipTiming& t, bool timeline) {
  const timing::TimingStatus s = timing::validateTiming(t);
  if (s != timing::TimingStatus::Ok)
    return refused(ClipStatus::InvalidTiming, std::string(timing::describe(s)));
  if (!(t.repeatDelay >= 0.0) || !std::isfinite(t.repeatDelay))
    return refused(ClipStatus::InvalidTiming, "repeat delay must be a finite number >= 0");
  if (timeline && !detail::easingNeverDecreases(t.easing))
    return refused(ClipStatus::InvalidEasing,
                   "a timeline's easing may never decrease (back, elastic, bounce and spring() overshoot)");
  if (t.playbackRate < 0.0 && std::isinf(t.iterationCount))
    return refused(ClipStatus::InvalidTiming, "a negative playback rate needs a finite number of iterations");
  return {};
}

// Ok, or why a track's keyframes are refused.
inline ClipResult checkKeyframes(const ClipTrack& track) {
  if (track.components < 1 || track.components > 4)
    return refused(ClipStatus::InvalidKeyframes, "a track's slot keeps 1 to 4 numbers");
  if (track.keyframes.empty()) return refused(ClipStatus::InvalidKeyframes, "a track needs a keyframe");
  double last = 0.0;
  for (const ClipKeyframe& k : track.keyframes) {
    if (!(k.offset >= last && k.offset <= 1.0))
      return refused(ClipStatus::InvalidKeyframes, "keyframe offsets must rise from 0 to 1");
    last = k.offset;
    for (const float v : k.value)
      if (!std::isfinite(v)) return refused(ClipStatus::InvalidKeyframes, "keyframe values must be finite");
  }
  return {};
}

}  // namespace zenit::clip
