// CSS Syntax 3 tokenizer for .zstyle sheets.
//
// [SECTION] TokenType, Token
// [SECTION] Tokenizer
//
// Tokens are views into the source: no allocation per token. A name or
// string that contains an escape (or a NUL byte, which CSS reads as U+FFFD)
// is decoded once into an arena the Tokenizer owns, so every view stays
// valid for the Tokenizer's lifetime. Comments produce no token.
//
// Problems CSS calls parse errors (unterminated comments and strings, bad
// url(), a stray backslash) become Diagnostics; the token stream goes on
// exactly as CSS Syntax 3 §4 says, so the parser recovers as a browser does.
//
// Deviations from CSS Syntax 3:
//  - Input is taken as UTF-8 bytes without validation; every byte >= 0x80
//    is a name code point (as any non-ASCII code point is in CSS). Columns
//    count bytes, not code points.
//  - Newlines are \n, \r\n, \r and \f, as CSS preprocessing says; the
//    source itself is not rewritten.
#pragma once

#include <zenit/core/Diagnostic.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] TokenType, Token
// ---------------------------------------------------------------------------

enum class TokenType : std::uint8_t {
  Ident,         // text = name
  Function,      // text = name; the `(` is part of the token
  AtKeyword,     // text = name without `@`
  Hash,          // text = name without `#`; flags & kHashId when it is a valid identifier
  String,        // text = contents without quotes
  BadString,     // a string cut by a newline
  Url,           // text = the url in an unquoted url(...)
  BadUrl,        // malformed unquoted url(...)
  Delim,         // text = the one character
  Number,        // number; flags & kInteger when written without `.` or exponent
  Percentage,    // number (50 for `50%`)
  Dimension,     // number and unit (text = unit, as written)
  Whitespace,    //
  CDO,           // <!--
  CDC,           // -->
  Colon,         // :
  Semicolon,     // ;
  Comma,         // ,
  LeftBracket,   // [
  RightBracket,  // ]
  LeftParen,     // (
  RightParen,    // )
  LeftBrace,     // {
  RightBrace,    // }
  Eof,           // end of input (repeats if next() is called again)
};

std::string_view toString(TokenType t);  // "ident", "function", "{", …, "end of file"

struct Token {
  enum : std::uint8_t { kHashId = 1, kInteger = 2, kEscaped = 4, kSigned = 8, kAfterWhitespace = 16 };

  TokenType type{TokenType::Eof};  // what it is
  std::uint8_t flags{0};   // kHashId | kInteger | kEscaped (text was decoded) | kSigned (number had + or -)
                           // | kAfterWhitespace (whitespace was skipped before it; see setSkipWhitespace)
  std::uint32_t line{1};   // 1-based line of the first byte
  std::uint32_t col{1};    // 1-based column of the first byte, in bytes
  std::uint32_t begin{0};  // byte offset of the first byte in the source
  std::uint32_t end{0};    // byte offset one past the last byte
  std::string_view text;   // see TokenType
  double number{0.0};      // Number / Percentage / Dimension

  bool is(TokenType t) const { return type == t; }
  bool isDelim(char c) const { return type == TokenType::Delim && text.size() == 1 && text[0] == c; }
  bool isInteger() const { return (flags & kInteger) != 0; }
  // ASCII case-insensitive comparison of `text` for Ident/Function/AtKeyword (`lower` must be lower case).
  // Inline: most calls differ in length and end at the first compare.
  bool textIs(std::string_view lower) const {
    if (text.size() != lower.size()) return false;
    for (std::size_t i = 0; i < lower.size(); ++i) {
      char c = text[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != lower[i]) return false;
    }
    return true;
  }
  bool isIdent(std::string_view lower) const { return type == TokenType::Ident && textIs(lower); }
};

// ---------------------------------------------------------------------------
// [SECTION] Tokenizer
// ---------------------------------------------------------------------------

class Tokenizer {
 public:
  // `source` must outlive the Tokenizer. Diagnostics go to `diagnostics`
  // (if given) and to zenit::log, under the name `file`.
  explicit Tokenizer(std::string_view source, std::string_view file = "<string>",
                     std::vector<Diagnostic>* diagnostics = nullptr);
  ~Tokenizer();
  Tokenizer(const Tokenizer&) = delete;
  Tokenizer& operator=(const Tokenizer&) = delete;

  Token next();         // the next token; Eof forever at the end
  void next(Token& t);  // the same, written into `t` (every field): no copy
  // Appends tokens to `out` up to and including the first whose type is in
  // `stopTypes` (a mask of typeBit()s; Eof always stops). A value's run of
  // ordinary tokens goes straight into the caller's buffer in one call.
  void appendUntil(std::vector<Token>& out, std::uint32_t stopTypes);
  // A declaration's start read in one call: when what follows is plain
  // whitespace (spaces, tabs, \n), a plain name (no escape, NUL or `(`),
  // spaces or tabs and `:`, writes the name's token exactly as next()
  // would give it, consumes the colon, reads the value's first token into
  // `value` (as next() would) and returns true. Otherwise (a comment, any
  // other token) returns false and moves nothing. Only in whitespace-
  // skipping mode.
  bool nextDeclarationStart(Token& name, Token& value);
  // After a value's last token: when only spaces or tabs come before `;`,
  // `}` (with `braceEnds`) or the end of input, consumes the `;` and returns
  // true; otherwise returns false and moves nothing. Lets a one-token value
  // (`10px;`, `#f00;`) end without a `;` token and the parser's value loop.
  bool takeValueEnd(bool braceEnds) {
    const std::size_t n = src_.size();
    std::size_t p = pos_;
    while (p < n && (src_[p] == ' ' || src_[p] == '\t')) ++p;
    if (p >= n) return true;
    if (src_[p] == ';') {
      pos_ = p + 1;
      return true;
    }
    return braceEnds && src_[p] == '}';
  }
  // Where the next read starts: the byte offset, the line and the offset
  // of the line's first byte. The parser's byte-level fast paths read the
  // commonest declarations straight from source() at cursor() and move on
  // with seek(), only past bytes that next() reads without a diagnostic.
  struct Cursor {
    std::size_t pos;        // byte offset
    std::size_t lineStart;  // offset of the first byte of `line`
    std::uint32_t line;     // 1-based
  };
  Cursor cursor() const { return Cursor{pos_, lineStart_, line_}; }
  void seek(const Cursor& c) {
    pos_ = c.pos;
    lineStart_ = c.lineStart;
    line_ = c.line;
  }
  // One TokenType's bit in a stopTypes mask.
  static constexpr std::uint32_t typeBit(TokenType t) { return 1u << static_cast<unsigned>(t); }
  std::string_view source() const { return src_; }  // the text being tokenized
  std::string_view slice(std::uint32_t b, std::uint32_t e) const {
    return src_.substr(b, e - b);
  }                                                      // raw source text
  std::string_view file() const { return file_; }        // the display name used in diagnostics
  std::size_t arenaBytes() const { return arenaUsed_; }  // bytes decoded into the arena (0 without escapes)

  // Whether diagnostics also go to zenit::log (default true).
  void setLogging(bool on) { log_ = on; }
  // Skip whitespace instead of returning Whitespace tokens; the next token
  // then carries kAfterWhitespace. Saves a token per gap where whitespace
  // only separates (everywhere but selectors, which read the flag).
  void setSkipWhitespace(bool on) { skipWs_ = on; }

  // Reports a diagnostic at a position, with this tokenizer's file name.
  void report(Severity s, std::uint32_t line, std::uint32_t col, std::string message);

  // Tokenizes all of `source` (without whitespace tokens when `skipWhitespace`); for tests and tools.
  static std::vector<Token> all(Tokenizer& t, bool skipWhitespace = false);

 private:
  // Positions are offsets into src_.
  bool startsIdent(std::size_t p) const;
  bool startsNumber(std::size_t p) const;
  bool validEscape(std::size_t p) const;
  void newlines(std::size_t from, std::size_t to);  // count newlines in src_[from, to)
  void skipComment();                               // at `/*`: past the comment (or to the end, reported)
  void skipWhitespaceRun();                         // past spaces, tabs and newlines (counted)
  std::uint32_t colOf(std::size_t p) const { return static_cast<std::uint32_t>(p - lineStart_ + 1); }

  std::string_view consumeName(std::size_t& p, bool& escaped);
  void decodeEscape(std::size_t& p, std::string& out);
  bool nameColon(Token& name, Token& colon);      // nextDeclarationStart's `name:`
  void scan(Token& t);                            // next() into a default-initialised Token
  void nextGeneral(std::size_t start, Token& t);  // every token the fast paths in scan() leave
  void consumeNumeric(std::size_t start, Token& t);
  void consumeIdentLike(std::size_t start, Token& t);
  void consumeString(std::size_t start, char quote, Token& t);
  void consumeUrl(std::size_t start, Token& t);
  void consumeBadUrlRemnants(std::size_t& p);
  std::string_view store(std::string_view s);  // copy into the arena

  std::string_view src_;
  std::string file_;
  std::vector<Diagnostic>* diags_;
  bool log_{true};
  bool skipWs_{false};
  std::size_t pos_{0};
  std::size_t lineStart_{0};
  std::uint32_t line_{1};
  std::vector<std::unique_ptr<char[]>> arena_;
  std::size_t arenaLeft_{0};
  char* arenaPtr_{nullptr};
  std::size_t arenaUsed_{0};
  std::string scratch_;
};

}  // namespace zenit
