// The parser's byte paths side by side with the token path: helpers shared
// by the tests that require both to give the same sheet.
#pragma once

#include "parser_test_util.hpp"

#include "../../src/style/ParserInternal.hpp"

#include <string>

namespace zenit::test {

// No byte path: the token path alone.
inline detail::FastPaths noPaths() {
  detail::FastPaths p;
  p.declarations = false;
  p.keyframes = false;
  p.selectors = false;
  return p;
}

// The same text parsed with the byte paths `fastPaths` and with none: the
// same rules, keyframes, media blocks and diagnostics, every float's bits.
inline void checkSamePaths(const std::string& text, int maxNesting = 256,
                           const detail::FastPaths& fastPaths = detail::FastPaths{}) {
  INFO("text: " << text);
  QuietLog quiet;
  ParseOptions o;
  o.fileName = "t.zstyle";
  o.maxNesting = maxNesting;
  const StyleSheet fast = detail::parseStyleSheet(text, o, fastPaths);
  const StyleSheet slow = detail::parseStyleSheet(text, o, noPaths());
  CHECK(fast.diagnostics == slow.diagnostics);
  CHECK(fast.rules == slow.rules);
  CHECK(fast.keyframes == slow.keyframes);
  CHECK(fast.media == slow.media);
  CHECK(sheetBits(fast) == sheetBits(slow));
}

}  // namespace zenit::test
