// Layout::playTimeline: a stylesheet @timeline played on a subtree. The
// selectors are matched here (the cascade's matcher), the clip is built by
// anim's one builder (anim/TimelineClip.hpp) and played by UIContext::playClip.
#include <zenit/anim/TimelineClip.hpp>
#include <zenit/core/Diagnostic.hpp>
#include <zenit/layout/Layout.hpp>
#include <zenit/layout/UIContext.hpp>

#include <string>
#include <unordered_map>
#include <vector>

namespace zenit {

namespace {

// Every track rule of `g` and its groups, at any depth.
void trackRules(const TimelineGroup& g, std::vector<const TimelineTrackRule*>& out) {
  for (const TimelineTrackRule& r : g.tracks) out.push_back(&r);
  for (const TimelineGroup& child : g.groups) trackRules(child, out);
}

}  // namespace

std::shared_ptr<ClipPlayer> Layout::playTimeline(std::string_view name) {
  UIContext& ctx = UIContext::get();
  const Theme& theme = ctx.theme();
  const StyleSheet* sheet = nullptr;
  const TimelineRule* rule = theme.findTimeline(name, &sheet);
  if (rule == nullptr) {
    logApi(Severity::Error, "playTimeline", "no @timeline named " + std::string(name) + " in the theme");
    return nullptr;
  }

  // The descendants each track rule matches, in tree order (depth first, pre-order).
  std::vector<const TimelineTrackRule*> rules;
  trackRules(*rule, rules);
  std::unordered_map<const TimelineTrackRule*, std::vector<Layout*>> matched;
  std::vector<Layout*> stack;
  for (std::size_t i = children_.size(); i-- > 0;) stack.push_back(children_[i].get());
  while (!stack.empty()) {
    Layout* n = stack.back();
    stack.pop_back();
    if (n->internal_.removed) continue;  // hidden until the frame ends, then destroyed
    for (const TimelineTrackRule* r : rules) {
      for (const Selector& s : r->selectors) {
        if (!matchesSelector(s, n->element_)) continue;
        matched[r].push_back(n);
        break;
      }
    }
    for (std::size_t i = n->children_.size(); i-- > 0;) stack.push_back(n->children_[i].get());
  }
  const auto nodesOf = [&](const TimelineTrackRule& r) -> const std::vector<Layout*>& { return matched[&r]; };

  const TimelineClip built = buildTimelineClip({
      .rule = rule,
      .findKeyframes = [&](std::string_view k) { return theme.findKeyframes(k); },
      .matchCount = [&](const TimelineTrackRule& r) { return nodesOf(r).size(); },
      .underlying = [&](const TimelineTrackRule& r, std::size_t i) -> const ComputedStyle* {
        return &nodesOf(r)[i]->getStyle();
      },
  });
  if (!built) {
    const SourceLoc& at = built.loc;
    logApi(Severity::Error, "playTimeline",
           "@timeline " + std::string(name) + ": " + std::string(sheet ? sheet->fileName(at) : "") + ":" +
               std::to_string(at.line) + ":" + std::to_string(at.col) + ": " + built.message);
    return nullptr;
  }
  std::vector<ClipBinding> bindings;
  bindings.reserve(built.bindings.size());
  for (const TimelineClipBinding& b : built.bindings)
    bindings.push_back(ClipBinding{b.slot, nodesOf(*b.rule)[b.node], b.prop, b.composite});
  return ctx.playClip(built.clip, bindings);
}

}  // namespace zenit
