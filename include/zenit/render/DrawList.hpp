// DrawList: the backend-neutral list of draw commands a frame emits.
//
// `Layout::draw` records into one DrawList per frame and hands it to a
// Renderer. The list is reused: reset() only rewinds indices, so once the
// vectors have grown to a frame's size, re-recording allocates nothing.
//
// Opacity and transforms are list *state*, never geometry: a push creates
// one entry in a side table of effective states (composed transform,
// multiplied opacity) and every command carries the index of the state it
// was recorded under. Animating opacity or a transform changes one state
// entry, not the commands' coordinates or colours.
//
// [SECTION] Plain value types (RectF, Radii, Rgba8)
// [SECTION] Command payloads and DrawCmd
// [SECTION] DrawState (the side table)
// [SECTION] DrawList
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/core/Config.hpp>
#include <zenit/core/Transform.hpp>
#include <zenit/core/Types.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Plain value types
// ---------------------------------------------------------------------------

// Axis-aligned rectangle in px: origin (x, y) top-left, size (w, h).
struct RectF {
  float x{0.0f}, y{0.0f}, w{0.0f}, h{0.0f};
  bool operator==(const RectF&) const = default;
};

// Corner radii in px, CSS order: top-left, top-right, bottom-right, bottom-left.
struct Radii {
  float topLeft{0.0f}, topRight{0.0f}, bottomRight{0.0f}, bottomLeft{0.0f};
  static constexpr Radii all(float r) { return Radii{r, r, r, r}; }
  bool isZero() const {
    return topLeft == 0.0f && topRight == 0.0f && bottomRight == 0.0f && bottomLeft == 0.0f;
  }
  bool operator==(const Radii&) const = default;
};

// Straight-alpha RGBA, 8 bits per channel: how commands store colours.
struct Rgba8 {
  std::uint8_t r{0}, g{0}, b{0}, a{0};

  // Rounds each channel of c; out-of-range values clamp, NaN becomes 0.
  static constexpr Rgba8 from(const Color& c) {
    return Rgba8{channel(c.r), channel(c.g), channel(c.b), channel(c.a)};
  }
  constexpr Color toColor() const {
    return Color{static_cast<float>(r) / 255.0f, static_cast<float>(g) / 255.0f,
                 static_cast<float>(b) / 255.0f, static_cast<float>(a) / 255.0f};
  }
  bool operator==(const Rgba8&) const = default;

  // One channel as from() rounds it: [0, 1] to 0..255, clamped, NaN to 0.
  static constexpr std::uint8_t channel(float v) {
    // Clamped first, written so NaN fails the first comparison and lands on
    // 0 (a max and a min, no branch). c is in [0, 1], so adding 0.5 and
    // truncating rounds to nearest, and 1 gives 255.
    const float low = v > 0.0f ? v : 0.0f;
    const float c = low < 1.0f ? low : 1.0f;
    // NOLINTNEXTLINE(bugprone-incorrect-roundings)
    return static_cast<std::uint8_t>(c * 255.0f + 0.5f);
  }
};

// ---------------------------------------------------------------------------
// [SECTION] Command payloads and DrawCmd
// ---------------------------------------------------------------------------

enum class DrawOp : std::uint8_t {
  Rect,           // filled (rounded) rectangle with optional border
  Shadow,         // box-shadow of a (rounded) rectangle
  Text,           // one line of UTF-8 text
  PushClip,       // intersect the clip with a rectangle in the current transform
  PopClip,        // restore the clip
  PushOpacity,    // open an opacity group (multiplies with the enclosing ones)
  PopOpacity,     // close it
  PushTransform,  // compose a local transform with the current one
  PopTransform,   // restore the transform
  Gradient,       // a gradient background over a (rounded) rectangle
};
inline constexpr std::size_t kDrawOpCount = 10;

struct RectCmd {
  RectF rect;         // border box in local px
  Radii radii;        // outer corner radii (px)
  Rgba8 fill;         // background colour (under the border, as CSS background-clip: border-box)
  Rgba8 border;       // border colour
  float borderWidth;  // border width in px; 0 = no border
};

struct ShadowCmd {
  RectF rect;     // the box casting the shadow (border box; padding box for an inset one)
  Radii radii;    // the box's corner radii
  float offsetX;  // shadow offset (px)
  float offsetY;
  float blur;          // CSS blur radius (px); the Gaussian's sigma is blur / 2
  float spread;        // grows (or, negative, shrinks) the shadow shape
  Rgba8 color;         // shadow colour
  std::uint8_t inset;  // 1 = inset shadow (drawn inside the box)
};

struct GradientCmd {
  RectF rect;         // the border box, which the gradient paints (background-clip: border-box)
  Radii radii;        // its outer corner radii (px)
  float borderWidth;  // the positioning area (background-origin: padding-box) is rect less this on each side
  std::uint32_t index;  // the gradient: DrawList::gradientOf
};

struct TextCmd {
  float x, y;            // top-left of the line box
  float width;           // width the text is aligned within (0 = none)
  float sizePx;          // font size (em) in px
  std::uint32_t offset;  // first byte in the list's text arena
  std::uint32_t length;  // byte count
  Rgba8 color;           // text colour
  TextAlign align;       // left / center / right within `width`
};

struct ClipCmd {
  RectF rect;  // in the transform current at the push
};

struct OpacityCmd {
  float opacity;  // this group's own factor in [0, 1]
};

struct TransformCmd {
  Affine2D local;  // the pushed transform, before composition
};

// One command: a tag, the state it was recorded under, and a payload. POD,
// one cache line, all commands in one vector.
struct DrawCmd {
  DrawCmd() : rect{} {}  // zeroes the payload; the union's members have member initializers

  DrawOp op{DrawOp::Rect};
  std::uint8_t reserved[3]{};
  std::uint32_t state{0};  // index into DrawList::states(): the state in force after this command
  union {
    RectCmd rect;
    ShadowCmd shadow;
    GradientCmd gradient;
    TextCmd text;
    ClipCmd clip;
    OpacityCmd opacity;
    TransformCmd transform;
  };
};
static_assert(sizeof(DrawCmd) == 64, "a draw command is one cache line");
static_assert(std::is_trivially_copyable_v<DrawCmd>, "draw commands are copied as bytes");

// ---------------------------------------------------------------------------
// [SECTION] DrawState
// ---------------------------------------------------------------------------

// The effective state of a command: its transforms composed root-first and
// its opacity groups multiplied. Index 0 is always {identity, 1}.
struct DrawState {
  Affine2D transform{};  // local px -> device px
  float opacity{1.0f};   // product of every enclosing opacity group
};

// ---------------------------------------------------------------------------
// [SECTION] DrawList
// ---------------------------------------------------------------------------

// Options of a bordered/rounded rectangle (designated initializers read well).
struct RectStyle {
  Radii radii{};                       // corner radii (px)
  float borderWidth{0.0f};             // px; 0 = none
  Color border{Color::transparent()};  // border colour
};

// Options of a box shadow.
struct ShadowStyle {
  float offsetX{0.0f}, offsetY{0.0f};  // px
  float blur{0.0f};                    // CSS blur radius (px)
  float spread{0.0f};                  // px
  Color color{Color::black()};
  bool inset{false};
};

// Options of a text run.
struct TextStyle {
  float sizePx{16.0f};  // font size in px
  Color color{Color::black()};
  TextAlign align{TextAlign::Left};  // within `width`
  float width{0.0f};                 // the box the text aligns in (0 = start at x)
};

class DrawList {
 public:
  DrawList();

  // --- Frame -------------------------------------------------------------
  void reset();  // rewinds everything, keeps capacity (call once per frame)
  void reserve(std::size_t commands, std::size_t textBytes);  // pre-grows the vectors

  // --- Drawing (each records with the current state) ---------------------
  void rect(const RectF& r, const Color& fill) { rect(r, Rgba8::from(fill)); }  // square corners, no border
  // The same with the fill already in 8 bits (a caller that keeps it converted).
  ZENIT_ALWAYS_INLINE void rect(const RectF& r, Rgba8 fill) {
    DrawCmd& c = append();
    c.op = DrawOp::Rect;
    c.state = current_;
    c.rect.rect = r;
    c.rect.fill = fill;
  }
  void rect(const RectF& r, const Color& fill, const RectStyle& style);  // rounded corners and/or border

  // --- Runs of rectangles (a parent replaying its leaves) ------------------
  // Room for up to n commands after the recorded ones: the caller writes
  // them with writeRect, then commitRun(count) adds the first `count` to the
  // list, before anything else is recorded. One bounds test per run.
  ZENIT_ALWAYS_INLINE DrawCmd* beginRun(std::size_t n) {
    if (cmds_.size() - count_ < n) [[unlikely]]
      growTo(count_ + n);
    return cmds_.data() + count_;
  }
  void commitRun(std::size_t count) { count_ += count; }
  // The command rect(r, fill) records under `state` (currentState()), written whole at once.
  ZENIT_ALWAYS_INLINE static void writeRect(DrawCmd& c, std::uint32_t state, const RectF& r, Rgba8 fill) {
    std::memset(static_cast<void*>(&c), 0, sizeof(DrawCmd));  // what DrawCmd{} holds, as four wide stores
    c.op = DrawOp::Rect;
    c.state = state;
    c.rect.rect = r;
    c.rect.fill = fill;
  }
  void shadow(const RectF& box, const Radii& radii, const ShadowStyle& s);  // box-shadow of a (rounded) box
  // One shadow() per visible outer shadow of `list`, cast by the border box
  // `box`, the last first, so the list's first is on top (CSS). A box draws
  // them before its background.
  void outerShadows(const RectF& box, const Radii& radii, const ShadowList& list);
  // The same for the inset shadows, drawn after the background: CSS casts
  // them inside the padding box, `box` less `borderWidth` on each side, with
  // the inner radii (each corner's radius less the border width).
  void insetShadows(const RectF& box, const Radii& radii, float borderWidth, const ShadowList& list);
  void text(float x, float y, std::string_view utf8, const TextStyle& s);  // one line; the bytes are copied
  // A gradient background of the border box `box`, positioned in its padding
  // box (box less borderWidth) and tiled over the border box, as CSS paints
  // background-image. Drawn over the background colour, under the border.
  // The gradient is copied into the list's side table.
  void gradient(const RectF& box, const Radii& radii, float borderWidth, const GradientImage& g);
  // Records the commands [begin, end) of `from` again, in order, under this
  // list's current state: drawing commands as they are, pushes and pops
  // through pushClip / pushOpacity / pushTransform and the pops, so the
  // states are composed anew. `from` must not be this list, and its range
  // must hold as many pops of each kind as pushes.
  void replay(const DrawList& from, std::size_t begin, std::size_t end);

  // --- State stacks (pops must match the kind of the last open push) -----
  void pushClip(const RectF& r);  // intersects the clip with r (in the current transform)
  void popClip();
  void pushOpacity(float opacity);  // group opacity; NaN counts as 1, range clamps to [0, 1]
  void popOpacity();
  void pushTransform(const Affine2D& local);  // current = current * local
  void popTransform();

  // --- Reading -----------------------------------------------------------
  std::span<const DrawCmd> commands() const { return {cmds_.data(), count_}; }
  std::size_t size() const { return count_; }  // command count
  bool empty() const { return count_ == 0; }
  std::span<const DrawState> states() const { return {states_.data(), states_.size()}; }
  const DrawState& state(std::uint32_t index) const { return states_[index]; }
  const DrawState& stateOf(const DrawCmd& c) const {
    return states_[c.state];
  }                                                  // effective transform/opacity
  std::string_view textOf(const TextCmd& t) const {  // the text of a Text command
    return std::string_view(text_.data() + t.offset, t.length);
  }
  const GradientImage& gradientOf(const GradientCmd& g) const {  // the gradient of a Gradient command
    return gradients_[g.index];
  }
  std::uint32_t currentState() const { return current_; }   // state the next command will use
  std::size_t openPushes() const { return stack_.size(); }  // pushes not yet popped
  std::size_t unbalancedPops() const {
    return badPops_;
  }  // pops ignored since reset (no or another kind of push open)

  // Capacity actually held (for tests that check reuse).
  std::size_t commandCapacity() const { return cmds_.size(); }
  std::size_t textCapacity() const { return text_.capacity(); }

 private:
  struct Open {
    DrawOp push;             // PushClip / PushOpacity / PushTransform
    std::uint32_t previous;  // state index to restore
  };
  // The next command slot, zeroed. The storage only grows: a frame re-records
  // into the slots of the last one, with one bounds test and no vector call.
  ZENIT_ALWAYS_INLINE DrawCmd& append() {
    if (count_ == cmds_.size()) [[unlikely]]
      grow();
    DrawCmd& c = cmds_[count_++];
    std::memset(static_cast<void*>(&c), 0, sizeof(DrawCmd));  // what DrawCmd{} holds, as four wide stores
    return c;
  }
  void grow();
  void growTo(std::size_t count);  // storage for at least `count` commands
  void pushState(DrawOp op, const DrawState& s);
  void pop(DrawOp push, DrawOp popOp);

  std::vector<DrawCmd> cmds_;  // storage: the first count_ are this frame's commands
  std::size_t count_{0};
  std::vector<DrawState> states_;
  std::vector<Open> stack_;
  std::vector<char> text_;                // arena of every Text command's bytes
  std::vector<GradientImage> gradients_;  // every Gradient command's gradient, in command order
  std::uint32_t current_{0};
  std::size_t badPops_{0};
  bool warnedBadPop_{false};
};

}  // namespace zenit
