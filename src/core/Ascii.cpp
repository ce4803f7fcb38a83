// The message helpers of Ascii.hpp.
#include "core/Ascii.hpp"

namespace zenit::detail {

std::string quoteText(std::string_view text) {
  constexpr std::size_t kMax = 40;
  std::string s = "`";
  std::size_t n = text.size();
  if (n > kMax) {
    n = kMax;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0u) == 0x80u) --n;
  }
  s.append(text.substr(0, n));
  if (n < text.size()) s += "…";
  s += '`';
  return s;
}

}  // namespace zenit::detail
