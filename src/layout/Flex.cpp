// Box and flex layout: CSS Flexbox 1 (https://www.w3.org/TR/css-flexbox-1/)
// over the CSS 2 box model (https://www.w3.org/TR/CSS2/visudet.html).
//
// Deviations from the standards (docs/layout.md says the same for designers):
//  1. Every element is a flex container (display is `flex` or `none`, and
//     `flex` is the initial value), as in Yoga and React Native; CSS's
//     initial display is inline and its elements are blocks.
//  2. box-sizing is always content-box (CSS's initial value): width, height,
//     min-*, max-* and flex-basis size the content box.
//  3. A root whose width or height is auto fills the viewport less its
//     margins (CSS gives the root block the viewport's width but only its
//     content's height). Root auto margins count as 0.
//  4. Baseline alignment is not implemented: align-items/align-self
//     `baseline` behave as `flex-start`, align-content `baseline` as `start`.
//     The values the enum has but CSS rejects behave as CSS's nearest:
//     align-items/self `space-between`/`space-around` as `flex-start`,
//     align-items/content `auto` as `normal` (stretch).
//  5. justify-content/align-content `space-around` and `space-evenly` fall
//     back to `start` when space is negative (CSS Box Alignment 3's "safe
//     center", as Chromium does); Flexbox 1's text says `center`.
//  6. Intrinsic (min-content) widths, used for the automatic minimum size of
//     flex items (§4.5) and for fit-content, treat every percentage as auto
//     (sizes) or 0 (padding, margins, gaps) and ignore flex-basis.
//  7. A stretched item is not re-measured in the main axis (a column item
//     whose width grows by stretching keeps the height it was measured at
//     with its fit-content width), as the spec's step order implies.
//  8. A node with content (hasContent) is sized by measureContent alone; its
//     children, if any, are laid out inside it but do not size it.
//  9. No pixel snapping: rects are unrounded floats (browsers use 1/64 px).
// 10. Absolutely positioned boxes: the shrink-to-fit width uses the containing
//     block less the non-auto insets (CSS subtracts the static position too).
//
// Cost: every box is laid out once and measured a bounded number of times
// (a per-box memo lives for one layoutTree call), so layout is linear in the
// number of boxes. The one exception is the spec's own §9.7 loop, which
// freezes at least one item per pass: a line of N items that all violate
// min/max in turn costs O(N²).
//
// [SECTION] Value resolution          lengths, percentages, min/max
// [SECTION] Scratch                   per-thread item and line stacks
// [SECTION] Step 0: node sizing       layoutNode (own size, content, cache)
// [SECTION] Step 1: min-content       minContentWidth (§4.5, §9.9)
// [SECTION] Step 2: flex container    §9.2 – §9.6 in labelled sub-steps
// [SECTION] Step 3: absolute boxes    CSS 2 §10.3.7 / §10.6.4, flexbox §4.1
// [SECTION] Entry point               layoutTree
#include <zenit/layout/Flex.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <vector>

namespace zenit {

bool Rect::contains(float px, float py) const {
  return px >= x && py >= y && px < x + width && py < y + height;
}

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
// Line breaking tolerance: sums of item sizes that "exactly" fill a line must
// not spill one item over because of float rounding.
constexpr float kFitEpsilon = 1.0f / 256.0f;
constexpr float kDefaultFontPx = 16.0f;

bool defined(float v) { return !std::isnan(v); }
bool sameFloat(float a, float b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// One call of layoutTree; caches written under another number are stale.
std::atomic<std::uint32_t> gGeneration{0};
thread_local std::uint32_t tGeneration = 0;

// ---------------------------------------------------------------------------
// [SECTION] Value resolution
// ---------------------------------------------------------------------------

// Font size for em components the cascade left unresolved.
float fontPx(const ComputedStyle& s) {
  const Value& f = s.fontSize;
  const float v = f.px + f.em * kDefaultFontPx + f.pct * 0.01f * kDefaultFontPx;
  return (std::isfinite(v) && v > 0.0f) ? v : kDefaultFontPx;
}

bool hasPercent(const Value& v) { return v.pct != 0.0f || (v.units & Value::kPct) != 0; }

// A size (width, min-width, flex-basis …), >= 0; NaN for auto/none, for a
// percentage of an indefinite basis (CSS: behaves as auto) and for garbage.
float sizeOf(const Value& v, float basis, float fs) {
  if (!v.isLength()) return kNaN;
  if (hasPercent(v) && !defined(basis)) return kNaN;
  const float r = v.px + v.em * fs + (hasPercent(v) ? v.pct * 0.01f * basis : 0.0f);
  return std::isfinite(r) ? std::max(r, 0.0f) : kNaN;
}

// A length that may not be auto (padding, margin, gap): the percentage part
// of an indefinite basis counts as 0; auto/none give `fallback`.
float lengthOr(const Value& v, float basis, float fs, float fallback) {
  if (!v.isLength()) return fallback;
  const float pct = defined(basis) ? v.pct * 0.01f * basis : 0.0f;
  const float r = v.px + v.em * fs + pct;
  return std::isfinite(r) ? r : fallback;
}

// An inset (left/top/right/bottom), may be negative; NaN for auto and for a
// percentage of an indefinite basis (CSS 2 §9.3.2: behaves as auto).
float insetOf(const Value& v, float basis, float fs) {
  if (!v.isLength()) return kNaN;
  if (hasPercent(v) && !defined(basis)) return kNaN;
  const float r = v.px + v.em * fs + (hasPercent(v) ? v.pct * 0.01f * basis : 0.0f);
  return std::isfinite(r) ? r : kNaN;
}

float borderOf(const ComputedStyle& s) {
  return (std::isfinite(s.borderWidth) && s.borderWidth > 0.0f) ? s.borderWidth : 0.0f;
}

// Padding percentages refer to the containing block's width on every side.
Edges paddingOf(const ComputedStyle& s, float cbWidth, float fs) {
  const auto side = [&](const Value& v) { return std::max(lengthOr(v, cbWidth, fs, 0.0f), 0.0f); };
  return Edges{side(s.padding.top), side(s.padding.right), side(s.padding.bottom), side(s.padding.left)};
}

enum AutoSide : std::uint8_t { kAutoTop = 1, kAutoRight = 2, kAutoBottom = 4, kAutoLeft = 8 };

// Margins (auto counts as 0 and sets its bit in `autoMask`); percentages
// refer to the containing block's width on every side.
Edges marginOf(const ComputedStyle& s, float cbWidth, float fs, std::uint8_t& autoMask) {
  autoMask = static_cast<std::uint8_t>(
      (s.margin.top.isAuto() ? kAutoTop : 0) | (s.margin.right.isAuto() ? kAutoRight : 0) |
      (s.margin.bottom.isAuto() ? kAutoBottom : 0) | (s.margin.left.isAuto() ? kAutoLeft : 0));
  return Edges{lengthOr(s.margin.top, cbWidth, fs, 0.0f), lengthOr(s.margin.right, cbWidth, fs, 0.0f),
               lengthOr(s.margin.bottom, cbWidth, fs, 0.0f), lengthOr(s.margin.left, cbWidth, fs, 0.0f)};
}

// min-*/max-* of one axis, content box: auto/none give 0 and +inf.
struct Limits {
  float min{0.0f}, max{kInf};
};

Limits limitsOf(const Value& minV, const Value& maxV, float basis, float fs) {
  const float mn = sizeOf(minV, basis, fs);
  const float mx = sizeOf(maxV, basis, fs);
  return Limits{defined(mn) ? mn : 0.0f, defined(mx) ? mx : kInf};
}

// CSS clamping: max first, then min, so min wins when they conflict.
float clampTo(float v, Limits l) { return std::max(std::min(v, l.max), l.min); }

// position: relative shift (CSS 2 §9.4.3): left wins over right, top over bottom.
Size relativeOffset(const ComputedStyle& s, float cbW, float cbH) {
  const float fs = fontPx(s);
  const float l = insetOf(s.left, cbW, fs), r = insetOf(s.right, cbW, fs);
  const float t = insetOf(s.top, cbH, fs), b = insetOf(s.bottom, cbH, fs);
  return Size{defined(l) ? l : (defined(r) ? -r : 0.0f), defined(t) ? t : (defined(b) ? -b : 0.0f)};
}

bool isRowDir(FlexDirection d) { return d == FlexDirection::Row || d == FlexDirection::RowReverse; }
bool isReverseDir(FlexDirection d) {
  return d == FlexDirection::RowReverse || d == FlexDirection::ColumnReverse;
}

// align-self after `auto` and the values flexbox does not implement.
Align usedAlign(Align self, Align items) {
  Align a = (self == Align::Auto) ? items : self;
  switch (a) {
    case Align::Auto: return Align::Stretch;
    case Align::Baseline:
    case Align::SpaceBetween:
    case Align::SpaceAround: return Align::FlexStart;
    default: return a;
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Scratch
// One stack of items and one of lines per thread: a container pushes its own
// above its parent's and pops them on return, so nested layout shares the
// buffers and steady-state layout allocates nothing. Because a nested call
// may grow (move) a buffer, code that recurses holds indices, never
// references, across the call.
// ---------------------------------------------------------------------------

struct Item {
  FlexNode* node{nullptr};
  Edges margin;                 // physical; auto sides are 0 until resolved
  std::uint8_t autoMargin{0};   // AutoSide bits
  float pbMain{0}, pbCross{0};  // padding + border per axis
  float grow{0}, shrink{1};
  float base{0};     // flex base size (border box)
  float hypo{0};     // hypothetical main size (border box)
  float target{0};   // used main size (border box)
  float minMain{0};  // border box; NaN: automatic minimum not computed yet
  float maxMain{kInf};
  float cross{0};          // used cross size (border box)
  float crossStyle{kNaN};  // definite cross size from the style (border box)
  Limits crossLimits;      // border box
  float mainPos{0};        // margin box offset from the line's main-start
  Align align{Align::Stretch};
  bool explicitBasis{false};  // flex-basis was a definite length
  bool mainStyleDefinite{false};
  bool stretch{false};  // align-self: stretch applies (auto cross size, no auto cross margins)
  bool frozen{false};
};

struct Line {
  std::size_t begin{0}, end{0};
  float cross{0};
  float crossPos{0};  // physical offset of the line in the content box
};

struct Scratch {
  std::vector<Item> items;
  std::vector<Line> lines;
};
thread_local Scratch tScratch;

// ---------------------------------------------------------------------------
// [SECTION] Step 0: node sizing
// ---------------------------------------------------------------------------

// Axes in which a measurement ignores the node's own size property and
// min/max: flex base sizes (§9.2 step 3, "no clamping occurs") and content
// size suggestions (§4.5) are sizes of the content alone.
enum ContentAxis : std::uint8_t { kContentWidth = 1, kContentHeight = 2 };

// A constraint on a node's border box.
struct Req {
  float width{kNaN}, height{kNaN};
  MeasureMode wm{MeasureMode::Undefined}, hm{MeasureMode::Undefined};
  bool heightDefinite{false};  // an Exactly height counts as definite for percentages inside
  std::uint8_t content{0};     // ContentAxis bits: axes sized by content alone
};

// Present only when laying out for real (not measuring).
struct Perform {
  Rect absCb;                // containing block of absolute children, in this node's border-box coordinates
  float viewX{0}, viewY{0};  // this node's border-box origin in viewport coordinates
};

// What a flex container knows about itself when it lays out its children.
struct ContainerIn {
  float innerW{kNaN}, innerH{kNaN};  // content box; NaN: content-based
  float limitW{kNaN};                // AtMost limit of a content-based width (content box)
  Limits wl, hl;                     // the container's own min/max (content box)
  bool heightDefinite{false};        // innerH is definite for percentages inside
  Edges padding;
  float border{0};
};

Size layoutNode(FlexNode& n, const Req& req, float cbW, float cbH, const Perform* perf);
Size layoutContainer(FlexNode& n, const ComputedStyle& s, float fs, const ContainerIn& in,
                     const Perform* perf);

std::uint8_t cacheKey(const Req& r) {
  return static_cast<std::uint8_t>(static_cast<unsigned>(r.wm) | (static_cast<unsigned>(r.hm) << 2) |
                                   (r.heightDefinite ? 16u : 0u) | (static_cast<unsigned>(r.content) << 5));
}

const detail::FlexCacheEntry* cacheFind(FlexNode& n, const Req& r, float cbW, float cbH) {
  detail::FlexCache& c = n.layoutCache;
  if (c.generation != tGeneration) return nullptr;
  const std::uint8_t key = cacheKey(r);
  for (std::size_t i = 0; i < c.count; ++i) {
    const detail::FlexCacheEntry& e = c.entries[i];
    if (e.key == key && sameFloat(e.availWidth, r.width) && sameFloat(e.availHeight, r.height) &&
        sameFloat(e.cbWidth, cbW) && sameFloat(e.cbHeight, cbH))
      return &e;
  }
  return nullptr;
}

void cacheStore(FlexNode& n, const Req& r, float cbW, float cbH, Size result) {
  detail::FlexCache& c = n.layoutCache;
  if (c.generation != tGeneration) {
    c.generation = tGeneration;
    c.count = 0;
    c.next = 0;
  }
  detail::FlexCacheEntry& e = c.entries[c.next];
  e = detail::FlexCacheEntry{r.width, r.height, cbW, cbH, result.width, result.height, cacheKey(r)};
  c.next = static_cast<std::uint8_t>((c.next + 1) % detail::FlexCache::kEntries);
  c.count = static_cast<std::uint8_t>(std::min<std::size_t>(c.count + 1u, detail::FlexCache::kEntries));
}

// Zeroes a display:none subtree so that nothing stale is drawn or hit.
void hideSubtree(FlexNode& n) {
  n.box = LayoutBox{};
  n.box.displayNone = true;
  const std::size_t count = n.flexChildCount();
  for (std::size_t i = 0; i < count; ++i) hideSubtree(n.flexChild(i));
}

// The border-box size of `n` under `req`; with `perf`, also lays out its
// subtree (the caller has written n.box.rect and n.box.margin).
//   0a. own size where the caller (Exactly) or the style fixes it
//   0b. memo of earlier measurements in this layoutTree call
//   0c. content-based size: measureContent or the flex algorithm
//   0d. with perf: write the box and lay out the children for real
Size layoutNode(FlexNode& n, const Req& req, float cbW, float cbH, const Perform* perf) {
  const ComputedStyle& s = n.flexStyle();
  const float fs = fontPx(s);
  const Edges pad = paddingOf(s, cbW, fs);
  const float bw = borderOf(s);
  const float pbW = pad.left + pad.right + 2.0f * bw;
  const float pbH = pad.top + pad.bottom + 2.0f * bw;
  const bool contentW = (req.content & kContentWidth) != 0;
  const bool contentH = (req.content & kContentHeight) != 0;
  const Limits wl = contentW ? Limits{} : limitsOf(s.minWidth, s.maxWidth, cbW, fs);
  const Limits hl = contentH ? Limits{} : limitsOf(s.minHeight, s.maxHeight, cbH, fs);

  // 0a. Own size.
  float W = kNaN, H = kNaN;
  bool hDef = false;
  if (req.wm == MeasureMode::Exactly) {
    W = req.width;
  } else if (const float w = contentW ? kNaN : sizeOf(s.width, cbW, fs); defined(w)) {
    W = clampTo(w, wl) + pbW;
  }
  if (req.hm == MeasureMode::Exactly) {
    H = req.height;
    hDef = req.heightDefinite;
  } else if (const float h = contentH ? kNaN : sizeOf(s.height, cbH, fs); defined(h)) {
    H = clampTo(h, hl) + pbH;
    hDef = true;
  }
  if (!perf && defined(W) && defined(H)) return Size{W, H};

  // 0b. Memo. The containing block only matters through the node's own
  // percentages (its children's refer to its own size), so an axis with
  // none is left out of the key: more measurements of one box then match.
  const float keyW =
      (hasPercent(s.width) || hasPercent(s.minWidth) || hasPercent(s.maxWidth) || hasPercent(s.padding.top) ||
       hasPercent(s.padding.right) || hasPercent(s.padding.bottom) || hasPercent(s.padding.left))
          ? cbW
          : 0.0f;
  const float keyH =
      (hasPercent(s.height) || hasPercent(s.minHeight) || hasPercent(s.maxHeight)) ? cbH : 0.0f;
  if (!perf) {
    if (const detail::FlexCacheEntry* e = cacheFind(n, req, keyW, keyH)) return Size{e->width, e->height};
  }

  // 0c. Content-based size. The width comes first (fit-content or
  // max-content, within min/max-width), then the height at that width.
  float limitW = kNaN;  // content box
  if (!defined(W)) {
    if (req.wm == MeasureMode::AtMost)
      limitW = clampTo(std::max(req.width - pbW, 0.0f), wl);
    else if (std::isfinite(wl.max))
      limitW = wl.max;
  }
  if (n.hasContent() && (!defined(W) || !defined(H))) {
    const auto measure = [&](float iw, MeasureMode iwm) {
      const float ih = defined(H) ? std::max(H - pbH, 0.0f) : kNaN;
      Size c = n.measureContent(iw, iwm, ih, defined(H) ? MeasureMode::Exactly : MeasureMode::Undefined);
      if (!std::isfinite(c.width) || c.width < 0.0f) c.width = 0.0f;
      if (!std::isfinite(c.height) || c.height < 0.0f) c.height = 0.0f;
      return c;
    };
    Size c;
    if (defined(W)) {
      c = measure(std::max(W - pbW, 0.0f), MeasureMode::Exactly);
    } else {
      c = measure(limitW, defined(limitW) ? MeasureMode::AtMost : MeasureMode::Undefined);
      const float used = clampTo(c.width, wl);
      if (used != c.width && !defined(H)) c = measure(used, MeasureMode::Exactly);
      W = used + pbW;
    }
    if (!defined(H)) H = clampTo(c.height, hl) + pbH;
  }

  ContainerIn in;
  in.limitW = limitW;
  in.wl = wl;
  in.hl = hl;
  in.padding = pad;
  in.border = bw;
  if (!defined(W) || !defined(H)) {
    in.innerW = defined(W) ? std::max(W - pbW, 0.0f) : kNaN;
    in.innerH = defined(H) ? std::max(H - pbH, 0.0f) : kNaN;
    in.heightDefinite = hDef;
    const Size inner = layoutContainer(n, s, fs, in, nullptr);
    if (!defined(W)) W = clampTo(inner.width, wl) + pbW;
    if (!defined(H)) H = clampTo(inner.height, hl) + pbH;
  }
  if (!perf) {
    cacheStore(n, req, keyW, keyH, Size{W, H});
    return Size{W, H};
  }

  // 0d. Perform: write the box, then lay the children out at the final size.
  n.box.rect.width = W;
  n.box.rect.height = H;
  n.box.viewRect = Rect{perf->viewX, perf->viewY, W, H};
  n.box.padding = pad;
  n.box.border = Edges{bw, bw, bw, bw};
  n.box.displayNone = false;
  if (n.flexChildCount() == 0) return Size{W, H};
  Perform inside = *perf;
  if (s.position != Position::Static)
    inside.absCb = Rect{bw, bw, std::max(W - 2.0f * bw, 0.0f), std::max(H - 2.0f * bw, 0.0f)};
  in.innerW = std::max(W - pbW, 0.0f);
  in.innerH = std::max(H - pbH, 0.0f);
  in.heightDefinite = hDef;
  in.limitW = kNaN;
  layoutContainer(n, s, fs, in, &inside);
  return Size{W, H};
}

// ---------------------------------------------------------------------------
// [SECTION] Step 1: min-content
// ---------------------------------------------------------------------------

// Min-content width of a border box from its content alone (CSS Sizing 3
// §5.1; flexbox §9.9.1 for containers): the box's own width and min/max are
// not applied, percentages count as auto. Memoised per layoutTree call.
float minContentWidth(FlexNode& n);

// The min-content contribution of a box to its parent: its own definite
// width if it has one, else its min-content width, clamped by min/max.
float minContentContribution(FlexNode& n) {
  const ComputedStyle& s = n.flexStyle();
  const float fs = fontPx(s);
  const Edges pad = paddingOf(s, kNaN, fs);
  const float pb = pad.left + pad.right + 2.0f * borderOf(s);
  const Limits wl = limitsOf(s.minWidth, s.maxWidth, kNaN, fs);
  const float w = sizeOf(s.width, kNaN, fs);
  return clampTo(defined(w) ? w : minContentWidth(n) - pb, wl) + pb;
}

float minContentWidth(FlexNode& n) {
  detail::FlexCache& cache = n.layoutCache;
  if (cache.minContentGeneration == tGeneration) return cache.minContentWidth;
  const ComputedStyle& s = n.flexStyle();
  const float fs = fontPx(s);
  const Edges pad = paddingOf(s, kNaN, fs);
  const float pb = pad.left + pad.right + 2.0f * borderOf(s);
  float c = 0.0f;
  if (n.hasContent()) {
    c = n.measureContent(0.0f, MeasureMode::AtMost, kNaN, MeasureMode::Undefined).width;
    if (!std::isfinite(c) || c < 0.0f) c = 0.0f;
  } else {
    // A single-line row lays its items side by side; anything else can put
    // each item on a line (or in a column) of its own.
    const bool sum = isRowDir(s.flexDirection) && s.flexWrap == FlexWrap::NoWrap;
    const float gap = sum ? std::max(lengthOr(s.columnGap, kNaN, fs, 0.0f), 0.0f) : 0.0f;
    std::size_t k = 0;
    const std::size_t count = n.flexChildCount();
    for (std::size_t i = 0; i < count; ++i) {
      FlexNode& child = n.flexChild(i);
      const ComputedStyle& cs = child.flexStyle();
      if (cs.display == Display::None || cs.position == Position::Absolute) continue;
      const float cfs = fontPx(cs);
      const float contrib = minContentContribution(child) + lengthOr(cs.margin.left, kNaN, cfs, 0.0f) +
                            lengthOr(cs.margin.right, kNaN, cfs, 0.0f);
      c = sum ? c + contrib + (k > 0 ? gap : 0.0f) : std::max(c, contrib);
      ++k;
    }
  }
  cache.minContentGeneration = tGeneration;
  cache.minContentWidth = c + pb;
  return c + pb;
}

// ---------------------------------------------------------------------------
// [SECTION] Step 2: flex container
// ---------------------------------------------------------------------------

// One flex container while it lays out its children (main/cross = flexbox
// axes; "physical" = x/y in the content box).
struct Flow {
  const ComputedStyle* s{nullptr};
  bool row{true}, mainReverse{false}, wrap{false}, wrapReverse{false};
  float innerMain{kNaN}, innerCross{kNaN};  // content box; NaN while content-based
  float crossLimit{kNaN};                   // AtMost limit of a content-based cross size
  float cbW{kNaN}, cbH{kNaN};               // containing block of the items (NaN: indefinite)
  float cbMain{kNaN}, cbCross{kNaN};
  bool mainDefinite{false}, crossDefinite{false};
  float mainGap{0}, crossGap{0};
};

float mainMargins(const Item& it, bool row) {
  return row ? it.margin.left + it.margin.right : it.margin.top + it.margin.bottom;
}
float crossMargins(const Item& it, bool row) {
  return row ? it.margin.top + it.margin.bottom : it.margin.left + it.margin.right;
}

// The constraint on an item's cross size while its main size is measured
// (§9.2 step 3E: stretched when that is already known, else fit-content).
void crossReqFor(const Item& it, const Flow& f, Req& r) {
  float size = kNaN;
  MeasureMode mode = MeasureMode::Undefined;
  bool definite = false;
  if (defined(it.crossStyle)) {
    size = it.crossStyle, mode = MeasureMode::Exactly, definite = true;
  } else if (it.stretch && !f.wrap && defined(f.innerCross)) {
    size = std::max(clampTo(f.innerCross - crossMargins(it, f.row), it.crossLimits), it.pbCross);
    mode = MeasureMode::Exactly, definite = true;  // §9.8 rules 1 and 3
  } else if (!f.row) {
    const float avail = defined(f.innerCross) ? f.innerCross : f.crossLimit;
    if (defined(avail)) size = std::max(avail - crossMargins(it, f.row), 0.0f), mode = MeasureMode::AtMost;
  }
  if (f.row) {
    r.height = size, r.hm = mode, r.heightDefinite = definite;
  } else {
    r.width = size, r.wm = mode;
  }
}

// §4.5 automatic minimum size (content-based minimum) of an item, border
// box. Takes the item by value: measuring may move the item stack.
float autoMinMain(Item it, const Flow& f) {
  FlexNode& c = *it.node;
  const ComputedStyle& cs = c.flexStyle();
  float content;
  if (f.row) {
    content = minContentWidth(c);
  } else {
    Req r;
    crossReqFor(it, f, r);
    r.content = kContentHeight;
    content = layoutNode(c, r, f.cbW, f.cbH, nullptr).height;
  }
  content = std::min(content, it.maxMain);
  const float spec = sizeOf(f.row ? cs.width : cs.height, f.cbMain, fontPx(cs));
  if (defined(spec)) content = std::min(content, spec + it.pbMain);
  return std::max(content, it.pbMain);
}

// §9.2 step 3: one in-flow child as a flex item, with its flex base size
// and hypothetical main size.
Item makeItem(FlexNode& c, const Flow& f) {
  const ComputedStyle& cs = c.flexStyle();
  const float fs = fontPx(cs);
  Item it;
  it.node = &c;
  it.margin = marginOf(cs, f.cbW, fs, it.autoMargin);
  const Edges pad = paddingOf(cs, f.cbW, fs);
  const float bw = borderOf(cs);
  const float pbW = pad.left + pad.right + 2.0f * bw;
  const float pbH = pad.top + pad.bottom + 2.0f * bw;
  it.pbMain = f.row ? pbW : pbH;
  it.pbCross = f.row ? pbH : pbW;
  it.grow = std::isfinite(cs.flexGrow) ? std::max(cs.flexGrow, 0.0f) : 0.0f;
  it.shrink = std::isfinite(cs.flexShrink) ? std::max(cs.flexShrink, 0.0f) : 0.0f;

  // Used min/max main size; an automatic minimum is computed only if needed.
  const Value& minMainV = f.row ? cs.minWidth : cs.minHeight;
  const float maxMain = sizeOf(f.row ? cs.maxWidth : cs.maxHeight, f.cbMain, fs);
  it.maxMain = defined(maxMain) ? maxMain + it.pbMain : kInf;
  if (minMainV.isAuto()) {
    it.minMain = (cs.overflow != Overflow::Visible) ? it.pbMain : kNaN;
  } else {
    const float m = sizeOf(minMainV, f.cbMain, fs);
    it.minMain = (defined(m) ? m : 0.0f) + it.pbMain;
  }
  const Limits cl =
      f.row ? limitsOf(cs.minHeight, cs.maxHeight, f.cbH, fs) : limitsOf(cs.minWidth, cs.maxWidth, f.cbW, fs);
  it.crossLimits = Limits{cl.min + it.pbCross, cl.max + it.pbCross};
  if (const float cross = sizeOf(f.row ? cs.height : cs.width, f.cbCross, fs); defined(cross))
    it.crossStyle = clampTo(cross, cl) + it.pbCross;

  it.align = usedAlign(cs.alignSelf, f.s->alignItems);
  const std::uint8_t crossAuto = f.row ? (kAutoTop | kAutoBottom) : (kAutoLeft | kAutoRight);
  // Only a computed `auto` stretches: an unresolvable percentage behaves as
  // auto for sizing but still opts out of stretching (as in Chromium).
  it.stretch = it.align == Align::Stretch && (f.row ? cs.height : cs.width).isAuto() &&
               (it.autoMargin & crossAuto) == 0;

  // Flex base size: a definite flex-basis, else the main size property,
  // else the max-content size (§9.2 step 3 A–E).
  const float mainSpec = sizeOf(f.row ? cs.width : cs.height, f.cbMain, fs);
  it.mainStyleDefinite = defined(mainSpec);
  if (const float basis = sizeOf(cs.flexBasis, f.cbMain, fs); defined(basis)) {
    it.base = basis + it.pbMain;
    it.explicitBasis = true;
  } else if (defined(mainSpec)) {
    it.base = mainSpec + it.pbMain;
  } else {
    Req r;
    crossReqFor(it, f, r);
    if (f.row)
      r.wm = MeasureMode::Undefined, r.width = kNaN, r.content = kContentWidth;
    else
      r.hm = MeasureMode::Undefined, r.height = kNaN, r.content = kContentHeight;
    const Size m = layoutNode(c, r, f.cbW, f.cbH, nullptr);
    it.base = f.row ? m.width : m.height;
  }

  // Hypothetical main size: the base clamped by min/max. A base from the
  // main size property or from content is never below the automatic
  // minimum, so only an explicit flex-basis needs it computed here.
  it.hypo = std::min(it.base, it.maxMain);
  if (!defined(it.minMain) && it.explicitBasis) it.minMain = autoMinMain(it, f);
  if (defined(it.minMain)) it.hypo = std::max(it.hypo, it.minMain);
  it.hypo = std::max(it.hypo, it.pbMain);
  it.target = it.hypo;
  return it;
}

// §9.7 Resolving flexible lengths, for the items [b, e) of one line.
void resolveFlexibleLengths(const Flow& f, std::size_t b, std::size_t e) {
  std::vector<Item>& items = tScratch.items;
  const float gaps = f.mainGap * static_cast<float>(e - b - 1);

  // 1. Grow or shrink: compare the outer hypothetical sizes with the line.
  float sumHypo = gaps;
  for (std::size_t k = b; k < e; ++k) sumHypo += items[k].hypo + mainMargins(items[k], f.row);
  const bool grow = sumHypo < f.innerMain;

  // 2. Size inflexible items.
  std::size_t unfrozen = 0;
  for (std::size_t k = b; k < e; ++k) {
    Item& it = items[k];
    const float factor = grow ? it.grow : it.shrink;
    it.frozen = factor == 0.0f || (grow && it.base > it.hypo) || (!grow && it.base < it.hypo);
    it.target = it.hypo;
    if (!it.frozen) ++unfrozen;
  }
  if (unfrozen == 0) return;

  // 3. Initial free space.
  const auto freeSpace = [&] {
    float used = gaps;
    for (std::size_t k = b; k < e; ++k) {
      const Item& it = tScratch.items[k];
      used += (it.frozen ? it.target : it.base) + mainMargins(it, f.row);
    }
    return f.innerMain - used;
  };
  const float initialFree = freeSpace();

  // 4. Loop until every item is frozen; each pass freezes at least one.
  while (unfrozen > 0) {
    // 4b. Remaining free space, scaled down when the flex factors sum below 1.
    float remaining = freeSpace();
    float sumFactors = 0.0f, sumScaled = 0.0f;
    for (std::size_t k = b; k < e; ++k) {
      const Item& it = tScratch.items[k];
      if (it.frozen) continue;
      sumFactors += grow ? it.grow : it.shrink;
      sumScaled += it.shrink * (it.base - it.pbMain);
    }
    if (sumFactors < 1.0f) {
      const float scaled = initialFree * sumFactors;
      if (std::abs(scaled) < std::abs(remaining)) remaining = scaled;
    }
    // 4c. Distribute it in proportion to the flex factors.
    for (std::size_t k = b; k < e; ++k) {
      Item& it = tScratch.items[k];
      if (it.frozen) continue;
      if (grow) {
        it.target = it.base + remaining * (it.grow / sumFactors);
      } else if (sumScaled > 0.0f) {
        it.target = it.base + remaining * (it.shrink * (it.base - it.pbMain) / sumScaled);
      } else {
        it.target = it.base;
      }
    }
    // 4d. Fix min/max violations (content box floored at zero).
    float totalViolation = 0.0f;
    for (std::size_t k = b; k < e; ++k) {
      if (tScratch.items[k].frozen) continue;
      // An unknown automatic minimum is at most the base size, so only a
      // target below the base can violate it.
      if (!defined(tScratch.items[k].minMain) && tScratch.items[k].target < tScratch.items[k].base) {
        const float m = autoMinMain(tScratch.items[k], f);
        tScratch.items[k].minMain = m;
      }
      Item& it = tScratch.items[k];
      float clamped = std::min(it.target, it.maxMain);
      if (defined(it.minMain)) clamped = std::max(clamped, it.minMain);
      clamped = std::max(clamped, it.pbMain);
      const float v = clamped - it.target;
      totalViolation += v;
      it.target = clamped;
      it.mainPos = v;  // the violation, until main-axis alignment reuses the field
    }
    // 4e. Freeze over-flexed items.
    for (std::size_t k = b; k < e; ++k) {
      Item& it = tScratch.items[k];
      if (it.frozen) continue;
      const bool freeze = totalViolation == 0.0f || (totalViolation > 0.0f && it.mainPos > 0.0f) ||
                          (totalViolation < 0.0f && it.mainPos < 0.0f);
      if (freeze) it.frozen = true, --unfrozen;
    }
  }
}

// Lays out an absolutely positioned child (defined below).
void layoutAbsolute(FlexNode& c, const Flow& f, const ContainerIn& in, const Perform& perf);

// The flex layout algorithm (§9). Returns the content-box size used; with
// `perf`, positions every child and lays each out for real.
//   2a. §9.2  collect items, flex base and hypothetical main sizes
//   2b. §9.2  content-based main size of the container (measuring only)
//   2c. §9.3  collect items into lines
//   2d. §9.7  resolve flexible lengths per line
//   2e. §9.4  cross sizes of items, lines and the container; align-content
//   2f. §9.5  main-axis alignment: auto margins, justify-content
//   2g. §9.6  cross-axis alignment: auto margins, align-self, stretch
//   2h.       place and lay out each item; relative offsets
//   2i. §4.1  absolutely positioned children
Size layoutContainer(FlexNode& n, const ComputedStyle& s, float fs, const ContainerIn& in,
                     const Perform* perf) {
  Flow f;
  f.s = &s;
  f.row = isRowDir(s.flexDirection);
  f.mainReverse = isReverseDir(s.flexDirection);
  f.wrap = s.flexWrap != FlexWrap::NoWrap;
  f.wrapReverse = s.flexWrap == FlexWrap::WrapReverse;
  f.cbW = in.innerW;  // a known width is definite
  f.cbH = in.heightDefinite ? in.innerH : kNaN;
  f.innerMain = f.row ? in.innerW : in.innerH;
  f.innerCross = f.row ? in.innerH : in.innerW;
  f.crossLimit = f.row ? kNaN : in.limitW;
  f.cbMain = f.row ? f.cbW : f.cbH;
  f.cbCross = f.row ? f.cbH : f.cbW;
  f.mainDefinite = defined(f.cbMain);
  f.crossDefinite = defined(f.cbCross);
  f.mainGap = std::max(lengthOr(f.row ? s.columnGap : s.rowGap, f.cbMain, fs, 0.0f), 0.0f);
  f.crossGap = std::max(lengthOr(f.row ? s.rowGap : s.columnGap, f.cbCross, fs, 0.0f), 0.0f);
  const Limits mainLimits = f.row ? in.wl : in.hl;
  const Limits crossLimits = f.row ? in.hl : in.wl;

  Scratch& S = tScratch;
  const std::size_t base = S.items.size();
  const std::size_t lineBase = S.lines.size();

  // 2a. Items.
  const std::size_t childCount = n.flexChildCount();
  for (std::size_t i = 0; i < childCount; ++i) {
    FlexNode& c = n.flexChild(i);
    const ComputedStyle& cs = c.flexStyle();
    if (cs.display == Display::None) {
      if (perf) hideSubtree(c);
      continue;
    }
    if (cs.position == Position::Absolute) continue;
    const Item it = makeItem(c, f);  // may recurse: build first, then push
    S.items.push_back(it);
  }
  const std::size_t end = S.items.size();
  const std::size_t count = end - base;

  // 2b. Content-based main size: max-content, or fit-content under AtMost.
  if (!defined(f.innerMain)) {
    float maxContent = count > 0 ? f.mainGap * static_cast<float>(count - 1) : 0.0f;
    for (std::size_t k = base; k < end; ++k) maxContent += S.items[k].hypo + mainMargins(S.items[k], f.row);
    float used = maxContent;
    if (f.row && defined(in.limitW) && maxContent > in.limitW) {
      float minContent = 0.0f;
      for (std::size_t k = base; k < end; ++k) {
        const float contrib = minContentContribution(*S.items[k].node) + mainMargins(S.items[k], true);
        minContent = f.wrap ? std::max(minContent, contrib) : minContent + contrib;
      }
      if (!f.wrap && count > 0) minContent += f.mainGap * static_cast<float>(count - 1);
      used = std::min(maxContent, std::max(minContent, in.limitW));
    }
    f.innerMain = clampTo(used, mainLimits);
  }

  // 2c. Lines: greedy, by outer hypothetical main size; an item always fits
  // on an empty line.
  if (count > 0) {
    if (!f.wrap) {
      S.lines.push_back(Line{base, end, 0.0f, 0.0f});
    } else {
      std::size_t lineStart = base;
      float used = 0.0f;
      for (std::size_t k = base; k < end; ++k) {
        const float outer = S.items[k].hypo + mainMargins(S.items[k], f.row);
        if (k > lineStart && used + f.mainGap + outer > f.innerMain + kFitEpsilon) {
          S.lines.push_back(Line{lineStart, k, 0.0f, 0.0f});
          lineStart = k;
          used = outer;
        } else {
          used += (k > lineStart ? f.mainGap : 0.0f) + outer;
        }
      }
      S.lines.push_back(Line{lineStart, end, 0.0f, 0.0f});
    }
  }
  const std::size_t lineEnd = S.lines.size();
  const std::size_t lineCount = lineEnd - lineBase;

  // 2d. Flexible lengths.
  for (std::size_t l = lineBase; l < lineEnd; ++l)
    resolveFlexibleLengths(f, S.lines[l].begin, S.lines[l].end);

  // 2e. Cross sizes. Hypothetical cross size of each item (§9.4 step 7) …
  for (std::size_t k = base; k < end; ++k) {
    const Item it = S.items[k];
    float cross;
    if (defined(it.crossStyle)) {
      cross = it.crossStyle;
    } else if (it.stretch && !f.wrap && defined(f.innerCross)) {
      cross = std::max(clampTo(f.innerCross - crossMargins(it, f.row), it.crossLimits), it.pbCross);
    } else {
      Req r;
      crossReqFor(it, f, r);
      if (f.row) {
        r.width = it.target, r.wm = MeasureMode::Exactly;
      } else {
        r.height = it.target, r.hm = MeasureMode::Exactly;
        r.heightDefinite = f.mainDefinite || it.mainStyleDefinite;
      }
      const Size m = layoutNode(*it.node, r, f.cbW, f.cbH, nullptr);
      cross = f.row ? m.height : m.width;
    }
    S.items[k].cross = cross;
  }
  // … the cross size of each line (steps 8, 15) …
  for (std::size_t l = lineBase; l < lineEnd; ++l) {
    Line& line = S.lines[l];
    if (!f.wrap && defined(f.innerCross)) {
      line.cross = f.innerCross;
      continue;
    }
    float m = 0.0f;
    for (std::size_t k = line.begin; k < line.end; ++k)
      m = std::max(m, S.items[k].cross + crossMargins(S.items[k], f.row));
    line.cross = f.wrap ? m : clampTo(m, crossLimits);
  }
  // … the container's cross size if it depends on content …
  const float crossGaps = lineCount > 0 ? f.crossGap * static_cast<float>(lineCount - 1) : 0.0f;
  if (!defined(f.innerCross)) {
    float sum = crossGaps;
    for (std::size_t l = lineBase; l < lineEnd; ++l) sum += S.lines[l].cross;
    f.innerCross = clampTo(sum, crossLimits);
  }
  // … and align-content (step 16; multi-line containers only), which also
  // gives every line its physical position.
  {
    float sum = crossGaps;
    for (std::size_t l = lineBase; l < lineEnd; ++l) sum += S.lines[l].cross;
    const float free = f.innerCross - sum;
    float offset = 0.0f, between = 0.0f;
    if (f.wrap && lineCount > 0) {
      Align ac = s.alignContent;
      if (ac == Align::Auto) ac = Align::Stretch;
      if (ac == Align::Baseline) ac = Align::Start;
      if (ac == Align::Start) ac = f.wrapReverse ? Align::FlexEnd : Align::FlexStart;
      if (ac == Align::End) ac = f.wrapReverse ? Align::FlexStart : Align::FlexEnd;
      const float n_lines = static_cast<float>(lineCount);
      switch (ac) {
        case Align::FlexEnd: offset = free; break;
        case Align::Center: offset = free * 0.5f; break;
        case Align::SpaceBetween:
          if (free > 0.0f && lineCount > 1) between = free / (n_lines - 1.0f);
          break;
        case Align::SpaceAround:  // negative space: safe center, i.e. start
          if (free > 0.0f)
            between = free / n_lines, offset = between * 0.5f;
          else if (f.wrapReverse)
            offset = free;
          break;
        case Align::Stretch:
          if (free > 0.0f)
            for (std::size_t l = lineBase; l < lineEnd; ++l) S.lines[l].cross += free / n_lines;
          break;
        default: break;
      }
    }
    float pos = offset;
    for (std::size_t l = lineBase; l < lineEnd; ++l) {
      Line& line = S.lines[l];
      line.crossPos = f.wrapReverse ? f.innerCross - pos - line.cross : pos;
      pos += line.cross + f.crossGap + between;
    }
  }

  const Size inner = f.row ? Size{f.innerMain, f.innerCross} : Size{f.innerCross, f.innerMain};
  if (!perf) {
    S.items.resize(base);
    S.lines.resize(lineBase);
    return inner;
  }

  const float contentX = in.border + in.padding.left;
  const float contentY = in.border + in.padding.top;
  for (std::size_t l = lineBase; l < lineEnd; ++l) {
    const Line line = S.lines[l];
    const float itemCount = static_cast<float>(line.end - line.begin);

    // 2f. Main axis: auto margins take positive free space, else justify-content.
    float used = f.mainGap * (itemCount - 1.0f);
    int autoCount = 0;
    const std::uint8_t startBit = f.row ? kAutoLeft : kAutoTop;
    const std::uint8_t endBit = f.row ? kAutoRight : kAutoBottom;
    for (std::size_t k = line.begin; k < line.end; ++k) {
      const Item& it = S.items[k];
      used += it.target + mainMargins(it, f.row);
      autoCount += ((it.autoMargin & startBit) != 0) + ((it.autoMargin & endBit) != 0);
    }
    float free = f.innerMain - used;
    float offset = 0.0f, between = 0.0f;
    if (free > 0.0f && autoCount > 0) {
      const float share = free / static_cast<float>(autoCount);
      for (std::size_t k = line.begin; k < line.end; ++k) {
        Item& it = S.items[k];
        float& ms = f.row ? it.margin.left : it.margin.top;
        float& me = f.row ? it.margin.right : it.margin.bottom;
        if (it.autoMargin & startBit) ms = share;
        if (it.autoMargin & endBit) me = share;
      }
    } else {
      Justify j = s.justifyContent;
      if (j == Justify::Start) j = f.mainReverse ? Justify::FlexEnd : Justify::FlexStart;
      if (j == Justify::End) j = f.mainReverse ? Justify::FlexStart : Justify::FlexEnd;
      switch (j) {
        case Justify::FlexEnd: offset = free; break;
        case Justify::Center: offset = free * 0.5f; break;
        case Justify::SpaceBetween:
          if (free > 0.0f && itemCount > 1.0f) between = free / (itemCount - 1.0f);
          break;
        case Justify::SpaceAround:  // negative space: safe center, i.e. start
          if (free > 0.0f)
            between = free / itemCount, offset = between * 0.5f;
          else if (f.mainReverse)
            offset = free;
          break;
        case Justify::SpaceEvenly:
          if (free > 0.0f)
            between = free / (itemCount + 1.0f), offset = between;
          else if (f.mainReverse)
            offset = free;
          break;
        default: break;
      }
    }
    float pos = offset;
    for (std::size_t k = line.begin; k < line.end; ++k) {
      Item& it = S.items[k];
      it.mainPos = pos;
      pos += it.target + mainMargins(it, f.row) + f.mainGap + between;
    }

    for (std::size_t k = line.begin; k < line.end; ++k) {
      Item it = S.items[k];  // a copy: laying the item out may move the stack
      // 2g. Cross axis: stretch, then auto margins or align-self.
      if (it.stretch)
        it.cross = std::max(clampTo(line.cross - crossMargins(it, f.row), it.crossLimits), it.pbCross);
      const std::uint8_t cStartBit = f.row ? kAutoTop : kAutoLeft;
      const std::uint8_t cEndBit = f.row ? kAutoBottom : kAutoRight;
      float& cms = f.row ? it.margin.top : it.margin.left;
      float& cme = f.row ? it.margin.bottom : it.margin.right;
      const float crossFree = line.cross - it.cross - cms - cme;
      float crossOff = 0.0f;  // physical offset of the margin box in the line
      if (it.autoMargin & (cStartBit | cEndBit)) {
        if (crossFree > 0.0f) {
          const bool both = (it.autoMargin & cStartBit) && (it.autoMargin & cEndBit);
          if (it.autoMargin & cStartBit) cms = both ? crossFree * 0.5f : crossFree;
          if (it.autoMargin & cEndBit) cme = both ? crossFree * 0.5f : crossFree;
        } else {
          // Overflow: the start-side auto margin is 0 and the end side
          // absorbs the rest, so the box sits at the line's physical start.
          if (it.autoMargin & cStartBit) cms = 0.0f;
          cme = line.cross - it.cross - cms;
        }
      } else {
        Align a = it.align;
        if (a == Align::Stretch) a = Align::FlexStart;
        if (a == Align::FlexStart) a = f.wrapReverse ? Align::End : Align::Start;
        if (a == Align::FlexEnd) a = f.wrapReverse ? Align::Start : Align::End;
        if (a == Align::End)
          crossOff = crossFree;
        else if (a == Align::Center)
          crossOff = crossFree * 0.5f;
      }

      // 2h. Place: physical margin-box position, then the border box.
      const float outerMain = it.target + mainMargins(it, f.row);
      const float mainPhys = f.mainReverse ? f.innerMain - it.mainPos - outerMain : it.mainPos;
      const float crossPhys = line.crossPos + crossOff;
      const float w = f.row ? it.target : it.cross;
      const float h = f.row ? it.cross : it.target;
      float x = contentX + (f.row ? mainPhys : crossPhys) + it.margin.left;
      float y = contentY + (f.row ? crossPhys : mainPhys) + it.margin.top;
      FlexNode& c = *it.node;
      const ComputedStyle& cs = c.flexStyle();
      if (cs.position == Position::Relative) {
        const Size d = relativeOffset(cs, f.cbW, f.cbH);
        x += d.width, y += d.height;
      }
      c.box.rect = Rect{x, y, w, h};
      c.box.margin = it.margin;
      Perform child;
      child.absCb = Rect{perf->absCb.x - x, perf->absCb.y - y, perf->absCb.width, perf->absCb.height};
      child.viewX = perf->viewX + x;
      child.viewY = perf->viewY + y;
      Req r;
      r.width = w, r.wm = MeasureMode::Exactly;
      r.height = h, r.hm = MeasureMode::Exactly;
      // §9.8: a stretched cross size is definite once its line's size is
      // known (rules 1, 3); a flexed main size only if the container's main
      // size is definite (rule 2), as Chromium does.
      r.heightDefinite =
          f.row ? (defined(it.crossStyle) || it.stretch) : (f.mainDefinite || it.mainStyleDefinite);
      layoutNode(c, r, f.cbW, f.cbH, &child);
    }
  }

  // 2i. Absolutely positioned children.
  for (std::size_t i = 0; i < childCount; ++i) {
    FlexNode& c = n.flexChild(i);
    const ComputedStyle& cs = c.flexStyle();
    if (cs.display != Display::None && cs.position == Position::Absolute) layoutAbsolute(c, f, in, *perf);
  }

  S.items.resize(base);
  S.lines.resize(lineBase);
  return inner;
}

// ---------------------------------------------------------------------------
// [SECTION] Step 3: absolute boxes
// ---------------------------------------------------------------------------

// An absolutely positioned child of the container `f` (CSS 2 §10.3.7 and
// §10.6.4 against perf.absCb; flexbox §4.1 for the static position: placed
// as the sole item of the container, by justify-content and align-self).
//   3a. insets, margins and limits against the containing block
//   3b. height if fixed by the style or by both insets
//   3c. width: style, both insets, or shrink-to-fit
//   3d. content height; auto margins
//   3e. position: insets, else the static position; lay out the subtree
void layoutAbsolute(FlexNode& c, const Flow& f, const ContainerIn& in, const Perform& perf) {
  const ComputedStyle& cs = c.flexStyle();
  const float fs = fontPx(cs);
  const Rect cb = perf.absCb;

  // 3a.
  std::uint8_t autoMask = 0;
  Edges m = marginOf(cs, cb.width, fs, autoMask);
  const Edges pad = paddingOf(cs, cb.width, fs);
  const float bw = borderOf(cs);
  const float pbW = pad.left + pad.right + 2.0f * bw;
  const float pbH = pad.top + pad.bottom + 2.0f * bw;
  const Limits wl = limitsOf(cs.minWidth, cs.maxWidth, cb.width, fs);
  const Limits hl = limitsOf(cs.minHeight, cs.maxHeight, cb.height, fs);
  const float L = insetOf(cs.left, cb.width, fs), R = insetOf(cs.right, cb.width, fs);
  const float T = insetOf(cs.top, cb.height, fs), B = insetOf(cs.bottom, cb.height, fs);

  // 3b.
  float H = kNaN;
  bool hDef = false;
  if (const float h = sizeOf(cs.height, cb.height, fs); defined(h)) {
    H = clampTo(h, hl) + pbH, hDef = true;
  } else if (defined(T) && defined(B)) {
    H = clampTo(std::max(cb.height - T - B - m.top - m.bottom - pbH, 0.0f), hl) + pbH, hDef = true;
  }

  // 3c.
  float W;
  if (const float w = sizeOf(cs.width, cb.width, fs); defined(w)) {
    W = clampTo(w, wl) + pbW;
  } else if (defined(L) && defined(R)) {
    W = clampTo(std::max(cb.width - L - R - m.left - m.right - pbW, 0.0f), wl) + pbW;
  } else {
    Req r;
    r.width = std::max(cb.width - (defined(L) ? L : 0.0f) - (defined(R) ? R : 0.0f) - m.left - m.right, 0.0f);
    r.wm = MeasureMode::AtMost;
    if (defined(H)) r.height = H, r.hm = MeasureMode::Exactly, r.heightDefinite = hDef;
    W = layoutNode(c, r, cb.width, cb.height, nullptr).width;
  }

  // 3d.
  if (!defined(H)) {
    Req r;
    r.width = W, r.wm = MeasureMode::Exactly;
    H = layoutNode(c, r, cb.width, cb.height, nullptr).height;
  }
  if (defined(L) && defined(R) && (autoMask & (kAutoLeft | kAutoRight))) {
    const float free = cb.width - L - R - W - m.left - m.right;
    const bool both = (autoMask & kAutoLeft) && (autoMask & kAutoRight);
    if (both) {
      m.left = free >= 0.0f ? free * 0.5f : 0.0f;
      m.right = free >= 0.0f ? free * 0.5f : free;
    } else if (autoMask & kAutoLeft) {
      m.left = free;
    } else {
      m.right = free;
    }
  }
  if (defined(T) && defined(B) && (autoMask & (kAutoTop | kAutoBottom))) {
    const float free = cb.height - T - B - H - m.top - m.bottom;
    const bool both = (autoMask & kAutoTop) && (autoMask & kAutoBottom);
    if (both)
      m.top = m.bottom = free * 0.5f;
    else if (autoMask & kAutoTop)
      m.top = free;
    else
      m.bottom = free;
  }

  // 3e. Static position: the margin box as the sole flex item.
  const float outerW = W + m.left + m.right, outerH = H + m.top + m.bottom;
  const float innerMain = f.row ? in.innerW : in.innerH;
  const float innerCross = f.row ? in.innerH : in.innerW;
  const float mainFree = innerMain - (f.row ? outerW : outerH);
  float mainOff = 0.0f;  // from the main-start edge
  switch (f.s->justifyContent) {
    case Justify::FlexEnd: mainOff = mainFree; break;
    case Justify::Center:
    case Justify::SpaceAround:
    case Justify::SpaceEvenly: mainOff = mainFree * 0.5f; break;
    case Justify::Start: mainOff = f.mainReverse ? mainFree : 0.0f; break;
    case Justify::End: mainOff = f.mainReverse ? 0.0f : mainFree; break;
    default: break;
  }
  const float mainPhys = f.mainReverse ? mainFree - mainOff : mainOff;
  const float crossFree = innerCross - (f.row ? outerH : outerW);
  float crossPhys = 0.0f;
  switch (usedAlign(cs.alignSelf, f.s->alignItems)) {
    case Align::FlexEnd: crossPhys = f.wrapReverse ? 0.0f : crossFree; break;
    case Align::Center: crossPhys = crossFree * 0.5f; break;
    case Align::End: crossPhys = crossFree; break;
    case Align::Start: break;
    default: crossPhys = f.wrapReverse ? crossFree : 0.0f; break;  // flex-start, stretch
  }
  const float staticX = in.border + in.padding.left + (f.row ? mainPhys : crossPhys);
  const float staticY = in.border + in.padding.top + (f.row ? crossPhys : mainPhys);

  const float x = defined(L)   ? cb.x + L + m.left
                  : defined(R) ? cb.x + cb.width - R - m.right - W
                               : staticX + m.left;
  const float y = defined(T)   ? cb.y + T + m.top
                  : defined(B) ? cb.y + cb.height - B - m.bottom - H
                               : staticY + m.top;
  c.box.rect = Rect{x, y, W, H};
  c.box.margin = m;
  Perform child;
  child.absCb = Rect{cb.x - x, cb.y - y, cb.width, cb.height};  // replaced: the box is positioned
  child.viewX = perf.viewX + x;
  child.viewY = perf.viewY + y;
  Req r;
  r.width = W, r.wm = MeasureMode::Exactly;
  r.height = H, r.hm = MeasureMode::Exactly, r.heightDefinite = hDef;
  layoutNode(c, r, cb.width, cb.height, &child);
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Entry point
// ---------------------------------------------------------------------------

std::uint32_t layoutGeneration() { return gGeneration.load(std::memory_order_relaxed); }

// The root is the sole box of the viewport: its percentages, auto size and
// the absolute boxes with no positioned ancestor all refer to the viewport.
void layoutTree(FlexNode& root, Size viewport) {
  std::uint32_t gen = gGeneration.fetch_add(1, std::memory_order_relaxed) + 1;
  if (gen == 0) gen = gGeneration.fetch_add(1, std::memory_order_relaxed) + 1;  // 0 marks "never laid out"
  const std::uint32_t outerGeneration = tGeneration;  // measureContent may lay out another tree
  tGeneration = gen;

  const float vw = (std::isfinite(viewport.width) && viewport.width > 0.0f) ? viewport.width : 0.0f;
  const float vh = (std::isfinite(viewport.height) && viewport.height > 0.0f) ? viewport.height : 0.0f;
  const ComputedStyle& s = root.flexStyle();
  if (s.display == Display::None) {
    hideSubtree(root);
    tGeneration = outerGeneration;
    return;
  }
  const float fs = fontPx(s);
  std::uint8_t autoMask = 0;
  const Edges m = marginOf(s, vw, fs, autoMask);
  const Edges pad = paddingOf(s, vw, fs);
  const float bw = borderOf(s);
  const float pbW = pad.left + pad.right + 2.0f * bw;
  const float pbH = pad.top + pad.bottom + 2.0f * bw;
  const float w = sizeOf(s.width, vw, fs), h = sizeOf(s.height, vh, fs);
  const float W =
      clampTo(defined(w) ? w : vw - m.left - m.right - pbW, limitsOf(s.minWidth, s.maxWidth, vw, fs));
  const float H =
      clampTo(defined(h) ? h : vh - m.top - m.bottom - pbH, limitsOf(s.minHeight, s.maxHeight, vh, fs));
  float x = m.left, y = m.top;
  if (s.position != Position::Static) {
    const Size d = relativeOffset(s, vw, vh);
    x += d.width, y += d.height;
  }
  root.box.rect = Rect{x, y, std::max(W, 0.0f) + pbW, std::max(H, 0.0f) + pbH};
  root.box.margin = m;
  Perform p;
  p.absCb = Rect{-x, -y, vw, vh};  // the viewport, in the root's coordinates
  p.viewX = x;
  p.viewY = y;
  Req r;
  r.width = root.box.rect.width, r.wm = MeasureMode::Exactly;
  r.height = root.box.rect.height, r.hm = MeasureMode::Exactly, r.heightDefinite = true;
  layoutNode(root, r, vw, vh, &p);
  tGeneration = outerGeneration;
}

}  // namespace zenit
