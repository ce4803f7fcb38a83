// Part taps: what a leaf run keeps of a widget's part boxes so that it can
// replay the widget's commands while only its part animations move.
//
// A parent's run (LeafDraw.cpp) records a widget that retains its paint
// (LayoutAccess::retainPaint) once: its commands, and for each part box
// it painted through paintPart a tap, which says where that box's colours
// and border width came from. While the run stands, the only thing that
// changes in such a widget is what its parked part animations write into
// its parts' shown styles; the replay copies the commands and lets each tap
// re-derive its command from the part's values of the moment. A tap whose
// part would now record another command (a fill that became transparent,
// a border that appeared) declines, and the widget is drawn anew.
//
// The paint rule stays with the widgets (Paint.cpp): a tap carries the
// function that re-derives its command, and everything besides the part's
// values that the rule read, which is fixed while the run stands.
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/style/Style.hpp>

#include <cstdint>
#include <vector>

namespace zenit::detail {

struct PartTap {
  static constexpr std::uint32_t kNoCommand = 0xFFFFFFFFu;
  // How the box recorded: nothing, a square fill, or a rounded or bordered rectangle.
  enum class Form : std::uint8_t { None, Square, Styled };
  // Writes the box's command from the part's values of the moment over
  // `cmd` (null when the box recorded none); false when the box would
  // record another form now, `cmd` then unspecified.
  using Replay = bool (*)(const PartTap& tap, DrawCmd* cmd);

  const Style* part{nullptr};  // the part style the box was painted from
  Replay replay{nullptr};
  PropSet reads;                  // what replay reads of *part
  std::uint32_t cmd{kNoCommand};  // its command, counted from the widget's first
  Form form{Form::None};          // what it recorded
  bool fillFromColor{false};      // PartDefaults::fillFromColor
  bool rounded{false};            // its radii were not all zero
  Color background;               // the PartDefaults the box was painted with
  Color border;
  float borderWidth{0.0f};
  // The border width that placed the box's inset shadows (CSS casts them
  // inside the border), negative when it has none: replay fails when the
  // width changes, since the shadows would move.
  float insetShadowBorder{-1.0f};
};

// Where paintPart reports the boxes it paints into `list` while a run
// records a widget (set by the run around that widget's draw, else null).
struct TapRecorder {
  const DrawList* list{nullptr};
  std::size_t first{0};  // the widget's first command in `list`
  std::vector<PartTap>* taps{nullptr};
};
TapRecorder*& tapRecorder();

}  // namespace zenit::detail
