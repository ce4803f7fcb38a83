// CSS Syntax 3 §4 tokenizer. One switch on the first byte per token; names,
// strings and numbers are views into the source unless they hold escapes.
//
// Sections, in order:
//   Byte tables      which path a token's first byte takes (kSingle, kLane)
//   Number values    numberValue, and fastNumberValue for short decimals
//   Input helpers    store, newlines, escapes, starts of idents and numbers
//   Consumers        CSS Syntax §4.3's consume-a-name / numeric / ident-like
//                    / url / string, comments and whitespace runs
//   scan()           the token at a position: the first byte's fast path
//   next(), appendUntil(), nextDeclarationStart()   the public walks
//   nextGeneral()    every token scan()'s fast paths leave (out of line)
#include <zenit/style/Tokenizer.hpp>

#include "TokenizerInternal.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstring>
#include <limits>

namespace zenit {

namespace {

using detail::kDigit;
using detail::kGap;
using detail::kHex;
using detail::kName;
using detail::kNameStart;
using detail::kNewline;
using detail::kNonPrint;
using detail::kWs;
using detail::nameEnd;
constexpr const std::array<std::uint8_t, 256>& kClass = detail::kByteClass;

// One-byte tokens the fast path returns (Eof: none); `[` and `]` stay on
// the general path, which handles them as well.
constexpr std::array<TokenType, 256> makeSingles() {
  std::array<TokenType, 256> t{};
  for (TokenType& x : t) x = TokenType::Eof;
  t['('] = TokenType::LeftParen;
  t[')'] = TokenType::RightParen;
  t['{'] = TokenType::LeftBrace;
  t['}'] = TokenType::RightBrace;
  t[','] = TokenType::Comma;
  t[':'] = TokenType::Colon;
  t[';'] = TokenType::Semicolon;
  return t;
}
constexpr std::array<TokenType, 256> kSingle = makeSingles();

// Which fast path a token's first byte takes in scan(); General: none.
enum class Lane : std::uint8_t { General, Name, Dash, Digit, Hash, Single };
constexpr std::array<Lane, 256> makeLanes() {
  std::array<Lane, 256> t{};
  for (int c = 0; c < 256; ++c) {
    const auto i = static_cast<std::size_t>(c);
    if (c != 0 && (kClass[i] & kNameStart))
      t[i] = Lane::Name;  // NUL starts a name too, but only the general path decodes it
    else if (kClass[i] & kDigit)
      t[i] = Lane::Digit;
    else if (kSingle[i] != TokenType::Eof)
      t[i] = Lane::Single;
  }
  t['-'] = Lane::Dash;
  t['#'] = Lane::Hash;
  return t;
}
constexpr std::array<Lane, 256> kLane = makeLanes();

inline std::uint8_t cls(char c) { return kClass[static_cast<unsigned char>(c)]; }
inline bool is(char c, std::uint8_t k) { return (cls(c) & k) != 0; }

void appendUtf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

constexpr std::uint32_t kReplacement = 0xFFFD;

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

// Value of a CSS number lexeme (`+` already stripped). from_chars leaves
// out-of-range results alone, so estimate the magnitude to pick inf or 0.
double numberValue(const char* b, const char* e) {
  double v = 0.0;
  const auto r = std::from_chars(b, e, v);
  if (r.ec != std::errc::result_out_of_range) return v;
  const bool neg = b < e && *b == '-';
  const char* p = neg ? b + 1 : b;
  long long mag = 0;  // decimal exponent of the leading digit, before the explicit exponent
  bool seenNonZero = false;
  long long intDigits = 0, leadingFracZeros = 0;
  for (; p < e && *p >= '0' && *p <= '9'; ++p) {
    if (*p != '0') seenNonZero = true;
    if (seenNonZero) ++intDigits;
  }
  if (p < e && *p == '.') {
    for (++p; p < e && *p >= '0' && *p <= '9'; ++p) {
      if (*p != '0') break;
      if (!seenNonZero) ++leadingFracZeros;
    }
    while (p < e && *p >= '0' && *p <= '9') ++p;
  }
  mag = intDigits > 0 ? intDigits - 1 : -leadingFracZeros - 1;
  long long ex = 0;
  if (p < e && (*p == 'e' || *p == 'E')) {
    ++p;
    bool eneg = false;
    if (p < e && (*p == '+' || *p == '-')) eneg = *p++ == '-';
    for (; p < e && *p >= '0' && *p <= '9'; ++p)
      ex = std::min<long long>(ex * 10 + (*p - '0'), 1'000'000'000);
    if (eneg) ex = -ex;
  }
  if (mag + ex > 0)
    return neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  return neg ? -0.0 : 0.0;
}

// Most numbers in a sheet are short decimals: with at most 15 significant
// digits and no exponent, mantissa / 10^k is exact in double and the one
// division rounds correctly (Clinger's fast path). Everything else goes
// through from_chars.
double fastNumberValue(const char* b, const char* e) {
  static constexpr double kPow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  const char* p = b;
  const bool neg = p < e && *p == '-';
  if (neg) ++p;
  std::uint64_t m = 0;
  int digits = 0, frac = 0;
  for (; p < e && *p >= '0' && *p <= '9'; ++p, ++digits) m = m * 10 + static_cast<std::uint64_t>(*p - '0');
  if (p < e && *p == '.') {
    for (++p; p < e && *p >= '0' && *p <= '9'; ++p, ++digits, ++frac)
      m = m * 10 + static_cast<std::uint64_t>(*p - '0');
  }
  if (p != e || digits > 15) return numberValue(b, e);
  const double v = static_cast<double>(m) / kPow10[frac];
  return neg ? -v : v;
}

}  // namespace

std::string_view toString(TokenType t) {
  switch (t) {
    case TokenType::Ident: return "identifier";
    case TokenType::Function: return "function";
    case TokenType::AtKeyword: return "at-keyword";
    case TokenType::Hash: return "hash";
    case TokenType::String: return "string";
    case TokenType::BadString: return "bad string";
    case TokenType::Url: return "url";
    case TokenType::BadUrl: return "bad url";
    case TokenType::Delim: return "delimiter";
    case TokenType::Number: return "number";
    case TokenType::Percentage: return "percentage";
    case TokenType::Dimension: return "dimension";
    case TokenType::Whitespace: return "whitespace";
    case TokenType::CDO: return "<!--";
    case TokenType::CDC: return "-->";
    case TokenType::Colon: return ":";
    case TokenType::Semicolon: return ";";
    case TokenType::Comma: return ",";
    case TokenType::LeftBracket: return "[";
    case TokenType::RightBracket: return "]";
    case TokenType::LeftParen: return "(";
    case TokenType::RightParen: return ")";
    case TokenType::LeftBrace: return "{";
    case TokenType::RightBrace: return "}";
    case TokenType::Eof: return "end of file";
  }
  return "token";
}

Tokenizer::Tokenizer(std::string_view source, std::string_view file, std::vector<Diagnostic>* diagnostics)
    : src_(source), file_(file), diags_(diagnostics) {
  // Offsets are 32-bit; larger inputs are cut (and reported) rather than wrapped.
  if (src_.size() > std::numeric_limits<std::uint32_t>::max() - 1) {
    src_ = src_.substr(0, std::numeric_limits<std::uint32_t>::max() - 1);
    report(Severity::Error, 1, 1, "stylesheet larger than 4 GiB; the rest is ignored");
  }
}

Tokenizer::~Tokenizer() = default;

void Tokenizer::report(Severity s, std::uint32_t line, std::uint32_t col, std::string message) {
  Diagnostic d{s, file_, line, col, std::move(message)};
  if (log_) log(d);
  if (diags_) diags_->push_back(std::move(d));
}

std::vector<Token> Tokenizer::all(Tokenizer& t, bool skipWhitespace) {
  std::vector<Token> out;
  for (;;) {
    Token k = t.next();
    if (skipWhitespace && k.type == TokenType::Whitespace) continue;
    out.push_back(k);
    if (k.type == TokenType::Eof) break;
  }
  return out;
}

std::string_view Tokenizer::store(std::string_view s) {
  if (s.size() > arenaLeft_) {
    const std::size_t chunk = std::max<std::size_t>(4096, s.size());
    arena_.push_back(std::make_unique<char[]>(chunk));
    arenaPtr_ = arena_.back().get();
    arenaLeft_ = chunk;
  }
  if (!s.empty()) std::memcpy(arenaPtr_, s.data(), s.size());
  const std::string_view v(arenaPtr_, s.size());
  arenaPtr_ += s.size();
  arenaLeft_ -= s.size();
  arenaUsed_ += s.size();
  return v;
}

void Tokenizer::newlines(std::size_t from, std::size_t to) {
  for (std::size_t p = from; p < to; ++p) {
    const char c = src_[p];
    if (!is(c, kNewline)) continue;
    if (c == '\r' && p + 1 < to && src_[p + 1] == '\n') ++p;
    ++line_;
    lineStart_ = p + 1;
  }
}

bool Tokenizer::validEscape(std::size_t p) const {
  // CSS: a backslash not followed by a newline; EOF after it still counts.
  return p < src_.size() && src_[p] == '\\' && (p + 1 >= src_.size() || !is(src_[p + 1], kNewline));
}

bool Tokenizer::startsIdent(std::size_t p) const {
  if (p >= src_.size()) return false;
  const char c = src_[p];
  if (c == '-') {
    if (p + 1 >= src_.size()) return false;
    const char d = src_[p + 1];
    return is(d, kNameStart) || d == '-' || validEscape(p + 1);
  }
  if (is(c, kNameStart)) return true;
  return c == '\\' && validEscape(p);
}

bool Tokenizer::startsNumber(std::size_t p) const {
  const std::size_t n = src_.size();
  if (p >= n) return false;
  char c = src_[p];
  if (c == '+' || c == '-') {
    if (++p >= n) return false;
    c = src_[p];
  }
  if (is(c, kDigit)) return true;
  return c == '.' && p + 1 < n && is(src_[p + 1], kDigit);
}

void Tokenizer::decodeEscape(std::size_t& p, std::string& out) {
  // p is at the backslash of a valid escape.
  const std::size_t n = src_.size();
  ++p;
  if (p >= n) {
    report(Severity::Error, line_, colOf(p - 1), "escape at end of file");
    appendUtf8(out, kReplacement);
    return;
  }
  if (is(src_[p], kHex)) {
    std::uint32_t cp = 0;
    for (int i = 0; i < 6 && p < n && is(src_[p], kHex); ++i, ++p)
      cp = cp * 16 + static_cast<std::uint32_t>(hexValue(src_[p]));
    if (p < n && is(src_[p], kWs)) {
      if (src_[p] == '\r' && p + 1 < n && src_[p + 1] == '\n') ++p;
      ++p;
    }
    if (cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) cp = kReplacement;
    appendUtf8(out, cp);
    return;
  }
  if (src_[p] == 0) {
    appendUtf8(out, kReplacement);
    ++p;
    return;
  }
  // Any other code point stands for itself; copy a whole UTF-8 sequence.
  out.push_back(src_[p++]);
  while (p < n && (static_cast<unsigned char>(src_[p]) & 0xC0) == 0x80) out.push_back(src_[p++]);
}

std::string_view Tokenizer::consumeName(std::size_t& p, bool& escaped) {
  const std::size_t start = p;
  const std::size_t n = src_.size();
  const char* d = src_.data();
  while (p < n && (kClass[static_cast<unsigned char>(d[p])] & kName)) ++p;
  if (p >= n || (d[p] != 0 && !(d[p] == '\\' && validEscape(p)))) return src_.substr(start, p - start);
  // Slow path: an escape or a NUL; decode the whole name into the arena.
  escaped = true;
  scratch_.assign(src_.data() + start, p - start);
  while (p < n) {
    const char c = src_[p];
    if (c == 0) {
      appendUtf8(scratch_, kReplacement);
      ++p;
    } else if (is(c, kName)) {
      scratch_.push_back(c);
      ++p;
    } else if (c == '\\' && validEscape(p)) {
      decodeEscape(p, scratch_);
    } else {
      break;
    }
  }
  return store(scratch_);
}

void Tokenizer::consumeNumeric(std::size_t start, Token& t) {
  const std::size_t n = src_.size();
  std::size_t p = start;
  bool integer = true;
  if (src_[p] == '+' || src_[p] == '-') {
    t.flags |= Token::kSigned;
    ++p;
  }
  while (p < n && is(src_[p], kDigit)) ++p;
  if (p + 1 < n && src_[p] == '.' && is(src_[p + 1], kDigit)) {
    integer = false;
    p += 2;
    while (p < n && is(src_[p], kDigit)) ++p;
  }
  if (p + 1 < n && (src_[p] == 'e' || src_[p] == 'E')) {
    const char d = src_[p + 1];
    if (is(d, kDigit) || ((d == '+' || d == '-') && p + 2 < n && is(src_[p + 2], kDigit))) {
      integer = false;
      p += 2;
      while (p < n && is(src_[p], kDigit)) ++p;
    }
  }
  const char* b = src_.data() + start;
  if (*b == '+') ++b;
  t.number = fastNumberValue(b, src_.data() + p);
  if (integer) t.flags |= Token::kInteger;
  if (startsIdent(p)) {
    bool escaped = false;
    t.type = TokenType::Dimension;
    t.text = consumeName(p, escaped);
    if (escaped) t.flags |= Token::kEscaped;
  } else if (p < n && src_[p] == '%') {
    t.type = TokenType::Percentage;
    ++p;
  } else {
    t.type = TokenType::Number;
  }
  pos_ = p;
}

void Tokenizer::consumeIdentLike(std::size_t start, Token& t) {
  std::size_t p = start;
  bool escaped = false;
  const std::string_view name = consumeName(p, escaped);
  if (escaped) t.flags |= Token::kEscaped;
  t.text = name;
  if (p < src_.size() && src_[p] == '(') {
    ++p;
    t.type = TokenType::Function;
    if (t.textIs("url")) {
      std::size_t q = p;
      while (q < src_.size() && is(src_[q], kWs)) ++q;
      if (q >= src_.size() || (src_[q] != '"' && src_[q] != '\'')) {
        consumeUrl(p, t);
        return;
      }
    }
    pos_ = p;
    return;
  }
  t.type = TokenType::Ident;
  pos_ = p;
}

void Tokenizer::consumeBadUrlRemnants(std::size_t& p) {
  while (p < src_.size()) {
    if (src_[p] == ')') {
      ++p;
      return;
    }
    if (validEscape(p)) {
      std::string sink;
      decodeEscape(p, sink);
    } else {
      ++p;
    }
  }
}

void Tokenizer::consumeUrl(std::size_t p, Token& t) {
  const std::size_t n = src_.size();
  t.type = TokenType::Url;
  while (p < n && is(src_[p], kWs)) ++p;
  const std::size_t start = p;
  std::size_t textEnd = p;
  bool slow = false;
  auto bad = [&](const char* why) {
    report(Severity::Error, t.line, t.col, why);
    consumeBadUrlRemnants(p);
    t.type = TokenType::BadUrl;
    t.text = {};
    pos_ = p;
  };
  for (;;) {
    if (p >= n) {
      report(Severity::Error, t.line, t.col, "unterminated url(): missing `)` at end of file");
      textEnd = p;
      break;
    }
    const char c = src_[p];
    if (c == ')') {
      textEnd = p++;
      break;
    }
    if (is(c, kWs)) {
      const std::size_t wsStart = p;
      while (p < n && is(src_[p], kWs)) ++p;
      if (p >= n) {
        report(Severity::Error, t.line, t.col, "unterminated url(): missing `)` at end of file");
        t.text = slow ? store(scratch_) : src_.substr(start, wsStart - start);
        pos_ = p;
        return;
      }
      if (src_[p] == ')') {
        t.text = slow ? store(scratch_) : src_.substr(start, wsStart - start);
        pos_ = p + 1;
        return;
      }
      return bad("bad url(): whitespace inside an unquoted url");
    }
    if (c == '"' || c == '\'' || c == '(' || (is(c, kNonPrint) && c != 0))
      return bad("bad url(): quote, `(` or control character inside an unquoted url");
    if (c == '\\') {
      if (!validEscape(p)) return bad("bad url(): backslash before a newline");
      if (!slow) {
        slow = true;
        scratch_.assign(src_.data() + start, p - start);
      }
      decodeEscape(p, scratch_);
      continue;
    }
    if (c == 0) {
      if (!slow) {
        slow = true;
        scratch_.assign(src_.data() + start, p - start);
      }
      appendUtf8(scratch_, kReplacement);
      ++p;
      continue;
    }
    if (slow) scratch_.push_back(c);
    ++p;
  }
  if (slow) {
    t.text = store(scratch_);
    t.flags |= Token::kEscaped;
  } else {
    t.text = src_.substr(start, textEnd - start);
  }
  pos_ = p;
}

void Tokenizer::consumeString(std::size_t start, char quote, Token& t) {
  const std::size_t n = src_.size();
  std::size_t p = start + 1;
  const std::size_t body = p;
  t.type = TokenType::String;
  // Fast path: no escape, NUL or newline.
  while (p < n) {
    const char c = src_[p];
    if (c == quote || c == '\\' || c == 0 || is(c, kNewline)) break;
    ++p;
  }
  if (p < n && src_[p] == quote) {
    t.text = src_.substr(body, p - body);
    pos_ = p + 1;
    return;
  }
  scratch_.assign(src_.data() + body, p - body);
  for (;;) {
    if (p >= n) {
      report(Severity::Error, t.line, t.col, "unterminated string at end of file");
      break;
    }
    const char c = src_[p];
    if (c == quote) {
      ++p;
      break;
    }
    if (is(c, kNewline)) {
      report(Severity::Error, t.line, t.col, "unterminated string: a newline ends it");
      t.type = TokenType::BadString;
      t.text = {};
      pos_ = p;  // the newline is not part of the bad string
      return;
    }
    if (c == '\\') {
      if (p + 1 >= n) {
        ++p;  // backslash at EOF inside a string: dropped (CSS)
        continue;
      }
      if (is(src_[p + 1], kNewline)) {  // line continuation
        p += (src_[p + 1] == '\r' && p + 2 < n && src_[p + 2] == '\n') ? 3u : 2u;
        continue;
      }
      decodeEscape(p, scratch_);
      continue;
    }
    if (c == 0) {
      appendUtf8(scratch_, kReplacement);
      ++p;
      continue;
    }
    scratch_.push_back(c);
    ++p;
  }
  t.flags |= Token::kEscaped;
  t.text = store(scratch_);
  pos_ = p;
}

void Tokenizer::skipComment() {
  // Comments produce no token (CSS Syntax 3 §4.3.2).
  const std::size_t at = pos_;
  const std::size_t close = src_.find("*/", pos_ + 2);
  if (close == std::string_view::npos) {
    report(Severity::Error, line_, colOf(at), "unterminated comment: missing `*/`");
    newlines(at, src_.size());
    pos_ = src_.size();
  } else {
    newlines(at, close);
    pos_ = close + 2;
  }
}

void Tokenizer::skipWhitespaceRun() {
  const std::size_t n = src_.size();
  std::size_t p = pos_;
  while (p < n) {
    const char w = src_[p];
    if (w == ' ' || w == '\t') {
      ++p;
    } else if (is(w, kNewline)) {
      if (w == '\r' && p + 1 < n && src_[p + 1] == '\n') ++p;
      ++p;
      ++line_;
      lineStart_ = p;
    } else {
      break;
    }
  }
  pos_ = p;
}

// Every token starts here. `t` arrives default-initialised, so each path
// writes only the fields its token type needs. Inlined into next() and
// appendUntil(): the loop in appendUntil pays no call per token.
[[gnu::always_inline]] inline void Tokenizer::scan(Token& t) {
  // Locals, not members: stores into the returned Token could alias `this`,
  // which would make the compiler reload src_ after every one.
  const char* const d = src_.data();
  const std::size_t n = src_.size();
  std::size_t q = pos_;
  // Read once: stores into `t` could alias these members.
  const bool skipWs = skipWs_;
  std::size_t ls = lineStart_;
  std::uint32_t ln = line_;
  bool ws = false;
  // Comments (and, when skipping, whitespace) before the token. The usual
  // case, a token starting right here, costs one load and one table test.
  while (q < n) {
    const char c0 = d[q];
    if (!(cls(c0) & kGap)) break;
    if (c0 == '/') {
      if (q + 1 < n && d[q + 1] == '*') {
        pos_ = q;
        skipComment();  // counts the comment's newlines in the members
        q = pos_;
        ls = lineStart_;
        ln = line_;
        continue;
      }
      break;
    }
    if (skipWs) {
      // Inline: a gap is usually a newline and an indent, or one space.
      char w = c0;
      do {
        if (is(w, kNewline)) {
          if (w == '\r' && q + 1 < n && d[q + 1] == '\n') ++q;
          ++ln;
          ls = q + 1;
        }
        ++q;
      } while (q < n && is(w = d[q], kWs));
      lineStart_ = ls;
      line_ = ln;
      ws = true;
      continue;
    }
    break;
  }

  if (ws) t.flags = Token::kAfterWhitespace;
  const std::size_t start = q;
  t.line = ln;
  t.col = static_cast<std::uint32_t>(start - ls + 1);
  t.begin = static_cast<std::uint32_t>(start);
  if (start >= n) {
    pos_ = start;
    t.type = TokenType::Eof;
    t.end = t.begin;
    return;
  }

  const char c = d[start];
  std::size_t p = start + 1;

  // Fast paths for what sheets are made of: plain names, plain decimal
  // numbers (with a plain unit or %), and the one-byte punctuation. Anything
  // unusual (escapes, NUL, exponents, signs) goes to the general CSS Syntax 3
  // code below, which handles every case. One table lookup picks the lane.
  switch (kLane[static_cast<unsigned char>(c)]) {
    case Lane::Dash: {
      // `-` starts a name before a name-start byte or a second `-` (custom
      // properties), but not `-->` (CDC); a digit or `.` after it is a number.
      if (p >= n) break;
      const char d1 = d[p];
      if (!(((cls(d1) & kNameStart) && d1 != 0) || (d1 == '-' && (p + 1 >= n || d[p + 1] != '>')))) break;
      [[fallthrough]];
    }
    case Lane::Name: {
      p = nameEnd(d, p, n);
      if (p >= n || (d[p] != '\\' && d[p] != 0 &&
                     (d[p] != '(' || p - start != 3 || (d[start] | 0x20) != 'u' ||
                      (d[start + 1] | 0x20) != 'r' || (d[start + 2] | 0x20) != 'l'))) {
        t.text = std::string_view(d + start, p - start);
        if (p < n && d[p] == '(') {
          t.type = TokenType::Function;
          ++p;
        } else {
          t.type = TokenType::Ident;
        }
        pos_ = p;
        t.end = static_cast<std::uint32_t>(p);
        return;
      }
      break;  // an escape, a NUL or url(: the general path
    }
    case Lane::Digit: {
      static constexpr double kPow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                          1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
      std::uint64_t m = static_cast<std::uint64_t>(c - '0');
      int digits = 1, frac = 0;
      while (p < n && (cls(d[p]) & kDigit)) m = m * 10 + static_cast<std::uint64_t>(d[p++] - '0'), ++digits;
      if (p + 1 < n && d[p] == '.' && (cls(d[p + 1]) & kDigit)) {
        ++p;
        while (p < n && (cls(d[p]) & kDigit))
          m = m * 10 + static_cast<std::uint64_t>(d[p++] - '0'), ++digits, ++frac;
      }
      const char u = p < n ? d[p] : ' ';
      const std::uint8_t ku = cls(u);
      // Plain when no exponent, no escape/NUL/`-` after it, few enough digits
      // for the exact one-division conversion (see fastNumberValue).
      if (digits <= 15 && u != 'e' && u != 'E' && u != '\\' && u != '-' && u != 0) {
        std::size_t e = p;
        if (ku & kNameStart) {
          ++e;
          while (e < n && (cls(d[e]) & kName)) ++e;
        }
        if (e >= n || (d[e] != '\\' && d[e] != 0)) {
          t.number = static_cast<double>(m) / kPow10[frac];
          if (frac == 0) t.flags |= Token::kInteger;
          if (e > p) {
            t.type = TokenType::Dimension;
            t.text = std::string_view(d + p, e - p);
          } else if (u == '%') {
            t.type = TokenType::Percentage;
            ++e;
          } else {
            t.type = TokenType::Number;
          }
          pos_ = e;
          t.end = static_cast<std::uint32_t>(e);
          return;
        }
      }
      break;
    }
    case Lane::Hash: {
      // `#id` and hex colours: a plain name after `#` (no escape, no NUL).
      if (p >= n || !(cls(d[p]) & kName)) break;
      p = nameEnd(d, p, n);
      if (p >= n || (d[p] != '\\' && d[p] != 0)) {
        const char h = d[start + 1];
        // CSS "would start an identifier" at the byte after `#`; an escape or
        // NUL there would have stopped the scan above.
        const bool id =
            ((cls(h) & kNameStart) != 0) ||
            (h == '-' && start + 2 < p && ((cls(d[start + 2]) & kNameStart) || d[start + 2] == '-'));
        t.type = TokenType::Hash;
        if (id) t.flags |= Token::kHashId;
        t.text = std::string_view(d + start + 1, p - start - 1);
        pos_ = p;
        t.end = static_cast<std::uint32_t>(p);
        return;
      }
      break;
    }
    case Lane::Single:
      t.type = kSingle[static_cast<unsigned char>(c)];
      pos_ = p;
      t.end = static_cast<std::uint32_t>(p);
      return;
    case Lane::General: break;
  }
  nextGeneral(start, t);
}

static_assert(static_cast<unsigned>(TokenType::Eof) < 32, "typeBit() masks need every TokenType below 32");

Token Tokenizer::next() {
  Token t;
  scan(t);
  return t;
}

void Tokenizer::next(Token& t) {
  t = Token{};
  scan(t);
}

void Tokenizer::appendUntil(std::vector<Token>& out, std::uint32_t stopTypes) {
  stopTypes |= typeBit(TokenType::Eof);
  for (;;) {
    Token& t = out.emplace_back();
    scan(t);
    if (stopTypes & typeBit(t.type)) return;
  }
}

[[gnu::always_inline]] inline bool Tokenizer::nameColon(Token& name, Token& colon) {
  if (!skipWs_) return false;
  const char* const d = src_.data();
  const std::size_t n = src_.size();
  std::size_t q = pos_;
  std::size_t ls = lineStart_;
  std::uint32_t ln = line_;
  // The gap as scan() skips it, but only spaces, tabs and \n: a comment,
  // \r or \f is left to scan() (which also reports an unclosed comment).
  // Mostly a newline and an indent: a tight loop for the spaces.
  for (;;) {
    while (q < n && d[q] == ' ') ++q;
    if (q >= n) return false;
    if (d[q] == '\n') {
      ++ln;
      ls = ++q;
    } else if (d[q] == '\t') {
      ++q;
    } else {
      break;
    }
  }
  const bool ws = q != pos_;
  const std::size_t start = q;
  // scan()'s Name and Dash lanes: a name-start byte other than NUL, or `-`
  // before one or before a second `-` that does not make `-->`.
  const char c = d[q];
  if (c == '-') {
    if (q + 1 >= n) return false;
    const char d1 = d[q + 1];
    if (!(((cls(d1) & kNameStart) && d1 != 0) || (d1 == '-' && (q + 2 >= n || d[q + 2] != '>'))))
      return false;
  } else if (!(cls(c) & kNameStart) || c == 0) {
    return false;
  }
  std::size_t p = q + 1;
  p = nameEnd(d, p, n);
  const std::size_t nameEnd = p;
  // An escape, a NUL or `(` after the name is none of these: false.
  if (p >= n || d[p] != ':') {
    while (p < n && (d[p] == ' ' || d[p] == '\t')) ++p;
    if (p >= n || d[p] != ':') return false;
  }
  name = detail::identAt(d, start, nameEnd, ls, ln, ws);
  colon = Token{};
  colon.type = TokenType::Colon;
  if (p > nameEnd) colon.flags = Token::kAfterWhitespace;
  colon.line = ln;
  colon.col = static_cast<std::uint32_t>(p - ls + 1);
  colon.begin = static_cast<std::uint32_t>(p);
  colon.end = static_cast<std::uint32_t>(p + 1);
  pos_ = p + 1;
  lineStart_ = ls;
  line_ = ln;
  return true;
}

bool Tokenizer::nextDeclarationStart(Token& name, Token& value) {
  Token colon;
  if (!nameColon(name, colon)) return false;
  value = Token{};
  scan(value);
  return true;
}

// Out of line so that scan()'s fast paths keep few registers live (the
// prologue and epilogue of one large function cost more than the scans).
void Tokenizer::nextGeneral(std::size_t start, Token& t) {
  const std::size_t n = src_.size();
  const char c = src_[start];
  std::size_t p = start + 1;
  pos_ = start;

  auto single = [&](TokenType ty) {
    t.type = ty;
    pos_ = p;
  };
  auto delim = [&] {
    t.type = TokenType::Delim;
    t.text = src_.substr(start, 1);
    pos_ = start + 1;
  };

  switch (c) {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
    case '\f':
      skipWhitespaceRun();
      t.type = TokenType::Whitespace;
      break;
    case '"':
    case '\'': consumeString(start, c, t); break;
    case '#':
      if (p < n && (is(src_[p], kName) || src_[p] == 0 || validEscape(p))) {
        t.type = TokenType::Hash;
        if (startsIdent(p)) t.flags |= Token::kHashId;
        bool escaped = false;
        t.text = consumeName(p, escaped);
        if (escaped) t.flags |= Token::kEscaped;
        pos_ = p;
      } else {
        delim();
      }
      break;
    case '(': single(TokenType::LeftParen); break;
    case ')': single(TokenType::RightParen); break;
    case '[': single(TokenType::LeftBracket); break;
    case ']': single(TokenType::RightBracket); break;
    case '{': single(TokenType::LeftBrace); break;
    case '}': single(TokenType::RightBrace); break;
    case ',': single(TokenType::Comma); break;
    case ':': single(TokenType::Colon); break;
    case ';': single(TokenType::Semicolon); break;
    case '+':
    case '.':
      if (startsNumber(start))
        consumeNumeric(start, t);
      else
        delim();
      break;
    case '-':
      if (startsNumber(start)) {
        consumeNumeric(start, t);
      } else if (start + 2 < n && src_[start + 1] == '-' && src_[start + 2] == '>') {
        t.type = TokenType::CDC;
        pos_ = start + 3;
      } else if (startsIdent(start)) {
        consumeIdentLike(start, t);
      } else {
        delim();
      }
      break;
    case '<':
      if (src_.substr(start, 4) == "<!--") {
        t.type = TokenType::CDO;
        pos_ = start + 4;
      } else {
        delim();
      }
      break;
    case '@':
      if (startsIdent(p)) {
        t.type = TokenType::AtKeyword;
        bool escaped = false;
        t.text = consumeName(p, escaped);
        if (escaped) t.flags |= Token::kEscaped;
        pos_ = p;
      } else {
        delim();
      }
      break;
    case '\\':
      if (validEscape(start)) {
        consumeIdentLike(start, t);
      } else {
        report(Severity::Error, t.line, t.col,
               "stray backslash: a backslash before a newline escapes nothing");
        delim();
      }
      break;
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9': consumeNumeric(start, t); break;
    default:
      if (is(c, kNameStart))
        consumeIdentLike(start, t);
      else
        delim();
      break;
  }
  t.end = static_cast<std::uint32_t>(pos_);
  // Tokens that may span newlines (strings with line continuations, escapes
  // ending in a newline, url remnants) keep the line count right.
  static_assert(TokenType::String < TokenType::BadString && TokenType::BadString < TokenType::Url &&
                    TokenType::Url < TokenType::BadUrl &&
                    static_cast<int>(TokenType::BadUrl) - static_cast<int>(TokenType::String) == 3,
                "String .. BadUrl must stay contiguous");
  if ((t.flags & Token::kEscaped) || (t.type >= TokenType::String && t.type <= TokenType::BadUrl))
    newlines(start, pos_);
}

}  // namespace zenit
