// Where a child of a clip's timeline starts: GSAP's position parameter as
// a value, with its text syntax. Clips place children with it
// (anim/Clip.hpp); stylesheets' @timeline rules read it (docs/clips.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace zenit {

// Where a child starts in its parent timeline, GSAP's position parameter:
//   2          at 2 s                       ClipPosition::at(2)
//   "+=1"      1 s after the timeline's end ClipPosition::end(1)   ("-=1": end(-1))
//   "<"        with the previous child      ClipPosition::withPrevious()
//   ">"        when the previous child ends ClipPosition::afterPrevious()
//   "<0.5"     0.5 s after the previous child starts (also "<+=0.5")
//   ">-0.2"    0.2 s before it ends          (also ">-=0.2")
//   "intro"    at the label                 ClipPosition::atLabel("intro")
//   "intro+=1" 1 s after it
//   "+=50%"    after the end by half the inserted child's total duration
//   "<50%"     half the previous child's total duration after it starts
// The end is the latest end of the timeline's children; the previous child
// is the last track or timeline added to it (labels and marks are neither).
// With no previous child "<" and ">" mean 0.
struct ClipPosition {
  enum class Anchor : std::uint8_t { Absolute, End, PreviousStart, PreviousEnd, Label };
  // What a percentage is a share of: the total duration (every iteration
  // and repeat delay, before the playback rate) of the child being
  // inserted, or of the previous child.
  enum class Unit : std::uint8_t { Seconds, PercentOfInserted, PercentOfPrevious };

  Anchor anchor{Anchor::End};
  Unit unit{Unit::Seconds};
  double offset{0.0};  // seconds, or percent
  std::string label;   // Anchor::Label

  static ClipPosition at(double seconds) { return {Anchor::Absolute, Unit::Seconds, seconds, {}}; }
  static ClipPosition end(double offset = 0.0) { return {Anchor::End, Unit::Seconds, offset, {}}; }
  static ClipPosition withPrevious(double offset = 0.0) {
    return {Anchor::PreviousStart, Unit::Seconds, offset, {}};
  }
  static ClipPosition afterPrevious(double offset = 0.0) {
    return {Anchor::PreviousEnd, Unit::Seconds, offset, {}};
  }
  static ClipPosition atLabel(std::string name, double offset = 0.0) {
    return {Anchor::Label, Unit::Seconds, offset, std::move(name)};
  }
};

// Reads a position in GSAP's syntax (the table above). Times are seconds,
// also written with a unit ("<+=100ms", "2s"); a text that is a number
// ("2") is that time. On failure returns nullopt and, if given,
// writes why to `error` ("position \"<+=x\": expected a number after +=").
std::optional<ClipPosition> parsePosition(std::string_view text, std::string* error = nullptr);

// The position written back in the same syntax ("<+=0.5", "intro+=50%").
std::string toString(const ClipPosition& position);

}  // namespace zenit
