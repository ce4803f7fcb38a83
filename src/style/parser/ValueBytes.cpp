// The byte readers of values: colours, lengths and positions, border, flex,
// box-shadow, transform, and the animation and transition lists, read
// straight from the source for byteDeclarations with the token path's
// checks, or refused (0) with nothing written.
#include "SheetParser.hpp"
#include "values/Colors.hpp"

#include <zenit/core/Color.hpp>

#include <algorithm>
#include <array>
#include <string>

namespace zenit::detail {
std::size_t SheetParser::byteListEasing(const ListCursor& c) {
  // An easing function (tryEasing's mayBeEasing: no calc(), no var()) of
  // numbers and identifiers separated by commas up to its `)`: the tokens
  // readValueToken would read there, with the fields parseEasingAt reads
  // (types, texts, numbers and their kInteger, and where the function
  // begins and ends, for its text), then parseEasingAt on them.
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const auto digit = [](char x) { return static_cast<unsigned char>(x - '0') < 10; };
  // What may follow an argument: spaces, tabs, `,` and `)`; anything else
  // (units, `%`, exponents, escapes, comments…) is the tokens'.
  const auto argEnd = [](char x) { return x == ' ' || x == '\t' || x == ',' || x == ')'; };
  Token* const toks = byteToks_.data();
  const std::size_t k = c.k;
  std::size_t q = nameEnd(d, k + 1, n);  // at the `(` (byteListPart saw it)
  Token& fn = toks[0];
  fn.type = TokenType::Function;
  fn.flags = 0;
  fn.text = std::string_view(d + k, q - k);
  fn.begin = static_cast<std::uint32_t>(k);
  fn.end = static_cast<std::uint32_t>(++q);
  if (!mayBeEasing(fn)) return 0;
  std::size_t count = 1;
  for (;;) {
    while (q < n && (d[q] == ' ' || d[q] == '\t')) ++q;
    if (q >= n || count == kByteTokens) return 0;
    Token& a = toks[count++];
    a.flags = 0;
    a.begin = static_cast<std::uint32_t>(q);
    const char x = d[q];
    if (x == ')' || x == ',') {
      a.type = x == ')' ? TokenType::RightParen : TokenType::Comma;
      a.end = static_cast<std::uint32_t>(++q);
      if (x == ')') break;
      continue;
    }
    if (digit(x) || (x == '-' && q + 1 < n && digit(d[q + 1]))) {
      // readValueToken's number: at most 15 digits, an optional fraction, the same double.
      const bool neg = x == '-';
      const PlainDigits num = scanPlainDigits(d, neg ? q + 1 : q, n);
      q = num.end;
      if (num.digits > 15 || q >= n || !argEnd(d[q])) return 0;
      const double v = static_cast<double>(num.m) / kPow10[num.frac];
      a.type = TokenType::Number;
      a.number = neg ? -v : v;
      if (num.frac == 0) a.flags = Token::kInteger;
      if (neg) a.flags = static_cast<std::uint8_t>(a.flags | Token::kSigned);
    } else if ((byteClass(x) & kNameStart) && x != 0 && x != '_' && !(x & 0x80)) {
      // A name of ASCII letters first (the step positions).
      q = nameEnd(d, q + 1, n);
      if (q >= n || !argEnd(d[q])) return 0;
      a.type = TokenType::Ident;
      a.text = std::string_view(d + a.begin, q - a.begin);
    } else {
      return 0;
    }
    a.end = static_cast<std::uint32_t>(q);
  }
  const TokenRange r{toks, toks + count, src};
  const Token* at = toks;
  if (!parseEasingAt(r, at, listEase_, listWhy_) || at != r.e || q >= n) return 0;
  const char x = d[q];
  return x == ' ' || x == '\t' || x == ',' || x == ';' || x == '}' ? q
                                                                   : 0;  // as byteListPart's components end
}

bool SheetParser::byteListPart(ListCursor& c) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  const auto digit = [](char x) { return static_cast<unsigned char>(x - '0') < 10; };
  const auto letter = [](char x) { return static_cast<unsigned char>((x | 0x20) - 'a') < 26 || x == '_'; };
  // What may follow a component: what ends its token for byteList's loop
  // (spaces, tabs, `,`, `;`, `}`). Anything else (`/`, `!`, a backslash, a NUL, a
  // line break…) leaves the value to the tokens.
  const auto ender = [](char x) { return x == ' ' || x == '\t' || x == ',' || x == ';' || x == '}'; };
  std::size_t k = c.k;
  if (k >= n) return false;
  const char c0 = d[k];
  std::size_t e = 0;
  if (digit(c0) || (c0 == '-' && k + 1 < n && digit(d[k + 1]))) {
    // readValueToken's number (at most 15 digits, an optional fraction, no
    // exponent: the same double), then `s`, `ms` or nothing.
    const bool neg = c0 == '-';
    const PlainDigits num = scanPlainDigits(d, neg ? k + 1 : k, n);
    const std::size_t q = num.end;
    if (num.digits > 15 || q >= n) return false;
    const double v = static_cast<double>(num.m) / kPow10[num.frac];
    const double number = neg ? -v : v;
    if (d[q] == 's') {
      e = q + 1;
      c.seconds = number * kSecondsPerS;  // parseTime's number times timeFactor's factor
      c.kind = ListCursor::Part::Time;
    } else if (d[q] == 'm' && q + 1 < n && d[q + 1] == 's') {
      e = q + 2;
      c.seconds = number * kSecondsPerMs;
      c.kind = ListCursor::Part::Time;
    } else {
      e = q;
      c.t.type = TokenType::Number;
      c.t.number = number;
      c.kind = ListCursor::Part::Number;
    }
    if (e >= n || !ender(d[e])) return false;
  } else if (letter(c0) || (c0 == '-' && k + 1 < n && letter(d[k + 1]))) {
    e = nameEnd(d, k + 1, n);
    if (e >= n) return false;
    if (d[e] == '(') {
      e = byteListEasing(c);
      if (e == 0) return false;
      c.kind = ListCursor::Part::Easing;
    } else {
      if (!ender(d[e])) return false;
      c.t.type = TokenType::Ident;
      c.t.text = std::string_view(d + k, e - k);
      // A CSS-wide keyword is the whole value (handleDeclaration's) or an
      // error in every list. (Its first byte first: most names are none.)
      const char f = static_cast<char>(c0 | 0x20);
      if ((f == 'i' || f == 'u' || f == 'r') && isCssWideKeyword(c.t)) return false;
      c.kind = ListCursor::Part::Ident;
    }
  } else {
    return false;  // a comma where a component belongs (an empty item), and anything else
  }
  // What follows: spaces or tabs and the item's next component, `,` and
  // the next item, or the value's end as byteList sees it.
  const std::size_t tokenEnd = e;
  while (e < n && (d[e] == ' ' || d[e] == '\t')) ++e;
  if (e >= n) return false;
  const char x = d[e];
  if (x == ';') {
    c.itemEnd = c.valueEnd = true;
    c.end = e + 1;
  } else if (x == '}') {
    if (!c.inBlock) return false;
    c.itemEnd = c.valueEnd = true;
    c.end = tokenEnd;
  } else if (x == ',') {
    c.itemEnd = true;
    c.gap = ++e;
    while (e < n && (d[e] == ' ' || d[e] == '\t')) ++e;
  } else {
    c.itemEnd = false;
    c.gap = tokenEnd;
  }
  c.k = e;
  return true;
}

std::size_t SheetParser::byteListItems(const PropertyEntry& entry, std::size_t p, std::uint32_t ln,
                                       std::size_t ls, bool inBlock, Style& out) {
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  std::size_t k = p;
  while (k < n && (d[k] == ' ' || d[k] == '\t')) ++k;
  ListCursor c;
  c.k = k;
  c.gap = p;
  c.ln = ln;
  c.ls = ls;
  c.inBlock = inBlock;
  using Part = ListCursor::Part;
  const Token& t = c.t;
  const Part& kind = c.kind;
  const double& seconds = c.seconds;
  const bool& itemEnd = c.itemEnd;
  const bool& valueEnd = c.valueEnd;
  const auto next = [&] { return byteListPart(c); };
  // tryEasing's mayBeEasing for an identifier (its first byte first: most names are none).
  const auto easingName = [&] {
    const char f = static_cast<char>(t.text[0] | 0x20);
    return (f == 'e' || f == 'l' || f == 's') && mayBeEasing(t);
  };
  // A shorthand item's easing, as tryEasing takes it: the function read,
  // or a keyword (which mayBeEasing always accepts). Another name that may
  // be an easing (parseEasing's own, or none) is the token path's: refused
  // set.
  bool refused = false;
  const auto shorthandEasing = [&](TransitionFunction& f, bool& has) {
    if (kind == Part::Easing) {
      f = listEase_;
    } else if (kind != Part::Ident) {
      return false;
    } else if (const TransitionFunction* kw = easingKeyword(t)) {
      f = *kw;
    } else {
      refused = easingName();
      return false;
    }
    has = true;
    return true;
  };
  // A longhand item's easing, as parseEasingAt reads it: the function
  // read, or a keyword; any other name is the token path's.
  const auto easing = [&](TransitionFunction& f) {
    if (kind == Part::Easing) {
      f = listEase_;
      return true;
    }
    const TransitionFunction* kw = easingKeyword(t);
    if (!kw) return false;
    f = *kw;
    return true;
  };
  // The first time is the duration unless negative, the second the delay, a third an error.
  const auto time = [&](double& duration, double& delay, bool& hasDur, bool& hasDelay) {
    if (!hasDur && seconds >= 0) {
      duration = std::max(seconds, 0.0);
      hasDur = true;
    } else if (!hasDelay) {
      delay = seconds;
      hasDelay = true;
    } else {
      return false;
    }
    return true;
  };
  // A longhand's items, one component each: read(item) takes it or refuses.
  const auto longhand = [&](auto& list, auto read) {
    std::remove_reference_t<decltype(*list)> v;
    do {
      if (!next() || !itemEnd) return false;
      if (v.empty() && !valueEnd) v.reserve(2);  // more than one item: room for two, not one then two
      if (!read(v.emplace_back())) return false;
    } while (!valueEnd);
    list = std::move(v);
    return true;
  };
  // A keyword longhand's item (direction, fill mode, play state): the
  // keyword of the list's type, read as parseKeyword reads it.
  const auto keywordItem = [&]<typename K>(K& v) {
    const auto kw = kind == Part::Ident ? parseKeyword<K>(t.text) : std::nullopt;
    if (kw) v = *kw;
    return kw.has_value();
  };
  const auto isDuration = [&](const Handler h) {
    return h == Handler::AnimationDuration || h == Handler::TransitionDuration;
  };
  AnimationLonghands& al = out.animationLonghands;
  TransitionLonghands& tl = out.transitionLonghands;
  bool ok = false;
  switch (entry.handler) {
    case Handler::Row:
      if (entry.row == Prop::animations) {
        // parseAnimationShorthand's categories, in its order: duration,
        // timing function, delay, iteration count, direction, fill mode,
        // play state, name.
        AnimationList list;
        do {
          AnimationRef ref;
          bool hasDur = false, hasEase = false, hasDelay = false, hasIter = false, hasDir = false,
               hasFill = false, hasPlay = false, hasName = false;
          do {
            if (!next()) return 0;
            if (kind == Part::Time) {
              if (!time(ref.duration, ref.delay, hasDur, hasDelay)) return 0;
              continue;
            }
            if (kind == Part::Ident && !hasDur && t.textIs("auto")) {
              hasDur = true;
              continue;
            }
            if (!hasEase && shorthandEasing(ref.ease, hasEase)) continue;
            if (refused) return 0;
            if (kind == Part::Number) {
              // tryIterations: a number >= 0 that fits a float; nothing else takes one.
              if (hasIter || !finiteFloat(t.number) || t.number < 0) return 0;
              ref.iterations = t.number;
              hasIter = true;
              continue;
            }
            if (kind != Part::Ident) return 0;  // a second easing
            if (!hasIter && t.textIs("infinite")) {
              ref.iterations = AnimationRef::kInfinite;
              hasIter = true;
            } else if (const auto dir = hasDir ? std::nullopt : parseKeyword<PlaybackDirection>(t.text)) {
              ref.direction = *dir;
              hasDir = true;
            } else if (const auto fill = hasFill ? std::nullopt : parseKeyword<FillMode>(t.text)) {
              ref.fill = *fill;
              hasFill = true;
            } else if (const auto play = hasPlay ? std::nullopt : parseKeyword<PlayState>(t.text)) {
              ref.playState = *play;
              hasPlay = true;
            } else if (!hasName && t.textIs("none")) {
              ref.name.clear();
              hasName = true;
            } else if (!hasName && keyframesNameAt(t, ref.name, true)) {
              hasName = true;
            } else {
              return 0;
            }
          } while (!itemEnd);
          // Built apart and moved in, so that the list is reserved once: for
          // one item when the first ends the value, else for two.
          if (list.empty()) list.reserve(valueEnd ? 1 : 2);
          list.push_back(std::move(ref));
        } while (!valueEnd);
        // parseRow's write.
        out.animations.value = std::move(list);
        out.animations.is_set = true;
        return c.end;
      }
      if (entry.row == Prop::transitions) {
        // parseTransitionShorthand's: duration, timing function, delay,
        // behavior, property.
        TransitionList list;
        do {
          TransitionRef ref;
          bool hasDur = false, hasEase = false, hasDelay = false, hasBehavior = false, hasProp = false;
          do {
            if (!next()) return 0;
            if (kind == Part::Time) {
              if (!time(ref.duration, ref.delay, hasDur, hasDelay)) return 0;
              continue;
            }
            if (!hasEase && shorthandEasing(ref.ease, hasEase)) continue;
            if (refused) return 0;
            if (kind != Part::Ident) return 0;
            if (!hasBehavior && (t.textIs("normal") || t.textIs("allow-discrete"))) {
              ref.allowDiscrete = t.textIs("allow-discrete");
              hasBehavior = true;
            } else if (!hasProp && !t.textIs("default") && !t.textIs("none")) {
              // (`none` is valid as the whole list only: the token path's.)
              describeTransitionProperty(t.text, ref, &properties_);
              hasProp = true;
            } else {
              return 0;
            }
          } while (!itemEnd);
          if (!hasProp) {  // the item's initial property (the token path's first write)
            ref.property = "all";
            ref.all = true;
            ref.known = true;
          }
          if (list.empty()) list.reserve(valueEnd ? 1 : 2);
          list.push_back(std::move(ref));
        } while (!valueEnd);
        out.transitions.value = std::move(list);
        out.transitions.is_set = true;
        return c.end;
      }
      return 0;
    // The longhands: parseAnimationLonghand's and parseTransitionLonghand's
    // checks, each list then taken into the longhands as takeLonghands takes it.
    case Handler::AnimationName:
      ok = longhand(al.names, [&](std::string& name) {
        if (kind != Part::Ident) return false;
        if (t.textIs("none")) return true;  // ""
        return keyframesNameAt(t, name, false);
      });
      break;
    case Handler::AnimationDuration:
    case Handler::AnimationDelay:
    case Handler::TransitionDuration:
    case Handler::TransitionDelay: {
      const bool dur = isDuration(entry.handler);
      const bool autoOk = entry.handler == Handler::AnimationDuration;
      const auto read = [&](double& s) {
        if (autoOk && kind == Part::Ident && t.textIs("auto")) return true;  // 0s
        if (kind != Part::Time || (dur && seconds < 0)) return false;
        s = seconds;
        return true;
      };
      if (entry.handler == Handler::AnimationDuration)
        ok = longhand(al.durations, read);
      else if (entry.handler == Handler::AnimationDelay)
        ok = longhand(al.delays, read);
      else if (dur)
        ok = longhand(tl.durations, read);
      else
        ok = longhand(tl.delays, read);
      break;
    }
    case Handler::AnimationTimingFunction:
    case Handler::TransitionTimingFunction: {
      // parseEasingAt on each item: a keyword or a function read.
      const auto read = [&](TransitionFunction& f) {
        return (kind == Part::Easing || kind == Part::Ident) && easing(f);
      };
      ok = entry.handler == Handler::AnimationTimingFunction ? longhand(al.timingFunctions, read)
                                                             : longhand(tl.timingFunctions, read);
      break;
    }
    case Handler::AnimationIterationCount:
      ok = longhand(al.iterationCounts, [&](double& count) {
        if (kind == Part::Ident && t.textIs("infinite")) {
          count = AnimationRef::kInfinite;
          return true;
        }
        if (kind != Part::Number || !finiteFloat(t.number) || t.number < 0) return false;
        count = t.number;
        return true;
      });
      break;
    case Handler::AnimationDirection: ok = longhand(al.directions, keywordItem); break;
    case Handler::AnimationFillMode: ok = longhand(al.fillModes, keywordItem); break;
    case Handler::AnimationPlayState: ok = longhand(al.playStates, keywordItem); break;
    case Handler::TransitionProperty: {
      TransitionRef ref;
      ok = longhand(tl.properties, [&](std::string& name) {
        // (`none` alone, the empty list, is the token path's.)
        if (kind != Part::Ident || t.textIs("default") || t.textIs("none")) return false;
        describeTransitionProperty(t.text, ref, &properties_);
        name = std::move(ref.property);
        return true;
      });
      break;
    }
    case Handler::TransitionBehavior:
      ok = longhand(tl.allowDiscrete, [&](std::vector<bool>::reference v) {
        if (kind != Part::Ident || !(t.textIs("normal") || t.textIs("allow-discrete"))) return false;
        v = t.textIs("allow-discrete");
        return true;
      });
      break;
    default: break;
  }
  return ok ? c.end : 0;
}

std::size_t SheetParser::byteList(const PropertyEntry& entry, std::size_t p, std::uint32_t ln, std::size_t ls,
                                  std::size_t start, bool inBlock, Style& out) {
  // Never in @keyframes: the lists are not animatable, so byteDeclarations
  // leaves them to the token path there (which ignores them, and says so).
  if (const std::size_t e = byteListItems(entry, p, ln, ls, inBlock, out)) {
    listBookkeeping(entry, false, out, ln, static_cast<std::uint32_t>(start - ls + 1));
    return e;
  }
  // Otherwise the general reader, on the tokens:
  // The value's tokens as byteValue reads them, up to `;` (or `}` in a
  // block) outside any function.
  const std::string_view src = tz_.source();
  const char* const d = src.data();
  const std::size_t n = src.size();
  Token* const toks = byteToks_.data();
  const auto maxDepth = static_cast<std::size_t>(opt_.maxNesting > 0 ? opt_.maxNesting : 1);
  std::size_t count = 0;
  std::size_t depth = 0;
  std::size_t end = 0;
  std::size_t tokenEnd = p;
  for (;;) {
    while (p < n && (d[p] == ' ' || d[p] == '\t')) ++p;
    if (p >= n) return 0;
    if (depth == 0 && count != 0) {
      if (d[p] == ';') {
        end = p + 1;
        break;
      }
      if (d[p] == '}' && inBlock) {
        end = tokenEnd;
        break;
      }
    }
    if (count == kByteTokens) return 0;
    Token& t = toks[count];
    const std::size_t e = readValueToken<false>(d, n, p, ln, ls, p != tokenEnd, t);
    if (e == 0) return 0;
    if (t.type == TokenType::Function || t.type == TokenType::LeftParen) {
      if (++depth > maxDepth || (t.type == TokenType::Function && t.textIs("var"))) return 0;
    } else if (t.type == TokenType::RightParen) {
      if (depth == 0) return 0;
      --depth;
    } else if (t.type == TokenType::Delim && t.text[0] == '!') {
      return 0;  // `!important`, or a `!` the token path reports
    }
    ++count;
    p = tokenEnd = e;
  }
  // A CSS-wide keyword alone is handleDeclaration's.
  if (count == 1 && isCssWideKeyword(toks[0])) return 0;
  const ValueContext ctx{nullptr, entry.name, nullptr, false, &properties_};
  if (!applyDeclaration(entry, TokenRange{toks, toks + count, src}, out, ctx)) return 0;
  listBookkeeping(entry, false, out, ln, static_cast<std::uint32_t>(start - ls + 1));
  return end;
}

}  // namespace zenit::detail
