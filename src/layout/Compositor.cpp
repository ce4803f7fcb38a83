// Compositor (Compositor.hpp): the UI thread's commit, which seals the
// tree's frame (Sealed.hpp), and the compositor's frames drawn from it, on
// its thread or the caller's.
//
// [SECTION] Sealing a node (LayoutAccess)
// [SECTION] Drawing a sealed frame
// [SECTION] The commit
// [SECTION] Drawing a frame, and the thread
#include <zenit/layout/Compositor.hpp>

#include "anim/CssEffect.hpp"
#include "layout/Clock.hpp"
#include "layout/LayoutAccess.hpp"
#include "layout/Sealed.hpp"

#include <zenit/core/Diagnostic.hpp>
#include <zenit/layout/Flex.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/style/Theme.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace zenit {
namespace detail {

namespace {
constexpr PropSet kTransformProps{
    PropSet::bit(Prop::translateX) | PropSet::bit(Prop::translateY) | PropSet::bit(Prop::scaleX) |
    PropSet::bit(Prop::scaleY) | PropSet::bit(Prop::rotate) | PropSet::bit(Prop::skewX) |
    PropSet::bit(Prop::skewY) | PropSet::bit(Prop::transformOriginX) | PropSet::bit(Prop::transformOriginY)};
// What a widget's animations may write for the compositor to step them:
// what drawNode alone reads (its renderContent is drawn as committed).
constexpr PropSet kWidgetProps{kTransformProps.bits | PropSet::bit(Prop::opacity) |
                               PropSet::bit(Prop::visibility)};
constexpr PropSet kLayoutProps = propsWithFlag(PF_LAYOUT);
}  // namespace

// The copies of the @keyframes sealed animations read, kept across commits
// while the theme stays the same generation (a reload may change them).
class KeyframeCopies {
 public:
  void begin(std::uint64_t generation) {
    if (generation == generation_) return;
    generation_ = generation;
    copies_.clear();
  }
  const KeyframeAnimation* copyOf(const KeyframeAnimation* source, SealedFrame& frame) {
    if (source == nullptr) return nullptr;
    std::shared_ptr<const KeyframeAnimation>& copy = copies_[source];
    if (!copy) copy = std::make_shared<const KeyframeAnimation>(*source);
    frame.keyframes.push_back(copy);
    return copy.get();
  }

 private:
  std::uint64_t generation_{~std::uint64_t{0}};
  std::unordered_map<const KeyframeAnimation*, std::shared_ptr<const KeyframeAnimation>> copies_;
};

// ---------------------------------------------------------------------------
// [SECTION] Sealing a node
// ---------------------------------------------------------------------------

LayoutAccess::Effects LayoutAccess::effects(const Layout& n) {
  Effects e;
  const AnimationPlayer* p = n.anim_.get();
  e.running = (p != nullptr && p->hasActiveLocal()) || n.style_.inTransition();
  if (!e.running) return e;
  PropSet writes = n.style_.runningProps();
  bool sealable = true;
  if (p != nullptr) {
    if (!p->clips_.empty() || p->hasActivePartAnims()) sealable = false;
    for (const AnimationPlayer::Named& a : p->imperative_) {
      const UIAnimation* anim = a.state.anim.get();
      if (!a.state.playing || anim == nullptr) continue;
      // Read on the compositor's thread: only one that promises to stay as it is.
      if (!anim->tracks.empty() || !anim->unchangedWhilePlaying) sealable = false;
      for (const auto& t : anim->propTracks) writes.set(t->prop);
    }
    for (const ActiveCssAnimation& a : p->css_)
      if (Anim::usable(a)) writes |= a.keyframes->animated;
  }
  if ((writes & kLayoutProps).any()) sealable = false;
  if (n.internal_.content && (writes.bits & ~kWidgetProps.bits) != 0) sealable = false;
  e.compositable = sealable;
  e.moves = (writes & kTransformProps).any();
  return e;
}

void LayoutAccess::setComposited(Layout& n, bool on) {
  if ((n.internal_.composited != 0) == on) return;
  n.internal_.composited = on ? 1 : 0;
  classifyPaint(n);  // plainBox reads it
  staleParentRun(n);
}

void LayoutAccess::seal(SealedNode& copy, Layout& n, SealedNode* parent, SealedFrame& frame,
                        KeyframeCopies& keyframes) {
  // A parked node's state is in its parent's record: back into the node first.
  if (n.internal_.listed) n.markActive();
  copy.frame = &frame;
  copy.parent_ = parent;
  copy.box = n.box;
  TransitionSteps::copyTicking(copy.style_, n.style_);
  copy.plainFill_ = n.plainFill_;
  copy.plainAlpha_ = n.plainAlpha_;
  LayoutFlags f = n.internal_;
  f.listed = 0;
  f.listedKind = 0;
  f.hasListed = 0;
  f.selfActive = 0;
  f.childActive = 0;
  f.removed = 0;
  f.sealed = 1;
  // The copy has no children of its own: drawNode must not take it for a
  // leaf (its fold) when its node has children, which the copy draws after
  // its content (SealedNode::drawChildren).
  if (!n.children_.empty()) f.content = 1;
  copy.internal_ = f;
  // Its children, its list and its run are this commit's (emit, activateSealed).
  releaseSealed(copy);
  staleRun(copy);
  if (!n.anim_) {
    copy.anim_.reset();
    return;
  }
  if (!copy.anim_) copy.anim_ = std::make_unique<AnimationPlayer>();
  AnimationPlayer& to = *copy.anim_;
  const AnimationPlayer& from = *n.anim_;
  to.imperative_ = from.imperative_;
  to.css_ = from.css_;
  for (ActiveCssAnimation& a : to.css_) {
    a.keyframes = keyframes.copyOf(a.keyframes, frame);
    a.themeGeneration = Anim::kOwnKeyframes;  // never looked up again (on the compositor's thread)
  }
  to.events_.clear();
  to.parts_.clear();
  to.clips_.clear();
  to.record_ = nullptr;
  to.cssSyncedIn_ = from.cssSyncedIn_;
  to.overlaySet_ = from.overlaySet_;
  to.identityLinear_ = from.identityLinear_;
  to.overlay_ = from.overlay_;
}

void LayoutAccess::adoptSealed(SealedNode& parent, SealedNode& child) {
  parent.children_.emplace_back(&child);  // not owned: released by releaseSealed
}

void LayoutAccess::releaseSealed(SealedNode& copy) {
  for (std::unique_ptr<Layout>& c : copy.children_) static_cast<void>(c.release());
  copy.children_.clear();
  if (copy.steps_.list) copy.steps_.list->clear();
  copy.internal_.hasListed = 0;
  copy.internal_.listed = 0;  // its record went with its parent's list
}

void LayoutAccess::activateSealed(SealedNode& copy) {
  LayoutFlags& f = copy.internal_;
  if (copy.stepped) f.selfActive = 1;
  if (copy.parent_ && (f.selfActive || f.childActive)) copy.parent_->internal_.childActive = 1;
}

void LayoutAccess::settleSealed(SealedNode& copy) {
  LayoutFlags& f = copy.internal_;
  ZENIT_ASSERT(!f.listed && !f.selfActive, "settleSealed: a copy that is parked, or not stepped yet");
  if (copy.stepped) {
    const bool anyLocal = copy.anim_ && copy.anim_->hasActiveLocal();
    const bool inTransition = copy.style_.inTransition();
    if (anyLocal || inTransition) {
      const bool steadyNext = copy.anim_ ? anyLocal && !inTransition : inTransition;
      if (!(copy.parent_ && !f.childActive && !f.hasListed && steadyNext && park(copy))) f.selfActive = 1;
    }
  }
  if (copy.parent_ && (f.selfActive || f.childActive || f.hasListed)) copy.parent_->internal_.childActive = 1;
}

void LayoutAccess::stepSealedTree(SealedNode& copy, double dt, double now) {
  LayoutFlags& f = copy.internal_;
  if (!f.selfActive && !f.childActive && !f.hasListed) return;
  if (f.selfActive) {
    f.selfActive = 0;
    stepSealed(copy, dt, now);
  }
  if (f.hasListed) stepList(copy, dt, now);
  if (f.childActive) {
    f.childActive = 0;
    for (const std::unique_ptr<Layout>& c : copy.children_)
      stepSealedTree(static_cast<SealedNode&>(*c), dt, now);
  }
  settleSealed(copy);
}

bool LayoutAccess::sealedActive(const SealedNode& copy) {
  const LayoutFlags& f = copy.internal_;
  return f.selfActive || f.childActive || f.hasListed;
}

// updateSelf's steps 1, 5 and 6 for a node nothing else changes: its
// imperative animations, its transitions, its CSS animations and overlay.
// Whatever it changes, its parent's run is built again.
void LayoutAccess::stepSealed(SealedNode& copy, double dt, double now) {
  staleParentRun(copy);
  thread_local std::vector<std::function<void()>> callbacks;  // onFinished: the UI thread calls them
  AnimationPlayer* p = copy.anim_.get();
  if (p != nullptr && !p->imperative_.empty()) {
    p->tickImperative(&copy, dt, callbacks);
    callbacks.clear();
  }
  if (copy.style_.inTransition()) {
    const PropSet changed = copy.style_.tick(now);
    if (changed.any()) classifyPaint(copy, changed);
  }
  if (p != nullptr) {
    p->tickCss(dt);
    p->composeOverlay(copy.style_.currentStyle);
    p->events_.clear();  // the UI thread reports them
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Drawing a sealed frame
// ---------------------------------------------------------------------------

void SealedFrame::drawPieces(std::span<const SealedPiece> pieces, DrawList& list, float x, float y) const {
  for (const SealedPiece& p : pieces) {
    if (p.node == SealedPiece::kRecorded)
      list.replay(recorded, p.begin, p.end);
    else
      LayoutAccess::drawAt(*nodes[p.node], list, x, y);
  }
}

SealedNode::~SealedNode() { LayoutAccess::releaseSealed(*this); }

void SealedNode::drawChildren(DrawList& list, float x, float y) const {
  frame->drawPieces(pieces, list, x, y);
}

void SealedNode::renderContent(DrawList& list, const RenderContext& /*ctx*/) const {
  list.replay(frame->recorded, contentBegin, contentEnd);
}

}  // namespace detail

// ---------------------------------------------------------------------------
// [SECTION] The commit
// ---------------------------------------------------------------------------

using detail::LayoutAccess;
using detail::SealedFrame;
using detail::SealedNode;
using detail::SealedPiece;

struct Compositor::Impl {
  // --- the UI thread's ---
  detail::KeyframeCopies keyframes;
  // The commit's walk: per node in pre-order, whether it is sealed (kSealed:
  // it or a descendant runs what the compositor steps) and whether it is
  // stepped (kStepped); `ends` is where its subtree ends in that order.
  static constexpr std::uint8_t kSealed = 1;
  static constexpr std::uint8_t kStepped = 2;
  std::vector<std::uint8_t> marks;
  std::vector<std::uint32_t> ends;
  std::size_t cursor{0};
  std::unique_ptr<SealedFrame> building;
  std::atomic<bool> uiDriven{false};  // read by any thread (Compositor::uiDriven)
  std::atomic<std::uint64_t> commits{0};
  // What a commit compares to decide whether the frame changed.
  struct Key {
    std::uint64_t changes{~std::uint64_t{0}};
    std::uint32_t layout{0};
    std::uint64_t theme{0};
    float width{0.0f}, height{0.0f};
    bool operator==(const Key&) const = default;
  };
  Key last;

  // --- shared, under `mutex` ---
  mutable std::mutex mutex;
  std::condition_variable wake;                     // a commit or stop for the drawing side
  std::condition_variable drawn;                    // a frame presented, for waitFrames
  std::unique_ptr<SealedFrame> pending;             // committed, not yet drawn from
  std::vector<std::unique_ptr<SealedFrame>> spare;  // drawn from and left: the UI thread fills them again
  bool stopping{false};
  bool threadEnded{false};

  // --- the drawing side's (the thread, or drawFrame's caller) ---
  std::unique_ptr<SealedFrame> shown;
  bool fresh{false};  // `shown` was just taken: nothing stepped yet
  double clock{0.0}, compensation{0.0};
  DrawList out;  // the thread's frame
  std::atomic<std::uint64_t> frames{0};
  std::atomic<bool> running{false};
  std::thread thread;
  CompositorOptions options;

  bool scan(Layout& n);
  void emit(Layout& n, float ox, float oy, std::vector<SealedPiece>& pieces, SealedNode* parent);
  void fill(SealedFrame& f, Layout& root);
  bool take();  // the pending frame, if any, becomes the shown one
  bool step(double dt, DrawList& target, CompositorFrame& info);
  // The step that brings the shown frame to the wall time `now` (a window).
  double stepTo(std::chrono::steady_clock::time_point now) const;
  bool moving() const;  // something the shown frame steps runs
  void run();
};

// Marks the subtree; returns whether some node of it is sealed.
bool Compositor::Impl::scan(Layout& n) {
  const std::size_t at = marks.size();
  marks.push_back(0);
  ends.push_back(0);
  bool below = false;
  if (LayoutAccess::drawn(n)) {
    const LayoutAccess::Effects e = LayoutAccess::effects(n);
    if (e.running && !e.compositable) uiDriven = true;
    const bool stepped = e.running && e.compositable;
    // Only what it draws from its origin (content, children) depends on
    // whether it draws in a transform of its own.
    LayoutAccess::setComposited(n,
                                stepped && e.moves && (n.childCount() != 0 || LayoutAccess::hasContent(n)));
    below = stepped;
    for (std::size_t i = 0; i < n.childCount(); ++i) below = scan(n.child(i)) || below;
    marks[at] = static_cast<std::uint8_t>((below ? kSealed : 0) | (stepped ? kStepped : 0));
  }
  ends[at] = static_cast<std::uint32_t>(marks.size());
  return below;
}

void Compositor::Impl::emit(Layout& n, float ox, float oy, std::vector<SealedPiece>& pieces,
                            SealedNode* parent) {
  SealedFrame& f = *building;
  const std::size_t at = cursor++;
  if (!(marks[at] & kSealed)) {
    cursor = ends[at];
    const auto begin = static_cast<std::uint32_t>(f.recorded.size());
    LayoutAccess::drawAt(n, f.recorded, ox, oy);
    const auto end = static_cast<std::uint32_t>(f.recorded.size());
    if (begin == end) return;
    if (!pieces.empty() && pieces.back().node == SealedPiece::kRecorded && pieces.back().end == begin)
      pieces.back().end = end;  // one piece for a run of recorded siblings
    else
      pieces.push_back(SealedPiece{SealedPiece::kRecorded, begin, end});
    return;
  }
  if (f.used == f.nodes.size()) f.nodes.push_back(std::make_unique<SealedNode>());
  const auto index = static_cast<std::uint32_t>(f.used++);
  SealedNode& copy = *f.nodes[index];
  LayoutAccess::seal(copy, n, parent, f, keyframes);
  if (parent != nullptr) LayoutAccess::adoptSealed(*parent, copy);
  copy.stepped = (marks[at] & kStepped) != 0;
  if (copy.stepped) ++f.animated;
  copy.pieces.clear();
  pieces.push_back(SealedPiece{index, 0, 0});
  const RectF origin = LayoutAccess::childOrigin(n, ox, oy);
  copy.contentBegin = static_cast<std::uint32_t>(f.recorded.size());
  if (LayoutAccess::hasContent(n)) LayoutAccess::recordContent(n, f.recorded, ox, oy);
  copy.contentEnd = static_cast<std::uint32_t>(f.recorded.size());
  for (std::size_t i = 0; i < n.childCount(); ++i) emit(n.child(i), origin.x, origin.y, copy.pieces, &copy);
  copy.recordedPieces = std::any_of(copy.pieces.begin(), copy.pieces.end(),
                                    [](const SealedPiece& p) { return p.node == SealedPiece::kRecorded; });
  LayoutAccess::activateSealed(copy);
}

void Compositor::Impl::fill(SealedFrame& f, Layout& root) {
  UIContext& ctx = UIContext::get();
  f.recorded.reset();
  f.used = 0;
  f.top.clear();
  f.keyframes.clear();
  f.animated = 0;
  keyframes.begin(Theme::get().generation());
  uiDriven = false;
  marks.clear();
  ends.clear();
  scan(root);
  f.uiDriven = uiDriven;
  // Drawn on its own, a subtree keeps its place in the viewport (Layout::draw).
  const Layout* p = root.parent();
  const float ox = p ? root.box.viewRect.x - root.box.rect.x : 0.0f;
  const float oy = p ? root.box.viewRect.y - root.box.rect.y : 0.0f;
  cursor = 0;
  emit(root, ox, oy, f.top, nullptr);
  f.rootX = ox;
  f.rootY = oy;
  f.time = ctx.time;
  f.compensation = LayoutAccess::clockCompensation(ctx);
  f.commit = ++commits;
  f.wall = std::chrono::steady_clock::now();
}

Compositor::Compositor() : impl_(std::make_unique<Impl>()) {}

Compositor::~Compositor() { stop(); }

bool Compositor::commit(Layout& root, bool force) {
  UIContext& ctx = UIContext::get();
  if (ctx.inFrame()) {
    logApi(Severity::Error, "Compositor::commit", "called while a frame runs (from a callback); ignored");
    return false;
  }
  Impl& m = *impl_;
  const Impl::Key key{LayoutAccess::changes, layoutGeneration(), Theme::get().generation(),
                      ctx.viewport.width, ctx.viewport.height};
  if (!force && !m.uiDriven && key == m.last) return false;
  {
    // A frame committed and not drawn from yet is overtaken: filled again
    // (a warm frame, so a commit allocates nothing once each has been used).
    const std::lock_guard<std::mutex> lock(m.mutex);
    if (m.pending) {
      m.building = std::move(m.pending);
    } else if (!m.spare.empty()) {
      m.building = std::move(m.spare.back());
      m.spare.pop_back();
    }
  }
  if (!m.building) m.building = std::make_unique<SealedFrame>();
  m.fill(*m.building, root);
  // Sealing a parked node brought it back to the walk: that is no change.
  m.last = Impl::Key{LayoutAccess::changes, key.layout, key.theme, key.width, key.height};
  {
    const std::lock_guard<std::mutex> lock(m.mutex);
    m.pending = std::move(m.building);
  }
  m.wake.notify_all();
  return true;
}

bool Compositor::uiDriven() const { return impl_->uiDriven.load(); }
std::uint64_t Compositor::commits() const { return impl_->commits.load(); }

// ---------------------------------------------------------------------------
// [SECTION] Drawing a frame, and the thread
// ---------------------------------------------------------------------------

bool Compositor::Impl::take() {
  const std::lock_guard<std::mutex> lock(mutex);
  if (!pending) return false;
  if (shown) spare.push_back(std::move(shown));
  shown = std::move(pending);
  fresh = true;
  return true;
}

// Steps the shown frame by dt of the UI clock and draws it into `target`.
bool Compositor::Impl::step(double dt, DrawList& target, CompositorFrame& info) {
  if (!shown) return false;
  SealedFrame& f = *shown;
  info.afterCommit = fresh;
  if (fresh) {
    clock = f.time;
    compensation = f.compensation;
    fresh = false;
  }
  dt = UIContext::clampStep(dt);
  if (dt > 0.0) {
    detail::advanceClock(clock, compensation, dt);
    if (SealedNode* root = f.root()) LayoutAccess::stepSealedTree(*root, dt, clock);
  }
  target.reset();
  f.drawPieces(f.top, target, f.rootX, f.rootY);
  info.index = frames.load(std::memory_order_relaxed);
  info.time = clock;
  info.commit = f.commit;
  info.animated = f.animated;
  return true;
}

bool Compositor::drawFrame(double dt, DrawList& out, CompositorFrame* info) {
  Impl& m = *impl_;
  if (m.running.load()) {
    logApi(Severity::Error, "Compositor::drawFrame", "the compositor's thread is running; nothing drawn");
    return false;
  }
  m.take();
  CompositorFrame frame;
  if (!m.step(dt, out, frame)) return false;
  m.frames.fetch_add(1);
  if (info != nullptr) *info = frame;
  return true;
}

double Compositor::Impl::stepTo(std::chrono::steady_clock::time_point now) const {
  const double target = shown->time + std::chrono::duration<double>(now - shown->wall).count();
  return std::max(0.0, target - (fresh ? shown->time : clock));
}

bool Compositor::Impl::moving() const {
  const SealedNode* root = shown->root();
  return root != nullptr && LayoutAccess::sealedActive(*root);
}

bool Compositor::drawFrameNow(DrawList& out, CompositorFrame* info) {
  Impl& m = *impl_;
  if (m.running.load()) {
    logApi(Severity::Error, "Compositor::drawFrameNow", "the compositor's thread is running; nothing drawn");
    return false;
  }
  m.take();
  if (!m.shown) return false;
  return drawFrame(m.stepTo(std::chrono::steady_clock::now()), out, info);
}

bool Compositor::needsFrame() const {
  const Impl& m = *impl_;
  {
    const std::lock_guard<std::mutex> lock(m.mutex);
    if (m.pending) return true;
  }
  return m.shown && (m.fresh || m.moving());
}

bool Compositor::start(CompositorOptions options) {
  Impl& m = *impl_;
  if (m.running.load()) {
    logApi(Severity::Error, "Compositor::start", "the compositor's thread runs already");
    return false;
  }
  if (!options.present) {
    logApi(Severity::Error, "Compositor::start", "no present function: nothing would show the frames");
    return false;
  }
  if (!(options.frameSeconds > 0.0) || !std::isfinite(options.frameSeconds))
    options.frameSeconds = 1.0 / 60.0;
  if (m.thread.joinable()) m.thread.join();  // ended by maxFrames
  m.options = std::move(options);
  {
    const std::lock_guard<std::mutex> lock(m.mutex);
    m.stopping = false;
    m.threadEnded = false;
  }
  m.running.store(true);
  m.thread = std::thread([&m] { m.run(); });
  return true;
}

void Compositor::stop() {
  Impl& m = *impl_;
  {
    const std::lock_guard<std::mutex> lock(m.mutex);
    m.stopping = true;
  }
  m.wake.notify_all();
  if (m.thread.joinable()) m.thread.join();
  m.running.store(false);
}

bool Compositor::running() const { return impl_->running.load(); }
std::uint64_t Compositor::framesDrawn() const { return impl_->frames.load(); }

std::uint64_t Compositor::waitFrames(std::uint64_t frames, double timeoutSeconds) {
  Impl& m = *impl_;
  std::unique_lock<std::mutex> lock(m.mutex);
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                             std::chrono::duration<double>(std::max(0.0, timeoutSeconds)));
  m.drawn.wait_until(lock, until, [&] { return m.frames.load() >= frames || m.threadEnded; });
  return m.frames.load();
}

void Compositor::Impl::run() {
  using Clock = std::chrono::steady_clock;
  const auto period =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.frameSeconds));
  const auto ended = [this] {
    {
      const std::lock_guard<std::mutex> lock(mutex);
      threadEnded = true;
    }
    running.store(false);
    drawn.notify_all();
  };
  // Nothing to draw before the first commit.
  bool stop = false;
  {
    std::unique_lock<std::mutex> lock(mutex);
    wake.wait(lock, [this] { return stopping || pending != nullptr || shown != nullptr; });
    stop = stopping;
  }
  if (stop) return ended();
  take();
  Clock::time_point start = Clock::now();
  double startTime = shown->time;  // the UI time the grid's frame 0 shows
  std::uint64_t k = 0;             // frames since `start`
  for (;;) {
    Clock::time_point due = start + period * static_cast<std::int64_t>(k);
    if (!options.everyFrame) {
      const Clock::time_point now = Clock::now();
      if (now > due + period) {  // late: skip the frames missed
        k = static_cast<std::uint64_t>((now - start) / period);
        due = start + period * static_cast<std::int64_t>(k);
      }
    }
    {
      std::unique_lock<std::mutex> lock(mutex);
      wake.wait_until(lock, due, [this] { return stopping; });
      if (stopping) break;
    }
    take();
    // The UI time this frame shows: on the grid, or (a window) the commit's
    // time moved on by the wall time since it.
    double dt = 0.0;
    if (!options.everyFrame)
      dt = stepTo(Clock::now());
    else if (fresh)
      dt = std::max(0.0, startTime + static_cast<double>(k) * options.frameSeconds - shown->time);
    else
      dt = options.frameSeconds;
    CompositorFrame info;
    step(dt, out, info);
    options.present(out, info);
    const std::uint64_t drawnNow = frames.fetch_add(1) + 1;
    {
      const std::lock_guard<std::mutex> lock(mutex);  // waitFrames reads frames under it
    }
    drawn.notify_all();
    if (options.maxFrames && drawnNow >= *options.maxFrames) break;
    ++k;
    // Nothing moves here and nothing new came: wait for a commit.
    if (!moving() && !options.everyFrame) {
      std::unique_lock<std::mutex> lock(mutex);
      wake.wait(lock, [this] { return stopping || pending != nullptr; });
      if (stopping) break;
      lock.unlock();
      start = Clock::now();
      k = 0;
    }
  }
  ended();
}

}  // namespace zenit
