// Box and flex layout: CSS Flexbox 1 over the CSS 2 box model, as free
// functions over an abstract node (FlexNode). The algorithm, its steps and its
// deviations from CSS are in src/layout/Flex.cpp and docs/layout.md.
//
// [SECTION] Geometry: Size, Rect, Edges
// [SECTION] LayoutBox: what the engine writes into every node
// [SECTION] FlexNode: what the engine needs from a tree node
// [SECTION] layoutTree: the entry point
#pragma once

#include <zenit/style/Style.hpp>

#include <cstddef>
#include <cstdint>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Geometry
// ---------------------------------------------------------------------------

// A width and a height in CSS px.
struct Size {
  float width{0.0f}, height{0.0f};
  bool operator==(const Size&) const = default;
};

// An axis-aligned rectangle in CSS px; (x, y) is the top-left corner.
struct Rect {
  float x{0.0f}, y{0.0f}, width{0.0f}, height{0.0f};

  // True when (px, py) lies inside: left/top edges inclusive, right/bottom exclusive.
  bool contains(float px, float py) const;
  bool operator==(const Rect&) const = default;
};

// Four resolved lengths in CSS px, CSS order (padding, border, margin).
struct Edges {
  float top{0.0f}, right{0.0f}, bottom{0.0f}, left{0.0f};
  bool operator==(const Edges&) const = default;
};

// How a measured size is constrained (Yoga's and Android's measure modes).
enum class MeasureMode : std::uint8_t {
  Undefined,  // no constraint: report the max-content size
  Exactly,    // the size is given: lay the content out at exactly that size
  AtMost,     // fit-content: min(max-content, max(min-content, the given size))
};

// ---------------------------------------------------------------------------
// [SECTION] LayoutBox
// ---------------------------------------------------------------------------

// The used geometry of one node, written by layoutTree.
// displayNone and rect, which every draw reads, come last: FlexNode puts the
// box last, so they sit beside the first fields of a Layout (its draw's
// other reads) on one or two cache lines.
struct LayoutBox {
  Rect viewRect;            // border box in viewport coordinates, for hit-testing and drawing
  Edges margin;             // used margins (auto margins resolved)
  Edges border;             // used border widths
  Edges padding;            // used padding
  bool displayNone{false};  // this node or an ancestor has display:none; every rect is zero
  Rect rect;                // border box, relative to the parent's border box (root: to the viewport)

  // Padding box, relative to this node's border box.
  Rect paddingRect() const {
    return Rect{border.left, border.top, rect.width - border.left - border.right,
                rect.height - border.top - border.bottom};
  }
  // Content box, relative to this node's border box.
  Rect contentRect() const {
    return Rect{border.left + padding.left, border.top + padding.top,
                rect.width - border.left - border.right - padding.left - padding.right,
                rect.height - border.top - border.bottom - padding.top - padding.bottom};
  }
};

namespace detail {
// One remembered measurement: constraints in, border-box size out.
struct FlexCacheEntry {
  float availWidth{0.0f}, availHeight{0.0f};  // requested border-box sizes (NaN when Undefined)
  float cbWidth{0.0f}, cbHeight{0.0f};        // containing block (NaN when indefinite)
  float width{0.0f}, height{0.0f};            // the result
  std::uint8_t key{0};                        // modes, definite height and content-size flags, packed
};

// Engine-private memo, valid for one layoutTree call (matching generation):
// it turns repeated measurement of nested auto-sized boxes from exponential
// in the depth of the tree into a constant per box.
struct FlexCache {
  static constexpr std::size_t kEntries = 4;
  std::uint32_t generation{0};  // layoutTree call the entries belong to
  std::uint32_t minContentGeneration{0};
  float minContentWidth{0.0f};  // border box, valid when minContentGeneration matches
  std::uint8_t count{0}, next{0};
  FlexCacheEntry entries[kEntries];
};
}  // namespace detail

// ---------------------------------------------------------------------------
// [SECTION] FlexNode
// ---------------------------------------------------------------------------

// What the layout engine needs from a tree node. A tree class derives from it;
// the engine never owns, allocates or deletes nodes.
class FlexNode {
 public:
  virtual const ComputedStyle& flexStyle() const = 0;  // the un-animated computed style
  virtual std::size_t flexChildCount() const = 0;      // children in document order
  virtual FlexNode& flexChild(std::size_t i) = 0;      // i < flexChildCount()
  virtual bool hasContent() const { return false; }    // leaf content (text, image) sized by measureContent
  // Size of the content (text, image), for content-box sizes and modes as in
  // MeasureMode; a size whose mode is Undefined is NaN. measureContent(0,
  // AtMost, …) must give the min-content width (the widest unbreakable run).
  virtual Size measureContent(float /*width*/, MeasureMode /*widthMode*/, float /*height*/,
                              MeasureMode /*heightMode*/) {
    return {};
  }

  detail::FlexCache layoutCache;  // engine-private memo; never read or written by the tree
  LayoutBox box;                  // results, written by layoutTree (last: see LayoutBox)

 protected:
  FlexNode() = default;
  FlexNode(const FlexNode&) = default;
  FlexNode& operator=(const FlexNode&) = default;
  ~FlexNode() = default;
};

// ---------------------------------------------------------------------------
// [SECTION] layoutTree
// ---------------------------------------------------------------------------

// Lays out the tree under `root`; the viewport is the root's containing block
// (an auto width/height fills it) and the containing block of absolutely
// positioned boxes with no positioned ancestor. Writes every node's box.
// Allocates nothing once its per-thread scratch buffers have grown to the
// tree's widest container. A non-finite or negative viewport counts as 0.
void layoutTree(FlexNode& root, Size viewport);

// Changes with every layoutTree call (of any tree): what was read of a box
// under an older value may be stale. Never 0 once a tree has been laid out.
std::uint32_t layoutGeneration();

}  // namespace zenit
