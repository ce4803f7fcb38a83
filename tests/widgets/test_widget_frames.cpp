// A whole screen of widgets: steady frames allocate nothing (design card:
// "No heap allocation per frame in steady state; a test counts them").
#include "widgets/widget_fixture.hpp"

#include "support/alloc_counter.hpp"

#include <zenit/anim/AnimPrimitives.hpp>

#include <memory>

using namespace zenit;
using zenit::test::Scene;

namespace {
const char* kSheet = R"(
  Root { flex-direction: column; align-items: flex-start; padding: 10px; row-gap: 8px; }
  Panel { flex-direction: column; padding: 8px; row-gap: 6px; background-color: #202531; border-radius: 6px; }
  Panel > .title { color: #e0e0e0; font-size: 14px; }
  Button { padding: 4px 10px; background-color: #2b3140; transition: background-color 0.2s; }
  Button:hover { background-color: #3a4256; }
  Slider { width: 180px; padding: 0 9px; }
  ProgressBar { width: 180px; height: 8px; }
  @keyframes knobGlow { 0% { color: #d6ff32; } 50% { color: #ffffff; } 100% { color: #d6ff32; } }
  Slider:hover::knob { animation: knobGlow 0.6s ease-in-out infinite; }
  @keyframes markIn { from { opacity: 0; scale: 0.3; } to { opacity: 1; scale: 1; } }
  Checkbox:checked::mark { animation: markIn 0.2s ease-out; }
  @keyframes pulse { 0%, 100% { opacity: 1; scale: 1; } 50% { opacity: 0.5; scale: 1.1; } }
  .pulse { width: 20px; height: 20px; background-color: #4060ff; animation: pulse 1s infinite; }
)";
}  // namespace

TEST_CASE("Widgets: steady frames of an animating screen allocate nothing", "[widgets][alloc]") {
  Scene s(kSheet);
  Panel& panel = s.add<Panel>("Everything");
  panel.add<Label>("A label");
  Button& button = panel.add<Button>("Button");
  Checkbox& check = panel.add<Checkbox>("Checked", true);
  panel.add<Checkbox>("Unchecked");
  Slider& slider = panel.add<Slider>(0.0f, 100.0f, 40.0f, 1.0f);
  ProgressBar& bar = panel.add<ProgressBar>();
  for (int i = 0; i < 4; ++i) panel.add<Layout>("Box").addClass("pulse");

  auto progress = std::make_shared<UIAnimation>(2.0f);
  progress->iterations = AnimationRef::kInfinite;
  progress->direction = PlaybackDirection::Alternate;
  progress->blocksInput = false;
  progress->addTrack<float>(0.0f, 1.0f, [](Layout* l, float v) {
    if (auto* p = dynamic_cast<ProgressBar*>(l)) p->setValue(v);
  });
  bar.addAnimation("load", progress);
  REQUIRE(bar.playAnimation("load"));

  s.frame();
  s.move(Scene::centerX(slider), Scene::centerY(slider));  // knobGlow runs from now on
  for (int i = 0; i < 120; ++i) {                          // warm-up: caches, atlases, list capacity
    s.frame();
    s.draw();
  }
  REQUIRE(slider.isHovered());
  REQUIRE(slider.animationPlayer()->hasActivePartAnims());
  REQUIRE(bar.value() > 0.0f);
  REQUIRE(check.isChecked());
  (void)button;

  const std::size_t allocations = zenit::test::allocationsIn([&] {
    for (int i = 0; i < 120; ++i) {
      s.frame();
      s.draw();
    }
  });
  CHECK(allocations == 0);
}
