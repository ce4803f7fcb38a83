// The list readers' one piece out of line: a transition's property name
// (values/Lists.hpp reads the rest of both lists).
#include "Lists.hpp"

#include <string_view>

namespace zenit::detail {

void describeTransitionProperty(std::string_view written, TransitionRef& ref, PropertyCache* names) {
  ref.all = false;
  ref.known = false;
  ref.prop = Prop{};
  if (written.size() == 3 && (written[0] | 0x20) == 'a' && (written[1] | 0x20) == 'l' &&
      (written[2] | 0x20) == 'l') {
    ref.property = "all";
    ref.all = true;
    ref.known = true;
    return;
  }
  if (const PropertyEntry* e = findPropertyIn(names, written)) {
    ref.property.assign(e->name);  // known names are ASCII case-insensitive: keep the canonical spelling
    if (e->handler == Handler::Row) {
      ref.known = true;
      ref.prop = e->row;
    }
    return;
  }
  ref.property.assign(written);
}

}  // namespace zenit::detail
