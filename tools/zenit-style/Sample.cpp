// zenit-style sample: run a sheet on one node through the real frame loop
// (Layout::update + Layout::draw) and print a property's rendered value at
// given times, as getComputedStyle would serialise it.
//
//   zenit-style sample FILE --select SELECTOR --property NAME --times MS[,MS...]
//                      [--tree TREE] [--at MS:+CLASS|-CLASS|+:STATE|-:STATE ...]
//                      [--viewport WxH] [--reduced-motion] [--dark]
//
// Without --tree, the node is made from the compound SELECTOR
// (`Slider.box#a[kind=x]`: type, classes, id, attributes) and is the only
// child of a root of the viewport's size whose id is `root`. --tree builds
// a tree under that root instead, written as compounds with their children
// in parentheses, separated by commas (`Panel.list(Label#title,
// Button.item, Button.item#b[data-state=open])`), and SELECTOR picks the
// first node of it, in document order, that has SELECTOR's type (if it
// names one), classes, id and attributes. The clock starts at 0 ms; frames advance in steps of at most 1 ms
// that land exactly on every requested and --at time. At a time with --at
// changes, the changes are applied and one more frame (dt = 0) runs at that
// time, so a sample there shows the state right after the change.
// --viewport, --reduced-motion and --dark set what `@media` reads
// (UIContext::viewport, prefersReducedMotion, colorScheme).
//
//   zenit-style render FILE --out PNG [--tree TREE] [--time MS] [--viewport WxH]
//                      [--reduced-motion] [--dark]
//
// render builds the same tree and runs the same clock to one time (0 ms by
// default), then draws the frame with the software rasteriser on white and
// writes it as a PNG of the viewport's size: the golden images' renderer
// (tests/golden/).
#include "Sample.hpp"

#include <zenit/core/Diagnostic.hpp>
#include <zenit/core/Format.hpp>
#include <zenit/layout/Layout.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/render/SoftwareRenderer.hpp>
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
  std::string type;  // empty: any (a node made from it is a Layout)
  std::string id;
  std::vector<std::string> classes;
  std::vector<std::pair<std::string, std::string>> attributes;  // [name] has an empty value
};

// A --tree node: a compound and its children.
struct TreeNode {
  Compound compound;
  std::vector<TreeNode> children;
};

int fail(const std::string& message, const char* command = "sample") {
  std::fprintf(stderr, "zenit-style %s: %s\n", command, message.c_str());
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

// `Type.class#id[name=value]` from s[i] on (any order after the type; `*`
// or nothing for any type), up to the end or one of `stops`. A value is a
// name or a quoted string ("…" or '…').
std::optional<Compound> parseCompound(std::string_view s, std::size_t& i, std::string_view stops,
                                      std::string& error) {
  Compound c;
  const auto bad = [&](const std::string& why) {
    error = why + " in '" + std::string(s) + "' at offset " + std::to_string(i);
    return std::nullopt;
  };
  const auto name = [&] {
    const std::size_t start = i;
    while (i < s.size() && isNameChar(s[i])) ++i;
    return std::string(s.substr(start, i - start));
  };
  if (i < s.size() && s[i] == '*') ++i;
  c.type = name();
  while (i < s.size() && stops.find(s[i]) == std::string_view::npos) {
    const char kind = s[i++];
    if (kind == '.' || kind == '#') {
      std::string n = name();
      if (n.empty()) return bad(std::string("a name must follow '") + kind + "'");
      if (kind == '.')
        c.classes.push_back(std::move(n));
      else
        c.id = std::move(n);
    } else if (kind == '[') {
      std::string attr = name(), value;
      if (attr.empty()) return bad("an attribute name must follow '['");
      if (i < s.size() && s[i] == '=') {
        ++i;
        if (i < s.size() && (s[i] == '"' || s[i] == '\'')) {
          const char quote = s[i++];
          const std::size_t close = s.find(quote, i);
          if (close == std::string_view::npos) return bad("an unclosed quote");
          value = std::string(s.substr(i, close - i));
          i = close + 1;
        } else {
          value = name();
        }
      }
      if (i >= s.size() || s[i] != ']') return bad("expected ']'");
      ++i;
      c.attributes.emplace_back(std::move(attr), std::move(value));
    } else {
      return bad("expected a compound like Slider.box#a[kind=x]");
    }
  }
  if (c.type.empty() && c.id.empty() && c.classes.empty() && c.attributes.empty() &&
      (i == 0 || s[i - 1] != '*'))
    return bad("expected a compound");
  return c;
}

// One --tree node and its children from s[i] on: COMPOUND or COMPOUND(NODE, …).
std::optional<TreeNode> parseTreeNode(std::string_view s, std::size_t& i, int depth, std::string& error) {
  const auto skip = [&] {
    while (i < s.size() && s[i] == ' ') ++i;
  };
  skip();
  if (depth > 64) {
    error = "--tree is nested more than 64 deep";
    return std::nullopt;
  }
  auto c = parseCompound(s, i, "(), ", error);
  if (!c) return std::nullopt;
  TreeNode n{std::move(*c), {}};
  skip();
  if (i < s.size() && s[i] == '(') {
    ++i;
    for (;;) {
      auto child = parseTreeNode(s, i, depth + 1, error);
      if (!child) return std::nullopt;
      n.children.push_back(std::move(*child));
      skip();
      if (i < s.size() && s[i] == ',') {
        ++i;
        continue;
      }
      if (i < s.size() && s[i] == ')') {
        ++i;
        break;
      }
      error = "expected ',' or ')' in --tree at offset " + std::to_string(i);
      return std::nullopt;
    }
  }
  return n;
}

// The top-level nodes of a --tree (comma-separated), or nullopt with `error`.
std::optional<std::vector<TreeNode>> parseTree(std::string_view s, std::string& error) {
  std::vector<TreeNode> nodes;
  std::size_t i = 0;
  for (;;) {
    auto n = parseTreeNode(s, i, 0, error);
    if (!n) return std::nullopt;
    nodes.push_back(std::move(*n));
    while (i < s.size() && s[i] == ' ') ++i;
    if (i == s.size()) return nodes;
    if (s[i] != ',') {
      error = "expected ',' between the top-level nodes of --tree at offset " + std::to_string(i);
      return std::nullopt;
    }
    ++i;
  }
}

// A node for `c` (by `factory` when it knows the type), named as `c` says.
std::unique_ptr<Layout> makeNode(const Compound& c, const NodeFactory& factory) {
  const std::string type = c.type.empty() ? "Layout" : c.type;
  std::unique_ptr<Layout> made = factory ? factory(type) : nullptr;
  if (!made) made = std::make_unique<Layout>(type);
  if (!c.id.empty()) made->setId(c.id);
  for (const std::string& cls : c.classes) made->addClass(cls);
  for (const auto& [name, value] : c.attributes) made->setAttribute(name, value);
  return made;
}

void build(Layout& parent, const std::vector<TreeNode>& nodes, const NodeFactory& factory) {
  for (const TreeNode& n : nodes) build(parent.addChild(makeNode(n.compound, factory)), n.children, factory);
}

// The first node under `n`, in document order, with everything `c` names.
Layout* findFirst(Layout& n, const Compound& c) {
  for (std::size_t k = 0; k < n.childCount(); ++k) {
    Layout& child = n.child(k);
    bool hit = (c.type.empty() || child.typeName() == c.type) && (c.id.empty() || child.id() == c.id);
    for (const std::string& cls : c.classes) hit = hit && child.hasClass(cls);
    for (const auto& [name, value] : c.attributes)
      hit = hit && child.attribute(name) == std::string_view(value);
    if (hit) return &child;
    if (Layout* below = findFirst(child, c)) return below;
  }
  return nullptr;
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
                               PropSet::bit(Prop::rotate) | PropSet::bit(Prop::skewX) |
                               PropSet::bit(Prop::skewY) | PropSet::bit(Prop::scaleX) |
                               PropSet::bit(Prop::scaleY)};
  if (out && *out == "none" && ap && (ap->overlaid() & transformParts).any()) {
    if (property == "transform") return std::string("matrix(1, 0, 0, 1, 0, 0)");
    if (property == "translate") return std::string("0px");
    if (property == "rotate") return std::string("0deg");
    if (property == "scale") return std::string("1");
  }
  return out;
}

// The options of sample and render, as written.
struct Options {
  std::string file, select, property, out;
  std::optional<std::string> tree;
  std::vector<std::pair<std::string, double>> times;  // as written, ms
  std::multimap<double, Change> changes;
  Size viewport{800.0f, 600.0f};
  bool reducedMotion{false};
  bool dark{false};
};

// Reads `args` into `o`; an error message, or an empty string. `render`
// takes --out and one --time where sample takes --select, --property and
// --times.
std::string readOptions(const std::vector<std::string_view>& args, bool render, Options& o) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    const auto value = [&]() -> std::optional<std::string_view> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    const bool takesValue =
        a == "--at" || a == "--viewport" || a == "--tree" ||
        (render ? (a == "--out" || a == "--time") : (a == "--select" || a == "--property" || a == "--times"));
    if (takesValue) {
      const auto v = value();
      if (!v) return std::string(a) + " needs a value";
      if (a == "--select")
        o.select = std::string(*v);
      else if (a == "--tree")
        o.tree = std::string(*v);
      else if (a == "--property")
        o.property = std::string(*v);
      else if (a == "--out")
        o.out = std::string(*v);
      else if (a == "--viewport") {
        const std::size_t x = v->find('x');
        const auto vw = x == std::string_view::npos ? std::nullopt : parseMs(v->substr(0, x));
        const auto vh = x == std::string_view::npos ? std::nullopt : parseMs(v->substr(x + 1));
        if (!vw || !vh) return "--viewport takes WxH in px, e.g. 800x600";
        o.viewport = Size{static_cast<float>(*vw), static_cast<float>(*vh)};
      } else if (a == "--times" || a == "--time") {
        std::string_view rest = *v;
        while (!rest.empty()) {
          const std::size_t comma = rest.find(',');
          const std::string_view item = rest.substr(0, comma);
          const auto ms = parseMs(item);
          if (!ms || (a == "--time" && comma != std::string_view::npos))
            return "bad time '" + std::string(a == "--time" ? *v : item) + "' in " + std::string(a) +
                   " (milliseconds >= 0" + (a == "--time" ? ", one time)" : ")");
          o.times.emplace_back(std::string(item), *ms);
          rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        }
      } else {  // --at MS:+CLASS | MS:-CLASS | MS:+:STATE | MS:-:STATE
        const std::size_t colon = v->find(':');
        const auto ms = colon == std::string_view::npos ? std::nullopt : parseMs(v->substr(0, colon));
        std::string_view what = colon == std::string_view::npos ? std::string_view{} : v->substr(colon + 1);
        if (!ms || what.size() < 2 || (what[0] != '+' && what[0] != '-'))
          return "bad --at '" + std::string(*v) + "' (MS:+CLASS, MS:-CLASS, MS:+:STATE, MS:-:STATE)";
        Change ch;
        ch.add = what[0] == '+';
        what.remove_prefix(1);
        if (what[0] == ':') {
          what.remove_prefix(1);
          if (!stateBit(what))
            return "unknown state '" + std::string(what) + "' (hover, active, focus, checked, disabled)";
          ch.state = true;
        }
        ch.name = std::string(what);
        o.changes.emplace(*ms, ch);
      }
    } else if (a == "--reduced-motion") {
      o.reducedMotion = true;
    } else if (a == "--dark") {
      o.dark = true;
    } else if (!a.empty() && a[0] == '-') {
      return "unknown option " + std::string(a);
    } else if (o.file.empty()) {
      o.file = std::string(a);
    } else {
      return std::string(render ? "render" : "sample") + " takes one file";
    }
  }
  if (o.file.empty()) return "no file given";
  return {};
}

// The sheet loaded (diagnostics on stderr), the context set as the options
// say, and the tree built under `root`: false when the file cannot be read.
bool setUp(const Options& o, const std::vector<TreeNode>* nodes, const std::optional<Compound>& alone,
           Layout& root, const NodeFactory& factory) {
  Theme& theme = Theme::get();
  theme.clear();
  const Theme::LoadResult loaded = theme.loadFile(o.file);
  for (const Diagnostic& d : loaded.diagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
  if (!loaded.ok() && loaded.diagnostics.empty()) return false;
  UIContext& ctx = UIContext::get();
  ctx.resetClock(0.0);
  ctx.viewport = o.viewport;
  ctx.prefersReducedMotion = o.reducedMotion;
  ctx.colorScheme = o.dark ? ColorScheme::Dark : ColorScheme::Light;
  root.setId("root");
  if (nodes)
    build(root, *nodes, factory);
  else if (alone)
    root.addChild(makeNode(*alone, factory));
  return true;
}

// Runs the frames from 0 ms to every time of `o` and every --at change, in
// order, and calls at(ms) at each requested time.
template <class AtTime>
void runClock(const Options& o, Layout& root, Layout* changed, DrawList& list, AtTime at) {
  UIContext& ctx = UIContext::get();
  std::vector<double> stops;
  for (const auto& t : o.times) stops.push_back(t.second);
  for (const auto& c : o.changes) stops.push_back(c.first);
  stops.push_back(0.0);
  std::sort(stops.begin(), stops.end());
  stops.erase(std::unique(stops.begin(), stops.end()), stops.end());
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
    const auto range = o.changes.equal_range(stop);
    if (range.first != range.second) {
      for (auto it = range.first; it != range.second; ++it) apply(changed ? *changed : root, it->second);
      ctx.frame(root, 0.0);
      list.reset();
      root.draw(list);
    }
    at(stop);
  }
}

}  // namespace

int runSample(const std::vector<std::string_view>& args, const NodeFactory& factory) {
  Options o;
  if (const std::string error = readOptions(args, false, o); !error.empty()) return fail(error);
  if (o.select.empty()) return fail("--select is required");
  if (o.property.empty()) return fail("--property is required");
  if (o.times.empty()) return fail("--times is required");
  std::string error;
  std::size_t at = 0;
  const auto compound = parseCompound(o.select, at, "", error);
  if (!compound) return fail("--select: " + error);
  std::optional<std::vector<TreeNode>> nodes;
  if (o.tree) {
    nodes = parseTree(*o.tree, error);
    if (!nodes) return fail("--tree: " + error);
  }
  if (!serializeCssProperty(o.property, ComputedStyle{}, 0.0f, 0.0f))
    return fail("unknown property '" + o.property + "'");

  Layout root;
  if (!setUp(o, nodes ? &*nodes : nullptr, compound, root, factory)) return fail("cannot load " + o.file);
  Layout* const picked = findFirst(root, *compound);
  if (!picked) return fail("no node of --tree matches --select " + o.select);
  Layout& node = *picked;

  DrawList list;
  std::map<double, std::string> values;
  runClock(o, root, &node, list, [&](double ms) {
    if (auto v = valueOf(node, o.property)) values[ms] = *v;
  });
  for (const auto& t : o.times) std::printf("%s %s\n", t.first.c_str(), values[t.second].c_str());
  return 0;
}

int runRender(const std::vector<std::string_view>& args, const NodeFactory& factory) {
  Options o;
  if (const std::string error = readOptions(args, true, o); !error.empty()) return fail(error, "render");
  if (o.out.empty()) return fail("--out is required", "render");
  if (!o.changes.empty()) return fail("--at is not taken by render", "render");
  if (o.times.empty()) o.times.emplace_back("0", 0.0);
  if (!(o.viewport.width >= 1.0f && o.viewport.height >= 1.0f &&
        o.viewport.width <= static_cast<float>(SoftwareRenderer::kMaxSize) &&
        o.viewport.height <= static_cast<float>(SoftwareRenderer::kMaxSize)))
    return fail(
        "--viewport must be between 1x1 and " + std::to_string(SoftwareRenderer::kMaxSize) + " px a side",
        "render");
  std::string error;
  std::optional<std::vector<TreeNode>> nodes;
  if (o.tree) {
    nodes = parseTree(*o.tree, error);
    if (!nodes) return fail("--tree: " + error, "render");
  }
  Layout root;
  if (!setUp(o, nodes ? &*nodes : nullptr, std::nullopt, root, factory))
    return fail("cannot load " + o.file, "render");
  DrawList list;
  runClock(o, root, nullptr, list, [](double) {});
  SoftwareRendererOptions options;
  options.clearColor = Color::white();
  SoftwareRenderer canvas(static_cast<int>(o.viewport.width), static_cast<int>(o.viewport.height), options);
  canvas.render(list);
  if (!canvas.writePng(o.out)) return fail("cannot write " + o.out, "render");
  return 0;
}

}  // namespace zenit::tools
