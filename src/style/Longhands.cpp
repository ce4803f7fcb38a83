// Longhand patches (Style.hpp "Longhand patches"): merging in cascade order
// and resolving a shorthand list + patches into the used list.
#include "ParserInternal.hpp"

#include <zenit/style/Style.hpp>

namespace zenit {

namespace {

template <class T>
void take(std::optional<T>& mine, const std::optional<T>& later) {
  if (later) mine = later;
}

// Element i of a longhand list, cycled; `fallback` when the list is empty.
template <class T>
T cycled(const std::vector<T>& v, std::size_t i, const T& fallback) {
  return v.empty() ? fallback : v[i % v.size()];
}

// A column of the declared list, or the patch's list when it declares that longhand.
template <class T, class Get>
std::vector<T> column(const std::optional<std::vector<T>>& patch, const AnimationList* declared, Get get) {
  if (patch) return *patch;
  std::vector<T> out;
  if (declared)
    for (const AnimationRef& r : *declared) out.push_back(get(r));
  return out;
}

template <class T, class Get>
std::vector<T> tcolumn(const std::optional<std::vector<T>>& patch, const TransitionList* declared, Get get) {
  if (patch) return *patch;
  std::vector<T> out;
  if (declared)
    for (const TransitionRef& r : *declared) out.push_back(get(r));
  return out;
}

}  // namespace

void AnimationLonghands::merge(const AnimationLonghands& later) {
  take(names, later.names);
  take(durations, later.durations);
  take(timingFunctions, later.timingFunctions);
  take(delays, later.delays);
  take(iterationCounts, later.iterationCounts);
  take(directions, later.directions);
  take(fillModes, later.fillModes);
  take(playStates, later.playStates);
}

void TransitionLonghands::merge(const TransitionLonghands& later) {
  take(properties, later.properties);
  take(durations, later.durations);
  take(timingFunctions, later.timingFunctions);
  take(delays, later.delays);
  take(allowDiscrete, later.allowDiscrete);
}

AnimationList resolveAnimations(const AnimationList* declared, const AnimationLonghands& patch) {
  const AnimationRef initial;
  // `none` entries (name "") stay: CSS keeps them in every computed longhand
  // list (`animation: none, kf 1s` computes animation-name `none, kf`), and
  // the animation player runs nothing for them.
  if (patch.empty()) return declared ? *declared : AnimationList{};
  // CSS Animations 1 §2: animation-name's list decides the length; the other
  // lists repeat (or are cut) to match. With no name declared anywhere it is
  // the initial `none`, one entry.
  auto names = column(patch.names, declared, [](const AnimationRef& r) { return r.name; });
  if (!patch.names && !declared) names.assign(1, std::string{});
  const auto durations = column(patch.durations, declared, [](const AnimationRef& r) { return r.duration; });
  const auto eases = column(patch.timingFunctions, declared, [](const AnimationRef& r) { return r.ease; });
  const auto delays = column(patch.delays, declared, [](const AnimationRef& r) { return r.delay; });
  const auto iters =
      column(patch.iterationCounts, declared, [](const AnimationRef& r) { return r.iterations; });
  const auto dirs = column(patch.directions, declared, [](const AnimationRef& r) { return r.direction; });
  const auto fills = column(patch.fillModes, declared, [](const AnimationRef& r) { return r.fill; });
  const auto plays = column(patch.playStates, declared, [](const AnimationRef& r) { return r.playState; });
  AnimationList out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    AnimationRef r;
    r.name = names[i];
    r.duration = cycled(durations, i, initial.duration);
    r.ease = cycled(eases, i, initial.ease);
    r.delay = cycled(delays, i, initial.delay);
    r.iterations = cycled(iters, i, initial.iterations);
    r.direction = cycled(dirs, i, initial.direction);
    r.fill = cycled(fills, i, initial.fill);
    r.playState = cycled(plays, i, initial.playState);
    out.push_back(std::move(r));
  }
  return out;
}

TransitionList resolveTransitions(const TransitionList* declared, const TransitionLonghands& patch) {
  TransitionList items;
  if (patch.empty()) {
    if (declared) items = *declared;
  } else {
    TransitionRef initial;
    initial.property = "all";
    initial.all = true;
    initial.known = true;
    const TransitionList initialList{initial};
    const TransitionList* base = declared ? declared : &initialList;
    auto props = tcolumn(patch.properties, base, [](const TransitionRef& r) { return r.property; });
    if (patch.properties && patch.properties->empty()) props.assign(1, "none");  // transition-property: none
    const auto durations = tcolumn(patch.durations, base, [](const TransitionRef& r) { return r.duration; });
    const auto eases = tcolumn(patch.timingFunctions, base, [](const TransitionRef& r) { return r.ease; });
    const auto delays = tcolumn(patch.delays, base, [](const TransitionRef& r) { return r.delay; });
    const auto discrete =
        tcolumn(patch.allowDiscrete, base, [](const TransitionRef& r) { return r.allowDiscrete; });
    for (std::size_t i = 0; i < props.size(); ++i) {
      TransitionRef r;
      if (!patch.properties && i < base->size()) {
        const TransitionRef& b = (*base)[i];
        r.property = b.property;
        r.all = b.all;
        r.known = b.known;
        r.prop = b.prop;
      } else {
        detail::describeTransitionProperty(props[i], r);
      }
      r.duration = cycled(durations, i, initial.duration);
      r.ease = cycled(eases, i, initial.ease);
      r.delay = cycled(delays, i, initial.delay);
      const bool d = cycled(discrete, i, false);
      r.allowDiscrete = d;
      items.push_back(std::move(r));
    }
  }
  // Used form: expand shorthand names into their rows. `none` stays (it
  // matches no property; the computed transition-property prints it).
  TransitionList out;
  out.reserve(items.size());
  for (TransitionRef& r : items) {
    if (r.known || r.all) {
      out.push_back(std::move(r));
      continue;
    }
    const detail::PropertyEntry* e = r.property == "none" ? nullptr : detail::findProperty(r.property);
    if (!e || e->sets.empty()) {
      out.push_back(std::move(r));  // `none` and unknown names stay, as CSS keeps them
      continue;
    }
    e->sets.forEach([&](Prop p) {
      TransitionRef x = r;
      x.known = true;
      x.prop = p;
      out.push_back(std::move(x));
    });
  }
  return out;
}

}  // namespace zenit
