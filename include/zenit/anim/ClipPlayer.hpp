// ClipPlayer: plays a sealed Clip. Each player has its own time, rate and
// slot values; any number of players share one clip (from any threads: a
// sealed clip is read-only). docs/clips.md, "Playing a clip".
//
//   ClipPlayer player(clip);
//   player.onEvent([](const ClipEvent& e) { if (e.kind == ClipEventKind::Mark) … });
//   player.play();
//   player.update(dt);                 // each frame: advance, fire events, sample
//   float x = player.slot(0)[0];
//
// A player allocates when it is made (one value per slot) and when an event
// handler is set; update() allocates nothing.
#pragma once

#include <zenit/anim/Clip.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace zenit {

namespace detail {
struct ClipState;  // src/anim/clip/ClipState.hpp
}
namespace steady {
struct Access;
}

enum class ClipEventKind : std::uint8_t {
  Start,   // playback left its start (time 0, or the end when playing backwards)
  End,     // playback reached its end (the clip's end, or 0 when playing backwards)
  Mark,    // playback crossed a mark, forwards or backwards
  Cancel,  // cancel() stopped the player
};

struct ClipEvent {
  ClipEventKind kind{ClipEventKind::Start};
  std::string_view name;  // Mark: the mark's name
  ClipNode node{};        // Mark: the mark
  double time{0.0};       // the player's time when it happened (a mark: its time on the clip)
  bool forwards{true};    // which way playback went
};

enum class ClipPlayState : std::uint8_t { Idle, Playing, Paused, Finished };

// How a slot bound to a property meets the value under it: it replaces it,
// or it is added to it (DOJump's hops over the line to the landing point).
enum class ClipComposite : std::uint8_t { Replace, Add };

class ClipPlayer {
 public:
  // Plays `clip`, which must be sealed and outlive the player (status()
  // says NotSealed otherwise, and the player does nothing).
  explicit ClipPlayer(const Clip& clip);
  // The same, keeping the clip alive as long as the player.
  explicit ClipPlayer(std::shared_ptr<const Clip> clip);
  ~ClipPlayer();
  ClipPlayer(ClipPlayer&&) noexcept;
  ClipPlayer& operator=(ClipPlayer&&) noexcept;

  ClipStatus status() const { return status_; }

  // Controls. play() from Idle or Finished starts over from the start (the
  // end when the rate is negative); from Paused it resumes.
  void play();
  void pause();
  // Moves to a time (clamped to [0, duration]) or to a root label; crossing
  // marks by seeking fires nothing. Refused with UnknownLabel.
  void seek(double time);
  ClipResult seek(std::string_view label);
  // Plays the other way from where it is (the rate's sign flips).
  void reverse();
  // Seconds of clip time per second of update(); negative plays backwards,
  // which needs a finite clip (refused with NoFiniteStart otherwise).
  ClipResult setRate(double rate);
  // Jumps to the end (the start when playing backwards), firing the marks
  // passed and End.
  void finish();
  // Stops: the slots are no longer written, Cancel fires.
  void cancel();

  // Advances by `dt` seconds (scaled by the rate) while playing, fires the
  // events crossed, then samples every slot. Call each frame.
  void update(double dt);

  // Events arrive in order during update(), finish() and cancel().
  void onEvent(std::function<void(const ClipEvent&)> handler) { handler_ = std::move(handler); }

  // Counts the calls that moved the player other than update() (play,
  // pause, seek, reverse, setRate, finish, cancel): what it shows changed.
  std::uint64_t changes() const { return changes_; }

  double time() const { return time_; }
  double rate() const { return rate_; }
  ClipPlayState state() const { return state_; }
  double duration() const;

  // The value a slot holds after the last update(): the last track in the
  // clip's order that is in effect and writes it. written() is false when
  // no track wrote it (before a track starts with no backwards fill, say).
  const std::array<float, 4>& slot(std::uint32_t index) const;
  bool written(std::uint32_t index) const;
  std::uint32_t slotCount() const;

 private:
  friend struct steady::Access;  // the steady step reads the slots of the nodes it shows them on
  void sample();
  void sampleTimeline(std::uint32_t timeline, double t);
  void crossMarks(ClipNode timeline, double from, double to, bool includeFrom);
  void crossNested(std::uint32_t timeline, double lastTime, double lastIteration, double now,
                   double iteration, double duration);
  void emit(ClipEventKind kind, double time, std::string_view name = {}, ClipNode node = {});

  std::shared_ptr<const Clip> owned_;
  const Clip* clip_;
  std::uint64_t changes_{0};
  ClipStatus status_{ClipStatus::Ok};
  ClipPlayState state_{ClipPlayState::Idle};
  double time_{0.0};
  double rate_{1.0};
  bool fresh_{true};  // no update() since play() started over: a mark at the start fires
  std::unique_ptr<detail::ClipState> kept_;  // the slots and what the next frames reuse (null unless Ok)
  std::function<void(const ClipEvent&)> handler_;
};

}  // namespace zenit
