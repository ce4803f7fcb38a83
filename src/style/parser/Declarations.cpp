// Declaration lists: a rule's block, a keyframe's, a style attribute. Each
// declaration is read as CSS Syntax 3 §5.4.4 reads it (name, colon, value
// up to `;` or the block's end, `!important`), checked (custom properties,
// unknown names, @keyframes rules, CSS-wide keywords, var()) and handed to
// the value readers. The commonest declarations are read from the bytes
// (byteDeclarations) and handed to the same readers with the same checks.
//
// Sections, in order:
//   Declarations   the token path: parseDeclarationList, parseOneDeclaration,
//                  finishDeclaration, handleDeclaration, custom properties,
//                  var() records (addPending), the list bookkeeping and
//                  applyLone
//   Byte path      byteName*, byteHandle*, byteVar, byteValue,
//                  byteLoneImportant and byteDeclarations, the loop that
//                  reads a block's declarations from the bytes
#include "SheetParser.hpp"
#include "Values.hpp"
#include "core/CssUnits.hpp"
#include "style/CascadeInternal.hpp"
#include "values/Easings.hpp"
#include "values/Var.hpp"

#include <cassert>
#include <string>

namespace zenit::detail {

// `currentcolor` at the top level of the value (inside a function, such as
// color-mix(), it is not supported: that value is read as it is, and fails).
bool hasCurrentColor(const TokenRange& value) {
  int depth = 0;
  for (const Token* t = value.b; t != value.e; ++t) {
    if (t->type == TokenType::Function || t->type == TokenType::LeftParen) ++depth;
    if (t->type == TokenType::RightParen && depth > 0) --depth;
    if (depth == 0 && t->type == TokenType::Ident && t->textIs("currentcolor")) return true;
  }
  return false;
}

const PropertyEntry* findPropertyIn(PropertyCache* names, std::string_view name) {
  return names ? names->find(name) : findProperty(name);
}

// ---------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------

bool SheetParser::parseDeclarationList(const DeclTarget& block, const BlockMode& mode, const Token& open) {
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
        case ByteRead::BlockEnd: return false;
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
            finishDeclaration(name, block, mode, known);
            continue;
          }
        }
        if (parseOneDeclaration(name, block, mode, true)) return true;
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
        return false;
      case TokenType::RightBrace:
        if (mode.inBlock) return false;
        rep_.error(t, "unexpected `}`");
        continue;
      case TokenType::AtKeyword:
        if (mode.nested && (t.textIs("media") || t.textIs("supports"))) {
          unread(t);
          return true;
        }
        rep_.error(
            t,
            atRuleName(t.text) +
                (mode.nested ? " is not allowed inside a style rule (only @media and @supports are); skipped"
                             : " is not allowed inside a declaration block; skipped"));
        skipAtRule(mode.inBlock);
        continue;
      case TokenType::Ident:
        if (parseOneDeclaration(t, block, mode, false)) return true;
        continue;
      default: {
        // Not a declaration: up to `;`, or to a {} block (a nested rule:
        // CSS Nesting), or to our `}`. A nested rule in a style rule is
        // the caller's to read; anywhere else it is skipped.
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
            if (mode.nested) {
              rewindTo(t);
              return true;
            }
            skipBlock();
            block2 = true;
            break;
          }
          if (!(n.atTop() && isCloser(u.type))) n.feed(u);
          u = take();
        }
        rep_.error(t, block2 ? std::string(mode.keyframes
                                               ? "a rule inside a keyframe is not allowed; skipped"
                                               : "a rule inside a style attribute is not allowed; skipped")
                             : "expected a declaration, found " + quoteText(tz_.slice(t.begin, t.end)));
        continue;
      }
    }
  }
}

bool SheetParser::parseOneDeclaration(const Token& name, const DeclTarget& block, const BlockMode& mode,
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
    if (t.type == TokenType::LeftBrace && nest_.atTop()) {
      // A top-level {} block: the start of a nested rule (`Button:hover {`)
      // in a style rule, as CSS Syntax reads it; but for a custom property,
      // whose value may hold one.
      if (mode.nested && !(name.text.size() >= 2 && name.text[0] == '-' && name.text[1] == '-')) {
        rewindTo(name);
        return true;
      }
      sawBlock = true;
    }
    nest_.feed(t);
    if (t.type != TokenType::Whitespace) value_.push_back(t);
    // Noted here, where the token is at hand, instead of a second pass.
    if (t.type == TokenType::Function && t.textIs("var")) valueHasVar_ = true;
    if (sawBlock && nest_.atTop()) break;  // the nested block just closed
    nextValueToken(t);
  }
  if (sawBlock) {
    rep_.error(name,
               mode.nested
                   ? "a `{}` block in a custom property's value is not supported; the declaration is dropped"
               : mode.keyframes ? "a rule inside a keyframe is not allowed; skipped"
                                : "a rule inside a style attribute is not allowed; skipped");
    return false;
  }
  if (!colon) {
    rep_.error(name, "expected `:` after " + quoteText(name.text));
    return false;
  }
  if (nest_.tooDeep()) {
    rep_.error(name, tooDeepMessage() + " in the value of " + std::string(name.text) +
                         "; the declaration is dropped");
    return false;
  }
  finishDeclaration(name, block, mode);
  return false;
}

void SheetParser::rewindTo(const Token& t) {
  hasLa_ = false;
  replay_.clear();
  replayAt_ = 0;
  tz_.seek(Tokenizer::Cursor{t.begin, t.begin - (t.col - 1), t.line});
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
    case Handler::BorderStyle:
    case Handler::OutlineStyle: return;
    default: break;
  }
  if (isAnimationLonghand(e.handler) || isTransitionLonghand(e.handler)) {
    // A one-item list of the item's initial value, merged as a declared
    // longhand is.
    const AnimationRef ar;
    const TransitionRef tr;
    AnimationLonghands a;
    TransitionLonghands t;
    switch (e.handler) {
      case Handler::AnimationName: a.names = std::vector<std::string>{""}; break;
      case Handler::AnimationDuration: a.durations = std::vector<double>{ar.duration}; break;
      case Handler::AnimationTimingFunction:
        a.timingFunctions = std::vector<TransitionFunction>{ar.ease};
        break;
      case Handler::AnimationDelay: a.delays = std::vector<double>{ar.delay}; break;
      case Handler::AnimationIterationCount: a.iterationCounts = std::vector<double>{ar.iterations}; break;
      case Handler::AnimationDirection: a.directions = std::vector<PlaybackDirection>{ar.direction}; break;
      case Handler::AnimationFillMode: a.fillModes = std::vector<FillMode>{ar.fill}; break;
      case Handler::AnimationPlayState: a.playStates = std::vector<PlayState>{ar.playState}; break;
      case Handler::TransitionProperty: t.properties = std::vector<std::string>{"all"}; break;
      case Handler::TransitionDuration: t.durations = std::vector<double>{tr.duration}; break;
      case Handler::TransitionTimingFunction:
        t.timingFunctions = std::vector<TransitionFunction>{tr.ease};
        break;
      case Handler::TransitionDelay: t.delays = std::vector<double>{tr.delay}; break;
      default: t.allowDiscrete = std::vector<bool>{tr.allowDiscrete}; break;
    }
    s.animationLonghands.merge(a);
    s.transitionLonghands.merge(t);
    return;
  }
  e.sets.forEach([&](Prop p) { visitProp2(p, s, d, [](auto& opt, const auto& v) { opt = v; }); });
  if (e.sets.test(Prop::padding)) s.holes.padding = 0;
  if (e.sets.test(Prop::margin)) s.holes.margin = 0;
  if (e.sets.test(Prop::borderRadius)) s.holes.borderRadius = 0;
}

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
      Failure why;
      TokenCursor<true> c(value, &why);
      TransitionFunction f;
      if (!easingAt(c, f) ||
          !(c.end() || c.fail([&] { return "unexpected " + c.quote() + " (one easing per keyframe)"; }))) {
        rep_.error(*value.b, "invalid value for animation-timing-function: " + why.why);
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
    if (notAnimatable.any() || entry->handler == Handler::BorderStyle ||
        entry->handler == Handler::OutlineStyle) {
      rep_.warn(name, std::string(pname) + " is not animatable; ignored in @keyframes");
      return;
    }
    if (valueHasVar_) {
      rep_.error(name, "var() is not supported in @keyframes; the declaration is dropped");
      return;
    }
    // A keyframe's lengths are sampled after the cascade, where only em
    // still resolves (against the animated node's font size).
    for (const Token* t = value.b; t != value.e; ++t) {
      if (t->type != TokenType::Dimension || t->text.empty() ||
          ((t->text[0] | 0x20) != 'r' && (t->text[0] | 0x20) != 'v'))
        continue;
      std::uint8_t relative = 0;
      std::string_view unsupported;
      lengthUnit(t->text, relative, unsupported);
      if ((relative & Value::kRootOrViewport) == 0) continue;
      rep_.error(*t, std::string(relativeUnitName(relative)) +
                         " is not supported in @keyframes (use px, % or em); the declaration is dropped");
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
    } else if ((kw.textIs("inherit") || kw.textIs("unset")) && takesInherit(*entry)) {
      // The parent's value (and, for `unset`, the initial value on rows
      // that do not inherit): known per element, so the cascade decides it
      // at this declaration's place, as it does var() declarations.
      if (mode.keyframes)
        rep_.warn(kw, quoteText(kw.text) +
                          " is not supported in @keyframes (a keyframe is shared, not per element); ignored");
      else
        pushPending(*entry, name.line, name.col, kw.textIs("inherit") ? "inherit" : "unset", important,
                    block);
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
  // currentcolor in a colour: the element's `color`, which the cascade
  // knows per element (as var()).
  if (!mode.keyframes && (entry.sets.bits & kColorRows.bits) != 0 && hasCurrentColor(value)) {
    pushPending(entry, name.line, name.col, value.text(), important, block);
    return;
  }
  const ValueContext ctx{&rep_, entry.name, &name, mode.keyframes, &properties_};
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
  Failure f;
  TokenCursor<true> c(value, &f);
  if (!varCallsAt(c)) {
    rep_.error(*f.at, "invalid value for " + std::string(entry.name) + ": " + f.why);
    return;
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
  if (!applyLoneValue(*entry, value, tz_.source(), block.normal)) return false;
  for (PendingDeclaration& p : block.pending)
    if (!p.important) p.shadowed |= entry->sets;
  return true;
}

// ---------------------------------------------------------------------------
// Byte path
// ---------------------------------------------------------------------------

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
  name = identAt(tz_.source().data(), start, nameEnd, lineStart, line, afterWs);
}

void SheetParser::byteHandle(const Token& name, const PropertyEntry* entry, std::size_t count, bool lone,
                             bool hasVar, const DeclTarget& block, const BlockMode& mode) {
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
  // parseDeclarationList's run of plain tokens ended by `;`, or parseOneDeclaration's value.
  valueHasVar_ = hasVar;
  finishDeclaration(name, b, b + count, block, mode, entry);
}

void SheetParser::byteHandleName(std::size_t start, std::size_t nameEnd, bool afterWs, std::size_t lineStart,
                                 std::uint32_t line, const PropertyEntry* entry, std::size_t count, bool lone,
                                 bool hasVar, const DeclTarget& block, const BlockMode& mode) {
  Token name;
  byteName(name, start, nameEnd, afterWs, lineStart, line);
  byteHandle(name, entry, count, lone, hasVar, block, mode);
}

std::size_t SheetParser::byteVar(const PropertyEntry& entry, std::size_t p, std::uint32_t ln, std::size_t ls,
                                 std::size_t start, const DeclTarget& block) {
  byteValue_.at = p;
  ByteCursor c(byteValue_);
  const std::size_t first = c.tok().begin;
  if (!varCallsAt(c)) return 0;
  pushPending(entry, ln, static_cast<std::uint32_t>(start - ls + 1),
              tz_.source().substr(first, c.tokenEnd() - first), false, block);
  return c.stop();
}

void SheetParser::afterByteReader(const PropertyEntry& entry, std::uint32_t ln, std::size_t ls,
                                  std::size_t start, const DeclTarget& block) {
  // The lists: the shorthands' bookkeeping. (Never in @keyframes: the
  // lists are not animatable, so byteDeclarations leaves them to the token
  // path there, which ignores them and says so.)
  if (entry.bytes == PropertyEntry::Bytes::List)
    listBookkeeping(entry, false, block.normal, ln, static_cast<std::uint32_t>(start - ls + 1));
  for (PendingDeclaration& pd : block.pending)
    if (!pd.important) pd.shadowed |= entry.sets;
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
  bool hasVar = false;  // a var( function among them
  bool bang = false;    // a `!` among them (`!important`, or a stray one)
  std::size_t depth = 0;
  const auto open = [&](const Token& t) {
    if (t.type == TokenType::Function || t.type == TokenType::LeftParen) {
      if (++depth > maxDepth) return false;
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
  // Several tokens: as the token path hands them over.
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
  byteHandleName(start, nameEnd, afterWs, ls, ln, prop, count, false, hasVar, block, mode);
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
  if (!writeImportant(block, [&](Style& s) { return prop.lone(t0, src, s); })) return 0;
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
  // The value readers' input but for where the value starts.
  byteValue_ = ByteValue{src, 0, inBlock, maxDepth(), &properties_};
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
    if (!byteGap(d, n, q, ls, ln)) break;
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
      byteValue_.at = p;
      const std::size_t end = prop->fromBytes(byteValue_, block.normal);
      if (end != 0) {
        if (prop->bytes == PropertyEntry::Bytes::List || !block.pending.empty())
          afterByteReader(*prop, ln, ls, start, block);
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
      const std::size_t end = byteVar(*prop, p, ln, ls, start, block);
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
            prop->lone(t0, src, block.normal)) {
          for (PendingDeclaration& pd : block.pending)
            if (!pd.important) pd.shadowed |= prop->sets;
        } else if (!prop && !keyframes && nameEnd - start >= 2 && d[start] == '-' && d[start + 1] == '-') {
          // A custom property, kept raw as handleDeclaration keeps it.
          addCustom(src.substr(start, nameEnd - start),
                    SourceLoc{fileIndex_, ln, static_cast<std::uint32_t>(start - ls + 1)},
                    TokenRange{&t0, &t0 + 1, src}, false, block);
        } else {
          place();
          byteHandleName(start, nameEnd, start != done.pos, ls, ln, prop, 1, true, false, block, mode);
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

}  // namespace zenit::detail
