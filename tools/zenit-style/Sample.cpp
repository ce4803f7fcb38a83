// zenit-style sample: run a sheet on one node through the real frame loop
// (Layout::update + Layout::draw) and print a property's rendered value at
// given times, as getComputedStyle would serialise it.
//
//   zenit-style sample FILE --select SELECTOR --property NAME --times MS[,MS...]
//                      [--at MS:+CLASS|-CLASS|+:STATE|-:STATE ...] [--viewport WxH]
//                      [--reduced-motion] [--dark]
//
// The node matches the compound SELECTOR (`Slider.box#a`: type, classes,
// id) and is the only child of a root of the viewport's size whose id is
// `root`. The clock starts at 0 ms; frames advance in steps of at most 1 ms
// that land exactly on every requested and --at time. At a time with --at
// changes, the changes are applied and one more frame (dt = 0) runs at that
// time, so a sample there shows the state right after the change.
// --viewport, --reduced-motion and --dark set what `@media` reads
// (UIContext::viewport, prefersReducedMotion, colorScheme).
#include "Sample.hpp"

#include <zenit/core/Diagnostic.hpp>
#include <zenit/core/Format.hpp>
#include <zenit/layout/Layout.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/style/Style.hpp>
#include <zenit/style/Theme.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace zenit::tools {
namespace {

struct Change {
  bool add{true};
  bool state{false};  // :state rather than a class
  std::string name;   // class name or state name
};

struct Compound {
  std::string type{"Layout"};
  std::string id;
  std::vector<std::string> classes;
};

int fail(const std::string& message) {
  std::fprintf(stderr, "zenit-style sample: %s\n", message.c_str());
  return 2;
}

std::optional<double> parseMs(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::string text(s);
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(v) || v < 0.0) return std::nullopt;
  return v;
}

bool isNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// `Type.class#id` (any order after the type; `*` or nothing for any type).
std::optional<Compound> parseCompound(std::string_view s, std::string& error) {
  Compound c;
  std::size_t i = 0;
  if (i < s.size() && s[i] == '*') ++i;
  std::size_t start = i;
  while (i < s.size() && isNameChar(s[i])) ++i;
  if (i > start) c.type = std::string(s.substr(start, i - start));
  while (i < s.size()) {
    const char kind = s[i++];
    start = i;
    while (i < s.size() && isNameChar(s[i])) ++i;
    if (i == start || (kind != '.' && kind != '#')) {
      error = "the selector must be one compound like Slider.box#a, got '" + std::string(s) + "'";
      return std::nullopt;
    }
    if (kind == '.')
      c.classes.emplace_back(s.substr(start, i - start));
    else
      c.id = std::string(s.substr(start, i - start));
  }
  return c;
}

std::optional<std::uint8_t> stateBit(std::string_view name) {
  if (name == "hover") return PseudoHover;
  if (name == "active") return PseudoActive;
  if (name == "focus") return PseudoFocus;
  if (name == "checked") return PseudoChecked;
  if (name == "disabled") return PseudoDisabled;
  return std::nullopt;
}

void apply(Layout& node, const Change& ch) {
  if (!ch.state) {
    if (ch.add)
      node.addClass(ch.name);
    else
      node.removeClass(ch.name);
    return;
  }
  switch (*stateBit(ch.name)) {
    case PseudoHover: node.setHovered(ch.add); break;
    case PseudoActive: node.setPressed(ch.add); break;
    case PseudoFocus: node.setFocused(ch.add); break;
    case PseudoChecked: node.setChecked(ch.add); break;
    default: node.setDisabled(ch.add); break;
  }
}

// The property's value as drawn now; auto sizes print the used size (as
// getComputedStyle's resolved value does for width and height).
std::optional<std::string> valueOf(const Layout& node, std::string_view property) {
  const ComputedStyle s = node.renderedStyle();
  const float w = node.box.rect.width, h = node.box.rect.height;
  if ((property == "width" && s.width.isAuto()) || (property == "height" && s.height.isAuto())) {
    std::string out;
    appendCssNumber(out, static_cast<double>(property == "width" ? w : h));
    return out + "px";
  }
  std::optional<std::string> out = serializeCssProperty(property, s, w, h);
  // A transform an animation applies is a value even when it is the
  // identity: getComputedStyle prints matrix(1, 0, 0, 1, 0, 0), not none.
  const AnimationPlayer* ap = node.animationPlayer();
  const PropSet transformParts{PropSet::bit(Prop::translateX) | PropSet::bit(Prop::translateY) |
                               PropSet::bit(Prop::rotate) | PropSet::bit(Prop::scaleX) |
                               PropSet::bit(Prop::scaleY)};
  if (out && *out == "none" && ap && (ap->overlaid() & transformParts).any()) {
    if (property == "transform") return std::string("matrix(1, 0, 0, 1, 0, 0)");
    if (property == "translate") return std::string("0px");
    if (property == "rotate") return std::string("0deg");
    if (property == "scale") return std::string("1");
  }
  return out;
}

}  // namespace

int runSample(const std::vector<std::string_view>& args, const NodeFactory& factory) {
  std::string file, select, property;
  std::vector<std::pair<std::string, double>> times;  // as written, ms
  std::multimap<double, Change> changes;
  Size viewport{800.0f, 600.0f};
  bool reducedMotion = false;
  bool dark = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    const auto value = [&]() -> std::optional<std::string_view> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (a == "--select" || a == "--property" || a == "--times" || a == "--at" || a == "--viewport") {
      const auto v = value();
      if (!v) return fail(std::string(a) + " needs a value");
      if (a == "--select")
        select = std::string(*v);
      else if (a == "--property")
        property = std::string(*v);
      else if (a == "--viewport") {
        const std::size_t x = v->find('x');
        const auto vw = x == std::string_view::npos ? std::nullopt : parseMs(v->substr(0, x));
        const auto vh = x == std::string_view::npos ? std::nullopt : parseMs(v->substr(x + 1));
        if (!vw || !vh) return fail("--viewport takes WxH in px, e.g. 800x600");
        viewport = Size{static_cast<float>(*vw), static_cast<float>(*vh)};
      } else if (a == "--times") {
        std::string_view rest = *v;
        while (!rest.empty()) {
          const std::size_t comma = rest.find(',');
          const std::string_view item = rest.substr(0, comma);
          const auto ms = parseMs(item);
          if (!ms) return fail("bad time '" + std::string(item) + "' in --times (milliseconds >= 0)");
          times.emplace_back(std::string(item), *ms);
          rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        }
      } else {  // --at MS:+CLASS | MS:-CLASS | MS:+:STATE | MS:-:STATE
        const std::size_t colon = v->find(':');
        const auto ms = colon == std::string_view::npos ? std::nullopt : parseMs(v->substr(0, colon));
        std::string_view what = colon == std::string_view::npos ? std::string_view{} : v->substr(colon + 1);
        if (!ms || what.size() < 2 || (what[0] != '+' && what[0] != '-'))
          return fail("bad --at '" + std::string(*v) + "' (MS:+CLASS, MS:-CLASS, MS:+:STATE, MS:-:STATE)");
        Change ch;
        ch.add = what[0] == '+';
        what.remove_prefix(1);
        if (what[0] == ':') {
          what.remove_prefix(1);
          if (!stateBit(what))
            return fail("unknown state '" + std::string(what) +
                        "' (hover, active, focus, checked, disabled)");
          ch.state = true;
        }
        ch.name = std::string(what);
        changes.emplace(*ms, ch);
      }
    } else if (a == "--reduced-motion") {
      reducedMotion = true;
    } else if (a == "--dark") {
      dark = true;
    } else if (!a.empty() && a[0] == '-') {
      return fail("unknown option " + std::string(a));
    } else if (file.empty()) {
      file = std::string(a);
    } else {
      return fail("sample takes one file");
    }
  }
  if (file.empty()) return fail("no file given");
  if (select.empty()) return fail("--select is required");
  if (property.empty()) return fail("--property is required");
  if (times.empty()) return fail("--times is required");
  std::string error;
  const auto compound = parseCompound(select, error);
  if (!compound) return fail(error);
  if (!serializeCssProperty(property, ComputedStyle{}, 0.0f, 0.0f))
    return fail("unknown property '" + property + "'");

  Theme& theme = Theme::get();
  theme.clear();
  const Theme::LoadResult loaded = theme.loadFile(file);
  for (const Diagnostic& d : loaded.diagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
  if (!loaded.ok() && loaded.diagnostics.empty()) return fail("cannot load " + file);

  UIContext& ctx = UIContext::get();
  ctx.resetClock(0.0);
  ctx.viewport = viewport;
  ctx.prefersReducedMotion = reducedMotion;
  ctx.colorScheme = dark ? ColorScheme::Dark : ColorScheme::Light;
  Layout root;
  root.setId("root");
  std::unique_ptr<Layout> made = factory ? factory(compound->type) : nullptr;
  Layout& node = root.addChild(made ? std::move(made) : std::make_unique<Layout>(compound->type));
  if (!compound->id.empty()) node.setId(compound->id);
  for (const std::string& c : compound->classes) node.addClass(c);

  // Every time the clock must land on, in order.
  std::vector<double> stops;
  for (const auto& t : times) stops.push_back(t.second);
  for (const auto& c : changes) stops.push_back(c.first);
  stops.push_back(0.0);
  std::sort(stops.begin(), stops.end());
  stops.erase(std::unique(stops.begin(), stops.end()), stops.end());

  DrawList list;
  std::map<double, std::string> values;
  double now = 0.0;  // ms
  bool first = true;
  for (const double stop : stops) {
    while (first || now < stop) {
      const double next = first ? 0.0 : std::min(now + 1.0, stop);
      // dt is the difference of the two instants in seconds, not (next - now)
      // / 1000: consecutive instants are within a factor of two of each
      // other, so the subtraction is exact and both the context clock and
      // every incremental sum of dt (node CSS animations) land exactly on
      // next / 1000. Summing 0.001 instead drifts (1200 steps give
      // 1.1999999999999786 s), which puts a sample taken exactly on an
      // iteration or step boundary on the wrong side of it.
      ctx.resetClock(now / 1000.0);
      ctx.frame(root, next / 1000.0 - now / 1000.0);
      ctx.resetClock(next / 1000.0);
      list.reset();
      root.draw(list);
      now = next;
      first = false;
    }
    const auto range = changes.equal_range(stop);
    if (range.first != range.second) {
      for (auto it = range.first; it != range.second; ++it) apply(node, it->second);
      ctx.frame(root, 0.0);
      list.reset();
      root.draw(list);
    }
    if (auto v = valueOf(node, property)) values[stop] = *v;
  }
  for (const auto& t : times) std::printf("%s %s\n", t.first.c_str(), values[t.second].c_str());
  return 0;
}

}  // namespace zenit::tools
