// The length units' factors (CssUnits.hpp).
#include "core/CssUnits.hpp"

#include <initializer_list>

namespace zenit::detail {

double lengthUnit(std::string_view unit, bool& isEm, std::string_view& unsupported) {
  isEm = false;
  // `px` as written (lower case) is nearly every length: two byte compares.
  if (unit.size() == 2 && unit[0] == 'p' && unit[1] == 'x') return 1.0;
  if (wordIs(unit, "px")) return 1.0;
  if (wordIs(unit, "em")) {
    isEm = true;
    return 0.0;
  }
  if (wordIs(unit, "in")) return 96.0;
  if (wordIs(unit, "cm")) return 96.0 / 2.54;
  if (wordIs(unit, "mm")) return 96.0 / 25.4;
  if (wordIs(unit, "q")) return 96.0 / 101.6;
  if (wordIs(unit, "pt")) return 96.0 / 72.0;
  if (wordIs(unit, "pc")) return 16.0;
  for (std::string_view u : {"rem", "vw", "vh", "vmin", "vmax", "ch", "ex", "lh", "cap", "ic", "rlh", "svw",
                             "svh", "lvw", "lvh", "dvw", "dvh", "cqw", "cqh"})
    if (equalsLower(unit, u)) unsupported = u;
  return -1.0;
}

}  // namespace zenit::detail
