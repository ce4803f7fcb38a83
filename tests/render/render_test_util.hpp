// Helpers shared by the renderer tests.
#pragma once

#include <zenit/render/Font.hpp>

#include <string>

namespace zenit::test {

// The first font of Font::defaultSearchPaths() that loads, loaded once;
// nullptr when the machine has none (text is then not drawn).
inline const Font* testFont() {
  static Font font;
  static const bool loaded = [] {
    for (const std::string& p : Font::defaultSearchPaths())
      if (font.loadFile(p)) return true;
    return false;
  }();
  return loaded ? &font : nullptr;
}

}  // namespace zenit::test
