// Value serialisation, as getComputedStyle prints a <length-percentage>.
#include <zenit/core/Format.hpp>
#include <zenit/core/Value.hpp>

#include "core/CssUnits.hpp"

#include <cmath>

namespace zenit {

namespace {
struct Term {
  double v;
  const char* unit;
};
}  // namespace

// Which parts print follows Chromium's interpolated lengths: a percentage
// part that was written stays even at 0 (0px -> 50% at t = 0 prints "0%"),
// a zero px or em part is dropped (at t = 0.5 it prints "25%"). Several
// parts print as calc() sorted as CSS Values 4 sorts a sum: the
// percentage first, then dimensions by unit name (em before px, px before
// rem, vh, vmax, vmin and vw). A written rem or viewport unit (in a declared
// value only) prints even at 0.
std::string toCss(const Value& v) {
  if (v.kind == ValueKind::Auto) return "auto";
  if (v.kind == ValueKind::None) return "none";

  const bool hasPct = (v.units & Value::kPct) != 0 || v.pct != 0.0f;
  const std::uint8_t rel = v.relativeUnit();
  const bool hasRel = v.em != 0.0f || (v.units & Value::kRootOrViewport) != 0;
  const bool hasPx = v.px != 0.0f || (!hasPct && !hasRel);
  const bool relFirst = rel == Value::kEm;  // "em" sorts before "px", the others after

  Term terms[3]{};
  int n = 0;
  if (hasPct) terms[n++] = Term{static_cast<double>(v.pct), "%"};
  if (hasRel && relFirst) terms[n++] = Term{static_cast<double>(v.em), "em"};
  if (hasPx) terms[n++] = Term{static_cast<double>(v.px), "px"};
  if (hasRel && !relFirst) terms[n++] = Term{static_cast<double>(v.em), detail::relativeUnitName(rel)};

  std::string out;
  out.reserve(32);
  if (n == 1) {
    appendCssNumber(out, terms[0].v);
    out += terms[0].unit;
    return out;
  }
  out += "calc(";
  appendCssNumber(out, terms[0].v);
  out += terms[0].unit;
  for (int i = 1; i < n; ++i) {
    out += terms[i].v < 0.0 ? " - " : " + ";
    appendCssNumber(out, std::fabs(terms[i].v));
    out += terms[i].unit;
  }
  out += ')';
  return out;
}

}  // namespace zenit
