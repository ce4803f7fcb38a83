// The tokenizer's byte classes and its readers of plain tokens, shared with
// the parser's byte-level fast paths (src/style/parser/), which read the
// commonest declarations straight from the source. Not installed.
//
// readValueToken is Tokenizer::next() restricted to the tokens declarations
// are mostly made of; for those it writes every field exactly as next()
// does (tests/style/test_parser_byte_paths.cpp compares the two), so a fast
// path that hands such tokens to the value readers gets the same values.
#pragma once

#include <zenit/core/Config.hpp>
#include <zenit/style/Tokenizer.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace zenit::detail {

// An identifier token over d[begin, end), read from the bytes on line
// `line` (whose first byte is at lineStart): every field as scan() writes
// it. The tokenizer's declaration start and the parser's byte path both
// make their names here.
ZENIT_ALWAYS_INLINE Token identAt(const char* d, std::size_t begin, std::size_t end, std::size_t lineStart,
                                  std::uint32_t line, bool afterWhitespace) {
  Token t{};
  t.type = TokenType::Ident;
  if (afterWhitespace) t.flags = Token::kAfterWhitespace;
  t.line = line;
  t.col = static_cast<std::uint32_t>(begin - lineStart + 1);
  t.begin = static_cast<std::uint32_t>(begin);
  t.end = static_cast<std::uint32_t>(end);
  t.text = std::string_view(d + begin, end - begin);
  return t;
}

// Character classes, one table lookup per byte.
enum : std::uint8_t {
  kName = 1,
  kNameStart = 2,
  kDigit = 4,
  kHex = 8,
  kWs = 16,
  kNonPrint = 32,
  kNewline = 64,
  kGap = 128  // whitespace or `/`: what may come before a token (a comment starts with `/`)
};

constexpr std::array<std::uint8_t, 256> makeByteClasses() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    std::uint8_t v = 0;
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool digit = c >= '0' && c <= '9';
    // NUL reads as U+FFFD, a non-ASCII (so name-start) code point.
    if (alpha || c == '_' || c >= 0x80) v |= kName | kNameStart;
    if (c == 0) v |= kNameStart;  // starts a name; consumeName's slow path decodes it
    if (digit || c == '-') v |= kName;
    if (digit) v |= kDigit;
    if (digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) v |= kHex;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') v |= kWs;
    if (c == '\n' || c == '\r' || c == '\f') v |= kNewline;
    if ((v & kWs) || c == '/') v |= kGap;
    if ((c >= 0 && c <= 8) || c == 0x0B || (c >= 0x0E && c <= 0x1F) || c == 0x7F) v |= kNonPrint;
    t[static_cast<std::size_t>(c)] = v;
  }
  return t;
}
inline constexpr std::array<std::uint8_t, 256> kByteClass = makeByteClasses();

inline std::uint8_t byteClass(char c) { return kByteClass[static_cast<unsigned char>(c)]; }

// One past the name bytes from p. With SSE2, sixteen bytes at a time while
// sixteen remain (most names end in the first block): a byte is a name byte
// when it is a letter, a digit, `-`, `_` or >= 0x80, as kName says. Then
// four at a time (one bound check and one branch per four), then one. Even
// for units and keywords of a few bytes the one block costs fewer
// instructions than the loop of four (readValueToken's names, hashes and
// units, and the parser's byte paths, use it).
[[gnu::always_inline]] inline std::size_t nameEnd(const char* d, std::size_t p, std::size_t n) {
#if defined(__SSE2__)
  while (p + 16 <= n) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + p));
    // x in [lo, lo + len) as unsigned: (x - lo - 128) < (len - 128) as signed.
    const auto inRange = [](__m128i x, int lo, int len) {
      return _mm_cmplt_epi8(_mm_add_epi8(x, _mm_set1_epi8(static_cast<char>(-lo - 128))),
                            _mm_set1_epi8(static_cast<char>(len - 128)));
    };
    const __m128i letter = inRange(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 26);
    const __m128i digit = inRange(v, '0', 10);
    const __m128i high = _mm_cmplt_epi8(v, _mm_setzero_si128());
    const __m128i punct =
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')), _mm_cmpeq_epi8(v, _mm_set1_epi8('_')));
    const __m128i name = _mm_or_si128(_mm_or_si128(letter, digit), _mm_or_si128(high, punct));
    const unsigned stop = ~static_cast<unsigned>(_mm_movemask_epi8(name)) & 0xFFFFu;
    if (stop != 0) return p + static_cast<std::size_t>(std::countr_zero(stop));
    p += 16;
  }
#endif
  while (p + 4 <= n &&
         (byteClass(d[p]) & byteClass(d[p + 1]) & byteClass(d[p + 2]) & byteClass(d[p + 3]) & kName))
    p += 4;
  while (p < n && (byteClass(d[p]) & kName)) ++p;
  return p;
}

// One past the run of spaces (0x20) from p: eight bytes at a time while
// eight remain (an indent is mostly one word), then one.
[[gnu::always_inline]] inline std::size_t spacesEnd(const char* d, std::size_t p, std::size_t n) {
  constexpr std::uint64_t kSpaces = 0x2020202020202020u;
  while (p + 8 <= n) {
    std::uint64_t w = 0;
    std::memcpy(&w, d + p, sizeof w);
    const std::uint64_t x = w ^ kSpaces;  // zero bytes are spaces
    if (x != 0) {
      const int bit = std::endian::native == std::endian::little ? std::countr_zero(x) : std::countl_zero(x);
      return p + static_cast<std::size_t>(bit >> 3);
    }
    p += 8;
  }
  while (p < n && d[p] == ' ') ++p;
  return p;
}

// The first of \n, \r and \f in [p, e), or e: sixteen bytes at a time
// while sixteen remain (inside a comment, which has few of them), then one.
// Never reads at or past e.
[[gnu::always_inline]] inline std::size_t lineBreakAt(const char* d, std::size_t p, std::size_t e) {
#if defined(__SSE2__)
  while (p + 16 <= e) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + p));
    const __m128i hit = _mm_or_si128(
        _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\f'))));
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(hit));
    if (mask != 0) return p + static_cast<std::size_t>(std::countr_zero(mask));
    p += 16;
  }
#endif
  while (p < e && d[p] != '\n' && d[p] != '\r' && d[p] != '\f') ++p;
  return p;
}

// How many `{` the text holds (reserveRules' bound on the rules to come).
// With SSE2, 64 bytes a round: each compare's -1 bytes are subtracted from
// byte counters, which gain at most 4 a round and are summed (psadbw)
// every 63 rounds, before they can wrap. Then one byte at a time.
inline std::size_t countBraces(std::string_view text) {
  const char* p = text.data();
  const char* const e = p + text.size();
  std::size_t count = 0;
#if defined(__SSE2__)
  const __m128i brace = _mm_set1_epi8('{');
  const auto hits = [&](const char* q) {
    return _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(q)), brace);
  };
  while (e - p >= 64) {
    const char* const stop = p + 64 * std::min<std::ptrdiff_t>((e - p) / 64, 63);
    __m128i acc = _mm_setzero_si128();
    for (; p < stop; p += 64)
      acc = _mm_sub_epi8(_mm_sub_epi8(acc, _mm_add_epi8(hits(p), hits(p + 16))),
                         _mm_add_epi8(hits(p + 32), hits(p + 48)));
    const __m128i sums = _mm_sad_epu8(acc, _mm_setzero_si128());  // two 64-bit sums of eight bytes each
    count += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
             static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
  }
#endif
  for (; p < e; ++p) count += *p == '{' ? 1u : 0u;
  return count;
}

inline bool asciiDigit(char c) { return static_cast<unsigned char>(c - '0') < 10; }

// `text` is `lower` (lower case) in any ASCII case: Token::textIs on a view.
inline bool asciiIs(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (std::size_t i = 0; i < lower.size(); ++i)
    if (static_cast<char>(text[i] | 0x20) != lower[i]) return false;
  return true;
}

// readValueToken's Ident at k, without a Token: a name-start byte other
// than NUL and the name bytes after it, followed by no escape, NUL or `(`
// (and not the end of input). Empty when there is none.
[[gnu::always_inline]] inline std::string_view plainIdent(const char* d, std::size_t n, std::size_t k) {
  const char c = d[k];
  if (!(byteClass(c) & kNameStart) || c == 0) return {};
  const std::size_t q = nameEnd(d, k + 1, n);
  if (q >= n || d[q] == '\\' || d[q] == 0 || d[q] == '(') return {};
  return {d + k, q - k};
}

// Exact powers of ten for the one-division conversion of short decimals
// (mantissa / 10^k, correctly rounded when the mantissa has at most 15
// digits: Clinger's fast path).
inline constexpr double kPow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                    1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};

// The digits of a plain decimal from d[q] (no sign, no exponent): the
// integer digits, then `.` and more when a digit follows the point. `m`
// holds every digit, `digits` their count, `frac` those after the point,
// `end` where they end. The value is m / kPow10[frac] when digits <= 15.
struct PlainDigits {
  std::size_t end;
  std::uint64_t m;
  int digits;
  int frac;
};
[[gnu::always_inline]] inline PlainDigits scanPlainDigits(const char* d, std::size_t q, std::size_t n) {
  // (Counted by the positions, not in the loops: a loop is a load, a
  // compare and the multiply-add a digit.)
  std::uint64_t m = 0;
  const std::size_t first = q;
  for (unsigned x; q < n && (x = static_cast<unsigned char>(d[q]) - unsigned{'0'}) <= 9; ++q) m = m * 10 + x;
  std::size_t frac = 0;
  if (q + 1 < n && d[q] == '.' && static_cast<unsigned char>(d[q + 1] - '0') < 10) {
    const std::size_t point = ++q;
    for (unsigned x; q < n && (x = static_cast<unsigned char>(d[q]) - unsigned{'0'}) <= 9; ++q)
      m = m * 10 + x;
    frac = q - point;
  }
  return PlainDigits{q, m, static_cast<int>(q - first - (frac != 0 ? 1 : 0)), static_cast<int>(frac)};
}

// The token at d[start] (start < n), written into `t` (every field) exactly
// as Tokenizer::next() would write it when the token starts at `start` on
// line `line` (whose first byte is `lineStart`), after whitespace when
// `afterWs`. Returns one past its last byte, or 0 (with `t` in any state)
// when it is not one of the tokens declarations are mostly made of:
//  - a name (letters, digits, `-`, `_`, bytes >= 0x80, starting as CSS
//    names start) not followed by `\` or a NUL: Ident, or Function when
//    `(` follows (but not `url(`, whose contents are the tokenizer's);
//  - `#` and such a name: Hash (kHashId when the name starts as an
//    identifier would);
//  - at most 15 digits with an optional fraction, after an optional `-`,
//    without exponent, then nothing, `%`, or a unit of name bytes that
//    starts with a letter or `_` and is not followed by `\` or a NUL:
//    Number, Percentage, Dimension (kInteger without a fraction, kSigned
//    with the `-`);
//  - `,`, `(`, `)`; and as a Delim `!`, `*`, `/` (not a comment's), `%`,
//    `=`, `>`, `~`, `|`, `&`, `^`, `$`, `?`, and `-`, `+`, `.`, `#`, `<`
//    when they start no number, name, hash, CDC or CDO.
// Everything else (escapes, NUL, strings, url(), `+` or `.` numbers,
// exponents, longer numbers, brackets, braces, `:`, `;`, `@`, controls) is
// the tokenizer's to read.
// With kWhere false, t.line and t.col are left for the caller to write
// (byteDeclarations writes them only where a token reaches a reader that
// may report it).
template <bool kWhere = true>
[[gnu::always_inline]] inline std::size_t readValueToken(const char* d, std::size_t n, std::size_t start,
                                                         std::uint32_t line, std::size_t lineStart,
                                                         bool afterWs, Token& t) {
  const char c = d[start];
  std::size_t p = start + 1;
  const std::uint8_t flags = afterWs ? Token::kAfterWhitespace : 0;
  if constexpr (kWhere) {
    t.line = line;
    t.col = static_cast<std::uint32_t>(start - lineStart + 1);
  }
  t.begin = static_cast<std::uint32_t>(start);
  const auto digit = [](char x) { return static_cast<unsigned char>(x - '0') < 10; };
  if (digit(c) || (c == '-' && p < n && digit(d[p]))) {
    // The tokenizer's number: `-` only through its general path
    // (consumeNumeric, which notes the sign), the same value either way.
    const bool neg = c == '-';
    const auto [q, m, digits, frac] = scanPlainDigits(d, neg ? p : start, n);
    if (digits > 15) return 0;
    std::size_t e = q;
    t.type = TokenType::Number;
    t.text = {};
    if (q < n) {
      const char u = d[q];
      if (u == 'p' && q + 2 < n && d[q + 1] == 'x' && !(byteClass(d[q + 2]) & kName) && d[q + 2] != '\\' &&
          d[q + 2] != 0) {
        // `px`, the commonest unit, without the loop.
        e = q + 2;
        t.type = TokenType::Dimension;
        t.text = std::string_view(d + q, 2);
      } else if ((byteClass(u) & kNameStart) && u != 0) {
        // An exponent (`e` and a digit, or a sign and a digit) is not plain.
        if ((u == 'e' || u == 'E') && q + 1 < n) {
          const char x = d[q + 1];
          if (digit(x) || ((x == '+' || x == '-') && q + 2 < n && digit(d[q + 2]))) return 0;
        }
        e = nameEnd(d, q + 1, n);
        if (e < n && (d[e] == '\\' || d[e] == 0)) return 0;
        t.type = TokenType::Dimension;
        t.text = std::string_view(d + q, e - q);
      } else if (u == '%') {
        e = q + 1;
        t.type = TokenType::Percentage;
      } else if (u == '\\' || u == 0 || u == '-') {
        return 0;  // a unit that may start with an escape, a NUL or `-`
      }
    }
    const double v = static_cast<double>(m) / kPow10[frac];
    t.number = neg ? -v : v;
    std::uint8_t f = flags;
    if (frac == 0) f |= Token::kInteger;
    if (neg) f |= Token::kSigned;
    t.flags = f;
    t.end = static_cast<std::uint32_t>(e);
    return e;
  }
  t.number = 0.0;
  t.flags = flags;
  // (Forced inline: called out of line, they would take `t`'s address, and
  // a reader's token could then no longer live in registers.)
  const auto single = [&](TokenType type) ZENIT_ALWAYS_INLINE_LAMBDA {
    t.type = type;
    t.text = {};
    t.end = static_cast<std::uint32_t>(p);
    return p;
  };
  const auto delim = [&]() ZENIT_ALWAYS_INLINE_LAMBDA {
    t.type = TokenType::Delim;
    t.text = std::string_view(d + start, 1);
    t.end = static_cast<std::uint32_t>(p);
    return p;
  };
  switch (c) {
    case ',': return single(TokenType::Comma);
    case '(': return single(TokenType::LeftParen);
    case ')': return single(TokenType::RightParen);
    case '!':
    case '*':
    case '%':
    case '=':
    case '>':
    case '~':
    case '|':
    case '&':
    case '^':
    case '$':
    case '?': return delim();
    case '/': return p < n && d[p] == '*' ? 0 : delim();  // `/*` starts a comment
    case '+':
    case '.':
      // A number after them (CSS "starts a number") is not read here.
      if (p < n && (digit(d[p]) || (c == '+' && d[p] == '.'))) return 0;
      return delim();
    case '<': return p + 2 < n && d[p] == '!' && d[p + 1] == '-' && d[p + 2] == '-' ? 0 : delim();  // CDO
    case '#': {
      // A name after `#` (no escape, no NUL) is a hash; `#` before any other byte a Delim.
      if (p < n && (d[p] == '\\' || d[p] == 0)) return 0;
      if (p >= n || !(byteClass(d[p]) & kName)) return delim();
      p = nameEnd(d, p, n);
      if (p < n && (d[p] == '\\' || d[p] == 0)) return 0;
      const char h = d[start + 1];
      const bool id =
          ((byteClass(h) & kNameStart) != 0) ||
          (h == '-' && start + 2 < p && ((byteClass(d[start + 2]) & kNameStart) || d[start + 2] == '-'));
      t.type = TokenType::Hash;
      if (id) t.flags = static_cast<std::uint8_t>(flags | Token::kHashId);
      t.text = std::string_view(d + start + 1, p - start - 1);
      t.end = static_cast<std::uint32_t>(p);
      return p;
    }
    case '-': {
      // A name after `-`: a name-start byte other than NUL, or a second `-`
      // that does not make `-->`. A Delim before anything else but an
      // escape (a name), `.` and a digit (a number) or `->` (CDC).
      if (p >= n) return delim();
      const char d1 = d[p];
      if (!(((byteClass(d1) & kNameStart) && d1 != 0) || (d1 == '-' && (p + 1 >= n || d[p + 1] != '>')))) {
        if (d1 == '\\' || d1 == 0 || d1 == '-' || (d1 == '.' && p + 1 < n && digit(d[p + 1]))) return 0;
        return delim();
      }
      break;
    }
    default:
      if (!(byteClass(c) & kNameStart) || c == 0) return 0;
      break;
  }
  p = nameEnd(d, p, n);
  if (p < n && (d[p] == '\\' || d[p] == 0)) return 0;
  t.text = std::string_view(d + start, p - start);
  if (p < n && d[p] == '(') {
    // url( is the tokenizer's: its contents are no tokens.
    if (p - start == 3 && (d[start] | 0x20) == 'u' && (d[start + 1] | 0x20) == 'r' &&
        (d[start + 2] | 0x20) == 'l')
      return 0;
    t.type = TokenType::Function;
    ++p;
  } else {
    t.type = TokenType::Ident;
  }
  t.end = static_cast<std::uint32_t>(p);
  return p;
}

}  // namespace zenit::detail
