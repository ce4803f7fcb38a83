// The value readers' input: a cursor over one declaration's value, a token
// at a time, with two implementations behind one interface.
//
// [SECTION] Failure
// [SECTION] TokenCursor
// [SECTION] ByteCursor
//
// Each value grammar is written once, as a template over the cursor
// (Values.hpp and the files it lists), and read from either input:
//  - TokenCursor: the tokens the tokenizer made (a TokenRange). It sees the
//    whole value, so a reader may count a list's items or a function's
//    arguments before it reads them (`kTokens`), and calc() reads here. With
//    kExplain it keeps why a value is invalid, for the diagnostic.
//    Without kRareToo it is a one-token value's (PropertyEntry::lone), read
//    as the bytes are (below): a rare form is refused.
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
// px and em, calc(), colour and easing functions parseColor and
// parseEasing read from text, and everything that only says why a value
// is invalid. A reader compiled for a cursor without it keeps only the
// common forms inline, calls nothing out of line for the rest, and refuses
// them; the complete reader (the token path) reads them. Both are the same
// code: the rare branches are `if constexpr (Cur::kRare)`.
//
// The interface, common to both (and to ByteCursor's scopes):
//   end()              the scope is over: the value, a list item, an argument
//   tok()              the current token (only when !end()); a ByteCursor's
//                      is overwritten by next(): copy what must outlive it
//   next()             past the current token
//   mark(), reset(m)   a place to come back to (a ByteCursor's is its whole state)
//   place()            the current token, for a message to name (a
//                      ByteCursor's is nothing)
//   componentText(t)   the current component's source text (a function up to
//                      its `)`), and past it; false when refused
//   gapIsWhitespace()  nothing but whitespace (no comment) before tok()
//   lexeme()           tok()'s source bytes
//   quiet()            a cursor at the same place that explains nothing, for
//                      readers that try a component and go on when it fails
//   fail(why), failAt(place, why), warn(what)
//                      a reason, kept by an explaining cursor (`why` is
//                      called only then); fail* return false, warn returns
//                      whether the value is still taken (never, silently)
//   quote(), quote(p)  tok() (or the token at a place) as messages show it
//   Items, Args        a comma list's items and a function's arguments,
//                      each read with a cursor scoped to it (see each())
//
// Readers restore the cursor's place when they fail, so that a failed
// attempt can be followed by another reading of the same component.
#pragma once

#include "../ParserInternal.hpp"
#include "../TokenizerInternal.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#if defined(__GNUC__)
#define ZENIT_ALWAYS_INLINE [[gnu::always_inline]] inline
#else
#define ZENIT_ALWAYS_INLINE inline
#endif

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

  TokenRange range() const { return TokenRange{b_, e_, src_}; }
  PropertyCache* names() const { return names_; }
  std::string_view lexeme() const { return src_.substr(p_->begin, p_->end - p_->begin); }
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
    TokenCursor<false> q(range(), nullptr, names_);
    q.reset(p_);
    return q;
  }

  // (The reasons are taken by value: a silent cursor drops them, and with
  // them the reference they hold to the cursor, which can then live in
  // registers.)
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
  std::string quote() const { return detail::quote(range(), p_); }
  std::string quote(Place at) const { return detail::quote(range(), at); }
  // The source text from the token at `from` to the end of the one at `last`.
  std::string_view text(Place from, Place last) const { return range().text(from, last + 1); }

  // A comma list's items (CSS's `#`), split where the list has a comma
  // outside any function or bracket; each() reads them in order with a
  // cursor over each.
  class Items {
   public:
    explicit Items(const TokenCursor& list) : list_(list) { list.range().splitCommas(items_); }
    std::size_t count() const { return items_.size(); }  // 0: unknown (never, here)
    // Where the first empty item is (a stray comma): its first token, or
    // the list's last for one at the end.
    std::optional<Place> firstEmpty() const {
      for (const TokenRange& it : items_)
        if (it.empty()) return it.b < list_.e_ ? it.b : list_.e_ - 1;
      return std::nullopt;
    }
    template <class Read>
    bool each(Read&& read) {
      for (i_ = 0; i_ < items_.size(); ++i_) {
        TokenCursor item(items_[i_], list_.failure_, list_.names_);
        if (!read(item)) return false;
      }
      return true;
    }
    bool atLast() const { return i_ + 1 >= items_.size(); }  // in each(): the item read is the last

   private:
    const TokenCursor& list_;
    RangeList items_;
    std::size_t i_{0};
  };

  // The arguments of the function at the cursor (its token), at most
  // `most`, each read with a cursor over it; the cursor is then past the
  // function (an unclosed one ends with the value, as CSS closes it).
  class Args {
   public:
    Args(TokenCursor& c, std::size_t most) : c_(c), most_(most) {
      const TokenRange r = c.range();
      const Token* close = r.componentEnd(c.p_);
      const Token* innerEnd =
          (close > c.p_ + 1 && (close - 1)->type == TokenType::RightParen) ? close - 1 : close;
      const TokenRange inner{c.p_ + 1, innerEnd, r.src};
      if (!inner.empty()) inner.splitCommas(args_);
      after_ = close;
    }
    bool countOk() const { return !args_.empty() && args_.size() <= most_; }
    bool anyEmpty() const {
      for (const TokenRange& a : args_)
        if (a.empty()) return true;
      return false;
    }
    std::size_t count() const { return args_.size(); }
    // read(argument cursor, index); each argument must be read to its end.
    template <class Read>
    bool each(Read&& read) {
      for (std::size_t i = 0; i < args_.size(); ++i) {
        TokenCursor arg(args_[i], c_.failure_, c_.names_);
        if (!read(arg, i)) return false;
        if (!arg.end()) return arg.fail([&] { return "unexpected " + arg.quote() + " after the value"; });
      }
      c_.p_ = after_;
      return true;
    }

   private:
    TokenCursor& c_;
    std::size_t most_;
    RangeList args_;
    const Token* after_{nullptr};
  };

 private:
  template <bool, bool>
  friend class TokenCursor;
  const Token* b_;
  const Token* p_;
  const Token* e_;
  std::string_view src_;
  Failure* failure_;
  PropertyCache* names_;
};

// ---------------------------------------------------------------------------
// [SECTION] ByteCursor
// ---------------------------------------------------------------------------

// Where a ByteCursor reads: a declaration's value in the sheet's source.
struct ByteValue {
  std::string_view src;
  std::size_t at;        // one past the declaration's colon
  bool inBlock;          // `}` ends the value (else it is a style attribute's, to the end of input)
  std::size_t maxDepth;  // ParseOptions::maxNesting (at least 1)
  PropertyCache* names;  // the parser's memo of property names
};

template <class Stop>
class ByteScope;

class ByteCursor {
 public:
  static constexpr bool kTokens = false;
  static constexpr bool kExplains = false;
  static constexpr bool kRare = false;
  struct Mark {
    std::size_t e;     // one past the current token: where the next is read
    std::size_t stop;  // at the value's end: where the token path stops
    Token t;
    std::uint32_t depth;  // functions and parentheses open before the next token
    bool end;
  };
  struct Place {};  // nothing: a ByteCursor names no token in a message

  // At the value's first token (the first after spaces and tabs). An empty
  // value is refused: the token path reports it.
  ZENIT_ALWAYS_INLINE explicit ByteCursor(const ByteValue& v)
      : d_(v.src.data()), n_(v.src.size()), inBlock_(v.inBlock), maxDepth_(v.maxDepth), names_(v.names) {
    s_.e = v.at;
    s_.stop = 0;
    s_.depth = 0;
    s_.end = false;
    std::size_t k = v.at;
    while (k < n_ && (d_[k] == ' ' || d_[k] == '\t')) ++k;
    lex(k, k != v.at);
  }

  bool end() const { return s_.end; }
  const Token& tok() const { return s_.t; }
  ZENIT_ALWAYS_INLINE void next() {
    const std::size_t from = s_.e;
    std::size_t k = from;
    while (k < n_ && (d_[k] == ' ' || d_[k] == '\t')) ++k;
    if (s_.depth == 0) {
      // The value's end, as the token path's value loop sees it.
      if (k >= n_) return finish(k);
      if (d_[k] == ';') return finish(k + 1);
      if (d_[k] == '}' && inBlock_) return finish(from);
    }
    lex(k, k != from);
  }
  Mark mark() const { return s_; }
  void reset(const Mark& m) { s_ = m; }
  static Place place() { return {}; }

  // After end(): one past where the token path stops (after `;`, or before
  // the gap before `}` or the end of input).
  std::size_t stop() const { return s_.stop; }
  // Whether a token was refused (the cursor then stays on it).
  bool refused() const { return s_.t.type == kRefused; }
  std::uint32_t depth() const { return s_.depth; }
  PropertyCache* names() const { return names_; }
  std::string_view lexeme() const { return std::string_view(d_ + s_.t.begin, s_.t.end - s_.t.begin); }
  bool componentText(std::string_view& text) {
    const std::uint32_t begin = s_.t.begin;
    if (s_.t.type == TokenType::Function || s_.t.type == TokenType::LeftParen) {
      const std::uint32_t outer = s_.depth - 1;
      do {
        next();
        if (refused()) return false;
      } while (!(s_.t.type == TokenType::RightParen && s_.depth == outer));
    } else if (refused()) {
      return false;
    }
    text = std::string_view(d_ + begin, s_.t.end - begin);
    next();
    return true;
  }
  // Only spaces and tabs are skipped here: anything else is refused.
  static bool gapIsWhitespace() { return true; }
  ByteCursor& quiet() { return *this; }

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
  static std::string quote() { return {}; }
  static std::string quote(Place) { return {}; }
  static std::string_view text(Place, Place) { return {}; }

  class Items;
  class Args;

 private:
  // The type of a refused token: one no reader takes.
  static constexpr TokenType kRefused = TokenType::BadUrl;

  ZENIT_ALWAYS_INLINE void finish(std::size_t stop) {
    s_.end = true;
    s_.stop = stop;
  }
  // The token at k. Refused: what readValueToken does not read, the end of
  // input inside a function, `!` (`!important` is the declaration's), a
  // `)` that closes nothing, and brackets deeper than the limit. A refused
  // token is read again by next(), and refused again: the cursor stays.
  ZENIT_ALWAYS_INLINE void lex(std::size_t k, bool afterWs) {
    const std::size_t e = k < n_ ? readValueToken<false>(d_, n_, k, 0, 0, afterWs, s_.t) : 0;
    if (e == 0) return refuse();
    // Most tokens are none of these: one mask test.
    constexpr std::uint32_t kWatched =
        Tokenizer::typeBit(TokenType::Function) | Tokenizer::typeBit(TokenType::LeftParen) |
        Tokenizer::typeBit(TokenType::RightParen) | Tokenizer::typeBit(TokenType::Delim);
    if (Tokenizer::typeBit(s_.t.type) & kWatched) {
      if (s_.t.type == TokenType::RightParen) {
        if (s_.depth == 0) return refuse();
        --s_.depth;
      } else if (s_.t.type == TokenType::Delim) {
        if (s_.t.text[0] == '!') return refuse();
      } else if (++s_.depth > maxDepth_) {
        return refuse();
      }
    }
    s_.e = e;
  }
  ZENIT_ALWAYS_INLINE void refuse() { s_.t.type = kRefused; }

  template <class Stop>
  friend class ByteScope;

  const char* d_;
  std::size_t n_;
  bool inBlock_;
  std::size_t maxDepth_;
  PropertyCache* names_;
  Mark s_;
};

// A ByteCursor scoped to a list item (it ends at a comma outside any
// function) or to a function's argument (at a comma or the function's `)`).
struct ItemStop {
  static bool at(const ByteCursor& c, std::uint32_t) {
    return c.end() || (c.tok().type == TokenType::Comma && c.depth() == 0);
  }
};
struct ArgStop {
  static bool at(const ByteCursor& c, std::uint32_t depth) {
    const TokenType t = c.tok().type;
    return (t == TokenType::Comma && c.depth() == depth) ||
           (t == TokenType::RightParen && c.depth() + 1 == depth);
  }
};

template <class Stop>
class ByteScope {
 public:
  static constexpr bool kTokens = false;
  static constexpr bool kExplains = false;
  static constexpr bool kRare = false;
  using Mark = ByteCursor::Mark;
  using Place = ByteCursor::Place;
  ByteScope(ByteCursor& c, std::uint32_t depth) : c_(c), depth_(depth) {}

  bool end() const { return Stop::at(c_, depth_); }
  const Token& tok() const { return c_.tok(); }
  void next() { c_.next(); }
  Mark mark() const { return c_.mark(); }
  void reset(const Mark& m) { c_.reset(m); }
  static Place place() { return {}; }
  PropertyCache* names() const { return c_.names(); }
  std::string_view lexeme() const { return c_.lexeme(); }
  bool componentText(std::string_view& text) { return c_.componentText(text); }
  static bool gapIsWhitespace() { return true; }
  ByteScope& quiet() { return *this; }
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
  static std::string quote() { return {}; }
  static std::string quote(Place) { return {}; }
  static std::string_view text(Place, Place) { return {}; }

 private:
  ByteCursor& c_;
  std::uint32_t depth_;
};

// The value's items, read as they come: an empty one (a stray comma) and
// the count are only known on the way, so count() is 0 (unknown) and an
// empty item is refused when it is met.
class ByteCursor::Items {
 public:
  explicit Items(ByteCursor& c) : c_(c) {}
  static std::size_t count() { return 0; }
  static std::optional<Place> firstEmpty() { return std::nullopt; }
  template <class Read>
  ZENIT_ALWAYS_INLINE bool each(Read&& read) {
    for (;;) {
      ByteScope<ItemStop> item(c_, 0);
      if (item.end() || !read(item) || !item.end()) return false;
      if (c_.end()) return true;
      c_.next();  // the comma
    }
  }
  bool atLast() const { return c_.end(); }

 private:
  ByteCursor& c_;
};

// The function's arguments, read as they come: at most `most`, none empty.
class ByteCursor::Args {
 public:
  Args(ByteCursor& c, std::size_t most) : c_(c), most_(most), depth_(c.depth()) {}
  static bool countOk() { return true; }
  static bool anyEmpty() { return false; }
  static std::size_t count() { return 0; }
  template <class Read>
  ZENIT_ALWAYS_INLINE bool each(Read&& read) {
    c_.next();  // past the function's token
    for (std::size_t i = 0;; ++i) {
      ByteScope<ArgStop> arg(c_, depth_);
      if (i == most_ || arg.end() || !read(arg, i) || !arg.end()) return false;
      const bool last = c_.tok().type == TokenType::RightParen;
      c_.next();
      if (last) return true;
    }
  }

 private:
  ByteCursor& c_;
  std::size_t most_;
  std::uint32_t depth_;
};

}  // namespace zenit::detail
