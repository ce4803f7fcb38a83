// What a compositor draws from (Compositor.hpp): the frame the UI thread
// committed, sealed so that another thread can step and draw it while the
// UI thread changes its tree.
//
// A frame is a list of recorded commands and a small tree of sealed nodes.
// Every node that runs an animation or transition the compositor can step
// is sealed, and so is every node on the path from the root to one: each is
// a copy of its node's box, current style, running transitions and
// animations (a Layout of its own, so that the compositor steps and draws
// it with the code the UI thread runs). The copies form a tree of their
// own, whose children are the sealed copies of their node's children, and
// are stepped as the UI thread's update steps a tree: the first frame after
// the commit steps each in full (stepSealed), as a changed node's update,
// and parks one whose next frames are steady in its parent's steady::List
// (settleSealed, LayoutAccess::park); from then on the parent steps it
// there (stepList) and draws its sealed leaves from its leaf run (LeafDraw). Everything else is recorded once
// at the commit: a sealed node's content (what its widget's renderContent drew) and each run of children that
// holds no sealed node are commands of the frame's list, replayed in place; a parent with such runs among its
// children draws its pieces in order instead of from a leaf run.
#pragma once

#include <zenit/layout/Layout.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/style/Keyframes.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace zenit::detail {

struct SealedFrame;

// One child of a sealed node, as the frame holds it: recorded commands, or
// a sealed node.
struct SealedPiece {
  static constexpr std::uint32_t kRecorded = 0xFFFFFFFFu;
  std::uint32_t node{kRecorded};  // index into SealedFrame::nodes, or kRecorded
  std::uint32_t begin{0};         // kRecorded: the commands [begin, end) of SealedFrame::recorded
  std::uint32_t end{0};
};

// Its Layout children are the sealed copies among its node's children, in
// order; SealedFrame::nodes owns them (a commit reuses them), so a copy
// never deletes its children.
class SealedNode final : public Layout {
 public:
  SealedNode() = default;
  ~SealedNode() override;
  SealedNode(const SealedNode&) = delete;
  SealedNode& operator=(const SealedNode&) = delete;
  const SealedFrame* frame{nullptr};
  std::uint32_t contentBegin{0};  // what its node's renderContent drew, in SealedFrame::recorded
  std::uint32_t contentEnd{0};
  std::vector<SealedPiece> pieces;  // its children, in order
  bool recordedPieces{false};       // some piece is recorded: drawn piece by piece, not as Layout children
  bool stepped{false};              // it runs what the compositor steps (not only a path to such a node)
  // LayoutAccess::drawChildren of a sealed node with recorded pieces.
  void drawChildren(DrawList& list, float x, float y) const;

 protected:
  void renderContent(DrawList& list, const RenderContext& ctx) const override;
};

struct SealedFrame {
  DrawList recorded;  // the commands replayed as they are
  // The sealed nodes; the first `used` are this frame's, the others wait for
  // a later commit (kept, so that commits reuse their storage).
  std::vector<std::unique_ptr<SealedNode>> nodes;
  std::size_t used{0};
  std::vector<SealedPiece> top;    // the root: one piece (a sealed node: the copies' root)
  float rootX{0.0f}, rootY{0.0f};  // where the root is drawn from (Layout::draw)
  // The @keyframes the sealed animations read: copies, which a theme reload
  // on the UI thread does not touch.
  std::vector<std::shared_ptr<const KeyframeAnimation>> keyframes;
  double time{0.0};                            // the UI clock (UIContext::time) at the commit
  double compensation{0.0};                    // and its summation's compensation
  std::uint64_t commit{0};                     // 1 for the first commit
  bool uiDriven{false};                        // something runs that only the UI thread steps
  std::size_t animated{0};                     // sealed nodes the compositor steps
  std::chrono::steady_clock::time_point wall;  // when it was committed

  void drawPieces(std::span<const SealedPiece> pieces, DrawList& list, float x, float y) const;
  // The copies' root (the tree's root, sealed), or null when nothing is sealed.
  SealedNode* root() const {
    return top.empty() || top[0].node == SealedPiece::kRecorded ? nullptr : nodes[top[0].node].get();
  }
};

}  // namespace zenit::detail
