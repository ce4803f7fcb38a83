// Canonical dump of a StyleSheet (zenit-style dump): rules, @keyframes and
// @timeline.
#include <zenit/style/Dump.hpp>

#include "SerializeInternal.hpp"

#include <zenit/core/ClipPosition.hpp>
#include <zenit/core/Color.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Format.hpp>
#include <zenit/core/Stagger.hpp>
#include <zenit/core/Value.hpp>

#include <fmt/format.h>

#include <string>

namespace zenit {

namespace {

// One entry or name as SerializeInternal.hpp writes it.
template <auto Append, class T>
std::string written(const T& v) {
  std::string s;
  Append(s, v);
  return s;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) s += ", ";
    s += v[i];
  }
  return s;
}

template <class T, class F>
std::string listOf(const std::vector<T>& v, F f) {
  std::vector<std::string> out;
  out.reserve(v.size());
  for (const auto& x : v) out.push_back(f(x));
  return join(out);
}

// The dump prints style floats; formatCssNumber takes a double.
std::string num(float v) { return formatCssNumber(static_cast<double>(v)); }

std::string fourValues(const Value& a, const Value& b, const Value& c, const Value& d) {
  return toCss(a) + " " + toCss(b) + " " + toCss(c) + " " + toCss(d);
}

template <class T>
std::string valueText(Prop p, const T& v) {
  if constexpr (std::is_same_v<T, float>) {
    if (hasFlag(p, PF_ANGLE)) return num(v) + "deg";
    if (detail::isPxNumber(p)) return num(v) + "px";
    return num(v);
  } else if constexpr (std::is_same_v<T, Color> || std::is_same_v<T, Value>) {
    return toCss(v);
  } else if constexpr (std::is_same_v<T, Spacing>) {
    return fourValues(v.top, v.right, v.bottom, v.left);
  } else if constexpr (std::is_same_v<T, Corners>) {
    return fourValues(v.topLeft, v.topRight, v.bottomRight, v.bottomLeft);
  } else if constexpr (std::is_same_v<T, GradientImage>) {
    return written<detail::appendGradient>(v);
  } else if constexpr (std::is_same_v<T, ShadowList>) {
    if (v.empty()) return "none";
    std::string out;
    for (const Shadow& s : v) {
      if (!out.empty()) out += ", ";
      out += std::string(s.inset ? "inset " : "") + num(s.offsetX) + "px " + num(s.offsetY) + "px " +
             num(s.blur) + "px " + num(s.spread) + "px " + toCss(s.color);
    }
    return out;
  } else if constexpr (std::is_same_v<T, ZIndex>) {
    return v.isAuto ? "auto" : std::to_string(v.value);
  } else if constexpr (std::is_same_v<T, AnimationList>) {
    return listOf(v, written<detail::appendAnimation, AnimationRef>);
  } else if constexpr (std::is_same_v<T, TransitionList>) {
    return listOf(v, written<detail::appendTransition, TransitionRef>);
  } else {
    return std::string(keyword(v));
  }
}

constexpr const char* kSideNames[3][4] = {
    {"padding-top", "padding-right", "padding-bottom", "padding-left"},
    {"margin-top", "margin-right", "margin-bottom", "margin-left"},
    {"border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius",
     "border-bottom-left-radius"},
};

// ---------------------------------------------------------------------------
// @timeline: every property written out, in the order the syntax lists
// them, so that the dump parses back to the same rule (and dump).
// ---------------------------------------------------------------------------

std::string seconds(double s) { return written<detail::appendSeconds, double>(s); }

std::string positionText(const ClipPosition& p) {
  return written<detail::appendCssString, std::string_view>(toString(p));
}

std::string staggerText(const Stagger& s) {
  std::string out = seconds(s.spacing);
  if (s.amount) out += " amount";
  switch (s.origin) {
    case StaggerOrigin::First: break;
    case StaggerOrigin::Last: out += " from last"; break;
    case StaggerOrigin::Center: out += " from center"; break;
    case StaggerOrigin::Edges: out += " from edges"; break;
    case StaggerOrigin::Index: out += " from " + std::to_string(s.index); break;
    case StaggerOrigin::Point: break;  // no stylesheet syntax (the parser never makes one)
    case StaggerOrigin::Seeded: out += " seed " + std::to_string(s.seed); break;
  }
  if (s.columns) out += " grid " + std::to_string(s.columns);
  if (s.axis != StaggerAxis::Both) out += s.axis == StaggerAxis::X ? " axis x" : " axis y";
  if (s.easing.kind != EaseKind::Linear) out += " ease " + Debug::toString(s.easing);
  if (s.start != 0.0) out += " start " + seconds(s.start);
  return out;
}

// `indent name: value;`
void declaration(std::string& out, std::string_view indent, std::string_view name, const std::string& value) {
  out += indent;
  out += name;
  out += ": ";
  out += value;
  out += ";\n";
}

void dumpTrackRule(std::string& out, const TimelineTrackRule& r, const std::string& indent) {
  out += indent;
  for (std::size_t i = 0; i < r.selectors.size(); ++i) {
    if (i) out += ", ";
    out += r.selectors[i].text();
  }
  out += " {\n";
  const std::string inner = indent + "  ";
  declaration(out, inner, "animation", written<detail::appendAnimation, AnimationRef>(r.animation));
  declaration(out, inner, "position", positionText(r.position));
  if (r.stagger) declaration(out, inner, "stagger", staggerText(*r.stagger));
  declaration(out, inner, "repeat-delay", seconds(r.repeatDelay));
  declaration(out, inner, "playback-rate", formatCssNumber(r.playbackRate));
  declaration(out, inner, "reverse-easing",
              r.reverseEasing == TimelineReverseEasing::TimeReversed ? "time-reversed" : "shape-repeated");
  declaration(out, inner, "composition", r.composition == TimelineComposition::Add ? "add" : "replace");
  out += indent + "}\n";
}

// A timeline's body (a @group's with its position first), then its items in source order.
void dumpTimelineBody(std::string& out, const TimelineGroup& g, const std::string& indent, bool nested) {
  if (nested) declaration(out, indent, "position", positionText(g.position));
  declaration(out, indent, "iteration-count", written<detail::appendIterations, double>(g.iterations));
  declaration(out, indent, "direction", std::string(keyword(g.direction)));
  declaration(out, indent, "delay", seconds(g.delay));
  declaration(out, indent, "fill", std::string(keyword(g.fill)));
  declaration(out, indent, "timing-function", Debug::toString(g.easing));
  declaration(out, indent, "playback-rate", formatCssNumber(g.playbackRate));
  declaration(out, indent, "repeat-delay", seconds(g.repeatDelay));
  declaration(out, indent, "duration", g.duration ? seconds(*g.duration) : std::string("auto"));
  const std::string inner = indent + "  ";
  for (const TimelineItem& item : g.items) {
    switch (item.kind) {
      case TimelineItem::Kind::Track: dumpTrackRule(out, g.tracks[item.index], indent); break;
      case TimelineItem::Kind::Marker: {
        const TimelineMarker& m = g.markers[item.index];
        out += indent + (m.kind == TimelineMarker::Kind::Label ? "@label " : "@mark ");
        detail::appendIdent(out, m.name);
        out += ' ';
        out += positionText(m.position);
        out += ";\n";
        break;
      }
      case TimelineItem::Kind::Group: {
        const TimelineGroup& child = g.groups[item.index];
        out += indent + "@group ";
        detail::appendIdent(out, child.name);
        out += " {\n";
        dumpTimelineBody(out, child, inner, true);
        out += indent + "}\n";
        break;
      }
    }
  }
}

}  // namespace

std::string dumpValue(Prop p, const Style& style) {
  std::string out;
  visitProp(p, style, [&](const auto& opt) {
    if (opt.is_set) out = valueText(p, opt.value);
  });
  return out;
}

std::string dumpStyle(const Style& s, std::string_view indent, bool important) {
  std::string out;
  const std::string bang = important ? " !important" : "";
  auto line = [&](std::string_view name, const std::string& value) {
    out += indent;
    out += name;
    out += ": ";
    out += value;
    out += bang;
    out += ";\n";
  };
  for (std::size_t i = 0; i < kPropCount; ++i) {
    const Prop p = static_cast<Prop>(i);
    std::uint8_t holes = 0;
    int sideSet = -1;
    if (p == Prop::padding) holes = s.holes.padding, sideSet = 0;
    if (p == Prop::margin) holes = s.holes.margin, sideSet = 1;
    if (p == Prop::borderRadius) holes = s.holes.borderRadius, sideSet = 2;
    if (holes && sideSet >= 0) {
      // Only some sides declared: one longhand line per declared side.
      visitProp(p, s, [&](const auto& opt) {
        using T = std::decay_t<decltype(opt.value)>;
        if constexpr (std::is_same_v<T, Spacing> || std::is_same_v<T, Corners>) {
          if (!opt.is_set) return;
          for (int k = 0; k < 4; ++k)
            if (!(holes & (1u << k))) line(kSideNames[sideSet][k], toCss(detail::side(opt.value, k)));
        }
      });
      continue;
    }
    const std::string v = dumpValue(p, s);
    if (!v.empty() || (p == Prop::animations && s.animations.is_set) ||
        (p == Prop::transitions && s.transitions.is_set))
      line(cssName(p), v.empty() ? std::string("none") : v);
  }
  const AnimationLonghands& a = s.animationLonghands;
  if (a.names) line("animation-name", listOf(*a.names, written<detail::appendAnimationName, std::string>));
  if (a.durations) line("animation-duration", listOf(*a.durations, written<detail::appendSeconds, double>));
  if (a.timingFunctions)
    line("animation-timing-function",
         listOf(*a.timingFunctions, [](const TransitionFunction& f) { return Debug::toString(f); }));
  if (a.delays) line("animation-delay", listOf(*a.delays, written<detail::appendSeconds, double>));
  if (a.iterationCounts)
    line("animation-iteration-count", listOf(*a.iterationCounts, written<detail::appendIterations, double>));
  if (a.directions)
    line("animation-direction",
         listOf(*a.directions, [](PlaybackDirection d) { return std::string(keyword(d)); }));
  if (a.fillModes)
    line("animation-fill-mode", listOf(*a.fillModes, [](FillMode f) { return std::string(keyword(f)); }));
  if (a.playStates)
    line("animation-play-state",
         listOf(*a.playStates, [](PlayState ps) { return std::string(keyword(ps)); }));
  const TransitionLonghands& t = s.transitionLonghands;
  if (t.properties)
    line("transition-property",
         t.properties->empty()
             ? std::string("none")
             : listOf(*t.properties, written<detail::appendTransitionPropertyName, std::string>));
  if (t.durations) line("transition-duration", listOf(*t.durations, written<detail::appendSeconds, double>));
  if (t.timingFunctions)
    line("transition-timing-function",
         listOf(*t.timingFunctions, [](const TransitionFunction& f) { return Debug::toString(f); }));
  if (t.delays) line("transition-delay", listOf(*t.delays, written<detail::appendSeconds, double>));
  if (t.allowDiscrete)
    line("transition-behavior",
         listOf(*t.allowDiscrete, [](bool d) { return std::string(d ? "allow-discrete" : "normal"); }));
  return out;
}

std::string dumpStyleSheet(const StyleSheet& sheet, const DumpOptions& options) {
  std::string out;
  auto where = [&](const SourceLoc& l) {
    if (!options.locations) return;
    out += fmt::format("/* {}:{}:{} */\n", sheet.fileName(l), l.line, l.col);
  };
  for (const ImportRule& i : sheet.imports) {
    where(i.loc);
    out += "@import \"" + i.href + "\";" + (i.loaded ? "" : " /* not loaded */") + "\n";
  }
  for (const StyleRule& r : sheet.rules) {
    where(r.loc);
    // The @media blocks around the rule, outermost first: it applies while every one matches.
    std::string media;
    for (std::uint32_t m = r.media; m < sheet.media.size(); m = sheet.media[m].parent)
      media = "@media " + sheet.media[m].query.text + (media.empty() ? "" : " > ") + media;
    if (!media.empty()) out += "/* " + media + " */\n";
    for (std::size_t i = 0; i < r.selectors.size(); ++i) {
      const Selector& s = r.selectors[i];
      if (i) out += ",\n";
      out += s.text() + " (" + std::to_string(s.specificity.a) + "," + std::to_string(s.specificity.b) + "," +
             std::to_string(s.specificity.c) + ")";
    }
    out += " {\n";
    out += dumpStyle(r.decls.normal, "  ", false);
    for (const PendingDeclaration& p : r.decls.pending)
      if (!p.important) out += "  " + p.property + ": " + p.value + "; /* var(): resolved per element */\n";
    if (r.decls.important) out += dumpStyle(*r.decls.important, "  ", true);
    for (const PendingDeclaration& p : r.decls.pending)
      if (p.important)
        out += "  " + p.property + ": " + p.value + " !important; /* var(): resolved per element */\n";
    for (const CustomProperty& c : r.decls.custom)
      out += "  " + c.name + ": " + c.value + (c.important ? " !important" : "") + ";\n";
    out += "}\n";
  }
  for (const KeyframesRule& k : sheet.keyframes) {
    where(k.loc);
    out += "@keyframes " + written<detail::appendAnimationName, std::string>(k.name) + " {\n";
    for (const KeyframeEntry& f : k.frames) {
      out += "  " + formatCssNumber(static_cast<double>(f.t) * 100.0) + "% {\n";
      out += dumpStyle(f.delta, "    ", false);
      if (f.easing) out += "    animation-timing-function: " + Debug::toString(*f.easing) + ";\n";
      out += "  }\n";
    }
    out += "}\n";
  }
  for (const TimelineRule& t : sheet.timelines) {
    where(t.loc);
    out += "@timeline ";
    detail::appendIdent(out, t.name);
    out += " {\n";
    dumpTimelineBody(out, t, "  ", false);
    out += "}\n";
  }
  return out;
}

}  // namespace zenit
