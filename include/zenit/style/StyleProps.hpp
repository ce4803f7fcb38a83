// BUBBLE_STYLE_PROPS: the single source of truth for style properties.
//
// One row per property: X(Type, field, default, "css-name", flags). From it
// style/Style.hpp generates the Prop id enum, the Style (Opt<T>) and
// ComputedStyle fields, defaults, equality, the name tables, the PropSet
// bitset and the dispatch that parsing, serialisation and interpolation use.
// A 3-column consumer (as in the seed) is written `#define X(T, name, def, ...)`.
//
// Row order is memory order: the properties a draw reads every frame come
// first, so they share cache lines.
//
// Flags: PF_INHERIT  inherited by default (CSS)        PF_LAYOUT  changes layout
//        PF_ANIM     animatable (not discrete-only)    PF_PAINT   read by draw
//        PF_ANGLE    number is an <angle>, stored deg  PF_NONNEG  negatives invalid
//        PF_UNIT     number clamped to [0, 1] (opacity, accepts %)
//
// Names that are not CSS longhands: translate-x / translate-y / scale-x /
// scale-y / skew-x / skew-y / transform-origin-x / -y are ZenitUI's own
// longhands; CSS's
// `transform`, `translate`, `rotate`, `scale`, `transform-origin`, `gap`,
// `inset`, `border`, `outline` and `flex` shorthands are mapped onto them by
// the parser.
#pragma once

#include <cstdint>

namespace zenit {

enum PropFlag : std::uint8_t {
  PF_NONE = 0,
  PF_INHERIT = 1u << 0,
  PF_LAYOUT = 1u << 1,
  PF_ANIM = 1u << 2,
  PF_PAINT = 1u << 3,
  PF_ANGLE = 1u << 4,
  PF_NONNEG = 1u << 5,
  PF_UNIT = 1u << 6,
};

// clang-format off
#define BUBBLE_STYLE_PROPS(X)                                                                                              \
  /* paint: read by every draw */                                                                                          \
  X(float,             opacity,          1.0f,                        "opacity",            PF_ANIM | PF_PAINT | PF_UNIT)   \
  X(Value,             translateX,       Px(0.0f),                    "translate-x",        PF_ANIM | PF_PAINT)             \
  X(Value,             translateY,       Px(0.0f),                    "translate-y",        PF_ANIM | PF_PAINT)             \
  X(float,             scaleX,           1.0f,                        "scale-x",            PF_ANIM | PF_PAINT)             \
  X(float,             scaleY,           1.0f,                        "scale-y",            PF_ANIM | PF_PAINT)             \
  X(float,             rotate,           0.0f,                        "rotate",             PF_ANIM | PF_PAINT | PF_ANGLE)  \
  X(float,             skewX,            0.0f,                        "skew-x",             PF_ANIM | PF_PAINT | PF_ANGLE)  \
  X(float,             skewY,            0.0f,                        "skew-y",             PF_ANIM | PF_PAINT | PF_ANGLE)  \
  X(Color,             backgroundColor,  Color::transparent(),        "background-color",   PF_ANIM | PF_PAINT)             \
  X(Color,             color,            Color::black(),              "color",              PF_ANIM | PF_PAINT | PF_INHERIT)\
  X(float,             borderWidth,      0.0f,                        "border-width",       PF_ANIM | PF_PAINT | PF_LAYOUT | PF_NONNEG) \
  X(Color,             borderColor,      Color::black(),              "border-color",       PF_ANIM | PF_PAINT)             \
  X(Corners,           borderRadius,     Corners{},                   "border-radius",      PF_ANIM | PF_PAINT | PF_NONNEG) \
  X(ShadowList,        boxShadow,        ShadowList{},                "box-shadow",         PF_ANIM | PF_PAINT)             \
  X(Value,             transformOriginX, Pct(50.0f),                  "transform-origin-x", PF_ANIM | PF_PAINT)             \
  X(Value,             transformOriginY, Pct(50.0f),                  "transform-origin-y", PF_ANIM | PF_PAINT)             \
  X(Visibility,        visibility,       Visibility::Visible,         "visibility",         PF_ANIM | PF_PAINT | PF_INHERIT)\
  X(ZIndex,            zIndex,           ZIndex::makeAuto(),          "z-index",            PF_ANIM | PF_PAINT)             \
  X(Overflow,          overflow,         Overflow::Visible,           "overflow",           PF_PAINT)                       \
  X(float,             outlineWidth,     0.0f,                        "outline-width",      PF_ANIM | PF_PAINT | PF_NONNEG) \
  X(Color,             outlineColor,     Color::black(),              "outline-color",      PF_ANIM | PF_PAINT)             \
  X(float,             outlineOffset,    0.0f,                        "outline-offset",     PF_ANIM | PF_PAINT)             \
  X(GradientImage,     backgroundImage,  GradientImage{},             "background-image",   PF_ANIM | PF_PAINT)             \
  /* box */                                                                                                                \
  X(Value,             width,            Value::makeAuto(),           "width",              PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(Value,             height,           Value::makeAuto(),           "height",             PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(Value,             minWidth,         Value::makeAuto(),           "min-width",          PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(Value,             minHeight,        Value::makeAuto(),           "min-height",         PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(Value,             maxWidth,         Value::makeNone(),           "max-width",          PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(Value,             maxHeight,        Value::makeNone(),           "max-height",         PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(Spacing,           padding,          Spacing{},                   "padding",            PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(Spacing,           margin,           Spacing{},                   "margin",             PF_ANIM | PF_LAYOUT)            \
  X(Value,             rowGap,           Px(0.0f),                    "row-gap",            PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(Value,             columnGap,        Px(0.0f),                    "column-gap",         PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  /* position */                                                                                                           \
  X(Display,           display,          Display::Flex,               "display",            PF_LAYOUT)                      \
  X(Position,          position,         Position::Static,            "position",           PF_LAYOUT)                      \
  X(Value,             left,             Value::makeAuto(),           "left",               PF_ANIM | PF_LAYOUT)            \
  X(Value,             top,              Value::makeAuto(),           "top",                PF_ANIM | PF_LAYOUT)            \
  X(Value,             right,            Value::makeAuto(),           "right",              PF_ANIM | PF_LAYOUT)            \
  X(Value,             bottom,           Value::makeAuto(),           "bottom",             PF_ANIM | PF_LAYOUT)            \
  /* flex */                                                                                                               \
  X(FlexDirection,     flexDirection,    FlexDirection::Row,          "flex-direction",     PF_LAYOUT)                      \
  X(FlexWrap,          flexWrap,         FlexWrap::NoWrap,            "flex-wrap",          PF_LAYOUT)                      \
  X(float,             flexGrow,         0.0f,                        "flex-grow",          PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(float,             flexShrink,       1.0f,                        "flex-shrink",        PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(Value,             flexBasis,        Value::makeAuto(),           "flex-basis",         PF_ANIM | PF_LAYOUT | PF_NONNEG)\
  X(Align,             alignItems,       Align::Stretch,              "align-items",        PF_LAYOUT)                      \
  X(Align,             alignSelf,        Align::Auto,                 "align-self",         PF_LAYOUT)                      \
  X(Align,             alignContent,     Align::Stretch,              "align-content",      PF_LAYOUT)                      \
  X(Justify,           justifyContent,   Justify::FlexStart,          "justify-content",    PF_LAYOUT)                      \
  /* text */                                                                                                               \
  X(Value,             fontSize,         Px(16.0f),                   "font-size",          PF_ANIM | PF_LAYOUT | PF_INHERIT | PF_NONNEG) \
  X(TextAlign,         textAlign,        TextAlign::Left,             "text-align",         PF_INHERIT)                     \
  /* animation: lists, not animatable */                                                                                   \
  X(AnimationList,     animations,       AnimationList{},             "animation",          PF_NONE)                        \
  X(TransitionList,    transitions,      TransitionList{},            "transition",         PF_NONE)
// clang-format on

}  // namespace zenit
