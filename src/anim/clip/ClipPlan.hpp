// What Clip::seal() works out once for every player: each child's timing
// resolved for the Web Animations pipeline, each track's keys in the form
// the keyframe rule reads (anim/KeyframeLanes.hpp, locate), and how a
// parent's time becomes a child's. Read-only once made.
#pragma once

#include "core/EaseEval.hpp"

#include <zenit/anim/Clip.hpp>
#include <zenit/anim/Timing.hpp>
#include <zenit/style/Keyframes.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace zenit::detail {

struct ClipPlan {
  struct Entry {
    timing::NormalizedTiming timing;  // the repeat delays taken out; the iteration duration resolved
    double repeatDelay{0.0};
    double gaps{0.0};  // repeat delays in the active interval
    double activeWithGaps{0.0};
    double endTime{0.0};  // delay + active (with gaps) + end delay, never below 0
    ReverseEasing reverseEasing{ReverseEasing::TimeReversed};
    // A track whose frames inside one iteration can skip the pipeline
    // (ClipPlayer's windows): no repeat delay, iteration start 0, a positive
    // rate, a finite positive duration, no negative end delay (the active
    // phase ends at the active duration), reverse iterations eased the Web
    // Animations way.
    bool windowed{false};
    // A windowed track whose phases begin at its delay and end at its
    // active end (delay >= 0, no end delay): before and after them its
    // value holds, so frames there reuse the last one.
    bool holds{false};
    bool linear{false};  // timing.easing is linear: the eased progress is the directed one
    Clip::Kind kind{Clip::Kind::Root};
    EaseFn ease{nullptr};  // easeFnOf(timing.easing)
    double start{0.0};     // in the parent's time (Clip::start)
    // Timelines (and the root): their tracks and timelines, children[firstChild, + childCount).
    std::uint32_t firstChild{0};
    std::uint32_t childCount{0};
    // Tracks: keys[firstKey, firstKey + keyCount); frames[firstFrame + k] is keyframe k.
    std::uint32_t firstKey{0};
    std::uint32_t keyCount{0};
    std::uint32_t firstFrame{0};
    std::uint32_t lastFrame{0};  // the last keyframe's index (incremental tracks read it)
    std::uint32_t slot{0};
    std::uint8_t components{1};
    bool incremental{false};
    bool soleWriter{false};  // no other track writes its slot
  };
  // A track's keyframe as a sample reads it: its values and the easing of
  // the interval it begins (the evaluator, and the function for its parameters).
  struct Frame {
    std::array<float, 4> value{};
    EaseFn ease{nullptr};
    TransitionFunction easing{};
  };
  std::vector<Entry> entries;           // one per clip node
  std::vector<std::uint32_t> children;  // the timelines' children, each timeline's in a row
  std::vector<KeyframeKey> keys;
  std::vector<Frame> frames;  // every track's keyframes, each track's in a row
  std::uint32_t slotCount{0};
  double duration{0.0};  // the root's end: the clip's duration
  std::uint32_t trackCount{0};
};

// Where a child is, in its own time, when its parent is at `parentTime`:
// from its start at its playback rate; a negative rate runs from its end.
inline double childLocalTime(const ClipPlan::Entry& e, double start, double parentTime) {
  const double rate = e.timing.playbackRate;
  if (rate < 0.0) return e.endTime + (parentTime - start) * rate;
  return (parentTime - start) * rate;
}

// A child's state at a local time: whether it is in effect, its eased
// progress in the current iteration, and that iteration.
struct ClipLocal {
  bool inEffect{false};
  timing::Phase phase{timing::Phase::Idle};  // a repeat delay counts as active
  double progress{0.0};
  double iteration{0.0};
  double activeTime{0.0};
};
ClipLocal sampleChild(const ClipPlan::Entry& e, double local);

}  // namespace zenit::detail
