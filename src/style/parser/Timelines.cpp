// @timeline NAME { … }: clips written in a stylesheet, read into
// TimelineRule (style/Timeline.hpp; the syntax is docs/timeline-rule.md).
//
// [SECTION] The properties: one table
// [SECTION] Values: timing, positions, staggers
// [SECTION] TimelineReader: statements, bodies, track rules, at-rules
// [SECTION] parseTimeline
//
// A body is read as CSS Nesting reads a style rule's: a statement that
// reaches a top-level `{` is a rule (a track rule's selector list), one
// that ends at `;` or `}` a declaration; at-keywords start @label, @mark
// and @group. Each statement is read whole before it is judged, so a bad
// one is dropped alone and the next starts where CSS would start it.
// Values are read by the value readers of values/ (times, numbers,
// keywords, easings), and `animation` by the `animation` shorthand's own
// reader (applyDeclaration), one item of it.
//
// What the parser checks beyond each value's grammar, where a clip built
// from the rule (anim/Clip.hpp) would refuse it: a timeline's easing never
// decreases (core/EasingShape.hpp); a position's label is a label placed
// before it in the same timeline; a label or mark name is not given twice
// in one timeline; timelines nest at most kMaxTimelineDepth. What only the
// times can tell (a position after an endless child, a negative rate with
// infinite iterations) a clip refuses when it is built (zenit-style
// timeline reports it at the rule).
#include "SheetParser.hpp"
#include "core/Ascii.hpp"
#include "core/EasingShape.hpp"
#include "values/Lists.hpp"

#include <zenit/style/Timeline.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zenit::detail {

// ---------------------------------------------------------------------------
// [SECTION] The properties
// ---------------------------------------------------------------------------

namespace {

// Every property a @timeline body takes, and where: in a timeline's own
// body (@timeline, @group) and in a track rule. In the order messages list
// them.
enum class TimelineProp : std::uint8_t {
  IterationCount,
  Direction,
  Delay,
  Fill,
  TimingFunction,
  Duration,
  Animation,
  Position,
  Stagger,
  RepeatDelay,
  PlaybackRate,
  ReverseEasing,
  Composition,
  Count,
};

struct TimelinePropInfo {
  std::string_view name;
  bool inTimeline;  // @timeline and @group (position: @group only)
  bool inTrack;     // track rules
};

// clang-format off
constexpr TimelinePropInfo kTimelineProps[] = {
    // name               timeline  track
    {"iteration-count",   true,     false},
    {"direction",         true,     false},
    {"delay",             true,     false},
    {"fill",              true,     false},
    {"timing-function",   true,     false},
    {"duration",          true,     false},
    {"animation",         false,    true},
    {"position",          true,     true},
    {"stagger",           false,    true},
    {"repeat-delay",      true,     true},
    {"playback-rate",     true,     true},
    {"reverse-easing",    false,    true},
    {"composition",       false,    true},
};
// clang-format on
static_assert(std::size(kTimelineProps) == static_cast<std::size_t>(TimelineProp::Count),
              "one row per TimelineProp");

std::optional<TimelineProp> findTimelineProp(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kTimelineProps); ++i)
    if (equalsLower(name, kTimelineProps[i].name)) return static_cast<TimelineProp>(i);
  return std::nullopt;
}

const TimelinePropInfo& info(TimelineProp p) { return kTimelineProps[static_cast<std::size_t>(p)]; }

// "a, b and c": the properties a place takes, for the unknown-property warning.
std::string propertiesOf(bool track) {
  std::vector<std::string_view> names;
  for (const TimelinePropInfo& p : kTimelineProps)
    if (track ? p.inTrack : p.inTimeline) names.push_back(p.name);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

// ---------------------------------------------------------------------------
// [SECTION] Values
// ---------------------------------------------------------------------------

using Cur = TokenCursor<true>;

// A non-negative time.
bool nonNegativeTimeAt(Cur& c, double& s, std::string_view what) {
  const auto at = c.place();
  double v = 0;
  if (!timeAt(c, v)) return false;
  if (v < 0)
    return c.failAt(at, [&] { return std::string(what) + " cannot be negative, found " + c.quote(at); });
  s = v;
  return true;
}

// After the keyword at `keyword`, what it needs: said there when the value ends.
bool needMore(Cur& c, Cur::Place keyword, std::string_view what) {
  if (!c.end()) return true;
  return c.failAt(keyword,
                  [&] { return quoteText(keyword->text) + " needs " + std::string(what) + " after it"; });
}

// An <integer> in [lo, hi].
bool integerAt(Cur& c, double lo, double hi, double& out, std::string_view what) {
  if (c.end() || c.tok().type != TokenType::Number || !c.tok().isInteger() || c.tok().number < lo ||
      c.tok().number > hi)
    return c.failAt(c.place(), [&] { return expected(c, what); });
  const double v = c.tok().number;
  out = v;
  c.next();
  return true;
}

// `position`, `@label` and `@mark`: a quoted position in GSAP's syntax, or
// a number or time (`0.2s`, `2` seconds) that places it at that time.
bool positionAt(Cur& c, ClipPosition& out) {
  if (c.end()) return c.fail([&] { return expected(c, "a position"); });
  const Token& t = c.tok();
  if (t.type == TokenType::String) {
    std::string why;
    const std::optional<ClipPosition> p = parsePosition(t.text, &why);
    if (!p) return c.fail([&] { return why; });
    out = *p;
    c.next();
    return true;
  }
  if (t.type == TokenType::Number) {
    if (!std::isfinite(t.number)) return c.fail([] { return std::string("time out of range"); });
    out = ClipPosition::at(t.number);
    c.next();
    return true;
  }
  double s = 0;
  if (t.type == TokenType::Dimension || isCalc(t)) {
    if (!timeAt(c, s)) return false;
    out = ClipPosition::at(s);
    return true;
  }
  return c.fail([&] {
    return expected(c, "a quoted position (\"<\", \">-0.2s\", \"+=100ms\", \"intro+=1s\") or a time");
  });
}

// `stagger: <time> [amount] [from first|last|center|edges|<integer>]
// [grid <integer>] [axis x|y] [ease <easing>] [start <time>] [seed <integer>]`:
// the time first, the options after it in any order, each once.
bool staggerAt(Cur& c, Stagger& out) {
  Stagger s;
  if (!timeAt(c, s.spacing)) return false;
  bool hasAmount = false, hasFrom = false, hasGrid = false, hasAxis = false, hasEase = false,
       hasStart = false, hasSeed = false;
  Cur::Place seedAt = c.place();
  constexpr double kMaxInteger = 9007199254740992.0;  // 2^53: every integer a double holds exactly
  while (!c.end()) {
    const auto at = c.place();
    const Token& t = c.tok();
    const auto unexpected = [&] {
      return c.failAt(at, [&] {
        return "unexpected " + c.quote() + " (after the time: amount, from, grid, axis, ease, start or seed)";
      });
    };
    if (t.type != TokenType::Ident) return unexpected();
    const auto once = [&](bool& seen) {
      if (seen) return c.failAt(at, [&] { return quoteText(c.tok().text) + " is given twice"; });
      seen = true;
      c.next();
      return true;
    };
    double n = 0;
    if (isWord(t, "amount")) {
      if (!once(hasAmount)) return false;
      s.amount = true;
    } else if (isWord(t, "from")) {
      if (!once(hasFrom) || !needMore(c, at, "first, last, center, edges or an item's index")) return false;
      const Token& o = c.tok();
      if (isWord(o, "first")) {
        s.origin = StaggerOrigin::First;
      } else if (isWord(o, "last")) {
        s.origin = StaggerOrigin::Last;
      } else if (isWord(o, "center")) {
        s.origin = StaggerOrigin::Center;
      } else if (isWord(o, "edges")) {
        s.origin = StaggerOrigin::Edges;
      } else {
        if (!integerAt(c, 0, kMaxInteger, n,
                       "first, last, center, edges or an item's index (an integer >= 0)"))
          return false;
        s.origin = StaggerOrigin::Index;
        s.index = static_cast<std::size_t>(n);
        continue;
      }
      c.next();
    } else if (isWord(t, "grid")) {
      if (!once(hasGrid) || !needMore(c, at, "the number of columns") ||
          !integerAt(c, 1, 1e9, n, "the grid's columns (an integer >= 1)"))
        return false;
      s.columns = static_cast<std::size_t>(n);
    } else if (isWord(t, "axis")) {
      if (!once(hasAxis) || !needMore(c, at, "x or y")) return false;
      if (!(isWord(c.tok(), "x") || isWord(c.tok(), "y")))
        return c.failAt(c.place(), [&] { return expected(c, "x or y"); });
      s.axis = isWord(c.tok(), "x") ? StaggerAxis::X : StaggerAxis::Y;
      c.next();
    } else if (isWord(t, "ease")) {
      if (!once(hasEase) || !needMore(c, at, "an easing")) return false;
      const auto value = c.place();
      if (!easingAt(c, s.easing)) return c.failedAt(value);
    } else if (isWord(t, "start")) {
      if (!once(hasStart) || !needMore(c, at, "a time")) return false;
      const auto value = c.place();
      if (!timeAt(c, s.start)) return c.failedAt(value);
    } else if (isWord(t, "seed")) {
      seedAt = at;
      if (!once(hasSeed) || !needMore(c, at, "an integer") ||
          !integerAt(c, 0, kMaxInteger, n, "a seed (an integer >= 0)"))
        return false;
      s.seed = static_cast<std::uint64_t>(n);
    } else {
      return unexpected();
    }
  }
  if (hasSeed && hasFrom)
    return c.failAt(
        seedAt, [] { return std::string("seed and from both choose where the stagger starts; give one"); });
  if (hasSeed) s.origin = StaggerOrigin::Seeded;
  out = s;
  return true;
}

// One of a few keywords, as an index into `words`.
template <std::size_t N>
bool oneOf(Cur& c, const std::array<std::string_view, N>& words, std::size_t& out, std::string_view what) {
  if (!c.end() && c.tok().type == TokenType::Ident)
    for (std::size_t i = 0; i < N; ++i)
      if (equalsLower(c.tok().text, words[i])) {
        out = i;
        c.next();
        return true;
      }
  return c.fail([&] { return expected(c, what); });
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] TimelineReader
// ---------------------------------------------------------------------------

// Reads one @timeline's body with its parser's tokens, skipping and
// reporter (a friend of SheetParser).
class TimelineReader {
 public:
  explicit TimelineReader(SheetParser& p) : p_(p) {}

  // A timeline's body (`depth` 1 for the @timeline itself) from after its
  // `{` to its `}`, into `g`; `parent` is the timeline it is nested in.
  void body(TimelineGroup& g, const TimelineGroup* parent, int depth, const Token& open) {
    for (;;) {
      const Token t = p_.take();
      switch (t.type) {
        case TokenType::Whitespace:
        case TokenType::Semicolon:
        case TokenType::CDO:
        case TokenType::CDC: continue;
        case TokenType::RightBrace: return;
        case TokenType::Eof: unclosed(open, depth == 1 ? "@timeline" : "@group"); return;
        case TokenType::AtKeyword: atRule(g, depth, t); continue;
        default: break;
      }
      Token end;
      const End e = statement(t, end);
      if (e == End::Block) {
        trackRule(g, t, end);
        continue;
      }
      if (e != End::Semicolon) p_.unread(end);  // the body's `}`, or the end of input
      declaration(t, Place{&g, nullptr, parent});
    }
  }

 private:
  // How a statement ended: at a top-level `;` or `{` (taken), or before the
  // body's `}` or the end of input (left for the body).
  enum class End : std::uint8_t { Semicolon, Block, BlockEnd, Eof };

  // What a declaration sets: a timeline's own timing (`timeline`, whose
  // parent is `parent`: null for the @timeline) or a track rule's.
  struct Place {
    TimelineGroup* timeline;
    TimelineTrackRule* track;  // when in a track rule (then `timeline` is the rule's parent)
    const TimelineGroup* parent;
  };

  // The tokens of a statement from `first` into stmt_ (whitespace kept, as
  // one Whitespace token a gap, for selectors), up to where it ends.
  End statement(const Token& first, Token& end) {
    stmt_.clear();
    Nesting n(p_.opt_.maxNesting);
    tooDeep_ = false;
    for (Token t = first;; t = p_.take()) {
      if (t.type == TokenType::Eof) {
        end = t;
        return End::Eof;
      }
      if (n.atTop()) {
        if (t.type == TokenType::Semicolon) {
          end = t;
          return End::Semicolon;
        }
        if (t.type == TokenType::LeftBrace) {
          end = t;
          tooDeep_ = n.tooDeep();
          return End::Block;
        }
        if (t.type == TokenType::RightBrace) {
          end = t;
          return End::BlockEnd;
        }
      }
      if (!(n.atTop() && isCloser(t.type))) n.feed(t);
      tooDeep_ = tooDeep_ || n.tooDeep();
      if (t.type == TokenType::Whitespace) continue;
      if ((t.flags & Token::kAfterWhitespace) && !stmt_.empty()) stmt_.push_back(SheetParser::gapBefore(t));
      stmt_.push_back(t);
    }
  }

  // stmt_ without its whitespace, into words_.
  void words() {
    words_.clear();
    for (const Token& t : stmt_)
      if (t.type != TokenType::Whitespace) words_.push_back(t);
  }

  // The end of input inside a block: said once, at the innermost block.
  void unclosed(const Token& open, std::string_view what) {
    if (eofReported_) return;
    eofReported_ = true;
    p_.rep_.error(
        open, "unexpected end of file: the " + std::string(what) + " block opened here has no closing `}`");
  }

  std::string text(const Token* b, const Token* e) const {
    return std::string(TokenRange{b, e, p_.tz_.source()}.text());
  }

  // stmt_ read as `name: value` and applied to `at`.
  void declaration(const Token& first, const Place& at) {
    words();
    if (tooDeep_) {
      p_.rep_.error(first, p_.tooDeepMessage() + " in a declaration; it is ignored");
      return;
    }
    if (words_.size() < 2 || words_[0].type != TokenType::Ident || words_[1].type != TokenType::Colon) {
      const std::string shown = quoteText(text(words_.data(), words_.data() + words_.size()));
      p_.rep_.error(first,
                    "expected a declaration (`name: value;`)" +
                        std::string(at.track ? "" : ", a track rule (`.selector { … }`) or an at-rule") +
                        ", found " + shown + "; it is ignored");
      return;
    }
    const Token& name = words_[0];
    const Token* b = words_.data() + 2;
    const Token* e = words_.data() + words_.size();
    if (e - b >= 2 && (e - 1)->isIdent("important") && (e - 2)->isDelim('!')) {
      p_.rep_.warn(name, "!important in @timeline is ignored (the declaration is dropped, as in @keyframes)");
      return;
    }
    const std::string_view where = at.track ? "a track rule" : (at.parent ? "@group" : "@timeline");
    const std::optional<TimelineProp> prop = findTimelineProp(name.text);
    if (!prop) {
      p_.rep_.warn(name, "unknown property " + quoteText(name.text) + " in " + std::string(where) +
                             "; ignored (" + (at.track ? "a track rule" : "a timeline") + " takes " +
                             propertiesOf(at.track != nullptr) + ")");
      return;
    }
    const TimelinePropInfo& pi = info(*prop);
    if (at.track ? !pi.inTrack : !pi.inTimeline) {
      const std::string belongs = at.track ? std::string("@timeline or @group, not in a track rule")
                                           : "a track rule (`.selector { " + std::string(pi.name) +
                                                 ": …; }`), not in " + std::string(where);
      p_.rep_.warn(name, quoteText(pi.name) + " belongs in " + belongs + "; ignored");
      return;
    }
    if (*prop == TimelineProp::Position && !at.track && !at.parent) {
      p_.rep_.warn(name,
                   "position has no meaning on the @timeline itself (it starts where it is played); ignored");
      return;
    }
    if (b == e) {
      p_.rep_.error(name, "empty value for " + std::string(pi.name));
      return;
    }
    for (const Token* t = b; t != e; ++t)
      if (t->type == TokenType::Function && t->textIs("var")) {
        p_.rep_.error(*t, "var() is not supported in @timeline (a timeline is not resolved per element); " +
                              std::string(pi.name) + " is ignored");
        return;
      }
    if (e - b == 1 && isCssWideKeyword(*b)) {
      p_.rep_.error(
          *b, quoteText(b->text) + " has no meaning in @timeline; " + std::string(pi.name) + " is ignored");
      return;
    }
    const TokenRange value{b, e, p_.tz_.source()};
    if (*prop == TimelineProp::Animation) {
      animation(name, value, *at.track);
      return;
    }
    Failure f;
    Cur c(value, &f, &p_.properties_);
    if (!apply(*prop, c, at))
      p_.rep_.error(f.at ? *f.at : *b, "invalid value for " + std::string(pi.name) + ": " + f.why);
  }

  // The value of `prop` read whole, then written to its field: a bad value
  // changes nothing (and the cursor says why).
  bool apply(TimelineProp prop, Cur& c, const Place& at) {
    TimelineGroup* g = at.timeline;
    TimelineTrackRule* r = at.track;
    switch (prop) {
      case TimelineProp::IterationCount: {
        double n = 0;
        if (!tryIterations(c, n)) return c.fail([&] { return expected(c, "infinite or a number >= 0"); });
        if (!atEnd(c)) return false;
        g->iterations = n;
        return true;
      }
      case TimelineProp::Direction: {
        PlaybackDirection d{};
        if (!keywordItem(c, d, "normal, reverse, alternate or alternate-reverse") || !atEnd(c)) return false;
        g->direction = d;
        return true;
      }
      case TimelineProp::Delay: {
        double s = 0;
        if (!timeAt(c, s) || !atEnd(c)) return false;
        g->delay = s;
        return true;
      }
      case TimelineProp::Fill: {
        FillMode m{};
        if (!keywordItem(c, m, "none, forwards, backwards or both") || !atEnd(c)) return false;
        g->fill = m;
        return true;
      }
      case TimelineProp::TimingFunction: {
        TransitionFunction fn;
        const auto first = c.place();
        if (!easingAt(c, fn) || !atEnd(c)) return false;
        if (!easingNeverDecreases(fn))
          return c.failAt(first, [&] {
            return "a timeline's easing may never decrease, and " + quoteText(Debug::toString(fn)) +
                   " comes back (back, elastic, bounce and spring() overshoot)";
          });
        g->easing = fn;
        return true;
      }
      case TimelineProp::PlaybackRate: {
        double v = 0;
        if (!numberAt(c, v) || !atEnd(c)) return false;
        (r ? r->playbackRate : g->playbackRate) = v;
        return true;
      }
      case TimelineProp::RepeatDelay: {
        double s = 0;
        if (!nonNegativeTimeAt(c, s, "a repeat-delay") || !atEnd(c)) return false;
        (r ? r->repeatDelay : g->repeatDelay) = s;
        return true;
      }
      case TimelineProp::Duration: {
        if (isWord(c.tok(), "auto")) {
          c.next();
          if (!atEnd(c)) return false;
          g->duration.reset();
          return true;
        }
        double s = 0;
        if (!nonNegativeTimeAt(c, s, "a duration") || !atEnd(c)) return false;
        g->duration = s;
        return true;
      }
      case TimelineProp::Position: {
        ClipPosition pos;
        const auto first = c.place();
        if (!positionAt(c, pos) || !atEnd(c)) return false;
        // A track rule's position is in the timeline the rule stands in; a
        // @group's in its parent's.
        const TimelineGroup* in = r ? g : at.parent;
        if (pos.anchor == ClipPosition::Anchor::Label && !hasLabel(*in, pos.label))
          return c.failAt(first, [&] { return noLabel(pos.label); });
        (r ? r->position : g->position) = std::move(pos);
        return true;
      }
      case TimelineProp::Stagger: {
        Stagger st;
        if (!staggerAt(c, st)) return false;
        r->stagger = st;
        return true;
      }
      case TimelineProp::ReverseEasing: {
        static constexpr std::array<std::string_view, 2> kWords{"time-reversed", "shape-repeated"};
        std::size_t k = 0;
        if (!oneOf(c, kWords, k, "time-reversed or shape-repeated") || !atEnd(c)) return false;
        r->reverseEasing =
            k == 0 ? TimelineReverseEasing::TimeReversed : TimelineReverseEasing::ShapeRepeated;
        return true;
      }
      case TimelineProp::Composition: {
        static constexpr std::array<std::string_view, 2> kWords{"replace", "add"};
        std::size_t k = 0;
        if (!oneOf(c, kWords, k, "replace or add") || !atEnd(c)) return false;
        r->composition = k == 0 ? TimelineComposition::Replace : TimelineComposition::Add;
        return true;
      }
      case TimelineProp::Animation:
      case TimelineProp::Count: break;
    }
    return false;
  }

  static std::string noLabel(std::string_view label) {
    return "no label " + quoteText(label) +
           " before it in this timeline (a position names a label placed before it)";
  }

  static bool hasLabel(const TimelineGroup& g, std::string_view name) {
    for (const TimelineMarker& m : g.markers)
      if (m.kind == TimelineMarker::Kind::Label && m.name == name) return true;
    return false;
  }

  // `animation: …` in a track rule: one item of the shorthand, read by its
  // own reader.
  void animation(const Token& name, const TokenRange& value, TimelineTrackRule& r) {
    static const PropertyEntry* const kAnimation = findProperty("animation");
    Style scratch;
    const ValueContext ctx{&p_.rep_, "animation", &name, false, &p_.properties_};
    animationTried_ = true;
    if (!applyDeclaration(*kAnimation, value, scratch, ctx)) return;
    const AnimationList& list = scratch.animations.value;
    if (list.size() != 1) {
      p_.rep_.error(*value.b, "invalid value for animation: a track rule plays one animation, found " +
                                  std::to_string(list.size()) + " (give each its own track rule)");
      return;
    }
    if (list[0].name.empty()) {
      p_.rep_.error(*value.b,
                    "invalid value for animation: a track rule needs a @keyframes name, found none");
      return;
    }
    if (list[0].playState == PlayState::Paused)
      p_.rep_.warn(*value.b, "`paused` has no meaning in a track rule (the timeline plays it); ignored");
    r.animation = list[0];
    r.animation.playState = PlayState::Running;
    hasAnimation_ = true;
  }

  // A track rule: its selector list in stmt_, its block opened by `open`.
  void trackRule(TimelineGroup& g, const Token& first, const Token& open) {
    if (tooDeep_) {
      p_.rep_.error(first, p_.tooDeepMessage() + " in a selector; the track rule is skipped");
      p_.skipBlock();
      return;
    }
    TimelineTrackRule r;
    r.loc = p_.loc(first);
    const std::string selectorText = stmt_.empty() ? std::string() : text(&stmt_.front(), &stmt_.back() + 1);
    if (stmt_.empty() || !p_.parseSelectorList(stmt_, r.selectors)) {
      if (stmt_.empty()) p_.rep_.error(first, "a track rule needs a selector before `{`; it is skipped");
      p_.skipBlock();
      return;
    }
    hasAnimation_ = animationTried_ = false;
    for (;;) {
      const Token t = p_.take();
      if (t.type == TokenType::Whitespace || t.type == TokenType::Semicolon) continue;
      if (t.type == TokenType::RightBrace) break;
      if (t.type == TokenType::Eof) {
        unclosed(open, "track rule");
        break;
      }
      if (t.type == TokenType::AtKeyword) {
        p_.rep_.error(t, atRuleName(t.text) + " is not allowed in a track rule; skipped");
        p_.skipAtRule(true);
        continue;
      }
      Token end;
      const End e = statement(t, end);
      if (e == End::Block) {
        p_.rep_.error(t, "a track rule holds declarations only; the nested rule is skipped");
        p_.skipBlock();
        continue;
      }
      if (e != End::Semicolon) p_.unread(end);
      declaration(t, Place{&g, &r, nullptr});
    }
    if (!hasAnimation_) {
      // (When its animation was invalid, that error said why: this is a note.)
      const std::string what = "the track rule " + quoteText(selectorText);
      if (animationTried_)
        p_.rep_.report(Severity::Note, first.line, first.col, what + " is dropped: its animation is invalid");
      else
        p_.rep_.error(first, what +
                                 " has no animation (`animation: NAME DURATION …`, the @keyframes it plays); "
                                 "the rule is dropped");
      return;
    }
    g.items.push_back(TimelineItem{TimelineItem::Kind::Track, static_cast<std::uint32_t>(g.tracks.size())});
    g.tracks.push_back(std::move(r));
  }

  // @label, @mark or @group in a timeline's body.
  void atRule(TimelineGroup& g, int depth, const Token& at) {
    const bool label = at.textIs("label"), mark = at.textIs("mark"), group = at.textIs("group");
    if (!label && !mark && !group) {
      p_.rep_.error(at, atRuleName(at.text) +
                            " is not allowed inside @timeline (only @label, @mark and @group); skipped");
      p_.skipAtRule(true);
      return;
    }
    Token end;
    const End e = statement(p_.take(), end);
    words();
    const std::string name = atRuleName(at.text);
    if (group) {
      if (e != End::Block) {
        if (e != End::Semicolon) p_.unread(end);
        p_.rep_.error(at, name + " needs a `{ … }` block: @group NAME { … }; the at-rule is skipped");
        return;
      }
      if (words_.size() != 1 || words_[0].type != TokenType::Ident) {
        p_.rep_.error(words_.empty() ? at : words_[0],
                      "invalid @group name " + shownName() + " (an identifier); the block is skipped");
        p_.skipBlock();
        return;
      }
      if (depth + 1 > kMaxTimelineDepth) {
        p_.rep_.error(at, "timelines nest at most " + std::to_string(kMaxTimelineDepth) +
                              " deep (the @timeline and its @group levels); this @group is skipped");
        p_.skipBlock();
        return;
      }
      TimelineGroup child;
      child.name = std::string(words_[0].text);
      child.loc = p_.loc(at);
      body(child, &g, depth + 1, end);
      g.items.push_back(TimelineItem{TimelineItem::Kind::Group, static_cast<std::uint32_t>(g.groups.size())});
      g.groups.push_back(std::move(child));
      return;
    }
    // @label NAME [POSITION]; and @mark NAME [POSITION];
    if (e == End::Block) {
      p_.rep_.error(at, name + " takes no block: " + name + " NAME [POSITION]; the at-rule is skipped");
      p_.skipBlock();
      return;
    }
    if (e != End::Semicolon) p_.unread(end);
    if (words_.empty() || words_[0].type != TokenType::Ident) {
      p_.rep_.error(words_.empty() ? at : words_[0], "invalid " + name + " name " + shownName() +
                                                         " (an identifier): " + name + " NAME [POSITION];");
      return;
    }
    TimelineMarker m;
    m.kind = label ? TimelineMarker::Kind::Label : TimelineMarker::Kind::Mark;
    m.name = std::string(words_[0].text);
    m.loc = p_.loc(at);
    if (words_.size() > 1) {
      Failure f;
      Cur c(TokenRange{words_.data() + 1, words_.data() + words_.size(), p_.tz_.source()}, &f);
      const auto first = c.place();
      bool ok = positionAt(c, m.position) && atEnd(c);
      if (ok && m.position.anchor == ClipPosition::Anchor::Label && !hasLabel(g, m.position.label))
        ok = c.failAt(first, [&] { return noLabel(m.position.label); });
      if (!ok) {
        p_.rep_.error(f.at ? *f.at : words_[1], "invalid position for " + name + " " + m.name + ": " + f.why);
        return;
      }
    }
    for (const TimelineMarker& o : g.markers)
      if (o.kind == m.kind && o.name == m.name) {
        p_.rep_.error(at, name + " " + m.name + " is already placed at " + p_.where(o.loc) +
                              " in this timeline; this one is dropped");
        return;
      }
    g.items.push_back(TimelineItem{TimelineItem::Kind::Marker, static_cast<std::uint32_t>(g.markers.size())});
    g.markers.push_back(std::move(m));
  }

  // The name words_ hold, quoted, or "nothing".
  std::string shownName() const {
    if (words_.empty()) return "nothing";
    return quoteText(text(words_.data(), words_.data() + words_.size()));
  }

  SheetParser& p_;
  std::vector<Token> stmt_;     // the statement being read (whitespace as tokens)
  std::vector<Token> words_;    // the same without whitespace
  bool tooDeep_{false};         // the statement nests brackets too deep
  bool hasAnimation_{false};    // the track rule being read has its animation
  bool animationTried_{false};  // … or an `animation` declaration, valid or not
  bool eofReported_{false};
};

// ---------------------------------------------------------------------------
// [SECTION] parseTimeline
// ---------------------------------------------------------------------------

void SheetParser::parseTimeline(const Token& at) {
  Token end;
  const Token first = take();
  if (!readPrelude(first, true, end)) {
    rep_.error(at, end.type == TokenType::Eof
                       ? std::string("unexpected end of file in @timeline")
                       : std::string("@timeline needs a `{ … }` block; the at-rule is skipped"));
    if (end.type == TokenType::RightBrace) unread(end);
    return;
  }
  std::vector<Token> name;
  for (const Token& t : prelude_)
    if (t.type != TokenType::Whitespace) name.push_back(t);
  if (name.size() != 1 || name[0].type != TokenType::Ident || reservedName(name[0]) ||
      name[0].textIs("none")) {
    const std::string shown =
        name.empty() ? std::string("nothing") : quoteText(tz_.slice(name.front().begin, name.back().end));
    rep_.error(name.empty() ? at : name[0],
               "invalid @timeline name " + shown + " (an identifier other than none and CSS-wide keywords)");
    skipBlock();
    return;
  }
  TimelineRule rule;
  rule.name = std::string(name[0].text);
  rule.loc = loc(at);
  TimelineReader reader(*this);
  reader.body(rule, nullptr, 1, end);
  if (sheet_ == nullptr) return;
  for (const TimelineRule& t : sheet_->timelines)
    if (t.name == rule.name) {
      rep_.warn(at, "@timeline " + rule.name + " replaces the one at " + where(t.loc) +
                        " (the later rule wins; timelines are not merged)");
      break;
    }
  sheet_->timelines.push_back(std::move(rule));
}

}  // namespace zenit::detail
