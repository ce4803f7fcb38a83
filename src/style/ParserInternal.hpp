// Internals shared by the parser's translation units: the reporter, token
// ranges, the property table and the value parsers. Not installed.
#pragma once

#include "core/Ascii.hpp"
#include "core/CssUnits.hpp"

#include <zenit/core/Config.hpp>
#include <zenit/core/Diagnostic.hpp>
#include <zenit/style/Parser.hpp>
#include <zenit/style/Style.hpp>
#include <zenit/style/Tokenizer.hpp>

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace zenit::detail {

// ---------------------------------------------------------------------------
// Token tests
// ---------------------------------------------------------------------------

template <std::size_t N>
ZENIT_ALWAYS_INLINE bool isWord(const Token& t, const char (&lower)[N]) {
  return t.type == TokenType::Ident && wordIs(t.text, lower);
}
ZENIT_ALWAYS_INLINE bool isDelimiter(const Token& t, char c) {
  return t.type == TokenType::Delim && t.text.size() == 1 && t.text[0] == c;
}

// Collects diagnostics for one sheet (or one declaration) and logs them.
struct Reporter {
  std::vector<Diagnostic>* out{nullptr};
  std::string file;
  bool logIt{true};
  std::uint32_t fixedLine{0};  // when non-zero, every report is placed at fixedLine:fixedCol
  std::uint32_t fixedCol{0};

  void report(Severity s, std::uint32_t line, std::uint32_t col, std::string message) const {
    if (fixedLine) {
      line = fixedLine;
      col = fixedCol;
    }
    Diagnostic d{s, file, line, col, std::move(message)};
    if (logIt) log(d);
    if (out) out->push_back(std::move(d));
  }
  void error(const Token& at, std::string m) const { report(Severity::Error, at.line, at.col, std::move(m)); }
  void warn(const Token& at, std::string m) const {
    report(Severity::Warning, at.line, at.col, std::move(m));
  }
};

struct TokenRange;
class RangeList;

// A run of tokens without whitespace; `src` is the source they point into.
struct TokenRange {
  const Token* b{nullptr};
  const Token* e{nullptr};
  std::string_view src;

  bool empty() const { return b == e; }
  std::size_t size() const { return static_cast<std::size_t>(e - b); }
  // One past the component starting at `t`: a function or (, [, { block ends after its match.
  const Token* componentEnd(const Token* t) const;
  // Raw source text from the first byte of `from` to the last byte of `to - 1`.
  std::string_view text(const Token* from, const Token* to) const {
    if (from >= to) return {};
    return src.substr(from->begin, (to - 1)->end - from->begin);
  }
  std::string_view text() const { return text(b, e); }
  // Splits at top-level commas; an empty item (leading, trailing, doubled comma) is kept empty.
  RangeList splitCommas() const;
  void splitCommas(RangeList& out) const;  // into `out`, which must be empty
};

// The items of a comma list: up to 8 inline, so the common case allocates nothing.
class RangeList {
 public:
  static constexpr std::size_t kInline = 8;
  RangeList() {}  // NOLINT(modernize-use-equals-default): the inline items stay unwritten until pushed
  void push_back(const TokenRange& r) {
    if (n_ < kInline)
      inline_.items[n_] = r;
    else
      more_.push_back(r);
    ++n_;
  }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const TokenRange& operator[](std::size_t i) const {
    return i < kInline ? inline_.items[i] : more_[i - kInline];
  }

  struct const_iterator {
    const RangeList* list;
    std::size_t i;
    const TokenRange& operator*() const { return (*list)[i]; }
    const TokenRange* operator->() const { return &(*list)[i]; }
    const_iterator& operator++() {
      ++i;
      return *this;
    }
    bool operator!=(const const_iterator& o) const { return i != o.i; }
    bool operator==(const const_iterator& o) const { return i == o.i; }
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, n_}; }

 private:
  // Written only as items are pushed: a list is built for every list value,
  // and most have one or two items.
  union Inline {
    Inline() {}  // NOLINT(modernize-use-equals-default): no item is constructed here
    TokenRange items[kInline];
  };
  Inline inline_;
  std::vector<TokenRange> more_;
  std::size_t n_{0};
};

// "`abc`" for messages: the token's text, shortened (quoteText, core/Ascii.hpp).
std::string quote(const TokenRange& r, const Token* t);

// ---------------------------------------------------------------------------
// Fast paths
// ---------------------------------------------------------------------------

// The parser's fast paths that read bytes instead of tokens. Each one
// hands anything it does not read to the general path, having changed
// nothing, so turning one off changes no result: tests parse the same text
// with and without it and require the same sheet.
struct FastPaths {
  bool declarations{true};  // declarations of the tokens readValueToken reads, read from the bytes
  bool keyframes{true};     // keyframe selectors (`0%, to {`) read from the bytes, and read into their entry
  bool selectors{true};     // style rules' selector lists read from the bytes
};

// parseStyleSheet and parseStyleAttribute with some fast paths turned off.
StyleSheet parseStyleSheet(std::string_view text, const ParseOptions& options, const FastPaths& paths);
DeclarationBlock parseStyleAttribute(std::string_view text, std::vector<Diagnostic>* diagnostics,
                                     std::string_view fileName, const FastPaths& paths);

// ---------------------------------------------------------------------------
// Property table
// ---------------------------------------------------------------------------

// What a declaration name does. Rows dispatch on their Prop; the rest on Handler.
enum class Handler : std::uint8_t {
  Row,  // a BUBBLE_STYLE_PROPS row by its own name
  Transform,
  Translate,
  Scale,
  TransformOrigin,
  Gap,
  Inset,
  Border,
  BorderStyle,
  Outline,
  OutlineStyle,
  RadiusCorner,  // border-*-*-radius (side = corner index)
  PaddingSide,   // padding-* (side index)
  MarginSide,    // margin-*
  Flex,
  Background,
  AnimationName,
  AnimationDuration,
  AnimationTimingFunction,
  AnimationDelay,
  AnimationIterationCount,
  AnimationDirection,
  AnimationFillMode,
  AnimationPlayState,
  TransitionProperty,
  TransitionDuration,
  TransitionTimingFunction,
  TransitionDelay,
  TransitionBehavior,
};

// Writes a one-token value of one property as applyLoneValue does (see
// there); false, with `out` untouched, when it would not. `src` is the
// source the token's offsets point into.
using LoneWriter = bool (*)(const Token& value, std::string_view src, Style& out);

class PropertyCache;
// Where a ByteCursor (parser/Cursor.hpp) reads: a declaration's value in
// the sheet's source.
struct ByteValue {
  std::string_view src;
  std::size_t at;        // one past the declaration's colon
  bool inBlock;          // `}` ends the value (else it is a style attribute's, to the end of input)
  std::size_t maxDepth;  // ParseOptions::maxNesting (at least 1)
  PropertyCache* names;  // the parser's memo of property names
};
// Reads a value of one property from the bytes and writes it; one past
// where the token path stops, or 0 with nothing written (parser/Values.hpp).
using ByteReader = std::size_t (*)(const ByteValue& v, Style& out);

struct PropertyEntry {
  std::string_view name;
  Handler handler;
  Prop row;           // Handler::Row
  std::uint8_t side;  // *Side, RadiusCorner
  PropSet sets;       // rows written
  LoneWriter lone;    // applyLoneValue for this property: nullptr when it reads no one-token value
  // How the byte path reads its value, if it does: through fromBytes
  // (Color: when the value starts with `r`; other colours are the lone
  // writer's). List is set on exactly the animation and transition lists,
  // shorthands and longhands (the properties with a shorthand's
  // bookkeeping).
  enum class Bytes : std::uint8_t { None, Color, List, Reader } bytes{Bytes::None};
  ByteReader fromBytes{nullptr};  // the property's reader over a ByteCursor (parser/Values.hpp), if any
};

// The LoneWriter and ByteReader of a property (PropertyTable.cpp fills entries with them).
LoneWriter loneWriterOf(Handler h, Prop row, std::uint8_t side);
ByteReader byteReaderOf(Handler h, Prop row);

const PropertyEntry* findProperty(std::string_view name);  // ASCII case-insensitive; nullptr if unknown
const std::vector<PropertyEntry>& propertyTable();
constexpr bool isAnimationLonghand(Handler h) {
  return h >= Handler::AnimationName && h <= Handler::AnimationPlayState;
}
constexpr bool isTransitionLonghand(Handler h) {
  return h >= Handler::TransitionProperty && h <= Handler::TransitionBehavior;
}
// Whether `currentcolor` stands at the top level of a value (where the
// cascade can give it the element's color; Declarations.cpp).
bool hasCurrentColor(const TokenRange& value);

// Whether `inherit` and `unset` of this property are kept for the cascade
// (every property but the animation and transition lists and longhands).
constexpr bool takesInherit(const PropertyEntry& e) {
  return !isAnimationLonghand(e.handler) && !isTransitionLonghand(e.handler) &&
         !e.sets.test(Prop::animations) && !e.sets.test(Prop::transitions);
}

// ---------------------------------------------------------------------------
// Value parsing
// ---------------------------------------------------------------------------

// Where value problems are reported: the property name for messages, and the reporter.
struct ValueContext {
  const Reporter* rep{nullptr};
  std::string_view property;  // as written, for messages
  const Token* nameTok{nullptr};
  bool inKeyframes{false};
  PropertyCache* names{nullptr};  // the parser's memo of findProperty, for names inside values (or none)
};

// findProperty(name), through `names` (the parser's memo: the same answer)
// when there is one. Defined in parser/Declarations.cpp.
const PropertyEntry* findPropertyIn(PropertyCache* names, std::string_view name);

// Parses `value` (non-empty, no whitespace, no !important) of `entry` into
// `out`. On an invalid value reports an error and returns false, leaving
// `out` untouched.
bool applyDeclaration(const PropertyEntry& entry, const TokenRange& value, Style& out,
                      const ValueContext& ctx);

// A one-token value (`10px`, `50%`, `0`, `1.5em`, `#f00`, a named colour,
// a keyword, a number) of a row, one side, `inset` or `background`, read
// by the property's reader (its common forms: parser/Cursor.hpp) and
// written into `out` exactly as applyDeclaration writes it. False, with
// `out` untouched and nothing reported, for any other token or property,
// a rare form and any value applyDeclaration would reject: the caller then
// asks it. Through entry.lone, a writer made for the property (no dispatch).
inline bool applyLoneValue(const PropertyEntry& entry, const Token& value, std::string_view src, Style& out) {
  return entry.lone != nullptr && entry.lone(value, src, out);
}

// Whether a number fits a float (finite, within FLT_MAX): the check every
// value reader makes before narrowing.
[[gnu::always_inline]] inline bool finiteFloat(double v) {
  return std::isfinite(v) && std::fabs(v) <= static_cast<double>(FLT_MAX);
}

// initial inherit unset revert revert-layer. Asked of nearly every
// one-token value, inline: reject by type, length and first byte (i, u or
// r in either case) before comparing text.
ZENIT_ALWAYS_INLINE bool isCssWideKeyword(const Token& t) {
  if (t.type != TokenType::Ident) return false;
  const std::size_t n = t.text.size();
  if (n < 5 || n > 12) return false;
  const char c = static_cast<char>(t.text[0] | 0x20);
  if (c == 'i') return wordIs(t.text, "initial") || wordIs(t.text, "inherit");
  if (c == 'u') return wordIs(t.text, "unset");
  if (c == 'r') return wordIs(t.text, "revert") || wordIs(t.text, "revert-layer");
  return false;
}

// Transition property name -> TransitionRef fields (known, all, prop,
// written name normalised; parser/values/Lists.cpp). `names`: as
// ValueContext::names.
void describeTransitionProperty(std::string_view written, TransitionRef& ref, PropertyCache* names = nullptr);

}  // namespace zenit::detail
