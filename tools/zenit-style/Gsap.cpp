// zenit-style gsap positions|stagger|easing FILE: reads scripts of GSAP
// calls (the JSON cases of tests/gsap/), ports each to ZenitUI's clips,
// staggers and easings with the porting rules of docs/clips.md ("Porting
// from GSAP"), and prints what ZenitUI computes, one JSON object a line.
//
// [SECTION] Shared: reading the file, printing
// [SECTION] easing
// [SECTION] stagger
// [SECTION] positions
#include "Gsap.hpp"

#include "Json.hpp"

#include <zenit/anim/Clip.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Stagger.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace zenit::tools {

namespace {

// ---------------------------------------------------------------------------
// [SECTION] Shared
// ---------------------------------------------------------------------------

constexpr double kInf = std::numeric_limits<double>::infinity();
// GSAP stores an endless child's total duration as 1e10 s.
constexpr double kGsapEndless = 1e10;

std::optional<Json> readJsonFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "zenit-style gsap: cannot read %s\n", path.c_str());
    return std::nullopt;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string error;
  std::optional<Json> j = parseJson(ss.str(), error);
  if (!j) std::fprintf(stderr, "%s: %s\n", path.c_str(), error.c_str());
  return j;
}

double numberOr(const Json* j, double fallback) { return j && j->isNumber() ? j->number : fallback; }

// A GSAP ease name as ZenitUI reads it. GSAP's own steps(n) holds n + 1
// levels, the last reached only at the end: CSS's steps(n + 1, jump-none);
// steps(n, true) starts at once: steps(n, jump-start). "none" is linear.
std::optional<TransitionFunction> portEase(std::string_view name, std::string& error) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (lower == "none") return TransitionFunction::Linear;
  if (lower.rfind("steps(", 0) == 0 && lower.back() == ')') {
    const std::string args = lower.substr(6, lower.size() - 7);
    const std::size_t comma = args.find(',');
    const int n = std::atoi(args.substr(0, comma).c_str());
    const bool immediate = comma != std::string::npos && args.find("true", comma) != std::string::npos;
    std::optional<TransitionFunction> f = immediate
                                              ? TransitionFunction::stepsOf(n, StepPosition::JumpStart)
                                              : TransitionFunction::stepsOf(n + 1, StepPosition::JumpNone);
    if (!f) error = "bad steps()";
    return f;
  }
  return parseEasing(name, &error);
}

// ---------------------------------------------------------------------------
// [SECTION] easing
// ---------------------------------------------------------------------------

int runEasing(const Json& file) {
  const Json* points = file.get("sample_points");
  const Json* eases = file.get("eases");
  if (!points || !points->isArray() || !eases || !eases->isArray()) {
    std::fprintf(stderr, "zenit-style gsap easing: expected sample_points and eases\n");
    return 1;
  }
  int status = 0;
  for (const Json& e : eases->items) {
    const Json* name = e.get("name");
    if (!name || !name->isString()) continue;
    std::string error;
    const std::optional<TransitionFunction> fn = portEase(name->string, error);
    if (!fn) {
      std::printf("{\"name\": %s, \"error\": %s}\n", jsonString(name->string).c_str(),
                  jsonString(error).c_str());
      status = 1;
      continue;
    }
    std::string values;
    for (const Json& p : points->items) {
      if (!values.empty()) values += ", ";
      values += jsonNumber(getRatio(numberOr(&p, 0.0), *fn));
    }
    std::printf("{\"name\": %s, \"values\": [%s]}\n", jsonString(name->string).c_str(), values.c_str());
  }
  return status;
}

// ---------------------------------------------------------------------------
// [SECTION] stagger
// ---------------------------------------------------------------------------

// gsap.utils.distribute(vars) over n items as a ZenitUI stagger. GSAP's
// offsets follow from its grid geometry: item j at column j % C and row
// floor(j / C) (C = grid columns, or one row); its origin is a cell for an
// index and a point for a ratio ("center", "end", "edges", [x, y] or a
// number between 0 and 1: column x * min(C, n) - 0.5, row y * n / C - 0.5,
// row 0 without a grid); its spread is `amount`, or `each` times n - 1 in a
// row (or fewer items than columns), or in a grid times C along x, n / C
// along y and the larger of the two across; "edges" negates it.
StaggerResult portStagger(const Json& vars, std::size_t n, Stagger& s, std::string& error) {
  const Json* grid = vars.get("grid");
  const bool isGrid = grid && grid->isArray() && grid->items.size() == 2;
  const double wrap = isGrid ? numberOr(&grid->items[1], 1.0) : kInf;
  const double count = static_cast<double>(n);
  s.columns = isGrid ? static_cast<std::size_t>(wrap) : 0;
  s.start = numberOr(vars.get("base"), 0.0);

  const Json* from = vars.get("from");
  bool ratio = false;
  double rx = 0.0, ry = 0.0;
  bool edges = false;
  if (from && from->isString()) {
    ratio = true;
    if (from->string == "center" || from->string == "edges") rx = ry = 0.5;
    if (from->string == "end") rx = ry = 1.0;
    edges = from->string == "edges";
    if (!isGrid) {  // in a row the named origins are ZenitUI's own
      ratio = false;
      s.origin = from->string == "end"                                   ? StaggerOrigin::Last
                 : (from->string == "center" || from->string == "edges") ? StaggerOrigin::Center
                                                                         : StaggerOrigin::First;
    }
  } else if (from && from->isArray() && from->items.size() == 2) {
    ratio = true;
    rx = numberOr(&from->items[0], 0.0);
    ry = numberOr(&from->items[1], 0.0);
  } else if (from && from->isNumber() && from->number > 0.0 && from->number < 1.0) {
    ratio = true;
    rx = ry = from->number;
  } else if (from && from->isNumber()) {
    s.origin = StaggerOrigin::Index;
    s.index = static_cast<std::size_t>(from->number);
  }
  if (ratio) {
    s.origin = StaggerOrigin::Point;
    s.pointX = std::min(wrap, count) * rx - 0.5;
    s.pointY = isGrid ? count * ry / wrap - 0.5 : 0.0;
  }
  const Json* axisJ = vars.get("axis");
  const std::string axis = axisJ && axisJ->isString() ? axisJ->string : "";
  s.axis = axis == "x" ? StaggerAxis::X : (axis == "y" ? StaggerAxis::Y : StaggerAxis::Both);

  double spread = numberOr(vars.get("amount"), 0.0);
  if (spread == 0.0) {
    double cells = count - 1.0;
    if (wrap <= count) {
      if (axis.empty())
        cells = std::max(wrap, count / wrap);
      else if (axis == "y")
        cells = count / wrap;
      else
        cells = wrap;
    }
    spread = numberOr(vars.get("each"), 0.0) * cells;
  }
  s.amount = true;
  s.spacing = edges ? -spread : spread;
  if (const Json* ease = vars.get("ease"); ease && ease->isString()) {
    const std::optional<TransitionFunction> fn = portEase(ease->string, error);
    if (!fn) {
      StaggerResult r;
      r.status = StaggerStatus::InvalidNumber;
      r.message = error;
      return r;
    }
    s.easing = *fn;
  }
  return {};
}

int runStagger(const Json& file) {
  const Json* cases = file.get("cases");
  if (!cases || !cases->isArray()) {
    std::fprintf(stderr, "zenit-style gsap stagger: expected cases\n");
    return 1;
  }
  int status = 0;
  for (const Json& c : cases->items) {
    const Json* id = c.get("id");
    const Json* vars = c.get("vars");
    const std::size_t n = static_cast<std::size_t>(numberOr(c.get("n"), 0.0));
    const std::string idText = jsonString(id && id->isString() ? id->string : "");
    Stagger s;
    std::string error;
    StaggerResult r = vars ? portStagger(*vars, n, s, error) : StaggerResult{};
    std::vector<double> offsets(n);
    if (r) r = computeStagger(s, offsets);
    if (!r) {
      std::printf("{\"id\": %s, \"error\": %s}\n", idText.c_str(), jsonString(r.message).c_str());
      status = 1;
      continue;
    }
    std::string list;
    for (const double v : offsets) list += (list.empty() ? "" : ", ") + jsonNumber(v);
    std::printf("{\"id\": %s, \"offsets\": [%s]}\n", idText.c_str(), list.c_str());
  }
  return status;
}

// ---------------------------------------------------------------------------
// [SECTION] positions
// ---------------------------------------------------------------------------

// One GSAP script played into a Clip. GSAP's timelines become the clip's
// timelines, tweens its tracks, labels its labels; a call() becomes a mark.
// What the port adds to ZenitUI's placement is GSAP's own bookkeeping:
// callbacks that are children (they lengthen a timeline and are the
// previous child for "<" and ">"), the 1e10 s of an endless child, and the
// move of children that start before 0 whenever GSAP reads a timeline's
// duration (docs/clips.md, "Porting from GSAP").
class PositionPort {
 public:
  explicit PositionPort(Clip& clip) : clip_(clip) {
    Timeline& root = timelines_["root"];
    root.node = kClipRoot;
    root.placed = true;
    byNode_[0] = "root";
  }

  // Applies one op; false with `error` set when the port cannot place it.
  bool apply(const Json& op, std::string& error);
  // GSAP's layout once every getter has run: children before 0 moved on;
  // then the callbacks' marks go in at their final times.
  bool finish(std::string& error);
  std::string result(const std::string& id) const;

 private:
  struct Recent {
    enum class Kind : std::uint8_t { None, Child, Call } kind{Kind::None};
    ClipNode node{};
    double time{0.0};  // Call: its time
  };
  struct Call {
    std::string id;
    double time{0.0};
  };
  struct Timeline {
    ClipNode node{};
    bool placed{false};
    ClipTiming timing{};
    double delay{0.0};                 // GSAP's delay: part of the position here
    std::vector<const Json*> pending;  // ops waiting for the timeline's placement
    Recent recent;
    std::vector<Call> calls;
  };

  ClipTiming timingOf(const Json& op, bool timeline) const;
  double gsapTotal(const ClipTiming& t, double iteration) const;
  double previousTotal(const Timeline& t) const;
  double firstIterationEnd(const Timeline& t) const;
  double latestCall(const Timeline& t) const;
  double endOf(const Timeline& t) const;
  // GSAP's position argument as a ZenitUI position in `t`; `inserted` is the
  // inserted child's GSAP total duration, `delay` its delay.
  bool port(Timeline& t, const Json* position, double inserted, double delay, ClipPosition& out,
            std::string& error);
  ClipPosition endPosition(const Timeline& t, double offset) const;
  void normalize(ClipNode timeline);
  double detachedTotal(const std::string& id) const;
  bool placeTimeline(const std::string& id, const std::string& parentId, const Json* position,
                     std::string& error);

  Clip& clip_;
  std::map<std::string, Timeline> timelines_;
  std::map<std::uint32_t, std::string> byNode_;             // a placed timeline's id by its node
  std::vector<std::pair<std::string, ClipNode>> children_;  // id, node (tweens and timelines)
};

ClipTiming PositionPort::timingOf(const Json& op, bool timeline) const {
  ClipTiming t = timeline ? groupTiming() : ClipTiming{};
  const double repeat = numberOr(op.get("repeat"), 0.0);
  t.iterationCount = repeat < 0.0 ? kInf : repeat + 1.0;
  t.repeatDelay = numberOr(op.get("repeatDelay"), 0.0);
  t.playbackRate = numberOr(op.get("timeScale"), 1.0);
  const Json* yoyo = op.get("yoyo");
  if (yoyo && yoyo->type == Json::Type::Bool && yoyo->boolean) t.direction = PlaybackDirection::Alternate;
  if (!timeline) t.iterationDuration = numberOr(op.get("duration"), 0.5);
  return t;
}

// GSAP's totalDuration: every iteration and repeat delay, 1e10 when endless.
double PositionPort::gsapTotal(const ClipTiming& t, double iteration) const {
  const double total = totalDuration(t, std::isinf(iteration) ? kGsapEndless : iteration);
  return std::isinf(total) ? kGsapEndless : total;
}

double PositionPort::previousTotal(const Timeline& t) const {
  if (t.recent.kind != Recent::Kind::Child) return 0.0;
  return gsapTotal(clip_.timing(t.recent.node), clip_.duration(t.recent.node));
}

// The first iteration's end of the previous child: its start plus one
// iteration over its rate (an endless content counts 1e10 s); a callback's time.
double PositionPort::firstIterationEnd(const Timeline& t) const {
  const Recent& r = t.recent;
  if (r.kind == Recent::Kind::Call) return r.time;
  if (r.kind == Recent::Kind::None) return 0.0;
  const double rate = std::abs(clip_.timing(r.node).playbackRate);
  const double d = clip_.duration(r.node);
  return clip_.start(r.node) + (std::isinf(d) ? kGsapEndless : d) / (rate == 0.0 ? 1.0 : rate);
}

double PositionPort::latestCall(const Timeline& t) const {
  double latest = -kInf;
  for (const Call& c : t.calls) latest = std::max(latest, c.time);
  return latest;
}

// GSAP's end of a timeline: its children's latest end or its latest callback.
double PositionPort::endOf(const Timeline& t) const {
  return std::max({clip_.duration(t.node), latestCall(t), 0.0});
}

// The end with an offset. GSAP's end counts callbacks, which ZenitUI's marks
// do not. Once a child is endless GSAP takes the first iteration end of the
// child added last, where ZenitUI has no finite end.
ClipPosition PositionPort::endPosition(const Timeline& t, double offset) const {
  if (std::isinf(clip_.duration(t.node))) {
    if (t.recent.kind == Recent::Kind::Call) return ClipPosition::at(t.recent.time + offset);
    if (t.recent.kind == Recent::Kind::Child)
      return ClipPosition::withPrevious(firstIterationEnd(t) - clip_.start(t.recent.node) + offset);
  }
  const double call = latestCall(t);
  if (call > clip_.duration(t.node)) return ClipPosition::at(call + offset);
  return ClipPosition::end(offset);
}

bool PositionPort::port(Timeline& t, const Json* position, double inserted, double delay, ClipPosition& out,
                        std::string& error) {
  // GSAP reads the timeline's end for a missing or string position, and that
  // moves children before 0; a number it takes as it is.
  if (!position || position->isNull()) {
    normalize(t.node);
    out = endPosition(t, delay);
    return true;
  }
  if (position->isNumber()) {
    out = ClipPosition::at(position->number + delay);
    return true;
  }
  if (!position->isString()) {
    error = "position is neither a number nor a string";
    return false;
  }
  normalize(t.node);
  const std::string& text = position->string;
  // A string names a label first ("2" with a label "2"), then a time.
  std::optional<ClipPosition> p;
  if (clip_.labelTime(t.node, text)) {
    p = ClipPosition::atLabel(text);
  } else {
    p = parsePosition(text, &error);
    if (!p) return false;
  }
  // Percentages as GSAP computes them (an endless child's total is 1e10 s).
  if (p->unit == ClipPosition::Unit::PercentOfInserted) {
    p->offset = p->offset / 100.0 * inserted;
    p->unit = ClipPosition::Unit::Seconds;
  } else if (p->unit == ClipPosition::Unit::PercentOfPrevious) {
    p->offset = p->offset / 100.0 * previousTotal(t);
    p->unit = ClipPosition::Unit::Seconds;
  }
  p->offset += delay;
  switch (p->anchor) {
    case ClipPosition::Anchor::Absolute: break;
    case ClipPosition::Anchor::End: *p = endPosition(t, p->offset); break;
    case ClipPosition::Anchor::PreviousStart:
      if (t.recent.kind == Recent::Kind::Call) *p = ClipPosition::at(t.recent.time + p->offset);
      break;
    case ClipPosition::Anchor::PreviousEnd:
      if (t.recent.kind == Recent::Kind::Call) {
        *p = ClipPosition::at(t.recent.time + p->offset);
      } else if (t.recent.kind == Recent::Kind::Child && std::isinf(clip_.end(t.recent.node))) {
        *p = ClipPosition::withPrevious(firstIterationEnd(t) - clip_.start(t.recent.node) + p->offset);
      }
      break;
    case ClipPosition::Anchor::Label:
      // GSAP adds a label it does not know at the end.
      if (!clip_.labelTime(t.node, p->label)) {
        double time = 0.0;
        const ClipResult where = clip_.resolve(endPosition(t, 0.0), t.node, 0.0, &time);
        const ClipResult made = where ? clip_.addLabel(p->label, ClipPosition::at(time), t.node) : where;
        if (!made) {
          error = made.message;
          return false;
        }
      }
      break;
  }
  out = *p;
  return true;
}

// GSAP moves every child of a timeline, callbacks too but not its labels,
// so that none starts before 0, nested timelines first.
void PositionPort::normalize(ClipNode timeline) {
  const auto it = byNode_.find(timeline.index);
  Timeline* t = it == byNode_.end() ? nullptr : &timelines_[it->second];
  double earliest = 0.0;
  for (const ClipNode c : clip_.children(timeline)) {
    if (clip_.kind(c) == Clip::Kind::Timeline) normalize(c);
    earliest = std::min(earliest, clip_.start(c));
  }
  if (t)
    for (const Call& c : t->calls) earliest = std::min(earliest, c.time);
  if (!(earliest < 0.0)) return;
  clip_.shiftChildren(timeline, -earliest);
  if (!t) return;
  for (Call& c : t->calls) c.time -= earliest;
  if (t->recent.kind == Recent::Kind::Call) t->recent.time -= earliest;
}

// The GSAP total duration a detached timeline has once its ops ran: the
// ops are played into a scratch clip first.
double PositionPort::detachedTotal(const std::string& id) const {
  Clip scratch;
  PositionPort port(scratch);
  for (const auto& [name, t] : timelines_)
    if (!t.placed) port.timelines_[name] = t;
  Timeline& t = port.timelines_[id];
  ClipTimeline tl;
  tl.timing = t.timing;
  tl.position = ClipPosition::at(0.0);
  const ClipResult made = scratch.addTimeline(tl);
  if (!made) return 0.0;
  t.node = made.node;
  t.placed = true;
  port.byNode_[made.node.index] = id;
  std::string error;
  const std::vector<const Json*> pending = std::move(t.pending);
  for (const Json* op : pending) port.apply(*op, error);
  port.normalize(made.node);
  const Timeline& done = port.timelines_[id];
  return port.gsapTotal(done.timing, port.endOf(done));
}

bool PositionPort::placeTimeline(const std::string& id, const std::string& parentId, const Json* position,
                                 std::string& error) {
  const double inserted =
      timelines_[id].pending.empty() ? gsapTotal(timelines_[id].timing, 0.0) : detachedTotal(id);
  Timeline& parent = timelines_[parentId];
  ClipTimeline tl;
  tl.parent = parent.node;
  tl.timing = timelines_[id].timing;
  if (!port(parent, position, inserted, timelines_[id].delay, tl.position, error)) return false;
  const ClipResult r = clip_.addTimeline(tl);
  if (!r) return error = r.message, false;
  Timeline& placed = timelines_[id];
  placed.node = r.node;
  placed.placed = true;
  byNode_[r.node.index] = id;
  timelines_[parentId].recent = Recent{Recent::Kind::Child, r.node, 0.0};
  children_.emplace_back(id, r.node);
  const std::vector<const Json*> pending = std::move(placed.pending);
  for (const Json* op : pending)
    if (!apply(*op, error)) return false;
  normalize(r.node);  // GSAP reads the duration of the timeline it adds
  return true;
}

bool PositionPort::apply(const Json& op, std::string& error) {
  const auto text = [&](const char* key) {
    const Json* j = op.get(key);
    return j && j->isString() ? j->string : std::string();
  };
  const std::string kind = text("kind");
  const std::string id = text("id");
  const std::string parentId = text("parent");
  const double delay = numberOr(op.get("delay"), 0.0);

  if (kind == "timeline") {
    Timeline& t = timelines_[id];
    t.timing = timingOf(op, true);
    t.delay = delay;
    if (parentId.empty()) return true;  // built detached, placed by a later "add"
  }
  const auto pit = timelines_.find(parentId);
  if (pit == timelines_.end()) return error = "unknown parent \"" + parentId + "\"", false;
  if (!pit->second.placed) {  // its parent is not in the clip yet
    pit->second.pending.push_back(&op);
    return true;
  }
  Timeline& parent = pit->second;

  if (kind == "timeline" || kind == "add") return placeTimeline(id, parentId, op.get("position"), error);
  if (kind == "tween") {
    ClipTrack track;
    track.parent = parent.node;
    track.timing = timingOf(op, false);
    track.keyframes = {ClipKeyframe{0.0, {0.f}, {}}, ClipKeyframe{1.0, {1.f}, {}}};
    if (!port(parent, op.get("position"), gsapTotal(track.timing, 0.0), delay, track.position, error))
      return false;
    const ClipResult r = clip_.addTrack(track);
    if (!r) return error = r.message, false;
    children_.emplace_back(id, r.node);
    parent.recent = Recent{Recent::Kind::Child, r.node, 0.0};
    return true;
  }
  if (kind == "label") {
    const std::string name = text("name");
    ClipPosition at;
    const Json* position = op.get("position");
    normalize(parent.node);  // GSAP reads the end even for a number here
    if (!port(parent, position, 0.0, 0.0, at, error)) return false;
    // A label placed relative to another is placed at the time it resolves to.
    double time = 0.0;
    const ClipResult where = clip_.resolve(at, parent.node, 0.0, &time);
    if (!where) return error = where.message, false;
    // Adding a label GSAP knows moves it.
    const ClipResult r = clip_.labelTime(parent.node, name)
                             ? clip_.moveLabel(name, ClipPosition::at(time), parent.node)
                             : clip_.addLabel(name, ClipPosition::at(time), parent.node);
    if (!r) return error = r.message, false;
    return true;
  }
  if (kind == "call") {
    ClipPosition at;
    if (!port(parent, op.get("position"), 0.0, 0.0, at, error)) return false;
    double time = 0.0;
    const ClipResult where = clip_.resolve(at, parent.node, 0.0, &time);
    if (!where) return error = where.message, false;
    parent.calls.push_back(Call{id, time});
    parent.recent = Recent{Recent::Kind::Call, {}, time};
    return true;
  }
  error = "unknown op kind \"" + kind + "\"";
  return false;
}

bool PositionPort::finish(std::string& error) {
  normalize(kClipRoot);
  for (const auto& [name, t] : timelines_) {
    if (!t.placed) continue;
    for (const Call& c : t.calls) {
      const ClipResult r = clip_.addMark(c.id, ClipPosition::at(c.time), t.node);
      if (!r) return error = r.message, false;
    }
  }
  return true;
}

// Built by appending (GCC 12 at -O3 reports a false -Wrestrict on a
// literal + a temporary string).
std::string PositionPort::result(const std::string& id) const {
  std::string out = "{\"id\": ";
  out += jsonString(id);
  out += ", \"children\": {";
  bool first = true;
  const auto item = [&](const std::string& key, const std::string& value) {
    if (!first) out += ", ";
    out += jsonString(key);
    out += ": ";
    out += value;
    first = false;
  };
  const auto span = [&](double from, double to) {
    std::string v = "[";
    v += jsonNumber(from);
    v += ", ";
    v += jsonNumber(to);
    v += ']';
    return v;
  };
  for (const auto& [name, node] : children_) item(name, span(clip_.start(node), clip_.end(node)));
  for (const auto& [name, t] : timelines_)
    if (t.placed)
      for (const ClipNode m : clip_.labels(t.node))
        if (clip_.kind(m) == Clip::Kind::Mark) item(clip_.name(m), span(clip_.start(m), clip_.start(m)));
  out += "}, \"timelines\": {";
  first = true;
  for (const auto& [name, t] : timelines_) {
    if (!t.placed) continue;
    std::string v = "{\"duration\": ";
    v += jsonNumber(endOf(t));
    v += ", \"labels\": {";
    bool firstLabel = true;
    for (const ClipNode l : clip_.labels(t.node)) {
      if (clip_.kind(l) != Clip::Kind::Label) continue;
      if (!firstLabel) v += ", ";
      v += jsonString(clip_.name(l));
      v += ": ";
      v += jsonNumber(clip_.start(l));
      firstLabel = false;
    }
    v += "}}";
    item(name, v);
  }
  out += "}}";
  return out;
}

int runPositions(const Json& file) {
  const Json* cases = file.get("cases");
  if (!cases || !cases->isArray()) {
    std::fprintf(stderr, "zenit-style gsap positions: expected cases\n");
    return 1;
  }
  int status = 0;
  for (const Json& c : cases->items) {
    const Json* idJ = c.get("id");
    const std::string id = idJ && idJ->isString() ? idJ->string : "";
    const Json* ops = c.get("ops");
    Clip clip;
    PositionPort port(clip);
    std::string error;
    bool ok = ops && ops->isArray();
    if (ok)
      for (const Json& op : ops->items)
        if (!(ok = port.apply(op, error))) break;
    if (!ok) {
      std::printf("{\"id\": %s, \"error\": %s}\n", jsonString(id).c_str(),
                  jsonString(error.empty() ? "no ops" : error).c_str());
      status = 1;
      continue;
    }
    if (!port.finish(error)) {
      std::printf("{\"id\": %s, \"error\": %s}\n", jsonString(id).c_str(), jsonString(error).c_str());
      status = 1;
      continue;
    }
    std::printf("%s\n", port.result(id).c_str());
  }
  return status;
}

}  // namespace

int runGsap(const std::vector<std::string_view>& args) {
  if (args.size() != 2) {
    std::fprintf(stderr, "usage: zenit-style gsap positions|stagger|easing FILE\n");
    return 2;
  }
  const std::optional<Json> file = readJsonFile(std::string(args[1]));
  if (!file) return 1;
  if (args[0] == "positions") return runPositions(*file);
  if (args[0] == "stagger") return runStagger(*file);
  if (args[0] == "easing") return runEasing(*file);
  std::fprintf(stderr, "zenit-style gsap: unknown suite %s (positions, stagger or easing)\n",
               std::string(args[0]).c_str());
  return 2;
}

}  // namespace zenit::tools
