// ASCII rules as CSS has them: case-insensitive comparison (keywords and
// units) and the escape CSS serialisation writes for a control character.
#pragma once

#include <string>
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

// U+0000-U+001F and U+007F: CSS serialisation escapes them.
constexpr bool isControl(unsigned char c) { return c < 0x20u || c == 0x7Fu; }

// CSS's escape of an ASCII code point: a backslash, its hex digits and a
// space (a newline is `\a `, a leading digit 1 is `\31 `).
inline void appendHexEscape(std::string& out, unsigned char c) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '\\';
  if (c >= 16) out += kHex[c >> 4];
  out += kHex[c & 15u];
  out += ' ';
}

// `text` with its control characters written as CSSOM serialises them in a
// string: U+0000 as U+FFFD, the others hex-escaped. Everything else is kept.
inline void appendEscapingControls(std::string& out, std::string_view text) {
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == 0)
      out += "\xEF\xBF\xBD";
    else if (isControl(c))
      appendHexEscape(out, c);
    else
      out += ch;
  }
}

}  // namespace zenit::detail
