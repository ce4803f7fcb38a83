// GSAP 3's ease names (include/zenit/core/Easing.hpp, docs/easing.md "GSAP
// eases"): values against GSAP 3.15.0 itself, the names and their aliases,
// the factories, parse errors, serialisation and the per-frame evaluators.
// The stylesheet's spelling is tested in tests/style/test_parser_gsap_easing.cpp.
//
// [SECTION] GSAP's recorded values (shared/gsap/easing.json)
// [SECTION] More recorded values: parameters above and below the defaults
// [SECTION] Names, aliases and kinds
// [SECTION] Factories
// [SECTION] Parse errors
// [SECTION] Debug::toString, equality and the round trip
// [SECTION] Evaluators: easeFnOf, sharedEasing, bounded outputs
#include <zenit/core/Easing.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>

#include "core/EaseEval.hpp"
#include "core/EasingGrammar.hpp"
#include "support/zenit_test.hpp"

using namespace zenit;

namespace {

// Within this of GSAP's recorded value (its formulas, evaluated in double
// here as in JavaScript: the differences are rounding, about 1e-15).
constexpr double kGsapTolerance = 1e-6;

TransitionFunction parsed(std::string_view text) {
  std::string error;
  const auto f = parseEasing(text, &error);
  INFO("parseEasing(\"" << std::string(text) << "\"): " << error);
  REQUIRE(f.has_value());
  return *f;
}

std::string errorOf(std::string_view text) {
  std::string error;
  const auto f = parseEasing(text, &error);
  INFO("parseEasing(\"" << std::string(text) << "\") should fail");
  CHECK_FALSE(f.has_value());
  return error;
}

bool sameBits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// GSAP 3.15.0's gsap.parseEase(name)(p) at kRecordedPoints, copied from
// shared/gsap/easing.json (steps(5), GSAP's own steps, left out).
constexpr double kRecordedPoints[] = {0,    0.001, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4,   0.45, 0.5,
                                      0.55, 0.6,   0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.999, 1};
struct Recorded {
  const char* name;
  double value[std::size(kRecordedPoints)];
};
const Recorded kRecorded[] = {
    {"power1.in",
     {0.0,
      1e-06,
      0.0025000000000000005,
      0.010000000000000002,
      0.0225,
      0.04000000000000001,
      0.0625,
      0.09,
      0.12249999999999998,
      0.16000000000000003,
      0.2025,
      0.25,
      0.30250000000000005,
      0.36,
      0.42250000000000004,
      0.48999999999999994,
      0.5625,
      0.6400000000000001,
      0.7224999999999999,
      0.81,
      0.9025,
      0.998001,
      1.0}},
    {"power2.out",
     {0.0,
      0.002997000999999999,
      0.1426250000000001,
      0.2709999999999999,
      0.3858750000000001,
      0.4879999999999999,
      0.578125,
      0.657,
      0.725375,
      0.784,
      0.833625,
      0.875,
      0.908875,
      0.9359999999999999,
      0.957125,
      0.973,
      0.984375,
      0.992,
      0.996625,
      0.999,
      0.999875,
      0.999999999,
      1.0}},
    {"power3.inOut",
     {0.0,
      8.000000000000001e-12,
      5.000000000000001e-05,
      0.0008000000000000001,
      0.00405,
      0.012800000000000002,
      0.03125,
      0.0648,
      0.12004999999999996,
      0.20480000000000004,
      0.32805000000000006,
      0.5,
      0.6719500000000002,
      0.7951999999999999,
      0.87995,
      0.9351999999999999,
      0.96875,
      0.9872,
      0.99595,
      0.9992,
      0.99995,
      0.999999999992,
      1.0}},
    {"sine.in",
     {0.0,
      1.2337002964768473e-06,
      0.003082666266872036,
      0.01231165940486223,
      0.027630079602323443,
      0.04894348370484647,
      0.07612046748871326,
      0.1089934758116321,
      0.1473598356459077,
      0.19098300562505255,
      0.23959403439996907,
      0.2928932188134524,
      0.35055195166981645,
      0.41221474770752686,
      0.4775014352840511,
      0.5460095002604531,
      0.6173165676349102,
      0.6909830056250525,
      0.7665546361440945,
      0.843565534959769,
      0.921540904272155,
      0.9984292043191692,
      1.0}},
    {"expo.out",
     {0.0,
      0.006906582078386125,
      0.2914939633415301,
      0.4968558999999999,
      0.6429071906519673,
      0.7475711999999999,
      0.8229228496212724,
      0.8772053000000001,
      0.916150962309843,
      0.9438375999999999,
      0.9632369161154625,
      0.9765625,
      0.9854892397958142,
      0.9912924,
      0.994938137134136,
      0.99714595,
      0.998435826599245,
      0.99916755,
      0.9995759975891485,
      0.9998037875,
      0.9999309317596498,
      0.9999990166449706,
      1.0}},
    {"circ.inOut",
     {0.0,
      1.000001000006634e-06,
      0.0025062814466900174,
      0.010102051443364402,
      0.02303039929152717,
      0.041742430504416006,
      0.0669872981077807,
      0.09999999999999998,
      0.1429285785728575,
      0.20000000000000007,
      0.2820550528229664,
      0.5,
      0.7179449471770338,
      0.7999999999999999,
      0.8570714214271424,
      0.8999999999999999,
      0.9330127018922193,
      0.958257569495584,
      0.9769696007084728,
      0.9898979485566356,
      0.9974937185533099,
      0.999998999999,
      1.0}},
    {"back.out(3)",
     {0.0,
      0.0059910039999999665,
      0.27800000000000014,
      0.5139999999999999,
      0.7110000000000001,
      0.8719999999999999,
      1.0,
      1.098,
      1.169,
      1.216,
      1.242,
      1.25,
      1.2429999999999999,
      1.224,
      1.196,
      1.162,
      1.125,
      1.088,
      1.054,
      1.026,
      1.0070000000000001,
      1.000002996,
      1.0}},
    {"elastic.out(1, 0.3)",
     {0.0,
      0.007125306158220379,
      0.6464466094067263,
      1.25,
      1.3535533905932737,
      1.125,
      0.9116116523516816,
      0.875,
      0.9558058261758408,
      1.03125,
      1.0441941738241591,
      1.015625,
      0.9889514565439602,
      0.984375,
      0.9944757282719802,
      1.00390625,
      1.00552427172802,
      1.001953125,
      0.998618932067995,
      0.998046875,
      0.9993094660339975,
      1.0004737348983368,
      1.0}},
    {"power2",
     {0.0,
      0.002997000999999999,
      0.1426250000000001,
      0.2709999999999999,
      0.3858750000000001,
      0.4879999999999999,
      0.578125,
      0.657,
      0.725375,
      0.784,
      0.833625,
      0.875,
      0.908875,
      0.9359999999999999,
      0.957125,
      0.973,
      0.984375,
      0.992,
      0.996625,
      0.999,
      0.999875,
      0.999999999,
      1.0}},
    {"back",
     {0.0,
      0.004695179541580274,
      0.21940879750000042,
      0.4088279800000001,
      0.5702837325000003,
      0.7058022399999999,
      0.8174096875000001,
      0.9071322600000002,
      0.9769961425,
      1.02902752,
      1.0652525775,
      1.0876975,
      1.0983884725,
      1.09935168,
      1.0926133075,
      1.08019954,
      1.0641365625,
      1.04645056,
      1.0291677175,
      1.01431422,
      1.0039162525,
      1.00000169887842,
      1.0}},
    {"back.inOut(3)",
     {0.0,
      -5.983999999958911e-06,
      -0.013000000000000012,
      -0.04400000000000004,
      -0.08099999999999996,
      -0.11199999999999999,
      -0.125,
      -0.10799999999999998,
      -0.049000000000000044,
      0.06400000000000006,
      0.24300000000000005,
      0.5,
      0.7570000000000002,
      0.9359999999999999,
      1.049,
      1.108,
      1.125,
      1.112,
      1.081,
      1.044,
      1.013,
      1.000005984,
      1.0}},
    {"elastic.out(0.5, 0.3)",
     {0.0,
      0.006961956454593965,
      0.38762756430420553,
      0.75,
      1.0,
      1.125,
      1.1530931089239487,
      1.125,
      1.0765465544619743,
      1.03125,
      1.0,
      0.984375,
      0.9808633613845065,
      0.984375,
      0.9904316806922532,
      0.99609375,
      1.0,
      1.001953125,
      1.0023920798269368,
      1.001953125,
      1.0011960399134683,
      1.0005005684363266,
      1.0}},
    {"quad.out",
     {0.0,
      0.001998999999999973,
      0.09750000000000003,
      0.18999999999999995,
      0.2775000000000001,
      0.3599999999999999,
      0.4375,
      0.51,
      0.5774999999999999,
      0.64,
      0.6975,
      0.75,
      0.7975000000000001,
      0.84,
      0.8775000000000001,
      0.9099999999999999,
      0.9375,
      0.96,
      0.9775,
      0.99,
      0.9974999999999999,
      0.999999,
      1.0}},
    {"strong.inOut",
     {0.0,
      1.6e-14,
      5.000000000000001e-06,
      0.00016000000000000004,
      0.0012149999999999997,
      0.005120000000000001,
      0.015625,
      0.03887999999999999,
      0.08403499999999997,
      0.16384000000000004,
      0.29524500000000004,
      0.5,
      0.7047550000000001,
      0.83616,
      0.915965,
      0.96112,
      0.984375,
      0.99488,
      0.998785,
      0.99984,
      0.999995,
      0.999999999999984,
      1.0}},
};

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] GSAP's recorded values (shared/gsap/easing.json)
// ---------------------------------------------------------------------------

TEST_CASE("GSAP eases: parseEasing gives GSAP 3.15.0's recorded values within 1e-6", "[core][easing][gsap]") {
  for (const Recorded& r : kRecorded) {
    const TransitionFunction fn = parsed(r.name);
    for (std::size_t i = 0; i < std::size(kRecordedPoints); ++i) {
      const double p = kRecordedPoints[i];
      INFO(r.name << " at p = " << p << ": expected " << r.value[i] << ", got " << getRatio(p, fn));
      CHECK(std::abs(getRatio(p, fn) - r.value[i]) <= kGsapTolerance);
    }
  }
}

// ---------------------------------------------------------------------------
// [SECTION] More recorded values
// ---------------------------------------------------------------------------

// Recorded the same way (node, gsap@3.15.0, gsap.parseEase(name)(p)):
// amplitude above 1 (it scales the curve) and below 1 (it lengthens the
// period instead), the period left out, elastic's and back's defaults,
// back.in(0) (a cubic) and a negative overshoot, and the other families'
// modes the file above does not hold.
struct Recorded2 {
  const char* name;
  double value[10];
};
constexpr double kMorePoints[] = {0.001, 0.1, 0.25, 0.3, 0.45, 0.5, 0.55, 0.7, 0.9, 0.999};
const Recorded2 kMore[] = {
    {"elastic.inOut(2, 0.5)",
     {0.0005164909528073136, 0.0004083143096392794, 0.015625, 0.061134225045862856, -0.3345653031794291, 0.5,
      1.3345653031794291, 0.9388657749541371, 0.9995916856903607, 0.9994835090471927}},
    {"elastic.in(0.5, 0.2)",
     {-0.0009832337152826387, 0.0, 0.00390625, 0.0, -0.015625, 0.0, 0.03125, 1.1102230246251565e-16,
      1.1102230246251565e-16, 0.9929699800803924}},
    {"elastic.out(3)",
     {0.06595025473968918, 2.474744871391589, 0.4785989504594623, 0.875, 1.0441941738241591,
      0.9390784455380256, 0.9348248688074328, 1.0230428886154936, 0.998046875, 1.0029110487638047}},
    {"elastic.out(1)",
     {0.007125306158220379, 1.25, 0.9116116523516816, 0.875, 1.0441941738241591, 1.015625, 0.9889514565439602,
      1.00390625, 0.998046875, 1.0004737348983368}},
    {"elastic.in",
     {-0.00047373489833679727, 0.001953125, -0.005524271728019947, -0.00390625, 0.011048543456039783,
      -0.015625, -0.04419417382415913, 0.125, -0.25, 0.9928746938417796}},
    {"elastic.inOut",
     {0.00009955315640741702, 0.00033915659700572975, 0.011969444423734044, 0.023938888847468087,
      0.04341204441673269, 0.5, 0.9565879555832677, 0.9760611111525319, 0.9996608434029943,
      0.9999004468435926}},
    {"elastic.inOut(0.3, 1.2)",
     {0.0000015553918031874225, 0.0006035488171385883, 0.011048543456039783, 0.02528178107421708,
      0.2469220851487845, 0.5, 0.7530779148512158, 0.9747182189257828, 0.9993964511828615,
      0.9999984446081969}},
    {"back.in(0)",
     {9.999999717180685e-10, 0.0010000000000000009, 0.015625, 0.027000000000000024, 0.09112500000000001,
      0.125, 0.16637500000000005, 0.34299999999999997, 0.7290000000000001, 0.997002999}},
    {"back.in(2.5)",
     {-0.0000024965000000598536, -0.021500000000000075, -0.1015625, -0.13050000000000006, -0.1873125, -0.1875,
      -0.17393749999999986, -0.02450000000000019, 0.5265, 0.9945079965000002}},
    {"back.inOut",
     {-0.0000033923536799651544, -0.023225280000000015, -0.04384874999999999, -0.014513760000000042,
      0.29558600999999995, 0.5, 0.7044139900000003, 1.01451376, 1.0232252800000001, 1.00000339235368}},
    {"back.out(-1)",
     {0.001998999999999973, 0.18999999999999995, 0.4375, 0.51, 0.6975, 0.75, 0.7975000000000001,
      0.9099999999999999, 0.99, 0.999999}},
    {"bounce.inOut",
     {0.0006723750000000028, 0.030000000000000027, 0.1171875, 0.04500000000000004, 0.46218750000000003, 0.5,
      0.5378125, 0.9550000000000001, 0.97, 0.999327625}},
    {"expo.inOut",
     {9.90194804514386e-7, 0.00041622500000000005, 0.01171875, 0.0280812, 0.25157205000000005, 0.5,
      0.7484279500000002, 0.9719188, 0.999583775, 0.9999990098051955}},
    {"sine.inOut",
     {0.000002467399070893439, 0.024471741852423234, 0.1464466094067262, 0.20610737385376343,
      0.4217827674798845, 0.5, 0.5782172325201156, 0.7938926261462365, 0.9755282581475768,
      0.9999975326009292}},
    {"circ.in",
     {5.000001249699793e-7, 0.005012562893380035, 0.031754163448145745, 0.04606079858305434,
      0.10697144502541245, 0.1339745962155614, 0.16483534557549673, 0.285857157145715, 0.5641101056459328,
      0.955289822187784}},
    {"power4.in",
     {1e-15, 0.000010000000000000003, 0.0009765625, 0.0024299999999999994, 0.018452812500000002, 0.03125,
      0.05032843750000002, 0.16806999999999994, 0.5904900000000001, 0.995009990004999}},
    {"power0.inOut", {0.001, 0.1, 0.25, 0.3, 0.45, 0.5, 0.55, 0.7, 0.9, 0.999}},
    {"strong",
     {0.004990009995000988, 0.40950999999999993, 0.7626953125, 0.8319300000000001, 0.9496715625, 0.96875,
      0.9815471875, 0.99757, 0.99999, 0.999999999999999}},
};

TEST_CASE("GSAP eases: configured back and elastic, and every family's modes, match GSAP 3.15.0",
          "[core][easing][gsap]") {
  for (const Recorded2& r : kMore) {
    const TransitionFunction fn = parsed(r.name);
    for (std::size_t i = 0; i < std::size(kMorePoints); ++i) {
      const double p = kMorePoints[i];
      INFO(r.name << " at p = " << p << ": expected " << r.value[i] << ", got " << getRatio(p, fn));
      CHECK(std::abs(getRatio(p, fn) - r.value[i]) <= kGsapTolerance);
    }
  }
}

TEST_CASE("GSAP eases: the factories give the parsed functions", "[core][easing][gsap]") {
  CHECK(parsed("back.out(3)") == TransitionFunction::back(EaseMode::Out, 3.0).value());
  CHECK(parsed("back.inOut") == TransitionFunction::back(EaseMode::InOut).value());
  CHECK(parsed("elastic.inOut(2, 0.5)") == TransitionFunction::elastic(EaseMode::InOut, 2.0, 0.5).value());
  CHECK(parsed("elastic.out(3)") == TransitionFunction::elastic(EaseMode::Out, 3.0).value());
  CHECK(parsed("elastic.in(1 0.3)") == TransitionFunction::elastic(EaseMode::In, 1.0, 0.3).value());
  // The period left out is the mode's default.
  CHECK(Debug::toString(*TransitionFunction::elastic(EaseMode::Out)) == "elastic.out(1, 0.3)");
  CHECK(Debug::toString(*TransitionFunction::elastic(EaseMode::InOut)) == "elastic.inOut(1, 0.45)");
  CHECK(Debug::toString(*TransitionFunction::back(EaseMode::In)) == "back.in(1.70158)");
  CHECK(sizeof(TransitionFunction) <= 96);
}

// ---------------------------------------------------------------------------
// [SECTION] Names, aliases and kinds
// ---------------------------------------------------------------------------

TEST_CASE("GSAP eases: names map onto the families, the family alone is .out", "[core][easing][gsap]") {
  struct Row {
    const char* text;
    const TransitionFunction& is;
  };
  const Row rows[] = {
      {"power0", TransitionFunction::Linear},
      {"power0.in", TransitionFunction::Linear},
      {"power0.inOut", TransitionFunction::Linear},
      {"power1.in", TransitionFunction::EaseInQuad},
      {"quad.in", TransitionFunction::EaseInQuad},
      {"power1", TransitionFunction::EaseOutQuad},
      {"quad", TransitionFunction::EaseOutQuad},
      {"power2.out", TransitionFunction::EaseOutCubic},
      {"cubic.out", TransitionFunction::EaseOutCubic},
      {"power2.inOut", TransitionFunction::EaseInOutCubic},
      {"power3.in", TransitionFunction::EaseInQuart},
      {"quart.inOut", TransitionFunction::EaseInOutQuart},
      {"power4.out", TransitionFunction::EaseOutQuint},
      {"quint.out", TransitionFunction::EaseOutQuint},
      {"strong.out", TransitionFunction::EaseOutQuint},
      {"strong", TransitionFunction::EaseOutQuint},
      {"sine", TransitionFunction::EaseOutSine},
      {"sine.in", TransitionFunction::EaseInSine},
      {"circ.in", TransitionFunction::EaseInCirc},
      {"bounce", TransitionFunction::EaseOutBounce},
      {"bounce.inOut", TransitionFunction::EaseInOutBounce},
      // back and elastic without parameters are the Penner presets, which
      // GSAP's defaults equal (back.inOut aside: below).
      {"back", TransitionFunction::EaseOutBack},
      {"back.in", TransitionFunction::EaseInBack},
      {"back.out", TransitionFunction::EaseOutBack},
      {"elastic", TransitionFunction::EaseOutElastic},
      {"elastic.in", TransitionFunction::EaseInElastic},
      {"elastic.inOut", TransitionFunction::EaseInOutElastic},
      // ASCII case-insensitive, and whitespace and comments around the name.
      {"power2.inout", TransitionFunction::EaseInOutCubic},
      {"POWER2.INOUT", TransitionFunction::EaseInOutCubic},
      {"Sine.InOut", TransitionFunction::EaseInOutSine},
      {" /* a */ circ.out /* b */ ", TransitionFunction::EaseOutCirc},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(parsed(r.text) == r.is);
  }
  // GSAP's back.inOut overshoots by 1.70158 on each half; Penner's
  // ease-in-out-back (1.70158 * 1.525) is GSAP's back.inOut(2.5949095).
  const TransitionFunction gsapBackInOut = parsed("back.inOut");
  CHECK_FALSE(gsapBackInOut == TransitionFunction::EaseInOutBack);
  CHECK(gsapBackInOut.kind == EaseKind::EaseInOutBack);
  CHECK(Debug::toString(gsapBackInOut) == "back.inOut(1.70158)");
  // GSAP 3.15's expo is not the classic one (in(p) = 2^(10(p - 1)) p +
  // p^6 (1 - p)): the same kinds, GSAP's curve, GSAP's spelling.
  for (const char* text : {"expo.in", "expo.out", "expo.inOut"}) {
    const TransitionFunction e = parsed(text);
    CHECK(Debug::toString(e) == text);
    CHECK(e == TransitionFunction::expo(
                   static_cast<EaseMode>(static_cast<int>(e.kind) - static_cast<int>(EaseKind::EaseInExpo))));
  }
  CHECK(parsed("expo.inOut").kind == EaseKind::EaseInOutExpo);
  CHECK(parsed("expo") == parsed("expo.out"));
  CHECK_FALSE(parsed("expo.out") == TransitionFunction::EaseOutExpo);
  CHECK(std::abs(getRatio(0.1, parsed("expo.out")) - getRatio(0.1, TransitionFunction::EaseOutExpo)) > 1e-3);
  // The family alone with parameters is its .out.
  CHECK(parsed("back(3)") == parsed("back.out(3)"));
  CHECK(parsed("ELASTIC(2, 0.5)") == parsed("elastic.out(2, 0.5)"));
}

TEST_CASE("GSAP eases: every family of the grammar's table is read, alone and in each mode",
          "[core][easing][gsap]") {
  static constexpr std::string_view kModes[] = {"in", "out", "inOut"};
  for (const detail::GsapFamily& family : detail::kGsapFamilies) {
    const std::string name(family.name);
    INFO(name);
    CHECK(parsed(name) == parsed(name + ".out"));
    for (std::size_t m = 0; m < 3; ++m) {
      const TransitionFunction fn = parsed(name + "." + std::string(kModes[m]));
      CHECK(fn.kind == detail::gsapKind(family, static_cast<EaseMode>(m)));
      std::string upper = name + "." + std::string(kModes[m]);
      for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      CHECK(parsed(upper) == fn);
    }
  }
  CHECK(std::size(detail::kGsapFamilies) == 16);
}

TEST_CASE("GSAP eases: back and elastic at GSAP's defaults agree with the Penner presets",
          "[core][easing][gsap]") {
  // The presets keep their own formulas (bit for bit, test_easing.cpp); the
  // GSAP curves of the same parameters reach the same values.
  struct Row {
    const TransitionFunction& preset;
    const char* gsap;
  };
  const Row rows[] = {{TransitionFunction::EaseInBack, "back.in(1.70158)"},
                      {TransitionFunction::EaseOutBack, "back.out(1.70158)"},
                      {TransitionFunction::EaseInOutBack, "back.inOut(2.5949095)"},
                      {TransitionFunction::EaseInElastic, "elastic.in(1, 0.3)"},
                      {TransitionFunction::EaseOutElastic, "elastic.out(1, 0.3)"},
                      {TransitionFunction::EaseInOutElastic, "elastic.inOut(1, 0.45)"}};
  for (const Row& r : rows) {
    const TransitionFunction gsap = parsed(r.gsap);
    CHECK_FALSE(gsap == r.preset);  // written with parameters: another spelling
    for (int i = 0; i <= 1000; ++i) {
      const double t = i / 1000.0;
      INFO(r.gsap << " at " << t);
      CHECK(std::abs(getRatio(t, gsap) - getRatio(t, r.preset)) <= 1e-12);
    }
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Factories
// ---------------------------------------------------------------------------

TEST_CASE("GSAP eases: the factories refuse what parseEasing refuses", "[core][easing][gsap]") {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(TransitionFunction::back(EaseMode::Out, 0.0).has_value());
  CHECK(TransitionFunction::back(EaseMode::Out, -kEasingValueLimit).has_value());
  CHECK_FALSE(TransitionFunction::back(EaseMode::Out, kEasingValueLimit * 2.0).has_value());
  CHECK_FALSE(TransitionFunction::back(EaseMode::In, inf).has_value());
  CHECK_FALSE(TransitionFunction::back(EaseMode::In, nan).has_value());
  CHECK_FALSE(TransitionFunction::elastic(EaseMode::Out, 0.0).has_value());
  CHECK_FALSE(TransitionFunction::elastic(EaseMode::Out, -1.0).has_value());
  CHECK_FALSE(TransitionFunction::elastic(EaseMode::Out, 1.0, 0.0).has_value());
  CHECK_FALSE(TransitionFunction::elastic(EaseMode::Out, 1.0, -0.3).has_value());
  CHECK_FALSE(TransitionFunction::elastic(EaseMode::Out, nan).has_value());
  CHECK_FALSE(TransitionFunction::elastic(EaseMode::Out, 1.0, inf).has_value());
  CHECK_FALSE(TransitionFunction::elastic(EaseMode::Out, 2e6).has_value());
  CHECK_FALSE(TransitionFunction::elastic(EaseMode::Out, 1.0, 2e6).has_value());
  // An amplitude so small that the period it lengthens leaves double range.
  CHECK_FALSE(TransitionFunction::elastic(EaseMode::Out, 1e-310, 1e6).has_value());
  CHECK(TransitionFunction::elastic(EaseMode::Out, 1e-300, 0.3).has_value());
}

// ---------------------------------------------------------------------------
// [SECTION] Parse errors
// ---------------------------------------------------------------------------

TEST_CASE("GSAP eases: parseEasing rejects bad names and parameters with a clear error",
          "[core][easing][gsap][parse]") {
  struct Row {
    const char* text;
    const char* error;
  };
  const Row rows[] = {
      // The mode
      {"power2.", "expected in, out or inOut after 'power2.'"},
      {"power2.sideways", "expected in, out or inOut after 'power2.', got 'sideways'"},
      {"power2.easeOut", "expected in, out or inOut after 'power2.', got 'easeOut'"},
      {"power2. out", "expected in, out or inOut after 'power2.'"},
      {"power2.5", "expected in, out or inOut after 'power2.', got '.5'"},
      {"power2..out", "expected in, out or inOut after 'power2.', got '.'"},
      {"power2 .out", "unexpected '.' after the easing"},
      {"power2.out.in", "unexpected '.' after the easing"},
      {"back.sideways(3)", "expected in, out or inOut after 'back.', got 'sideways('"},
      {"power5.out", "unknown easing 'power5'"},
      {"none", "'none' is not an easing (GSAP's none is linear: write linear or power0)"},
      // Parameters where there are none
      {"power2.out(3)", "power2.out() takes no parameters: write power2.out"},
      {"sine(2)", "sine() takes no parameters: write sine.out"},
      {"bounce.inOut()", "bounce.inOut() takes no parameters: write bounce.inOut"},
      // back
      {"back.out()", "back.out() takes 1 number, the overshoot (write back.out for 1.70158), got 0"},
      {"back.out(1, 2)", "back.out() takes 1 number, the overshoot (write back.out for 1.70158), got 2"},
      {"back.out(1 2)", "back.out() takes 1 number, the overshoot (write back.out for 1.70158), got 2"},
      {"back(1, 2)", "back() takes 1 number, the overshoot (write back.out for 1.70158), got 2"},
      {"back.in(50%)", "back.in() expects a number, got '50%'"},
      {"back.in(big)", "back.in() expects a number, got 'big'"},
      {"back.inOut(1e999)", "back.inOut() numbers must be finite"},
      {"back.out(-2e6)", "back.out() overshoot -2e+06 is too large: an easing's values lie within ±1000000"},
      {"back.out(3", "missing ')' to close 'back.out('"},
      {"back.out(,3)", "empty argument in back.out()"},
      {"back.out(calc(3))", "'calc()' is not supported inside back.out()"},
      // elastic
      {"elastic.out()",
       "elastic.out() takes 1 or 2 numbers, the amplitude and period (write elastic.out for 1, 0.3), got 0"},
      {"elastic.inOut(1, 0.45, 2)",
       "elastic.inOut() takes 1 or 2 numbers, the amplitude and period (write elastic.inOut for 1, 0.45), "
       "got 3"},
      {"elastic.out(1 0.3, 2)", "elastic.out() numbers must be all comma-separated or all space-separated"},
      {"elastic.out(0, 0.3)", "elastic.out() amplitude must be > 0, got 0"},
      {"elastic.in(-1)", "elastic.in() amplitude must be > 0, got -1"},
      {"elastic.out(1, 0)", "elastic.out() period must be > 0, got 0"},
      {"elastic.out(1, -0.3)", "elastic.out() period must be > 0, got -0.3"},
      {"elastic.out(1, 1e999)", "elastic.out() numbers must be finite"},
      {"elastic.out(2e6)",
       "elastic.out() amplitude 2e+06 is too large: an easing's values lie within ±1000000"},
      {"elastic.out(1, 2e6)",
       "elastic.out() period 2e+06 is too large: an easing's values lie within ±1000000"},
      {"elastic.out(1e-310, 1e6)", "elastic.out() parameters are out of range"},
      {"elastic.out(1, 0.3px)", "elastic.out() expects a number, got '0.3px'"},
  };
  for (const Row& r : rows) CHECK(errorOf(r.text) == r.error);
}

TEST_CASE("GSAP eases: every prefix of a valid name parses or says why", "[core][easing][gsap][parse]") {
  const std::string valid[] = {"elastic.inOut(2, 0.5)", "back.out(3)", "POWER2.inOut", "back(1.5)",
                               "expo.in /* c */"};
  for (const std::string& v : valid) {
    for (std::size_t n = 0; n <= v.size(); ++n) {
      const std::string_view text = std::string_view(v).substr(0, n);
      std::string error;
      const auto f = parseEasing(text, &error);
      INFO(std::string(text));
      if (f) {
        CHECK(std::isfinite(getRatio(0.5, *f)));
      } else {
        CHECK_FALSE(error.empty());
      }
    }
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Debug::toString, equality and the round trip
// ---------------------------------------------------------------------------

TEST_CASE("GSAP eases: toString prints parameters in GSAP's spelling, the rest as the family",
          "[core][easing][gsap][parse]") {
  CHECK(Debug::toString(parsed("back.out(3)")) == "back.out(3)");
  CHECK(Debug::toString(parsed("BACK.INOUT( 3 )")) == "back.inOut(3)");
  CHECK(Debug::toString(parsed("back(0.5)")) == "back.out(0.5)");
  CHECK(Debug::toString(parsed("elastic.inOut(1, 0.45)")) == "elastic.inOut(1, 0.45)");
  CHECK(Debug::toString(parsed("elastic.in(2)")) == "elastic.in(2, 0.3)");
  CHECK(Debug::toString(parsed("elastic.out(1e-9 1.5)")) == "elastic.out(1e-09, 1.5)");
  CHECK(Debug::toString(parsed("back.in(0.123456789)")) == "back.in(0.123456789)");  // every digit
  // Without parameters a GSAP name is the family it equals.
  CHECK(Debug::toString(parsed("power2.out")) == "ease-out-cubic");
  CHECK(Debug::toString(parsed("strong.inOut")) == "ease-in-out-quint");
  CHECK(Debug::toString(parsed("sine")) == "ease-out-sine");
  CHECK(Debug::toString(parsed("back.out")) == "ease-out-back");
  CHECK(Debug::toString(parsed("elastic.inOut")) == "ease-in-out-elastic");
  CHECK(Debug::toString(parsed("power0.inOut")) == "linear");
  CHECK(Debug::toString(parsed("EXPO")) == "expo.out");  // GSAP's own expo (not ease-out-expo)
}

TEST_CASE("GSAP eases: parse -> toString -> parse gives the same value", "[core][easing][gsap][parse]") {
  const char* texts[] = {"back.out(3)",
                         "back.in(0)",
                         "back.inOut",
                         "back.inOut(-1.5)",
                         "back(7)",
                         "elastic.out(1, 0.3)",
                         "elastic.in(0.5 0.2)",
                         "elastic.inOut(2)",
                         "elastic.out(1e-9, 1.5)",
                         "elastic(3, 0.123456789)",
                         "power3.inOut",
                         "bounce.in",
                         "expo.inOut"};
  for (const char* text : texts) {
    const TransitionFunction first = parsed(text);
    const std::string printed = Debug::toString(first);
    INFO(text << " -> " << printed);
    const TransitionFunction second = parsed(printed);
    CHECK(second == first);
    CHECK(Debug::toString(second) == printed);
    for (int i = 0; i <= 20; ++i) CHECK(sameBits(getRatio(i / 20.0, second), getRatio(i / 20.0, first)));
  }
}

TEST_CASE("GSAP eases: equality compares the parameters", "[core][easing][gsap]") {
  CHECK(parsed("back.out(3)") == parsed("back.out(3.0)"));
  CHECK_FALSE(parsed("back.out(3)") == parsed("back.out(2)"));
  CHECK_FALSE(parsed("back.out(3)") == parsed("back.in(3)"));
  CHECK_FALSE(parsed("back.out(1.70158)") == TransitionFunction::EaseOutBack);
  CHECK(parsed("elastic.out(2)") == parsed("elastic.out(2, 0.3)"));
  CHECK_FALSE(parsed("elastic.out(2, 0.3)") == parsed("elastic.out(2, 0.4)"));
  CHECK_FALSE(parsed("elastic.out(2, 0.3)") == parsed("elastic.out(3, 0.3)"));
}

// ---------------------------------------------------------------------------
// [SECTION] Evaluators: easeFnOf, sharedEasing, bounded outputs
// ---------------------------------------------------------------------------

TEST_CASE("GSAP eases: easeFnOf equals getRatio bit for bit, and no preset is shared",
          "[core][easing][gsap][fast]") {
  const char* texts[] = {"back.in(3)",          "back.out(0)",
                         "back.inOut",          "elastic.in(2, 0.5)",
                         "elastic.out(0.5, 1)", "elastic.inOut(1, 0.45)",
                         "power2.inOut",        "expo.in",
                         "expo.inOut"};
  const double ts[] = {-0.5, 0.0, 1e-9, 0.1, 0.25, 0.4999, 0.5, 0.75, 0.999, 1.0, 1.5};
  for (const char* text : texts) {
    const TransitionFunction fn = parsed(text);
    const EaseFn f = easeFnOf(fn);
    for (double t : ts) {
      INFO(text << " at " << t);
      CHECK(sameBits(f(t, fn, false), getRatio(t, fn)));
    }
    CHECK(std::isnan(f(std::numeric_limits<double>::quiet_NaN(), fn, false)));
  }
  // GSAP's parameters are no preset's: sharing one would drop them.
  for (const char* text : {"back.out(3)", "back.inOut", "elastic.out(1, 0.3)", "elastic.in(2)", "expo.out"})
    CHECK(sharedEasing(parsed(text)) == nullptr);
  CHECK(sharedEasing(parsed("back.out")) == &TransitionFunction::EaseOutBack);
  CHECK(sharedEasing(parsed("elastic.inOut")) == &TransitionFunction::EaseInOutElastic);
  CHECK(sharedEasing(parsed("power2.out")) == &TransitionFunction::EaseOutCubic);
  // The evaluator reads the parameters per call: an easing changed in place
  // after easeFnOf (a track's, edited) evaluates as getRatio says.
  TransitionFunction edited = TransitionFunction::EaseOutBack;
  const EaseFn f = easeFnOf(edited);
  edited = parsed("back.out(3)");
  CHECK(easeFnOf(edited) == f);
  CHECK(sameBits(f(0.5, edited, false), getRatio(0.5, edited)));
  CHECK(std::abs(f(0.5, edited, false) - 1.25) <= 1e-12);  // back.out(3) at 0.5 (GSAP: 1.25)
}

TEST_CASE("GSAP eases: outputs stay finite and bounded, ends exact, outside [0, 1] held",
          "[core][easing][gsap]") {
  const char* texts[] = {"back.out(1000000)", "back.inOut(-1000000)", "elastic.out(1000000, 0.001)",
                         "elastic.inOut(1e-300, 1000000)", "elastic.in(1000000, 1000000)"};
  for (const char* text : texts) {
    const TransitionFunction fn = parsed(text);
    INFO(text);
    CHECK(getRatio(0.0, fn) == 0.0);
    CHECK(getRatio(1.0, fn) == 1.0);
    CHECK(getRatio(-0.1, fn) == 0.0);  // GSAP extrapolates; the families hold their ends (docs/easing.md)
    CHECK(getRatio(1.1, fn) == 1.0);
    for (int i = 0; i <= 1000; ++i) {
      const double r = getRatio(i / 1000.0, fn);
      CHECK(std::isfinite(r));
      CHECK(std::abs(r) <= kEasingValueLimit);
    }
  }
}
