// Helpers shared by the parser tests.
#pragma once

#include "support/zenit_test.hpp"

#include <zenit/core/Diagnostic.hpp>
#include <zenit/style/Parser.hpp>
#include <zenit/style/Tokenizer.hpp>

#include <memory>
#include <string>
#include <string_view>
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

}  // namespace zenit::test
