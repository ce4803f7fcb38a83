// Clip positions (core/ClipPosition.hpp): GSAP's position syntax read and
// printed back, with units, and the errors.
#include <zenit/core/ClipPosition.hpp>

#include <string>

#include "support/zenit_test.hpp"

using namespace zenit;
using zenit::test::Approx;

namespace {

ClipPosition pos(std::string_view text) {
  std::string error;
  const std::optional<ClipPosition> p = parsePosition(text, &error);
  INFO(error);
  REQUIRE(p);
  return *p;
}

}  // namespace

TEST_CASE("clip position: reads and prints GSAP's syntax") {
  const auto round = [](std::string_view text) { return toString(pos(text)); };
  CHECK(round("2") == "2");
  CHECK(round("+=1") == "+=1");
  CHECK(round("-=0.5") == "-=0.5");
  CHECK(round("<") == "<");
  CHECK(round(">") == ">");
  CHECK(round("<0.5") == "<0.5");
  CHECK(round("<+=0.5") == "<0.5");
  CHECK(round(">-=0.2") == ">-0.2");
  CHECK(round("<50%") == "<50%");
  CHECK(round(">+=50%") == ">+=50%");
  CHECK(round("intro") == "intro");
  CHECK(round("intro+=1") == "intro+=1");
  CHECK(round("intro-=25%") == "intro-=25%");
  CHECK(round("+=50%") == "+=50%");

  CHECK(pos("<50%").unit == ClipPosition::Unit::PercentOfPrevious);
  CHECK(pos("<+=50%").unit == ClipPosition::Unit::PercentOfInserted);
  CHECK(pos("-=50%").offset == -50.0);

  std::string error;
  CHECK_FALSE(parsePosition("", &error));
  CHECK_FALSE(parsePosition("+=x", &error));
  CHECK(error.find("+=") != std::string::npos);
  CHECK_FALSE(parsePosition("<abc", &error));
  CHECK_FALSE(parsePosition("50%", &error));
  CHECK(error.find("anchor") != std::string::npos);
  CHECK_FALSE(parsePosition("a*=1", &error));

  // Times take units.
  CHECK(pos("<+=100ms").offset == Approx(0.1));
  CHECK(pos("2s").offset == 2.0);
  CHECK(pos("intro-=250ms").offset == Approx(-0.25));
  CHECK(pos("> +=1s").offset == 1.0);  // a space after the anchor is fine
  CHECK_FALSE(parsePosition("1 s", &error));
  CHECK_FALSE(parsePosition("my label", &error));
}
