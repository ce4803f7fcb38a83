// What a ClipPlayer keeps between frames besides its clock: the slots a
// sample writes and what each clip node's next frames reuse. Private: the
// player owns one (ClipPlayer.cpp samples into it) and the steady step
// (anim/steady) reads the slots of the nodes it shows them on.
#pragma once

#include "anim/clip/ClipPlan.hpp"

#include <zenit/anim/Timing.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <vector>

namespace zenit::detail {

struct ClipSlot {
  std::array<float, 4> value{};
  // The sample that last wrote it: it holds this frame's value when that is
  // the state's sample (ClipState::written).
  std::uint64_t sample{0};
};

struct ClipState {
  const ClipPlan* plan{nullptr};
  // Counts samples; a slot written by the current one carries its number.
  // 0 is no sample's, so a slot never written is never current.
  std::uint64_t sample{1};
  std::vector<ClipSlot> slots;
  std::vector<std::uint32_t> hints;  // per node: a track's key segment last frame

  // A nested timeline last frame.
  struct Visit {
    double time{std::numeric_limits<double>::quiet_NaN()};  // NaN: not in effect
    double iteration{0.0};
  };
  std::vector<Visit> visits;  // per node

  // What a track's next frames may reuse instead of the pipeline: the
  // iteration it is in, or the value it holds before or after its active
  // interval.
  struct Window {
    enum State : std::uint8_t { Closed, Active, Before, After } state{Closed};
    bool inEffect{false};  // Before / After: whether it writes at all
    timing::IterationWindow at{};
    double progress{0.0};   // Before / After: the eased progress held
    double iteration{0.0};  // Before / After: its iteration
    // Before / After, for a track that writes nothing there or alone
    // writes its slot: the parent's times strictly between these are well
    // inside the phase (further than the phase margin from its boundary),
    // where a frame only marks its slot written again. Empty otherwise.
    double holdFrom{std::numeric_limits<double>::infinity()};
    double holdTo{-std::numeric_limits<double>::infinity()};
    std::uint32_t slot{0};
  };
  std::vector<Window> windows;  // per node

  explicit ClipState(const ClipPlan& p)
      : plan(&p),
        slots(p.slotCount),
        hints(p.entries.size(), 0),
        visits(p.entries.size()),
        windows(p.entries.size()) {}

  bool written(std::uint32_t slot) const { return slots[slot].sample == sample; }
  // A new sample begins: every slot stops being current.
  void nextSample() { ++sample; }
  // Nothing of the last frames is reused (a seek).
  void forget() {
    std::fill(visits.begin(), visits.end(), Visit{});
    std::fill(windows.begin(), windows.end(), Window{});
  }
};

}  // namespace zenit::detail
