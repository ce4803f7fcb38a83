// simd::lerpColor (core/LerpColor.hpp) gives lerpProp's colour, bit for bit.
#include "core/LerpColor.hpp"

#include "support/zenit_test.hpp"

#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

namespace {

using namespace zenit;

bool sameBits(const Color& x, const Color& y) {
  return std::bit_cast<std::uint32_t>(x.r) == std::bit_cast<std::uint32_t>(y.r) &&
         std::bit_cast<std::uint32_t>(x.g) == std::bit_cast<std::uint32_t>(y.g) &&
         std::bit_cast<std::uint32_t>(x.b) == std::bit_cast<std::uint32_t>(y.b) &&
         std::bit_cast<std::uint32_t>(x.a) == std::bit_cast<std::uint32_t>(y.a);
}

}  // namespace

TEST_CASE("simd::lerpColor is lerpProp for colours, bit for bit", "[core][lerp]") {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> channels{0.0f, -0.0f,  1.0f,   0.5f, 0.2f, 0.8392157f,
                                    1.5f, -0.25f, 1e-30f, kInf, kNaN};
  const std::vector<float> ts{0.0f, 1.0f, 0.5f, 0.123f, 0.999f, -0.3f, 1.4f, 2.0f, kNaN, kInf};
  std::size_t n = 0;
  for (std::size_t i = 0; i < channels.size(); ++i)
    for (std::size_t j = 0; j < channels.size(); ++j)
      for (const float t : ts) {
        const float ca = channels[i];
        const float cb = channels[j];
        const float aa = channels[(i + j) % channels.size()];
        const float ab = channels[(i * 3 + j + 1) % channels.size()];
        const Color a{ca, channels[(i + 1) % channels.size()], 0.3f, aa};
        const Color b{cb, 0.7f, channels[(j + 2) % channels.size()], ab};
        INFO("a " << a.r << ' ' << a.g << ' ' << a.b << ' ' << a.a << " b " << b.r << ' ' << b.g << ' ' << b.b
                  << ' ' << b.a << " t " << t);
        REQUIRE(sameBits(simd::lerpColor(a, b, t), lerpProp(a, b, t)));
        ++n;
      }
  CHECK(n == channels.size() * channels.size() * ts.size());
}
