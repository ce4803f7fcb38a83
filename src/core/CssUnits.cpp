// The length units' factors (CssUnits.hpp).
#include "core/CssUnits.hpp"

#include <zenit/core/Value.hpp>

#include <initializer_list>

namespace zenit::detail {

double lengthUnit(std::string_view unit, std::uint8_t& relative, std::string_view& unsupported) {
  relative = 0;
  // `px` as written (lower case) is nearly every length: two byte compares.
  if (unit.size() == 2 && unit[0] == 'p' && unit[1] == 'x') return 1.0;
  if (wordIs(unit, "px")) return 1.0;
  const auto rel = [&relative](std::uint8_t bit) {
    relative = bit;
    return 0.0;
  };
  if (wordIs(unit, "em")) return rel(Value::kEm);
  if (wordIs(unit, "in")) return 96.0;
  if (wordIs(unit, "cm")) return 96.0 / 2.54;
  if (wordIs(unit, "mm")) return 96.0 / 25.4;
  if (wordIs(unit, "q")) return 96.0 / 101.6;
  if (wordIs(unit, "pt")) return 96.0 / 72.0;
  if (wordIs(unit, "pc")) return 16.0;
  if (wordIs(unit, "rem")) return rel(Value::kRem);
  if (wordIs(unit, "vw")) return rel(Value::kVw);
  if (wordIs(unit, "vh")) return rel(Value::kVh);
  if (wordIs(unit, "vmin")) return rel(Value::kVmin);
  if (wordIs(unit, "vmax")) return rel(Value::kVmax);
  for (std::string_view u : {"ch",  "ex",  "lh",  "cap", "ic", "rlh", "svw", "svh", "lvw", "lvh",
                             "dvw", "dvh", "cqw", "cqh", "vi", "vb",  "rch", "rex", "ric", "rcap"})
    if (equalsLower(unit, u)) unsupported = u;
  return -1.0;
}

const char* relativeUnitName(std::uint8_t unit) {
  switch (unit) {
    case Value::kRem: return "rem";
    case Value::kVw: return "vw";
    case Value::kVh: return "vh";
    case Value::kVmin: return "vmin";
    case Value::kVmax: return "vmax";
    default: return "em";
  }
}

}  // namespace zenit::detail
