// The recorded commands' conversions (render/Pack.hpp) give what their
// scalar definitions give, bit for bit, for every kind of input.
#include "render/Pack.hpp"

#include "support/zenit_test.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace {

using namespace zenit;

// The scalar definition of a non-negative extent.
float reference(float v) { return v > 0.0f && std::isfinite(v) ? v : 0.0f; }

std::vector<float> probes() {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  std::vector<float> v{0.0f,   -0.0f,
                       1.0f,   -1.0f,
                       0.5f,   kInf,
                       -kInf,  std::numeric_limits<float>::quiet_NaN(),
                       1e-40f, -1e-40f,
                       2.0f,   1e30f,
                       -1e30f, std::numeric_limits<float>::min()};
  // Every 8-bit rounding boundary and its neighbours.
  for (int i = 0; i <= 255; ++i) {
    const float b = (static_cast<float>(i) + 0.5f) / 255.0f;
    v.push_back(b);
    v.push_back(std::nextafter(b, 0.0f));
    v.push_back(std::nextafter(b, 1.0f));
    v.push_back(static_cast<float>(i) / 255.0f);
  }
  return v;
}

}  // namespace

TEST_CASE("pack::color is Rgba8::from for every channel value", "[render][pack]") {
  const std::vector<float> v = probes();
  for (std::size_t i = 0; i < v.size(); ++i) {
    // Each probe in each channel, beside others.
    const Color c{v[i], v[(i + 7) % v.size()], v[(i + 31) % v.size()], v[(i + 101) % v.size()]};
    INFO("probe " << i);
    REQUIRE(pack::color(c) == Rgba8::from(c));
  }
}

TEST_CASE("pack::radii and pack::nonNegative keep finite positive values and give +0 for the rest",
          "[render][pack]") {
  const std::vector<float> v = probes();
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Radii r{v[i], v[(i + 3) % v.size()], v[(i + 5) % v.size()], v[(i + 11) % v.size()]};
    const Radii out = pack::radii(r);
    INFO("probe " << i);
    REQUIRE(std::bit_cast<std::uint32_t>(out.topLeft) == std::bit_cast<std::uint32_t>(reference(r.topLeft)));
    REQUIRE(std::bit_cast<std::uint32_t>(out.topRight) ==
            std::bit_cast<std::uint32_t>(reference(r.topRight)));
    REQUIRE(std::bit_cast<std::uint32_t>(out.bottomRight) ==
            std::bit_cast<std::uint32_t>(reference(r.bottomRight)));
    REQUIRE(std::bit_cast<std::uint32_t>(out.bottomLeft) ==
            std::bit_cast<std::uint32_t>(reference(r.bottomLeft)));
    REQUIRE(std::bit_cast<std::uint32_t>(pack::nonNegative(v[i])) ==
            std::bit_cast<std::uint32_t>(reference(v[i])));
  }
}
