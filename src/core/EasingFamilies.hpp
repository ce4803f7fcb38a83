// The named easing families as Easing.cpp evaluates them and
// EasingParse.cpp reads and prints them: the family of an EaseKind, its
// mode, and which presets are GSAP's own curves. Not part of the API.
#pragma once

#include <zenit/core/Easing.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace zenit::easing {

enum class Family : std::uint8_t {
#define ZENIT_DETAIL_FAMILY(F) F,
  ZENIT_EASE_FAMILIES(ZENIT_DETAIL_FAMILY)
#undef ZENIT_DETAIL_FAMILY
};

// Family names as the X-macro spells them ("Sine"); printed lower-case.
constexpr std::string_view kFamilyNames[] = {
#define ZENIT_DETAIL_FAMILY_NAME(F) #F,
    ZENIT_EASE_FAMILIES(ZENIT_DETAIL_FAMILY_NAME)
#undef ZENIT_DETAIL_FAMILY_NAME
};
constexpr std::size_t kFamilyCount = std::size(kFamilyNames);

constexpr std::size_t kFirstFamilyKind = static_cast<std::size_t>(EaseKind::EaseInSine);
static_assert(static_cast<std::size_t>(EaseKind::EaseInOutBounce) == kFirstFamilyKind + 3 * kFamilyCount - 1,
              "EaseKind lists each family as in, out, in-out, after the CSS kinds");

constexpr Family familyOf(EaseKind k) {
  return static_cast<Family>((static_cast<std::size_t>(k) - kFirstFamilyKind) / 3);
}
constexpr EaseMode modeOf(EaseKind k) {
  return static_cast<EaseMode>((static_cast<std::size_t>(k) - kFirstFamilyKind) % 3);
}
constexpr EaseKind familyKind(Family family, EaseMode m) {
  return static_cast<EaseKind>(kFirstFamilyKind + 3 * static_cast<std::size_t>(family) +
                               static_cast<std::size_t>(m));
}

// TransitionFunction::preset of a family that is GSAP 3's curve, not
// Penner's: back and elastic of the parameters in p
// (TransitionFunction::back, ::elastic) and GSAP's expo (::expo).
constexpr std::uint8_t kGsapCurve = 1;

constexpr bool isGsapFamily(Family f) {
  return f == Family::Back || f == Family::Elastic || f == Family::Expo;
}
// Whether `fn` is one of GSAP's curves.
constexpr bool isGsapCurve(const TransitionFunction& fn) {
  return fn.preset == kGsapCurve && static_cast<std::size_t>(fn.kind) >= kFirstFamilyKind &&
         isGsapFamily(familyOf(fn.kind));
}

}  // namespace zenit::easing
