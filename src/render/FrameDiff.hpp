// Which commands of a frame draw exactly what they drew the frame before:
// the software renderer's damage tracking (docs/rendering.md, "Damage").
//
// A frame is kept as a FrameRecord: a copy of the list's commands, states
// and text bytes, with each command's fingerprint and its place in the tree
// of clip and opacity scopes. compare() aligns two records in order (a
// common subsequence: both are walked together and, where they differ,
// resynchronised through a fingerprint index) and marks a command *same*
// when all of these hold:
//   1. it has a partner in the other frame;
//   2. its op, payload, effective transform and text bytes (or gradient)
//      are bit for bit its partner's (bits, not float ==: -0 and NaN payloads stay exact);
//   3. the clip or opacity scope around it is same, and the two scopes'
//      pops are partners too (so the partners sit in the same group, not in
//      two groups that look alike), and so on up to the root.
// A same command draws the same pixels at the same place in the same
// compositing order, so only the other commands can damage.
//
// Fingerprints and the index only decide which commands are paired; a pair
// is always checked bit for bit, so a hash collision costs damage, never a
// wrong pixel. Transform pushes form no scope: each command carries its
// effective transform in its state, which rule 2 compares.
#pragma once

#include <zenit/render/DrawList.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace zenit::damage {

inline constexpr std::int32_t kNone = -1;  // no partner, no scope, no pop

// Draws pixels (as opposed to changing the state the next commands draw under).
constexpr bool drawsPixels(DrawOp op) {
  return op == DrawOp::Rect || op == DrawOp::Shadow || op == DrawOp::Text || op == DrawOp::Gradient;
}
// Opens a scope that changes how its commands reach the framebuffer.
constexpr bool opensScope(DrawOp op) { return op == DrawOp::PushClip || op == DrawOp::PushOpacity; }

// One frame's commands as kept between frames. Every vector is reused:
// once a frame's worth of capacity exists, recording allocates nothing.
struct FrameRecord {
  std::vector<DrawCmd> cmds;               // the list's commands; a Text's offset points into `text`
  std::vector<DrawState> states;           // the list's states
  std::vector<char> text;                  // the Text commands' bytes, in command order
  std::vector<GradientImage> gradients;    // the Gradient commands' gradients; a Gradient's index points here
  std::vector<std::uint64_t> fingerprint;  // per command: what it draws and where in the scope tree, hashed
  std::vector<std::int32_t> scope;         // per command: the clip/opacity push around it, kNone at the root
  std::vector<std::int32_t> close;         // per clip/opacity push: its pop, kNone while left open
  std::vector<std::int32_t> partner;       // per command: its partner in the other record (compare())
  std::vector<std::uint8_t> same;          // per command: 1 when rules 1-3 hold (compare())

  std::size_t size() const { return cmds.size(); }
  const Affine2D& transformOf(const DrawCmd& c) const { return states[c.state].transform; }
  std::string_view textOf(const TextCmd& t) const { return {text.data() + t.offset, t.length}; }
};

// Where each fingerprint occurs in a record: open addressing over the
// record's indices, one chain per fingerprint in increasing order.
class FingerprintIndex {
 public:
  void build(const std::vector<std::uint64_t>& fingerprints);
  // The first index >= from whose fingerprint is `key`, or kNone (also when
  // the chain is longer than a bound: a resync that far is not worth it).
  std::int32_t find(const std::vector<std::uint64_t>& fingerprints, std::uint64_t key,
                    std::size_t from) const;
  void reserve(std::size_t count);  // room to index `count` fingerprints without allocating

 private:
  std::vector<std::int32_t> slots_;  // the first index of each fingerprint, kNone when empty
  std::vector<std::int32_t> next_;   // per index: the next index with its fingerprint
  std::size_t mask_{0};
};

// Buffers compare() and record() reuse from frame to frame.
struct Scratch {
  std::vector<std::int32_t> open;  // pushes not yet popped, while recording
  FingerprintIndex before, after;  // of the old and the new record, built at the first difference
};

// Grows every buffer of `r` and `scratch` to hold a frame as large as
// `like` (which may be `r`), so that records can be swapped from frame to
// frame and compared without either of them growing later.
void reserveLike(FrameRecord& r, const FrameRecord& like, Scratch& scratch);

// Copies `list` into `out` and fills its fingerprints and scope tree.
void record(const DrawList& list, FrameRecord& out, Scratch& scratch);

// Pairs the commands of `before` and `after` and sets both records'
// `partner` and `same` (docs above). `after` is the newer frame.
void compare(FrameRecord& before, FrameRecord& after, Scratch& scratch);

}  // namespace zenit::damage
