// TokenRange, a value's tokens as the token path gathers them (ParserInternal.hpp),
// and the quotes messages show them with.
#include "../ParserInternal.hpp"

#include <array>
#include <string>

namespace zenit::detail {

const Token* TokenRange::componentEnd(const Token* t) const {
  auto closer = [](TokenType ty) {
    switch (ty) {
      case TokenType::Function:
      case TokenType::LeftParen: return TokenType::RightParen;
      case TokenType::LeftBracket: return TokenType::RightBracket;
      case TokenType::LeftBrace: return TokenType::RightBrace;
      default: return TokenType::Eof;
    }
  };
  if (t >= e || closer(t->type) == TokenType::Eof) return t + 1;
  // Declarations deeper than ParseOptions::maxNesting never get here, so a
  // fixed stack suffices; past it, any closer pops (still terminates).
  // Not value-initialised: only entries below `depth` are read, and
  // zeroing 260 bytes was most of the cost of a call.
  std::array<TokenType, 260> stack;  // NOLINT(cppcoreguidelines-pro-type-member-init)
  std::size_t depth = 0;
  for (const Token* p = t; p < e; ++p) {
    const TokenType c = closer(p->type);
    if (c != TokenType::Eof) {
      if (depth < stack.size()) stack[depth] = c;
      ++depth;
    } else if (p->type == TokenType::RightParen || p->type == TokenType::RightBracket ||
               p->type == TokenType::RightBrace) {
      if (depth > stack.size() || stack[depth - 1] == p->type) {
        if (--depth == 0) return p + 1;
      }
    }
  }
  return e;  // unclosed: CSS closes it at the end of the declaration
}

RangeList TokenRange::splitCommas() const {
  RangeList out;
  splitCommas(out);
  return out;
}

void TokenRange::splitCommas(RangeList& out) const {
  const Token* start = b;
  for (const Token* p = b; p < e;) {
    if (p->type == TokenType::Comma) {
      out.push_back(TokenRange{start, p, src});
      start = ++p;
      continue;
    }
    // Most components are one token: skip the call for anything but a bracket.
    const TokenType ty = p->type;
    const bool opens = ty == TokenType::Function || ty == TokenType::LeftParen ||
                       ty == TokenType::LeftBracket || ty == TokenType::LeftBrace;
    p = opens ? componentEnd(p) : p + 1;
  }
  out.push_back(TokenRange{start, e, src});
}

std::string quote(const TokenRange& r, const Token* t) {
  if (t >= r.e) return "the end of the value";
  return quoteText(r.text(t, r.componentEnd(t)));
}

}  // namespace zenit::detail
