// The README's quick start, built with the examples so it always compiles.
#include <cstdio>
#include <zenit/zenit.hpp>
using namespace zenit;

int main() {
  Theme::get().loadString(R"(
    @keyframes pulse { 50% { opacity: 0.3; transform: scale(1.1); } }
    .box { width: 40px; height: 40px; background-color: #3b82f6;
           animation: pulse 1s ease-in-out infinite; transition: background-color 200ms; }
    .box:hover { background-color: #ef4444; }
    Button { align-self: flex-start; padding: 6px 12px; background-color: #e5e7eb; }
  )");
  Layout root;
  Button& button = root.add<Button>("Slide");
  Layout& box = root.add<Layout>();
  box.addClass("box");
  auto slide = std::make_shared<UIAnimation>(0.4f);  // imperative, C++
  slide->addTrack(Prop::translateX, Px(0), Px(200), *parseEasing("ease-out-back"));
  box.addAnimation("slide", slide);
  button.onClick = [&](Layout&) { box.playAnimation("slide"); };

  SoftwareRenderer renderer(800, 600);  // or SdlRenderer in a window
  DrawList list;
  for (int frame = 0; frame < 120; ++frame) {
    UIContext::get().frame(root, 1.0 / 60);  // clock, update, layout
    list.reset();
    root.draw(list);
    renderer.render(list);
  }
  renderer.writePng("frame.png");
}
