// Style rules: the selector list before a `{` (compounds of a type, classes,
// ids, pseudo-classes and a part, joined by descendant, child and sibling
// combinators), read from the tokens or, for the common spellings, from the
// bytes (which leave anything else, the sibling combinators included, to
// the tokens); then the rule's declaration block.
#include "SheetParser.hpp"

#include "style/SelectorInternal.hpp"

#include <iterator>
#include <optional>
#include <string>

namespace zenit::detail {

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
  DeclarationBlock& d = rule.decls;
  parseDeclarationList(DeclTarget{d.normal, d.important, d.pending, d.custom}, BlockMode{}, end);
}

bool SheetParser::parseSelectorList(const std::vector<Token>& toks, SelectorList& out) {
  return parseSelectors(toks.data(), toks.data() + toks.size(), out, SelectorScope{});
}

namespace {
// Past the `)` that closes the bracket opened just before `q`, or `e` when
// none does.
const Token* pastClose(const Token* q, const Token* e) {
  for (int depth = 1; q < e; ++q) {
    if (q->type == TokenType::Function || q->type == TokenType::LeftParen) ++depth;
    if (q->type == TokenType::RightParen && --depth == 0) return q + 1;
  }
  return e;
}

// The logical pseudo-class a function token names (:is( :where( :not(, any case), if any.
std::optional<LogicalPseudo::Kind> logicalKind(const Token& fn) {
  if (fn.textIs("is")) return LogicalPseudo::Kind::Is;
  if (fn.textIs("where")) return LogicalPseudo::Kind::Where;
  if (fn.textIs("not")) return LogicalPseudo::Kind::Not;
  return std::nullopt;
}
}  // namespace

// The selectors of [b, e), one per comma outside brackets. At the top (a
// rule's prelude) a bad selector skips the rule with an error; inside a
// forgiving :is() or :where() it is dropped from that list with a warning
// (an inner :not() is not forgiving, so its bad selector drops the whole
// item of the :is() around it).
bool SheetParser::parseSelectors(const Token* b, const Token* e, SelectorList& out,
                                 const SelectorScope& scope) {
  SelectorList list;
  // Exact-size reservations: selector parsing is most of a rule's allocations.
  std::size_t commas = 0;
  for (const Token* p = b; p < e; ++p) commas += p->type == TokenType::Comma;
  list.reserve(commas + 1);
  auto bad = [&](const Token& at, const std::string& msg) {
    if (!scope.dropFrom.empty())
      rep_.warn(at, msg + "; the selector is dropped from :" + std::string(scope.dropFrom) + "()");
    else
      rep_.error(at, msg + "; the rule is skipped");
    return false;
  };
  const Token* itemStart = b;
  for (const Token* p = b;; ++p) {
    if (p < e && (p->type == TokenType::Function || p->type == TokenType::LeftParen)) {
      p = pastClose(p + 1, e) - 1;
      continue;
    }
    if (p < e && p->type != TokenType::Comma) continue;
    // One complex selector in [itemStart, p).
    Selector sel;
    if (parseComplex(itemStart, p, b, e, sel, scope, bad)) {
      list.push_back(std::move(sel));
    } else if (!scope.forgiving) {
      return false;
    }
    if (p >= e) break;
    itemStart = p + 1;
  }
  out = std::move(list);
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
      if (sel.compounds.empty()) return bad(sign, "a selector cannot start with " + quoted());
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
          if (const PseudoBits bit = pseudoClassBit(n.text))
            c.pseudo |= bit;
          else
            return bad(n, "unsupported pseudo-class :" + std::string(n.text) +
                              " (supported: :hover, :active, :focus, :checked, :disabled, :root, "
                              ":first-child, :last-child, :only-child, :empty, :is(), :where(), :not())");
          q += 2;
        } else if (q + 1 < itemEnd && q[1].type == TokenType::Function) {
          const Token& fn = q[1];
          const std::optional<LogicalPseudo::Kind> kind = logicalKind(fn);
          if (!kind) return bad(fn, "unsupported pseudo-class :" + std::string(fn.text) + "()");
          const Token* close = pastClose(q + 2, itemEnd);
          if (close == itemEnd && (close == q + 2 || (close - 1)->type != TokenType::RightParen))
            return bad(fn, ":" + std::string(fn.text) + "( is not closed");
          if (scope.depth + 1 > kMaxSelectorNesting)
            return bad(fn, "selectors nested more than " + std::to_string(kMaxSelectorNesting) + " deep");
          LogicalPseudo l;
          l.kind = *kind;
          SelectorScope inner{scope.depth + 1, false, scope.dropFrom};
          if (*kind != LogicalPseudo::Kind::Not)
            inner = {scope.depth + 1, true, fn.textIs("is") ? "is" : "where"};
          SelectorList args;
          if (close - 1 == q + 2) {  // nothing inside: :is() and :where() match nothing
            if (*kind == LogicalPseudo::Kind::Not) return bad(fn, ":not() needs a selector");
          } else if (!parseSelectors(q + 2, close - 1, args, inner)) {
            return false;  // reported inside
          }
          l.selectors.assign(std::make_move_iterator(args.begin()), std::make_move_iterator(args.end()));
          l.compound = static_cast<std::uint32_t>(sel.compounds.size());
          sel.logical.push_back(std::move(l));
          q = close;
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
  DeclarationBlock& b = rule.decls;
  parseDeclarationList(DeclTarget{b.normal, b.important, b.pending, b.custom}, BlockMode{}, open);
  return true;
}

}  // namespace zenit::detail
