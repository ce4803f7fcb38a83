// Deterministic sheet generator for the parse benchmark (see SheetGen.hpp).
// Values come from a fixed-seed xorshift so the text is varied (numbers,
// colours, names) but identical on every run; no locale or libc formatting.
#include "SheetGen.hpp"

#include <cstdint>
#include <string_view>

namespace zenit::bench {

namespace {

class Gen {
 public:
  std::string out;

  std::uint32_t rnd() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return static_cast<std::uint32_t>(state_ >> 11);
  }
  std::uint32_t below(std::uint32_t n) { return rnd() % n; }

  Gen& s(std::string_view t) {
    out.append(t);
    return *this;
  }
  Gen& u(std::uint32_t v) {
    char buf[12];
    int n = 0;
    do {
      buf[n++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v);
    while (n) out.push_back(buf[--n]);
    return *this;
  }
  // A decimal with up to two fraction digits: hundredths / 100.
  Gen& dec(std::uint32_t hundredths) {
    u(hundredths / 100);
    const std::uint32_t f = hundredths % 100;
    if (f) {
      out.push_back('.');
      out.push_back(static_cast<char>('0' + f / 10));
      if (f % 10) out.push_back(static_cast<char>('0' + f % 10));
    }
    return *this;
  }
  Gen& px(std::uint32_t max) {
    u(below(max + 1));
    return s("px");
  }
  Gen& hex() {
    static constexpr char kDigits[] = "0123456789abcdef";
    out.push_back('#');
    const std::uint32_t v = rnd();
    for (int i = 0; i < 6; ++i) out.push_back(kDigits[(v >> (4 * i)) & 15]);
    return *this;
  }
  Gen& rgba() {
    s("rgba(").u(below(256)).s(", ").u(below(256)).s(", ").u(below(256)).s(", 0.").u(1 + below(9));
    return s(")");
  }

 private:
  std::uint64_t state_{0x9E3779B97F4A7C15ull};
};

constexpr std::string_view kTypes[] = {"Button",   "Label",       "Panel",     "Slider",
                                       "Checkbox", "ProgressBar", "TextInput", "Image"};
constexpr std::string_view kParts[] = {"track", "knob", "fill", "box", "mark"};
constexpr std::string_view kPseudo[] = {"hover", "active", "focus", "checked", "disabled"};
constexpr std::string_view kEasings[] = {
    "ease", "ease-in-out", "linear", "ease-out", "cubic-bezier(0.2, 0.8, 0.3, 1)", "steps(4, end)"};
constexpr std::string_view kAlign[] = {"center", "flex-start", "flex-end", "stretch"};

void unit(Gen& g, std::size_t index) {
  const auto type = [&] { return kTypes[g.below(8)]; };
  const std::uint32_t k = static_cast<std::uint32_t>(index);
  const std::string kf = "kf" + std::to_string(index);

  g.s("/* ---- group ").u(k).s(" ---------------------------------------- */\n");
  // 1. A widget type with a box and colours.
  g.s(type())
      .s(".card-")
      .u(k)
      .s(" {\n  padding: ")
      .px(24)
      .s(" ")
      .px(24)
      .s(";\n  margin: ")
      .px(12)
      .s(" ")
      .px(12)
      .s(" ")
      .px(12)
      .s(" ")
      .px(12)
      .s(";\n  background-color: ")
      .hex()
      .s(";\n  color: ")
      .hex()
      .s(";\n  border-radius: ")
      .px(12)
      .s(";\n  font-size: ")
      .u(11 + g.below(10))
      .s("px;\n  border-width: ")
      .px(2)
      .s(";\n  border-color: ")
      .hex()
      .s(";\n  max-width: ")
      .u(300 + g.below(300))
      .s("px;\n  min-height: ")
      .px(48)
      .s(";\n  text-align: left;\n}\n");
  // 2. Pseudo-class with a transition shorthand.
  g.s(type())
      .s(":")
      .s(kPseudo[g.below(5)])
      .s(" {\n  background-color: ")
      .rgba()
      .s(";\n  border-color: ")
      .hex()
      .s(";\n  transition: background-color 0.")
      .u(1 + g.below(9))
      .s("s ")
      .s(kEasings[g.below(6)])
      .s(", border-color ")
      .u(100 + g.below(400))
      .s("ms ease-out;\n  color: ")
      .hex()
      .s(";\n  box-shadow: 0 0 0 ")
      .px(4)
      .s(" ")
      .rgba()
      .s(";\n}\n");
  // 3. A selector list with ids and a part.
  g.s("#main-")
      .u(k)
      .s(" > .row, #side-")
      .u(k)
      .s(" .row::")
      .s(kParts[g.below(5)])
      .s(" {\n  width: ")
      .u(10 + g.below(90))
      .s("%;\n  height: ")
      .px(64)
      .s(";\n  opacity: 0.")
      .u(1 + g.below(9))
      .s(";\n  margin: ")
      .px(8)
      .s(" auto;\n  color: ")
      .hex()
      .s(";\n  background-color: ")
      .hex()
      .s(";\n  max-width: ")
      .u(200 + g.below(400))
      .s("px;\n}\n");
  // 4. Animation shorthand naming this unit's keyframes.
  g.s(".spinner-")
      .u(k)
      .s(" {\n  animation: ")
      .s(kf)
      .s(" ")
      .dec(50 + g.below(300))
      .s("s ")
      .s(kEasings[g.below(6)])
      .s(" infinite alternate both;\n  animation-play-state: running;\n  transition: opacity ")
      .u(100 + g.below(200))
      .s("ms ease;\n  opacity: 0.")
      .u(50 + g.below(50))
      .s(";\n  transform-origin: 50% ")
      .u(g.below(100))
      .s("%;\n}\n");
  // 5. Custom properties and var().
  g.s(".theme-")
      .u(k)
      .s(" {\n  --accent-")
      .u(k)
      .s(": ")
      .hex()
      .s(";\n  --radius: ")
      .px(8)
      .s(";\n  border-radius: var(--radius);\n  --gap: ")
      .px(16)
      .s(";\n  border-color: var(--accent-")
      .u(k)
      .s(");\n  row-gap: var(--gap, 4px);\n  color: var(--accent-")
      .u(k)
      .s(");\n  padding: var(--gap) ")
      .px(12)
      .s(";\n}\n");
  // 6. Flex layout keywords.
  g.s(type())
      .s(" > ")
      .s(type())
      .s(" {\n  display: flex;\n  flex-direction: column;\n  align-items: ")
      .s(kAlign[g.below(4)])
      .s(";\n  justify-content: space-between;\n  flex: 1 1 ")
      .px(200)
      .s(";\n  column-gap: ")
      .px(16)
      .s(";\n  min-width: ")
      .u(40 + g.below(200))
      .s("px;\n  flex-wrap: wrap;\n  align-self: stretch;\n}\n");
  // 7. Transforms and a shadow.
  g.s(type())
      .s(".tile-")
      .u(k)
      .s(":active {\n  transform: translate(")
      .px(8)
      .s(", -")
      .px(8)
      .s(") scale(0.9")
      .u(g.below(10))
      .s(") rotate(")
      .u(g.below(360))
      .s("deg);\n  box-shadow: 0 ")
      .px(4)
      .s(" ")
      .px(12)
      .s(" ")
      .rgba()
      .s(";\n  opacity: 0.")
      .u(5 + g.below(5))
      .s(";\n  z-index: ")
      .u(g.below(10))
      .s(";\n  translate: ")
      .px(4)
      .s(" ")
      .px(4)
      .s(";\n  border-radius: 50%;\n  transform-origin: left top;\n}\n");
  // 8. Border shorthand, min/max sizes, !important.
  g.s(".frame-")
      .u(k)
      .s(" {\n  border: ")
      .px(3)
      .s(" solid ")
      .hex()
      .s(";\n  min-width: ")
      .u(80 + g.below(200))
      .s("px;\n  max-height: ")
      .u(50 + g.below(50))
      .s("%;\n  padding: 4px 8px;\n  visibility: visible !important;\n  border-radius: ")
      .px(8)
      .s(" ")
      .px(8)
      .s(" ")
      .px(4)
      .s(" ")
      .px(4)
      .s(";\n  background: ")
      .hex()
      .s(";\n}\n");
  // 9. Descendant chain with a pseudo-class and longhands.
  g.s("Panel .list-")
      .u(k)
      .s(" Label:")
      .s(kPseudo[g.below(5)])
      .s(" {\n  padding-left: ")
      .px(20)
      .s(";\n  padding-right: ")
      .px(20)
      .s(";\n  margin-bottom: ")
      .px(10)
      .s(";\n  margin-top: ")
      .px(10)
      .s(";\n  text-align: center;\n  transition-property: opacity, color;\n  transition-duration: ")
      .u(100 + g.below(200))
      .s("ms;\n  font-size: 1.")
      .u(1 + g.below(9))
      .s("em;\n  color: rgb(")
      .u(g.below(256))
      .s(" ")
      .u(g.below(256))
      .s(" ")
      .u(g.below(256))
      .s(");\n}\n");
  // 10. Positioning.
  g.s("#overlay-")
      .u(k)
      .s(" {\n  position: absolute;\n  left: ")
      .px(100)
      .s(";\n  top: ")
      .px(100)
      .s(";\n  inset: ")
      .px(4)
      .s(";\n  right: ")
      .px(100)
      .s(";\n  bottom: ")
      .px(100)
      .s(";\n  min-height: 20px;\n  overflow: hidden;\n  z-index: ")
      .u(10 + g.below(90))
      .s(";\n  width: calc(100% - ")
      .px(40)
      .s(");\n  height: ")
      .u(100 + g.below(400))
      .s("px;\n}\n");
  // The unit's @keyframes: three offsets with opacity and a transform.
  g.s("@keyframes ")
      .s(kf)
      .s(" {\n  0% { opacity: 0; transform: translate(0px, ")
      .px(20)
      .s(") scale(0.")
      .u(80 + g.below(20))
      .s("); }\n  50% { opacity: 0.")
      .u(4 + g.below(5))
      .s("; transform: translate(")
      .px(10)
      .s(", 0px) rotate(")
      .u(g.below(180))
      .s("deg); }\n  100% { opacity: 1; transform: translate(0px, 0px) scale(1); }\n}\n");
}

}  // namespace

std::string generateSheetUnits(std::size_t units, SheetShape* shape) {
  Gen g;
  g.out.reserve(units * 2700 + 64);
  for (std::size_t i = 0; i < units; ++i) unit(g, i);
  if (shape) *shape = SheetShape{units * 10, units};
  return std::move(g.out);
}

std::string generateSheet(std::size_t bytes, SheetShape* shape) {
  Gen g;
  g.out.reserve(bytes + 4096);
  std::size_t units = 0;
  while (g.out.size() < bytes) unit(g, units++);
  if (shape) *shape = SheetShape{units * 10, units};
  return std::move(g.out);
}

}  // namespace zenit::bench
