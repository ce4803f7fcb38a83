// The property names the parser accepts: every BUBBLE_STYLE_PROPS row by
// its css-name, plus the CSS shorthands and longhands mapped onto rows.
// Lookup is one hash probe on the lower-cased name.
#include "ParserInternal.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

namespace zenit {
namespace detail {

namespace {

PropSet setOf(std::initializer_list<Prop> ps) {
  PropSet s;
  for (Prop p : ps) s.set(p);
  return s;
}

std::vector<PropertyEntry> buildTable() {
  std::vector<PropertyEntry> t;
#define ZENIT_DETAIL_ROW_ENTRY(T, name, def, css, flags)                           \
  t.push_back(PropertyEntry{css, Handler::Row, Prop::name, 0, setOf({Prop::name}), \
                            loneWriterOf(Handler::Row, Prop::name, 0)});
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_ROW_ENTRY)
#undef ZENIT_DETAIL_ROW_ENTRY
  auto add = [&](std::string_view n, Handler h, PropSet s, std::uint8_t side = 0) {
    t.push_back(PropertyEntry{n, h, Prop::Count, side, s, loneWriterOf(h, Prop::Count, side)});
  };
  add("transform", Handler::Transform,
      setOf({Prop::translateX, Prop::translateY, Prop::scaleX, Prop::scaleY, Prop::rotate, Prop::skewX,
             Prop::skewY}));
  add("translate", Handler::Translate, setOf({Prop::translateX, Prop::translateY}));
  add("scale", Handler::Scale, setOf({Prop::scaleX, Prop::scaleY}));
  add("transform-origin", Handler::TransformOrigin, setOf({Prop::transformOriginX, Prop::transformOriginY}));
  add("gap", Handler::Gap, setOf({Prop::rowGap, Prop::columnGap}));
  add("inset", Handler::Inset, setOf({Prop::top, Prop::right, Prop::bottom, Prop::left}));
  add("border", Handler::Border, setOf({Prop::borderWidth, Prop::borderColor}));
  add("border-style", Handler::BorderStyle, PropSet{});
  add("outline", Handler::Outline, setOf({Prop::outlineWidth, Prop::outlineColor}));
  add("outline-style", Handler::OutlineStyle, PropSet{});
  add("border-top-left-radius", Handler::RadiusCorner, setOf({Prop::borderRadius}), 0);
  add("border-top-right-radius", Handler::RadiusCorner, setOf({Prop::borderRadius}), 1);
  add("border-bottom-right-radius", Handler::RadiusCorner, setOf({Prop::borderRadius}), 2);
  add("border-bottom-left-radius", Handler::RadiusCorner, setOf({Prop::borderRadius}), 3);
  add("padding-top", Handler::PaddingSide, setOf({Prop::padding}), 0);
  add("padding-right", Handler::PaddingSide, setOf({Prop::padding}), 1);
  add("padding-bottom", Handler::PaddingSide, setOf({Prop::padding}), 2);
  add("padding-left", Handler::PaddingSide, setOf({Prop::padding}), 3);
  add("margin-top", Handler::MarginSide, setOf({Prop::margin}), 0);
  add("margin-right", Handler::MarginSide, setOf({Prop::margin}), 1);
  add("margin-bottom", Handler::MarginSide, setOf({Prop::margin}), 2);
  add("margin-left", Handler::MarginSide, setOf({Prop::margin}), 3);
  add("flex", Handler::Flex, setOf({Prop::flexGrow, Prop::flexShrink, Prop::flexBasis}));
  add("background", Handler::Background, setOf({Prop::backgroundColor, Prop::backgroundImage}));
  const PropSet anim = setOf({Prop::animations});
  add("animation-name", Handler::AnimationName, anim);
  add("animation-duration", Handler::AnimationDuration, anim);
  add("animation-timing-function", Handler::AnimationTimingFunction, anim);
  add("animation-delay", Handler::AnimationDelay, anim);
  add("animation-iteration-count", Handler::AnimationIterationCount, anim);
  add("animation-direction", Handler::AnimationDirection, anim);
  add("animation-fill-mode", Handler::AnimationFillMode, anim);
  add("animation-play-state", Handler::AnimationPlayState, anim);
  const PropSet trans = setOf({Prop::transitions});
  add("transition-property", Handler::TransitionProperty, trans);
  add("transition-duration", Handler::TransitionDuration, trans);
  add("transition-timing-function", Handler::TransitionTimingFunction, trans);
  add("transition-delay", Handler::TransitionDelay, trans);
  add("transition-behavior", Handler::TransitionBehavior, trans);
  for (PropertyEntry& e : t) {
    e.fromBytes = byteReaderOf(e.handler, e.row);
    if (isAnimationLonghand(e.handler) || isTransitionLonghand(e.handler) ||
        (e.handler == Handler::Row && (e.row == Prop::animations || e.row == Prop::transitions)))
      e.bytes = PropertyEntry::Bytes::List;
    else if (e.handler == Handler::Background ||
             (e.handler == Handler::Row && (e.row == Prop::color || e.row == Prop::backgroundColor ||
                                            e.row == Prop::borderColor || e.row == Prop::outlineColor)))
      e.bytes = PropertyEntry::Bytes::Color;
    else if (e.fromBytes)
      e.bytes = PropertyEntry::Bytes::Reader;
  }
  return t;
}

// Hashes five bytes (length, first two, middle, last), not the whole name:
// property names differ in those, so a lookup costs one probe and one compare
// instead of a pass over every byte to lower-case and hash it. `at` gives
// the lower-cased byte i of the name.
template <class At>
std::uint32_t nameHash(std::size_t n, At at) {
  std::uint32_t h = static_cast<std::uint32_t>(n) * 0x9E3779B1u;
  h ^= static_cast<std::uint32_t>(static_cast<unsigned char>(at(0))) * 0x85EBCA77u;
  h ^= static_cast<std::uint32_t>(static_cast<unsigned char>(at(n > 1 ? 1 : 0))) * 0xC2B2AE3Du;
  h ^= static_cast<std::uint32_t>(static_cast<unsigned char>(at(n / 2))) * 0x27D4EB2Fu;
  h ^= static_cast<std::uint32_t>(static_cast<unsigned char>(at(n - 1))) * 0x165667B1u;
  // Mix so the low bits (the slot) depend on every input byte.
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13;
  h *= 0xC2B2AE35u;
  return h ^ (h >> 16);
}

// Open addressing, load <= 1/4: a lookup is usually one probe and one compare.
struct Table {
  std::vector<PropertyEntry> entries = buildTable();
  std::vector<std::int16_t> slots;  // index into entries, -1 = empty
  Table() {
    std::size_t n = 16;
    while (n < entries.size() * 4) n *= 2;
    slots.assign(n, -1);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const std::string_view name = entries[i].name;
      std::size_t s = nameHash(name.size(), [&](std::size_t k) { return name[k]; }) & (n - 1);
      while (slots[s] >= 0) s = (s + 1) & (n - 1);
      slots[s] = static_cast<std::int16_t>(i);
    }
  }
};

const Table& table() {
  static const Table t;
  return t;
}

}  // namespace

const std::vector<PropertyEntry>& propertyTable() { return table().entries; }

const PropertyEntry* findProperty(std::string_view name) {
  // Property names are ASCII case-insensitive; table names are lower case.
  const std::size_t n = name.size();
  if (n == 0 || n >= 40) return nullptr;
  const Table& t = table();
  const std::size_t mask = t.slots.size() - 1;
  const char* d = name.data();
  for (std::size_t s = nameHash(n, [d](std::size_t k) { return lowerAscii(d[k]); }) & mask; t.slots[s] >= 0;
       s = (s + 1) & mask) {
    const PropertyEntry& e = t.entries[static_cast<std::size_t>(t.slots[s])];
    if (e.name.size() != n) continue;
    if (std::memcmp(d, e.name.data(), n) == 0) return &e;  // names are nearly always written in lower case
    std::size_t i = 0;
    while (i < n && lowerAscii(d[i]) == e.name[i]) ++i;
    if (i == n) return &e;
  }
  return nullptr;
}

}  // namespace detail

namespace {

// Damerau–Levenshtein distance (optimal string alignment), ASCII case-insensitive.
std::size_t editDistance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
  auto low = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
  for (std::size_t j = 0; j <= m; ++j) prev[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = low(a[i - 1]) == low(b[j - 1]) ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && low(a[i - 1]) == low(b[j - 2]) && low(a[i - 2]) == low(b[j - 1]))
        cur[j] = std::min(cur[j], prev2[j - 2] + 1);
    }
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return prev[m];
}

template <class T>
std::string keywordsOf() {
  std::string s;
  for (std::string_view k : EnumTraits<T>::keywords) {
    if (!s.empty()) s += " | ";
    s += k;
  }
  return s;
}

template <class T>
std::string rowSyntax(Prop p, const T& def) {
  const auto flags = propInfo(p).flags;
  if constexpr (std::is_same_v<T, float>) {
    if (flags & PF_UNIT) return "<number> | <percentage>  (clamped to [0, 1])";
    if (flags & PF_ANGLE) return "none | <angle> | z <angle>";
    if (p == Prop::borderWidth || p == Prop::outlineWidth) return "<length> | thin | medium | thick";
    if (p == Prop::outlineOffset) return "<length>";
    if (p == Prop::scaleX || p == Prop::scaleY) return "<number> | <percentage>";
    return (flags & PF_NONNEG) ? "<number>  (>= 0)" : "<number>";
  } else if constexpr (std::is_same_v<T, Color>) {
    return "<color>";
  } else if constexpr (std::is_same_v<T, Value>) {
    std::string s = (flags & PF_NONNEG) ? "<length-percentage>  (>= 0)" : "<length-percentage>";
    if (def.isAuto()) s += " | auto";
    if (def.isNone()) s += " | none";
    if (p == Prop::transformOriginX) s += " | left | center | right";
    if (p == Prop::transformOriginY) s += " | top | center | bottom";
    if (p == Prop::rowGap || p == Prop::columnGap) s += " | normal";
    return s;
  } else if constexpr (std::is_same_v<T, Spacing>) {
    return p == Prop::margin ? "[<length-percentage> | auto]{1,4}" : "<length-percentage>{1,4}  (>= 0)";
  } else if constexpr (std::is_same_v<T, Corners>) {
    return "<length-percentage>{1,4}  (>= 0; no `/`)";
  } else if constexpr (std::is_same_v<T, GradientImage>) {
    return "none | [repeating-]{linear,radial,conic}-gradient()  (one; at most 8 stops)";
  } else if constexpr (std::is_same_v<T, ShadowList>) {
    return "none | [inset? <length>{2,4} <color>?]#  (at most 4)";
  } else if constexpr (std::is_same_v<T, ZIndex>) {
    return "auto | <integer>";
  } else if constexpr (std::is_same_v<T, AnimationList>) {
    return "<single-animation>#  (CSS Animations 1)";
  } else if constexpr (std::is_same_v<T, TransitionList>) {
    return "<single-transition>#  (CSS Transitions 1)";
  } else {
    return keywordsOf<T>();
  }
}

std::vector<PropertyNameInfo> buildNames() {
  static std::vector<std::string> syntaxes;  // owns the strings the views point to
  std::vector<PropertyNameInfo> out;
  syntaxes.reserve(128);
#define ZENIT_DETAIL_ROW_SYNTAX(T, name, def, css, flags) \
  syntaxes.push_back(rowSyntax<T>(Prop::name, T(def)));
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_ROW_SYNTAX)
#undef ZENIT_DETAIL_ROW_SYNTAX
  std::size_t row = 0;
  for (const detail::PropertyEntry& e : detail::propertyTable()) {
    std::string_view syntax;
    if (e.handler == detail::Handler::Row) {
      syntax = syntaxes[row++];
    } else {
      switch (e.handler) {
        case detail::Handler::Transform:
          syntax =
              "none | [translate() | translateX() | translateY() | scale() | scaleX() | scaleY() | "
              "rotate() | skew() | skewX() | skewY() | matrix()]+";
          break;
        case detail::Handler::Translate:
          syntax = "none | <length-percentage> [<length-percentage> 0?]?";
          break;
        case detail::Handler::Scale: syntax = "none | [<number> | <percentage>]{1,2}"; break;
        case detail::Handler::TransformOrigin:
          syntax = "[left | center | right | top | bottom | <length-percentage>]{1,2} 0?";
          break;
        case detail::Handler::Gap: syntax = "<row-gap> <column-gap>?"; break;
        case detail::Handler::Inset: syntax = "[<length-percentage> | auto]{1,4}"; break;
        case detail::Handler::Border:
          syntax = "<line-width> || <line-style> || <color>  (style ignored but none/hidden)";
          break;
        case detail::Handler::BorderStyle: syntax = "<line-style>{1,4}  (accepted, no effect)"; break;
        case detail::Handler::Outline:
          syntax = "<line-width> || [auto | <line-style>] || <color>  (style ignored but none)";
          break;
        case detail::Handler::OutlineStyle: syntax = "auto | <line-style>  (accepted, no effect)"; break;
        case detail::Handler::RadiusCorner:
          syntax = "<length-percentage>  (one corner of border-radius)";
          break;
        case detail::Handler::PaddingSide: syntax = "<length-percentage>  (one side of padding)"; break;
        case detail::Handler::MarginSide: syntax = "<length-percentage> | auto  (one side of margin)"; break;
        case detail::Handler::Flex:
          syntax = "none | auto | <flex-grow> <flex-shrink>? || <flex-basis>";
          break;
        case detail::Handler::Background: syntax = "<color> || <gradient>  (one layer)"; break;
        case detail::Handler::AnimationName: syntax = "[none | <custom-ident> | <string>]#"; break;
        case detail::Handler::AnimationDuration: syntax = "[auto | <time>]#  (>= 0)"; break;
        case detail::Handler::AnimationTimingFunction: syntax = "<easing-function>#"; break;
        case detail::Handler::AnimationDelay: syntax = "<time>#"; break;
        case detail::Handler::AnimationIterationCount: syntax = "[infinite | <number>]#  (>= 0)"; break;
        case detail::Handler::AnimationDirection:
          syntax = "[normal | reverse | alternate | alternate-reverse]#";
          break;
        case detail::Handler::AnimationFillMode: syntax = "[none | forwards | backwards | both]#"; break;
        case detail::Handler::AnimationPlayState: syntax = "[running | paused]#"; break;
        case detail::Handler::TransitionProperty: syntax = "none | [all | <custom-ident>]#"; break;
        case detail::Handler::TransitionDuration: syntax = "<time>#  (>= 0)"; break;
        case detail::Handler::TransitionTimingFunction: syntax = "<easing-function>#"; break;
        case detail::Handler::TransitionDelay: syntax = "<time>#"; break;
        case detail::Handler::TransitionBehavior: syntax = "[normal | allow-discrete]#"; break;
        default: break;
      }
    }
    out.push_back(PropertyNameInfo{e.name, e.sets, e.handler == detail::Handler::Row, syntax});
  }
  return out;
}

}  // namespace

const std::vector<PropertyNameInfo>& propertyNames() {
  static const std::vector<PropertyNameInfo> names = buildNames();
  return names;
}

std::string_view suggestPropertyName(std::string_view name) {
  std::string_view best;
  std::size_t bestD = ~std::size_t{0};
  // Close enough to be a typo: about a third of the typed name, plus one edit.
  const std::size_t limit = name.size() / 3 + 1;
  for (const detail::PropertyEntry& e : detail::propertyTable()) {
    // The distance is at least the length difference: skipping those keeps
    // a hostile megabyte-long name linear instead of a full table of DPs.
    const std::size_t gap =
        name.size() > e.name.size() ? name.size() - e.name.size() : e.name.size() - name.size();
    if (gap > limit) continue;
    const std::size_t d = editDistance(name, e.name);
    if (d < bestD) {
      bestD = d;
      best = e.name;
    }
  }
  return bestD <= limit ? best : std::string_view{};
}

}  // namespace zenit
