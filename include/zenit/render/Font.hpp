// Font: a TrueType font (stb_truetype) with text measurement and glyph
// atlases baked per pixel size on first use.
//
// Layout and widgets call measureText(); backends call layoutGlyphs() to
// get positioned glyph quads and the atlas they sample. Measurement uses the
// font's unscaled advances and kerning, so it is exact at any size and
// touches no atlas. Atlases are baked per whole pixel size (1..256) the first
// time a size is drawn; a fractional size samples the nearest baked size,
// scaled. Printable ASCII is baked with the atlas, any other code point the
// first time it is drawn.
//
// Without a font (no file found, or a file that is not a TrueType font)
// measureText() still answers, with a fixed advance of 0.5 em per code point
// and a line height of 1.2 em, and layoutGlyphs() yields nothing: text takes
// its room but draws nothing. Nothing here throws or crashes on bad bytes
// (invalid UTF-8 decodes as U+FFFD); font files themselves are trusted
// input beyond a check that their table directory lies inside the file.
//
// Not thread-safe: atlases are filled lazily from const member functions.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

// Size of a line of text, px.
struct TextSize {
  float width{0.0f};   // sum of advances (and kerning)
  float height{0.0f};  // line height: ascent + descent (no line gap)
};

// One glyph to draw: where (local px, relative to the line box's top-left)
// and which texels of the atlas.
struct GlyphQuad {
  float x, y, w, h;  // destination rectangle, px at the requested size
  float u, v;        // atlas texel of the glyph bitmap's top-left corner
  float scale;       // destination px per atlas texel (requested size / baked size)
};

// A single-channel coverage atlas (row-major, `width` bytes per row).
struct GlyphAtlasView {
  const std::uint8_t* pixels{nullptr};
  int width{0};
  int height{0};
  int bakedPx{0};               // the baked size this atlas holds (one atlas per size and font)
  std::uint32_t generation{0};  // changes whenever a glyph is baked into it: a GPU copy is stale
};

class Font {
 public:
  Font();  // an empty font: fixed-advance measuring, draws nothing
  ~Font();
  Font(Font&&) noexcept;
  Font& operator=(Font&&) noexcept;
  Font(const Font&) = delete;
  Font& operator=(const Font&) = delete;

  bool loadFile(const std::string& path);  // false (font unchanged) if unreadable or not a TTF/OTF-TrueType
  bool loadMemory(std::vector<std::uint8_t> ttf);  // same, from bytes
  bool loadFirstAvailable(
      std::span<const std::string> paths);  // first that loads; logs one warning if none does
  bool valid() const;                       // a font is loaded
  const std::string& path() const;          // file it came from ("" for memory or none)

  TextSize measureText(std::string_view utf8, float sizePx) const;  // one line, px
  float ascent(float sizePx) const;                                 // line-box top to baseline, px
  float lineHeight(float sizePx) const;                             // == measureText(..).height

  // Appends the glyphs of one line laid out at `sizePx` (line box top-left
  // at 0,0) to `out` (after resize(0)), baking what is missing, and returns
  // the atlas they refer to. Empty when the font is not valid or the size is
  // not a positive finite number.
  GlyphAtlasView layoutGlyphs(std::string_view utf8, float sizePx, std::vector<GlyphQuad>& out) const;

  static Font& defaultFont();  // process-wide, loaded on first use from defaultSearchPaths()
  static std::vector<std::string> defaultSearchPaths();  // $ZENIT_FONT, then common system paths

  static constexpr float kFallbackAdvanceEm = 0.5f;     // advance per code point without a font
  static constexpr float kFallbackLineHeightEm = 1.2f;  // line height without a font
  static constexpr int kMaxBakedPx = 256;               // larger sizes scale the 256 px atlas up

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

namespace detail {
// Decodes one UTF-8 code point at text[i], advancing i; invalid or truncated
// sequences (overlong forms, surrogates, > U+10FFFF) yield U+FFFD and consume one byte.
std::uint32_t decodeUtf8(std::string_view text, std::size_t& i);
}  // namespace detail

}  // namespace zenit
