// The demo screen: widgets, callbacks, imperative animations, scripted input.
#include "DemoScreen.hpp"

#include <zenit/anim/AnimPrimitives.hpp>
#include <zenit/layout/UIContext.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

namespace demo {

using namespace zenit;

namespace {

template <class T, class... Args>
T& addWith(Layout& parent, std::string_view cls, Args&&... args) {
  T& node = parent.add<T>(std::forward<Args>(args)...);
  if (!cls.empty()) node.addClass(cls);
  return node;
}

Layout& row(Layout& parent, std::string_view cls) { return addWith<Layout>(parent, cls, "Box"); }

void setValueText(Label& label, const char* name, float v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%s %.0f", name, static_cast<double>(v));
  label.setText(buf);
}

// --- scripted input --------------------------------------------------------

InputEvent pointerEvent(InputEventType type, float x, float y) {
  InputEvent e;
  e.type = type;
  e.x = x;
  e.y = y;
  e.button = type == InputEventType::PointerMove ? PointerButton::None : PointerButton::Left;
  return e;
}

float cx(const Layout& n) { return n.box.viewRect.x + 0.5f * n.box.viewRect.width; }
float cy(const Layout& n) { return n.box.viewRect.y + 0.5f * n.box.viewRect.height; }

// The viewport x of a slider's value fraction (its track spans the content box).
float sliderX(const Slider& s, float fraction) {
  const Rect c = s.box.contentRect();
  return s.box.viewRect.x + c.x + fraction * c.width;
}

// A page's root with its title and subtitle.
Layout& page(DemoScreen& d, const char* title, const char* subtitle) {
  d.root = std::make_unique<Layout>("Root");
  addWith<Label>(*d.root, "h1", title);
  addWith<Label>(*d.root, "subtitle", subtitle);
  return *d.root;
}

}  // namespace

DemoScreen DemoScreen::build() {
  DemoScreen d;
  Layout& root = page(d, "ZenitUI",
                      "transitions \xC2\xB7 part animations \xC2\xB7 @keyframes \xC2\xB7 imperative tracks");

  // --- Row 1: buttons and checkboxes ---------------------------------------
  Layout& row1 = row(root, "row");
  Panel& buttons = row1.add<Panel>("Buttons \xE2\x80\x94 :hover / :active transitions");
  Layout& buttonLine = row(buttons, "line");
  d.primary = &addWith<Button>(buttonLine, "primary", "Primary");
  d.secondary = &buttonLine.add<Button>("Secondary");
  d.disabled = &buttonLine.add<Button>("Disabled");
  d.disabled->setDisabled(true);
  Label* clicks = &addWith<Label>(buttons, "hint", "Click a button.");
  auto report = [clicks](Layout& n) {
    const auto* b = dynamic_cast<Button*>(&n);
    char buf[64];
    std::snprintf(buf, sizeof buf, "Clicked \"%s\".", b ? b->text().c_str() : "?");
    clicks->setText(buf);
  };
  d.primary->onClick = report;
  d.secondary->onClick = report;

  Panel& checks = row1.add<Panel>("Checkboxes \xE2\x80\x94 ::mark animates in");
  d.sound = &checks.add<Checkbox>("Sound");
  d.notifications = &checks.add<Checkbox>("Notifications");
  d.locked = &checks.add<Checkbox>("Locked (disabled)", true);
  d.locked->setDisabled(true);

  // --- Row 2: sliders and progress -----------------------------------------
  Layout& row2 = row(root, "row");
  Panel& sliders = row2.add<Panel>(
      "Sliders \xE2\x80\x94 knobGlow on :hover (seed \xC2\xA7"
      "5.4)");
  Layout& volLine = row(sliders, "line");
  d.volume = &volLine.add<Slider>(0.0f, 100.0f, 35.0f);
  d.volumeLabel = &addWith<Label>(volLine, "value");
  Layout& stepLine = row(sliders, "line");
  d.steps = &stepLine.add<Slider>(0.0f, 10.0f, 4.0f, 1.0f);
  d.stepsLabel = &addWith<Label>(stepLine, "value");
  setValueText(*d.volumeLabel, "Volume", d.volume->value());
  setValueText(*d.stepsLabel, "Step", d.steps->value());
  Label* volumeLabel = d.volumeLabel;
  Label* stepsLabel = d.stepsLabel;
  d.volume->onChange = [volumeLabel](float v) { setValueText(*volumeLabel, "Volume", v); };
  d.steps->onChange = [stepsLabel](float v) { setValueText(*stepsLabel, "Step", v); };

  Panel& progressPanel = row2.add<Panel>("Progress \xE2\x80\x94 imperative UIAnimation");
  d.progress = &progressPanel.add<ProgressBar>();
  d.progressLabel = &addWith<Label>(progressPanel, "value");
  // A setter track (seed §9.2) drives the bar: 2.5 s there, 2.5 s back, forever.
  auto load = std::make_shared<UIAnimation>(2.5f);
  load->iterations = AnimationRef::kInfinite;
  load->direction = PlaybackDirection::Alternate;
  load->blocksInput = false;
  load->addTrack<float>(
      0.0f, 1.0f,
      [](Layout* l, float v) {
        if (auto* bar = dynamic_cast<ProgressBar*>(l)) bar->setValue(v);  // seed §11: never static_cast here
      },
      TransitionFunction::EaseInOut);
  d.progress->addAnimation("load", load);
  d.progress->playAnimation("load");

  // --- Row 3: keyframes and imperative overlay -----------------------------
  Layout& row3 = row(root, "row");
  Panel& keyframes = row3.add<Panel>("@keyframes \xE2\x80\x94 animation-play-state");
  d.pulses = &row(keyframes, "pulses");
  for (int i = 0; i < 6; ++i) addWith<Layout>(*d.pulses, "pulse", "Box");  // staggered by :nth-child() delays
  d.pauseButton = &keyframes.add<Button>("Pause");
  Layout* pulses = d.pulses;
  d.pauseButton->onClick = [pulses](Layout& n) {
    const bool paused = pulses->attribute("state") != std::optional<std::string_view>("paused");
    pulses->setAttribute("state", paused ? "paused" : "running");
    if (auto* b = dynamic_cast<Button*>(&n)) b->setText(paused ? "Resume" : "Pause");
  };

  Panel& overlay = row3.add<Panel>("Overlay tracks \xE2\x80\x94 playAnimation");
  Layout& stage = row(overlay, "stage");
  d.card = &addWith<Layout>(stage, "card", "Card");
  // Overlay tracks write the draw-time overlay, never the base style (seed
  // §4.5): there and back once, turning and changing colour.
  auto slide = std::make_shared<UIAnimation>(0.8f);
  slide->iterations = 2.0;
  slide->direction = PlaybackDirection::Alternate;
  slide->blocksInput = false;
  slide->addTrack(Prop::translateX, Px(0.0f), Px(200.0f), TransitionFunction::EaseInOutCubic);
  slide->addTrack(Prop::rotate, 0.0f, 180.0f, TransitionFunction::EaseInOut);
  slide->addTrack(Prop::backgroundColor, Color::rgba8(0x2b, 0x32, 0x42), Color::rgba8(0xd6, 0xff, 0x32));
  d.card->addAnimation("slide", slide);
  d.playButton = &overlay.add<Button>("Play");
  Layout* card = d.card;
  d.playButton->onClick = [card](Layout&) { card->playAnimation("slide"); };

  // --- a @timeline: the cells pop in from the grid's center ------------------
  Panel& clips = row3.add<Panel>("@timeline \xE2\x80\x94 playTimeline");
  Layout& clipStage = row(clips, "stage");
  d.cells = &row(clipStage, "cells");
  for (int i = 0; i < 12; ++i) addWith<Layout>(*d.cells, "cell", "Box");
  d.replayButton = &clips.add<Button>("Replay");
  Layout* cells = d.cells;
  d.cellsIn = std::make_shared<std::shared_ptr<ClipPlayer>>();
  d.replayButton->onClick = [cells, running = d.cellsIn](Layout&) {
    if (*running) (*running)->cancel();  // its values leave the cells; a finished player would stay
    // The sheet's rule as it is now: an edit to demo.zstyle shows on the next replay.
    *running = cells->playTimeline("cells-in");
  };
  d.replayCells();

  addWith<Label>(root, "hint", "Esc quits. Edit demo.zstyle while this runs: it reloads on save.");
  return d;
}

DemoScreen DemoScreen::buildCompositorPage() {
  DemoScreen d;
  Layout& root = page(d, "Compositor",
                      "the spinners run on the compositor's thread: they turn while the UI thread is busy");
  Layout& spinners = row(root, "spinners");
  for (const char* kind : {"turn", "fade", "swing", "tint"}) {
    Layout& s = addWith<Layout>(spinners, "spinner", "Box");
    s.addClass(kind);
    addWith<Layout>(s, "spoke", "Box");  // a child that moves with its spinner
  }
  Layout& line = row(root, "line");
  d.busyButton = &addWith<Button>(line, "primary", "Busy 500 ms");
  Label* status = &addWith<Label>(line, "hint", "Click Busy: the UI thread sleeps, the spinners go on.");
  d.busyButton->onClick = [status](Layout&) {
    // A slow handler: nothing of the tree moves on the UI thread meanwhile.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    status->setText("The UI thread slept 500 ms.");
  };
  return d;
}

void DemoScreen::afterFrame() {
  if (progress == nullptr) return;  // the compositor page
  const int percent = static_cast<int>(std::lround(static_cast<double>(progress->value()) * 100.0));
  if (percent == lastPercent_) return;
  lastPercent_ = percent;
  char buf[32];
  std::snprintf(buf, sizeof buf, "Loading %d %%", percent);
  progressLabel->setText(buf);
}

const char* DemoScreen::scriptedInput(int frame) {
  if (progress == nullptr) return nullptr;  // the compositor page plays no script
  UIContext& ctx = UIContext::get();
  auto send = [&](InputEventType t, float x, float y) { ctx.dispatch(*root, pointerEvent(t, x, y)); };
  auto click = [&](const Layout& n) {
    send(InputEventType::PointerMove, cx(n), cy(n));
    send(InputEventType::PointerDown, cx(n), cy(n));
    send(InputEventType::PointerUp, cx(n), cy(n));
  };
  switch (frame) {
    case 8:
      send(InputEventType::PointerMove, cx(*primary), cy(*primary));
      return "pointer over Primary (hover transition)";
    case 16: click(*sound); return "click Sound (::mark animates in)";
    case 22: click(*playButton); return "click Play (imperative overlay tracks)";
    case 26:
      send(InputEventType::PointerMove, sliderX(*volume, volume->fraction()), cy(*volume));
      return "pointer over the volume knob (knobGlow)";
    case 40:
      pressX_ = sliderX(*volume, 0.3f);
      pressY_ = cy(*volume);
      send(InputEventType::PointerDown, pressX_, pressY_);
      return "press the volume slider at 30 %";
    case 52:
      send(InputEventType::PointerUp, sliderX(*volume, 0.8f), pressY_);
      return "release the volume slider at 80 %";
    case 60: click(*pauseButton); return "click Pause (animation-play-state: paused)";
    case 72:
      send(InputEventType::PointerMove, cx(*secondary), cy(*secondary));
      send(InputEventType::PointerDown, cx(*secondary), cy(*secondary));
      return "press and hold Secondary (:active)";
    case 80:
      send(InputEventType::PointerUp, cx(*secondary), cy(*secondary));
      return "release Secondary (click)";
    case 90: click(*pauseButton); return "click Resume";
    case 96: click(*replayButton); return "click Replay (@timeline cells-in, staggered from the center)";
    case 100: click(*notifications); return "click Notifications";
    case 110: {
      send(InputEventType::PointerMove, sliderX(*steps, steps->fraction()), cy(*steps));
      send(InputEventType::PointerDown, sliderX(*steps, steps->fraction()), cy(*steps));
      send(InputEventType::PointerUp, sliderX(*steps, steps->fraction()), cy(*steps));
      InputEvent right;
      right.type = InputEventType::KeyDown;
      right.key = Key::Right;
      for (int i = 0; i < 3; ++i) ctx.dispatch(*root, right);
      return "focus the step slider, Right x3";
    }
    default: break;
  }
  if (frame > 40 && frame < 52) {  // the drag, 30 % -> 80 %
    const float t = 0.3f + 0.5f * static_cast<float>(frame - 40) / 11.0f;
    send(InputEventType::PointerMove, sliderX(*volume, t), pressY_);
  }
  return nullptr;
}

}  // namespace demo
