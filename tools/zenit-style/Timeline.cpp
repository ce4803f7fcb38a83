// zenit-style timeline FILE NAME [--count N]: builds the Clip of a sheet's
// `@timeline NAME` with the builder Layout::playTimeline uses
// (anim/TimelineClip.hpp, docs/timeline-rule.md), with N nodes matching
// every track rule (default 1), seals it and prints where each child is
// placed:
//
//   timeline intro: 0s .. 1.35s
//     group .title #0    0s .. 0.4s
//       track fade-in [0]  0s .. 0.4s
//     label cards-in     0.6s
//
// One line a child, in source order, indented by nesting: `timeline NAME`
// for the @timeline and each @group, `group SELECTORS #K` for a track
// rule's group (K: its place among its timeline's tracks and groups, what
// "<" and ">" count), `track KEYFRAMES [I]` for the rule's I-th node,
// `label` and `mark` with their time. Times are the clip's root time (the
// starts and delays summed along the way). A timeline that repeats, runs at
// another rate or backwards, or eases its time shows that (`x2`, `rate 2`,
// `alternate`, `steps(24)`) after its span, which is in its parent's time,
// and its children's times are then its own (of its first iteration).
// The tracks' keyframes are a 0 -> 1 ramp: only the times are printed.
#include "Timeline.hpp"

#include <zenit/anim/Clip.hpp>
#include <zenit/anim/TimelineClip.hpp>
#include <zenit/core/Diagnostic.hpp>
#include <zenit/core/Format.hpp>
#include <zenit/style/Parser.hpp>
#include <zenit/style/StyleSheet.hpp>
#include <zenit/style/Timeline.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace zenit::tools {

namespace {

// One printed child: its indent, its text and its node.
struct Line {
  int depth{0};
  std::string text;
  ClipNode node{};
};

// The built clip's outline as printed lines.
std::vector<Line> linesOf(const TimelineClip& built) {
  std::vector<Line> lines;
  for (const TimelineClipEntry& e : built.outline) {
    std::string text;
    switch (e.kind) {
      case TimelineClipEntry::Kind::Timeline: text = "timeline " + e.group->name; break;
      case TimelineClipEntry::Kind::Rule: {
        std::string selectors;
        for (std::size_t i = 0; i < e.rule->selectors.size(); ++i)
          selectors += (i ? ", " : "") + e.rule->selectors[i].text();
        text = "group " + selectors + " #" + std::to_string(e.ordinal);
        break;
      }
      case TimelineClipEntry::Kind::Node:
        text = "track " + e.rule->animation.name + " [" + std::to_string(e.ordinal) + "]";
        break;
      case TimelineClipEntry::Kind::Label: text = "label " + e.marker->name; break;
      case TimelineClipEntry::Kind::Mark: text = "mark " + e.marker->name; break;
    }
    lines.push_back(Line{e.depth, std::move(text), e.node});
  }
  return lines;
}

std::string timeText(double s) {
  if (std::isinf(s)) return s > 0 ? "infinite" : "-infinite";
  return formatCssNumber(s) + "s";
}

// Whether a timeline's children run in its parent's time, shifted only.
bool shiftsOnly(const ClipTiming& t) {
  return t.iterationCount == 1.0 && t.iterationStart == 0.0 && t.playbackRate == 1.0 &&
         t.direction == PlaybackDirection::Normal && t.easing.kind == EaseKind::Linear;
}

// `x2 rate 2 alternate steps(24)`: what makes a timing more than a shift.
// Built by appending (GCC 12 at -O3 reports a false -Wrestrict on a
// literal + a temporary string).
std::string notes(const ClipTiming& t) {
  std::string out;
  const auto add = [&](std::string_view word, const std::string& value = {}) {
    if (!out.empty()) out += ' ';
    out += word;
    out += value;
  };
  if (t.iterationCount != 1.0) {
    if (std::isinf(t.iterationCount))
      add("x infinite");
    else
      add("x", formatCssNumber(t.iterationCount));
  }
  if (t.playbackRate != 1.0) add("rate ", formatCssNumber(t.playbackRate));
  if (t.direction != PlaybackDirection::Normal) add(std::string(keyword(t.direction)));
  if (t.easing.kind != EaseKind::Linear) add(Debug::toString(t.easing));
  return out;
}

void print(const Clip& clip, const std::vector<Line>& lines) {
  // Where each node's children start in the printed time: the parent's,
  // plus the node's start and delay (or 0 when the node is more than a shift).
  std::vector<double> base(clip.size(), 0.0);
  std::vector<std::string> left, right;
  std::size_t width = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Line& l = lines[i];
    const ClipNode n = l.node;
    const double from = base[clip.parent(n).index];
    std::string times;
    const Clip::Kind kind = clip.kind(n);
    if (kind == Clip::Kind::Label || kind == Clip::Kind::Mark) {
      times = timeText(from + clip.start(n));
    } else {
      times = timeText(from + clip.start(n)) + " .. " + timeText(from + clip.end(n));
      const ClipTiming& t = clip.timing(n);
      const std::string more = notes(t);
      if (!more.empty()) times += "  " + more;
      if (kind == Clip::Kind::Timeline) {
        base[n.index] = shiftsOnly(t) ? from + clip.start(n) + t.startDelay : 0.0;
        if (!shiftsOnly(t)) times += " (children in its own time)";
      }
    }
    if (i == 0) {
      std::printf("%s: %s\n", l.text.c_str(), times.c_str());
      continue;
    }
    left.push_back(std::string(2 * static_cast<std::size_t>(l.depth), ' ') + l.text);
    right.push_back(times);
    width = std::max(width, left.back().size());
  }
  for (std::size_t i = 0; i < left.size(); ++i)
    std::printf("%-*s  %s\n", static_cast<int>(width), left[i].c_str(), right[i].c_str());
}

void usage(const char* message) {
  std::fprintf(stderr, "zenit-style timeline: %s\nusage: zenit-style timeline FILE NAME [--count N]\n",
               message);
}

}  // namespace

int runTimeline(const std::vector<std::string_view>& args) {
  std::vector<std::string_view> positional;
  std::size_t count = 1;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--count") {
      if (i + 1 >= args.size()) return usage("--count needs a number"), 2;
      const std::string_view v = args[++i];
      unsigned long n = 0;
      const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
      if (ec != std::errc{} || end != v.data() + v.size() || n > 100000)
        return usage(
                   ("--count: expected a number of nodes from 0 to 100000, found " + std::string(v)).c_str()),
               2;
      count = n;
    } else if (a.size() > 1 && a[0] == '-') {
      return usage(("unknown option " + std::string(a)).c_str()), 2;
    } else {
      positional.push_back(a);
    }
  }
  if (positional.size() != 2) return usage("expected a file and a @timeline name"), 2;
  const StyleSheet sheet = parseStyleFile(std::string(positional[0]));
  for (const Diagnostic& d : sheet.diagnostics) {
    if (d.line == 0 && !d.file.empty())
      std::fprintf(stderr, "%s: %s: %s\n", d.file.c_str(), toString(d.severity), d.message.c_str());
    else
      std::fprintf(stderr, "%s\n", d.format().c_str());
  }
  if (sheet.hasErrors()) return 1;
  const std::string name(positional[1]);
  const TimelineRule* rule = sheet.findTimeline(name);
  if (!rule) {
    std::string known;
    for (const TimelineRule& t : sheet.timelines) {
      if (sheet.findTimeline(t.name) != &t) continue;  // a replaced one: named once, by the rule that wins
      known += (known.empty() ? "" : ", ") + t.name;
    }
    std::fprintf(stderr, "zenit-style timeline: no @timeline named %s; the sheet has: %s\n", name.c_str(),
                 known.empty() ? "none" : known.c_str());
    return 1;
  }
  // Every track rule matches `count` nodes; only the times are printed.
  const TimelineClip built = buildTimelineClip({.rule = rule,
                                                .findKeyframes = {},
                                                .matchCount = [&](const TimelineTrackRule&) { return count; },
                                                .underlying = {},
                                                .timesOnly = true});
  if (!built) {
    const SourceLoc& loc = built.loc;
    const Diagnostic d{Severity::Error, std::string(sheet.fileName(loc)), loc.line, loc.col, built.message};
    std::fprintf(stderr, "%s\n", d.format().c_str());
    return 1;
  }
  print(*built.clip, linesOf(built));
  return 0;
}

}  // namespace zenit::tools
