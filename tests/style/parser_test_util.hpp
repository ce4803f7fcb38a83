// Helpers shared by the parser tests.
#pragma once

#include "support/zenit_test.hpp"

#include <zenit/core/Diagnostic.hpp>
#include <zenit/style/Parser.hpp>
#include <zenit/style/Tokenizer.hpp>

#include <zenit/style/StyleSheet.hpp>

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace Catch {
template <>
struct StringMaker<zenit::Diagnostic> {
  static std::string convert(const zenit::Diagnostic& d) { return "\n    " + d.format(); }
};
}  // namespace Catch

namespace zenit::test {

// Silences zenit::log for a scope (tests read diagnostics from the results).
struct QuietLog {
  LogSink prev = setLogSink(nullptr);
  QuietLog() = default;
  QuietLog(const QuietLog&) = delete;
  QuietLog& operator=(const QuietLog&) = delete;
  ~QuietLog() { setLogSink(prev); }
};

// A source's tokens (Eof last; whitespace tokens dropped unless keepWs), the
// tokenizer kept alive for the tokens' views and its diagnostics.
struct Lexed {
  std::string source;
  std::vector<Diagnostic> diags;
  std::unique_ptr<Tokenizer> tz;
  std::vector<Token> toks;
};

// skipMode turns on the tokenizer's own whitespace skipping (setSkipWhitespace).
inline Lexed lex(std::string src, bool keepWs = false, bool skipMode = false) {
  QuietLog quiet;
  Lexed l;
  l.source = std::move(src);
  l.tz = std::make_unique<Tokenizer>(l.source, "t.zstyle", &l.diags);
  l.tz->setSkipWhitespace(skipMode);
  l.toks = Tokenizer::all(*l.tz, !keepWs);
  return l;
}

inline StyleSheet parse(std::string_view text, std::string file = "t.zstyle") {
  QuietLog quiet;
  ParseOptions o;
  o.fileName = std::move(file);
  return parseStyleSheet(text, o);
}

inline Diagnostic err(std::uint32_t line, std::uint32_t col, std::string msg, std::string file = "t.zstyle") {
  return Diagnostic{Severity::Error, std::move(file), line, col, std::move(msg)};
}
inline Diagnostic warn(std::uint32_t line, std::uint32_t col, std::string msg,
                       std::string file = "t.zstyle") {
  return Diagnostic{Severity::Warning, std::move(file), line, col, std::move(msg)};
}
inline Diagnostic note(std::uint32_t line, std::uint32_t col, std::string msg,
                       std::string file = "t.zstyle") {
  return Diagnostic{Severity::Note, std::move(file), line, col, std::move(msg)};
}

// The Style of the only rule of `text` (normal declarations), asserting no diagnostics.
inline Style styleOf(std::string_view text) {
  StyleSheet s = parse(text);
  CHECK(s.diagnostics.empty());
  for (const Diagnostic& d : s.diagnostics) UNSCOPED_INFO(d.format());
  REQUIRE(s.rules.size() == 1);
  return s.rules[0].decls.normal;
}

// Parses `.x { <decl> }` and returns the single diagnostic's message ("" if none).
inline std::string oneDiag(std::string_view decl) {
  StyleSheet s = parse(".x { " + std::string(decl) + " }");
  if (s.diagnostics.empty()) return "";
  CHECK(s.diagnostics.size() == 1);
  return s.diagnostics[0].message;
}

// The bits of every float a Style's rows hold (Style's operator== takes -0
// for 0), its holes and its lists' doubles: what a fast path and the general path must agree on.
inline void styleBits(const Style& s, std::vector<std::uint32_t>& out) {
  auto f = [&](float x) { out.push_back(std::bit_cast<std::uint32_t>(x)); };
  auto v = [&](const Value& x) {
    f(x.px);
    f(x.pct);
    f(x.em);
  };
  auto one = [&](const auto& row) {
    using T = std::decay_t<decltype(row.value)>;
    out.push_back(row.is_set ? 1u : 0u);
    if constexpr (std::is_same_v<T, float>) {
      f(row.value);
    } else if constexpr (std::is_same_v<T, Value>) {
      v(row.value);
    } else if constexpr (std::is_same_v<T, Color>) {
      f(row.value.r);
      f(row.value.g);
      f(row.value.b);
      f(row.value.a);
    } else if constexpr (std::is_same_v<T, Spacing>) {
      v(row.value.top);
      v(row.value.right);
      v(row.value.bottom);
      v(row.value.left);
    } else if constexpr (std::is_same_v<T, Corners>) {
      v(row.value.topLeft);
      v(row.value.topRight);
      v(row.value.bottomRight);
      v(row.value.bottomLeft);
    }
  };
#define ZENIT_TEST_ROW_BITS(T, name, def, css, flags) one(s.name);
  BUBBLE_STYLE_PROPS(ZENIT_TEST_ROW_BITS)
#undef ZENIT_TEST_ROW_BITS
  out.push_back(s.holes.padding);
  out.push_back(s.holes.margin);
  out.push_back(s.holes.borderRadius);
  // The lists' doubles (their operator== also takes -0 for 0).
  auto dbl = [&](double x) {
    const auto b = std::bit_cast<std::uint64_t>(x);
    out.push_back(static_cast<std::uint32_t>(b));
    out.push_back(static_cast<std::uint32_t>(b >> 32));
  };
  auto ease = [&](const TransitionFunction& e) {
    for (double x : e.p) dbl(x);
    for (double x : e.k) dbl(x);
  };
  auto dbls = [&](const auto& list) {
    out.push_back(list ? static_cast<std::uint32_t>(list->size()) : ~0u);
    if (list)
      for (double x : *list) dbl(x);
  };
  for (const AnimationRef& a : s.animations.value) {
    dbl(a.duration);
    dbl(a.delay);
    dbl(a.iterations);
    ease(a.ease);
  }
  for (const TransitionRef& t : s.transitions.value) {
    dbl(t.duration);
    dbl(t.delay);
    ease(t.ease);
  }
  dbls(s.animationLonghands.durations);
  dbls(s.animationLonghands.delays);
  dbls(s.animationLonghands.iterationCounts);
  dbls(s.transitionLonghands.durations);
  dbls(s.transitionLonghands.delays);
  for (const auto* fs : {&s.animationLonghands.timingFunctions, &s.transitionLonghands.timingFunctions})
    if (*fs)
      for (const TransitionFunction& e : **fs) ease(e);
}

// styleBits of every rule's declarations and every keyframe of a sheet.
inline std::vector<std::uint32_t> sheetBits(const StyleSheet& s) {
  std::vector<std::uint32_t> out;
  for (const StyleRule& r : s.rules) {
    styleBits(r.decls.normal, out);
    out.push_back(r.decls.important.has_value());
    styleBits(r.decls.importantValues(), out);
  }
  for (const KeyframesRule& k : s.keyframes)
    for (const KeyframeEntry& e : k.frames) styleBits(e.delta, out);
  return out;
}

// Two sources that must parse to the same sheet (one through a fast path,
// one through the general path): rules, keyframes, diagnostics and bits.
inline void checkSameSheet(const std::string& fast, const std::string& slow) {
  INFO("fast: " << fast);
  INFO("slow: " << slow);
  const StyleSheet a = parse(fast);
  const StyleSheet b = parse(slow);
  CHECK(a.diagnostics == b.diagnostics);
  CHECK(a.rules == b.rules);
  CHECK(a.keyframes == b.keyframes);
  CHECK(sheetBits(a) == sheetBits(b));
}

// The parts one after another (one string, no temporaries).
inline std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out += p;
  return out;
}

}  // namespace zenit::test
