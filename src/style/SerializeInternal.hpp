// How an animation or transition entry and its names are written, shared by
// getComputedStyle-style serialisation (Serialize.cpp) and the declared
// values of `zenit-style dump` (Dump.cpp): one spelling, which reads back
// to the same values.
#pragma once

#include <zenit/style/Style.hpp>

#include <string>
#include <string_view>

namespace zenit::detail {

// The float rows that are a <length> in px, not a <number>: written with
// `px`. (A PF_PX flag in BUBBLE_STYLE_PROPS would let the row itself say so.)
constexpr bool isPxNumber(Prop p) {
  return p == Prop::borderWidth || p == Prop::outlineWidth || p == Prop::outlineOffset;
}

// CSSOM's "serialize an identifier" (`my anim` as my\ anim) and "serialize
// a string" (in double quotes, `"` and `\` escaped).
void appendIdent(std::string& out, std::string_view id);
void appendCssString(std::string& out, std::string_view s);

// A time in seconds ("0.5s") and an iteration count ("2", "infinite").
void appendSeconds(std::string& out, double seconds);
void appendIterations(std::string& out, double n);

// Every longhand in Chromium's order, the name last: duration easing delay
// count direction fill state name. With every keyword slot written before
// it, a name spelled like a keyword (`forwards`, `ease`, `infinite`) reads
// back as the name.
void appendAnimation(std::string& out, const AnimationRef& a);
// A @keyframes name: `none` when empty; a string for the words a name
// cannot be as an identifier (`"none"`, `"initial"` …); otherwise an
// identifier, escaped as CSSOM escapes it (`a\ b`, `\31 s`).
void appendAnimationName(std::string& out, std::string_view name);

// Chromium's shortest form, the property first ("opacity 1s", "1s",
// "left 1s -1s"). A property name that another part would read first (an
// easing keyword such as `ease`, or `normal` / `allow-discrete`) is written
// last, after that part ("1s ease ease"), unless that part already follows
// it spelled the same ("linear 1s linear", as Chromium writes it).
void appendTransition(std::string& out, const TransitionRef& t);
// A transition-property name as written (escaped as an identifier).
void appendTransitionPropertyName(std::string& out, std::string_view name);

// A background-image as getComputedStyle writes it: `none`, or the
// gradient with its defaults left out ("linear-gradient(rgb(255, 0, 0),
// rgb(0, 0, 255))", "radial-gradient(circle at 0% 0%, …)").
void appendGradient(std::string& out, const GradientImage& g);

}  // namespace zenit::detail
