// The .zstyle sheet parser: CSS Syntax 3 §5 rule and declaration
// consumption over the token stream, with CSS's error recovery, plus
// selectors, @keyframes, @import and var().
//
// The parser pulls tokens one at a time and never builds a component tree:
// a declaration's value is gathered into one reused buffer and handed to the
// value parsers (ParserValues.cpp). Brackets are tracked with a bounded
// stack, so no input can make it recurse or allocate without bound.
//
// Deviations from CSS (docs/stylesheets.md lists them all):
//  - Nested rules (CSS Nesting) are not supported: one is reported and skipped.
//  - @media, @supports, @font-face, @layer … are skipped with a warning.
//  - @import conditions (media queries) are not supported; a file is
//    imported once per sheet even if several rules import it.
//  - CSS-wide keywords: `initial` (and `unset` on non-inherited
//    properties) work; `inherit`, `revert`, `revert-layer` are rejected.
//  - Non-animatable properties in @keyframes are ignored with a warning
//    (CSS would animate discrete ones); var() in @keyframes is an error.
#include "AtomInternal.hpp"
#include "ParserInternal.hpp"
#include "TokenizerInternal.hpp"

#include <zenit/core/Color.hpp>
#include <zenit/style/Parser.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <string>
#include <unordered_map>

namespace zenit {
namespace detail {

namespace {

namespace fs = std::filesystem;

constexpr std::uint32_t bitOf(TokenType t) { return 1u << static_cast<unsigned>(t); }

// Bracket nesting of one prelude or value: a bounded stack of expected closers.
class Nesting {
 public:
  explicit Nesting(int max) : max_(static_cast<std::size_t>(max > 0 ? max : 1)) { stack_.reserve(16); }
  bool atTop() const { return stack_.empty() && overflow_ == 0; }
  bool tooDeep() const { return tooDeep_; }
  void reset() {
    stack_.clear();
    overflow_ = 0;
    tooDeep_ = false;
  }
  // Feeds one token; call only for tokens that are not a closer at the top level.
  // Most tokens are no bracket: one mask test, no call.
  void feed(const Token& t) {
    constexpr std::uint32_t kBrackets = bitOf(TokenType::Function) | bitOf(TokenType::LeftParen) |
                                        bitOf(TokenType::LeftBracket) | bitOf(TokenType::LeftBrace) |
                                        bitOf(TokenType::RightParen) | bitOf(TokenType::RightBracket) |
                                        bitOf(TokenType::RightBrace);
    if ((bitOf(t.type) & kBrackets) != 0) feedBracket(t);
  }
  std::size_t depth() const { return stack_.size() + overflow_; }

 private:
  void feedBracket(const Token& t) {
    switch (t.type) {
      case TokenType::Function:
      case TokenType::LeftParen: open(TokenType::RightParen); break;
      case TokenType::LeftBracket: open(TokenType::RightBracket); break;
      case TokenType::LeftBrace: open(TokenType::RightBrace); break;
      case TokenType::RightParen:
      case TokenType::RightBracket:
      case TokenType::RightBrace: close(t.type); break;
      default: break;
    }
  }
  void open(TokenType closer) {
    if (stack_.size() < max_) {
      stack_.push_back(closer);
    } else {
      ++overflow_;
      tooDeep_ = true;
    }
  }
  void close(TokenType t) {
    if (overflow_) {
      --overflow_;  // past the limit only depth is counted
      return;
    }
    if (!stack_.empty() && stack_.back() == t)
      stack_.pop_back();  // a mismatched closer is an ordinary token (CSS)
  }
  std::vector<TokenType> stack_;
  std::size_t max_;
  std::size_t overflow_{0};
  bool tooDeep_{false};
};

bool isCloser(TokenType t) {
  return t == TokenType::RightParen || t == TokenType::RightBracket || t == TokenType::RightBrace;
}

bool hasVar(const Token* b, const Token* e) {
  for (const Token* p = b; p < e; ++p)
    if (p->type == TokenType::Function && p->textIs("var")) return true;
  return false;
}

bool readFile(const std::string& path, std::string& out) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  out.clear();
  char buf[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  const bool ok = std::ferror(f) == 0;
  std::fclose(f);
  return ok;
}

std::string canonicalPath(const std::string& p) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(fs::path(p), ec);
  return ec ? fs::path(p).lexically_normal().string() : c.string();
}

std::string parentDir(const std::string& p) {
  fs::path d = fs::path(p).parent_path();
  return d.string();
}

// Every rule has one top-level `{`, so their count bounds the rules to come:
// reserving once spares the large StyleRule vector its regrowth copies.
void reserveRules(StyleSheet& sheet, std::string_view text) {
  sheet.rules.reserve(sheet.rules.size() + std::min<std::size_t>(countBraces(text), 1u << 16));
}

// The bit of a supported pseudo-class named by `name` (an Ident's text, any
// case), or 0: both selector readers take their pseudo-classes from here.
std::uint8_t pseudoClassBit(std::string_view name) {
  Token t;
  t.type = TokenType::Ident;
  t.text = name;
  if (t.textIs("hover")) return PseudoHover;
  if (t.textIs("active")) return PseudoActive;
  if (t.textIs("focus")) return PseudoFocus;
  if (t.textIs("checked")) return PseudoChecked;
  if (t.textIs("disabled")) return PseudoDisabled;
  return 0;
}

// Custom properties and @keyframes names: CSS-wide keywords (and `default`) are reserved.
bool reservedName(const Token& t) { return isCssWideKeyword(t) || t.textIs("default"); }

}  // namespace

// Interned names seen by one parse, so a repeated name costs one probe of a
// small open-addressing table instead of the global table's lock and lookup.
// Keys are token views, valid for the parser's lifetime.
// memcmp for a name's few bytes, inline: words compared from both ends
// (overlapping in the middle), never a byte past either name.
[[gnu::always_inline]] inline bool sameBytes(const char* a, const char* b, std::size_t n) {
  auto word = [](const char* p) {
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
  };
  auto half = [](const char* p) {
    std::uint32_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
  };
  if (n >= 8) {
    for (std::size_t i = 0; i + 8 < n; i += 8)
      if (word(a + i) != word(b + i)) return false;
    return word(a + n - 8) == word(b + n - 8);
  }
  if (n >= 4) return half(a) == half(b) && half(a + n - 4) == half(b + n - 4);
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

class AtomCache {
 public:
  // Inline while the name is found at its first slot (a sheet repeats its
  // names); anything else, out of line.
  [[gnu::always_inline]] Atom get(std::string_view name) {
    const std::uint64_t h = atomHash(name);
    if (!slots_.empty()) {
      const Slot& s = slots_[h & (slots_.size() - 1)];
      if (s.hash == h && s.atom != Atom::None && s.name.size() == name.size() &&
          sameBytes(s.name.data(), name.data(), name.size()))
        return s.atom;
    }
    return find(name, h);
  }

 private:
  [[gnu::noinline]] Atom find(std::string_view name, std::uint64_t h) {
    if (slots_.empty()) slots_.resize(256);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      Slot& s = slots_[i];
      if (s.atom == Atom::None) {
        const Atom a = internHashed(name, h);  // a new name is hashed once, here
        s = Slot{h, name, a};
        if (++used_ * 2 > slots_.size()) grow();
        return a;
      }
      if (s.hash == h && s.name == name) return s.atom;
    }
  }

  struct Slot {
    std::uint64_t hash{0};
    std::string_view name;
    Atom atom{Atom::None};
  };
  // Four times larger at a time (so between 1/8 and 1/2 full): a large
  // sheet brings thousands of new names, and each growth zeroes a new table
  // and rehashes every name into it.
  void grow() {
    std::vector<Slot> old(slots_.size() * 4);
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
      if (s.atom == Atom::None) continue;
      std::size_t i = s.hash & mask;
      while (slots_[i].atom != Atom::None) i = (i + 1) & mask;
      slots_[i] = s;
    }
  }
  std::vector<Slot> slots_;
  std::size_t used_{0};
};

// findProperty memoised by the name's exact bytes, for one parse: a sheet
// writes a few dozen property names thousands of times, and a hit costs a
// small hash and one compare instead of the table's lower-casing hash, probe
// and compare. Names are views into the parser's source (or the
// tokenizer's arena), which outlive it. Only found names are kept.
class PropertyCache {
 public:
  [[gnu::always_inline]] const PropertyEntry* find(std::string_view name) {
    const std::size_t n = name.size();
    if (n == 0) return findProperty(name);
    Slot& s = slots_[slotOf(name)];
    if (s.name.size() == n && sameBytes(s.name.data(), name.data(), n)) return s.entry;
    const PropertyEntry* e = findProperty(name);
    if (e) s = Slot{name, e};
    return e;
  }

 private:
  struct Slot {
    std::string_view name;
    const PropertyEntry* entry{nullptr};
  };
  static constexpr unsigned kSlotBits = 8;
  static constexpr std::size_t kSlots = std::size_t{1} << kSlotBits;
  // Length and five bytes (property names differ in those), multiplied so
  // the top bits, the slot, depend on all of them.
  [[gnu::always_inline]] static std::size_t slotOf(std::string_view s) {
    auto at = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(s[i])); };
    const std::size_t n = s.size();
    std::uint64_t h = (static_cast<std::uint64_t>(n) << 40) | (std::uint64_t{at(0)} << 32) |
                      (at(n > 1 ? 1 : 0) << 24) | (at(n / 2) << 16) | (at(n > 1 ? n - 2 : 0) << 8) |
                      at(n - 1);
    h *= 0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(h >> (64 - kSlotBits));
  }
  std::array<Slot, kSlots> slots_{};
};

const PropertyEntry* findPropertyIn(PropertyCache* names, std::string_view name) {
  return names ? names->find(name) : findProperty(name);
}

// The byte path's property memo: a name of at most 31 bytes keyed by its
// bytes in two 16-byte vectors (the rest zero) and its length, so that the
// loads that find the name's end also find its property, with two vector
// compares. A miss asks PropertyCache (whose answer it keeps when found).
class NameMemo {
 public:
#if defined(__SSE2__)
  // `a` and `b` hold the name's `len` bytes and zeros.
  [[gnu::always_inline]] const PropertyEntry* find(__m128i a, __m128i b, std::size_t len, const char* text,
                                                   PropertyCache& cache) {
    const __m128i x = _mm_xor_si128(a, _mm_slli_epi64(b, 7));
    const auto lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(x));
    const auto hi = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x)));
    const std::size_t slot = static_cast<std::size_t>(
        ((lo ^ (hi * 0xC2B2AE3D27D4EB4Full) ^ len) * 0x9E3779B97F4A7C15ull) >> (64 - kSlotBits));
    Slot& s = slots_[slot];
    if (s.len == len &&
        _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(s.a, a), _mm_cmpeq_epi8(s.b, b))) == 0xFFFF)
      return s.entry;
    const PropertyEntry* e = cache.find(std::string_view(text, len));
    if (e) {
      s.a = a;
      s.b = b;
      s.len = len;
      s.entry = e;
    }
    return e;
  }

 private:
  struct Slot {
    __m128i a{}, b{};
    const PropertyEntry* entry{nullptr};
    std::size_t len{0};  // 0: empty (no name is empty)
  };
  static constexpr unsigned kSlotBits = 8;
  std::array<Slot, std::size_t{1} << kSlotBits> slots_{};
#endif
};

struct ImportState {
  std::vector<std::string> active;  // canonical paths being parsed, outermost first
  std::vector<std::string> loaded;  // canonical paths whose rules are in the sheet
  // @keyframes name -> index of its first block in sheet.keyframes, for the
  // "replaces" warning without a scan per block (quadratic in large sheets).
  std::unordered_map<std::string, std::size_t> keyframeFirst;
};

// Where a declaration list writes: a rule's or a style attribute's block,
// or a keyframe's Style (and lists a keyframe never writes to: its custom
// properties, !important and var() declarations are dropped).
struct DeclTarget {
  Style& normal;
  std::optional<Style>& important;  // made when the first !important declaration is written
  std::vector<PendingDeclaration>& pending;
  std::vector<CustomProperty>& custom;
};

// The block's !important Style, made on first use.
inline Style& importantTarget(const DeclTarget& block) {
  return block.important ? *block.important : block.important.emplace();
}

// `write(style)` into the block's !important Style. A block has that Style
// once a declaration has been written to it: one made for a value `write`
// refuses is dropped again.
template <class Write>
bool writeImportant(const DeclTarget& block, Write&& write) {
  const bool fresh = !block.important;
  if (write(importantTarget(block))) return true;
  if (fresh) block.important.reset();
  return false;
}

// What a declaration list is parsed for.
struct BlockMode {
  bool inBlock{true};                                  // ends at `}` (false: a style attribute, ends at EOF)
  bool keyframes{false};                               // inside a keyframe: animatable properties only
  std::optional<TransitionFunction>* easing{nullptr};  // keyframes: animation-timing-function goes here
};

class SheetParser {
 public:
  SheetParser(std::string_view text, std::uint32_t fileIndex, StyleSheet& sheet, const ParseOptions& opt,
              ImportState* imports, std::string baseDir, const FastPaths& paths)
      : tz_(text, sheet.files[fileIndex], &sheet.diagnostics),
        sheet_(&sheet),
        opt_(opt),
        paths_(paths),
        imports_(imports),
        baseDir_(std::move(baseDir)),
        fileIndex_(fileIndex),
        nest_(opt.maxNesting) {
    rep_.out = &sheet.diagnostics;
    rep_.file = sheet.files[fileIndex];
    tz_.setSkipWhitespace(true);
  }

  // A style attribute: no sheet, diagnostics to `out`.
  SheetParser(std::string_view text, std::string file, std::vector<Diagnostic>* out, const ParseOptions& opt,
              const FastPaths& paths)
      : tz_(text, file, out), opt_(opt), paths_(paths), nest_(opt.maxNesting) {
    rep_.out = out;
    rep_.file = std::move(file);
    tz_.setSkipWhitespace(true);
  }

  void parseSheet();
  void parseAttribute(DeclarationBlock& block) {
    Token none;
    parseDeclarationList(DeclTarget{block.normal, block.important, block.pending, block.custom},
                         BlockMode{false, false, nullptr}, none);
  }

 private:
  Token take() {
    if (hasLa_) {
      hasLa_ = false;
      return la_;
    }
    if (replayAt_ < replay_.size()) return replay_[replayAt_++];
    return tz_.next();
  }
  // Whether take() would return a token read ahead (la_ or replay_).
  bool pending() const { return hasLa_ || replayAt_ < replay_.size(); }
  void unread(const Token& t) {
    la_ = t;
    hasLa_ = true;
  }
  // Every token type the value loop in parseOneDeclaration decides on:
  // brackets (nesting), the ends of a value, functions (var()), whitespace.
  static constexpr std::uint32_t kValueStops =
      Tokenizer::typeBit(TokenType::Function) | Tokenizer::typeBit(TokenType::LeftParen) |
      Tokenizer::typeBit(TokenType::RightParen) | Tokenizer::typeBit(TokenType::LeftBracket) |
      Tokenizer::typeBit(TokenType::RightBracket) | Tokenizer::typeBit(TokenType::LeftBrace) |
      Tokenizer::typeBit(TokenType::RightBrace) | Tokenizer::typeBit(TokenType::Semicolon) |
      Tokenizer::typeBit(TokenType::Whitespace) | Tokenizer::typeBit(TokenType::Eof);
  // A declaration's first read also stops at an at-keyword: the list
  // reports it before reading on (so diagnostics keep their order).
  static constexpr std::uint32_t kDeclarationStops = kValueStops | Tokenizer::typeBit(TokenType::AtKeyword);
  // The next token of a value into `t`: any other tokens before it are
  // appended to value_ on the way (they need no decision in the loop).
  void nextValueToken(Token& t) {
    if (pending()) {
      t = take();
      return;
    }
    tz_.appendUntil(value_, kValueStops);
    t = value_.back();
    value_.pop_back();
  }
  SourceLoc loc(const Token& t) const { return SourceLoc{fileIndex_, t.line, t.col}; }
  std::string where(const SourceLoc& l) const {
    return std::string(sheet_->fileName(l)) + ":" + std::to_string(l.line) + ":" + std::to_string(l.col);
  }
  std::string tooDeepMessage() const {
    return "nesting deeper than " + std::to_string(opt_.maxNesting) + " levels";
  }

  // Skips the rest of a {} block whose `{` was consumed; stops after its `}` or at EOF.
  void skipBlock();
  // Skips an at-rule after its keyword: to `;` or through a {} block; in a
  // declaration list also stops before the enclosing `}`.
  void skipAtRule(bool inBlock);
  // Reads tokens up to a top-level `{` (consumed; returns true) into prelude_.
  bool readPrelude(const Token& first, bool stopAtSemicolon, Token& end);
  // Every token type readPrelude decides on: brackets (nesting) and the ends.
  static constexpr std::uint32_t kPreludeStops =
      Tokenizer::typeBit(TokenType::Function) | Tokenizer::typeBit(TokenType::LeftParen) |
      Tokenizer::typeBit(TokenType::RightParen) | Tokenizer::typeBit(TokenType::LeftBracket) |
      Tokenizer::typeBit(TokenType::RightBracket) | Tokenizer::typeBit(TokenType::LeftBrace) |
      Tokenizer::typeBit(TokenType::RightBrace) | Tokenizer::typeBit(TokenType::Semicolon) |
      Tokenizer::typeBit(TokenType::Eof);
  // The Whitespace token a skipped gap before `t` stands for.
  static Token gapBefore(const Token& t) {
    Token w;
    w.type = TokenType::Whitespace;
    w.line = t.line;
    w.col = t.col;
    w.begin = w.end = t.begin;
    return w;
  }
  // Puts gapBefore() tokens back into prelude_[from, end), which appendUntil read.
  void restoreGaps(std::size_t from);

  void parseAtRule(const Token& at, bool& importsAllowed);
  void parseImport(const Token& at, bool allowed);
  void parseKeyframes(const Token& at);
  // parseKeyframes after the prelude: the keyframes of the block opened by
  // `open` into `kr` (name and loc set), then the rule into the sheet.
  void keyframesBody(const Token& at, const Token& open, KeyframesRule& kr);
  void parseQualifiedRule(const Token& first);
  bool parseSelectorList(const std::vector<Token>& toks, SelectorList& out);
  void parseDeclarationList(const DeclTarget& block, const BlockMode& mode, const Token& open);
  // `preread`: value_ holds the value's first tokens, the last one still to decide on (see
  // parseDeclarationList).
  void parseOneDeclaration(const Token& name, const DeclTarget& block, const BlockMode& mode, bool preread);
  // value_ holds a whole value: takes `!important` off its end and hands it to handleDeclaration.
  // `known`, when given, is the property entry of `name`, already looked up
  // (by applyLone or applyPlain); otherwise it is looked up here.
  void finishDeclaration(const Token& name, const DeclTarget& block, const BlockMode& mode,
                         const PropertyEntry* known = nullptr);
  // The same for the value [b, e).
  void finishDeclaration(const Token& name, const Token* b, const Token* e, const DeclTarget& block,
                         const BlockMode& mode, const PropertyEntry* known);
  void handleDeclaration(const Token& name, const TokenRange& value, bool important, const DeclTarget& block,
                         const BlockMode& mode, const PropertyEntry* known = nullptr);
  // The end of handleDeclaration, once it knows the value is neither a
  // custom property's, nor empty, nor a CSS-wide keyword alone, nor one
  // with var(), and passes its @keyframes checks: applyDeclaration, then
  // the lists' bookkeeping and the shadowing of earlier var() records.
  void applyKnown(const Token& name, const PropertyEntry& entry, const TokenRange& value, bool important,
                  const DeclTarget& block, const BlockMode& mode);
  // handleDeclaration's custom property `name` (with its `--`), at `at`,
  // outside @keyframes: kept raw.
  void addCustom(std::string_view name, SourceLoc at, const TokenRange& value, bool important,
                 const DeclTarget& block);
  // handleDeclaration's value with var() of property `entry` (the name on
  // `line`, column `col`), outside @keyframes and not a CSS-wide keyword
  // alone: its var() functions checked (a malformed one reported), then
  // kept raw as a record for resolvePending.
  // addPending's record of a value whose var() functions are well formed,
  // `text` the value as written (its first token to its last).
  void pushPending(const PropertyEntry& entry, std::uint32_t line, std::uint32_t col, std::string_view text,
                   bool important, const DeclTarget& block);
  // A value with var() of a known property outside @keyframes, read from
  // the bytes at p (after the colon): `var(--name)` or `var(--name,
  // fallback)` groups and plain words (letters, digits, `-`, `_`, `.`,
  // `%`, `#`, `+`, `,`), spaces or tabs between, the first a var() group,
  // up to `;` (or `}` when `inBlock`). Kept as handleDeclaration keeps it
  // (pushPending, the name at `start` on line `ln`); one past where the
  // token path stops, or 0 with nothing written for anything else (no
  // var() first, parentheses in a fallback, `!`, comments, escapes,
  // strings, line breaks, the end of input).
  [[gnu::noinline]] std::size_t byteVar(const PropertyEntry& entry, std::size_t p, std::uint32_t ln,
                                        std::size_t ls, std::size_t start, bool inBlock,
                                        const DeclTarget& block);
  void addPending(const PropertyEntry& entry, std::uint32_t line, std::uint32_t col, const TokenRange& value,
                  bool important, const DeclTarget& block);
  // handleDeclaration for a one-token value that applyLoneValue reads, when
  // none of its checks would report; false (nothing done) otherwise.
  // `entry` is the property of `name` when known, else nullptr; it
  // receives the property looked up (nullptr if none was).
  bool applyLone(const Token& name, const Token& value, const DeclTarget& block, const BlockMode& mode,
                 const PropertyEntry*& entry);
  // The same for value_, a run of plain tokens (no function, bracket or
  // `!important`), through applyPlainValue.
  bool applyPlain(const Token& name, const DeclTarget& block, const BlockMode& mode,
                  const PropertyEntry*& entry) {
    return applyPlain(name, value_.data(), value_.data() + value_.size(), block, mode, entry);
  }
  bool applyPlain(const Token& name, const Token* b, const Token* e, const DeclTarget& block,
                  const BlockMode& mode, const PropertyEntry*& entry);
  enum class ByteRead : std::uint8_t {
    None,      // stopped at the start of something that is no declaration it reads
    Name,      // stopped after a declaration's name and colon (see byteDeclarations)
    BlockEnd,  // read the block's closing `}`
  };
  // The declarations from the tokenizer's position on whose tokens
  // readValueToken reads (with only spaces or tabs between them), read
  // from the bytes and handed to the same readers, with the same checks,
  // as the token path hands them; the tokenizer moved past them, and past
  // empty declarations (`;`). At the first declaration that is not, when
  // it starts as nextDeclarationStart reads one (`name` and `:`), returns
  // Name with `name` as that reads it, the tokenizer after the colon and
  // `entry` the name's property (nullptr for a custom property or an
  // unknown name): the token path reads the value from there. At the
  // block's `}` returns BlockEnd after it. Otherwise returns None at the
  // start of that declaration.
  ByteRead byteDeclarations(const DeclTarget& block, const BlockMode& mode, Token& name,
                            const PropertyEntry*& entry);
  // A style rule whose gap (whitespace, comments) and selector list
  // (compounds of a type or `*`, classes, ids, pseudo-classes and a part,
  // joined by whitespace and `>`, separated by commas) are read from the
  // bytes, with the Selectors parseSelectorList makes of them; its block
  // is then read as parseQualifiedRule reads it. Otherwise false with
  // nothing read (names it interned are the token path's first names too).
  bool byteRule();
  // `@keyframes` (in lower case) at q on line `ln` (which starts at `ls`),
  // an identifier name parseKeyframes accepts and `{`, with spaces, tabs
  // and \n between them, read from the bytes; then the block as
  // parseKeyframes reads it. Otherwise false with nothing read (the token
  // path reads it, and reports).
  bool byteKeyframes(std::size_t q, std::size_t ls, std::uint32_t ln);
  // A keyframe selector of percentages in [0%, 100%], `from` and `to`,
  // with commas, spaces and tabs between them, and its `{`, read from the
  // bytes: `offsets` as the token path fills them, `first` the selector's
  // first token and `open` the `{`, the tokenizer after it (Selector);
  // or the block's `}` after the gap, the tokenizer after it (BlockEnd).
  // Otherwise None, with nothing read (the token path reads it, and reports).
  enum class KeyframeRead : std::uint8_t { None, Selector, BlockEnd };
  KeyframeRead byteKeyframeSelector(std::vector<float>& offsets, Token& first, Token& open);
  // One token then `!important`, with only spaces or tabs around `important`
  // (k at the `!`): its lone writer into the block's important Style, as
  // finishDeclaration and applyKnown write it. Where the declaration ends
  // (after `;`, or before `}` or the end of input), or 0 with nothing
  // written: anything else is byteValue's.
  std::size_t byteLoneImportant(std::size_t k, bool inBlock, const PropertyEntry& prop, const Token& t0,
                                const DeclTarget& block);
  // byteDeclarations' rarer names: `-` names, names of 16 bytes or more,
  // names near the end of the source. One past the name (0: not a name
  // nextDeclarationStart reads) and its property (nullptr for custom
  // properties and unknown names).
  [[gnu::noinline]] std::size_t byteNameSlow(std::size_t q, const PropertyEntry*& entry);
  // The rest of a declaration's value after its first token (in
  // byteToks_[0], ending at p) when it is not one token alone: read,
  // written or handed to byteHandle; one past where the token path stops,
  // or 0 (nothing written) when its tokens are not all readValueToken's.
  [[gnu::noinline]] std::size_t byteValue(std::size_t p, std::uint32_t ln, std::size_t ls,
                                          const PropertyEntry* prop, std::size_t start, std::size_t nameEnd,
                                          bool afterWs, const DeclTarget& block, const BlockMode& mode);
  // A `transform` value from p (after the colon) of functions whose
  // arguments are one token each, read from the bytes with readValueToken
  // and folded by PlainTransform as applyPlainTransform folds them, up to
  // `;` (or `}` when `inBlock`): written into `out`, and one past where the
  // token path stops returned. 0, with nothing written, for anything else.
  std::size_t byteTransform(std::size_t p, std::uint32_t ln, std::size_t ls, bool inBlock, Style& out);
  // rgb() or rgba() of plain arguments at p (the function token, after
  // whitespace when `afterWs`) read from the bytes and converted by
  // rgbFromTokens: one past its `)`, or 0 (nothing read).
  std::size_t byteRgb(std::size_t p, std::uint32_t ln, std::size_t ls, bool afterWs, Color& out);
  // byteRgb's common case without tokens: the items rgbFromTokens would
  // collect, read from the bytes (unsigned numbers, percentages, `none`,
  // `,` and `/`, spaces or tabs between) and given to rgbFromItems. One
  // past the `)`, or 0 (nothing written; byteRgb then reads the tokens).
  std::size_t byteRgbItems(std::size_t p, Color& out) const;
  // Where the token path stops after a value that ends at p: after `;`, or
  // at p before `}` when `inBlock`; 0 when anything else follows.
  std::size_t byteValueEnd(std::size_t p, bool inBlock) const;
  // A colour row's (or background's) value that is rgb() or rgba() alone,
  // and a box-shadow of one shadow of lengths in px or 0, `inset` and a
  // hex, named or rgb() colour, read from the bytes with the token path's
  // readers and checks: written into `out`, and one past where the token
  // path stops returned; 0, with nothing written, for anything else.
  std::size_t byteColor(std::size_t p, std::uint32_t ln, std::size_t ls, bool inBlock, Opt<Color>& out);
  std::size_t byteShadow(std::size_t p, std::uint32_t ln, std::size_t ls, bool inBlock, Opt<Shadow>& out);
  // padding, margin and border-radius of one to four lengths (px, em, %, a
  // bare 0; `auto` for margin), translate of two, and transform-origin of
  // one or two (or the position keywords), separated by spaces or tabs:
  // the Values readValueToken's tokens give loneLength (lengthAt), written
  // as applyPlainValue, transformOriginValue and the lone writers write
  // them, without the tokens.
  // One past where the token path stops, or 0 with nothing written for
  // anything else (other units, signs the row refuses, exponents,
  // escapes, comments, more values, `!important`, the end of input).
  std::size_t byteLengths(const PropertyEntry& entry, std::size_t p, bool inBlock, Style& out) const;
  // `border` of two or three of a line style, a width in px or a bare 0,
  // and a hex or named colour, separated by spaces or tabs: applyPlainValue's
  // checks and writes on the tokens readValueToken would read, without
  // them. One past where the token path stops, or 0 with nothing written.
  std::size_t byteBorder(std::size_t p, bool inBlock, Style& out) const;
  // `flex` of two or three of unsigned numbers (the factors) and one basis
  // (px, em, %, a bare 0, `auto`, `content`), the same way.
  std::size_t byteFlex(std::size_t p, bool inBlock, Style& out) const;
  // The reader entry.bytes names, on the value at p (after the colon): one
  // past where the token path stops, with the value written and earlier
  // var() records shadowed as handleDeclaration does; 0, nothing written.
  [[gnu::noinline]] std::size_t byteSpecial(const PropertyEntry& entry, std::size_t p, std::uint32_t ln,
                                            std::size_t ls, std::size_t start, bool inBlock,
                                            const DeclTarget& block);
  // An animation or transition list, shorthand or longhand, at p (after the
  // colon) of readValueToken's tokens up to `;` (or `}` when `inBlock`),
  // without var() or `!`, parsed by applyDeclaration's reader (silent), and
  // the shorthand's bookkeeping done as handleDeclaration does it (the name
  // at `start` on line `ln`). One past where the token path stops, or 0
  // with nothing written: anything else, and every value the reader
  // refuses, is the token path's, which reports it.
  std::size_t byteList(const PropertyEntry& entry, std::size_t p, std::uint32_t ln, std::size_t ls,
                       std::size_t start, bool inBlock, Style& out);
  // byteList's common values without the general reader: items of times
  // in s or ms, numbers, identifiers and easing functions of numbers,
  // identifiers and commas, read with readValueToken and put where
  // parseAnimationShorthand, parseTransitionShorthand and the longhand
  // readers put them, in their order, through their helpers (parseTime,
  // easingKeyword, parseEasingAt, parseKeyword, keyframesNameAt,
  // describeTransitionProperty); the Style then written as
  // applyDeclaration writes it. One past where the token path stops, or 0
  // with nothing written for anything else: every value those readers
  // refuse or report on, CSS-wide keywords, `none` in a transition list,
  // easing names other than the keywords, and any other token.
  std::size_t byteListItems(const PropertyEntry& entry, std::size_t p, std::uint32_t ln, std::size_t ls,
                            bool inBlock, Style& out);
  // byteListItems' cursor over a value's components.
  struct ListCursor {
    enum class Part : std::uint8_t { Ident, Number, Time, Easing };
    std::size_t k{0};     // the next component (after spaces and tabs)
    std::size_t gap{0};   // where the spaces before it begin
    std::uint32_t ln{0};  // the line, which starts at ls
    std::size_t ls{0};
    bool inBlock{false};     // `}` ends the value
    bool itemEnd{false};     // the component read ends its item (`,` or the value's end follows)
    bool valueEnd{false};    // it ends the value
    std::size_t end{0};      // then: one past where the token path stops
    Part kind{Part::Ident};  // what it is:
    Token t;                 // Ident: an Ident token's type and text; Number: its number
    double seconds{0.0};     // Time: parseTime's seconds
  };
  // The component at c.k into `c` (an easing function's into listEase_),
  // c moved past it and what follows it; false when it is none
  // byteListItems reads (and then also at a `,`, `;` or `}` where a
  // component belongs, or at the end of the input).
  bool byteListPart(ListCursor& c);
  // byteListPart's easing function at c.k (a name and `(`): into listEase_,
  // one past it; 0 when it is none parseEasingAt reads from tokens of
  // numbers, identifiers and commas.
  [[gnu::noinline]] std::size_t byteListEasing(const ListCursor& c);
  // What handleDeclaration does after applyDeclaration for the animation
  // and transition lists: a shorthand resets the longhands before it (and
  // says so), a longhand is noted. The name on `line`, column `col`.
  void listBookkeeping(const PropertyEntry& entry, bool important, Style& target, std::uint32_t line,
                       std::uint32_t col);
  // byteHandle with the name token made from its place.
  [[gnu::noinline]] void byteHandleName(std::size_t start, std::size_t nameEnd, bool afterWs,
                                        std::size_t lineStart, std::uint32_t line, const PropertyEntry* entry,
                                        std::size_t count, bool lone, bool plain, bool hasVar,
                                        const DeclTarget& block, const BlockMode& mode);
  // `name` as nextDeclarationStart reads a name from `start` to `nameEnd` on `line`.
  void byteName(Token& name, std::size_t start, std::size_t nameEnd, bool afterWs, std::size_t lineStart,
                std::uint32_t line) const;
  // handleDeclaration for a value byteDeclarations read, as the token path
  // hands it over: `lone` (one token, the value loop skipped), `plain` (a
  // run of tokens without functions ended by `;`), or the value loop's.
  [[gnu::noinline]] void byteHandle(const Token& name, const PropertyEntry* entry, std::size_t count,
                                    bool lone, bool plain, bool hasVar, const DeclTarget& block,
                                    const BlockMode& mode);

  Tokenizer tz_;
  StyleSheet* sheet_{nullptr};
  ParseOptions opt_;
  FastPaths paths_;
  ImportState* imports_{nullptr};
  std::string baseDir_;
  std::uint32_t fileIndex_{0};
  Reporter rep_;
  Nesting nest_;
  Token la_;
  bool hasLa_{false};
  std::vector<Token>
      replay_;  // tokens read ahead that were not a declaration's start; take() returns them first
  std::size_t replayAt_{0};
  std::vector<Token> prelude_;     // reused
  std::vector<Token> value_;       // reused; whitespace dropped
  bool valueHasVar_{false};        // value_ holds a var( function token
  std::vector<Token> kfSelector_;  // reused: one keyframe's selector tokens
  std::vector<float> kfOffsets_;   // reused: its offsets
  DeclarationBlock kfRest_;        // what a keyframe's declarations never write to: stays empty
  // byteRule's longest selector; a longer one is the token path's.
  static constexpr std::size_t kByteCompounds = 8;
  // byteDeclarations' value tokens (a longer value is the token path's).
  static constexpr std::size_t kByteTokens = 32;
  std::array<Token, kByteTokens> byteToks_;
  TransitionFunction listEase_;  // byteListPart's easing function
  std::string listWhy_;          // the readers' messages there, unused (what they refuse is the token path's)
  AtomCache atoms_;
  PropertyCache properties_;
  NameMemo names_;

  // animation-* / transition-* longhands seen in the current block, for the
  // "reset by the shorthand" warning (seed §11, CSS cascade order).
  struct LonghandSeen {
    Handler handler;
    bool important;
    std::uint32_t line, col;
  };
  std::vector<LonghandSeen> longhandsSeen_;
  // The most var() records one block of this sheet has held so far (at
  // least 4, at most kPendingReserveMax): a sheet's blocks tend to be alike,
  // so the next block's list is reserved at that size once, not regrown.
  static constexpr std::size_t kPendingReserveMax = 16;
  std::size_t pendingReserve_{4};
};

// ---------------------------------------------------------------------------
// Skipping
// ---------------------------------------------------------------------------

void SheetParser::skipBlock() {
  Nesting n(1 << 30);
  for (;;) {
    const Token t = take();
    if (t.type == TokenType::Eof) return;
    if (t.type == TokenType::RightBrace && n.atTop()) return;
    n.feed(t);
  }
}

void SheetParser::skipAtRule(bool inBlock) {
  Nesting n(1 << 30);
  for (;;) {
    const Token t = take();
    if (t.type == TokenType::Eof) return;
    if (n.atTop()) {
      if (t.type == TokenType::Semicolon) return;
      if (t.type == TokenType::LeftBrace) {
        skipBlock();
        return;
      }
      if (inBlock && t.type == TokenType::RightBrace) {
        unread(t);
        return;
      }
      if (isCloser(t.type)) continue;
    }
    n.feed(t);
  }
}

bool SheetParser::readPrelude(const Token& first, bool stopAtSemicolon, Token& end) {
  prelude_.clear();
  nest_.reset();
  Token t = first;
  for (;;) {
    if (t.type == TokenType::Eof) {
      end = t;
      return false;
    }
    if (nest_.atTop()) {
      if (t.type == TokenType::LeftBrace) {
        end = t;
        return true;
      }
      if (stopAtSemicolon && t.type == TokenType::Semicolon) {
        end = t;
        return false;
      }
    }
    if (!(nest_.atTop() && isCloser(t.type))) nest_.feed(t);
    // Whitespace is skipped by the tokenizer; selectors need it back (the
    // descendant combinator), so restore one token per gap.
    if ((t.flags & Token::kAfterWhitespace) && !prelude_.empty()) prelude_.push_back(gapBefore(t));
    prelude_.push_back(t);
    if (pending()) {
      t = take();
      continue;
    }
    // The tokens up to the next one the loop decides on (a bracket, `;`)
    // need nothing but their gaps restored: read them in one call.
    const std::size_t from = prelude_.size();
    tz_.appendUntil(prelude_, kPreludeStops);
    t = prelude_.back();
    prelude_.pop_back();
    restoreGaps(from);
  }
}

void SheetParser::restoreGaps(std::size_t from) {
  const std::size_t n = prelude_.size();
  std::size_t gaps = 0;
  for (std::size_t i = from; i < n; ++i) gaps += (prelude_[i].flags & Token::kAfterWhitespace) != 0;
  if (gaps == 0) return;
  // from > 0 (the caller pushed a token first), so every gap has a token before it.
  prelude_.resize(n + gaps);
  std::size_t w = n + gaps;
  for (std::size_t i = n; i-- > from;) {
    const Token t = prelude_[i];
    prelude_[--w] = t;
    if (t.flags & Token::kAfterWhitespace) prelude_[--w] = gapBefore(t);
  }
}

// ---------------------------------------------------------------------------
// Top level
// ---------------------------------------------------------------------------

void SheetParser::parseSheet() {
  bool importsAllowed = true;
  for (;;) {
    if (paths_.selectors && !pending() && byteRule()) {
      importsAllowed = false;
      continue;
    }
    const Token t = take();
    switch (t.type) {
      case TokenType::Whitespace:
      case TokenType::CDO:
      case TokenType::CDC: continue;
      case TokenType::Eof: return;
      case TokenType::AtKeyword: parseAtRule(t, importsAllowed); break;
      default:
        importsAllowed = false;
        parseQualifiedRule(t);
        break;
    }
  }
}

void SheetParser::parseAtRule(const Token& at, bool& importsAllowed) {
  if (at.textIs("import")) {
    parseImport(at, importsAllowed);
    return;
  }
  if (at.textIs("charset")) {  // only meaningful as the first bytes; harmless anywhere
    skipAtRule(false);
    return;
  }
  importsAllowed = false;
  if (at.textIs("keyframes")) {
    parseKeyframes(at);
    return;
  }
  static constexpr std::string_view kKnownUnsupported[] = {"media",
                                                           "supports",
                                                           "font-face",
                                                           "layer",
                                                           "container",
                                                           "page",
                                                           "namespace",
                                                           "property",
                                                           "scope",
                                                           "-webkit-keyframes",
                                                           "-moz-keyframes",
                                                           "counter-style",
                                                           "font-feature-values",
                                                           "starting-style"};
  bool known = false;
  for (std::string_view k : kKnownUnsupported) known = known || at.textIs(k);
  rep_.warn(at, known ? "@" + std::string(at.text) + " is not supported; the at-rule is skipped"
                      : "unknown at-rule @" + std::string(at.text) + "; skipped");
  skipAtRule(false);
}

void SheetParser::parseImport(const Token& at, bool allowed) {
  // Prelude up to `;`.
  std::vector<Token> toks;
  Nesting n(opt_.maxNesting);
  bool sawBlock = false;
  for (;;) {
    const Token t = take();
    if (t.type == TokenType::Eof) break;
    if (n.atTop() && t.type == TokenType::Semicolon) break;
    if (n.atTop() && t.type == TokenType::LeftBrace) {
      skipBlock();
      sawBlock = true;
      break;
    }
    if (!(n.atTop() && isCloser(t.type))) n.feed(t);
    if (t.type != TokenType::Whitespace) toks.push_back(t);
  }
  ImportRule rule;
  rule.loc = loc(at);
  std::size_t used = 0;
  if (!toks.empty() && (toks[0].type == TokenType::String || toks[0].type == TokenType::Url)) {
    rule.href = std::string(toks[0].text);
    used = 1;
  } else if (toks.size() >= 2 && toks[0].type == TokenType::Function && toks[0].textIs("url") &&
             toks[1].type == TokenType::String) {
    rule.href = std::string(toks[1].text);
    used = (toks.size() >= 3 && toks[2].type == TokenType::RightParen) ? 3 : 2;
  }
  if (used == 0 || sawBlock) {
    rep_.error(at, "@import needs a file: @import \"file.zstyle\";");
    return;
  }
  if (sheet_ == nullptr) return;
  if (!allowed) {
    rep_.warn(at, "@import after other rules is ignored (CSS requires @import before every other rule)");
    sheet_->imports.push_back(std::move(rule));
    return;
  }
  if (used < toks.size()) {
    rep_.warn(
        toks[used],
        "@import conditions (media queries, supports(), layer) are not supported; the import is ignored");
    sheet_->imports.push_back(std::move(rule));
    return;
  }
  fs::path target(rule.href);
  if (target.is_relative() && !baseDir_.empty()) target = fs::path(baseDir_) / target;
  rule.path = target.lexically_normal().string();
  if (!opt_.followImports || imports_ == nullptr) {
    sheet_->imports.push_back(std::move(rule));
    return;
  }
  const std::string canon = canonicalPath(rule.path);
  if (std::find(imports_->active.begin(), imports_->active.end(), canon) != imports_->active.end()) {
    rep_.warn(at, "@import cycle: \"" + rule.href + "\" is already being loaded; not followed");
    sheet_->imports.push_back(std::move(rule));
    return;
  }
  if (std::find(imports_->loaded.begin(), imports_->loaded.end(), canon) != imports_->loaded.end()) {
    sheet_->imports.push_back(std::move(rule));  // already in the sheet once: not loaded twice
    return;
  }
  if (imports_->active.size() >= 32) {
    rep_.error(at, "@import nested more than 32 files deep; not followed");
    sheet_->imports.push_back(std::move(rule));
    return;
  }
  std::string text;
  if (!readFile(rule.path, text)) {
    rep_.error(at, "cannot read imported file \"" + rule.path + "\"");
    sheet_->imports.push_back(std::move(rule));
    return;
  }
  rule.loaded = true;
  const std::string path = rule.path;
  sheet_->imports.push_back(std::move(rule));
  const auto index = static_cast<std::uint32_t>(sheet_->files.size());
  sheet_->files.push_back(path);
  imports_->active.push_back(canon);
  imports_->loaded.push_back(canon);
  SheetParser child(text, index, *sheet_, opt_, imports_, parentDir(path), paths_);
  child.parseSheet();
  imports_->active.pop_back();
}

// ---------------------------------------------------------------------------
// Style rules and selectors
// ---------------------------------------------------------------------------

void SheetParser::parseQualifiedRule(const Token& first) {
  Token end;
  if (first.type == TokenType::RightBrace) {
    rep_.error(first, "unexpected `}`; the rule that follows it is dropped (CSS)");
  }
  if (!readPrelude(first, false, end)) {
    rep_.error(first, "unexpected end of file: the rule " + quoteText(tz_.slice(first.begin, end.begin)) +
                          " has no `{ … }` block");
    return;
  }
  if (nest_.tooDeep()) {
    rep_.error(first, tooDeepMessage() + " in a selector; the rule is skipped");
    skipBlock();
    return;
  }
  SelectorList selectors;
  if (prelude_.empty()) {
    rep_.error(first, "a rule needs a selector before `{`; the rule is skipped");
    skipBlock();
    return;
  }
  if (first.type == TokenType::RightBrace || !parseSelectorList(prelude_, selectors)) {
    skipBlock();
    return;
  }
  // Built in place: a StyleRule is two Styles, too big to move around per rule.
  StyleRule& rule = sheet_->rules.emplace_back();
  rule.selectors = std::move(selectors);
  rule.loc = loc(first);
  rule.order = static_cast<std::uint32_t>(sheet_->rules.size() - 1);
  DeclarationBlock& d = rule.decls;
  parseDeclarationList(DeclTarget{d.normal, d.important, d.pending, d.custom}, BlockMode{}, end);
}

bool SheetParser::parseSelectorList(const std::vector<Token>& toks, SelectorList& out) {
  SelectorList list;
  const Token* b = toks.data();
  const Token* e = b + toks.size();
  // Exact-size reservations: selector parsing is most of a rule's allocations.
  std::size_t commas = 0;
  for (const Token* p = b; p < e; ++p) commas += p->type == TokenType::Comma;
  list.reserve(commas + 1);
  auto bad = [&](const Token& at, const std::string& msg) {
    rep_.error(at, msg + "; the rule is skipped");
    return false;
  };
  const Token* itemStart = b;
  for (const Token* p = b;; ++p) {
    if (p < e && p->type != TokenType::Comma) continue;
    // One complex selector in [itemStart, p).
    const Token* q = itemStart;
    const Token* itemEnd = p;
    while (q < itemEnd && q->type == TokenType::Whitespace) ++q;
    while (itemEnd > q && (itemEnd - 1)->type == TokenType::Whitespace) --itemEnd;
    if (q == itemEnd)
      return bad(p < e ? *p : (toks.empty() ? Token{} : toks.back()), "empty selector in the selector list");
    Selector sel;
    std::size_t gaps = 1;
    for (const Token* g = q; g < itemEnd; ++g) gaps += g->type == TokenType::Whitespace || g->isDelim('>');
    sel.compounds.reserve(gaps);
    Combinator pending = Combinator::None;
    bool partSeen = false;
    while (q < itemEnd) {
      // Combinator (whitespace, `>`), then one compound.
      bool ws = false;
      while (q < itemEnd && q->type == TokenType::Whitespace) ++q, ws = true;
      if (q < itemEnd && q->isDelim('>')) {
        if (sel.compounds.empty()) return bad(*q, "a selector cannot start with `>`");
        pending = Combinator::Child;
        ++q;
        while (q < itemEnd && q->type == TokenType::Whitespace) ++q;
        if (q == itemEnd) return bad(*(q - 1), "`>` needs a selector after it");
      } else if (q < itemEnd && (q->isDelim('+') || q->isDelim('~'))) {
        return bad(*q, "sibling combinators (`+`, `~`) are not supported");
      } else if (ws) {
        pending = Combinator::Descendant;
      }
      if (partSeen) return bad(*q, "nothing may follow the part `::" + std::string(atomName(sel.part)) + "`");
      CompoundSelector c;
      c.combinator = sel.compounds.empty() ? Combinator::None : pending;
      bool any = false;
      const Token* compoundStart = q;
      std::size_t dots = 0;
      for (const Token* g = q; g < itemEnd && g->type != TokenType::Whitespace && !g->isDelim('>'); ++g)
        dots += g->isDelim('.');
      if (dots) c.classes.reserve(dots);
      while (q < itemEnd && q->type != TokenType::Whitespace && !q->isDelim('>') && !q->isDelim('+') &&
             !q->isDelim('~')) {
        const Token& t = *q;
        if (partSeen) {
          if (t.type == TokenType::Colon)
            return bad(t, "pseudo-classes after `::" + std::string(atomName(sel.part)) +
                              "` are not supported; put them before the part (Slider:hover::knob)");
          return bad(t, "nothing may follow the part `::" + std::string(atomName(sel.part)) + "`");
        }
        if (t.type == TokenType::Ident || t.isDelim('*')) {
          if (q != compoundStart) return bad(t, "a type selector must come first in its compound");
          if (t.type == TokenType::Ident) c.type = atoms_.get(t.text);
          ++q;
        } else if (t.isDelim('.')) {
          if (q + 1 >= itemEnd || q[1].type != TokenType::Ident)
            return bad(t, "`.` must be followed by a class name");
          c.classes.push_back(atoms_.get(q[1].text));
          q += 2;
        } else if (t.type == TokenType::Hash) {
          if (!(t.flags & Token::kHashId)) return bad(t, "invalid id selector #" + std::string(t.text));
          const Atom id = atoms_.get(t.text);
          if (c.id != Atom::None && c.id != id)
            return bad(t, "two different ids in one compound never match");
          c.id = id;
          ++q;
        } else if (t.type == TokenType::Colon) {
          if (q + 1 < itemEnd && q[1].type == TokenType::Colon) {
            if (q + 2 >= itemEnd || q[2].type != TokenType::Ident)
              return bad(t, "`::` must be followed by a part name");
            sel.part = atoms_.get(q[2].text);
            partSeen = true;
            q += 3;
          } else if (q + 1 < itemEnd && q[1].type == TokenType::Ident) {
            const Token& n = q[1];
            if (const std::uint8_t bit = pseudoClassBit(n.text))
              c.pseudo |= bit;
            else
              return bad(n, "unsupported pseudo-class :" + std::string(n.text) +
                                " (supported: :hover, :active, :focus, :checked, :disabled)");
            q += 2;
          } else if (q + 1 < itemEnd && q[1].type == TokenType::Function) {
            return bad(q[1], "unsupported pseudo-class :" + std::string(q[1].text) + "()");
          } else {
            return bad(t, "`:` must be followed by a pseudo-class name");
          }
        } else if (t.type == TokenType::LeftBracket) {
          return bad(t, "attribute selectors are not supported");
        } else {
          return bad(t, "unexpected " + quoteText(tz_.slice(t.begin, t.end)) + " in a selector");
        }
        any = true;
      }
      if (!any) return bad(q < itemEnd ? *q : *(itemEnd - 1), "expected a selector");
      sel.compounds.push_back(std::move(c));
    }
    finishSelector(sel);
    list.push_back(std::move(sel));
    if (p >= e) break;
    itemStart = p + 1;
  }
  out = std::move(list);
  return true;
}

// ---------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------

void SheetParser::parseDeclarationList(const DeclTarget& block, const BlockMode& mode, const Token& open) {
  longhandsSeen_.clear();
  for (;;) {
    Token t;
    if (pending()) {
      t = take();
    } else {
      // Most declarations start with a plain `name:`: read it and the
      // value's first token in one call (or take them from the byte path,
      // which read the same). Otherwise read up to the first token the
      // value loop must decide on (or the colon); when that is not
      // `name:`, it is handed back to take() to replay.
      value_.clear();
      Token name;
      const PropertyEntry* known = nullptr;
      bool declaration = false;
      switch (paths_.declarations ? byteDeclarations(block, mode, name, known) : ByteRead::None) {
        case ByteRead::BlockEnd: return;
        case ByteRead::Name:
          value_.clear();                   // it may have handed values over in it
          tz_.next(value_.emplace_back());  // the value's first token, as nextDeclarationStart reads it
          declaration = true;
          break;
        case ByteRead::None:
          declaration = tz_.nextDeclarationStart(name, value_.emplace_back());  // and the value's first token
          break;
      }
      if (!declaration) {
        value_.clear();
        tz_.appendUntil(value_, kDeclarationStops | Tokenizer::typeBit(TokenType::Colon));
        declaration =
            value_.size() == 2 && value_[0].type == TokenType::Ident && value_[1].type == TokenType::Colon;
        if (declaration) {
          name = value_[0];
          value_.clear();
          tz_.next(value_.emplace_back());
        }
      }
      if (declaration) {
        // Most values are one token (`10px`, `#f00`, `left`) and then `;`:
        // such a value goes straight to handleDeclaration, with no `;`
        // token and no pass through the value loop. Anything else carries
        // on where the loop would: the tokens are the same either way.
        Token& v = value_[0];
        if (!(kValueStops & Tokenizer::typeBit(v.type))) {
          if (tz_.takeValueEnd(mode.inBlock)) {
            const PropertyEntry* entry = known;
            if (!applyLone(name, v, block, mode, entry)) {
              valueHasVar_ = false;
              handleDeclaration(name, TokenRange{&v, &v + 1, tz_.source()}, false, block, mode, entry);
            }
            continue;
          }
          tz_.appendUntil(value_, kValueStops);
          // A run of plain tokens and `;` (`padding: 4px 8px;`): no bracket,
          // no function, so nothing for the value loop to decide.
          if (value_.back().type == TokenType::Semicolon) {
            value_.pop_back();
            valueHasVar_ = false;
            // Several plain tokens of a shorthand that applyPlainValue reads
            // (one token after a comment stays on the general path).
            const PropertyEntry* entry = known;
            if (value_.size() < 2 || !applyPlain(name, block, mode, entry))
              finishDeclaration(name, block, mode, entry);
            continue;
          }
        }
        parseOneDeclaration(name, block, mode, true);
        continue;
      }
      t = value_[0];
      if (value_.size() > 1) {
        replay_.assign(value_.begin() + 1, value_.end());
        replayAt_ = 0;
      }
    }
    switch (t.type) {
      case TokenType::Whitespace:
      case TokenType::Semicolon: continue;
      case TokenType::Eof:
        if (mode.inBlock)
          rep_.error(open, "unexpected end of file: the block opened here has no closing `}`");
        return;
      case TokenType::RightBrace:
        if (mode.inBlock) return;
        rep_.error(t, "unexpected `}`");
        continue;
      case TokenType::AtKeyword:
        rep_.error(t, "@" + std::string(t.text) + " is not allowed inside a declaration block; skipped");
        skipAtRule(mode.inBlock);
        continue;
      case TokenType::Ident: parseOneDeclaration(t, block, mode, false); continue;
      default: {
        // Not a declaration: skip to `;`, or through a nested {} block (a
        // nested rule, which CSS Nesting would allow), or to our `}`.
        Nesting n(1 << 30);
        bool block2 = false;
        Token u = t;
        for (;;) {
          if (u.type == TokenType::Eof || (n.atTop() && u.type == TokenType::RightBrace && mode.inBlock)) {
            unread(u);
            break;
          }
          if (n.atTop() && u.type == TokenType::Semicolon) break;
          if (n.atTop() && u.type == TokenType::LeftBrace) {
            skipBlock();
            block2 = true;
            break;
          }
          if (!(n.atTop() && isCloser(u.type))) n.feed(u);
          u = take();
        }
        rep_.error(t, block2 ? std::string("nested rules are not supported; skipped")
                             : "expected a declaration, found " + quoteText(tz_.slice(t.begin, t.end)));
        continue;
      }
    }
  }
}

void SheetParser::parseOneDeclaration(const Token& name, const DeclTarget& block, const BlockMode& mode,
                                      bool preread) {
  Token t;
  bool colon = true;
  if (preread) {
    // value_ = the value's ordinary tokens, and the token to decide on next.
    t = value_.back();
    value_.pop_back();
  } else {
    t = take();
    while (t.type == TokenType::Whitespace) t = take();
    value_.clear();
    colon = t.type == TokenType::Colon;
    if (colon) t = take();
  }
  valueHasVar_ = false;  // no function token among the ordinary ones
  nest_.reset();
  bool sawBlock = false;
  // Gather the value (or, without a colon, the junk to skip) up to `;`, our
  // `}`, EOF, or the end of a top-level {} block (then it was a nested rule).
  // Tokens that need no decision here (names, numbers, hashes, commas …)
  // go from the tokenizer straight into value_; the loop sees only the
  // rest, the kValueStops.
  for (;;) {
    if (t.type == TokenType::Eof) {
      unread(t);
      break;
    }
    if (nest_.atTop()) {
      if (t.type == TokenType::Semicolon) break;
      if (t.type == TokenType::RightBrace) {
        if (mode.inBlock) {
          unread(t);
          break;
        }
      } else if (isCloser(t.type)) {
        // stray `)` or `]`: part of the value, which will then be invalid
        value_.push_back(t);
        nextValueToken(t);
        continue;
      }
    }
    if (t.type == TokenType::LeftBrace && nest_.atTop()) sawBlock = true;
    nest_.feed(t);
    if (t.type != TokenType::Whitespace) value_.push_back(t);
    // Noted here, where the token is at hand, instead of a second pass.
    if (t.type == TokenType::Function && t.textIs("var")) valueHasVar_ = true;
    if (sawBlock && nest_.atTop()) break;  // the nested block just closed
    nextValueToken(t);
  }
  if (sawBlock) {
    rep_.error(name, "nested rules are not supported; skipped");
    return;
  }
  if (!colon) {
    rep_.error(name, "expected `:` after " + quoteText(name.text));
    return;
  }
  if (nest_.tooDeep()) {
    rep_.error(name, tooDeepMessage() + " in the value of " + std::string(name.text) +
                         "; the declaration is dropped");
    return;
  }
  finishDeclaration(name, block, mode);
}

void SheetParser::finishDeclaration(const Token& name, const DeclTarget& block, const BlockMode& mode,
                                    const PropertyEntry* known) {
  finishDeclaration(name, value_.data(), value_.data() + value_.size(), block, mode, known);
}

void SheetParser::finishDeclaration(const Token& name, const Token* b, const Token* e,
                                    const DeclTarget& block, const BlockMode& mode,
                                    const PropertyEntry* known) {
  // `!important` at the end (whitespace between `!` and `important` allowed).
  bool important = false;
  const std::size_t n = static_cast<std::size_t>(e - b);
  if (n >= 2 && b[n - 2].isDelim('!') && b[n - 1].isIdent("important")) {
    important = true;
    e -= 2;
  }
  handleDeclaration(name, TokenRange{b, e, tz_.source()}, important, block, mode, known);
}

namespace {

// `initial` for a property: the row defaults (or the longhands' initial lists).
void applyInitial(const PropertyEntry& e, Style& s) {
  const ComputedStyle d;
  switch (e.handler) {
    case Handler::PaddingSide:
    case Handler::MarginSide:
    case Handler::RadiusCorner: {
      auto set = [&](auto& field, std::uint8_t& holes) {
        if (!field.is_set) {
          field = std::remove_reference_t<decltype(field.value)>{};
          holes = 0x0F;
        }
        detail::side(field.value, e.side) = Px(0.0f);
        holes = static_cast<std::uint8_t>(holes & ~(1u << e.side));
      };
      if (e.handler == Handler::PaddingSide)
        set(s.padding, s.holes.padding);
      else if (e.handler == Handler::MarginSide)
        set(s.margin, s.holes.margin);
      else
        set(s.borderRadius, s.holes.borderRadius);
      return;
    }
    case Handler::BorderStyle: return;
    default: break;
  }
  if (isAnimationLonghand(e.handler)) {
    const AnimationRef r;
    AnimationLonghands p;
    switch (e.handler) {
      case Handler::AnimationName: p.names = std::vector<std::string>{""}; break;
      case Handler::AnimationDuration: p.durations = std::vector<double>{r.duration}; break;
      case Handler::AnimationTimingFunction:
        p.timingFunctions = std::vector<TransitionFunction>{r.ease};
        break;
      case Handler::AnimationDelay: p.delays = std::vector<double>{r.delay}; break;
      case Handler::AnimationIterationCount: p.iterationCounts = std::vector<double>{r.iterations}; break;
      case Handler::AnimationDirection: p.directions = std::vector<PlaybackDirection>{r.direction}; break;
      case Handler::AnimationFillMode: p.fillModes = std::vector<FillMode>{r.fill}; break;
      default: p.playStates = std::vector<PlayState>{r.playState}; break;
    }
    s.animationLonghands.merge(p);
    return;
  }
  if (isTransitionLonghand(e.handler)) {
    const TransitionRef r;
    TransitionLonghands p;
    switch (e.handler) {
      case Handler::TransitionProperty: p.properties = std::vector<std::string>{"all"}; break;
      case Handler::TransitionDuration: p.durations = std::vector<double>{r.duration}; break;
      case Handler::TransitionTimingFunction:
        p.timingFunctions = std::vector<TransitionFunction>{r.ease};
        break;
      case Handler::TransitionDelay: p.delays = std::vector<double>{r.delay}; break;
      default: p.allowDiscrete = std::vector<bool>{false}; break;
    }
    s.transitionLonghands.merge(p);
    return;
  }
  e.sets.forEach([&](Prop p) { visitProp2(p, s, d, [](auto& opt, const auto& v) { opt = v; }); });
  if (e.sets.test(Prop::padding)) s.holes.padding = 0;
  if (e.sets.test(Prop::margin)) s.holes.margin = 0;
  if (e.sets.test(Prop::borderRadius)) s.holes.borderRadius = 0;
}

bool anyInherited(PropSet s) { return (s & propsWithFlag(PF_INHERIT)).any(); }

}  // namespace

void SheetParser::handleDeclaration(const Token& name, const TokenRange& value, bool important,
                                    const DeclTarget& block, const BlockMode& mode,
                                    const PropertyEntry* known) {
  // Custom property: kept raw, resolved per element.
  if (name.text.size() >= 2 && name.text[0] == '-' && name.text[1] == '-') {
    if (mode.keyframes) {
      rep_.warn(name, "custom properties in @keyframes are not supported; ignored");
      return;
    }
    addCustom(name.text, loc(name), value, important, block);
    return;
  }
  const PropertyEntry* entry = known ? known : properties_.find(name.text);
  if (!entry) {
    const std::string_view hint = suggestPropertyName(name.text);
    rep_.warn(name,
              "unknown property " + quoteText(name.text) +
                  (hint.empty() ? std::string("; ignored") : "; did you mean " + quoteText(hint) + "?"));
    return;
  }
  const std::string_view pname = entry->name;
  if (value.empty()) {
    rep_.error(name, "empty value for " + std::string(pname));
    return;
  }
  if (mode.keyframes) {
    if (important) {
      rep_.warn(name, "!important in @keyframes is ignored (CSS drops the declaration)");
      return;
    }
    if (entry->handler == Handler::AnimationTimingFunction) {
      const Token* p = value.b;
      TransitionFunction f;
      std::string why;
      bool ok = parseEasingAt(value, p, f, why);
      if (ok && p != value.e) {
        ok = false;
        why = "unexpected " + quote(value, p) + " (one easing per keyframe)";
      }
      if (!ok) {
        rep_.error(*value.b, "invalid value for animation-timing-function: " + why);
        return;
      }
      if (mode.easing) *mode.easing = f;
      return;
    }
    if (isAnimationLonghand(entry->handler) || isTransitionLonghand(entry->handler) ||
        entry->sets.test(Prop::animations) || entry->sets.test(Prop::transitions)) {
      rep_.warn(name, std::string(pname) +
                          " is ignored in @keyframes (only animation-timing-function applies there)");
      return;
    }
    const PropSet notAnimatable{entry->sets.bits & ~propsWithFlag(PF_ANIM).bits};
    if (notAnimatable.any() || entry->handler == Handler::BorderStyle) {
      rep_.warn(name, std::string(pname) + " is not animatable; ignored in @keyframes");
      return;
    }
    if (valueHasVar_) {
      rep_.error(name, "var() is not supported in @keyframes; the declaration is dropped");
      return;
    }
  }
  // CSS-wide keywords as the whole value.
  if (value.size() == 1 && isCssWideKeyword(*value.b)) {
    const Token& kw = *value.b;
    const bool unsetAsInitial = kw.textIs("unset") && !anyInherited(entry->sets);
    if (kw.textIs("initial") || unsetAsInitial) {
      Style& target = important ? importantTarget(block) : block.normal;
      if (entry->handler == Handler::Row && entry->row == Prop::animations) target.animationLonghands = {};
      if (entry->handler == Handler::Row && entry->row == Prop::transitions) target.transitionLonghands = {};
      applyInitial(*entry, target);
    } else {
      rep_.warn(kw, quoteText(kw.text) + " is not supported for " + std::string(pname) +
                        "; the declaration is ignored");
    }
    return;
  }

  // var(): parsed per element by resolvePending.
  if (valueHasVar_) {
    addPending(*entry, name.line, name.col, value, important, block);
    return;
  }

  applyKnown(name, *entry, value, important, block, mode);
}

void SheetParser::applyKnown(const Token& name, const PropertyEntry& entry, const TokenRange& value,
                             bool important, const DeclTarget& block, const BlockMode& mode) {
  const ValueContext ctx{&rep_, entry.name, &name, mode.keyframes, false, &properties_};
  Style* target = &block.normal;
  const auto apply = [&](Style& s) {
    target = &s;
    return applyDeclaration(entry, value, s, ctx);
  };
  if (!(important ? writeImportant(block, apply) : apply(block.normal))) return;
  if (entry.bytes == PropertyEntry::Bytes::List)  // the lists: the shorthands' bookkeeping
    listBookkeeping(entry, important, *target, name.line, name.col);
  // A later declaration wins over an earlier var() one of the same properties.
  for (PendingDeclaration& p : block.pending)
    if (p.important == important) p.shadowed |= entry.sets;
}

void SheetParser::addCustom(std::string_view name, SourceLoc at, const TokenRange& value, bool important,
                            const DeclTarget& block) {
  // Blocks that have any usually have several: one allocation, not 1, 2,
  // 4. Built in place, as the var() records.
  if (block.custom.empty()) block.custom.reserve(4);
  CustomProperty& c = block.custom.emplace_back();
  // append, not assign: the strings are new and empty, and append's path
  // for that is shorter (assign's also handles overlapping text).
  c.name.append(name);
  c.value.append(value.text());
  c.important = important;
  c.loc = at;
}

void SheetParser::addPending(const PropertyEntry& entry, std::uint32_t line, std::uint32_t col,
                             const TokenRange& value, bool important, const DeclTarget& block) {
  for (const Token* p = value.b; p < value.e; ++p) {
    if (p->type != TokenType::Function || !p->textIs("var")) continue;
    const Token* arg = p + 1;
    if (arg >= value.e || arg->type != TokenType::Ident || arg->text.size() < 3 ||
        arg->text.substr(0, 2) != "--" ||
        (arg + 1 < value.e && arg[1].type != TokenType::Comma && arg[1].type != TokenType::RightParen)) {
      rep_.error(*p, "invalid value for " + std::string(entry.name) +
                         ": var() takes a custom property name (--name) and an optional fallback");
      return;
    }
  }
  pushPending(entry, line, col, value.text(), important, block);
}

void SheetParser::pushPending(const PropertyEntry& entry, std::uint32_t line, std::uint32_t col,
                              std::string_view text, bool important, const DeclTarget& block) {
  // Built in place: a record is three strings, moved field by field otherwise
  // (and so is every record before it when the list regrows).
  if (block.pending.empty()) block.pending.reserve(pendingReserve_);
  PendingDeclaration& d = block.pending.emplace_back();
  if (block.pending.size() > pendingReserve_ && block.pending.size() <= kPendingReserveMax)
    pendingReserve_ = block.pending.size();
  // The name as written, in lower case: the entry's name (findProperty
  // matched it byte for byte, ASCII case aside, and table names are lower case).
  // (append to the new, empty strings, as addCustom.)
  d.property.append(entry.name);
  d.value.append(text);
  d.affects = entry.sets;
  d.important = important;
  d.file = rep_.file;
  d.line = line;
  d.col = col;
}

void SheetParser::listBookkeeping(const PropertyEntry& entry, bool important, Style& target,
                                  std::uint32_t line, std::uint32_t col) {
  const bool isAnimShorthand = entry.handler == Handler::Row && entry.row == Prop::animations;
  const bool isTransShorthand = entry.handler == Handler::Row && entry.row == Prop::transitions;
  // A shorthand resets the longhands written before it in this block (CSS);
  // say so, since the longhand then does nothing (seed §11).
  if (isAnimShorthand || isTransShorthand) {
    for (auto it = longhandsSeen_.begin(); it != longhandsSeen_.end();) {
      const bool match = it->important == important && (isAnimShorthand ? isAnimationLonghand(it->handler)
                                                                        : isTransitionLonghand(it->handler));
      if (!match) {
        ++it;
        continue;
      }
      std::string_view lname;
      for (const PropertyEntry& e : propertyTable())
        if (e.handler == it->handler) lname = e.name;
      rep_.report(Severity::Warning, it->line, it->col,
                  std::string(lname) + " is reset by the `" + std::string(entry.name) +
                      "` shorthand on line " + std::to_string(line) + "; put longhands after it");
      it = longhandsSeen_.erase(it);
    }
    // (Only when any is set: assigning an empty patch rewrites every list.)
    if (isAnimShorthand) {
      if (!target.animationLonghands.empty()) target.animationLonghands = {};
    } else if (!target.transitionLonghands.empty()) {
      target.transitionLonghands = {};
    }
  } else if (isAnimationLonghand(entry.handler) || isTransitionLonghand(entry.handler)) {
    longhandsSeen_.push_back(LonghandSeen{entry.handler, important, line, col});
  }
}

bool SheetParser::applyLone(const Token& name, const Token& value, const DeclTarget& block,
                            const BlockMode& mode, const PropertyEntry*& entry) {
  // handleDeclaration's checks that a one-token, non-var(), non-!important
  // value can meet: custom properties, unknown names, @keyframes rules and
  // CSS-wide keywords all go to it (and its messages).
  if (name.text.size() >= 2 && name.text[0] == '-' && name.text[1] == '-') return false;
  if (!entry) entry = properties_.find(name.text);
  if (!entry || isCssWideKeyword(value)) return false;
  if (mode.keyframes && (entry->sets.bits & ~propsWithFlag(PF_ANIM).bits) != 0) return false;
  // Only rows and sides, never the animation or transition lists and
  // longhands: nothing for the shorthand bookkeeping to do.
  if (!applyLoneValue(*entry, value, block.normal)) return false;
  for (PendingDeclaration& p : block.pending)
    if (!p.important) p.shadowed |= entry->sets;
  return true;
}

bool SheetParser::applyPlain(const Token& name, const Token* b, const Token* e, const DeclTarget& block,
                             const BlockMode& mode, const PropertyEntry*& entry) {
  // As applyLone: handleDeclaration's checks that such a value can meet.
  // A CSS-wide keyword is never the whole value of two tokens or more, and
  // `!` (of `!important`) is a Delim, which applyPlainValue never reads.
  if (name.text.size() >= 2 && name.text[0] == '-' && name.text[1] == '-') return false;
  if (!entry) entry = properties_.find(name.text);
  if (!entry) return false;
  if (mode.keyframes && (entry->sets.bits & ~propsWithFlag(PF_ANIM).bits) != 0) return false;
  if (!applyPlainValue(*entry, TokenRange{b, e, tz_.source()}, block.normal)) return false;
  for (PendingDeclaration& p : block.pending)
    if (!p.important) p.shadowed |= entry->sets;
  return true;
}

bool SheetParser::byteRule() {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const Tokenizer::Cursor at = tz_.cursor();
  std::size_t q = at.pos;
  std::size_t ls = at.lineStart;
  std::uint32_t ln = at.line;
  // The gap before the rule: spaces, tabs, \n and comments (without \r or
  // \f, which count lines their own way: the token path's).
  for (;;) {
    while (q < n && (d[q] == ' ' || d[q] == '\t')) ++q;
    if (q >= n) return false;
    if (d[q] == '\n') {
      ++ln;
      ls = ++q;
    } else if (d[q] == '/' && q + 1 < n && d[q + 1] == '*') {
      const std::size_t close = src.find("*/", q + 2);
      if (close == std::string_view::npos) return false;  // unclosed: the tokenizer reports it
      for (std::size_t k = lineBreakAt(d, q + 2, close); k < close; k = lineBreakAt(d, k + 1, close)) {
        if (d[k] != '\n') return false;  // \r or \f
        ++ln;
        ls = k + 1;
      }
      q = close + 2;
    } else {
      break;
    }
  }
  if (d[q] == '@') return paths_.keyframes && byteKeyframes(q, ls, ln);
  // The selector list: compounds of a type or `*`, `.class`, `#id`,
  // pseudo-classes and a trailing `::part`, joined by whitespace and `>`,
  // separated by commas, then `{`. What parseSelectorList would reject, or
  // reads from other tokens (escapes, comments, functions, brackets,
  // strings, `+`, `~`), is the token path's, which reports it.
  const std::size_t first = q;
  const std::uint32_t firstLine = ln;
  const std::size_t firstLineStart = ls;
  // The rule is built in place (a StyleRule is two Styles, too big to move
  // around per rule), its selectors too: no scratch list, no copies. What
  // the token path must read instead drops it again (abandon).
  StyleRule& rule = sheet_->rules.emplace_back();
  SelectorList& list = rule.selectors;
  const auto abandon = [&] {
    sheet_->rules.pop_back();
    return false;
  };
  const auto space = [&](std::size_t& k) {  // spaces, tabs and \n from k; whether any
    const std::size_t from = k;
    for (; k < n; ++k) {
      if (d[k] == '\n') {
        ++ln;
        ls = k + 1;
      } else if (d[k] != ' ' && d[k] != '\t') {
        break;
      }
    }
    return k != from;
  };
  // The identifier token at k (readValueToken's Ident): its text, k moved past it; empty if none.
  // A name that starts with a name-start byte is read here without a
  // Token: readValueToken's name end, then what it refuses after it (an
  // escape or a NUL) or makes a function of (`(`). A `-` first (and
  // anything else) takes readValueToken itself.
  const auto ident = [&](std::size_t& k) {
    if (k >= n) return std::string_view{};
    const char c = d[k];
    if ((byteClass(c) & kNameStart) && c != 0) {
      const std::size_t e = nameEnd(d, k + 1, n);
      if (e < n && (d[e] == '\\' || d[e] == 0 || d[e] == '(')) return std::string_view{};
      const std::string_view text(d + k, e - k);
      k = e;
      return text;
    }
    Token t;
    const std::size_t e = readValueToken<false>(d, n, k, ln, ls, false, t);
    if (e == 0 || t.type != TokenType::Ident) return std::string_view{};
    k = e;
    return t.text;
  };
  for (;;) {
    Selector& sel = list.emplace_back();
    Combinator pending = Combinator::None;
    for (;;) {
      if (sel.compounds.size() == kByteCompounds) return abandon();
      CompoundSelector& c = sel.compounds.emplace_back();
      c.combinator = sel.compounds.size() == 1 ? Combinator::None : pending;
      // A type or `*` first, then classes, ids and pseudo-classes in any order.
      bool any = false;
      if (q < n && d[q] == '*') {
        ++q;
        any = true;
      } else if (q < n && d[q] != '.' && d[q] != '#' && d[q] != ':') {
        const std::string_view name = ident(q);
        if (name.empty()) return abandon();
        c.type = atoms_.get(name);
        any = true;
      }
      for (;;) {
        if (q >= n) return abandon();
        const char ch = d[q];
        if (ch == '.') {
          std::size_t k = q + 1;
          const std::string_view name = ident(k);
          if (name.empty()) return abandon();
          c.classes.push_back(atoms_.get(name));
          q = k;
        } else if (ch == '#') {
          // readValueToken's Hash with kHashId, without a Token: name bytes
          // after `#` (no escape or NUL in or after them) that start as an
          // identifier would.
          const std::size_t k = q + 1;
          if (k >= n || !(byteClass(d[k]) & kName)) return abandon();
          const std::size_t e = nameEnd(d, k, n);
          if (e < n && (d[e] == '\\' || d[e] == 0)) return abandon();
          const char h = d[k];
          if (!((byteClass(h) & kNameStart) ||
                (h == '-' && k + 1 < e && ((byteClass(d[k + 1]) & kNameStart) || d[k + 1] == '-'))))
            return abandon();
          const Atom id = atoms_.get(std::string_view(d + k, e - k));
          if (c.id != Atom::None && c.id != id) return abandon();
          c.id = id;
          q = e;
        } else if (ch == ':') {
          if (q + 1 < n && d[q + 1] == ':') {
            std::size_t k = q + 2;
            const std::string_view name = ident(k);
            if (name.empty()) return abandon();
            sel.part = atoms_.get(name);
            q = k;
            any = true;
            break;  // nothing may follow the part
          }
          std::size_t k = q + 1;
          const std::uint8_t bit = pseudoClassBit(ident(k));
          if (bit == 0) return abandon();
          c.pseudo |= bit;
          q = k;
        } else {
          break;
        }
        any = true;
      }
      if (!any) return abandon();
      // What follows the compound: whitespace (a descendant), `>` (a child),
      // `,` (the next selector) or `{` (the block).
      const bool ws = space(q);
      if (q >= n) return abandon();
      if (d[q] == ',' || d[q] == '{') break;
      if (sel.part != Atom::None) return abandon();  // nothing may follow the part
      if (d[q] == '>') {
        ++q;
        space(q);
        pending = Combinator::Child;
      } else if (ws) {
        pending = Combinator::Descendant;
      } else {
        return abandon();
      }
    }
    finishSelector(sel);
    if (d[q] == '{') break;
    ++q;  // the comma
    space(q);
  }
  Token open;
  open.type = TokenType::LeftBrace;
  open.line = ln;
  open.col = static_cast<std::uint32_t>(q - ls + 1);
  open.begin = static_cast<std::uint32_t>(q);
  open.end = static_cast<std::uint32_t>(q + 1);
  tz_.seek(Tokenizer::Cursor{q + 1, ls, ln});
  // parseQualifiedRule's rule.
  rule.loc = SourceLoc{fileIndex_, firstLine, static_cast<std::uint32_t>(first - firstLineStart + 1)};
  rule.order = static_cast<std::uint32_t>(sheet_->rules.size() - 1);
  DeclarationBlock& b = rule.decls;
  parseDeclarationList(DeclTarget{b.normal, b.important, b.pending, b.custom}, BlockMode{}, open);
  return true;
}

SheetParser::KeyframeRead SheetParser::byteKeyframeSelector(std::vector<float>& offsets, Token& first,
                                                            Token& open) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const Tokenizer::Cursor at = tz_.cursor();
  std::size_t q = at.pos;
  std::size_t ls = at.lineStart;
  std::uint32_t ln = at.line;
  // The gap before it, as byteDeclarations reads one.
  for (;;) {
    if (q < n && d[q] == '\n') {
      ++ln;
      ls = ++q;
    }
    q = spacesEnd(d, q, n);
    if (q >= n) return KeyframeRead::None;
    if (d[q] == '\n') continue;
    if (d[q] != '\t') break;
    ++q;
  }
  if (d[q] == '}') {  // the block's end, as the token path takes it
    tz_.seek(Tokenizer::Cursor{q + 1, ls, ln});
    return KeyframeRead::BlockEnd;
  }
  std::size_t gap = at.pos;
  for (;;) {
    // One offset: the token path's checks, where any failure is reported.
    Token t;
    const std::size_t e = readValueToken(d, n, q, ln, ls, q != gap, t);
    if (e == 0) return KeyframeRead::None;
    if (t.type == TokenType::Percentage) {
      if (!(t.number >= 0.0 && t.number <= 100.0)) return KeyframeRead::None;
      offsets.push_back(static_cast<float>(t.number / 100.0));
    } else if (t.isIdent("from")) {
      offsets.push_back(0.0f);
    } else if (t.isIdent("to")) {
      offsets.push_back(1.0f);
    } else {
      return KeyframeRead::None;
    }
    if (offsets.size() == 1) first = t;
    q = e;
    gap = q;
    while (q < n && (d[q] == ' ' || d[q] == '\t')) ++q;
    if (q >= n) return KeyframeRead::None;
    if (d[q] == ',') {
      gap = ++q;  // the next offset follows whitespace when any comes after the comma
      while (q < n && (d[q] == ' ' || d[q] == '\t')) ++q;
      if (q >= n) return KeyframeRead::None;
      continue;
    }
    if (d[q] != '{') return KeyframeRead::None;
    open = Token{};
    open.type = TokenType::LeftBrace;
    if (q != gap) open.flags = Token::kAfterWhitespace;
    open.line = ln;
    open.col = static_cast<std::uint32_t>(q - ls + 1);
    open.begin = static_cast<std::uint32_t>(q);
    open.end = static_cast<std::uint32_t>(q + 1);
    tz_.seek(Tokenizer::Cursor{q + 1, ls, ln});
    return KeyframeRead::Selector;
  }
}

std::size_t SheetParser::byteNameSlow(std::size_t q, const PropertyEntry*& entry) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  // The tokenizer's Name and Dash lanes: a name-start byte other than NUL,
  // or `-` before one or before a second `-` that does not make `-->`.
  const char c0 = d[q];
  bool custom = false;
  if (c0 == '-') {
    if (q + 1 >= n) return 0;
    const char d1 = d[q + 1];
    if (!(((byteClass(d1) & kNameStart) && d1 != 0) || (d1 == '-' && (q + 2 >= n || d[q + 2] != '>'))))
      return 0;
    custom = d1 == '-';
  } else if (!(byteClass(c0) & kNameStart) || c0 == 0) {
    return 0;
  }
  const std::size_t p = nameEnd(d, q + 1, n);
  entry = custom ? nullptr : properties_.find(std::string_view(d + q, p - q));
  return p;
}

void SheetParser::byteName(Token& name, std::size_t start, std::size_t nameEnd, bool afterWs,
                           std::size_t lineStart, std::uint32_t line) const {
  name = Token{};
  name.type = TokenType::Ident;
  if (afterWs) name.flags = Token::kAfterWhitespace;
  name.line = line;
  name.col = static_cast<std::uint32_t>(start - lineStart + 1);
  name.begin = static_cast<std::uint32_t>(start);
  name.end = static_cast<std::uint32_t>(nameEnd);
  name.text = tz_.slice(name.begin, name.end);
}

void SheetParser::byteHandle(const Token& name, const PropertyEntry* entry, std::size_t count, bool lone,
                             bool plain, bool hasVar, const DeclTarget& block, const BlockMode& mode) {
  const Token* const b = byteToks_.data();
  const std::string_view src = tz_.source();
  if (lone) {
    // parseDeclarationList's one-token value (after applyLone, or instead of it for a custom property).
    if (!applyLone(name, *b, block, mode, entry)) {
      valueHasVar_ = false;
      handleDeclaration(name, TokenRange{b, b + 1, src}, false, block, mode, entry);
    }
    return;
  }
  if (plain) {
    // parseDeclarationList's run of plain tokens ended by `;` (applyPlain
    // refuses every property applyPlainValue reads no value of).
    valueHasVar_ = false;
    if (!(entry && entry->plain) || !applyPlain(name, b, b + count, block, mode, entry))
      finishDeclaration(name, b, b + count, block, mode, entry);
    return;
  }
  // parseOneDeclaration's value.
  valueHasVar_ = hasVar;
  finishDeclaration(name, b, b + count, block, mode, entry);
}

void SheetParser::byteHandleName(std::size_t start, std::size_t nameEnd, bool afterWs, std::size_t lineStart,
                                 std::uint32_t line, const PropertyEntry* entry, std::size_t count, bool lone,
                                 bool plain, bool hasVar, const DeclTarget& block, const BlockMode& mode) {
  Token name;
  byteName(name, start, nameEnd, afterWs, lineStart, line);
  byteHandle(name, entry, count, lone, plain, hasVar, block, mode);
}

std::size_t SheetParser::byteRgbItems(std::size_t p, Color& out) const {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const auto lower = [](char c) { return static_cast<char>(c | 0x20); };
  const auto digit = [](char c) { return static_cast<unsigned char>(c - '0') < 10; };
  // `rgb(` or `rgba(`, in any case.
  if (p + 4 > n || lower(d[p]) != 'r' || lower(d[p + 1]) != 'g' || lower(d[p + 2]) != 'b') return 0;
  std::size_t k = p + 3;
  if (lower(d[k]) == 'a') ++k;
  if (k >= n || d[k] != '(') return 0;
  ++k;
  // The items rgbFromTokens collects from the tokens, from the bytes:
  // unsigned numbers (digits, a fraction), percentages, `none`, `,` and
  // `/`, with spaces or tabs between. Anything else (signs, exponents,
  // units, escapes, comments, other whitespace) is left to the tokens.
  std::array<RgbItem, kRgbItems>
      items;  // NOLINT(cppcoreguidelines-pro-type-member-init): items[0, count) are written
  std::size_t count = 0;
  for (;;) {
    while (k < n && (d[k] == ' ' || d[k] == '\t')) ++k;
    if (k >= n) return 0;
    const char c = d[k];
    if (c == ')') {
      ++k;
      break;
    }
    if (count == items.size()) return 0;
    RgbItem& it = items[count++];
    it.sep = 0;
    if (c == ',') {
      it.sep = ',';
      ++k;
    } else if (c == '/') {
      if (k + 1 < n && d[k + 1] == '*') return 0;
      it.sep = '/';
      ++k;
    } else if (digit(c)) {
      const std::size_t from = k;
      std::uint64_t m = 0;
      while (k < n && digit(d[k])) m = m * 10 + static_cast<std::uint64_t>(d[k++] - '0');
      bool integer = true;
      if (k + 1 < n && d[k] == '.' && digit(d[k + 1])) {
        integer = false;
        ++k;
        while (k < n && digit(d[k])) ++k;
      }
      if (k - from > 15 || k >= n) return 0;
      const std::string_view lexeme(d + from, k - from);
      if (d[k] == '%') {
        it.arg = {RgbArg::Percent, colorNumber(lexeme)};
        ++k;
      } else if (d[k] == ' ' || d[k] == '\t' || d[k] == ',' || d[k] == '/' || d[k] == ')') {
        // rgbFromTokens' number: a non-zero integer is the token's value, m.
        it.arg = {RgbArg::Number, integer && m != 0 ? static_cast<double>(m) : colorNumber(lexeme)};
      } else {
        return 0;  // an exponent, a unit, or a token after it
      }
    } else if (lower(c) == 'n' && k + 4 < n && lower(d[k + 1]) == 'o' && lower(d[k + 2]) == 'n' &&
               lower(d[k + 3]) == 'e' && !(byteClass(d[k + 4]) & kName) && d[k + 4] != '\\' &&
               d[k + 4] != '(' && d[k + 4] != 0) {
      it.arg = {RgbArg::None, 0.0};
      k += 4;
    } else {
      return 0;
    }
  }
  const std::optional<Color> color = rgbFromItems(items.data(), count);
  if (!color) return 0;
  out = *color;
  return k;
}

std::size_t SheetParser::byteRgb(std::size_t p, std::uint32_t ln, std::size_t ls, bool afterWs, Color& out) {
  if (const std::size_t e = byteRgbItems(p, out)) return e;
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  // The function token, then its arguments up to `)` (what rgbFromTokens
  // reads: numbers, percentages, `none`, `,` and `/`), spaces or tabs between.
  Token* const toks = byteToks_.data();
  std::size_t e = readValueToken<false>(d, n, p, ln, ls, afterWs, toks[0]);
  if (e == 0 || toks[0].type != TokenType::Function || !(toks[0].textIs("rgb") || toks[0].textIs("rgba")))
    return 0;
  std::size_t count = 1;
  for (;;) {
    const std::size_t tokenEnd = e;
    while (e < n && (d[e] == ' ' || d[e] == '\t')) ++e;
    if (e >= n || count == kByteTokens) return 0;
    Token& t = toks[count++];
    const std::size_t next = readValueToken<false>(d, n, e, ln, ls, e != tokenEnd, t);
    if (next == 0 || t.type == TokenType::Function || t.type == TokenType::LeftParen) return 0;
    e = next;
    if (t.type == TokenType::RightParen) break;
  }
  const Token* end = nullptr;
  const std::optional<Color> c = rgbFromTokens(TokenRange{toks, toks + count, src}, toks, end);
  if (!c || end != toks + count) return 0;
  out = *c;
  return e;
}

std::size_t SheetParser::byteValueEnd(std::size_t p, bool inBlock) const {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  std::size_t k = p;
  while (k < n && (d[k] == ' ' || d[k] == '\t')) ++k;
  if (k < n && d[k] == ';') return k + 1;
  if (k < n && d[k] == '}' && inBlock) return p;
  return 0;
}

std::size_t SheetParser::byteColor(std::size_t p, std::uint32_t ln, std::size_t ls, bool inBlock,
                                   Opt<Color>& out) {
  // parseRow<Color> and backgroundValue for an rgb() / rgba() colour alone:
  // colorAt's rgbFromTokens on the same tokens, then nothing after it.
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const std::size_t gap = p;
  while (p < n && (d[p] == ' ' || d[p] == '\t')) ++p;
  if (p >= n || (d[p] | 0x20) != 'r') return 0;
  Color c;
  const std::size_t e = byteRgb(p, ln, ls, p != gap, c);
  if (e == 0) return 0;
  const std::size_t end = byteValueEnd(e, inBlock);
  if (end == 0) return 0;
  out = c;
  return end;
}

// The items of a value separated by spaces or tabs (byteLengths,
// byteBorder, byteFlex), up to `;` (or `}` in a block). next() skips the
// gap before the next item: true with at() at its first byte, false at the
// value's end, where end() is where the token path stops (after `;`, or
// before the gap when `}` ends a block) or 0 when the value is refused: the
// end of input (the token path's), an item right after the last without a
// gap (a token of its own for the tokenizer: a unit, `(`, `,`, `/`,
// `!`...), more than `most` items. read(q) says the item at at() ends at q.
class ItemCursor {
 public:
  ItemCursor(const char* d, std::size_t n, std::size_t p, std::size_t most, bool inBlock)
      : d_(d), n_(n), k_(p), most_(most), inBlock_(inBlock) {}
  [[gnu::always_inline]] bool next() {
    const std::size_t gap = k_;
    while (k_ < n_ && (d_[k_] == ' ' || d_[k_] == '\t')) ++k_;
    if (k_ >= n_) return false;
    if (count_ > 0) {
      if (d_[k_] == ';') {
        end_ = k_ + 1;
        return false;
      }
      if (d_[k_] == '}' && inBlock_) {
        end_ = gap;
        return false;
      }
      if (k_ == gap || count_ == most_) return false;
    }
    return true;
  }
  void read(std::size_t q) {
    k_ = q;
    ++count_;
  }
  std::size_t at() const { return k_; }
  std::size_t count() const { return count_; }  // the items read
  std::size_t end() const { return end_; }

 private:
  const char* d_;
  std::size_t n_;
  std::size_t k_;
  std::size_t most_;
  bool inBlock_;
  std::size_t count_{0};
  std::size_t end_{0};
};

// A number as readValueToken reads it at q (at most 15 digits, a
// fraction, no sign, no exponent) and the unit after it that loneLength
// and lengthAt read: px, em, % or none. Refused: any other unit, an
// exponent, a `-`, an escape or NUL after it, the end of input.
struct PlainNumber {
  enum class Unit : std::uint8_t { Refused, None, Px, Em, Pct } unit;
  double value;     // without the sign
  std::size_t end;  // one past the number and its unit
};
[[gnu::always_inline]] inline PlainNumber plainNumber(const char* d, std::size_t n, std::size_t q) {
  using Unit = PlainNumber::Unit;
  const PlainDigits num = scanPlainDigits(d, q, n);
  q = num.end;
  if (num.digits > 15 || q >= n) return {Unit::Refused, 0.0, 0};
  const double v = static_cast<double>(num.m) / kPow10[num.frac];
  const auto unitEnds = [&](std::size_t e) {
    return e < n && !(byteClass(d[e]) & kName) && d[e] != '\\' && d[e] != 0;
  };
  const char u = d[q];
  if (u == 'p' && q + 1 < n && d[q + 1] == 'x' && unitEnds(q + 2)) return {Unit::Px, v, q + 2};
  if (u == 'e' && q + 1 < n && d[q + 1] == 'm' && unitEnds(q + 2)) return {Unit::Em, v, q + 2};
  if (u == '%') return {Unit::Pct, v, q + 1};
  if ((byteClass(u) & kName) || u == '\\' || u == 0) return {Unit::Refused, 0.0, 0};
  return {Unit::None, v, q};
}

std::size_t SheetParser::byteVar(const PropertyEntry& entry, std::size_t p, std::uint32_t ln, std::size_t ls,
                                 std::size_t start, bool inBlock, const DeclTarget& block) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const auto lower = [](char c) { return static_cast<char>(c | 0x20); };
  const auto blanks = [&](std::size_t k) {
    while (k < n && (d[k] == ' ' || d[k] == '\t')) ++k;
    return k;
  };
  // Bytes of plain words: tokens of their own (identifiers, numbers,
  // dimensions, hashes, delimiters, commas) that nothing in them joins or
  // splits differently, so the value's text is the token path's.
  const auto word = [](char c) {
    return (static_cast<unsigned char>(c - '0') < 10) || (static_cast<unsigned char>((c | 0x20) - 'a') < 26) ||
           c == '-' || c == '_' || c == '.' || c == '%' || c == '#' || c == '+' || c == ',';
  };
  std::size_t k = blanks(p);
  const std::size_t first = k;
  std::size_t last = k;  // one past the value's last token
  bool any = false;      // a var() group read
  for (;;) {
    if (k >= n) return 0;
    if (any) {
      if (d[k] == ';' || (d[k] == '}' && inBlock)) break;
      if (k == last && d[k] != ',' && d[k - 1] != ',') return 0;  // two tokens without a gap: the tokens'
    }
    // var( in any case, at the start of a word (the first, or after a gap or `,`).
    if (k + 4 < n && lower(d[k]) == 'v' && lower(d[k + 1]) == 'a' && lower(d[k + 2]) == 'r' && d[k + 3] == '(') {
      // addPending's check: a custom property name (`--` and a name byte at
      // least) as its first argument, then `,` or `)`.
      std::size_t q = blanks(k + 4);
      if (q + 2 >= n || d[q] != '-' || d[q + 1] != '-' || !(byteClass(d[q + 2]) & kName)) return 0;
      q = nameEnd(d, q + 2, n);
      if (q >= n || d[q] == '\\' || d[q] == 0 || d[q] == '(') return 0;
      q = blanks(q);
      if (q < n && d[q] == ',') {
        // The fallback: plain words up to `)`.
        ++q;
        while (q < n && (word(d[q]) || d[q] == ' ' || d[q] == '\t')) ++q;
      }
      if (q >= n || d[q] != ')') return 0;
      k = last = q + 1;
      any = true;
    } else if (any && word(d[k])) {
      while (k < n && word(d[k])) ++k;
      last = k;
    } else {
      return 0;
    }
    k = blanks(k);
  }
  pushPending(entry, ln, static_cast<std::uint32_t>(start - ls + 1), src.substr(first, last - first), false,
              block);
  return d[k] == ';' ? k + 1 : last;
}

std::size_t SheetParser::byteLengths(const PropertyEntry& entry, std::size_t p, bool inBlock,
                                     Style& out) const {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const bool translate = entry.handler == Handler::Translate;
  const bool origin = entry.handler == Handler::TransformOrigin;
  const bool margin = entry.handler == Handler::Row && entry.row == Prop::margin;
  const bool nonNeg = !translate && !origin && !margin;  // padding and border-radius (loneLength's nonNeg)
  const std::size_t most = translate || origin ? 2 : 4;
  enum class Kw : std::uint8_t { None, Auto, Left, Right, Center, Top, Bottom };
  std::array<Value, 4> v;
  std::array<Kw, 4> kw{};
  ItemCursor items(d, n, p, most, inBlock);
  while (items.next()) {
    const std::size_t k = items.at();
    const char c = d[k];
    Value& item = v[items.count()];
    const bool neg = c == '-';
    std::size_t q = neg ? k + 1 : k;
    if (q < n && asciiDigit(d[q])) {
      // readValueToken's number (at most 15 digits, a fraction, no
      // exponent) and loneLength's (lengthAt's) check and conversion of it.
      if (neg && nonNeg) return 0;
      const PlainNumber num = plainNumber(d, n, q);
      const auto f = static_cast<float>(neg ? -num.value : num.value);
      switch (num.unit) {
        case PlainNumber::Unit::Px: item = Px(f); break;
        case PlainNumber::Unit::Em: item = Em(f); break;
        case PlainNumber::Unit::Pct: item = Pct(f); break;
        case PlainNumber::Unit::None:
          if (num.value != 0.0) return 0;  // a length needs a unit
          item = Px(0.0f);                 // a bare 0 (-0 too) is 0px
          break;
        case PlainNumber::Unit::Refused: return 0;
      }
      q = num.end;
    } else if (margin || origin) {
      // A keyword: margin's `auto`, transform-origin's positions (any case).
      const std::string_view text = plainIdent(d, n, k);
      Kw w = Kw::None;
      if (margin)
        w = asciiIs(text, "auto") ? Kw::Auto : Kw::None;
      else if (asciiIs(text, "left"))
        w = Kw::Left;
      else if (asciiIs(text, "right"))
        w = Kw::Right;
      else if (asciiIs(text, "center"))
        w = Kw::Center;
      else if (asciiIs(text, "top"))
        w = Kw::Top;
      else if (asciiIs(text, "bottom"))
        w = Kw::Bottom;
      if (w == Kw::None) return 0;
      kw[items.count()] = w;
      item = Value::makeAuto();
      q = k + text.size();
    } else {
      return 0;
    }
    items.read(q);
  }
  const std::size_t end = items.end();
  const std::size_t count = items.count();
  if (end == 0) return 0;
  if (translate) {
    if (count != 2) return 0;
    out.translateX = v[0];
    out.translateY = v[1];
  } else if (origin) {
    // transformOriginValue's reading of one or two positions: `top left`
    // is `left top`; a keyword of the other axis is its error.
    const auto isX = [](Kw w) { return w == Kw::Left || w == Kw::Right; };
    const auto isY = [](Kw w) { return w == Kw::Top || w == Kw::Bottom; };
    const auto pos = [](Kw w) {
      return Pct(w == Kw::Center ? 50.0f : w == Kw::Right || w == Kw::Bottom ? 100.0f : 0.0f);
    };
    Value x = Pct(50.0f), y = Pct(50.0f);
    if (count == 1) {
      if (isY(kw[0]))
        y = pos(kw[0]);
      else
        x = kw[0] == Kw::None ? v[0] : pos(kw[0]);
    } else {
      Kw a = kw[0], b = kw[1];
      Value va = v[0], vb = v[1];
      if (a != Kw::None && b != Kw::None && (isY(a) || isX(b))) {
        std::swap(a, b);
        std::swap(va, vb);
      }
      if (isY(a) || isX(b)) return 0;
      x = a == Kw::None ? va : pos(a);
      y = b == Kw::None ? vb : pos(b);
    }
    out.transformOriginX = x;
    out.transformOriginY = y;
  } else {
    writeFourSides(entry.row, v.data(), count, out);
  }
  return end;
}

std::size_t SheetParser::byteBorder(std::size_t p, bool inBlock, Style& out) const {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  bool haveWidth = false, haveStyle = false, haveColor = false, styleNone = false;
  float width = 3.0f;  // medium
  Color color;
  ItemCursor items(d, n, p, 3, inBlock);
  while (items.next()) {
    const std::size_t k = items.at();
    const char c = d[k];
    std::size_t q = 0;
    if (asciiDigit(c)) {
      // A width: readValueToken's number, then `px`, or a bare 0 (loneLength
      // without percentages, em or negatives).
      const PlainNumber num = plainNumber(d, n, k);
      if (haveWidth) return 0;
      if (num.unit == PlainNumber::Unit::Px)
        width = static_cast<float>(num.value);
      else if (num.unit == PlainNumber::Unit::None && num.value == 0.0)
        width = 0.0f;
      else
        return 0;
      q = num.end;
      haveWidth = true;
    } else if (c == '#') {
      // A hash: `#` and name bytes, its colour hexColor's.
      if (k + 1 >= n || !(byteClass(d[k + 1]) & kName)) return 0;
      q = nameEnd(d, k + 1, n);
      if (q >= n || d[q] == '\\' || d[q] == 0 || haveColor) return 0;
      const std::optional<Color> hex = hexColor(std::string_view(d + k + 1, q - k - 1));
      if (!hex) return 0;
      color = *hex;
      haveColor = true;
    } else {
      // An identifier: a line style, or a named colour (parseColor's).
      const std::string_view text = plainIdent(d, n, k);
      if (text.empty()) return 0;
      if (isLineStyleName(text)) {
        if (haveStyle) return 0;
        haveStyle = true;
        styleNone = asciiIs(text, "none") || asciiIs(text, "hidden");
      } else {
        if (haveColor || asciiIs(text, "thin") || asciiIs(text, "medium") || asciiIs(text, "thick")) return 0;
        const std::optional<Color> named = parseColor(text);
        if (!named) return 0;
        color = *named;
        haveColor = true;
      }
      q = k + text.size();
    }
    items.read(q);
  }
  const std::size_t end = items.end();
  if (end == 0 || items.count() < 2) return 0;  // a lone value is the lone path's
  out.borderWidth = styleNone ? 0.0f : width;
  if (haveColor) out.borderColor = color;
  return end;
}

std::size_t SheetParser::byteFlex(std::size_t p, bool inBlock, Style& out) const {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  // applyPlainValue's flexValue as the items come: up to two factors
  // (grow, then shrink right after it) and one basis.
  double factors[2] = {1.0, 1.0};
  int nf = 0;
  bool haveBasis = false;
  Value basis = Pct(0.0f);
  ItemCursor items(d, n, p, 3, inBlock);
  while (items.next()) {
    const std::size_t k = items.at();
    const char c = d[k];
    std::size_t q = 0;
    Value length;
    if (asciiDigit(c)) {
      const PlainNumber num = plainNumber(d, n, k);
      const double v = num.value;
      q = num.end;
      if (num.unit == PlainNumber::Unit::Px) {
        length = Px(static_cast<float>(v));
      } else if (num.unit == PlainNumber::Unit::Em) {
        length = Em(static_cast<float>(v));
      } else if (num.unit == PlainNumber::Unit::Pct) {
        length = Pct(static_cast<float>(v));
      } else if (num.unit == PlainNumber::Unit::Refused) {
        return 0;
      } else if (v != 0.0 || nf < 2) {
        // A number: a factor (a 0 after two factors is the basis below).
        if (nf == 2 || (nf == 1 && haveBasis)) return 0;
        factors[nf++] = v;
        items.read(q);
        continue;
      } else {
        length = Px(0.0f);
      }
    } else {
      const std::string_view text = plainIdent(d, n, k);
      if (!asciiIs(text, "auto") && !asciiIs(text, "content")) return 0;
      length = Value::makeAuto();
      q = k + text.size();
    }
    if (haveBasis) return 0;
    basis = length;
    haveBasis = true;
    if (nf == 1) nf = 2;
    items.read(q);
  }
  const std::size_t end = items.end();
  if (end == 0 || items.count() < 2) return 0;  // `none`, `auto` and lone values are the lone path's
  out.flexGrow = static_cast<float>(nf >= 1 ? factors[0] : 1.0);
  out.flexShrink = static_cast<float>(nf >= 2 ? factors[1] : 1.0);
  out.flexBasis = basis;
  return end;
}

std::size_t SheetParser::byteShadow(std::size_t p, std::uint32_t ln, std::size_t ls, bool inBlock,
                                    Opt<Shadow>& out) {
  // shadowRow for one shadow of `inset`, two to four lengths in px or 0
  // (the blur not negative) and a colour (hex, named, rgb() or rgba()):
  // the same checks on the same tokens, in the same order.
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  Shadow s;
  s.none = false;
  s.color = Color::black();  // CSS's currentcolor, which ZenitUI does not track
  bool haveColor = false, haveInset = false, lengthsDone = false;
  int lengths = 0;
  float len[4] = {0, 0, 0, 0};
  Token t;
  std::size_t end = 0;
  for (;;) {
    const std::size_t tokenEnd = p;
    while (p < n && (d[p] == ' ' || d[p] == '\t')) ++p;
    if (p >= n) return 0;
    if (lengths + haveColor + haveInset > 0) {
      if (d[p] == ';') {
        end = p + 1;
        break;
      }
      if (d[p] == '}' && inBlock) {
        end = tokenEnd;
        break;
      }
    }
    if ((d[p] | 0x20) == 'r' && p + 3 < n && d[p + 3] != ' ') {
      // rgb( or rgba( (or a name that starts with r).
      Color c;
      const std::size_t e = byteRgb(p, ln, ls, p != tokenEnd, c);
      if (e != 0) {
        if (haveColor) return 0;
        if (lengths > 0) lengthsDone = true;
        s.color = c;
        haveColor = true;
        p = e;
        continue;
      }
    }
    const std::size_t e = readValueToken<false>(d, n, p, ln, ls, p != tokenEnd, t);
    if (e == 0) return 0;
    p = e;
    if (t.isIdent("inset")) {
      if (haveInset) return 0;
      haveInset = true;
      if (lengths > 0) lengthsDone = true;
      continue;
    }
    if (t.type == TokenType::Dimension || t.type == TokenType::Number) {
      // lengthAt (no %, no em; the blur not negative) for px and a bare 0.
      if (lengthsDone || lengths == 4) return 0;
      const double v = t.number;
      if (!finiteFloat(v)) return 0;
      if (t.type == TokenType::Dimension) {
        if (t.text.size() != 2 || t.text[0] != 'p' || t.text[1] != 'x' || (lengths == 2 && v < 0)) return 0;
        len[lengths++] = static_cast<float>(v);
      } else {
        if (v != 0.0) return 0;
        len[lengths++] = 0.0f;
      }
      continue;
    }
    if (lengths > 0) lengthsDone = true;
    if (haveColor || (t.flags & Token::kEscaped)) return 0;
    std::optional<Color> c;
    if (t.type == TokenType::Hash)
      c = hexColor(t.text);
    else if (t.type == TokenType::Ident)
      c = parseColor(t.text);
    if (!c) return 0;
    s.color = *c;
    haveColor = true;
  }
  if (lengths < 2) return 0;
  s.offsetX = len[0];
  s.offsetY = len[1];
  s.blur = len[2];
  s.spread = len[3];
  s.inset = haveInset;
  out = s;
  return end;
}

std::size_t SheetParser::byteSpecial(const PropertyEntry& entry, std::size_t p, std::uint32_t ln,
                                     std::size_t ls, std::size_t start, bool inBlock,
                                     const DeclTarget& block) {
  Style& out = block.normal;
  std::size_t end = 0;
  switch (entry.bytes) {
    case PropertyEntry::Bytes::List: end = byteList(entry, p, ln, ls, start, inBlock, out); break;
    case PropertyEntry::Bytes::Transform: end = byteTransform(p, ln, ls, inBlock, out); break;
    case PropertyEntry::Bytes::Shadow: end = byteShadow(p, ln, ls, inBlock, out.boxShadow); break;
    case PropertyEntry::Bytes::Color:
      end = byteColor(p, ln, ls, inBlock,
                      entry.handler == Handler::Background || entry.row == Prop::backgroundColor
                          ? out.backgroundColor
                      : entry.row == Prop::color ? out.color
                                                 : out.borderColor);
      break;
    case PropertyEntry::Bytes::Lengths: end = byteLengths(entry, p, inBlock, out); break;
    case PropertyEntry::Bytes::Border: end = byteBorder(p, inBlock, out); break;
    case PropertyEntry::Bytes::Flex: end = byteFlex(p, inBlock, out); break;
    case PropertyEntry::Bytes::None: break;
  }
  if (end != 0)
    for (PendingDeclaration& pd : block.pending)
      if (!pd.important) pd.shadowed |= entry.sets;
  return end;
}

std::size_t SheetParser::byteListEasing(const ListCursor& c) {
  // An easing function (tryEasing's mayBeEasing: no calc(), no var()) of
  // numbers and identifiers separated by commas up to its `)`: the tokens
  // readValueToken would read there, with the fields parseEasingAt reads
  // (types, texts, numbers and their kInteger, and where the function
  // begins and ends, for its text), then parseEasingAt on them.
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const auto digit = [](char x) { return static_cast<unsigned char>(x - '0') < 10; };
  // What may follow an argument: spaces, tabs, `,` and `)`; anything else
  // (units, `%`, exponents, escapes, comments…) is the tokens'.
  const auto argEnd = [](char x) { return x == ' ' || x == '\t' || x == ',' || x == ')'; };
  Token* const toks = byteToks_.data();
  const std::size_t k = c.k;
  std::size_t q = nameEnd(d, k + 1, n);  // at the `(` (byteListPart saw it)
  Token& fn = toks[0];
  fn.type = TokenType::Function;
  fn.flags = 0;
  fn.text = std::string_view(d + k, q - k);
  fn.begin = static_cast<std::uint32_t>(k);
  fn.end = static_cast<std::uint32_t>(++q);
  if (!mayBeEasing(fn)) return 0;
  std::size_t count = 1;
  for (;;) {
    while (q < n && (d[q] == ' ' || d[q] == '\t')) ++q;
    if (q >= n || count == kByteTokens) return 0;
    Token& a = toks[count++];
    a.flags = 0;
    a.begin = static_cast<std::uint32_t>(q);
    const char x = d[q];
    if (x == ')' || x == ',') {
      a.type = x == ')' ? TokenType::RightParen : TokenType::Comma;
      a.end = static_cast<std::uint32_t>(++q);
      if (x == ')') break;
      continue;
    }
    if (digit(x) || (x == '-' && q + 1 < n && digit(d[q + 1]))) {
      // readValueToken's number: at most 15 digits, an optional fraction, the same double.
      const bool neg = x == '-';
      const PlainDigits num = scanPlainDigits(d, neg ? q + 1 : q, n);
      q = num.end;
      if (num.digits > 15 || q >= n || !argEnd(d[q])) return 0;
      const double v = static_cast<double>(num.m) / kPow10[num.frac];
      a.type = TokenType::Number;
      a.number = neg ? -v : v;
      if (num.frac == 0) a.flags = Token::kInteger;
      if (neg) a.flags = static_cast<std::uint8_t>(a.flags | Token::kSigned);
    } else if ((byteClass(x) & kNameStart) && x != 0 && x != '_' && !(x & 0x80)) {
      // A name of ASCII letters first (the step positions).
      q = nameEnd(d, q + 1, n);
      if (q >= n || !argEnd(d[q])) return 0;
      a.type = TokenType::Ident;
      a.text = std::string_view(d + a.begin, q - a.begin);
    } else {
      return 0;
    }
    a.end = static_cast<std::uint32_t>(q);
  }
  const TokenRange r{toks, toks + count, src};
  const Token* at = toks;
  if (!parseEasingAt(r, at, listEase_, listWhy_) || at != r.e || q >= n) return 0;
  const char x = d[q];
  return x == ' ' || x == '\t' || x == ',' || x == ';' || x == '}' ? q
                                                                   : 0;  // as byteListPart's components end
}

bool SheetParser::byteListPart(ListCursor& c) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const auto digit = [](char x) { return static_cast<unsigned char>(x - '0') < 10; };
  const auto letter = [](char x) { return static_cast<unsigned char>((x | 0x20) - 'a') < 26 || x == '_'; };
  // What may follow a component: what ends its token for byteList's loop
  // (spaces, tabs, `,`, `;`, `}`). Anything else (`/`, `!`, a backslash, a NUL, a
  // line break…) leaves the value to the tokens.
  const auto ender = [](char x) { return x == ' ' || x == '\t' || x == ',' || x == ';' || x == '}'; };
  std::size_t k = c.k;
  if (k >= n) return false;
  const char c0 = d[k];
  std::size_t e = 0;
  if (digit(c0) || (c0 == '-' && k + 1 < n && digit(d[k + 1]))) {
    // readValueToken's number (at most 15 digits, an optional fraction, no
    // exponent: the same double), then `s`, `ms` or nothing.
    const bool neg = c0 == '-';
    const PlainDigits num = scanPlainDigits(d, neg ? k + 1 : k, n);
    const std::size_t q = num.end;
    if (num.digits > 15 || q >= n) return false;
    const double v = static_cast<double>(num.m) / kPow10[num.frac];
    const double number = neg ? -v : v;
    if (d[q] == 's') {
      e = q + 1;
      c.seconds = number * kSecondsPerS;  // parseTime's number times timeFactor's factor
      c.kind = ListCursor::Part::Time;
    } else if (d[q] == 'm' && q + 1 < n && d[q + 1] == 's') {
      e = q + 2;
      c.seconds = number * kSecondsPerMs;
      c.kind = ListCursor::Part::Time;
    } else {
      e = q;
      c.t.type = TokenType::Number;
      c.t.number = number;
      c.kind = ListCursor::Part::Number;
    }
    if (e >= n || !ender(d[e])) return false;
  } else if (letter(c0) || (c0 == '-' && k + 1 < n && letter(d[k + 1]))) {
    e = nameEnd(d, k + 1, n);
    if (e >= n) return false;
    if (d[e] == '(') {
      e = byteListEasing(c);
      if (e == 0) return false;
      c.kind = ListCursor::Part::Easing;
    } else {
      if (!ender(d[e])) return false;
      c.t.type = TokenType::Ident;
      c.t.text = std::string_view(d + k, e - k);
      // A CSS-wide keyword is the whole value (handleDeclaration's) or an
      // error in every list. (Its first byte first: most names are none.)
      const char f = static_cast<char>(c0 | 0x20);
      if ((f == 'i' || f == 'u' || f == 'r') && isCssWideKeyword(c.t)) return false;
      c.kind = ListCursor::Part::Ident;
    }
  } else {
    return false;  // a comma where a component belongs (an empty item), and anything else
  }
  // What follows: spaces or tabs and the item's next component, `,` and
  // the next item, or the value's end as byteList sees it.
  const std::size_t tokenEnd = e;
  while (e < n && (d[e] == ' ' || d[e] == '\t')) ++e;
  if (e >= n) return false;
  const char x = d[e];
  if (x == ';') {
    c.itemEnd = c.valueEnd = true;
    c.end = e + 1;
  } else if (x == '}') {
    if (!c.inBlock) return false;
    c.itemEnd = c.valueEnd = true;
    c.end = tokenEnd;
  } else if (x == ',') {
    c.itemEnd = true;
    c.gap = ++e;
    while (e < n && (d[e] == ' ' || d[e] == '\t')) ++e;
  } else {
    c.itemEnd = false;
    c.gap = tokenEnd;
  }
  c.k = e;
  return true;
}

std::size_t SheetParser::byteListItems(const PropertyEntry& entry, std::size_t p, std::uint32_t ln,
                                       std::size_t ls, bool inBlock, Style& out) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  std::size_t k = p;
  while (k < n && (d[k] == ' ' || d[k] == '\t')) ++k;
  ListCursor c;
  c.k = k;
  c.gap = p;
  c.ln = ln;
  c.ls = ls;
  c.inBlock = inBlock;
  using Part = ListCursor::Part;
  const Token& t = c.t;
  const Part& kind = c.kind;
  const double& seconds = c.seconds;
  const bool& itemEnd = c.itemEnd;
  const bool& valueEnd = c.valueEnd;
  const auto next = [&] { return byteListPart(c); };
  // tryEasing's mayBeEasing for an identifier (its first byte first: most names are none).
  const auto easingName = [&] {
    const char f = static_cast<char>(t.text[0] | 0x20);
    return (f == 'e' || f == 'l' || f == 's') && mayBeEasing(t);
  };
  // A shorthand item's easing, as tryEasing takes it: the function read,
  // or a keyword (which mayBeEasing always accepts). Another name that may
  // be an easing (parseEasing's own, or none) is the token path's: refused
  // set.
  bool refused = false;
  const auto shorthandEasing = [&](TransitionFunction& f, bool& has) {
    if (kind == Part::Easing) {
      f = listEase_;
    } else if (kind != Part::Ident) {
      return false;
    } else if (const TransitionFunction* kw = easingKeyword(t)) {
      f = *kw;
    } else {
      refused = easingName();
      return false;
    }
    has = true;
    return true;
  };
  // A longhand item's easing, as parseEasingAt reads it: the function
  // read, or a keyword; any other name is the token path's.
  const auto easing = [&](TransitionFunction& f) {
    if (kind == Part::Easing) {
      f = listEase_;
      return true;
    }
    const TransitionFunction* kw = easingKeyword(t);
    if (!kw) return false;
    f = *kw;
    return true;
  };
  // The first time is the duration unless negative, the second the delay, a third an error.
  const auto time = [&](double& duration, double& delay, bool& hasDur, bool& hasDelay) {
    if (!hasDur && seconds >= 0) {
      duration = std::max(seconds, 0.0);
      hasDur = true;
    } else if (!hasDelay) {
      delay = seconds;
      hasDelay = true;
    } else {
      return false;
    }
    return true;
  };
  // A longhand's items, one component each: read(item) takes it or refuses.
  const auto longhand = [&](auto& list, auto read) {
    std::remove_reference_t<decltype(*list)> v;
    do {
      if (!next() || !itemEnd) return false;
      if (v.empty() && !valueEnd) v.reserve(2);  // more than one item: room for two, not one then two
      if (!read(v.emplace_back())) return false;
    } while (!valueEnd);
    list = std::move(v);
    return true;
  };
  // A keyword longhand's item (direction, fill mode, play state): the
  // keyword of the list's type, read as parseKeyword reads it.
  const auto keywordItem = [&]<typename K>(K& v) {
    const auto kw = kind == Part::Ident ? parseKeyword<K>(t.text) : std::nullopt;
    if (kw) v = *kw;
    return kw.has_value();
  };
  const auto isDuration = [&](const Handler h) {
    return h == Handler::AnimationDuration || h == Handler::TransitionDuration;
  };
  AnimationLonghands& al = out.animationLonghands;
  TransitionLonghands& tl = out.transitionLonghands;
  bool ok = false;
  switch (entry.handler) {
    case Handler::Row:
      if (entry.row == Prop::animations) {
        // parseAnimationShorthand's categories, in its order: duration,
        // timing function, delay, iteration count, direction, fill mode,
        // play state, name.
        AnimationList list;
        do {
          AnimationRef ref;
          bool hasDur = false, hasEase = false, hasDelay = false, hasIter = false, hasDir = false,
               hasFill = false, hasPlay = false, hasName = false;
          do {
            if (!next()) return 0;
            if (kind == Part::Time) {
              if (!time(ref.duration, ref.delay, hasDur, hasDelay)) return 0;
              continue;
            }
            if (kind == Part::Ident && !hasDur && t.textIs("auto")) {
              hasDur = true;
              continue;
            }
            if (!hasEase && shorthandEasing(ref.ease, hasEase)) continue;
            if (refused) return 0;
            if (kind == Part::Number) {
              // tryIterations: a number >= 0 that fits a float; nothing else takes one.
              if (hasIter || !finiteFloat(t.number) || t.number < 0) return 0;
              ref.iterations = t.number;
              hasIter = true;
              continue;
            }
            if (kind != Part::Ident) return 0;  // a second easing
            if (!hasIter && t.textIs("infinite")) {
              ref.iterations = AnimationRef::kInfinite;
              hasIter = true;
            } else if (const auto dir = hasDir ? std::nullopt : parseKeyword<PlaybackDirection>(t.text)) {
              ref.direction = *dir;
              hasDir = true;
            } else if (const auto fill = hasFill ? std::nullopt : parseKeyword<FillMode>(t.text)) {
              ref.fill = *fill;
              hasFill = true;
            } else if (const auto play = hasPlay ? std::nullopt : parseKeyword<PlayState>(t.text)) {
              ref.playState = *play;
              hasPlay = true;
            } else if (!hasName && t.textIs("none")) {
              ref.name.clear();
              hasName = true;
            } else if (!hasName && keyframesNameAt(t, ref.name, true)) {
              hasName = true;
            } else {
              return 0;
            }
          } while (!itemEnd);
          // Built apart and moved in, so that the list is reserved once: for
          // one item when the first ends the value, else for two.
          if (list.empty()) list.reserve(valueEnd ? 1 : 2);
          list.push_back(std::move(ref));
        } while (!valueEnd);
        // parseRow's write.
        out.animations.value = std::move(list);
        out.animations.is_set = true;
        return c.end;
      }
      if (entry.row == Prop::transitions) {
        // parseTransitionShorthand's: duration, timing function, delay,
        // behavior, property.
        TransitionList list;
        do {
          TransitionRef ref;
          bool hasDur = false, hasEase = false, hasDelay = false, hasBehavior = false, hasProp = false;
          do {
            if (!next()) return 0;
            if (kind == Part::Time) {
              if (!time(ref.duration, ref.delay, hasDur, hasDelay)) return 0;
              continue;
            }
            if (!hasEase && shorthandEasing(ref.ease, hasEase)) continue;
            if (refused) return 0;
            if (kind != Part::Ident) return 0;
            if (!hasBehavior && (t.textIs("normal") || t.textIs("allow-discrete"))) {
              ref.allowDiscrete = t.textIs("allow-discrete");
              hasBehavior = true;
            } else if (!hasProp && !t.textIs("default") && !t.textIs("none")) {
              // (`none` is valid as the whole list only: the token path's.)
              describeTransitionProperty(t.text, ref, &properties_);
              hasProp = true;
            } else {
              return 0;
            }
          } while (!itemEnd);
          if (!hasProp) {  // the item's initial property (the token path's first write)
            ref.property = "all";
            ref.all = true;
            ref.known = true;
          }
          if (list.empty()) list.reserve(valueEnd ? 1 : 2);
          list.push_back(std::move(ref));
        } while (!valueEnd);
        out.transitions.value = std::move(list);
        out.transitions.is_set = true;
        return c.end;
      }
      return 0;
    // The longhands: parseAnimationLonghand's and parseTransitionLonghand's
    // checks, each list then taken into the longhands as takeLonghands takes it.
    case Handler::AnimationName:
      ok = longhand(al.names, [&](std::string& name) {
        if (kind != Part::Ident) return false;
        if (t.textIs("none")) return true;  // ""
        return keyframesNameAt(t, name, false);
      });
      break;
    case Handler::AnimationDuration:
    case Handler::AnimationDelay:
    case Handler::TransitionDuration:
    case Handler::TransitionDelay: {
      const bool dur = isDuration(entry.handler);
      const bool autoOk = entry.handler == Handler::AnimationDuration;
      const auto read = [&](double& s) {
        if (autoOk && kind == Part::Ident && t.textIs("auto")) return true;  // 0s
        if (kind != Part::Time || (dur && seconds < 0)) return false;
        s = seconds;
        return true;
      };
      if (entry.handler == Handler::AnimationDuration)
        ok = longhand(al.durations, read);
      else if (entry.handler == Handler::AnimationDelay)
        ok = longhand(al.delays, read);
      else if (dur)
        ok = longhand(tl.durations, read);
      else
        ok = longhand(tl.delays, read);
      break;
    }
    case Handler::AnimationTimingFunction:
    case Handler::TransitionTimingFunction: {
      // parseEasingAt on each item: a keyword or a function read.
      const auto read = [&](TransitionFunction& f) {
        return (kind == Part::Easing || kind == Part::Ident) && easing(f);
      };
      ok = entry.handler == Handler::AnimationTimingFunction ? longhand(al.timingFunctions, read)
                                                             : longhand(tl.timingFunctions, read);
      break;
    }
    case Handler::AnimationIterationCount:
      ok = longhand(al.iterationCounts, [&](double& count) {
        if (kind == Part::Ident && t.textIs("infinite")) {
          count = AnimationRef::kInfinite;
          return true;
        }
        if (kind != Part::Number || !finiteFloat(t.number) || t.number < 0) return false;
        count = t.number;
        return true;
      });
      break;
    case Handler::AnimationDirection: ok = longhand(al.directions, keywordItem); break;
    case Handler::AnimationFillMode: ok = longhand(al.fillModes, keywordItem); break;
    case Handler::AnimationPlayState: ok = longhand(al.playStates, keywordItem); break;
    case Handler::TransitionProperty: {
      TransitionRef ref;
      ok = longhand(tl.properties, [&](std::string& name) {
        // (`none` alone, the empty list, is the token path's.)
        if (kind != Part::Ident || t.textIs("default") || t.textIs("none")) return false;
        describeTransitionProperty(t.text, ref, &properties_);
        name = std::move(ref.property);
        return true;
      });
      break;
    }
    case Handler::TransitionBehavior:
      ok = longhand(tl.allowDiscrete, [&](std::vector<bool>::reference v) {
        if (kind != Part::Ident || !(t.textIs("normal") || t.textIs("allow-discrete"))) return false;
        v = t.textIs("allow-discrete");
        return true;
      });
      break;
    default: break;
  }
  return ok ? c.end : 0;
}

std::size_t SheetParser::byteList(const PropertyEntry& entry, std::size_t p, std::uint32_t ln, std::size_t ls,
                                  std::size_t start, bool inBlock, Style& out) {
  // Never in @keyframes: the lists are not animatable, so byteDeclarations
  // leaves them to the token path there (which ignores them, and says so).
  if (const std::size_t e = byteListItems(entry, p, ln, ls, inBlock, out)) {
    listBookkeeping(entry, false, out, ln, static_cast<std::uint32_t>(start - ls + 1));
    return e;
  }
  // Otherwise the general reader, on the tokens:
  // The value's tokens as byteValue reads them, up to `;` (or `}` in a
  // block) outside any function.
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  Token* const toks = byteToks_.data();
  const auto maxDepth = static_cast<std::size_t>(opt_.maxNesting > 0 ? opt_.maxNesting : 1);
  std::size_t count = 0;
  std::size_t depth = 0;
  std::size_t end = 0;
  std::size_t tokenEnd = p;
  for (;;) {
    while (p < n && (d[p] == ' ' || d[p] == '\t')) ++p;
    if (p >= n) return 0;
    if (depth == 0 && count != 0) {
      if (d[p] == ';') {
        end = p + 1;
        break;
      }
      if (d[p] == '}' && inBlock) {
        end = tokenEnd;
        break;
      }
    }
    if (count == kByteTokens) return 0;
    Token& t = toks[count];
    const std::size_t e = readValueToken<false>(d, n, p, ln, ls, p != tokenEnd, t);
    if (e == 0) return 0;
    if (t.type == TokenType::Function || t.type == TokenType::LeftParen) {
      if (++depth > maxDepth || (t.type == TokenType::Function && t.textIs("var"))) return 0;
    } else if (t.type == TokenType::RightParen) {
      if (depth == 0) return 0;
      --depth;
    } else if (t.type == TokenType::Delim && t.text[0] == '!') {
      return 0;  // `!important`, or a `!` the token path reports
    }
    ++count;
    p = tokenEnd = e;
  }
  // A CSS-wide keyword alone is handleDeclaration's.
  if (count == 1 && isCssWideKeyword(toks[0])) return 0;
  const ValueContext ctx{nullptr, entry.name, nullptr, false, false, &properties_};
  if (!applyDeclaration(entry, TokenRange{toks, toks + count, src}, out, ctx)) return 0;
  listBookkeeping(entry, false, out, ln, static_cast<std::uint32_t>(start - ls + 1));
  return end;
}

std::size_t SheetParser::byteTransform(std::size_t p, std::uint32_t ln, std::size_t ls, bool inBlock,
                                       Style& out) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const auto spaces = [&](std::size_t& k) {
    while (k < n && (d[k] == ' ' || d[k] == '\t')) ++k;
  };
  PlainTransform folded;
  Token fn, a0, a1;
  bool any = false;
  std::size_t end = 0;
  for (;;) {
    // `fn( a )` or `fn( a , b )`, as applyPlainTransform reads them from the tokens.
    const std::size_t tokenEnd = p;
    spaces(p);
    if (p >= n) return 0;
    if (any) {
      if (d[p] == ';') {
        end = p + 1;
        break;
      }
      if (d[p] == '}' && inBlock) {
        end = tokenEnd;
        break;
      }
    }
    // The function's name: readValueToken's Function for a name that starts
    // with a name-start byte, without the Token's other fields (add reads
    // its type and text; the argument's gap, its end). An escape or a NUL
    // after the name, or no `(`, is no function here; `url(` is refused by
    // add as any other unknown name. Other names take readValueToken.
    std::size_t e = 0;
    if (const char c = d[p]; (byteClass(c) & kNameStart) && c != 0) {
      e = nameEnd(d, p + 1, n);
      if (e >= n || d[e] != '(') return 0;
      fn.type = TokenType::Function;
      fn.text = std::string_view(d + p, e - p);
      fn.end = static_cast<std::uint32_t>(++e);
    } else {
      e = readValueToken<false>(d, n, p, ln, ls, p != tokenEnd, fn);
      if (e == 0 || fn.type != TokenType::Function) return 0;
    }
    p = e;
    spaces(p);
    if (p >= n) return 0;
    e = readValueToken<false>(d, n, p, ln, ls, p != fn.end, a0);
    if (e == 0) return 0;
    p = e;
    spaces(p);
    bool second = false;
    if (p < n && d[p] == ',') {
      ++p;
      const std::size_t comma = p;
      spaces(p);
      if (p >= n) return 0;
      e = readValueToken<false>(d, n, p, ln, ls, p != comma, a1);
      if (e == 0) return 0;
      p = e;
      spaces(p);
      second = true;
    }
    if (p >= n || d[p] != ')') return 0;
    ++p;
    if (!folded.add(fn, a0, second ? &a1 : nullptr)) return 0;
    any = true;
  }
  return folded.write(out) ? end : 0;
}

std::size_t SheetParser::byteValue(std::size_t p, std::uint32_t ln, std::size_t ls, const PropertyEntry* prop,
                                   std::size_t start, std::size_t nameEnd, bool afterWs,
                                   const DeclTarget& block, const BlockMode& mode) {
  // The value's tokens after the first (byteToks_[0], which ends at p), up
  // to `;` (or `}` in a block) outside any function, as the value loop
  // sees its end.
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  Token* const toks = byteToks_.data();
  const auto maxDepth = static_cast<std::size_t>(opt_.maxNesting > 0 ? opt_.maxNesting : 1);
  std::size_t count = 1;
  std::size_t end = 0;
  bool semicolon = false;  // ended by `;`
  bool functions = false;  // a function or bracket among the tokens (the value loop's)
  bool hasVar = false;     // a var( function among them
  bool bang = false;       // a `!` among them (`!important`, or a stray one)
  std::size_t depth = 0;
  const auto open = [&](const Token& t) {
    if (t.type == TokenType::Function || t.type == TokenType::LeftParen) {
      if (++depth > maxDepth) return false;
      functions = true;
      if (t.type == TokenType::Function && t.textIs("var")) hasVar = true;
    } else if (t.type == TokenType::RightParen) {
      if (depth == 0) return false;  // a stray `)`: the value loop's
      --depth;
    } else if (t.type == TokenType::Delim && t.text[0] == '!') {
      bang = true;
    }
    return true;
  };
  if (!open(toks[0])) return 0;
  for (;;) {
    const std::size_t tokenEnd = p;
    while (p < n && (d[p] == ' ' || d[p] == '\t')) ++p;
    if (p >= n) return 0;  // the end of input after several tokens: the value loop's
    if (depth == 0) {
      if (d[p] == ';') {
        end = p + 1;
        semicolon = true;
        break;
      }
      if (d[p] == '}' && mode.inBlock) {
        end = tokenEnd;
        break;
      }
    }
    if (count == kByteTokens) return 0;
    Token& t = toks[count];
    const std::size_t e = readValueToken(d, n, p, ln, ls, p != tokenEnd, t);
    if (e == 0 || !open(t)) return 0;
    ++count;
    p = e;
  }
  // Several tokens: a run of plain ones ended by `;` to applyPlain's checks
  // and applyPlainValue, anything else (and what that refuses) as the token path hands it over.
  const bool plain = semicolon && !functions;
  if (plain && prop && prop->plain &&
      !(mode.keyframes && (prop->sets.bits & ~propsWithFlag(PF_ANIM).bits) != 0) &&
      applyPlainValue(*prop, TokenRange{toks, toks + count, src}, block.normal)) {
    for (PendingDeclaration& pd : block.pending)
      if (!pd.important) pd.shadowed |= prop->sets;
    return end;
  }
  // A custom property, or a value with var(), without `!`: kept raw, as
  // handleDeclaration keeps them (before any other check of it).
  if (!bang && !mode.keyframes) {
    const TokenRange value{toks, toks + count, src};
    const auto col = static_cast<std::uint32_t>(start - ls + 1);
    if (!prop && nameEnd - start >= 2 && d[start] == '-' && d[start + 1] == '-') {
      addCustom(src.substr(start, nameEnd - start), SourceLoc{fileIndex_, ln, col}, value, false, block);
      return end;
    }
    if (prop && hasVar) {
      addPending(*prop, ln, col, value, false, block);
      return end;
    }
    if (prop) {
      // The rest of handleDeclaration: none of its earlier checks applies
      // (several tokens here: never a CSS-wide keyword alone).
      assert(count >= 2);
      Token name;
      byteName(name, start, nameEnd, afterWs, ls, ln);
      applyKnown(name, *prop, value, false, block, mode);
      return end;
    }
  }
  byteHandleName(start, nameEnd, afterWs, ls, ln, prop, count, false, plain, hasVar, block, mode);
  return end;
}

std::size_t SheetParser::byteLoneImportant(std::size_t k, bool inBlock, const PropertyEntry& prop,
                                           const Token& t0, const DeclTarget& block) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  constexpr std::string_view kWord = "important";
  std::size_t q = k + 1;  // after the `!`
  while (q < n && (d[q] == ' ' || d[q] == '\t')) ++q;
  if (q + kWord.size() > n) return 0;
  for (std::size_t i = 0; i < kWord.size(); ++i)
    if ((d[q + i] | 0x20) != kWord[i]) return 0;
  q += kWord.size();
  // The identifier ends there: no name byte, escape, NUL or `(` after it.
  if (q < n && ((byteClass(d[q]) & kName) || d[q] == '\\' || d[q] == 0 || d[q] == '(')) return 0;
  const std::size_t wordEnd = q;
  while (q < n && (d[q] == ' ' || d[q] == '\t')) ++q;
  std::size_t end = 0;
  if (q >= n)
    end = wordEnd;
  else if (d[q] == ';')
    end = q + 1;
  else if (d[q] == '}' && inBlock)
    end = wordEnd;
  else
    return 0;
  if (t0.type == TokenType::Ident && isCssWideKeyword(t0)) return 0;
  if (!writeImportant(block, [&](Style& s) { return prop.lone(t0, s); })) return 0;
  for (PendingDeclaration& pd : block.pending)
    if (pd.important) pd.shadowed |= prop.sets;
  return end;
}

SheetParser::ByteRead SheetParser::byteDeclarations(const DeclTarget& block, const BlockMode& mode,
                                                    Token& name, const PropertyEntry*& entry) {
  // Read with the token path's rules: the gap and the name as
  // nextDeclarationStart reads them, the value's tokens as readValueToken
  // reads them (the tokenizer's, with only spaces or tabs between them),
  // the end as takeValueEnd and the value loop see it. The tokens then go
  // where the token path sends such a value: one token to applyLone's
  // checks and writer, a run of plain tokens ended by `;` to applyPlain's,
  // anything else (and what those refuse) to the same calls as the token
  // path's (byteHandle), diagnostics included.
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const std::uint64_t notAnimatable = ~propsWithFlag(PF_ANIM).bits;
  // Read once: the stores of the loop would have them reloaded.
  const bool inBlock = mode.inBlock;
  const bool keyframes = mode.keyframes;
#if defined(__SSE2__)
  // nameEnd's byte test, set up once for every name of the list.
  const __m128i letterBias = _mm_set1_epi8(static_cast<char>(-'a' - 128));
  const __m128i letterLimit = _mm_set1_epi8(static_cast<char>(26 - 128));
  const __m128i digitBias = _mm_set1_epi8(static_cast<char>(-'0' - 128));
  const __m128i digitLimit = _mm_set1_epi8(static_cast<char>(10 - 128));
  const __m128i lowerBit = _mm_set1_epi8(0x20);
  const __m128i dash = _mm_set1_epi8('-');
  const __m128i underscore = _mm_set1_epi8('_');
  const __m128i index = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
#endif
  Tokenizer::Cursor done = tz_.cursor();  // after the last declaration written
  for (;;) {
    std::size_t q = done.pos;
    std::size_t ls = done.lineStart;
    std::uint32_t ln = done.line;
    // The gap: spaces, tabs and \n (a comment, \r or \f is the tokenizer's).
    // Mostly a newline and an indent: a tight loop for the spaces.
    for (;;) {
      if (q < n && d[q] == '\n') {
        ++ln;
        ls = ++q;
      }
      q = spacesEnd(d, q, n);
      if (q >= n) break;
      if (d[q] == '\n') continue;
      if (d[q] != '\t') break;
      ++q;
    }
    if (q >= n) break;
    // An empty declaration, or the block's end, as the token path takes them.
    if (d[q] == ';') {
      done = Tokenizer::Cursor{q + 1, ls, ln};
      continue;
    }
    if (d[q] == '}' && inBlock) {
      tz_.seek(Tokenizer::Cursor{q + 1, ls, ln});
      return ByteRead::BlockEnd;
    }
    const std::size_t start = q;
    std::size_t p = 0;
    const PropertyEntry* prop = nullptr;
#if defined(__SSE2__)
    const char c0 = d[q];
    if (q + 32 <= n && c0 != '-' && (byteClass(c0) & kNameStart) && c0 != 0) {
      // The name's bytes and its end from one or two loads (nameEnd's
      // test), and its property from the same bytes.
      const auto nameBytes = [&](__m128i v) {
        const __m128i letter =
            _mm_cmplt_epi8(_mm_add_epi8(_mm_or_si128(v, lowerBit), letterBias), letterLimit);
        const __m128i digit = _mm_cmplt_epi8(_mm_add_epi8(v, digitBias), digitLimit);
        const __m128i high = _mm_cmplt_epi8(v, _mm_setzero_si128());
        const __m128i punct = _mm_or_si128(_mm_cmpeq_epi8(v, dash), _mm_cmpeq_epi8(v, underscore));
        const __m128i isName = _mm_or_si128(_mm_or_si128(letter, digit), _mm_or_si128(high, punct));
        return ~static_cast<unsigned>(_mm_movemask_epi8(isName)) & 0xFFFFu;  // bit i: byte i ends the name
      };
      // The bytes whose index is below k, the rest zero.
      const auto head = [&](__m128i v, std::size_t k) {
        return _mm_and_si128(v, _mm_cmplt_epi8(index, _mm_set1_epi8(static_cast<char>(k))));
      };
      const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + q));
      const unsigned stopA = nameBytes(a);
      if (stopA != 0) {
        const auto len = static_cast<std::size_t>(std::countr_zero(stopA));
        prop = names_.find(head(a, len), _mm_setzero_si128(), len, d + q, properties_);
        p = q + len;
      } else {
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + q + 16));
        const unsigned stopB = nameBytes(b);
        if (stopB != 0) {
          const auto len = static_cast<std::size_t>(std::countr_zero(stopB));
          prop = names_.find(a, head(b, len), 16 + len, d + q, properties_);
          p = q + 16 + len;
        } else {
          p = byteNameSlow(q, prop);
        }
      }
    } else
#endif
    {
      p = byteNameSlow(q, prop);
      if (p == 0) break;
    }
    const std::size_t nameEnd = p;
    // An escape, a NUL or `(` after the name is none of these: not a declaration.
    if (p >= n || d[p] != ':') {
      while (p < n && (d[p] == ' ' || d[p] == '\t')) ++p;
      if (p >= n || d[p] != ':') break;
    }
    const std::size_t colon = p++;

    // Values with a reader of their own, which reads them from the bytes or
    // returns 0 with nothing written (the general reading below then reads
    // them). The colour rows' reader reads only rgb() and rgba(): a peek
    // past one space (the usual gap) spares the call for other values
    // (after any other gap it peeks a blank, and the call is spared too).
    const bool kfExcluded = keyframes && prop && (prop->sets.bits & notAnimatable) != 0;
    if (prop && prop->bytes != PropertyEntry::Bytes::None && !kfExcluded &&
        (prop->bytes != PropertyEntry::Bytes::Color ||
         (p + 1 < n && ((d[p] | 0x20) == 'r' || (d[p] == ' ' && (d[p + 1] | 0x20) == 'r'))))) {
      const std::size_t end = byteSpecial(*prop, p, ln, ls, start, inBlock, block);
      if (end != 0) {
        done = Tokenizer::Cursor{end, ls, ln};
        continue;
      }
    }
    // The value's first token. One token before the end takeValueEnd sees
    // (`;`, or `}` in a block, or the end of input) goes to applyLone's
    // checks and writer; anything else to byteValue.
    Token& t0 = byteToks_[0];
    const std::size_t gap = p;
    while (p < n && (d[p] == ' ' || d[p] == '\t')) ++p;
    // A value that starts with var(: kept raw from the bytes.
    if (p + 4 < n && (d[p] | 0x20) == 'v' && d[p + 3] == '(' && prop && !keyframes) {
      const std::size_t end = byteVar(*prop, p, ln, ls, start, inBlock, block);
      if (end != 0) {
        done = Tokenizer::Cursor{end, ls, ln};
        continue;
      }
    }
    std::size_t e = p < n ? readValueToken<false>(d, n, p, ln, ls, p != gap, t0) : 0;
    // Its line and column, for the readers that may report it.
    const auto place = [&] {
      t0.line = ln;
      t0.col = static_cast<std::uint32_t>(t0.begin - ls + 1);
    };
    std::size_t end = 0;  // where the token path stops: after `;`, or before `}` or the end of input
    if (e != 0 && t0.type != TokenType::Function && t0.type != TokenType::LeftParen &&
        t0.type != TokenType::RightParen) {
      std::size_t k = e;
      while (k < n && (d[k] == ' ' || d[k] == '\t')) ++k;
      bool written = false;  // by byteLoneImportant
      if (k < n && d[k] == ';') {
        end = k + 1;
      } else if (k >= n || (d[k] == '}' && inBlock)) {
        end = e;
      } else if (d[k] == '!' && prop && prop->lone && !keyframes) {
        end = byteLoneImportant(k, inBlock, *prop, t0, block);
        written = end != 0;
      }
      if (end != 0 && !written) {
        if (prop && prop->lone && !kfExcluded && !(t0.type == TokenType::Ident && isCssWideKeyword(t0)) &&
            prop->lone(t0, block.normal)) {
          for (PendingDeclaration& pd : block.pending)
            if (!pd.important) pd.shadowed |= prop->sets;
        } else if (!prop && !keyframes && nameEnd - start >= 2 && d[start] == '-' &&
                   d[start + 1] == '-') {
          // A custom property, kept raw as handleDeclaration keeps it.
          addCustom(src.substr(start, nameEnd - start),
                    SourceLoc{fileIndex_, ln, static_cast<std::uint32_t>(start - ls + 1)},
                    TokenRange{&t0, &t0 + 1, src}, false, block);
        } else {
          place();
          byteHandleName(start, nameEnd, start != done.pos, ls, ln, prop, 1, true, false, false, block, mode);
        }
      }
    }
    if (end == 0 && e != 0) {
      place();
      end = byteValue(e, ln, ls, prop, start, nameEnd, start != done.pos, block, mode);
    }
    if (end == 0) {
      // The token path reads the value.
      byteName(name, start, nameEnd, start != done.pos, ls, ln);
      tz_.seek(Tokenizer::Cursor{colon + 1, ls, ln});
      entry = prop;
      return ByteRead::Name;
    }
    done = Tokenizer::Cursor{end, ls, ln};
  }
  tz_.seek(done);
  entry = nullptr;
  return ByteRead::None;
}

// ---------------------------------------------------------------------------
// @keyframes
// ---------------------------------------------------------------------------

void SheetParser::parseKeyframes(const Token& at) {
  Token end;
  Token first = take();
  if (!readPrelude(first, true, end)) {
    if (end.type == TokenType::Eof)
      rep_.error(at, "unexpected end of file in @keyframes");
    else
      rep_.error(at, "@keyframes needs a `{ … }` block");
    return;
  }
  std::vector<Token> name;
  for (const Token& t : prelude_)
    if (t.type != TokenType::Whitespace) name.push_back(t);
  KeyframesRule kr;
  kr.loc = loc(at);
  bool okName = name.size() == 1 &&
                ((name[0].type == TokenType::Ident && !reservedName(name[0]) && !name[0].textIs("none")) ||
                 (name[0].type == TokenType::String && !name[0].text.empty()));
  if (!okName) {
    const std::string shown =
        name.empty() ? std::string("nothing") : quoteText(tz_.slice(name.front().begin, name.back().end));
    rep_.error(name.empty() ? at : name[0],
               "invalid @keyframes name " + shown +
                   " (an identifier other than none and CSS-wide keywords, or a string)");
    skipBlock();
    return;
  }
  kr.name = std::string(name[0].text);
  keyframesBody(at, end, kr);
}

bool SheetParser::byteKeyframes(std::size_t q, std::size_t ls, std::uint32_t ln) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  constexpr std::string_view kAt = "@keyframes";
  if (src.substr(q, kAt.size()) != kAt) return false;
  std::size_t k = q + kAt.size();
  // The at-keyword ends at whitespace (a name byte or escape would lengthen it).
  if (k >= n || (d[k] != ' ' && d[k] != '\t' && d[k] != '\n')) return false;
  Token at;
  at.type = TokenType::AtKeyword;
  at.line = ln;
  at.col = static_cast<std::uint32_t>(q - ls + 1);
  at.begin = static_cast<std::uint32_t>(q);
  at.end = static_cast<std::uint32_t>(k);
  at.text = src.substr(q + 1, kAt.size() - 1);
  const auto space = [&] {
    for (; k < n; ++k) {
      if (d[k] == '\n') {
        ++ln;
        ls = k + 1;
      } else if (d[k] != ' ' && d[k] != '\t') {
        break;
      }
    }
  };
  space();
  if (k >= n) return false;
  // The name: parseKeyframes' identifier (a string is the token path's).
  Token name;
  const std::size_t e = readValueToken(d, n, k, ln, ls, true, name);
  if (e == 0 || name.type != TokenType::Ident || reservedName(name) || name.textIs("none")) return false;
  k = e;
  space();
  if (k >= n || d[k] != '{') return false;
  Token open;
  open.type = TokenType::LeftBrace;
  open.line = ln;
  open.col = static_cast<std::uint32_t>(k - ls + 1);
  open.begin = static_cast<std::uint32_t>(k);
  open.end = static_cast<std::uint32_t>(k + 1);
  tz_.seek(Tokenizer::Cursor{k + 1, ls, ln});
  KeyframesRule kr;
  kr.loc = loc(at);
  kr.name = std::string(name.text);
  keyframesBody(at, open, kr);
  return true;
}

void SheetParser::keyframesBody(const Token& at, const Token& end, KeyframesRule& kr) {
  for (;;) {
    // Keyframe selector list: from | to | <percentage>, comma-separated.
    // Reused buffers: a sheet has a few hundred keyframes, each would allocate twice.
    std::vector<float>& offsets = kfOffsets_;
    offsets.clear();
    Token selStart;
    Token open;
    const KeyframeRead read =
        paths_.keyframes && !pending() ? byteKeyframeSelector(offsets, selStart, open) : KeyframeRead::None;
    if (read == KeyframeRead::BlockEnd) break;
    if (read == KeyframeRead::None) {
      offsets.clear();
      const Token t = take();
      if (t.type == TokenType::Whitespace || t.type == TokenType::Semicolon) continue;
      if (t.type == TokenType::RightBrace) break;
      if (t.type == TokenType::Eof) {
        rep_.error(end, "unexpected end of file: the @keyframes block opened here has no closing `}`");
        break;
      }
      if (t.type == TokenType::AtKeyword) {
        rep_.error(t, "@" + std::string(t.text) + " is not allowed inside @keyframes; skipped");
        skipAtRule(true);
        continue;
      }
      selStart = t;
      if (!readPrelude(t, false, open)) {
        rep_.error(selStart, "unexpected end of file in a keyframe selector");
        break;
      }
      bool ok = true;
      std::vector<Token>& sel = kfSelector_;
      sel.clear();
      for (const Token& s : prelude_)
        if (s.type != TokenType::Whitespace) sel.push_back(s);
      TokenRange r{sel.data(), sel.data() + sel.size(), tz_.source()};
      for (const TokenRange& item : r.splitCommas()) {
        if (item.size() != 1) {
          rep_.error(item.empty() ? selStart : *item.b,
                     "invalid keyframe selector " +
                         (item.empty() ? std::string("(empty)") : quoteText(item.text())) +
                         ": expected from, to or a percentage; the keyframe is ignored");
          ok = false;
          break;
        }
        const Token& k = *item.b;
        if (k.isIdent("from")) {
          offsets.push_back(0.0f);
        } else if (k.isIdent("to")) {
          offsets.push_back(1.0f);
        } else if (k.type == TokenType::Percentage) {
          if (!(k.number >= 0.0 && k.number <= 100.0)) {
            rep_.warn(k, "keyframe offset " + quoteText(tz_.slice(k.begin, k.end)) +
                             " is outside [0%, 100%]; the keyframe is ignored (CSS)");
            ok = false;
            break;
          }
          offsets.push_back(static_cast<float>(k.number / 100.0));
        } else {
          rep_.error(k, "invalid keyframe selector " + quoteText(tz_.slice(k.begin, k.end)) +
                            ": expected from, to or a percentage; the keyframe is ignored");
          ok = false;
          break;
        }
      }
      if (!ok) {
        skipBlock();
        continue;
      }
    }
    // Most blocks have a handful of keyframes: one allocation instead of
    // regrowing 1, 2, 4 (each regrowth moves every Style).
    if (kr.frames.capacity() < 4) kr.frames.reserve(4);
    std::optional<TransitionFunction> easing;
    const BlockMode mode{true, true, &easing};
    if (offsets.empty()) {
      Style dropped;
      parseDeclarationList(DeclTarget{dropped, kfRest_.important, kfRest_.pending, kfRest_.custom}, mode,
                           open);
      continue;
    }
    // The declarations go straight into the first offset's entry (only its
    // Style: a keyframe drops custom properties, !important and var()),
    // the later offsets of the list get copies of it. (Filled field by
    // field: Clang 14 has no parenthesised aggregate initialisation.)
    const std::size_t firstEntry = kr.frames.size();
    {
      KeyframeEntry& e = kr.frames.emplace_back();
      e.t = offsets[0];
      e.loc = loc(selStart);
      parseDeclarationList(DeclTarget{e.delta, kfRest_.important, kfRest_.pending, kfRest_.custom}, mode,
                           open);
      e.easing = easing;
    }
    for (std::size_t i = 1; i < offsets.size(); ++i) {
      KeyframeEntry& e = kr.frames.emplace_back();
      const KeyframeEntry& f = kr.frames[firstEntry];
      e.t = offsets[i];
      e.delta = f.delta;
      e.easing = f.easing;
      e.loc = f.loc;
    }
  }
  if (sheet_ == nullptr) return;
  const KeyframesRule* earlier = nullptr;
  if (imports_) {
    const auto [it, added] = imports_->keyframeFirst.try_emplace(kr.name, sheet_->keyframes.size());
    if (!added) earlier = &sheet_->keyframes[it->second];
  } else {
    for (const KeyframesRule& k : sheet_->keyframes)
      if (k.name == kr.name) {
        earlier = &k;
        break;
      }
  }
  if (earlier)
    rep_.warn(at, "@keyframes " + kr.name + " replaces the one at " + where(earlier->loc) +
                      " (the later block wins; keyframes are not merged across blocks)");
  sheet_->keyframes.push_back(std::move(kr));
}

}  // namespace detail

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

bool StyleSheet::hasErrors() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

const KeyframesRule* StyleSheet::findKeyframes(std::string_view name) const {
  for (auto it = keyframes.rbegin(); it != keyframes.rend(); ++it)
    if (it->name == name) return &*it;
  return nullptr;
}

KeyframeAnimation toKeyframeAnimation(const KeyframesRule& rule) {
  KeyframeAnimation a;
  a.name = rule.name;
  a.keyframes.reserve(rule.frames.size());
  for (const KeyframeEntry& f : rule.frames) a.keyframes.push_back(Keyframe{f.t, f.delta, f.easing});
  compileKeyframes(a);
  return a;
}

std::string_view StyleSheet::fileName(const SourceLoc& l) const {
  return l.file < files.size() ? std::string_view(files[l.file]) : std::string_view{};
}

StyleSheet detail::parseStyleSheet(std::string_view text, const ParseOptions& options,
                                   const FastPaths& paths) {
  StyleSheet sheet;
  sheet.files.push_back(options.fileName);
  detail::ImportState imports;
  std::string base = options.baseDir;
  if (base.empty()) base = detail::parentDir(options.fileName);
  detail::reserveRules(sheet, text);
  detail::SheetParser p(text, 0, sheet, options, &imports, base, paths);
  p.parseSheet();
  return sheet;
}

StyleSheet parseStyleSheet(std::string_view text, const ParseOptions& options) {
  return detail::parseStyleSheet(text, options, detail::FastPaths{});
}

namespace {

void parseFileInto(StyleSheet& sheet, const std::string& path, const ParseOptions& options,
                   detail::ImportState& imports) {
  const auto index = static_cast<std::uint32_t>(sheet.files.size());
  sheet.files.push_back(path);
  std::string text;
  if (!detail::readFile(path, text)) {
    Diagnostic d{Severity::Error, path, 0, 0, "cannot read stylesheet \"" + path + "\""};
    log(d);
    sheet.diagnostics.push_back(std::move(d));
    return;
  }
  const std::string canon = detail::canonicalPath(path);
  if (std::find(imports.loaded.begin(), imports.loaded.end(), canon) != imports.loaded.end()) return;
  imports.active.push_back(canon);
  imports.loaded.push_back(canon);
  detail::reserveRules(sheet, text);
  detail::SheetParser p(text, index, sheet, options, &imports, detail::parentDir(path), detail::FastPaths{});
  p.parseSheet();
  imports.active.pop_back();
}

}  // namespace

StyleSheet parseStyleFile(const std::string& path, const ParseOptions& options) {
  StyleSheet sheet;
  detail::ImportState imports;
  parseFileInto(sheet, path, options, imports);
  return sheet;
}

StyleSheet parseStyleFiles(const std::vector<std::string>& paths, const ParseOptions& options) {
  StyleSheet sheet;
  detail::ImportState imports;
  for (const std::string& p : paths) parseFileInto(sheet, p, options, imports);
  return sheet;
}

DeclarationBlock detail::parseStyleAttribute(std::string_view text, std::vector<Diagnostic>* diagnostics,
                                             std::string_view fileName, const FastPaths& paths) {
  DeclarationBlock block;
  ParseOptions opt;
  detail::SheetParser p(text, std::string(fileName), diagnostics, opt, paths);
  p.parseAttribute(block);
  return block;
}

DeclarationBlock parseStyleAttribute(std::string_view text, std::vector<Diagnostic>* diagnostics,
                                     std::string_view fileName) {
  return detail::parseStyleAttribute(text, diagnostics, fileName, detail::FastPaths{});
}

bool parseDeclaration(std::string_view property, std::string_view value, Style& out,
                      std::vector<Diagnostic>* diagnostics, std::string_view file, std::uint32_t line,
                      std::uint32_t col) {
  detail::Reporter rep{diagnostics, std::string(file), false, line ? line : 1, col ? col : 1};
  std::vector<Diagnostic> tokDiags;
  Tokenizer tz(value, file, &tokDiags);
  tz.setLogging(false);
  std::vector<Token> toks;
  int depth = 0;
  for (;;) {
    const Token t = tz.next();
    if (t.type == TokenType::Eof) break;
    if (t.type == TokenType::Whitespace) continue;
    if (t.type == TokenType::Function || t.type == TokenType::LeftParen || t.type == TokenType::LeftBracket ||
        t.type == TokenType::LeftBrace)
      ++depth;
    if (depth > 256) {
      rep.report(Severity::Error, 0, 0,
                 "nesting deeper than 256 levels in the value of " + std::string(property));
      return false;
    }
    if (detail::isCloser(t.type) && depth > 0) --depth;
    toks.push_back(t);
  }
  if (!tokDiags.empty()) {
    rep.report(Severity::Error, 0, 0, tokDiags.front().message);
    return false;
  }
  const detail::PropertyEntry* entry = detail::findProperty(property);
  if (!entry) {
    rep.report(Severity::Error, 0, 0, "unknown property " + detail::quoteText(property));
    return false;
  }
  if (toks.empty()) {
    rep.report(Severity::Error, 0, 0, "empty value for " + std::string(entry->name));
    return false;
  }
  if (detail::hasVar(toks.data(), toks.data() + toks.size())) {
    rep.report(Severity::Error, 0, 0, "unresolved var() in the value of " + std::string(entry->name));
    return false;
  }
  const detail::TokenRange r{toks.data(), toks.data() + toks.size(), value};
  Style tmp = out;
  if (toks.size() == 1 && detail::isCssWideKeyword(toks[0])) {
    if (toks[0].textIs("initial") || (toks[0].textIs("unset") && !detail::anyInherited(entry->sets))) {
      detail::applyInitial(*entry, tmp);
      out = std::move(tmp);
      return true;
    }
    rep.report(Severity::Error, 0, 0,
               detail::quoteText(toks[0].text) + " is not supported for " + std::string(entry->name));
    return false;
  }
  detail::ValueContext ctx{&rep, entry->name, nullptr, false};
  if (!detail::applyDeclaration(*entry, r, tmp, ctx)) return false;
  if (entry->handler == detail::Handler::Row && entry->row == Prop::animations) tmp.animationLonghands = {};
  if (entry->handler == detail::Handler::Row && entry->row == Prop::transitions) tmp.transitionLonghands = {};
  out = std::move(tmp);
  return true;
}

// ---------------------------------------------------------------------------
// var()
// ---------------------------------------------------------------------------

namespace {

bool substitute(std::string_view text, const CustomPropertyLookup& lookup, std::string& out,
                std::string& error, std::vector<std::string>& stack, int& budget) {
  if (--budget < 0) {
    error = "var() substitution nested too deeply";
    return false;
  }
  Tokenizer tz(text, "<var>", nullptr);
  tz.setLogging(false);
  std::vector<Token> toks = Tokenizer::all(tz);
  std::size_t copied = 0;
  for (std::size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    if (t.type != TokenType::Function || !t.textIs("var")) continue;
    // Find the matching `)`.
    std::size_t j = i + 1;
    int depth = 1;
    for (; j < toks.size(); ++j) {
      const TokenType ty = toks[j].type;
      if (ty == TokenType::Function || ty == TokenType::LeftParen)
        ++depth;
      else if ((ty == TokenType::RightParen && --depth == 0) || ty == TokenType::Eof)
        break;
    }
    std::size_t k = i + 1;
    while (k < j && toks[k].type == TokenType::Whitespace) ++k;
    if (k >= j || toks[k].type != TokenType::Ident || toks[k].text.substr(0, 2) != "--") {
      error = "var() needs a custom property name (--name)";
      return false;
    }
    const std::string name(toks[k].text);
    ++k;
    while (k < j && toks[k].type == TokenType::Whitespace) ++k;
    std::optional<std::string_view> fallback;
    if (k < j) {
      if (toks[k].type != TokenType::Comma) {
        error = "unexpected text after " + name + " in var()";
        return false;
      }
      const std::uint32_t fb = toks[k].end;
      const std::uint32_t fe = j < toks.size() && toks[j].type == TokenType::RightParen
                                   ? toks[j].begin
                                   : static_cast<std::uint32_t>(text.size());
      fallback = text.substr(fb, fe - fb);
    }
    std::string replacement;
    bool done = false;
    if (std::find(stack.begin(), stack.end(), name) != stack.end()) {
      error = "custom property " + name + " refers to itself";
      return false;
    }
    if (auto v = lookup ? lookup(name) : std::nullopt) {
      stack.push_back(name);
      std::string inner;
      done = substitute(*v, lookup, inner, error, stack, budget);
      stack.pop_back();
      if (done)
        replacement = std::move(inner);
      else if (!fallback)
        return false;
    }
    if (!done) {
      if (!fallback) {
        error = "custom property " + name + " is not defined and var() has no fallback";
        return false;
      }
      if (!substitute(*fallback, lookup, replacement, error, stack, budget)) return false;
    }
    out.append(text.substr(copied, t.begin - copied));
    out += replacement;
    copied = j < toks.size() && toks[j].type != TokenType::Eof ? toks[j].end : text.size();
    i = j;
  }
  if (copied < text.size()) out.append(text.substr(copied));
  return true;
}

}  // namespace

std::optional<std::string> substituteVars(std::string_view text, const CustomPropertyLookup& lookup,
                                          std::string* error) {
  std::string out, err;
  std::vector<std::string> stack;
  int budget = 64;
  if (!substitute(text, lookup, out, err, stack, budget)) {
    if (error) *error = err;
    return std::nullopt;
  }
  // Trim: custom property values keep their surrounding whitespace until used.
  const auto b = out.find_first_not_of(" \t\r\n\f");
  if (b == std::string::npos) return std::string{};
  const auto e = out.find_last_not_of(" \t\r\n\f");
  return out.substr(b, e - b + 1);
}

Style resolvePending(const DeclarationBlock& block, bool important, const CustomPropertyLookup& lookup,
                     std::vector<Diagnostic>* diagnostics) {
  Style result;
  for (const PendingDeclaration& p : block.pending) {
    if (p.important != important) continue;
    std::string err;
    auto text = substituteVars(p.value, lookup, &err);
    if (!text) {
      if (diagnostics)
        diagnostics->push_back(
            Diagnostic{Severity::Warning, p.file, p.line, p.col,
                       p.property + ": " + err + " (invalid at computed-value time; ignored)"});
      continue;
    }
    Style one;
    if (!parseDeclaration(p.property, *text, one, diagnostics, p.file, p.line, p.col)) continue;
    // Properties a later plain declaration of the block sets keep that value.
    p.shadowed.forEach([&](Prop q) { visitProp(q, one, [](auto& opt) { opt.reset(); }); });
    if (p.shadowed.test(Prop::animations)) one.animationLonghands = {};
    if (p.shadowed.test(Prop::transitions)) one.transitionLonghands = {};
    result.overlay(one);
  }
  return result;
}

}  // namespace zenit
