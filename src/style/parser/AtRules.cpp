// At-rules: @import (inlined before the importing rules, once per file,
// cycles and late imports reported), @media and @supports (conditional
// groups), @keyframes (its name, keyframe selectors and blocks; the common
// spellings read from the bytes), @timeline (read by Timelines.cpp) and
// the skipped ones (@charset, and the rest with a warning).
//
// [SECTION] Dispatch: parseAtRule
// [SECTION] Conditional groups: @media, the group body
// [SECTION] @supports: the condition, declarations and selector()
// [SECTION] @import
// [SECTION] @keyframes
#include "SheetParser.hpp"
#include "style/CascadeInternal.hpp"

#include <zenit/style/Parser.hpp>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace zenit::detail {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------
// [SECTION] Dispatch
// ---------------------------------------------------------------------------

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
  if (at.textIs("media")) {
    parseMedia(at);
    return;
  }
  if (at.textIs("supports")) {
    parseSupports(at);
    return;
  }
  if (at.textIs("keyframes")) {
    if (media_ != kNoMedia) {
      rep_.warn(at, "@keyframes inside @media is not supported; the at-rule is skipped");
      skipAtRule(true);
      return;
    }
    parseKeyframes(at);
    return;
  }
  if (at.textIs("timeline")) {
    if (media_ != kNoMedia) {
      rep_.warn(at, "@timeline inside @media is not supported; the at-rule is skipped");
      skipAtRule(true);
      return;
    }
    parseTimeline(at);
    return;
  }
  static constexpr std::string_view kKnownUnsupported[] = {"font-face",
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
  rep_.warn(at, known ? atRuleName(at.text) + " is not supported; the at-rule is skipped"
                      : "unknown at-rule @" + std::string(at.text) + "; skipped");
  skipAtRule(groupDepth_ != 0);
}

// ---------------------------------------------------------------------------
// [SECTION] Conditional groups
// ---------------------------------------------------------------------------

bool SheetParser::groupPrelude(const Token& at) {
  Token end;
  const Token first = take();
  const std::string name = atRuleName(at.text);
  if (!readPrelude(first, true, end)) {
    rep_.error(at, end.type == TokenType::Eof ? "unexpected end of file: " + name + " has no `{ … }` block"
                                              : name + " needs a `{ … }` block; the at-rule is skipped");
    if (end.type == TokenType::RightBrace) unread(end);
    return false;
  }
  if (nest_.tooDeep() || groupDepth_ >= maxDepth()) {
    rep_.error(at, tooDeepMessage() + " in " + name + "; the block is skipped");
    skipBlock();
    return false;
  }
  return true;
}

void SheetParser::parseMedia(const Token& at, const SelectorList* parent) {
  if (!groupPrelude(at)) return;
  std::string_view text;
  if (!prelude_.empty()) text = tz_.slice(prelude_.front().begin, prelude_.back().end);
  MediaRule rule;
  rule.query = compileMediaQueries(prelude_, text, rep_);
  rule.parent = media_;
  rule.loc = loc(at);
  const auto index = static_cast<std::uint32_t>(sheet_->media.size());
  sheet_->media.push_back(std::move(rule));
  const std::uint32_t outer = media_;
  media_ = index;
  groupBody(at, parent);
  media_ = outer;
}

void SheetParser::groupBody(const Token& at, const SelectorList* parent) {
  ++groupDepth_;
  if (parent) {
    nestedBlock(addNestedRule(*parent, at), at, parent, false);
    --groupDepth_;
    return;
  }
  bool noImports = false;
  for (;;) {
    if (paths_.selectors && !pending() && byteRule()) continue;
    const Token t = take();
    if (t.type == TokenType::RightBrace) break;
    if (t.type == TokenType::Eof) {
      rep_.error(at, "unexpected end of file: " + atRuleName(at.text) + "'s block is not closed");
      break;
    }
    if (t.type == TokenType::Whitespace || t.type == TokenType::CDO || t.type == TokenType::CDC) continue;
    if (t.type == TokenType::AtKeyword) {
      if (t.textIs("import")) {
        rep_.error(t,
                   "@import must come before every rule, outside " + atRuleName(at.text) + "; it is ignored");
        skipAtRule(true);
        continue;
      }
      parseAtRule(t, noImports);
      continue;
    }
    parseQualifiedRule(t);
  }
  --groupDepth_;
}

// ---------------------------------------------------------------------------
// [SECTION] @supports
// ---------------------------------------------------------------------------

namespace {

// CSS Conditional 3's <supports-condition> over a token range (whitespace
// tokens included), evaluated as it is read. `ok` turns false on a syntax
// error, which makes the whole at-rule invalid.
class SupportsCondition {
 public:
  using Feature = std::function<bool(const Token* b, const Token* e)>;
  SupportsCondition(const Token* b, const Token* e, Feature declaration, Feature selector)
      : p_(b), e_(e), declaration_(std::move(declaration)), selector_(std::move(selector)) {}

  // The condition's value, or nullopt (and `where` set) when it is not one.
  std::optional<bool> read(const Token*& where) {
    const bool v = condition();
    skipSpace();
    if (ok_ && p_ != e_) fail(p_);
    if (!ok_) {
      where = bad_;
      return std::nullopt;
    }
    return v;
  }

 private:
  void skipSpace() {
    while (p_ != e_ && p_->type == TokenType::Whitespace) ++p_;
  }
  void fail(const Token* at) {
    if (ok_) bad_ = at;
    ok_ = false;
  }
  bool word(std::string_view w) const { return p_ != e_ && p_->type == TokenType::Ident && p_->textIs(w); }
  // `not <in-parens>` | `<in-parens> [and <in-parens>]*` | `<in-parens> [or <in-parens>]*`.
  bool condition() {
    skipSpace();
    if (word("not")) {
      ++p_;
      return !inParens();
    }
    bool v = inParens();
    skipSpace();
    if (!word("and") && !word("or")) return v;
    const bool conjunction = word("and");
    while (ok_) {
      skipSpace();
      if (!word(conjunction ? "and" : "or")) {
        if (word(conjunction ? "or" : "and")) fail(p_);  // and and or mixed without parentheses
        break;
      }
      ++p_;
      const bool next = inParens();
      v = conjunction ? (v && next) : (v || next);
    }
    return v;
  }
  // The token after the bracket `open` closes, or e_ when it does not close.
  const Token* matching(const Token* open) const {
    int depth = 0;
    for (const Token* q = open; q != e_; ++q) {
      if (isOpener(q->type)) ++depth;
      if (isCloser(q->type) && --depth == 0) return q;
    }
    return e_;
  }
  static bool isOpener(TokenType t) {
    return t == TokenType::LeftParen || t == TokenType::Function || t == TokenType::LeftBracket ||
           t == TokenType::LeftBrace;
  }
  // `( <supports-condition> )` | `( <declaration> )` | `selector( … )` | anything
  // else in brackets, which CSS reads as false (<general-enclosed>).
  bool inParens() {
    skipSpace();
    if (p_ == e_ || (p_->type != TokenType::LeftParen && p_->type != TokenType::Function)) {
      fail(p_);
      return false;
    }
    const Token* open = p_;
    const Token* close = matching(open);
    if (close == e_) {
      fail(open);
      return false;
    }
    p_ = close + 1;
    const Token* b = open + 1;
    if (open->type == TokenType::Function) return open->textIs("selector") && selector_(b, close);
    while (b != close && b->type == TokenType::Whitespace) ++b;
    if (b != close && b->type == TokenType::Ident) {
      const Token* c = b + 1;
      while (c != close && c->type == TokenType::Whitespace) ++c;
      if (c != close && c->type == TokenType::Colon) return declaration_(b, close);
    }
    if (b != close && (b->type == TokenType::LeftParen || b->type == TokenType::Function ||
                       (b->type == TokenType::Ident && b->textIs("not")))) {
      // A nested condition, read with the same rules; a syntax error inside
      // is general-enclosed text (false), not an error of the whole rule.
      SupportsCondition inner(b, close, declaration_, selector_);
      const Token* where = nullptr;
      return inner.read(where).value_or(false);
    }
    return false;
  }

  const Token* p_;
  const Token* e_;
  Feature declaration_;
  Feature selector_;
  bool ok_{true};
  const Token* bad_{nullptr};
};

}  // namespace

bool SheetParser::declarationSupported(const Token* b, const Token* e) {
  const Token& property = *b;
  const Token* colon = b + 1;
  while (colon != e && colon->type != TokenType::Colon) ++colon;
  const Token* v = colon + 1;
  while (v != e && v->type == TokenType::Whitespace) ++v;
  const Token* end = e;
  while (end != v && (end - 1)->type == TokenType::Whitespace) --end;
  // `!important` is part of a declaration's grammar.
  if (end - v >= 2 && (end - 1)->type == TokenType::Ident && (end - 1)->textIs("important")) {
    const Token* bang = end - 2;
    while (bang != v && bang->type == TokenType::Whitespace) --bang;
    if (bang->isDelim('!')) {
      end = bang;
      while (end != v && (end - 1)->type == TokenType::Whitespace) --end;
    }
  }
  if (v == end) return false;  // an empty value is no declaration
  const std::string_view name = property.text;
  if (name.size() > 2 && name[0] == '-' && name[1] == '-') return true;  // any custom property
  bool hasVar = false;
  for (const Token* t = v; t != end; ++t)
    hasVar = hasVar || (t->type == TokenType::Function && t->textIs("var"));
  if (hasVar) return findProperty(name) != nullptr;  // valid at parse time, as CSS reads var()
  // inherit, unset and currentcolor: supported where the parser keeps them
  // for the cascade.
  const PropertyEntry* entry = findProperty(name);
  if (entry && end - v == 1 && (v->textIs("inherit") || v->textIs("unset")) && takesInherit(*entry))
    return true;
  std::string text(tz_.slice(v->begin, (end - 1)->end));
  if (entry && (entry->sets.bits & kColorRows.bits) != 0 && hasCurrentColor(TokenRange{v, end, tz_.source()}))
    replaceCurrentColor(text);
  Style scratch;
  return parseDeclaration(name, text, scratch);
}

bool SheetParser::selectorSupported(const Token* b, const Token* e) {
  std::vector<Token> toks(b, e);
  const Reporter quiet{nullptr, rep_.file, false};
  const Reporter saved = rep_;
  rep_ = quiet;  // a selector this parser does not read is a false condition, not an error
  SelectorList list;
  const bool ok = !toks.empty() && parseSelectorList(toks, list);
  rep_ = saved;
  return ok;
}

void SheetParser::parseSupports(const Token& at, const SelectorList* parent) {
  if (!groupPrelude(at)) return;
  const std::vector<Token>& condition = prelude_;  // the checks below read their own tokens
  SupportsCondition reader(
      condition.data(), condition.data() + condition.size(),
      [this](const Token* b, const Token* e) { return declarationSupported(b, e); },
      [this](const Token* b, const Token* e) { return selectorSupported(b, e); });
  const Token* where = nullptr;
  const std::optional<bool> holds = reader.read(where);
  if (!holds) {
    const Token& bad = where != nullptr && where != condition.data() + condition.size() ? *where : at;
    rep_.error(bad,
               condition.empty()
                   ? "@supports needs a condition, such as `(display: flex)`; the at-rule is skipped"
                   : "@supports: " + quoteText(tz_.slice(condition.front().begin, condition.back().end)) +
                         " is not a condition; the at-rule is skipped");
    skipBlock();
    return;
  }
  if (!*holds) {
    skipBlock();  // a feature this parser does not read: CSS skips the block silently
    return;
  }
  groupBody(at, parent);
}

// ---------------------------------------------------------------------------
// [SECTION] @import
// ---------------------------------------------------------------------------

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

SheetParser::KeyframeRead SheetParser::byteKeyframeSelector(std::vector<float>& offsets, Token& first,
                                                            Token& open) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const Tokenizer::Cursor at = tz_.cursor();
  std::size_t q = at.pos;
  std::size_t ls = at.lineStart;
  std::uint32_t ln = at.line;
  if (!byteGap(d, n, q, ls, ln)) return KeyframeRead::None;  // the gap before it
  if (d[q] == '}') {                                         // the block's end, as the token path takes it
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

// ---------------------------------------------------------------------------
// [SECTION] @keyframes
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
        rep_.error(t, atRuleName(t.text) + " is not allowed inside @keyframes; skipped");
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
    const BlockMode mode{true, true, false, &easing};
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

}  // namespace zenit::detail
