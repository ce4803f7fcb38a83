// Font: UTF-8 decoding, measurement, glyph layout, the no-font fallback and
// rejection of files that are not fonts.
#include <zenit/core/Diagnostic.hpp>
#include <zenit/render/Font.hpp>

#include "support/zenit_test.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace zenit;

namespace {

bool close(float a, float b, float eps) { return std::fabs(a - b) <= eps; }

std::string firstFontPath() {
  Font probe;
  for (const std::string& p : Font::defaultSearchPaths())
    if (probe.loadFile(p)) return p;
  return {};
}

std::vector<std::uint32_t> decodeAll(std::string_view s) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < s.size();) out.push_back(detail::decodeUtf8(s, i));
  return out;
}

}  // namespace

TEST_CASE("decodeUtf8 decodes 1-4 byte sequences and replaces malformed ones", "[render][font][utf8]") {
  using V = std::vector<std::uint32_t>;
  CHECK(decodeAll("Az") == V{'A', 'z'});
  CHECK(decodeAll("\xC3\xA9") == V{0xE9});             // é
  CHECK(decodeAll("\xE2\x82\xAC") == V{0x20AC});       // €
  CHECK(decodeAll("\xF0\x9F\x98\x80") == V{0x1F600});  // 😀
  CHECK(decodeAll("\xC3") == V{0xFFFD});               // truncated
  CHECK(decodeAll("\x80"
                  "a") == V{0xFFFD, 'a'});                        // stray continuation byte
  CHECK(decodeAll("\xC0\xAF") == V{0xFFFD, 0xFFFD});              // overlong '/'
  CHECK(decodeAll("\xED\xA0\x80") == V{0xFFFD, 0xFFFD, 0xFFFD});  // UTF-16 surrogate
  CHECK(decodeAll("\xF4\x90\x80\x80").front() == 0xFFFD);         // above U+10FFFF
  CHECK(decodeAll("\xFF").size() == 1);
}

TEST_CASE("Font without a file measures with a fixed advance and logs one warning", "[render][font]") {
  std::vector<Diagnostic> seen;
  const LogSink previous = setLogSink([&seen](const Diagnostic& d) { seen.push_back(d); });
  Font font;
  const std::string paths[] = {"/nonexistent/a.ttf", "", "/nonexistent/b.ttf"};
  const bool loaded = font.loadFirstAvailable(paths);
  setLogSink(previous);

  CHECK_FALSE(loaded);
  CHECK_FALSE(font.valid());
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].severity == Severity::Warning);
  CHECK(seen[0].message.find("/nonexistent/b.ttf") != std::string::npos);

  const TextSize s = font.measureText("h\xC3\xA9llo", 10);  // 5 code points, 6 bytes
  CHECK(close(s.width, 5 * Font::kFallbackAdvanceEm * 10, 1e-4f));
  CHECK(close(s.height, Font::kFallbackLineHeightEm * 10, 1e-4f));
  std::vector<GlyphQuad> quads{GlyphQuad{}};
  const GlyphAtlasView atlas = font.layoutGlyphs("hello", 10, quads);
  CHECK(quads.empty());
  CHECK(atlas.pixels == nullptr);
}

TEST_CASE("Font rejects files that are not fonts, and truncated fonts, without crashing", "[render][font]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::filesystem::path garbage = dir / "zenit_not_a_font.ttf";
  {
    std::ofstream out(garbage, std::ios::binary);
    out << "this is not a TrueType font, just some text that is long enough to look like a header";
  }
  Font font;
  CHECK_FALSE(font.loadFile(garbage.string()));
  CHECK_FALSE(font.loadMemory({}));
  CHECK_FALSE(font.loadMemory({0x00, 0x01, 0x00, 0x00, 0xFF, 0xFF}));
  std::filesystem::remove(garbage);

  const std::string path = firstFontPath();
  if (path.empty()) {
    WARN("no TrueType font found (set ZENIT_FONT): truncated-font check skipped");
    return;
  }
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(bytes.size() > 4096);
  bytes.resize(2048);  // the table directory survives, the tables do not
  CHECK_FALSE(font.loadMemory(bytes));
  CHECK_FALSE(font.valid());
}

TEST_CASE("Font measures text exactly at any size", "[render][font]") {
  const std::string path = firstFontPath();
  if (path.empty()) {
    WARN("no TrueType font found (set ZENIT_FONT): measurement checks skipped");
    return;
  }
  Font font;
  REQUIRE(font.loadFile(path));
  CHECK(font.path() == path);
  CHECK(font.measureText("", 16).width == 0.0f);
  const float w16 = font.measureText("Hello world", 16).width;
  const float w32 = font.measureText("Hello world", 32).width;
  CHECK(w16 > 40.0f);
  CHECK(w16 < 16.0f * 11);            // narrower than 1 em per character
  CHECK(close(w32, 2 * w16, 1e-3f));  // linear in size: no rounding to a baked size
  CHECK(font.measureText("iii", 16).width < font.measureText("WWW", 16).width);
  const TextSize s = font.measureText("x", 16);
  CHECK(s.height == font.lineHeight(16));
  CHECK(s.height > 16.0f);  // ascent + descent exceed the em in common UI fonts
  CHECK(font.ascent(16) > 0.0f);
  CHECK(font.ascent(16) < s.height);
  CHECK(font.measureText("abc", -1).width == 0.0f);
  CHECK(font.measureText("abc", std::nanf("")).width == 0.0f);
}

TEST_CASE("Font lays out glyph quads left to right, baking non-ASCII on demand", "[render][font]") {
  const std::string path = firstFontPath();
  if (path.empty()) {
    WARN("no TrueType font found (set ZENIT_FONT): glyph layout checks skipped");
    return;
  }
  Font font;
  REQUIRE(font.loadFile(path));
  std::vector<GlyphQuad> quads;
  GlyphAtlasView atlas = font.layoutGlyphs("Hi there", 20, quads);
  REQUIRE(atlas.pixels != nullptr);
  CHECK(quads.size() == 7);  // the space has no bitmap
  for (std::size_t i = 1; i < quads.size(); ++i) CHECK(quads[i].x > quads[i - 1].x);
  for (const GlyphQuad& q : quads) {
    CHECK(q.w > 0.0f);
    CHECK(q.h > 0.0f);
    CHECK(q.u + q.w / q.scale <= static_cast<float>(atlas.width));
    CHECK(q.v + q.h / q.scale <= static_cast<float>(atlas.height));
    CHECK(q.y >= 0.0f);  // below the line box top
  }
  // The last glyph ends near the measured width.
  const float width = font.measureText("Hi there", 20).width;
  CHECK(quads.back().x + quads.back().w <= width + 1.0f);

  atlas = font.layoutGlyphs("\xC3\xA9\xE2\x82\xAC", 20, quads);  // é €
  REQUIRE(quads.size() == 2);
  // The baked bitmap has ink where the quad points.
  int ink = 0;
  for (const GlyphQuad& q : quads)
    for (int y = 0; y < static_cast<int>(q.h / q.scale); ++y)
      for (int x = 0; x < static_cast<int>(q.w / q.scale); ++x)
        ink += atlas.pixels[(static_cast<std::size_t>(q.v) + static_cast<std::size_t>(y)) *
                                static_cast<std::size_t>(atlas.width) +
                            static_cast<std::size_t>(q.u) + static_cast<std::size_t>(x)] > 0
                   ? 1
                   : 0;
  CHECK(ink > 20);

  // A fractional size scales the nearest baked size.
  font.layoutGlyphs("H", 20.4f, quads);
  REQUIRE(quads.size() == 1);
  CHECK(close(quads[0].scale, 20.4f / 20.0f, 1e-5f));
  font.layoutGlyphs("H", 0.0f, quads);
  CHECK(quads.empty());
}
