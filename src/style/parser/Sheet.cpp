// The .zstyle sheet parser: CSS Syntax 3 §5 rule and declaration
// consumption over the token stream, with CSS's error recovery. This file
// is its driver: the sheet's top level, skipping what is not read, rule
// preludes, and the public entry points (sheets, files, style attributes).
//
// The parser pulls tokens one at a time and never builds a component tree:
// a declaration's value is gathered into one reused buffer and handed to the
// value parsers. Brackets are tracked with a bounded stack, so no input can
// make it recurse or allocate without bound. The commonest parts of a sheet
// are also read straight from its bytes (FastPaths), by readers that hand
// anything else to the token path at the same place.
//
// Deviations from CSS (docs/stylesheets.md lists them all):
//  - @supports, @font-face, @layer … are skipped with a warning; @keyframes
//    and @timeline inside @media too.
//  - @import conditions (media queries) are not supported; a file is
//    imported once per sheet even if several rules import it.
//  - CSS-wide keywords: `initial` (and `unset` on non-inherited
//    properties) work; `inherit`, `revert`, `revert-layer` are rejected.
//  - Non-animatable properties in @keyframes are ignored with a warning
//    (CSS would animate discrete ones); var() in @keyframes is an error.
#include "SheetParser.hpp"

#include <zenit/style/Parser.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>

namespace zenit {
namespace detail {

namespace fs = std::filesystem;

bool readFile(const std::string& path, std::string& out) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  out.clear();
  char buf[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  const bool ok = std::ferror(f) == 0;
  std::fclose(f);
  return ok;
}

std::string canonicalPath(const std::string& p) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(fs::path(p), ec);
  return ec ? fs::path(p).lexically_normal().string() : c.string();
}

std::string parentDir(const std::string& p) {
  fs::path d = fs::path(p).parent_path();
  return d.string();
}

// Every rule has one top-level `{`, so their count bounds the rules to come:
// reserving once spares the large StyleRule vector its regrowth copies.
static void reserveRules(StyleSheet& sheet, std::string_view text) {
  sheet.rules.reserve(sheet.rules.size() + std::min<std::size_t>(countBraces(text), 1u << 16));
}

// ---------------------------------------------------------------------------
// Skipping
// ---------------------------------------------------------------------------

void SheetParser::skipBlock() {
  Nesting n(1 << 30);
  for (;;) {
    const Token t = take();
    if (t.type == TokenType::Eof) return;
    if (t.type == TokenType::RightBrace && n.atTop()) return;
    n.feed(t);
  }
}

void SheetParser::skipAtRule(bool inBlock) {
  Nesting n(1 << 30);
  for (;;) {
    const Token t = take();
    if (t.type == TokenType::Eof) return;
    if (n.atTop()) {
      if (t.type == TokenType::Semicolon) return;
      if (t.type == TokenType::LeftBrace) {
        skipBlock();
        return;
      }
      if (inBlock && t.type == TokenType::RightBrace) {
        unread(t);
        return;
      }
      if (isCloser(t.type)) continue;
    }
    n.feed(t);
  }
}

bool SheetParser::readPrelude(const Token& first, bool stopAtSemicolon, Token& end) {
  prelude_.clear();
  nest_.reset();
  Token t = first;
  for (;;) {
    if (t.type == TokenType::Eof) {
      end = t;
      return false;
    }
    if (nest_.atTop()) {
      if (t.type == TokenType::LeftBrace) {
        end = t;
        return true;
      }
      if (stopAtSemicolon && t.type == TokenType::Semicolon) {
        end = t;
        return false;
      }
      if (groupDepth_ != 0 && t.type == TokenType::RightBrace) {  // the `}` closing @media or @supports
        end = t;
        return false;
      }
    }
    if (!(nest_.atTop() && isCloser(t.type))) nest_.feed(t);
    // Whitespace is skipped by the tokenizer; selectors need it back (the
    // descendant combinator), so restore one token per gap.
    if ((t.flags & Token::kAfterWhitespace) && !prelude_.empty()) prelude_.push_back(gapBefore(t));
    prelude_.push_back(t);
    if (pending()) {
      t = take();
      continue;
    }
    // The tokens up to the next one the loop decides on (a bracket, `;`)
    // need nothing but their gaps restored: read them in one call.
    const std::size_t from = prelude_.size();
    tz_.appendUntil(prelude_, kPreludeStops);
    t = prelude_.back();
    prelude_.pop_back();
    restoreGaps(from);
  }
}

void SheetParser::restoreGaps(std::size_t from) {
  const std::size_t n = prelude_.size();
  std::size_t gaps = 0;
  for (std::size_t i = from; i < n; ++i) gaps += (prelude_[i].flags & Token::kAfterWhitespace) != 0;
  if (gaps == 0) return;
  // from > 0 (the caller pushed a token first), so every gap has a token before it.
  prelude_.resize(n + gaps);
  std::size_t w = n + gaps;
  for (std::size_t i = n; i-- > from;) {
    const Token t = prelude_[i];
    prelude_[--w] = t;
    if (t.flags & Token::kAfterWhitespace) prelude_[--w] = gapBefore(t);
  }
}

// ---------------------------------------------------------------------------
// Top level
// ---------------------------------------------------------------------------

void SheetParser::parseSheet() {
  bool importsAllowed = true;
  for (;;) {
    if (paths_.selectors && !pending() && byteRule()) {
      importsAllowed = false;
      continue;
    }
    const Token t = take();
    switch (t.type) {
      case TokenType::Whitespace:
      case TokenType::CDO:
      case TokenType::CDC: continue;
      case TokenType::Eof: return;
      case TokenType::AtKeyword: parseAtRule(t, importsAllowed); break;
      default:
        importsAllowed = false;
        parseQualifiedRule(t);
        break;
    }
  }
}

}  // namespace detail

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

bool StyleSheet::hasErrors() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

const KeyframesRule* StyleSheet::findKeyframes(std::string_view name) const {
  for (auto it = keyframes.rbegin(); it != keyframes.rend(); ++it)
    if (it->name == name) return &*it;
  return nullptr;
}

const TimelineRule* StyleSheet::findTimeline(std::string_view name) const {
  for (auto it = timelines.rbegin(); it != timelines.rend(); ++it)
    if (it->name == name) return &*it;
  return nullptr;
}

KeyframeAnimation toKeyframeAnimation(const KeyframesRule& rule) {
  KeyframeAnimation a;
  a.name = rule.name;
  a.keyframes.reserve(rule.frames.size());
  for (const KeyframeEntry& f : rule.frames) a.keyframes.push_back(Keyframe{f.t, f.delta, f.easing});
  compileKeyframes(a);
  return a;
}

std::string_view StyleSheet::fileName(const SourceLoc& l) const {
  return l.file < files.size() ? std::string_view(files[l.file]) : std::string_view{};
}

StyleSheet detail::parseStyleSheet(std::string_view text, const ParseOptions& options,
                                   const FastPaths& paths) {
  StyleSheet sheet;
  sheet.files.push_back(options.fileName);
  detail::ImportState imports;
  std::string base = options.baseDir;
  if (base.empty()) base = detail::parentDir(options.fileName);
  detail::reserveRules(sheet, text);
  detail::SheetParser p(text, 0, sheet, options, &imports, base, paths);
  p.parseSheet();
  return sheet;
}

StyleSheet parseStyleSheet(std::string_view text, const ParseOptions& options) {
  return detail::parseStyleSheet(text, options, detail::FastPaths{});
}

namespace {

void parseFileInto(StyleSheet& sheet, const std::string& path, const ParseOptions& options,
                   detail::ImportState& imports) {
  const auto index = static_cast<std::uint32_t>(sheet.files.size());
  sheet.files.push_back(path);
  std::string text;
  if (!detail::readFile(path, text)) {
    Diagnostic d{Severity::Error, path, 0, 0, "cannot read stylesheet \"" + path + "\""};
    log(d);
    sheet.diagnostics.push_back(std::move(d));
    return;
  }
  const std::string canon = detail::canonicalPath(path);
  if (std::find(imports.loaded.begin(), imports.loaded.end(), canon) != imports.loaded.end()) return;
  imports.active.push_back(canon);
  imports.loaded.push_back(canon);
  detail::reserveRules(sheet, text);
  detail::SheetParser p(text, index, sheet, options, &imports, detail::parentDir(path), detail::FastPaths{});
  p.parseSheet();
  imports.active.pop_back();
}

}  // namespace

StyleSheet parseStyleFile(const std::string& path, const ParseOptions& options) {
  StyleSheet sheet;
  detail::ImportState imports;
  parseFileInto(sheet, path, options, imports);
  return sheet;
}

StyleSheet parseStyleFiles(const std::vector<std::string>& paths, const ParseOptions& options) {
  StyleSheet sheet;
  detail::ImportState imports;
  for (const std::string& p : paths) parseFileInto(sheet, p, options, imports);
  return sheet;
}

DeclarationBlock detail::parseStyleAttribute(std::string_view text, std::vector<Diagnostic>* diagnostics,
                                             std::string_view fileName, const FastPaths& paths) {
  DeclarationBlock block;
  ParseOptions opt;
  detail::SheetParser p(text, std::string(fileName), diagnostics, opt, paths);
  p.parseAttribute(block);
  return block;
}

DeclarationBlock parseStyleAttribute(std::string_view text, std::vector<Diagnostic>* diagnostics,
                                     std::string_view fileName) {
  return detail::parseStyleAttribute(text, diagnostics, fileName, detail::FastPaths{});
}

}  // namespace zenit
