// FuzzInput: reads a fuzzer's bytes as a stream of small decisions.
//
// [SECTION] FuzzInput: bytes, integers, choices, hostile numbers, short strings
//
// Every read succeeds: past the end it returns zeros, so an input that runs
// out simply ends its program with defaults. Numbers come from a table of
// values that break timing and layout code (NaN, infinities, negative zero,
// huge, tiny, denormal) or, less often, from raw bits.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

namespace zenit::fuzz {

class FuzzInput {
 public:
  FuzzInput(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool empty() const { return pos_ >= size_; }
  std::size_t remaining() const { return pos_ < size_ ? size_ - pos_ : 0; }

  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : std::uint8_t{0}; }
  bool flag() { return (byte() & 1u) != 0; }

  // A value in [0, n) (n > 0); one byte when n <= 256, else two.
  std::size_t below(std::size_t n) {
    if (n <= 1) return 0;
    std::size_t v = byte();
    if (n > 256) v = (v << 8) | byte();
    return v % n;
  }

  template <class T, std::size_t N>
  const T& pick(const T (&table)[N]) {
    return table[below(N)];
  }

  // A number worth feeding to timing code: mostly from the hostile table,
  // sometimes a small ordinary value, sometimes raw bits (any double, NaN
  // payloads included).
  double number() {
    static constexpr double kInf = std::numeric_limits<double>::infinity();
    static constexpr double kTable[] = {0.0,
                                        -0.0,
                                        1.0,
                                        -1.0,
                                        0.5,
                                        0.25,
                                        2.0,
                                        3.0,
                                        2.5,
                                        1.0 / 60.0,
                                        0.1,
                                        0.3,
                                        10.0,
                                        100.0,
                                        1e9,
                                        -1e9,
                                        1e300,
                                        -1e300,
                                        1e-9,
                                        -1e-9,
                                        kInf,
                                        -kInf,
                                        std::numeric_limits<double>::quiet_NaN(),
                                        std::numeric_limits<double>::denorm_min(),
                                        std::numeric_limits<double>::max(),
                                        static_cast<double>(std::numeric_limits<float>::max()),
                                        3.4e38 * 10.0,
                                        86400.0,
                                        1e15,
                                        -0.5};
    const std::uint8_t mode = byte();
    if (mode < 200) return kTable[mode % std::size(kTable)];
    if (mode < 240) return static_cast<double>(byte()) / 16.0 - 4.0;
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) bits = (bits << 8) | byte();
    return std::bit_cast<double>(bits);
  }
  float numberf() { return static_cast<float>(number()); }

  // Up to `maxLen` bytes of the input, as text (any bytes, NUL included).
  std::string_view text(std::size_t maxLen) {
    const std::size_t n = below(maxLen + 1);
    const std::size_t take = n < remaining() ? n : remaining();
    std::string_view s(reinterpret_cast<const char*>(data_ + pos_), take);
    pos_ += take;
    return s;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_{0};
};

}  // namespace zenit::fuzz
