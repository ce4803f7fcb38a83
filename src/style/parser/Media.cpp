// @media: the prelude compiled into a MediaQueryList (Media Queries 4
// grammar, the features of Media.hpp), and the block's rules read as the
// sheet's own, each remembering the innermost @media it stood in.
#include "SheetParser.hpp"

#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace zenit::detail {

namespace {

// The parts one after the other (a message): appends into one string, which
// `"text" + std::string(…)` chains do not (and GCC 12 warns about them).
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string s;
  for (const std::string_view p : parts) s += p;
  return s;
}

// A media query list compiler over the prelude's tokens (whitespace tokens
// included): recursive descent, emitting each condition after its operands
// (MediaNode's postfix program). Parentheses nest no deeper than the
// prelude reader allowed, which bounds the recursion.
class MediaCompiler {
 public:
  MediaCompiler(std::span<const Token> toks, const Reporter& rep) : t_(toks), rep_(rep) {}

  MediaQueryList run() {
    MediaQueryList out;
    std::uint32_t queries = 0;
    for (;;) {
      skipWs();
      const std::size_t from = nodes_.size();
      const std::size_t start = i_;
      if (!query() || (skipWs(), !atEnd() && !at(TokenType::Comma))) {
        // A query that does not parse never matches (CSS: `not all`); the
        // next one, after a top-level comma, still counts.
        const Token& bad = i_ < t_.size() ? t_[i_] : t_[start < t_.size() ? start : 0];
        if (!reported_) rep_.error(bad, "invalid media query; it never matches");
        reported_ = false;
        nodes_.resize(from);
        nodes_.push_back(MediaNode{.kind = MediaNode::Kind::False});
        while (!atEnd() && !at(TokenType::Comma)) ++i_;
      }
      ++queries;
      if (atEnd()) break;
      ++i_;  // the comma
    }
    nodes_.push_back(MediaNode{.kind = MediaNode::Kind::Or, .count = queries});
    out.nodes = std::move(nodes_);
    return out;
  }

 private:
  bool atEnd() const { return i_ >= t_.size(); }
  bool at(TokenType type) const { return !atEnd() && t_[i_].type == type; }
  bool atIdent(std::string_view lower) const { return !atEnd() && t_[i_].isIdent(lower); }
  void skipWs() {
    while (at(TokenType::Whitespace)) ++i_;
  }
  bool fail(const Token& at, std::string message) {
    if (!reported_) rep_.error(at, std::move(message) + "; the media query never matches");
    reported_ = true;
    return false;
  }
  void push(MediaNode::Kind k, std::uint32_t count = 0) {
    nodes_.push_back(MediaNode{.kind = k, .count = count});
  }

  // <media-query> = <media-condition> | [not | only]? <media-type> [and <media-condition-without-or>]?
  bool query() {
    if (atEnd()) return fail(t_.back(), "a media query is missing");
    if (at(TokenType::Ident) && !atIdent("not")) return typedQuery(false);
    if (atIdent("not")) {
      const std::size_t save = i_;
      ++i_;
      skipWs();
      if (at(TokenType::Ident)) return typedQuery(true);
      i_ = save;  // `not (…)`: a condition
    }
    return condition(true);
  }

  bool typedQuery(bool negated) {
    if (atIdent("only")) {
      ++i_;
      skipWs();
      if (!at(TokenType::Ident))
        return fail(atEnd() ? t_.back() : t_[i_], "`only` must be followed by a media type");
    }
    const Token& type = t_[i_];
    if (type.textIs("and") || type.textIs("or") || type.textIs("not") || type.textIs("only"))
      return fail(type, cat({"`", type.text, "` is not a media type"}));
    // all and screen hold for a UI on a screen; print and any other type do not.
    push(type.textIs("all") || type.textIs("screen") ? MediaNode::Kind::True : MediaNode::Kind::False);
    ++i_;
    skipWs();
    if (atIdent("and")) {
      ++i_;
      skipWs();
      if (!condition(false)) return false;
      push(MediaNode::Kind::And, 2);
    }
    if (negated) push(MediaNode::Kind::Not);
    return true;
  }

  // <media-condition> = not <media-in-parens> | <media-in-parens> [and …]* | … [or …]*
  bool condition(bool orAllowed) {
    skipWs();
    if (atIdent("not")) {
      ++i_;
      skipWs();
      if (!inParens()) return false;
      push(MediaNode::Kind::Not);
      return true;
    }
    if (!inParens()) return false;
    std::uint32_t n = 1;
    std::string_view joiner;
    for (;;) {
      const std::size_t save = i_;
      skipWs();
      if (!(atIdent("and") || atIdent("or"))) {
        i_ = save;
        break;
      }
      const Token& j = t_[i_];
      const std::string_view word = j.textIs("and") ? "and" : "or";
      if (word == "or" && !orAllowed) return fail(j, "`or` cannot follow a media type's `and`");
      if (!joiner.empty() && word != joiner)
        return fail(j, "`and` and `or` cannot be mixed without parentheses");
      joiner = word;
      ++i_;
      skipWs();
      if (!inParens()) return false;
      ++n;
    }
    if (n > 1) push(joiner == "and" ? MediaNode::Kind::And : MediaNode::Kind::Or, n);
    return true;
  }

  // <media-in-parens> = ( <media-condition> ) | ( <media-feature> )
  bool inParens() {
    if (at(TokenType::Function)) return fail(t_[i_], cat({"unknown media function ", t_[i_].text, "()"}));
    if (!at(TokenType::LeftParen)) return fail(atEnd() ? t_.back() : t_[i_], "expected `(` in a media query");
    const Token& open = t_[i_];
    ++i_;
    skipWs();
    if (at(TokenType::LeftParen) || atIdent("not")) {
      if (!condition(true)) return false;
    } else if (!mediaFeature(open)) {
      return false;
    }
    skipWs();
    if (!at(TokenType::RightParen)) return fail(atEnd() ? open : t_[i_], "expected `)` in a media query");
    ++i_;
    return true;
  }

  // A comparison at i_ (`<`, `<=`, `>`, `>=`, `=`), or nullopt.
  std::optional<MediaCompare> comparison() {
    if (atEnd() || t_[i_].type != TokenType::Delim) return std::nullopt;
    const Token& d = t_[i_];
    const bool eqNext = i_ + 1 < t_.size() && t_[i_ + 1].isDelim('=') && t_[i_ + 1].begin == d.end;
    MediaCompare c{};
    if (d.isDelim('<')) {
      c = eqNext ? MediaCompare::Le : MediaCompare::Lt;
    } else if (d.isDelim('>')) {
      c = eqNext ? MediaCompare::Ge : MediaCompare::Gt;
    } else if (d.isDelim('=')) {
      c = MediaCompare::Eq;
    } else {
      return std::nullopt;
    }
    i_ += (c == MediaCompare::Le || c == MediaCompare::Ge) ? 2 : 1;
    return c;
  }

  static MediaCompare flipped(MediaCompare c) {  // `600px < width` is `width > 600px`
    switch (c) {
      case MediaCompare::Lt: return MediaCompare::Gt;
      case MediaCompare::Le: return MediaCompare::Ge;
      case MediaCompare::Ge: return MediaCompare::Le;
      case MediaCompare::Gt: return MediaCompare::Lt;
      default: return c;
    }
  }

  // Which feature a name is, with `range` when it takes lengths or ratios.
  static std::optional<MediaFeature> featureNamed(const Token& name, bool& range) {
    range = true;
    if (name.textIs("width")) return MediaFeature::Width;
    if (name.textIs("height")) return MediaFeature::Height;
    if (name.textIs("aspect-ratio")) return MediaFeature::AspectRatio;
    range = false;
    if (name.textIs("orientation")) return MediaFeature::Orientation;
    if (name.textIs("prefers-reduced-motion")) return MediaFeature::ReducedMotion;
    if (name.textIs("prefers-color-scheme")) return MediaFeature::ColorScheme;
    return std::nullopt;
  }

  // A value of feature `f` at i_: a length in px (px, em and rem at 16px,
  // 0), a ratio (`16/9`, `1.5`), or the feature's keyword.
  bool value(MediaFeature f, const Token& name, float& out) {
    skipWs();
    if (atEnd()) return fail(name, cat({"a value is missing after ", name.text}));
    const Token& v = t_[i_];
    if (f == MediaFeature::Width || f == MediaFeature::Height) {
      double px = 0.0;
      if (v.type == TokenType::Dimension) {
        Token u = v;
        if (u.textIs("px")) {
          px = v.number;
        } else if (u.textIs("em") || u.textIs("rem")) {
          px = v.number * 16.0;  // media queries read the initial font size
        } else {
          return fail(v, cat({"unsupported unit `", v.text, "` in a media query (px, em, rem)"}));
        }
      } else if (v.type == TokenType::Number && v.number == 0.0) {
        px = 0.0;
      } else {
        return fail(v, cat({"expected a length for ", name.text}));
      }
      ++i_;
      return finite(v, px, out);
    }
    if (f == MediaFeature::AspectRatio) {
      if (v.type != TokenType::Number) return fail(v, "expected a ratio such as 16/9");
      double r = v.number;
      ++i_;
      const std::size_t save = i_;
      skipWs();
      if (!atEnd() && t_[i_].isDelim('/')) {
        ++i_;
        skipWs();
        if (!at(TokenType::Number))
          return fail(atEnd() ? v : t_[i_], "expected a number after `/` in a ratio");
        const double d = t_[i_].number;
        ++i_;
        if (!(d > 0.0) || !(r > 0.0)) return fail(v, "a ratio's numbers must be positive");
        r /= d;
      } else {
        i_ = save;
      }
      return finite(v, r, out);
    }
    if (v.type != TokenType::Ident) return fail(v, cat({"expected a keyword for ", name.text}));
    const auto keyword = [&](std::string_view a, std::string_view b) -> int {
      return v.textIs(a) ? 0 : (v.textIs(b) ? 1 : -1);
    };
    int k = -1;
    if (f == MediaFeature::Orientation) k = keyword("portrait", "landscape");
    if (f == MediaFeature::ReducedMotion) k = keyword("no-preference", "reduce");
    if (f == MediaFeature::ColorScheme) k = keyword("light", "dark");
    if (k < 0) return fail(v, cat({"unknown value `", v.text, "` for ", name.text}));
    ++i_;
    out = static_cast<float>(k);
    return true;
  }

  bool finite(const Token& at, double v, float& out) {
    if (!(v >= -3.0e38 && v <= 3.0e38)) return fail(at, "number out of range in a media query");
    out = static_cast<float>(v);
    return true;
  }

  void pushFeature(MediaFeature f, MediaCompare c, float v) {
    nodes_.push_back(MediaNode{.kind = MediaNode::Kind::Feature, .feature = f, .compare = c, .value = v});
  }

  // Inside `( … )`: `name`, `name: value`, `min-name: value`, `name op
  // value`, `value op name`, `value op name op value`.
  bool mediaFeature(const Token& open) {
    if (atEnd()) return fail(open, "empty `()` in a media query");
    if (at(TokenType::Ident)) {
      const Token& name = t_[i_];
      std::string_view text = name.text;
      MediaCompare prefix = MediaCompare::Eq;
      Token bare = name;
      if (name.textIs("min-width") || name.textIs("min-height") || name.textIs("min-aspect-ratio")) {
        prefix = MediaCompare::Ge;
        bare.text = text.substr(4);
      } else if (name.textIs("max-width") || name.textIs("max-height") || name.textIs("max-aspect-ratio")) {
        prefix = MediaCompare::Le;
        bare.text = text.substr(4);
      }
      bool range = false;
      const std::optional<MediaFeature> f = featureNamed(bare, range);
      if (!f) return fail(name, cat({"unknown media feature `", text, "`"}));
      ++i_;
      skipWs();
      if (at(TokenType::RightParen)) {  // the boolean form
        if (prefix != MediaCompare::Eq) return fail(name, cat({text, " needs a value"}));
        pushFeature(*f, MediaCompare::Any, 0.0f);
        return true;
      }
      if (at(TokenType::Colon)) {
        ++i_;
        float v = 0.0f;
        if (!value(*f, name, v)) return false;
        pushFeature(*f, prefix, v);
        return true;
      }
      if (prefix != MediaCompare::Eq || !range)
        return fail(atEnd() ? name : t_[i_], cat({"expected `:` after ", text}));
      const std::optional<MediaCompare> c = comparison();
      if (!c) return fail(atEnd() ? name : t_[i_], cat({"expected `:` or a comparison after ", text}));
      float v = 0.0f;
      if (!value(*f, name, v)) return false;
      pushFeature(*f, *c, v);
      return true;
    }
    // `value op name [op value]`: the feature is named after the first value,
    // whose type it decides.
    const std::size_t first = i_;
    std::size_t k = i_;
    while (k < t_.size() && !(t_[k].type == TokenType::Ident) && t_[k].type != TokenType::RightParen) ++k;
    if (k >= t_.size() || t_[k].type != TokenType::Ident) return fail(t_[first], "expected a media feature");
    const Token& name = t_[k];
    bool range = false;
    const std::optional<MediaFeature> f = featureNamed(name, range);
    if (!f) return fail(name, cat({"unknown media feature `", name.text, "`"}));
    if (!range) return fail(name, std::string(name.text) + " takes a keyword, not a range");
    float lo = 0.0f;
    if (!value(*f, name, lo)) return false;
    skipWs();
    const std::optional<MediaCompare> c1 = comparison();
    if (!c1) return fail(atEnd() ? name : t_[i_], "expected a comparison in a media range");
    skipWs();
    if (i_ != k) return fail(atEnd() ? name : t_[i_], cat({"expected ", name.text, " in a media range"}));
    ++i_;
    pushFeature(*f, flipped(*c1), lo);
    skipWs();
    if (at(TokenType::RightParen)) return true;
    const std::optional<MediaCompare> c2 = comparison();
    if (!c2) return fail(atEnd() ? name : t_[i_], "expected a comparison in a media range");
    const bool up1 = *c1 == MediaCompare::Lt || *c1 == MediaCompare::Le;
    const bool up2 = *c2 == MediaCompare::Lt || *c2 == MediaCompare::Le;
    if (*c1 == MediaCompare::Eq || *c2 == MediaCompare::Eq || up1 != up2)
      return fail(name, "a media range's two comparisons must point the same way");
    float hi = 0.0f;
    if (!value(*f, name, hi)) return false;
    pushFeature(*f, *c2, hi);
    push(MediaNode::Kind::And, 2);
    return true;
  }

  std::span<const Token> t_;
  const Reporter& rep_;
  std::size_t i_{0};
  std::vector<MediaNode> nodes_;
  bool reported_{false};  // the current query's error is out: one per query
};

}  // namespace

MediaQueryList compileMediaQueries(std::span<const Token> prelude, std::string_view source,
                                   const Reporter& rep) {
  std::size_t first = 0;
  while (first < prelude.size() && prelude[first].type == TokenType::Whitespace) ++first;
  MediaQueryList list;
  if (first == prelude.size()) {  // `@media { … }`: an empty list matches (CSS)
    list.nodes.push_back(MediaNode{.kind = MediaNode::Kind::True});
    return list;
  }
  list = MediaCompiler(prelude.subspan(first), rep).run();
  // The text for dumps: as written, each run of whitespace one space.
  for (const char c : source) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    if (!space)
      list.text += c;
    else if (!list.text.empty() && list.text.back() != ' ')
      list.text += ' ';
  }
  while (!list.text.empty() && list.text.back() == ' ') list.text.pop_back();
  return list;
}

}  // namespace zenit::detail
