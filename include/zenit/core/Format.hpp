// Number formatting shared by every serialiser (getComputedStyle-style
// output, easing and dump printing), so all of them print numbers alike.
#pragma once

#include <string>

namespace zenit {

// A number as Chromium's getComputedStyle prints it: at most 6 significant
// digits, no trailing zeros, no exponent for ordinary magnitudes, "-0" as
// "0": 0.5 -> "0.5", 12.50 -> "12.5", 1e-7 -> "0", 123456.7 -> "123457".
std::string formatCssNumber(double v);

// Appends formatCssNumber(v) to out (no allocation when out has room).
void appendCssNumber(std::string& out, double v);

}  // namespace zenit
