// Style rules: the selector list before a `{` (compounds of a type, classes,
// ids, pseudo-classes and a part, joined by descendant, child and sibling
// combinators), read from the tokens or, for the common spellings, from the
// bytes (which leave anything else, the sibling combinators included, to
// the tokens); then the rule's declaration block, with the rules nested in
// it (CSS Nesting), each written out as the flat rule it means.
//
// Sections, in order:
//   Names               combinators, and the state and tree-structural
//                       pseudo-classes a compound takes
//   Style rules and selectors
//                       parseQualifiedRule (the token path), the selector
//                       list, attribute selectors, complex selectors with
//                       their combinators and functional pseudo-classes
//   Byte path           byteRule: the common spellings read from the bytes
#include "SheetParser.hpp"

#include "core/Ascii.hpp"
#include "style/SelectorInternal.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace zenit::detail {

// ---------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------

namespace {

// The combinator a delimiter token spells (`>`, `+`, `~`), or None.
Combinator combinatorOf(const Token& t) {
  if (t.isDelim('>')) return Combinator::Child;
  if (t.isDelim('+')) return Combinator::NextSibling;
  if (t.isDelim('~')) return Combinator::SubsequentSibling;
  return Combinator::None;
}

// The bit of a supported pseudo-class named by `name` (an Ident's text, any
// case), or 0: both selector readers take their pseudo-classes from here.
PseudoBits pseudoClassBit(std::string_view name) {
  Token t;
  t.type = TokenType::Ident;
  t.text = name;
  if (t.textIs("hover")) return PseudoHover;
  if (t.textIs("active")) return PseudoActive;
  if (t.textIs("focus")) return PseudoFocus;
  if (t.textIs("checked")) return PseudoChecked;
  if (t.textIs("disabled")) return PseudoDisabled;
  if (t.textIs("root")) return PseudoRoot;
  if (t.textIs("first-child")) return PseudoFirstChild;
  if (t.textIs("last-child")) return PseudoLastChild;
  if (t.textIs("only-child")) return PseudoOnlyChild;
  if (t.textIs("empty")) return PseudoEmpty;
  return 0;
}

}  // namespace

// ---------------------------------------------------------------------------
// Style rules and selectors
// ---------------------------------------------------------------------------

void SheetParser::parseQualifiedRule(const Token& first) {
  Token end;
  if (first.type == TokenType::RightBrace) {
    rep_.error(first, "unexpected `}`; the rule that follows it is dropped (CSS)");
  }
  if (!readPrelude(first, false, end)) {
    if (end.type == TokenType::RightBrace) {  // inside @media or @supports: its closing brace
      const std::uint32_t last = prelude_.empty() ? first.end : prelude_.back().end;
      rep_.error(first, "the rule " + quoteText(tz_.slice(first.begin, last)) +
                            " has no `{ … }` block before the `}` closing its at-rule; the rule is dropped");
      unread(end);
      return;
    }
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
  rule.media = media_;
  rule.selectors = std::move(selectors);
  rule.loc = loc(first);
  rule.order = static_cast<std::uint32_t>(sheet_->rules.size() - 1);
  styleBlock(sheet_->rules.size() - 1, end);
}

bool SheetParser::parseSelectorList(const std::vector<Token>& toks, SelectorList& out) {
  return parseSelectors(toks.data(), toks.data() + toks.size(), out, SelectorScope{});
}

namespace {
using FKind = SelectorCondition::Kind;

// The pseudo-class with arguments a function token names (:is( … :nth-last-of-type(, any case), if any.
std::optional<FKind> functionalKind(const Token& fn) {
  if (fn.textIs("is")) return FKind::Is;
  if (fn.textIs("where")) return FKind::Where;
  if (fn.textIs("not")) return FKind::Not;
  if (fn.textIs("nth-child")) return FKind::NthChild;
  if (fn.textIs("nth-last-child")) return FKind::NthLastChild;
  if (fn.textIs("nth-of-type")) return FKind::NthOfType;
  if (fn.textIs("nth-last-of-type")) return FKind::NthLastOfType;
  return std::nullopt;
}

// `:first-of-type`, `:last-of-type` and `:only-of-type` as the counting
// pseudo-classes they are (one, one, and both): how many it adds to `out`
// (0: the name is none of them).
int ofTypeAlias(const Token& name, std::uint32_t compound, SelectorCondition (&out)[2]) {
  const bool first = name.textIs("first-of-type"), last = name.textIs("last-of-type");
  const bool only = name.textIs("only-of-type");
  const auto counting = [&](FKind kind) {
    SelectorCondition c;
    c.kind = kind;
    c.compound = compound;
    c.b = 1;
    return c;
  };
  int n = 0;
  if (first || only) out[n++] = counting(FKind::NthOfType);
  if (last || only) out[n++] = counting(FKind::NthLastOfType);
  return n;
}

// CSS's An+B (CSS Syntax 3 §6), read from the argument's text: `odd`,
// `even`, an integer, or `An` with an optional `+B` / `-B` (whitespace only
// around that sign). Numbers past 9 digits saturate.
std::optional<std::pair<std::int32_t, std::int32_t>> parseAnPlusB(std::string_view t) {
  if (equalsLower(t, "odd")) return std::pair{2, 1};
  if (equalsLower(t, "even")) return std::pair{2, 0};
  std::size_t i = 0;
  const auto space = [&] {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' || t[i] == '\f')) ++i;
  };
  const auto digits = [&](std::int64_t& v) {
    const std::size_t from = i;
    for (v = 0; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i)
      v = std::min<std::int64_t>(v * 10 + (t[i] - '0'), 999999999);
    return i > from;
  };
  std::int64_t sign = 1;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) sign = t[i++] == '-' ? -1 : 1;
  std::int64_t a = 0, b = 0;
  const bool hasA = digits(a);
  if (i == t.size()) {
    if (!hasA) return std::nullopt;
    return std::pair{0, static_cast<std::int32_t>(sign * a)};
  }
  if (lowerAscii(t[i]) != 'n') return std::nullopt;
  ++i;
  a = sign * (hasA ? a : 1);
  space();
  if (i < t.size()) {
    if (t[i] != '+' && t[i] != '-') return std::nullopt;
    const std::int64_t bSign = t[i++] == '-' ? -1 : 1;
    space();
    if (!digits(b) || i != t.size()) return std::nullopt;
    b *= bSign;
  }
  return std::pair{static_cast<std::int32_t>(a), static_cast<std::int32_t>(b)};
}
}  // namespace

// The selectors of [b, e), one per comma outside brackets. At the top (a
// rule's prelude) a bad selector skips the rule with an error; inside a
// forgiving :is() or :where() it is dropped from that list with a warning
// (an inner :not() is not forgiving, so its bad selector drops the whole
// item of the :is() around it).
bool SheetParser::parseSelectors(const Token* b, const Token* e, SelectorList& out,
                                 const SelectorScope& scope) {
  RangeList items;
  TokenRange{b, e, tz_.source()}.splitCommas(items);
  SelectorList list;
  list.reserve(items.size());  // exact: selector parsing is most of a rule's allocations
  auto bad = [&](const Token& at, const std::string& msg) {
    if (!scope.dropFrom.empty())
      rep_.warn(at, msg + "; the selector is dropped from :" + std::string(scope.dropFrom) + "()");
    else
      rep_.error(at, msg + "; the rule is skipped");
    return false;
  };
  for (const TokenRange& item : items) {
    Selector sel;
    NestingUse use;
    SelectorScope own = scope;
    if (scope.relative) own.use = &use;  // a nested rule's selector: its `&`s counted
    if (parseComplex(item.b, item.e, b, e, sel, own, bad)) {
      if (scope.relative) absolutize(sel, use, *scope.parent);
      list.push_back(std::move(sel));
    } else if (!scope.forgiving) {
      return false;
    }
  }
  out = std::move(list);
  return true;
}

// An attribute selector's inside, [b, e) between `[` and `]`: a name, then
// nothing or an operator, a value (an identifier or a string) and an
// optional `i` or `s` flag (Selectors 4 §6), whitespace anywhere between.
template <class Bad>
bool SheetParser::parseAttribute(const Token* b, const Token* e, SelectorCondition& out, const Bad& bad) {
  using Op = SelectorCondition::AttrOp;
  const auto skip = [&] {
    while (b < e && b->type == TokenType::Whitespace) ++b;
  };
  const Token& open = *(b - 1);
  skip();
  if (b == e || b->type != TokenType::Ident)
    return bad(b < e ? *b : open, "`[` must be followed by an attribute name");
  out.kind = SelectorCondition::Kind::Attribute;
  out.attribute = atoms_.get(b->text);
  ++b;
  skip();
  if (b == e) return true;  // [name]
  static constexpr struct {
    char sign;
    Op op;
  } kOps[] = {
      {'~', Op::Includes}, {'|', Op::DashMatch}, {'^', Op::Prefix}, {'$', Op::Suffix}, {'*', Op::Substring}};
  out.op = Op::Equals;
  if (b->type == TokenType::Delim && !b->isDelim('=')) {
    const auto* hit =
        std::find_if(std::begin(kOps), std::end(kOps), [&](const auto& k) { return b->isDelim(k.sign); });
    if (hit == std::end(kOps) || b + 1 == e || !b[1].isDelim('='))
      return bad(*b, "expected `=`, `~=`, `|=`, `^=`, `$=` or `*=` after the attribute name");
    out.op = hit->op;
    ++b;
  } else if (!b->isDelim('=')) {
    return bad(*b, "expected `=`, `~=`, `|=`, `^=`, `$=` or `*=` after the attribute name");
  }
  ++b;  // the `=`
  skip();
  if (b == e || (b->type != TokenType::Ident && b->type != TokenType::String))
    return bad(b < e ? *b : open, "an attribute selector's value must be an identifier or a string");
  out.value = std::string(b->text);
  ++b;
  skip();
  if (b < e && b->type == TokenType::Ident && (b->textIs("i") || b->textIs("s"))) {
    out.ignoreCase = b->textIs("i");
    ++b;
    skip();
  }
  if (b < e)
    return bad(*b, "unexpected " + quoteText(tz_.slice(b->begin, b->end)) + " in an attribute selector");
  return true;
}

template <class Bad>
bool SheetParser::parseComplex(const Token* q, const Token* itemEnd, const Token* b, const Token* e,
                               Selector& sel, const SelectorScope& scope, const Bad& bad) {
  const Token* const at = itemEnd;
  while (q < itemEnd && q->type == TokenType::Whitespace) ++q;
  while (itemEnd > q && (itemEnd - 1)->type == TokenType::Whitespace) --itemEnd;
  if (q == itemEnd)
    return bad(at < e ? *at : (b == e ? Token{} : *(e - 1)), "empty selector in the selector list");
  std::size_t gaps = 1;
  for (const Token* g = q; g < itemEnd; ++g)
    gaps += g->type == TokenType::Whitespace || combinatorOf(*g) != Combinator::None;
  sel.compounds.reserve(gaps);
  Combinator pending = Combinator::None;
  bool partSeen = false;
  while (q < itemEnd) {
    // Combinator (whitespace, `>`, `+`, `~`), then one compound.
    bool ws = false;
    while (q < itemEnd && q->type == TokenType::Whitespace) ++q, ws = true;
    if (const Combinator comb = q < itemEnd ? combinatorOf(*q) : Combinator::None; comb != Combinator::None) {
      const Token& sign = *q;
      const auto quoted = [&sign] {  // appended: GCC 12 at -O3 warns -Wrestrict on "`" + std::string(…)
        std::string m = "`";
        m += sign.text;
        m += '`';
        return m;
      };
      if (sel.compounds.empty() && !relativeLead(scope, comb))
        return bad(sign, "a selector cannot start with " + quoted());
      pending = comb;
      ++q;
      while (q < itemEnd && q->type == TokenType::Whitespace) ++q;
      if (q == itemEnd) return bad(*(q - 1), quoted() + " needs a selector after it");
      if (combinatorOf(*q) != Combinator::None) return bad(*q, "two combinators in a row");
    } else if (ws) {
      pending = Combinator::Descendant;
    }
    if (partSeen) return bad(*q, "nothing may follow the part `::" + std::string(atomName(sel.part)) + "`");
    CompoundSelector c;
    c.combinator = sel.compounds.empty() ? Combinator::None : pending;
    bool any = false;
    const Token* compoundStart = q;
    std::size_t dots = 0;
    for (const Token* g = q;
         g < itemEnd && g->type != TokenType::Whitespace && combinatorOf(*g) == Combinator::None; ++g)
      dots += g->isDelim('.');
    if (dots) c.classes.reserve(dots);
    while (q < itemEnd && q->type != TokenType::Whitespace && combinatorOf(*q) == Combinator::None) {
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
        if (c.id != Atom::None && c.id != id) return bad(t, "two different ids in one compound never match");
        c.id = id;
        ++q;
      } else if (t.type == TokenType::Colon) {
        if (q + 1 < itemEnd && q[1].type == TokenType::Colon) {
          if (q + 2 >= itemEnd || q[2].type != TokenType::Ident)
            return bad(t, "`::` must be followed by a part name");
          if (scope.depth > 0)
            return bad(q[2], "a part (`::" + std::string(q[2].text) +
                                 "`) cannot be inside :is(), :where() or :not()");
          sel.part = atoms_.get(q[2].text);
          partSeen = true;
          q += 3;
        } else if (q + 1 < itemEnd && q[1].type == TokenType::Ident) {
          const Token& n = q[1];
          SelectorCondition alias[2];
          if (const PseudoBits bit = pseudoClassBit(n.text)) {
            c.pseudo |= bit;
          } else if (const int k = ofTypeAlias(n, static_cast<std::uint32_t>(sel.compounds.size()), alias)) {
            for (int j = 0; j < k; ++j) sel.conditions.push_back(std::move(alias[j]));
          } else {
            return bad(n, "unsupported pseudo-class :" + std::string(n.text) +
                              " (supported: :hover, :active, :focus, :checked, :disabled, :root, "
                              ":first-child, :last-child, :only-child, :empty, :first-of-type, "
                              ":last-of-type, :only-of-type, :nth-child(), :nth-last-child(), "
                              ":nth-of-type(), :nth-last-of-type(), :is(), :where(), :not())");
          }
          q += 2;
        } else if (q + 1 < itemEnd && q[1].type == TokenType::Function) {
          const Token& fn = q[1];
          const std::optional<FKind> kind = functionalKind(fn);
          if (!kind) return bad(fn, "unsupported pseudo-class :" + std::string(fn.text) + "()");
          const Token* close = TokenRange{q + 1, itemEnd, tz_.source()}.componentEnd(q + 1);
          if (close == itemEnd && (close == q + 2 || (close - 1)->type != TokenType::RightParen))
            return bad(fn, ":" + std::string(fn.text) + "( is not closed");
          if (scope.depth + 1 > kMaxSelectorNesting)
            return bad(fn, "selectors nested more than " + std::to_string(kMaxSelectorNesting) + " deep");
          SelectorCondition l;
          l.kind = *kind;
          l.compound = static_cast<std::uint32_t>(sel.compounds.size());
          const Token* argsBegin = q + 2;  // the selector list inside, if any
          if (l.counts()) {
            // An+B, then `of S` for :nth-child() and :nth-last-child().
            const Token* of = argsBegin;
            while (of < close - 1 && !(of->type == TokenType::Ident && of->textIs("of"))) ++of;
            const Token* ab = argsBegin;
            const Token* abEnd = of;
            while (ab < abEnd && ab->type == TokenType::Whitespace) ++ab;
            while (abEnd > ab && (abEnd - 1)->type == TokenType::Whitespace) --abEnd;
            const auto anb = ab < abEnd ? parseAnPlusB(tz_.slice(ab->begin, (abEnd - 1)->end)) : std::nullopt;
            if (!anb)
              return bad(
                  ab < abEnd ? *ab : fn,
                  ":" + std::string(fn.text) + "() takes An+B: an integer, `2n+1`, `-n+3`, `odd` or `even`");
            l.a = anb->first;
            l.b = anb->second;
            if (of < close - 1 && l.ofType())
              return bad(*of, "`of S` belongs to :nth-child() and :nth-last-child(), not :" +
                                  std::string(fn.text) + "()");
            argsBegin = of < close - 1 ? of + 1 : close - 1;
            if (of < close - 1) {
              bool empty = true;
              for (const Token* w = argsBegin; w < close - 1 && empty; ++w)
                empty = w->type == TokenType::Whitespace;
              if (empty) return bad(*of, "`of` needs a selector after it");
            }
          }
          SelectorScope inner{scope.depth + 1, false, scope.dropFrom, scope.parent, scope.use, false};
          if (*kind == FKind::Is || *kind == FKind::Where)
            inner = {scope.depth + 1, true,      *kind == FKind::Is ? "is" : "where",
                     scope.parent,    scope.use, false};
          SelectorList args;
          if (close - 1 == argsBegin) {  // nothing inside: :is() and :where() match nothing
            if (*kind == FKind::Not) return bad(fn, ":not() needs a selector");
          } else if (!parseSelectors(argsBegin, close - 1, args, inner)) {
            return false;  // reported inside
          }
          l.selectors.assign(std::make_move_iterator(args.begin()), std::make_move_iterator(args.end()));
          sel.conditions.push_back(std::move(l));
          q = close;
        } else {
          return bad(t, "`:` must be followed by a pseudo-class name");
        }
      } else if (t.type == TokenType::LeftBracket) {
        const Token* close = TokenRange{q, itemEnd, tz_.source()}.componentEnd(q);
        if (close == itemEnd && (close - 1 == q || (close - 1)->type != TokenType::RightBracket))
          return bad(t, "`[` is not closed");
        SelectorCondition cond;
        if (!parseAttribute(q + 1, close - 1, cond, bad)) return false;
        cond.compound = static_cast<std::uint32_t>(sel.compounds.size());
        sel.conditions.push_back(std::move(cond));
        q = close;
      } else if (t.isDelim('&')) {  // (last: as the first branch it costs the rule readers
                                    // 0.08 instructions a byte, GCC inlining less of them)
        ampersand(scope, sel);
        ++q;
      } else {
        return bad(t, "unexpected " + quoteText(tz_.slice(t.begin, t.end)) + " in a selector");
      }
      any = true;
    }
    if (!any) return bad(q < itemEnd ? *q : *(itemEnd - 1), "expected a selector");
    sel.compounds.push_back(std::move(c));
  }
  finishSelector(sel);
  return true;
}

// ---------------------------------------------------------------------------
// Byte path
// ---------------------------------------------------------------------------

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
  if (d[q] == '@') return paths_.keyframes && media_ == kNoMedia && byteKeyframes(q, ls, ln);
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
  rule.media = media_;
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
          const PseudoBits bit = pseudoClassBit(ident(k));
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
    finishSelectorNames(sel);  // the bytes make no :is() & co. (they leave those to the tokens)
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
  styleBlock(sheet_->rules.size() - 1, open);
  return true;
}

}  // namespace zenit::detail
