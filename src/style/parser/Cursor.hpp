// The value readers' input: a cursor over one declaration's value, a token
// at a time, with two implementations behind one interface.
//
// [SECTION] Failure
// [SECTION] TokenCursor
// [SECTION] ByteCursor
//
// Each value grammar is written once, as a template over the cursor
// (Values.hpp and the files of values/), and read from either input:
//  - TokenCursor: the tokens the tokenizer made (a TokenRange). It sees the
//    whole value, so a reader may count a list's items or a function's
//    arguments before it reads them (`kTokens`), and calc() reads here. With
//    kExplain it keeps why a value is invalid, for the diagnostic.
//  - ByteCursor: the source's bytes after a declaration's colon, lexed one
//    token at a time as the reader asks, by readValueToken (the tokenizer's
//    own reading of those tokens, field for field), up to where the token
//    path ends the value: `;` at the top level, or `}` in a block, or the
//    end of input. It never explains. What it does not lex (comments,
//    escapes, strings, line breaks, `!`, a stray `)`, brackets deeper than
//    ParseOptions::maxNesting) becomes a token no reader takes (`refused`),
//    and a reader that fails, on it or on anything else, leaves the value
//    to the token path, which reads it again and reports. So a value the
//    byte path writes is exactly what the token path would write.
//
// `kRare` says whether the cursor reads the rare forms: units other than
// px and em, calc(), the functions parseColor and parseEasing read from
// text, and everything that only says why a value is invalid. A reader
// compiled for a cursor without it (ByteCursor, and the TokenCursor of a
// one-token value, PropertyEntry::lone) keeps only the common forms,
// calls nothing out of line for the rest and refuses them; the complete
// reader (the token path) then reads them. Both are the same code: the
// rare branches are `if constexpr (Cur::kRare)`.
//
// The interface:
//   end()              the scope is over: the value, a list item, an argument
//   tok()              the current token (only when !end()); a ByteCursor's
//                      is overwritten by next(): copy what must outlive it
//   next()             past the current token
//   mark(), reset(m)   a place to come back to
//   place()            the current token, for a message to name (a
//                      ByteCursor's is nothing)
//   componentText(t)   the current component's source text (a function up to
//                      its `)`), and past it; false when refused
//   gapIsWhitespace()  nothing but whitespace (no comment) before tok()
//   lexeme()           tok()'s source bytes
//   refused()          tok() is one the cursor does not read (a ByteCursor's:
//                      it stays there); a reader that walks every token
//                      stops at it
//   quiet()            a cursor at the same place that explains nothing, for
//                      readers that try a component and go on when it fails
//   fail(why), failAt(place, why), warn(what)
//                      a reason, kept by an explaining cursor (`why` is
//                      called only then); fail* return false, warn returns
//                      whether the value is still taken (never, silently)
//   failedAt(place)    the reason just given, placed at another token
//   quote(), quote(p)  tok() (or the token at a place) as messages show it
//   list()             a comma list's count and first empty item, where the
//                      cursor can see them (a ByteCursor cannot: 0, none)
//   enterItem(), lastItem(), leaveItem()
//                      a scope of one list item; leaveItem says whether
//                      another follows (and is past its comma)
//   args(most), enterArgs(), enterArg(), leaveArg(), leaveArgs()
//                      a function's arguments, one scope each
//
// Scopes are the cursor's own state, not objects that refer to it, and
// readers hand it no lambdas to call: a ByteCursor's address must never
// be taken. The readers are small templates forced inline
// (ZENIT_ALWAYS_INLINE) into the one function that reads a property's
// value from the bytes, so that its cursor lives in registers: an
// out-of-line call would take its address and keep it in memory for the
// whole function.
//
// Readers restore the cursor's place when they fail, so that a failed
// attempt can be followed by another reading of the same component.
#pragma once

#include "../ParserInternal.hpp"
#include "../TokenizerInternal.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace zenit::detail {

// ---------------------------------------------------------------------------
// [SECTION] Failure
// ---------------------------------------------------------------------------

// Why a value is invalid, as an explaining reader says it: the message and
// the token it is reported at (nullptr: the value's first token), and a
// valid value's caveat (reported as a warning).
struct Failure {
  std::string why;
  const Token* at{nullptr};
  std::string warning;
};

// A comma list as a cursor sees it before reading it: how many items (0:
// unknown) and where the first empty one is (a stray comma).
template <class Place>
struct ListInfo {
  std::size_t count;
  std::optional<Place> firstEmpty;
};
// A function's arguments the same way: whether there are 1 to `most` (or
// the count is unknown), and whether one is empty.
struct ArgsInfo {
  bool countOk;
  bool anyEmpty;
  std::size_t count;  // 0: unknown
};

// ---------------------------------------------------------------------------
// [SECTION] TokenCursor
// ---------------------------------------------------------------------------

template <bool kExplain, bool kRareToo = true>
class TokenCursor {
 public:
  static constexpr bool kTokens = true;  // the whole value is at hand: lookahead, calc()
  static constexpr bool kExplains = kExplain;
  static constexpr bool kRare = kRareToo;
  using Mark = const Token*;
  using Place = const Token*;  // a token messages name

  explicit TokenCursor(const TokenRange& r, Failure* failure = nullptr, PropertyCache* names = nullptr)
      : b_(r.b), p_(r.b), e_(r.e), src_(r.src), failure_(failure), names_(names) {}

  bool end() const { return p_ >= e_; }
  const Token& tok() const { return *p_; }
  void next() { ++p_; }
  Mark mark() const { return p_; }
  void reset(Mark m) { p_ = m; }
  Place place() const { return p_; }
  static constexpr bool refused() { return false; }  // (it reads every token)

  // The scope's tokens, from the cursor on; the whole value's.
  TokenRange range() const { return TokenRange{p_, e_, src_}; }
  TokenRange whole() const { return TokenRange{b_, e_, src_}; }
  PropertyCache* names() const { return names_; }
  ZENIT_ALWAYS_INLINE std::string_view lexeme() const {
    return std::string_view(src_.data() + p_->begin, p_->end - p_->begin);
  }
  bool componentText(std::string_view& text) {
    const Token* e = range().componentEnd(p_);
    text = range().text(p_, e);
    p_ = e;
    return true;
  }
  // Only called past a function's token (which is then before p_).
  bool gapIsWhitespace() const {
    for (std::uint32_t k = (p_ - 1)->end; k < p_->begin; ++k) {
      const char c = src_[k];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f') return false;
    }
    return true;
  }
  TokenCursor<false> quiet() const {
    TokenCursor<false> q(whole(), nullptr, names_);
    q.p_ = p_;
    return q;
  }
  template <bool E, bool R>
  void follow(const TokenCursor<E, R>& q) {  // at the quiet cursor's place
    p_ = q.p_;
  }

  // (Reasons are taken by value: a silent cursor drops them, and with them
  // the reference they hold to the cursor.)
  template <class Why>
  bool fail(Why why) {
    if constexpr (kExplain) {
      failure_->why = why();
      failure_->at = nullptr;
    }
    return false;
  }
  template <class Why>
  bool failAt(Place at, Why why) {
    if constexpr (kExplain) {
      failure_->why = why();
      failure_->at = at;
    }
    return false;
  }
  template <class What>
  bool warn(What what) {
    if constexpr (kExplain) failure_->warning = what();
    return kExplain;
  }
  // The failure a reader just said, placed at `at` instead; false.
  bool failedAt(Place at) {
    if constexpr (kExplain) failure_->at = at;
    return false;
  }
  // An explaining cursor at the same place that keeps its reason in
  // `failure`: a reader that words a message by trying another reading.
  TokenCursor<true> probe(Failure* failure) const {
    TokenCursor<true> q(whole(), failure, names_);
    q.p_ = p_;
    return q;
  }
  std::string quote() const { return detail::quote(range(), p_); }
  std::string quote(Place at) const { return detail::quote(TokenRange{at, e_, src_}, at); }
  // The source text from the token at `from` to the end of the one at `last`.
  std::string_view text(Place from, Place last) const { return range().text(from, last + 1); }

  // A comma list's items (CSS's `#`), split where the scope has a comma
  // outside any function or bracket.
  ListInfo<Place> list() const {
    RangeList items;
    range().splitCommas(items);
    for (const TokenRange& it : items)
      if (it.empty()) return {items.size(), it.b < e_ ? it.b : e_ - 1};
    return {items.size(), std::nullopt};
  }
  bool enterItem() {
    listEnd_ = e_;
    return enterPart(listEnd_);
  }
  bool lastItem() const { return e_ == listEnd_; }
  bool leaveItem() { return leavePart(listEnd_, listEnd_); }

  // The function at the cursor's arguments: their count (at most `most`)
  // and whether one is empty, for the messages that come before reading
  // them.
  ArgsInfo args(std::size_t most) const {
    const auto [close, innerEnd] = functionEnds();
    const TokenRange inner{p_ + 1, innerEnd, src_};
    RangeList args;
    if (!inner.empty()) inner.splitCommas(args);
    bool anyEmpty = false;
    for (const TokenRange& a : args) anyEmpty = anyEmpty || a.empty();
    (void)close;
    return ArgsInfo{!args.empty() && args.size() <= most, anyEmpty, args.size()};
  }
  bool enterArgs() {
    const auto [close, innerEnd] = functionEnds();
    fnEnd_ = close;
    argsOuter_ = e_;
    argsEnd_ = innerEnd;
    ++p_;
    return true;
  }
  bool enterArg() { return enterPart(argsEnd_); }
  bool leaveArg() { return leavePart(argsOuter_, argsEnd_); }
  void leaveArgs() { p_ = fnEnd_; }

 private:
  template <bool, bool>
  friend class TokenCursor;
  // A list item or an argument: the scope narrowed to the tokens from p_
  // to the first comma before `end` outside any function or bracket (or to
  // `end`); false when there are none.
  bool enterPart(const Token* end) {
    const Token* q = p_;
    while (q < end && q->type != TokenType::Comma) q = TokenRange{q, end, src_}.componentEnd(q);
    e_ = q;
    return p_ < e_;
  }
  // Past the part and the comma after it, in the scope ending at `outer`;
  // false when the part ended at `end` (no comma follows).
  bool leavePart(const Token* outer, const Token* end) {
    p_ = e_;
    e_ = outer;
    if (p_ >= end) return false;
    ++p_;  // the comma
    return true;
  }
  // One past the function at p_ (an unclosed one ends with the scope, as
  // CSS closes it), and its arguments' end (its `)`).
  std::pair<const Token*, const Token*> functionEnds() const {
    const Token* close = range().componentEnd(p_);
    const Token* innerEnd =
        (close > p_ + 1 && (close - 1)->type == TokenType::RightParen) ? close - 1 : close;
    return {close, innerEnd};
  }

  const Token* b_;
  const Token* p_;
  const Token* e_;
  std::string_view src_;
  Failure* failure_;
  PropertyCache* names_;
  const Token* listEnd_{nullptr};
  const Token* fnEnd_{nullptr};
  const Token* argsOuter_{nullptr};
  const Token* argsEnd_{nullptr};
};

// ---------------------------------------------------------------------------
// [SECTION] ByteCursor
// ---------------------------------------------------------------------------

// How a ByteCursor sees a byte between tokens: a blank it skips (space,
// tab), a byte that may end the value (`;`, `}`), or any other (a token's
// first, or one it refuses). One load a byte, not a compare for each.
enum : std::uint8_t { kTokenByte = 0, kBlankByte = 1, kStopByte = 2 };
inline constexpr std::array<std::uint8_t, 256> kGapBytes = [] {
  std::array<std::uint8_t, 256> t{};
  t[' '] = t['\t'] = kBlankByte;
  t[';'] = t['}'] = kStopByte;
  return t;
}();

class ByteCursor {
 public:
  static constexpr bool kTokens = false;
  static constexpr bool kExplains = false;
  static constexpr bool kRare = false;
  // Where the current token starts, as lex() read it: reset() reads it
  // again. (Small, so that a reader's marks keep the cursor in registers.)
  struct Mark {
    std::size_t at;       // the token's first byte
    std::size_t stop;     // at the value's end: where the token path stops
    std::uint32_t depth;  // functions and parentheses open before it
    bool afterWs;         // spaces or tabs before it
    bool end;             // the value's end
  };
  struct Place {};  // nothing: a ByteCursor names no token in a message

  // At the value's first token (the first after spaces and tabs). An empty
  // value is refused: the token path reports it.
  ZENIT_ALWAYS_INLINE explicit ByteCursor(const ByteValue& v)
      : d_(v.src.data()), n_(v.src.size()), inBlock_(v.inBlock), maxDepth_(v.maxDepth), names_(v.names) {
    std::size_t k = v.at;
    while (k < n_ && kGapBytes[static_cast<unsigned char>(d_[k])] == kBlankByte) ++k;
    lex(k, k != v.at);
  }

  // The value's end, or the scope's: a comma in an item (outside any
  // function), a comma or the function's `)` in an argument (lex() decides).
  ZENIT_ALWAYS_INLINE bool end() const { return ends_ != 0; }
  ZENIT_ALWAYS_INLINE const Token& tok() const { return t_; }
  ZENIT_ALWAYS_INLINE void next() {
    const std::size_t from = e_;
    std::size_t k = from;
    std::uint8_t gap = kTokenByte;
    while (k < n_ && (gap = kGapBytes[static_cast<unsigned char>(d_[k])]) == kBlankByte) ++k;
    if ((k >= n_ || gap == kStopByte) && depth_ == 0) {
      // The value's end, as the token path's value loop sees it.
      if (k >= n_) return finish(k);
      if (d_[k] == ';') return finish(k + 1);
      if (inBlock_) return finish(from);  // `}`
    }
    lex(k, k != from);
  }
  // (The token's start, and the gap and depth before it, are the token's:
  // no state is kept for marks.)
  ZENIT_ALWAYS_INLINE Mark mark() const {
    std::uint32_t before = depth_;
    if (t_.type == TokenType::Function || t_.type == TokenType::LeftParen)
      --before;
    else if (t_.type == TokenType::RightParen)
      ++before;
    return Mark{t_.begin, stop_, before, (t_.flags & Token::kAfterWhitespace) != 0, (ends_ & kValueEnd) != 0};
  }
  ZENIT_ALWAYS_INLINE void reset(const Mark& m) {
    stop_ = m.stop;
    if (m.end) {
      ends_ = kValueEnd;
    } else {
      depth_ = m.depth;
      lex(m.at, m.afterWs);
    }
  }
  static Place place() { return {}; }

  // After end(): one past where the token path stops (after `;`, or before
  // the gap before `}` or the end of input).
  std::size_t stop() const { return stop_; }
  // Whether a token was refused (the cursor then stays on it).
  bool refused() const { return t_.type == kRefused; }
  // One past the current token; after end(), one past the value's last.
  std::size_t tokenEnd() const { return e_; }
  PropertyCache* names() const { return names_; }
  ZENIT_ALWAYS_INLINE std::string_view lexeme() const {
    return std::string_view(d_ + t_.begin, t_.end - t_.begin);
  }
  ZENIT_ALWAYS_INLINE bool componentText(std::string_view& text) {
    const std::uint32_t begin = t_.begin;
    if (t_.type == TokenType::Function || t_.type == TokenType::LeftParen) {
      const std::uint32_t outer = depth_ - 1;
      do {
        next();
        if (refused()) return false;
      } while (!(t_.type == TokenType::RightParen && depth_ == outer));
    } else if (refused()) {
      return false;
    }
    text = std::string_view(d_ + begin, t_.end - begin);
    next();
    return true;
  }
  // Only spaces and tabs are skipped here: anything else is refused.
  static bool gapIsWhitespace() { return true; }
  ZENIT_ALWAYS_INLINE ByteCursor& quiet() { return *this; }
  static void follow(const ByteCursor&) {}  // quiet() is the cursor itself

  template <class Why>
  static bool fail(Why) {
    return false;
  }
  template <class Why>
  static bool failAt(Place, Why) {
    return false;
  }
  template <class What>
  static bool warn(What) {
    return false;
  }
  static bool failedAt(Place) { return false; }
  static std::string quote() { return {}; }
  static std::string quote(Place) { return {}; }
  static std::string_view text(Place, Place) { return {}; }

  // Items and arguments are read as they come: their count, and an empty
  // one (refused when met), are only known on the way.
  static ListInfo<Place> list() { return {0, std::nullopt}; }
  ZENIT_ALWAYS_INLINE bool enterItem() {
    inItem_ = true;
    if (depth_ == 0 && t_.type == TokenType::Comma) ends_ |= kScopeEnd;
    return !end();
  }
  ZENIT_ALWAYS_INLINE bool lastItem() const { return (ends_ & kValueEnd) != 0; }
  ZENIT_ALWAYS_INLINE bool leaveItem() {
    inItem_ = false;
    if (ends_ & kValueEnd) return false;
    next();  // the comma
    return true;
  }
  static ArgsInfo args(std::size_t) { return ArgsInfo{true, false, 0}; }
  ZENIT_ALWAYS_INLINE bool enterArgs() {
    argDepth_ = depth_;
    next();
    return true;
  }
  ZENIT_ALWAYS_INLINE bool enterArg() { return !end(); }
  ZENIT_ALWAYS_INLINE bool leaveArg() {
    const bool more = t_.type == TokenType::Comma;  // else the function's `)`
    if (more) next();
    return more;
  }
  ZENIT_ALWAYS_INLINE void leaveArgs() {
    argDepth_ = 0;
    next();  // past the `)`
  }

 private:
  // The type of a refused token: one no reader takes.
  static constexpr TokenType kRefused = TokenType::BadUrl;

  ZENIT_ALWAYS_INLINE void finish(std::size_t stop) {
    ends_ = kValueEnd;
    stop_ = stop;
  }
  // The token at k. Refused: what readValueToken does not read, the end of
  // input inside a function, `!` (`!important` is the declaration's), a
  // `)` that closes nothing, and brackets deeper than the limit. A refused
  // token is read again by next(), and refused again: the cursor stays.
  ZENIT_ALWAYS_INLINE void lex(std::size_t k, bool afterWs) {
    ends_ = 0;
    const std::size_t e = k < n_ ? readValueToken<false>(d_, n_, k, 0, 0, afterWs, t_) : 0;
    if (e == 0) return refuse(k, afterWs);
    // Most tokens are none of these: one mask test.
    constexpr std::uint32_t kWatched =
        Tokenizer::typeBit(TokenType::Function) | Tokenizer::typeBit(TokenType::LeftParen) |
        Tokenizer::typeBit(TokenType::RightParen) | Tokenizer::typeBit(TokenType::Delim) |
        Tokenizer::typeBit(TokenType::Comma);
    if (Tokenizer::typeBit(t_.type) & kWatched) {
      if (t_.type == TokenType::Comma) {
        if ((inItem_ && depth_ == 0) || (argDepth_ != 0 && depth_ == argDepth_)) ends_ = kScopeEnd;
      } else if (t_.type == TokenType::RightParen) {
        if (depth_ == 0) return refuse(k, afterWs);
        --depth_;
        if (argDepth_ != 0 && depth_ + 1 == argDepth_) ends_ = kScopeEnd;
      } else if (t_.type == TokenType::Delim) {
        if (t_.text[0] == '!') return refuse(k, afterWs);
      } else if (++depth_ > maxDepth_) {
        --depth_;  // (as it was before the token: mark() counts it back)
        return refuse(k, afterWs);
      }
    }
    e_ = e;
  }
  // A refused token keeps its place and gap, for mark() and next().
  ZENIT_ALWAYS_INLINE void refuse(std::size_t k, bool afterWs) {
    t_.type = kRefused;
    t_.begin = static_cast<std::uint32_t>(k);
    t_.flags = afterWs ? Token::kAfterWhitespace : 0;
  }

  const char* d_;
  std::size_t n_;
  bool inBlock_;
  std::size_t maxDepth_;
  PropertyCache* names_;
  Token t_;                    // the current token
  std::size_t e_{0};           // one past it: where the next is read
  std::size_t stop_{0};        // at the value's end: where the token path stops
  std::uint32_t depth_{0};     // functions and parentheses open after it
  std::uint32_t argDepth_{0};  // in an argument: its function's depth (0: none)
  // end(): the value's end, or the scope's (a comma or `)` that ends an
  // item or argument), in one byte for one test.
  static constexpr std::uint8_t kValueEnd = 1, kScopeEnd = 2;
  std::uint8_t ends_{0};
  bool inItem_{false};  // in a list item
};

}  // namespace zenit::detail
