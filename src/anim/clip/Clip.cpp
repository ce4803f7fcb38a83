// Clip building: positions, timelines, labels and marks, sealing and the
// read accessors (include/zenit/anim/Clip.hpp).
//
// [SECTION] Status texts
// [SECTION] Durations
// [SECTION] Building
// [SECTION] Reading
#include <zenit/anim/Clip.hpp>

#include "anim/clip/ClipPlan.hpp"
#include "anim/clip/ClipRules.hpp"

#include <zenit/core/Format.hpp>

#include <algorithm>
#include <cmath>
#include <utility>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Status texts
// ---------------------------------------------------------------------------

std::string_view describe(ClipStatus status) {
  switch (status) {
    case ClipStatus::Ok: return "ok";
    case ClipStatus::Sealed: return "the clip is sealed and can no longer be built";
    case ClipStatus::NotSealed: return "the clip must be sealed first";
    case ClipStatus::UnknownNode: return "no such child in this clip";
    case ClipStatus::NotATimeline: return "a parent must be the root or a timeline";
    case ClipStatus::TooDeep: return "timelines nest at most 32 deep";
    case ClipStatus::InvalidTiming: return "invalid timing";
    case ClipStatus::InvalidEasing: return "a timeline's easing may never decrease";
    case ClipStatus::InvalidKeyframes: return "invalid keyframes";
    case ClipStatus::InvalidPosition: return "invalid position";
    case ClipStatus::UnknownLabel: return "unknown label";
    case ClipStatus::DuplicateLabel: return "a label or mark of that name exists already";
    case ClipStatus::NoFiniteStart: return "the position resolves to no finite time";
  }
  return "unknown clip status";
}

namespace {

ClipResult refuse(ClipStatus status, std::string message = {}) {  // with describe() as the message by default
  ClipResult r;
  r.status = status;
  r.message = message.empty() ? std::string(describe(status)) : std::move(message);
  return r;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Durations
// ---------------------------------------------------------------------------

double totalDuration(const ClipTiming& timing, double contentDuration) {
  return clip::activeDuration(timing, timing.iterationDuration.value_or(contentDuration));
}

// ---------------------------------------------------------------------------
// [SECTION] Building
// ---------------------------------------------------------------------------

Clip::Clip() { nodes_.push_back(Node{}); }

ClipResult Clip::checkParent(ClipNode parent) const {
  if (parent.index >= nodes_.size()) return refuse(ClipStatus::UnknownNode);
  const Kind k = nodes_[parent.index].kind;
  if (k != Kind::Root && k != Kind::Timeline) return refuse(ClipStatus::NotATimeline);
  return {};
}

double Clip::childEnd(ClipNode c) const {
  const Node& n = nodes_[c.index];
  return n.start + clip::endInParent(n.timing, clip::activeDuration(n.timing, duration(c)));
}

ClipResult Clip::place(const ClipPosition& pos, ClipNode parent, double insertedTotal, double& start) const {
  if (ClipResult r = checkParent(parent); !r) return r;
  if (!std::isfinite(pos.offset))
    return refuse(ClipStatus::InvalidPosition, "a position's offset must be finite");
  const Node& p = nodes_[parent.index];
  const Node* previous = p.children.empty() ? nullptr : &nodes_[p.children.back().index];
  double offset = pos.offset;
  if (pos.unit == ClipPosition::Unit::PercentOfInserted ||
      pos.unit == ClipPosition::Unit::PercentOfPrevious) {
    double of = insertedTotal;
    if (pos.unit == ClipPosition::Unit::PercentOfPrevious)
      of = previous ? clip::activeDuration(previous->timing, duration(p.children.back())) : 0.0;
    offset = pos.offset == 0.0 ? 0.0 : pos.offset / 100.0 * of;
  }
  double anchor = 0.0;
  switch (pos.anchor) {
    case ClipPosition::Anchor::Absolute: anchor = 0.0; break;
    case ClipPosition::Anchor::End: anchor = duration(parent, true); break;
    case ClipPosition::Anchor::PreviousStart: anchor = previous ? previous->start : 0.0; break;
    case ClipPosition::Anchor::PreviousEnd: anchor = previous ? childEnd(p.children.back()) : 0.0; break;
    case ClipPosition::Anchor::Label: {
      const std::optional<double> t = labelTime(parent, pos.label);
      if (!t) return refuse(ClipStatus::UnknownLabel, "unknown label \"" + pos.label + "\"");
      anchor = *t;
      break;
    }
  }
  start = anchor + offset;
  if (!std::isfinite(start))
    return refuse(ClipStatus::NoFiniteStart, "position \"" + toString(pos) + "\" resolves to no finite time");
  return {};
}

ClipResult Clip::resolve(const ClipPosition& position, ClipNode parent, double insertedTotal,
                         double* start) const {
  double t = 0.0;
  ClipResult r = place(position, parent, insertedTotal, t);
  if (r && start) *start = t;
  return r;
}

// Stores a new child and lists it in its parent (children or labels): the
// result an add returns.
ClipResult Clip::attach(Node n, ClipNode parent, std::vector<ClipNode> Node::*list) {
  const ClipNode made{static_cast<std::uint32_t>(nodes_.size())};
  nodes_.push_back(std::move(n));
  (nodes_[parent.index].*list).push_back(made);
  ClipResult ok;
  ok.node = made;
  return ok;
}

ClipResult Clip::addTrack(const ClipTrack& track) {
  if (sealed_) return refuse(ClipStatus::Sealed);
  if (ClipResult r = checkParent(track.parent); !r) return r;
  if (ClipResult r = clip::checkTiming(track.timing, false); !r) return r;
  if (ClipResult r = clip::checkKeyframes(track); !r) return r;
  double start = 0.0;
  const double total = totalDuration(track.timing);
  if (ClipResult r = place(track.position, track.parent, total, start); !r) return r;
  Node n;
  n.kind = Kind::Track;
  n.parent = track.parent.index;
  n.depth = nodes_[track.parent.index].depth;
  n.start = start;
  n.timing = track.timing;
  n.track = static_cast<std::uint32_t>(tracks_.size());
  tracks_.push_back(track);
  return attach(std::move(n), track.parent, &Node::children);
}

ClipResult Clip::addTimeline(const ClipTimeline& timeline) {
  if (sealed_) return refuse(ClipStatus::Sealed);
  if (ClipResult r = checkParent(timeline.parent); !r) return r;
  if (nodes_[timeline.parent.index].depth >= kMaxClipDepth) return refuse(ClipStatus::TooDeep);
  if (ClipResult r = clip::checkTiming(timeline.timing, true); !r) return r;
  double start = 0.0;
  const double total = totalDuration(timeline.timing);
  if (ClipResult r = place(timeline.position, timeline.parent, total, start); !r) return r;
  Node n;
  n.kind = Kind::Timeline;
  n.parent = timeline.parent.index;
  n.depth = nodes_[timeline.parent.index].depth + 1;
  n.start = start;
  n.timing = timeline.timing;
  return attach(std::move(n), timeline.parent, &Node::children);
}

ClipResult Clip::addMarker(Kind kind, std::string name, const ClipPosition& position, ClipNode parent) {
  if (sealed_) return refuse(ClipStatus::Sealed);
  if (ClipResult r = checkParent(parent); !r) return r;
  if (name.empty()) return refuse(ClipStatus::InvalidPosition, "a label or mark needs a name");
  for (const ClipNode l : nodes_[parent.index].labels)
    if (nodes_[l.index].kind == kind && nodes_[l.index].name == name)
      return refuse(ClipStatus::DuplicateLabel,
                    std::string(kind == Kind::Label ? "label" : "mark") + " \"" + name + "\" exists already");
  double start = 0.0;
  if (ClipResult r = place(position, parent, 0.0, start); !r) return r;
  Node n;
  n.kind = kind;
  n.parent = parent.index;
  n.depth = nodes_[parent.index].depth;
  n.start = start;
  n.name = std::move(name);
  return attach(std::move(n), parent, &Node::labels);
}

ClipResult Clip::addLabel(std::string name, const ClipPosition& position, ClipNode parent) {
  return addMarker(Kind::Label, std::move(name), position, parent);
}

ClipResult Clip::addMark(std::string name, const ClipPosition& position, ClipNode parent) {
  return addMarker(Kind::Mark, std::move(name), position, parent);
}

ClipResult Clip::moveLabel(std::string_view name, const ClipPosition& position, ClipNode parent) {
  if (sealed_) return refuse(ClipStatus::Sealed);
  if (ClipResult r = checkParent(parent); !r) return r;
  for (const ClipNode l : nodes_[parent.index].labels) {
    Node& n = nodes_[l.index];
    if (n.kind != Kind::Label || n.name != name) continue;
    double start = 0.0;
    if (ClipResult r = place(position, parent, 0.0, start); !r) return r;
    n.start = start;
    ClipResult ok;
    ok.node = l;
    return ok;
  }
  return refuse(ClipStatus::UnknownLabel, "unknown label \"" + std::string(name) + "\"");
}

ClipResult Clip::shiftChildren(ClipNode parent, double seconds) {
  if (sealed_) return refuse(ClipStatus::Sealed);
  if (ClipResult r = checkParent(parent); !r) return r;
  if (!std::isfinite(seconds)) return refuse(ClipStatus::InvalidPosition, "a shift must be finite");
  for (const ClipNode c : nodes_[parent.index].children) nodes_[c.index].start += seconds;
  return {};
}

ClipResult Clip::seal() {
  if (sealed_) return refuse(ClipStatus::Sealed);
  auto plan = std::make_shared<detail::ClipPlan>();
  plan->entries.resize(nodes_.size());
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    detail::ClipPlan::Entry& e = plan->entries[i];
    e.kind = n.kind;
    e.start = n.start;
    if (n.kind == Kind::Label || n.kind == Kind::Mark) continue;
    ClipTiming t = n.timing;
    t.iterationDuration = duration(ClipNode{static_cast<std::uint32_t>(i)});
    if (n.kind == Kind::Root) t = ClipTiming{};  // the player's time is the root's
    // The pipeline sees the iterations back to back; the sampler puts the
    // repeat delays between them (ClipPlayer.cpp).
    const std::optional<timing::NormalizedTiming> norm = timing::normalizeTiming(t);
    if (norm) e.timing = *norm;
    e.repeatDelay = t.repeatDelay;
    e.activeWithGaps = clip::activeDuration(t, *t.iterationDuration);
    e.gaps = e.activeWithGaps - e.timing.activeDuration > 0.0 && t.repeatDelay > 0.0
                 ? (std::isinf(t.iterationCount) ? t.iterationCount : std::ceil(t.iterationCount) - 1.0)
                 : 0.0;
    e.endTime = timing::calculateEndTime(t.startDelay, e.activeWithGaps, t.endDelay);
    e.reverseEasing = t.reverseEasing;
    e.ease = easeFnOf(e.timing.easing);
    e.linear = e.timing.easing.kind == EaseKind::Linear;
    if (n.kind != Kind::Track) {
      e.firstChild = static_cast<std::uint32_t>(plan->children.size());
      e.childCount = static_cast<std::uint32_t>(n.children.size());
      for (const ClipNode c : n.children) plan->children.push_back(c.index);
      continue;
    }
    const double d = e.timing.iterationDuration;
    e.windowed =
        e.gaps == 0.0 && e.timing.iterationStart == 0.0 && e.timing.playbackRate > 0.0 && d > 0.0 &&
        std::isfinite(d) && e.timing.endDelay >= 0.0 &&
        (e.reverseEasing == ReverseEasing::TimeReversed || e.timing.direction == PlaybackDirection::Normal);
    e.holds = e.windowed && e.timing.startDelay >= 0.0 && e.timing.endDelay == 0.0;
    const ClipTrack& track = tracks_[n.track];
    e.slot = track.slot;
    e.components = track.components;
    e.incremental = track.incremental;
    e.firstFrame = static_cast<std::uint32_t>(plan->frames.size());
    for (const ClipKeyframe& k : track.keyframes)
      plan->frames.push_back(detail::ClipPlan::Frame{k.value, easeFnOf(k.easing), k.easing});
    // The keys as the keyframe rule reads them: from 0 to 1, the first and
    // last keyframes held outward.
    e.firstKey = static_cast<std::uint32_t>(plan->keys.size());
    const auto last = static_cast<std::uint32_t>(track.keyframes.size() - 1);
    e.lastFrame = last;
    if (track.keyframes.front().offset > 0.0) plan->keys.push_back(KeyframeKey{0.0f, 0});
    for (std::uint32_t k = 0; k <= last; ++k)
      plan->keys.push_back(KeyframeKey{static_cast<float>(track.keyframes[k].offset), k});
    if (track.keyframes.back().offset < 1.0) plan->keys.push_back(KeyframeKey{1.0f, last});
    if (plan->keys.size() - e.firstKey < 2) plan->keys.push_back(KeyframeKey{1.0f, last});
    e.keyCount = static_cast<std::uint32_t>(plan->keys.size()) - e.firstKey;
    plan->slotCount = std::max(plan->slotCount, track.slot + 1);
    ++plan->trackCount;
  }
  std::vector<std::uint32_t> writers(plan->slotCount, 0);
  for (const detail::ClipPlan::Entry& e : plan->entries)
    if (e.kind == Kind::Track) ++writers[e.slot];
  for (detail::ClipPlan::Entry& e : plan->entries)
    if (e.kind == Kind::Track) e.soleWriter = writers[e.slot] == 1;
  plan->duration = duration(kClipRoot);
  plan_ = std::move(plan);
  sealed_ = true;
  return {};
}

// ---------------------------------------------------------------------------
// [SECTION] Reading
// ---------------------------------------------------------------------------

namespace {
const std::vector<ClipNode> kNoNodes;
const std::string kNoName;
const ClipTiming kNoTiming;
}  // namespace

Clip::Kind Clip::kind(ClipNode n) const {
  return n.index < nodes_.size() ? nodes_[n.index].kind : Kind::Root;
}

ClipNode Clip::parent(ClipNode n) const {
  if (n.index == 0 || n.index >= nodes_.size()) return ClipNode{};
  return ClipNode{nodes_[n.index].parent};
}

const std::vector<ClipNode>& Clip::children(ClipNode t) const {
  return t.index < nodes_.size() ? nodes_[t.index].children : kNoNodes;
}

const std::vector<ClipNode>& Clip::labels(ClipNode t) const {
  return t.index < nodes_.size() ? nodes_[t.index].labels : kNoNodes;
}

const std::string& Clip::name(ClipNode n) const {
  return n.index < nodes_.size() ? nodes_[n.index].name : kNoName;
}

const ClipTiming& Clip::timing(ClipNode n) const {
  return n.index < nodes_.size() ? nodes_[n.index].timing : kNoTiming;
}

const ClipTrack* Clip::track(ClipNode n) const {
  if (n.index >= nodes_.size() || nodes_[n.index].kind != Kind::Track) return nullptr;
  return &tracks_[nodes_[n.index].track];
}

double Clip::start(ClipNode n) const { return n.index < nodes_.size() ? nodes_[n.index].start : 0.0; }

double Clip::duration(ClipNode n) const { return duration(n, false); }

double Clip::duration(ClipNode n, bool content) const {
  if (n.index >= nodes_.size()) return 0.0;
  const Node& node = nodes_[n.index];
  if (node.kind == Kind::Label || node.kind == Kind::Mark) return 0.0;
  if (!content && node.timing.iterationDuration) return *node.timing.iterationDuration;
  if (node.kind == Kind::Track) return node.timing.iterationDuration.value_or(0.0);
  // The latest end of the children, never below 0.
  double latest = 0.0;
  for (const ClipNode c : node.children) latest = std::max(latest, childEnd(c));
  return latest;
}

double Clip::end(ClipNode n) const {
  if (n.index >= nodes_.size()) return 0.0;
  if (n.index == 0) return plan_ ? plan_->duration : duration(kClipRoot);
  const Node& node = nodes_[n.index];
  if (node.kind == Kind::Label || node.kind == Kind::Mark) return node.start;
  return childEnd(n);
}

std::optional<double> Clip::labelTime(ClipNode t, std::string_view name) const {
  if (t.index >= nodes_.size()) return std::nullopt;
  for (const ClipNode l : nodes_[t.index].labels)
    if (nodes_[l.index].kind == Kind::Label && nodes_[l.index].name == name) return nodes_[l.index].start;
  return std::nullopt;
}

}  // namespace zenit
