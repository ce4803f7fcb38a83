// Custom properties at computed-value time: var() substitution, the
// pending declarations a block keeps for it, resolved per element, and
// parseDeclaration, which reads one resolved declaration with the sheet's
// value readers.
#include "SheetParser.hpp"
#include "style/CascadeInternal.hpp"

#include <zenit/style/Parser.hpp>

#include <algorithm>
#include <string>

namespace zenit {

namespace {

bool hasVar(const Token* b, const Token* e) {
  for (const Token* p = b; p < e; ++p)
    if (p->type == TokenType::Function && p->textIs("var")) return true;
  return false;
}

}  // namespace

bool parseDeclaration(std::string_view property, std::string_view value, Style& out,
                      std::vector<Diagnostic>* diagnostics, std::string_view file, std::uint32_t line,
                      std::uint32_t col) {
  detail::Reporter rep{diagnostics, std::string(file), false, line ? line : 1, col ? col : 1};
  std::vector<Diagnostic> tokDiags;
  Tokenizer tz(value, file, &tokDiags);
  tz.setLogging(false);
  std::vector<Token> toks;
  int depth = 0;
  for (;;) {
    const Token t = tz.next();
    if (t.type == TokenType::Eof) break;
    if (t.type == TokenType::Whitespace) continue;
    if (t.type == TokenType::Function || t.type == TokenType::LeftParen || t.type == TokenType::LeftBracket ||
        t.type == TokenType::LeftBrace)
      ++depth;
    if (depth > 256) {
      rep.report(Severity::Error, 0, 0,
                 "nesting deeper than 256 levels in the value of " + std::string(property));
      return false;
    }
    if (detail::isCloser(t.type) && depth > 0) --depth;
    toks.push_back(t);
  }
  if (!tokDiags.empty()) {
    rep.report(Severity::Error, 0, 0, tokDiags.front().message);
    return false;
  }
  const detail::PropertyEntry* entry = detail::findProperty(property);
  if (!entry) {
    rep.report(Severity::Error, 0, 0, "unknown property " + detail::quoteText(property));
    return false;
  }
  if (toks.empty()) {
    rep.report(Severity::Error, 0, 0, "empty value for " + std::string(entry->name));
    return false;
  }
  if (hasVar(toks.data(), toks.data() + toks.size())) {
    rep.report(Severity::Error, 0, 0, "unresolved var() in the value of " + std::string(entry->name));
    return false;
  }
  const detail::TokenRange r{toks.data(), toks.data() + toks.size(), value};
  Style tmp = out;
  if (toks.size() == 1 && detail::isCssWideKeyword(toks[0])) {
    if (toks[0].textIs("initial") || (toks[0].textIs("unset") && !detail::anyInherited(entry->sets))) {
      detail::applyInitial(*entry, tmp);
      out = std::move(tmp);
      return true;
    }
    rep.report(Severity::Error, 0, 0,
               detail::quoteText(toks[0].text) + " is not supported for " + std::string(entry->name));
    return false;
  }
  detail::ValueContext ctx{&rep, entry->name, nullptr, false};
  if (!detail::applyDeclaration(*entry, r, tmp, ctx)) return false;
  if (entry->handler == detail::Handler::Row && entry->row == Prop::animations) tmp.animationLonghands = {};
  if (entry->handler == detail::Handler::Row && entry->row == Prop::transitions) tmp.transitionLonghands = {};
  out = std::move(tmp);
  return true;
}

// ---------------------------------------------------------------------------
// var()
// ---------------------------------------------------------------------------

namespace {

bool substitute(std::string_view text, const CustomPropertyLookup& lookup, std::string& out,
                std::string& error, std::vector<std::string>& stack, int& budget) {
  if (--budget < 0) {
    error = "var() substitution nested too deeply";
    return false;
  }
  Tokenizer tz(text, "<var>", nullptr);
  tz.setLogging(false);
  std::vector<Token> toks = Tokenizer::all(tz);
  std::size_t copied = 0;
  for (std::size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    if (t.type != TokenType::Function || !t.textIs("var")) continue;
    // Find the matching `)`.
    std::size_t j = i + 1;
    int depth = 1;
    for (; j < toks.size(); ++j) {
      const TokenType ty = toks[j].type;
      if (ty == TokenType::Function || ty == TokenType::LeftParen)
        ++depth;
      else if ((ty == TokenType::RightParen && --depth == 0) || ty == TokenType::Eof)
        break;
    }
    std::size_t k = i + 1;
    while (k < j && toks[k].type == TokenType::Whitespace) ++k;
    if (k >= j || toks[k].type != TokenType::Ident || toks[k].text.substr(0, 2) != "--") {
      error = "var() needs a custom property name (--name)";
      return false;
    }
    const std::string name(toks[k].text);
    ++k;
    while (k < j && toks[k].type == TokenType::Whitespace) ++k;
    std::optional<std::string_view> fallback;
    if (k < j) {
      if (toks[k].type != TokenType::Comma) {
        error = "unexpected text after " + name + " in var()";
        return false;
      }
      const std::uint32_t fb = toks[k].end;
      const std::uint32_t fe = j < toks.size() && toks[j].type == TokenType::RightParen
                                   ? toks[j].begin
                                   : static_cast<std::uint32_t>(text.size());
      fallback = text.substr(fb, fe - fb);
    }
    std::string replacement;
    bool done = false;
    if (std::find(stack.begin(), stack.end(), name) != stack.end()) {
      error = "custom property " + name + " refers to itself";
      return false;
    }
    if (auto v = lookup ? lookup(name) : std::nullopt) {
      stack.push_back(name);
      std::string inner;
      done = substitute(*v, lookup, inner, error, stack, budget);
      stack.pop_back();
      if (done)
        replacement = std::move(inner);
      else if (!fallback)
        return false;
    }
    if (!done) {
      if (!fallback) {
        error = "custom property " + name + " is not defined and var() has no fallback";
        return false;
      }
      if (!substitute(*fallback, lookup, replacement, error, stack, budget)) return false;
    }
    out.append(text.substr(copied, t.begin - copied));
    out += replacement;
    copied = j < toks.size() && toks[j].type != TokenType::Eof ? toks[j].end : text.size();
    i = j;
  }
  if (copied < text.size()) out.append(text.substr(copied));
  return true;
}

}  // namespace

std::optional<std::string> substituteVars(std::string_view text, const CustomPropertyLookup& lookup,
                                          std::string* error) {
  std::string out, err;
  std::vector<std::string> stack;
  int budget = 64;
  if (!substitute(text, lookup, out, err, stack, budget)) {
    if (error) *error = err;
    return std::nullopt;
  }
  // Trim: custom property values keep their surrounding whitespace until used.
  const auto b = out.find_first_not_of(" \t\r\n\f");
  if (b == std::string::npos) return std::string{};
  const auto e = out.find_last_not_of(" \t\r\n\f");
  return out.substr(b, e - b + 1);
}

Style resolvePending(const DeclarationBlock& block, bool important, const CustomPropertyLookup& lookup,
                     std::vector<Diagnostic>* diagnostics) {
  Style result;
  for (const PendingDeclaration& p : block.pending) {
    // inherit, unset and currentcolor need the element's parent or color:
    // the cascade's (StyleResolver), not this function's.
    if (p.important != important || p.value == "inherit" || p.value == "unset") continue;
    std::string err;
    auto text = substituteVars(p.value, lookup, &err);
    if (text && (p.affects.bits & detail::kColorRows.bits) != 0 && detail::replaceCurrentColor(*text))
      continue;
    if (!text) {
      if (diagnostics)
        diagnostics->push_back(
            Diagnostic{Severity::Warning, p.file, p.line, p.col,
                       p.property + ": " + err + " (invalid at computed-value time; ignored)"});
      continue;
    }
    Style one;
    if (!parseDeclaration(p.property, *text, one, diagnostics, p.file, p.line, p.col)) continue;
    // Properties a later plain declaration of the block sets keep that value.
    p.shadowed.forEach([&](Prop q) { visitProp(q, one, [](auto& opt) { opt.reset(); }); });
    if (p.shadowed.test(Prop::animations)) one.animationLonghands = {};
    if (p.shadowed.test(Prop::transitions)) one.transitionLonghands = {};
    result.overlay(one);
  }
  return result;
}

}  // namespace zenit
