// ASCII case-insensitive comparison, as CSS compares keywords and units.
#pragma once

#include <string_view>

namespace zenit::detail {

constexpr char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// `text` equals `lowerWord` (lowercase ASCII) ignoring ASCII case.
constexpr bool equalsLower(std::string_view text, std::string_view lowerWord) {
  if (text.size() != lowerWord.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (lowerAscii(text[i]) != lowerWord[i]) return false;
  return true;
}

}  // namespace zenit::detail
