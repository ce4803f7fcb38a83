// The box's values' parts that need no cursor (Box.hpp).
#include "Box.hpp"

namespace zenit::detail {

bool isLineStyleName(std::string_view text) {
  // A static table: a braced list here was rebuilt (ten strlen) on every call.
  static constexpr std::string_view kStyles[] = {"none",   "hidden", "dotted", "dashed", "solid",
                                                 "double", "groove", "ridge",  "inset",  "outset"};
  for (std::string_view k : kStyles)
    if (asciiIs(text, k)) return true;
  return false;
}

}  // namespace zenit::detail
