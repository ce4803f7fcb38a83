// The sheet parser's shared state: the SheetParser class, whose members are
// defined by what they read (Sheet.cpp the sheet and its skipping,
// Selectors.cpp style rules, Declarations.cpp declaration lists, AtRules.cpp
// @import and @keyframes, Timelines.cpp @timeline, Vars.cpp var() records),
// and the caches and bracket counting they share. Values are read by the
// readers of values/, through Values.hpp. Not installed.
//
// Contents, in order:
//   Nesting        bracket nesting of one prelude or value
//   AtomCache, PropertyCache, NameMemo
//                  the lookups a sheet repeats (atoms, property names,
//                  selector names)
//   ImportState, DeclTarget, BlockMode
//                  what a parse carries between rules and blocks
//   SheetParser    the parser: its public entry points, then the token
//                  path's members (take/peek, preludes, values), then the
//                  byte path's (byteRule, byteDeclarations and the readers
//                  they hand values to), then its state
#pragma once

#include "../AtomInternal.hpp"
#include "../ParserInternal.hpp"
#include "../TokenizerInternal.hpp"

#include <zenit/style/Parser.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace zenit::detail {

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

inline bool isCloser(TokenType t) {
  return t == TokenType::RightParen || t == TokenType::RightBracket || t == TokenType::RightBrace;
}

// "@name" for messages. (Built piecewise: GCC 12's -Wrestrict misfires on
// "@" + std::string(...) at -O3 once the caller is inlined.)
inline std::string atRuleName(std::string_view name) {
  std::string s(1, '@');
  s.append(name);
  return s;
}

// Names a sheet defines (@keyframes, @timeline, custom properties): the
// CSS-wide keywords (and `default`) are reserved.
inline bool reservedName(const Token& t) { return isCssWideKeyword(t) || t.textIs("default"); }

// A file's bytes into `out`; false when it cannot be read.
bool readFile(const std::string& path, std::string& out);
// The path made canonical (or only normalised when it does not exist).
std::string canonicalPath(const std::string& p);
std::string parentDir(const std::string& p);
// `initial` for a property: the row defaults (or the longhands' initial lists).
void applyInitial(const PropertyEntry& e, Style& s);
// Whether any of the rows is inherited (`unset` is `initial` otherwise).
inline bool anyInherited(PropSet s) { return (s & propsWithFlag(PF_INHERIT)).any(); }

// The gap before a declaration or a keyframe selector, as the byte paths
// read it: spaces, tabs and \n (a comment, \r or \f is the tokenizer's),
// from q on line `ln` (which starts at `ls`), counting lines. Mostly a
// newline and an indent: a tight loop for the spaces. False at the end of
// input.
[[gnu::always_inline]] inline bool byteGap(const char* d, std::size_t n, std::size_t& q, std::size_t& ls,
                                           std::uint32_t& ln) {
  for (;;) {
    if (q < n && d[q] == '\n') {
      ++ln;
      ls = ++q;
    }
    q = spacesEnd(d, q, n);
    if (q >= n) return false;
    if (d[q] == '\n') continue;
    if (d[q] != '\t') return true;
    ++q;
  }
}

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
  bool inBlock{true};     // ends at `}` (false: a style attribute, ends at EOF)
  bool keyframes{false};  // inside a keyframe: animatable properties only
  // A style rule's block (CSS Nesting): a nested style rule, @media or
  // @supports ends the list, and the rule's reader reads it.
  bool nested{false};
  std::optional<TransitionFunction>* easing{nullptr};  // keyframes: animation-timing-function goes here
};

// A @media prelude (whitespace tokens included; `source` its text) as a
// query list; what does not parse is reported and never matches.
MediaQueryList compileMediaQueries(std::span<const Token> prelude, std::string_view source,
                                   const Reporter& rep);

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
                         BlockMode{false, false, false, nullptr}, none);
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
  // ParseOptions::maxNesting, at least 1: how deep brackets may nest in a value.
  std::size_t maxDepth() const { return static_cast<std::size_t>(opt_.maxNesting > 0 ? opt_.maxNesting : 1); }
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
  // @timeline: its name, then its body (Timelines.cpp, whose TimelineReader
  // reads the body with this parser's tokens, skipping and reporter).
  void parseTimeline(const Token& at);
  friend class TimelineReader;
  // @media: its prelude compiled, then the block's rules (and nested @media)
  // read with media_ naming it. Inside a style rule (CSS Nesting), `parent`
  // is its selectors.
  void parseMedia(const Token& at, const SelectorList* parent = nullptr);
  // @supports: its condition evaluated now, against what this parser
  // reads; the block's rules are read as if written around it when it
  // holds, skipped when not.
  void parseSupports(const Token& at, const SelectorList* parent = nullptr);
  // A conditional group's prelude into prelude_, up to its `{`: false, with
  // the error reported and the at-rule skipped, when it has no block or
  // nests too deep (@media, @supports).
  bool groupPrelude(const Token& at);
  // The rules of a conditional group's block, up to its `}`; inside a
  // style rule, its declarations and nested rules (nestedBlock).
  void groupBody(const Token& at, const SelectorList* parent);
  // Whether `property: value` (tokens [b, e), the property first) is a
  // declaration this parser accepts (@supports).
  bool declarationSupported(const Token* b, const Token* e);
  // Whether the tokens [b, e) are a selector list this parser accepts (@supports' selector()).
  bool selectorSupported(const Token* b, const Token* e);
  // parseKeyframes after the prelude: the keyframes of the block opened by
  // `open` into `kr` (name and loc set), then the rule into the sheet.
  void keyframesBody(const Token& at, const Token& open, KeyframesRule& kr);
  void parseQualifiedRule(const Token& first);
  bool parseSelectorList(const std::vector<Token>& toks, SelectorList& out);
  // How a nested rule's selector used `&` (CSS Nesting): how many times,
  // and whether the first stands in one of its own compounds (not inside
  // :is() & co.), where the parent's selector may replace it.
  struct NestingUse {
    int count{0};
    bool top{false};                    // the first `&` is in a compound of the selector itself
    Combinator lead{Combinator::None};  // the combinator the selector starts with (`> .x`)
    std::size_t condition{0};           // that `&`'s :is() condition in Selector::conditions
  };
  // Where a selector list is read: how deep inside :is() / :where() / :not(),
  // whether the list forgives a bad selector (:is, :where), and the nearest
  // forgiving list around it, which drops the selector a bad one is in
  // ("is", "where"; empty: none, the rule is skipped).
  struct SelectorScope {
    int depth{0};
    bool forgiving{false};
    std::string_view dropFrom;
    // Inside a nested style rule: what `&` stands for (null at the top
    // level, where it is `:where(:root)`, CSS's :scope), and where its uses
    // are counted; `relative` lets a selector start with a combinator.
    const SelectorList* parent{nullptr};
    NestingUse* use{nullptr};
    bool relative{false};
  };
  static constexpr int kMaxSelectorNesting = 16;  // :is(:not(:is(…))) levels
  bool parseSelectors(const Token* b, const Token* e, SelectorList& out, const SelectorScope& scope);
  template <class Bad>
  bool parseAttribute(const Token* b, const Token* e, SelectorCondition& out, const Bad& bad);
  template <class Bad>
  bool parseComplex(const Token* q, const Token* itemEnd, const Token* b, const Token* e, Selector& sel,
                    const SelectorScope& scope, const Bad& bad);
  // The declarations of a block, up to its `}` (or EOF); true when, in a
  // style rule's block (mode.nested), it stopped before a nested rule or
  // at-rule instead, which the next take() returns.
  bool parseDeclarationList(const DeclTarget& block, const BlockMode& mode, const Token& open);
  // `preread`: value_ holds the value's first tokens, the last one still to decide on (see
  // parseDeclarationList). True when `name` starts a nested rule instead (mode.nested), to
  // which the parser is wound back.
  bool parseOneDeclaration(const Token& name, const DeclTarget& block, const BlockMode& mode, bool preread);
  // Winds the parser back to just before `t` (read earlier from this source).
  void rewindTo(const Token& t);
  // The block of sheet_->rules[rule], whose `{` was `open`: its
  // declarations and, from the first rule or group nested in it (CSS
  // Nesting), nestedBlock.
  static constexpr BlockMode kRuleBlock{true, false, true, nullptr};
  // (Inlined into the rule readers: as a call it costs 0.06 instructions a
  // byte on the parse benchmark.)
  ZENIT_ALWAYS_INLINE void styleBlock(std::size_t rule, const Token& open) {
    DeclarationBlock& d = sheet_->rules[rule].decls;
    if (parseDeclarationList(DeclTarget{d.normal, d.important, d.pending, d.custom}, kRuleBlock, open))
      nestedBlock(rule, open, nullptr, true);
  }
  // The rest of a style rule's block from a nested rule or group (`atItem`),
  // or a group's whole block inside a style rule (`parent` then names the
  // rule's selectors, and sheet_->rules[rule] was made for its
  // declarations): each nested item with the rule's selectors as `&`, and
  // the declarations after one (a rule of their own, with the same
  // selectors, after it in order). Out of line: most blocks nest nothing.
  [[gnu::noinline]] void nestedBlock(std::size_t rule, const Token& open, const SelectorList* parent,
                                     bool atItem);
  // A nested style rule starting at `first`, or a nested @media / @supports
  // at keyword `first`, inside a rule whose selectors are `parent`.
  void nestedItem(const Token& first, const SelectorList& parent);
  // A rule of nested `selectors` (or of the parent's, for declarations in a
  // block), in the innermost @media, at `at`; returns its index.
  std::size_t addNestedRule(SelectorList selectors, const Token& at);
  // Whether a selector may start with `comb` (in a nested rule's, which is
  // relative: `> .x` is `& > .x`); if so, noted in scope.use.
  bool relativeLead(const SelectorScope& scope, Combinator comb) const;
  // CSS Nesting's `&` in the compound being read (the last of sel's, to
  // come): its condition, and its use counted.
  void ampersand(const SelectorScope& scope, Selector& sel) const;
  // A nested selector made absolute: `&` prefixed when it has none, and the
  // parent's selector put in place of a leading `&` where that means the same.
  void absolutize(Selector& sel, const NestingUse& use, const SelectorList& parent) const;
  // value_ holds a whole value: takes `!important` off its end and hands it to handleDeclaration.
  // `known`, when given, is the property entry of `name`, already looked up
  // (by byteDeclarations); otherwise it is looked up here.
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
  // alone: its var() functions checked (values/Var.hpp; a malformed one
  // reported), then kept raw as a record for resolvePending.
  void addPending(const PropertyEntry& entry, std::uint32_t line, std::uint32_t col, const TokenRange& value,
                  bool important, const DeclTarget& block);
  // addPending's record of a value whose var() functions are well formed,
  // `text` the value as written (its first token to its last).
  void pushPending(const PropertyEntry& entry, std::uint32_t line, std::uint32_t col, std::string_view text,
                   bool important, const DeclTarget& block);
  // addPending on a value that starts with var(, read from the bytes at p
  // (after the colon and its gap) by the same check over a ByteCursor
  // (the name at `start` on line `ln`): one past where the token path
  // stops, or 0 with nothing written for anything the cursor refuses
  // (`!`, comments, escapes, strings, line breaks …) and any malformed
  // var(), which the token path reports.
  [[gnu::noinline]] std::size_t byteVar(const PropertyEntry& entry, std::size_t p, std::uint32_t ln,
                                        std::size_t ls, std::size_t start, const DeclTarget& block);
  // handleDeclaration for a one-token value that applyLoneValue reads, when
  // none of its checks would report; false (nothing done) otherwise.
  // `entry` is the property of `name` when known, else nullptr; it
  // receives the property looked up (nullptr if none was).
  bool applyLone(const Token& name, const Token& value, const DeclTarget& block, const BlockMode& mode,
                 const PropertyEntry*& entry);
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
  // What handleDeclaration does after a value, for one byteDeclarations
  // read by the property's own reader (entry.fromBytes): earlier var()
  // records shadowed, and a list's bookkeeping (the name at `start` on
  // line `ln`). Out of line: most blocks have neither.
  [[gnu::noinline]] void afterByteReader(const PropertyEntry& entry, std::uint32_t ln, std::size_t ls,
                                         std::size_t start, const DeclTarget& block);
  // What handleDeclaration does after applyDeclaration for the animation
  // and transition lists: a shorthand resets the longhands before it (and
  // says so), a longhand is noted. The name on `line`, column `col`.
  void listBookkeeping(const PropertyEntry& entry, bool important, Style& target, std::uint32_t line,
                       std::uint32_t col);
  // byteHandle with the name token made from its place.
  [[gnu::noinline]] void byteHandleName(std::size_t start, std::size_t nameEnd, bool afterWs,
                                        std::size_t lineStart, std::uint32_t line, const PropertyEntry* entry,
                                        std::size_t count, bool lone, bool hasVar, const DeclTarget& block,
                                        const BlockMode& mode);
  // `name` as nextDeclarationStart reads a name from `start` to `nameEnd` on `line`.
  void byteName(Token& name, std::size_t start, std::size_t nameEnd, bool afterWs, std::size_t lineStart,
                std::uint32_t line) const;
  // handleDeclaration for a value byteDeclarations read, as the token path
  // hands it over: `lone` (one token, the value loop skipped), `plain` (a
  // run of tokens without functions ended by `;`), or the value loop's.
  [[gnu::noinline]] void byteHandle(const Token& name, const PropertyEntry* entry, std::size_t count,
                                    bool lone, bool hasVar, const DeclTarget& block, const BlockMode& mode);

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
  std::uint32_t media_{kNoMedia};  // the innermost @media being read (StyleSheet::media)
  std::size_t groupDepth_{0};      // @media and @supports blocks open around the parser
  std::size_t ruleDepth_{0};       // nested style rules open around the parser (CSS Nesting)
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
  ByteValue byteValue_{};  // byteDeclarations' values for the value readers (parser/Cursor.hpp)
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

}  // namespace zenit::detail
