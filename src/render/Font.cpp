// Font: stb_truetype behind a small interface. This file is the one
// translation unit that compiles stb_truetype, with static linkage so no stb
// symbol leaves libzenit.
#include <zenit/render/Font.hpp>

#include <zenit/core/Diagnostic.hpp>

#include <array>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unordered_map>
#include <utility>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpragmas"
#pragma GCC diagnostic ignored "-Wunknown-warning-option"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wcast-align"
#pragma GCC diagnostic ignored "-Wcast-qual"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wnull-dereference"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wuseless-cast"
#pragma GCC diagnostic ignored "-Wzero-as-null-pointer-constant"
#pragma GCC diagnostic ignored "-Wcomma"
#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb_truetype.h>
#pragma GCC diagnostic pop

namespace zenit {

namespace detail {

std::uint32_t decodeUtf8(std::string_view text, std::size_t& i) {
  constexpr std::uint32_t kReplacement = 0xFFFD;
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
  const std::uint8_t b0 = byte(i);
  if (b0 < 0x80) {
    ++i;
    return b0;
  }
  std::size_t len = 0;
  std::uint32_t cp = 0;
  std::uint32_t min = 0;
  if ((b0 & 0xE0) == 0xC0) {
    len = 2;
    cp = b0 & 0x1Fu;
    min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3;
    cp = b0 & 0x0Fu;
    min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4;
    cp = b0 & 0x07u;
    min = 0x10000;
  } else {
    ++i;
    return kReplacement;
  }
  if (i + len > text.size()) {
    ++i;
    return kReplacement;
  }
  for (std::size_t k = 1; k < len; ++k) {
    const std::uint8_t b = byte(i + k);
    if ((b & 0xC0) != 0x80) {
      ++i;
      return kReplacement;
    }
    cp = (cp << 6) | (b & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++i;
    return kReplacement;
  }
  i += len;
  return cp;
}

}  // namespace detail

namespace {

constexpr int kAtlasWidth = 512;
constexpr int kGlyphPad = 1;  // empty texels around each glyph so bilinear sampling never bleeds

std::uint32_t readBE32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}
std::uint16_t readBE16(const std::uint8_t* p) { return static_cast<std::uint16_t>((p[0] << 8) | p[1]); }

// stb_truetype trusts the table directory; reject files whose directory or
// tables would reach past the end (truncated downloads, non-font files).
bool tableDirectoryFits(const std::vector<std::uint8_t>& d, int fontOffset) {
  if (fontOffset < 0) return false;
  const auto off = static_cast<std::size_t>(fontOffset);
  if (d.size() < off + 12) return false;
  const std::size_t numTables = readBE16(d.data() + off + 4);
  if (numTables == 0 || d.size() < off + 12 + 16 * numTables) return false;
  for (std::size_t t = 0; t < numTables; ++t) {
    const std::uint8_t* rec = d.data() + off + 12 + 16 * t;
    const std::uint64_t start = readBE32(rec + 8), length = readBE32(rec + 12);
    if (start + length > d.size()) return false;
  }
  return true;
}

}  // namespace

struct Font::Impl {
  struct BakedGlyph {
    std::int16_t x0{0}, y0{0};  // bitmap box relative to the pen on the baseline (baked px)
    std::uint16_t w{0}, h{0};   // bitmap size
    std::uint16_t u{0}, v{0};   // atlas position
    bool baked{false};
  };

  // One baked pixel size: its atlas and where each glyph sits in it.
  struct Face {
    int px{0};
    float scale{0.0f};  // font units -> baked px
    std::vector<std::uint8_t> atlas;
    int height{0};                // atlas rows in use
    std::uint32_t generation{0};  // the bake counter's value at the last bake into this atlas
    int shelfX{kGlyphPad}, shelfY{kGlyphPad}, shelfH{0};
    std::array<BakedGlyph, 128> ascii{};
    std::unordered_map<std::uint32_t, BakedGlyph> other;
  };

  std::vector<std::uint8_t> data;
  std::string path;
  stbtt_fontinfo info{};
  int ascent{0}, descent{0}, lineGap{0};
  float unitsToPx1{0.0f};               // scale for a 1 px em
  std::array<int, 128> asciiGlyph{};    // glyph index per ASCII code point
  std::array<int, 128> asciiAdvance{};  // advance width per ASCII code point (font units)
  std::array<std::unique_ptr<Face>, kMaxBakedPx + 1> faces;

  int glyphIndex(std::uint32_t cp) const {
    if (cp < 128) return asciiGlyph[cp];
    return stbtt_FindGlyphIndex(&info, static_cast<int>(cp));
  }
  int advance(std::uint32_t cp, int glyph) const {
    if (cp < 128) return asciiAdvance[cp];
    int adv = 0, lsb = 0;
    stbtt_GetGlyphHMetrics(&info, glyph, &adv, &lsb);
    return adv;
  }

  Face& face(int px) {
    std::unique_ptr<Face>& f = faces[static_cast<std::size_t>(px)];
    if (!f) {
      f = std::make_unique<Face>();
      f->px = px;
      f->scale = unitsToPx1 * static_cast<float>(px);
      for (std::uint32_t cp = 32; cp < 127; ++cp) bake(*f, f->ascii[cp], asciiGlyph[cp]);
    }
    return *f;
  }

  const BakedGlyph& glyph(Face& f, std::uint32_t cp, int glyph) {
    BakedGlyph& g = cp < 128 ? f.ascii[cp] : f.other[cp];
    if (!g.baked) bake(f, g, glyph);
    return g;
  }

  // Shelf packing: glyphs left to right, a new shelf when the row is full;
  // the atlas grows downwards (growing a row-major vector keeps old rows).
  void bake(Face& f, BakedGlyph& g, int glyph) {
    g.baked = true;
    // One counter for every atlas of every font: a backend that keys its
    // copies by (font, size) sees a reloaded font's atlas as changed too.
    static std::atomic<std::uint32_t> bakes{0};
    f.generation = ++bakes;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    stbtt_GetGlyphBitmapBox(&info, glyph, f.scale, f.scale, &x0, &y0, &x1, &y1);
    const int w = x1 - x0, h = y1 - y0;
    if (w <= 0 || h <= 0 || w > kAtlasWidth - 2 * kGlyphPad) return;  // blank (space) or absurd
    if (f.shelfX + w + kGlyphPad > kAtlasWidth) {
      f.shelfX = kGlyphPad;
      f.shelfY += f.shelfH + kGlyphPad;
      f.shelfH = 0;
    }
    const int needRows = f.shelfY + h + kGlyphPad;
    if (needRows > f.height) {
      int rows = f.height == 0 ? 64 : f.height;
      while (rows < needRows) rows *= 2;
      f.atlas.resize(static_cast<std::size_t>(rows) * kAtlasWidth, 0);
      f.height = rows;
    }
    const std::size_t at =
        static_cast<std::size_t>(f.shelfY) * kAtlasWidth + static_cast<std::size_t>(f.shelfX);
    stbtt_MakeGlyphBitmap(&info, f.atlas.data() + at, w, h, kAtlasWidth, f.scale, f.scale, glyph);
    g.x0 = static_cast<std::int16_t>(x0);
    g.y0 = static_cast<std::int16_t>(y0);
    g.w = static_cast<std::uint16_t>(w);
    g.h = static_cast<std::uint16_t>(h);
    g.u = static_cast<std::uint16_t>(f.shelfX);
    g.v = static_cast<std::uint16_t>(f.shelfY);
    f.shelfX += w + kGlyphPad;
    if (h > f.shelfH) f.shelfH = h;
  }
};

Font::Font() = default;
Font::~Font() = default;
Font::Font(Font&&) noexcept = default;
Font& Font::operator=(Font&&) noexcept = default;

bool Font::valid() const { return impl_ != nullptr; }

const std::string& Font::path() const {
  static const std::string none;
  return impl_ ? impl_->path : none;
}

bool Font::loadMemory(std::vector<std::uint8_t> ttf) {
  auto impl = std::make_unique<Impl>();
  impl->data = std::move(ttf);
  if (impl->data.size() < 12) return false;
  const int offset = stbtt_GetFontOffsetForIndex(impl->data.data(), 0);
  if (!tableDirectoryFits(impl->data, offset)) return false;
  if (stbtt_InitFont(&impl->info, impl->data.data(), offset) == 0) return false;
  impl->unitsToPx1 = stbtt_ScaleForMappingEmToPixels(&impl->info, 1.0f);
  if (!(impl->unitsToPx1 > 0.0f) || !std::isfinite(impl->unitsToPx1)) return false;
  stbtt_GetFontVMetrics(&impl->info, &impl->ascent, &impl->descent, &impl->lineGap);
  if (impl->ascent - impl->descent <= 0) return false;
  for (std::uint32_t cp = 0; cp < 128; ++cp) {
    const int g = stbtt_FindGlyphIndex(&impl->info, static_cast<int>(cp));
    int adv = 0, lsb = 0;
    stbtt_GetGlyphHMetrics(&impl->info, g, &adv, &lsb);
    impl->asciiGlyph[cp] = g;
    impl->asciiAdvance[cp] = adv;
  }
  impl_ = std::move(impl);
  return true;
}

bool Font::loadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!loadMemory(std::move(bytes))) return false;
  impl_->path = path;
  return true;
}

bool Font::loadFirstAvailable(std::span<const std::string> paths) {
  for (const std::string& p : paths)
    if (!p.empty() && loadFile(p)) return true;
  std::string tried;
  for (const std::string& p : paths) {
    if (p.empty()) continue;
    if (!tried.empty()) tried += ", ";
    tried += p;
  }
  logApi(Severity::Warning, "Font",
         "no usable font found (tried: " + (tried.empty() ? std::string("nothing") : tried) +
             "); text is measured with a fixed advance and not drawn; set ZENIT_FONT to a .ttf file");
  return false;
}

std::vector<std::string> Font::defaultSearchPaths() {
  std::vector<std::string> paths;
  if (const char* env = std::getenv("ZENIT_FONT"); env != nullptr && env[0] != '\0') paths.emplace_back(env);
  for (const char* p : {
           "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",  // Debian, Ubuntu
           "/usr/share/fonts/TTF/DejaVuSans.ttf",              // Arch
           "/usr/share/fonts/dejavu/DejaVuSans.ttf",           // Fedora, Alpine
           "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
           "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
           "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
           "/usr/share/fonts/noto/NotoSans-Regular.ttf",
           "/System/Library/Fonts/Supplemental/Arial.ttf",  // macOS
           "/Library/Fonts/Arial.ttf",
           "C:/Windows/Fonts/segoeui.ttf",  // Windows
           "C:/Windows/Fonts/arial.ttf",
       })
    paths.emplace_back(p);
  return paths;
}

Font& Font::defaultFont() {
  // Loaded once; a failure warns once, by construction.
  static Font font = [] {
    Font f;
    f.loadFirstAvailable(defaultSearchPaths());
    return f;
  }();
  return font;
}

float Font::ascent(float sizePx) const {
  if (!impl_) return sizePx * (kFallbackLineHeightEm - 0.2f);
  return static_cast<float>(impl_->ascent) * impl_->unitsToPx1 * sizePx;
}

float Font::lineHeight(float sizePx) const {
  if (!impl_) return sizePx * kFallbackLineHeightEm;
  return static_cast<float>(impl_->ascent - impl_->descent) * impl_->unitsToPx1 * sizePx;
}

TextSize Font::measureText(std::string_view utf8, float sizePx) const {
  if (!(sizePx > 0.0f) || !std::isfinite(sizePx)) return TextSize{};
  TextSize out{0.0f, lineHeight(sizePx)};
  if (!impl_) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < utf8.size();) {
      detail::decodeUtf8(utf8, i);
      ++count;
    }
    out.width = static_cast<float>(count) * kFallbackAdvanceEm * sizePx;
    return out;
  }
  long units = 0;  // whole line in font units: one rounding at the end
  int prev = -1;
  for (std::size_t i = 0; i < utf8.size();) {
    const std::uint32_t cp = detail::decodeUtf8(utf8, i);
    const int g = impl_->glyphIndex(cp);
    if (prev >= 0) units += stbtt_GetGlyphKernAdvance(&impl_->info, prev, g);
    units += impl_->advance(cp, g);
    prev = g;
  }
  out.width = static_cast<float>(units) * impl_->unitsToPx1 * sizePx;
  return out;
}

GlyphAtlasView Font::layoutGlyphs(std::string_view utf8, float sizePx, std::vector<GlyphQuad>& out) const {
  out.resize(0);
  if (!impl_ || !(sizePx > 0.0f) || !std::isfinite(sizePx)) return GlyphAtlasView{};
  const long rounded = std::lround(sizePx);
  const int px = static_cast<int>(rounded < 1 ? 1 : (rounded > kMaxBakedPx ? kMaxBakedPx : rounded));
  Impl::Face& face = impl_->face(px);
  const float k = sizePx / static_cast<float>(px);     // output px per baked px
  const float unitScale = impl_->unitsToPx1 * sizePx;  // font units -> output px
  const float baseline = ascent(sizePx);
  long units = 0;
  int prev = -1;
  for (std::size_t i = 0; i < utf8.size();) {
    const std::uint32_t cp = detail::decodeUtf8(utf8, i);
    const int g = impl_->glyphIndex(cp);
    if (prev >= 0) units += stbtt_GetGlyphKernAdvance(&impl_->info, prev, g);
    const Impl::BakedGlyph& b = impl_->glyph(face, cp, g);
    if (b.w > 0) {
      const float penX = static_cast<float>(units) * unitScale;
      out.push_back(GlyphQuad{penX + static_cast<float>(b.x0) * k, baseline + static_cast<float>(b.y0) * k,
                              static_cast<float>(b.w) * k, static_cast<float>(b.h) * k,
                              static_cast<float>(b.u), static_cast<float>(b.v), k});
    }
    units += impl_->advance(cp, g);
    prev = g;
  }
  return GlyphAtlasView{face.atlas.data(), kAtlasWidth, face.height, px, face.generation};
}

}  // namespace zenit
