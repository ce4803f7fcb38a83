// Fuzz target: the input bytes are a program that drives a live Layout tree.
//
// [SECTION] Node registry: which nodes are alive (callbacks name nodes by serial)
// [SECTION] Sheets the program can load and reload
// [SECTION] The interpreter: one opcode per step
// [SECTION] LLVMFuzzerTestOneInput: run, then put the world back
//
// The program adds, removes and reorders widgets, toggles classes and states, sets
// inline styles (from a table or raw input bytes) and inline-base values,
// registers UIAnimations with hostile timing (NaN, infinities, negative,
// huge) and plays, pauses, seeks, cancels, stops, re-rates and removes them
// by name, reloads the theme, dispatches pointer and key events, runs frames
// with dt 0, 1/60, huge, negative or NaN, and draws (and sometimes
// rasterises) the tree. Callbacks (onFinished, setter tracks,
// onAnimationsFinished, onAnimationEvent, onClick, onChange) run short
// sub-programs taken from the input, so they remove their own node, clear
// the tree, replay themselves or reload the theme while they are being called.
//
// Invariants: no crash, leak or sanitizer report; the clock stays finite;
// every running CSS animation's elapsed time is a number. Each execution is
// small: at most 48 live nodes, 24 frames and 400 steps.
#include "FuzzCommon.hpp"
#include "FuzzInput.hpp"

#include <zenit/layout/Layout.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/render/SoftwareRenderer.hpp>
#include <zenit/style/Theme.hpp>
#include <zenit/widgets/Widgets.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace zenit;
using zenit::fuzz::FuzzInput;

namespace {

// ---------------------------------------------------------------------------
// [SECTION] Node registry
// ---------------------------------------------------------------------------

struct Registry {
  std::vector<Layout*> live;  // every harness-made node still alive
  std::vector<std::uint32_t> serial;
  std::uint32_t next{1};

  void add(Layout* n, std::uint32_t s) {
    live.push_back(n);
    serial.push_back(s);
  }
  void remove(Layout* n) {
    for (std::size_t i = 0; i < live.size(); ++i) {
      if (live[i] != n) continue;
      live.erase(live.begin() + static_cast<std::ptrdiff_t>(i));
      serial.erase(serial.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
  }
  Layout* find(std::uint32_t s) const {
    for (std::size_t i = 0; i < live.size(); ++i)
      if (serial[i] == s) return live[i];
    return nullptr;
  }
  std::uint32_t serialOf(const Layout* n) const {
    for (std::size_t i = 0; i < live.size(); ++i)
      if (live[i] == n) return serial[i];
    return 0;
  }
};

Registry g_nodes;

// A widget that registers itself while it lives.
template <class W>
class Tracked final : public W {
 public:
  template <class... A>
  explicit Tracked(A&&... args) : W(std::forward<A>(args)...) {
    g_nodes.add(this, g_nodes.next++);
  }
  ~Tracked() override { g_nodes.remove(this); }
};

// ---------------------------------------------------------------------------
// [SECTION] Sheets
// ---------------------------------------------------------------------------

constexpr std::string_view kSheets[] = {
    R"(
@keyframes pulse { 0%, 100% { opacity: 1; } 50% { opacity: 0.3; transform: scale(1.2) rotate(10deg); } }
@keyframes slide { from { transform: translateX(-20px); } to { transform: translateX(20px); width: 40px; } }
@keyframes glow { from { background-color: #000; } to { background-color: #fff; color: red; } }
Root { width: 200px; height: 150px; flex-wrap: wrap; }
Layout { width: 20px; height: 20px; background-color: #123; transition: opacity 0.2s, background-color 1s ease-in; }
.x { animation: pulse 1s infinite; }
.y { animation: slide 0.5s ease-in-out 0.1s 3 alternate forwards; }
.pulse:hover { animation-play-state: paused; opacity: 0.5; }
.slide { animation: slide 2s steps(4, jump-both) -0.5s infinite alternate-reverse both; }
.hot { --c: #f00; background-color: var(--c); transition: all 0.3s; }
Slider::knob { animation: glow 0.6s ease-in-out infinite alternate; }
Slider:hover::knob { animation: glow 0.2s linear infinite; }
Checkbox:checked::mark { animation: pulse 0.18s ease-out; }
ProgressBar::fill { animation: glow 1s linear 2 forwards; }
Button:hover { background-color: #456; padding: 4px 8px; }
Button:active { transform: scale(0.95); }
.x > .y { margin: 2px; transition: margin 0.1s; }
)",
    R"(
@keyframes pulse { from { opacity: 0; } to { opacity: 1; } }
@keyframes glow { 50% { background-color: blue; } }
Layout { width: 10px; height: 30px; }
.x { animation: pulse 0s; }
.y { animation: pulse 1e9s linear 0s infinite; }
.hot { animation: glow 0.01s 1000000000, pulse 0.5s; position: absolute; left: 5px; top: 5px; }
Slider::knob { animation: pulse 0.3s infinite paused; }
Panel > .title { animation: glow 1s; }
.x:nth-child(2n+1 of .y) { opacity: 0.4; transition: opacity 0.1s; }
Layout:nth-last-of-type(-n+2) { margin-left: 1px; }
.pulse + .hot, .slide ~ :is(.x, :first-child) { height: 12px; }
[x] > .y, [hot^=p i] { animation: glow 0.4s; } [pulse~=x] + * { opacity: 0.2; }
)",
    R"(
@keyframes slide { 0% { left: 0px; } 10% { left: 5px; } 10% { left: 50px; } 100% { left: 0px; } }
.x, .y, .pulse { animation: slide 0.25s cubic-bezier(0.1, -2, 0.9, 3) infinite, nope 1s; display: none; }
.slide { display: flex; flex-direction: column; }
Layout:focus { outline-width: 2px; }
.hot { & + .x { opacity: 0.3; } .y & { padding: 1px; } > :nth-child(odd) { height: 4px; }
  @media (min-width: 1px) { transition: opacity 0.2s; &:hover { opacity: 0.7; } } margin: 1px; }
)",
    "",
};

constexpr std::string_view kStyleAttrs[] = {
    "opacity: 0.5; animation: pulse 1s infinite",
    "animation: slide 0.3s ease-in 2 alternate both",
    "animation: none",
    "transition: opacity 0.5s; opacity: 0",
    "animation: glow 1s steps(3) infinite, pulse 2s reverse",
    "width: 50%; height: 2em; padding: 1px 2px",
    "animation: pulse 0.01s 1000000000",
    "animation-play-state: paused",
    "--c: red; background-color: var(--c)",
    "transform: rotate(45deg) scale(2); transition: transform 1s",
    "animation: pulse 1s -5s infinite",
    "display: none",
};

constexpr std::string_view kAnimNames[] = {"a", "b", "c", "fade"};
constexpr std::string_view kClasses[] = {"x", "y", "pulse", "slide", "hot"};
constexpr std::string_view kIds[] = {"one", "two", ""};
constexpr std::string_view kKeyframeNames[] = {"pulse", "slide", "glow", "code"};

// ---------------------------------------------------------------------------
// [SECTION] The interpreter
// ---------------------------------------------------------------------------

constexpr std::size_t kMaxNodes = 48;
constexpr int kMaxFrames = 24;
constexpr int kMaxSteps = 400;
constexpr int kMaxDepth = 2;
constexpr int kMaxCallbacks = 256;

struct World {
  std::unique_ptr<Layout> root;
  SheetId sheet{SheetId::None};
  std::vector<SheetId> extra;
  std::vector<std::shared_ptr<UIAnimation>> pool;  // animations shared between nodes
  DrawList list;
  int frames{0};
  int steps{0};
  int callbacks{0};
  int depth{0};
};

World* g_world = nullptr;

void run(std::string_view program, std::uint32_t self);

// A callback body: runs `program` with `self` as the node it belongs to.
struct Script {
  std::string program;
  std::uint32_t self;
  void operator()() const {
    World& w = *g_world;
    if (w.depth >= kMaxDepth || w.callbacks >= kMaxCallbacks) return;
    ++w.callbacks;
    ++w.depth;
    run(program, self);
    --w.depth;
  }
};

Script script(FuzzInput& in, std::uint32_t self) { return Script{std::string(in.text(24)), self}; }

Layout* pick(FuzzInput& in, std::uint32_t self) {
  const std::size_t n = g_nodes.live.size();
  if (n == 0) return nullptr;
  const std::size_t i = in.below(n + 1);
  if (i == n) {
    if (Layout* s = g_nodes.find(self)) return s;
    return g_nodes.live.front();
  }
  return g_nodes.live[i];
}

std::string name(FuzzInput& in) { return std::string(in.pick(kAnimNames)); }

bool inside(const Layout* node, const Layout* ancestor) {
  for (; node; node = node->parent())
    if (node == ancestor) return true;
  return false;
}

std::unique_ptr<Layout> makeWidget(FuzzInput& in) {
  switch (in.below(8)) {
    case 0: return std::make_unique<Tracked<Label>>("label");
    case 1: return std::make_unique<Tracked<Button>>("ok");
    case 2: return std::make_unique<Tracked<Checkbox>>("check", in.flag());
    case 3: return std::make_unique<Tracked<Slider>>(in.numberf(), in.numberf(), in.numberf(), in.numberf());
    case 4: return std::make_unique<Tracked<ProgressBar>>(in.numberf());
    case 5: return std::make_unique<Tracked<Panel>>("title");
    default: return std::make_unique<Tracked<Layout>>();
  }
}

std::shared_ptr<UIAnimation> makeAnimation(FuzzInput& in, std::uint32_t self) {
  World& w = *g_world;
  if (!w.pool.empty() && in.below(4) == 0) return w.pool[in.below(w.pool.size())];
  const bool plain = in.flag();
  auto a = std::make_shared<UIAnimation>(plain ? static_cast<float>(in.below(8)) * 0.125f : in.numberf());
  if (in.flag()) a->delay = in.numberf();
  if (in.flag()) a->iterations = in.number();
  a->direction = static_cast<PlaybackDirection>(in.below(4));
  a->blocksInput = in.flag();
  a->finishOnReverse = in.flag();
  const std::size_t tracks = in.below(4);
  for (std::size_t i = 0; i < tracks; ++i) {
    switch (in.below(8)) {
      case 0:
        a->addTrack<float>(in.numberf(), in.numberf(),
                           [](Layout* l, float v) { l->getInlineBase().opacity = v; });
        break;
      case 1:
        a->addTrack<Value>(Px(in.numberf()), Pct(in.numberf()),
                           [](Layout* l, Value v) { l->getInlineBase().width = v; });
        break;
      case 2: {  // a setter that runs a sub-program on the node it animates
        Script body = script(in, self);
        a->addTrack<float>(0.0f, 1.0f, [body](Layout* l, float) {
          Script s = body;
          s.self = g_nodes.serialOf(l);
          s();
        });
        break;
      }
      case 3:
        (void)a->addTrack(Prop::opacity, in.numberf(), in.numberf(), TransitionFunction::EaseInOut);
        break;
      case 4: (void)a->addTrack(Prop::translateX, Px(in.numberf()), Pct(in.numberf())); break;
      case 5: (void)a->addTrack(Prop::backgroundColor, Color{in.numberf(), 0, 0, 1}, Color::white()); break;
      case 6: (void)a->addTrack(Prop::width, 1.0f, 2.0f); break;  // wrong type: refused
      default:
        (void)a->addTrack(Prop::display, Display::None, Display::Flex);
        break;  // not animatable: refused
    }
  }
  if (in.flag()) a->onFinished = script(in, self);
  if (w.pool.size() < 4) w.pool.push_back(a);
  return a;
}

AnimationRef hostileRef(FuzzInput& in) {
  AnimationRef r;
  r.name = std::string(in.pick(kKeyframeNames));
  r.duration = in.number();
  r.delay = in.flag() ? in.number() : 0.0;
  r.iterations = in.number();
  r.direction = static_cast<PlaybackDirection>(in.below(4));
  r.fill = static_cast<FillMode>(in.below(4));
  r.playState = in.flag() ? PlayState::Paused : PlayState::Running;
  r.ease = in.flag() ? TransitionFunction::Ease : TransitionFunction::StepStart;
  return r;
}

void setInlineBase(Layout& n, FuzzInput& in) {
  Style& s = n.getInlineBase();
  switch (in.below(12)) {
    case 0: s.opacity = in.numberf(); break;
    case 1: s.width = Px(in.numberf()); break;
    case 2: s.height = Pct(in.numberf()); break;
    case 3: s.padding = Spacing{Px(in.numberf()), Px(1), Em(in.numberf()), Px(0)}; break;
    case 4: s.rotate = in.numberf(); break;
    case 5: s.fontSize = Px(in.numberf()); break;
    case 6: s.translateX = Pct(in.numberf()); break;
    case 7: s.backgroundColor = Color{in.numberf(), in.numberf(), 0.5f, in.numberf()}; break;
    case 8: s.flexGrow = in.numberf(); break;
    case 9: {
      AnimationList list;
      const std::size_t k = in.below(3) + 1;
      for (std::size_t i = 0; i < k; ++i) list.push_back(hostileRef(in));
      s.animations = std::move(list);
      break;
    }
    case 10: {
      TransitionRef t;
      t.property = "opacity";
      t.known = true;
      t.prop = Prop::opacity;
      t.duration = in.number();
      t.delay = in.number();
      s.transitions = TransitionList{t};
      s.opacity = in.numberf();
      break;
    }
    default: s = Style{}; break;
  }
}

void pointer(FuzzInput& in, Layout& root) {
  InputEvent e;
  const std::size_t kind = in.below(3);
  e.type = kind == 0   ? InputEventType::PointerMove
           : kind == 1 ? InputEventType::PointerDown
                       : InputEventType::PointerUp;
  e.button = in.flag() ? PointerButton::Left : PointerButton::Right;
  if (in.flag()) {
    const Layout* target = g_nodes.live.empty() ? nullptr : g_nodes.live[in.below(g_nodes.live.size())];
    if (target) {
      e.x = target->box.viewRect.x + target->box.viewRect.width * 0.5f;
      e.y = target->box.viewRect.y + target->box.viewRect.height * 0.5f;
    }
  } else {
    e.x = in.numberf();
    e.y = in.numberf();
  }
  UIContext::get().dispatch(root, e);
}

void key(FuzzInput& in, Layout& root) {
  static constexpr Key kKeys[] = {Key::Tab,  Key::Enter, Key::Space, Key::Left,   Key::Right,    Key::Up,
                                  Key::Down, Key::Home,  Key::End,   Key::PageUp, Key::PageDown, Key::Escape};
  InputEvent e;
  const std::size_t kind = in.below(3);
  e.type = kind == 0 ? InputEventType::KeyDown : kind == 1 ? InputEventType::KeyUp : InputEventType::Text;
  e.key = in.pick(kKeys);
  e.repeat = in.flag();
  const std::string_view t = in.text(InputEvent::kTextCapacity - 1);
  std::copy(t.begin(), t.end(), e.text);
  UIContext::get().dispatch(root, e);
}

void themeOp(FuzzInput& in) {
  World& w = *g_world;
  Theme& theme = Theme::get();
  switch (in.below(6)) {
    case 0: theme.reload(w.sheet, in.pick(kSheets)); break;
    case 1:
      if (w.extra.size() < 3) w.extra.push_back(theme.loadString(in.pick(kSheets), "extra.zstyle").id);
      break;
    case 2:
      if (!w.extra.empty()) {
        theme.unload(w.extra.back());
        w.extra.pop_back();
      }
      break;
    case 3: theme.reload(w.sheet, in.text(96)); break;
    case 4: {  // a C++ @keyframes with hostile offsets
      KeyframeAnimation k;
      k.name = std::string(in.pick(kKeyframeNames));
      const std::size_t n = in.below(5);
      for (std::size_t i = 0; i < n; ++i) {
        Keyframe f;
        f.t = in.numberf();
        f.delta.opacity = in.numberf();
        if (in.flag()) f.delta.width = Px(in.numberf());
        k.keyframes.push_back(std::move(f));
      }
      if (w.extra.size() < 3) w.extra.push_back(theme.addKeyframes(std::move(k)));
      break;
    }
    default: theme.reload(SheetId{static_cast<std::uint32_t>(in.byte())}, "");  // maybe not a loaded id
  }
}

void widgetOp(FuzzInput& in, Layout& n, std::uint32_t self) {
  if (auto* s = dynamic_cast<Slider*>(&n)) {
    switch (in.below(3)) {
      case 0: s->setRange(in.numberf(), in.numberf(), in.numberf()); break;
      case 1: s->setValue(in.numberf()); break;
      default: {
        Script body = script(in, self);
        s->onChange = [body](float) { body(); };
      }
    }
  } else if (auto* c = dynamic_cast<Checkbox*>(&n)) {
    switch (in.below(3)) {
      case 0: c->toggle(); break;
      case 1: c->setChecked(in.flag()); break;
      default: {
        Script body = script(in, self);
        c->onChange = [body](bool) { body(); };
      }
    }
  } else if (auto* b = dynamic_cast<Button*>(&n)) {
    b->click();
  } else if (auto* p = dynamic_cast<ProgressBar*>(&n)) {
    p->setValue(in.numberf());
  } else if (auto* panel = dynamic_cast<Panel*>(&n)) {
    panel->setTitle(in.text(12));
  } else if (auto* l = dynamic_cast<Label*>(&n)) {
    l->setText(in.text(16));
  }
}

void frame(FuzzInput& in, World& w) {
  if (w.frames >= kMaxFrames) return;
  ++w.frames;
  static constexpr double kDt[] = {1.0 / 60.0, 1.0 / 60.0, 1.0 / 60.0, 0.0, 0.1, 0.5, 1e9, -1.0};
  const double dt = in.flag() ? in.pick(kDt) : in.number();
  if (in.below(4) == 0)
    w.root->update(dt);
  else
    UIContext::get().frame(*w.root, dt);
  ZENIT_FUZZ_CHECK(std::isfinite(UIContext::get().time));
  for (const Layout* n : g_nodes.live)
    if (const AnimationPlayer* p = n->animationPlayer())
      for (std::size_t i = 0; i < p->cssCount(); ++i)
        ZENIT_FUZZ_CHECK(!std::isnan(p->cssAnimation(i).elapsed));
}

void draw(FuzzInput& in, World& w) {
  w.list.reset();
  if (Layout* n = pick(in, 0); n && in.flag())
    n->draw(w.list);
  else
    w.root->draw(w.list);
  if (in.below(8) == 0) {
    static SoftwareRenderer renderer(40, 30);
    renderer.render(w.list);
  }
}

void step(FuzzInput& in, std::uint32_t self) {
  World& w = *g_world;
  ++w.steps;
  const std::uint8_t op = in.byte();
  Layout* n = pick(in, self);
  if (!n) return;
  switch (op % 32) {
    case 0:
    case 1:
      if (g_nodes.live.size() < kMaxNodes) {
        std::unique_ptr<Layout> child = makeWidget(in);
        if (in.flag()) child->addClass(in.pick(kClasses));
        if (op % 32 == 0)
          n->addChild(std::move(child));
        else
          n->insertChild(in.byte() % (n->childCount() + 2), std::move(child));  // + 2: past the end too
      }
      break;
    case 2: n->removeFromParent(); break;
    case 3: n->clearChildren(); break;
    case 4: {
      if (Layout* up = n->parent(); up && in.below(3) == 0) {
        up->moveChild(*n, in.byte() % (up->childCount() + 2));  // + 2: past the end too
        break;
      }
      std::unique_ptr<Layout> detached = n->detachFromParent();
      if (!detached) break;
      Layout* to = pick(in, self);
      if (to && !inside(to, detached.get())) to->addChild(std::move(detached));
      break;
    }
    case 5: n->toggleClass(in.pick(kClasses)); break;
    case 6: in.flag() ? (void)n->addClass(in.pick(kClasses)) : (void)n->removeClass(in.pick(kClasses)); break;
    case 7: n->setId(in.pick(kIds)); break;
    case 8: n->applyStyleAttr(in.pick(kStyleAttrs)); break;
    case 9: n->applyStyleAttr(in.text(64)); break;
    case 10: n->addAnimation(name(in), makeAnimation(in, g_nodes.serialOf(n))); break;
    case 11: n->playAnimation(name(in), in.flag()); break;
    case 12: n->pauseAnimation(name(in)); break;
    case 13: n->seekAnimation(name(in), in.number()); break;
    case 14: n->cancelAnimation(name(in)); break;
    case 15: n->stopAnimation(name(in)); break;
    case 16: n->setAnimationRate(name(in), in.number()); break;
    case 17: n->removeAnimation(name(in)); break;
    case 18: themeOp(in); break;
    case 19: pointer(in, *w.root); break;
    case 20: key(in, *w.root); break;
    case 21:
    case 22: frame(in, w); break;
    case 23: draw(in, w); break;
    case 24:
      switch (in.below(5)) {
        case 0: n->setChecked(in.flag()); break;
        case 1: n->setDisabled(in.flag()); break;
        case 2: n->setHovered(in.flag()); break;
        case 3: n->setPressed(in.flag()); break;
        default: n->setFocused(in.flag()); break;
      }
      break;
    case 25: {
      const std::uint32_t s = g_nodes.serialOf(n);
      switch (in.below(3)) {
        case 0: n->onAnimationsFinished = script(in, s); break;
        case 1: {
          Script body = script(in, s);
          n->onAnimationEvent = [body](const AnimationEvent&) { body(); };
          break;
        }
        default: {
          Script body = script(in, s);
          n->onClick = [body](Layout&) { body(); };
        }
      }
      break;
    }
    case 26: widgetOp(in, *n, g_nodes.serialOf(n)); break;
    case 27: setInlineBase(*n, in); break;
    case 28: {
      InputEvent e;
      e.type = InputEventType::Resize;
      e.x = in.flag() ? in.numberf() : 200.0f;
      e.y = in.flag() ? in.numberf() : 150.0f;
      UIContext::get().dispatch(*w.root, e);
      break;
    }
    case 29:
      (void)n->hitTest(in.numberf(), in.numberf());
      (void)n->renderedStyle();
      (void)n->hasActiveAnimations();
      (void)w.root->findById(in.pick(kIds));
      break;
    case 30: UIContext::get().layoutIfNeeded(*w.root); break;
    default:
      if (in.flag())
        n->setAttribute(in.pick(kClasses), in.pick(kClasses));
      else
        (void)n->removeAttribute(in.pick(kClasses));
      break;
  }
}

void run(std::string_view program, std::uint32_t self) {
  FuzzInput in(reinterpret_cast<const std::uint8_t*>(program.data()), program.size());
  World& w = *g_world;
  while (!in.empty() && w.steps < kMaxSteps) step(in, self);
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] LLVMFuzzerTestOneInput
// ---------------------------------------------------------------------------

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::installCheckingSink();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  Theme& theme = Theme::get();
  theme.clear();
  UIContext& ctx = UIContext::get();
  ctx.resetClock();
  ctx.viewport = Size{200.0f, 150.0f};
  ctx.requestLayout();

  World w;
  g_world = &w;
  w.sheet = theme.loadString(kSheets[0], "fuzz.zstyle").id;
  w.root = std::make_unique<Tracked<Layout>>("Root");
  run(std::string_view(reinterpret_cast<const char*>(data), size), 0);
  // A last frame and draw, so every pending change is applied once.
  UIContext::get().frame(*w.root, 1.0 / 60.0);
  w.list.reset();
  w.root->draw(w.list);

  w.root.reset();
  w.pool.clear();
  ZENIT_FUZZ_CHECK(g_nodes.live.empty());
  theme.clear();
  g_world = nullptr;
  return 0;
}
