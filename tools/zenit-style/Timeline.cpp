// zenit-style timeline FILE NAME [--count N]: builds the Clip of a sheet's
// `@timeline NAME` as a player would (docs/timeline-rule.md), with N nodes
// matching every track rule (default 1), seals it and prints where each
// child is placed:
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
#include <zenit/core/Diagnostic.hpp>
#include <zenit/core/Format.hpp>
#include <zenit/core/Stagger.hpp>
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

static_assert(kMaxTimelineDepth == kMaxClipDepth,
              "a @timeline sits one level below the clip's root: the sheet's limit is the clip's");

// One printed child: its indent, its text and its node.
struct Line {
  int depth{0};
  std::string text;
  ClipNode node{};
};

class Builder {
 public:
  Builder(const StyleSheet& sheet, std::size_t count) : sheet_(sheet), count_(count) {}

  // The timeline and its items under `parent`; false (said on stderr) when the clip refuses one.
  bool timeline(const TimelineGroup& g, ClipNode parent, int depth, const ClipPosition& position) {
    ClipTimeline t;
    t.parent = parent;
    t.position = position;
    t.timing = timingOf(g);
    const ClipResult made = clip_.addTimeline(t);
    if (!ok(made, g.loc)) return false;
    lines_.push_back(Line{depth, "timeline " + g.name, made.node});
    std::size_t children = 0;  // tracks and timelines so far: what "<" and ">" count
    for (const TimelineItem& item : g.items) {
      switch (item.kind) {
        case TimelineItem::Kind::Track:
          if (!trackRule(g.tracks[item.index], made.node, depth + 1, children++)) return false;
          break;
        case TimelineItem::Kind::Marker: {
          const TimelineMarker& m = g.markers[item.index];
          const bool label = m.kind == TimelineMarker::Kind::Label;
          const ClipResult r = label ? clip_.addLabel(m.name, m.position, made.node)
                                     : clip_.addMark(m.name, m.position, made.node);
          if (!ok(r, m.loc)) return false;
          lines_.push_back(Line{depth + 1, (label ? "label " : "mark ") + m.name, r.node});
          break;
        }
        case TimelineItem::Kind::Group: {
          const TimelineGroup& child = g.groups[item.index];
          if (!timeline(child, made.node, depth + 1, child.position)) return false;
          ++children;
          break;
        }
      }
    }
    return true;
  }

  Clip& clip() { return clip_; }
  const std::vector<Line>& lines() const { return lines_; }

 private:
  // A track rule: one timeline at its position, one track per node at its stagger offset.
  bool trackRule(const TimelineTrackRule& r, ClipNode parent, int depth, std::size_t ordinal) {
    ClipTimeline group;
    group.parent = parent;
    group.position = r.position;
    const ClipResult made = clip_.addTimeline(group);
    if (!ok(made, r.loc)) return false;
    std::string selectors;
    for (std::size_t i = 0; i < r.selectors.size(); ++i) selectors += (i ? ", " : "") + r.selectors[i].text();
    lines_.push_back(Line{depth, "group " + selectors + " #" + std::to_string(ordinal), made.node});
    std::vector<double> offsets(count_, 0.0);
    if (r.stagger) {
      const StaggerResult s = computeStagger(*r.stagger, offsets);
      if (!s) return fail(s.message, r.loc);
    }
    for (std::size_t i = 0; i < count_; ++i) {
      ClipTrack t;
      t.parent = made.node;
      t.position = ClipPosition::at(offsets[i]);
      const AnimationRef& a = r.animation;
      t.timing.startDelay = a.delay;
      t.timing.iterationDuration = a.duration;
      t.timing.iterationCount = a.iterations;
      t.timing.direction = a.direction;
      t.timing.fill = a.fill;
      t.timing.playbackRate = r.playbackRate;
      t.timing.repeatDelay = r.repeatDelay;
      t.timing.reverseEasing = r.reverseEasing == TimelineReverseEasing::ShapeRepeated
                                   ? ReverseEasing::ShapeRepeated
                                   : ReverseEasing::TimeReversed;
      // The animation's timing function eases each keyframe interval, as in CSS.
      t.keyframes = {ClipKeyframe{0.0, {0.f}, a.ease}, ClipKeyframe{1.0, {1.f}, {}}};
      t.slot = slot_++;
      const ClipResult track = clip_.addTrack(t);
      if (!ok(track, r.loc)) return false;
      lines_.push_back(Line{depth + 1, "track " + a.name + " [" + std::to_string(i) + "]", track.node});
    }
    return true;
  }

  static ClipTiming timingOf(const TimelineGroup& g) {
    ClipTiming t = groupTiming();
    t.iterationCount = g.iterations;
    t.direction = g.direction;
    t.startDelay = g.delay;
    t.fill = g.fill;
    t.easing = g.easing;
    t.playbackRate = g.playbackRate;
    t.repeatDelay = g.repeatDelay;
    t.iterationDuration = g.duration;
    return t;
  }

  // True when `r` is Ok; otherwise its message as an error at `loc`.
  bool ok(const ClipResult& r, const SourceLoc& loc) { return r ? true : fail(r.message, loc); }
  // `message` as an error at `loc` (on stderr); false.
  bool fail(const std::string& message, const SourceLoc& loc) {
    const Diagnostic d{Severity::Error, std::string(sheet_.fileName(loc)), loc.line, loc.col, message};
    std::fprintf(stderr, "%s\n", d.format().c_str());
    return false;
  }

  const StyleSheet& sheet_;
  std::size_t count_;
  Clip clip_;
  std::vector<Line> lines_;
  std::uint32_t slot_{0};
};

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
std::string notes(const ClipTiming& t) {
  std::string out;
  const auto add = [&](const std::string& s) { out += (out.empty() ? "" : " ") + s; };
  if (t.iterationCount != 1.0)
    add(std::isinf(t.iterationCount) ? "x infinite" : "x" + formatCssNumber(t.iterationCount));
  if (t.playbackRate != 1.0) add("rate " + formatCssNumber(t.playbackRate));
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
  Builder b(sheet, count);
  if (!b.timeline(*rule, kClipRoot, 0, ClipPosition::at(0.0))) return 1;
  if (const ClipResult sealed = b.clip().seal(); !sealed) {
    std::fprintf(stderr, "zenit-style timeline: %s\n", sealed.message.c_str());
    return 1;
  }
  print(b.clip(), b.lines());
  return 0;
}

}  // namespace zenit::tools
