// Number formatting shared by every serialiser (getComputedStyle style).
#include <zenit/core/Format.hpp>

#include "support/zenit_test.hpp"

using zenit::formatCssNumber;

TEST_CASE("formatCssNumber prints like getComputedStyle", "[core][format]") {
  CHECK(formatCssNumber(0.5) == "0.5");
  CHECK(formatCssNumber(12.5) == "12.5");
  CHECK(formatCssNumber(100.0) == "100");
  CHECK(formatCssNumber(-0.0) == "0");
  CHECK(formatCssNumber(1e-7) == "0");
  CHECK(formatCssNumber(0.92388) == "0.92388");
  CHECK(formatCssNumber(59.65625) == "59.6562");  // %g rounds half to even on the binary value
  CHECK(formatCssNumber(109.21875) == "109.219");
  CHECK(formatCssNumber(123456.7) == "123457");
  CHECK(formatCssNumber(2500000.0) == "2500000");
  CHECK(formatCssNumber(-3.9933) == "-3.9933");
}
