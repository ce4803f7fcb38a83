// ASCII rules as CSS has them: case-insensitive comparison (keywords and
// units) and the escape CSS serialisation writes for a control character.
#pragma once

#include <zenit/core/Config.hpp>

#include <bit>
#include <cstdint>
#include <cstring>
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

// Len (1 to 8) bytes from p as a little-endian word: byte i at bits 8i.
// Two loads at most, overlapping in the middle (where the bytes are the
// same in both): nothing outside [p, p + Len) is read.
template <std::size_t Len>
ZENIT_ALWAYS_INLINE std::uint64_t loadWord(const char* p) {
  static_assert(Len >= 1 && Len <= 8 && std::endian::native == std::endian::little);
  const auto load = [p]<class W>(std::size_t at) ZENIT_ALWAYS_INLINE_LAMBDA {
    W w;
    std::memcpy(&w, p + at, sizeof w);
    return static_cast<std::uint64_t>(w);
  };
  if constexpr (Len == 8)
    return load.template operator()<std::uint64_t>(0);
  else if constexpr (Len >= 4)
    return load.template operator()<std::uint32_t>(0) | load.template operator()<std::uint32_t>(Len - 4)
                                                            << (8 * (Len - 4));
  else if constexpr (Len >= 2)
    return load.template operator()<std::uint16_t>(0) | load.template operator()<std::uint16_t>(Len - 2)
                                                            << (8 * (Len - 2));
  else
    return static_cast<unsigned char>(p[0]);
}

// `text` is the literal `lower` (lower case) in any ASCII case, a word at
// a time and forced inline: the stylesheet readers ask it of nearly every
// token (GCC leaves Token::textIs out of line in their large functions).
template <std::size_t N>
ZENIT_ALWAYS_INLINE bool wordIs(std::string_view text, const char (&lower)[N]) {
  constexpr std::size_t n = N - 1;
  if (text.size() != n) return false;
  if constexpr (n == 0) {
    return true;
  } else if constexpr (n <= 16 && std::endian::native == std::endian::little) {
    // A word (or two, overlapping) at a time: each of the literal's letters
    // matches its byte with bit 0x20 set (the one bit between a letter's
    // cases, and no other byte gives that letter); other bytes match
    // exactly. The literal's word and its letters' bits are constants once
    // inlined.
    const auto fold = [&]<std::size_t At, std::size_t Len>() ZENIT_ALWAYS_INLINE_LAMBDA {
      std::uint64_t want = 0, caseBits = 0;
      for (std::size_t i = 0; i < Len; ++i) {
        const char c = lower[At + i];
        want |= static_cast<std::uint64_t>(static_cast<unsigned char>(c)) << (8 * i);
        if (c >= 'a' && c <= 'z') caseBits |= std::uint64_t{0x20} << (8 * i);
      }
      return (loadWord<Len>(text.data() + At) | caseBits) == want;
    };
    if constexpr (n <= 8)
      return fold.template operator()<0, n>();
    else
      return fold.template operator()<0, 8>() && fold.template operator()<n - 8, 8>();
  } else {
    for (std::size_t i = 0; i < n; ++i) {
      char c = text[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != lower[i]) return false;
    }
    return true;
  }
}
// "`abc`" for messages: `text` in backquotes, shortened to its first 40
// bytes (and "…") without cutting a UTF-8 sequence. (Control characters are
// escaped by Diagnostic itself: a diagnostic is one line.)
std::string quoteText(std::string_view text);

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
