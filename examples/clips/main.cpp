// Clips, timelines and staggers (docs/clips.md): the seed's examples built
// in C++, then `@timeline intro` of intro.zstyle played on a small tree,
// headless. Prints sampled values.
//
//   zenit-clips [SHEET]     (default: examples/clips/intro.zstyle)
#include <zenit/zenit.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using namespace zenit;

namespace {

ClipTrack ramp(std::uint32_t slot, double seconds, float from, float to,
               ClipPosition at = ClipPosition::end()) {
  ClipTrack t;
  t.slot = slot;
  t.position = std::move(at);
  t.timing.iterationDuration = seconds;
  t.timing.fill = FillMode::Forwards;
  t.keyframes = {ClipKeyframe{0.0, {from}, {}}, ClipKeyframe{1.0, {to}, {}}};
  return t;
}

// The title fades in, then the subtitle slides when the fade ends (">").
void fadeAndSlide() {
  auto clip = std::make_shared<Clip>();
  clip->addTrack(ramp(0, 0.4, 0.f, 1.f));
  ClipTrack slide = ramp(1, 0.3, 16.f, 0.f, ClipPosition::afterPrevious());
  slide.timing.fill = FillMode::Both;  // down at 16px until it starts
  slide.keyframes[0].easing = *parseEasing("power2.out");
  clip->addTrack(slide);
  clip->seal();
  ClipPlayer p(clip);
  p.play();
  std::printf("fade and slide (%.2f s)\n", p.duration());
  for (int i = 0; i <= 7; ++i) {
    p.update(i == 0 ? 0.0 : 0.1);
    std::printf("  %.1fs  opacity %.3f  slide %.2fpx\n", p.time(), static_cast<double>(p.slot(0)[0]),
                static_cast<double>(p.slot(1)[0]));
  }
}

// A group on twos: its time moves in 24 held steps over 2 s.
void onTwos() {
  auto clip = std::make_shared<Clip>();
  ClipTimeline twos;
  twos.timing.iterationDuration = 2.0;
  twos.timing.easing = *TransitionFunction::stepsOf(24);
  const ClipResult g = clip->addTimeline(twos);
  ClipTrack stride = ramp(0, 2.0, -40.f, 40.f, ClipPosition::at(0.0));
  stride.parent = g.node;
  clip->addTrack(stride);
  clip->seal();
  ClipPlayer p(clip);
  p.play();
  std::printf("on twos: the stride holds for 1/12 s\n ");
  for (int i = 0; i < 8; ++i) {
    p.update(i == 0 ? 0.0 : 0.04);
    std::printf(" %.2fs:%.1f", p.time(), static_cast<double>(p.slot(0)[0]));
  }
  std::printf("\n");
}

// Twelve cards in four columns, spreading from the grid's center.
void gridStagger() {
  Stagger s;
  s.spacing = 0.05;
  s.origin = StaggerOrigin::Center;
  s.columns = 4;
  double offsets[12];
  computeStagger(s, offsets);
  std::printf("grid stagger from the center (s):\n");
  for (int row = 0; row < 3; ++row) {
    std::printf(" ");
    for (int col = 0; col < 4; ++col) std::printf(" %.3f", offsets[row * 4 + col]);
    std::printf("\n");
  }
}

// DOTween's DOJump on a node: x across, y along the line to the landing
// height, the hops added over that line.
void doJump() {
  Layout root("Root");
  Layout& ball = root.add<Layout>();
  auto clip = std::make_shared<Clip>();
  clip->addTrack(ramp(0, 1.2, 0.f, 300.f, ClipPosition::at(0.0)));
  clip->addTrack(ramp(1, 1.2, 0.f, 60.f, ClipPosition::at(0.0)));
  ClipTrack hops = ramp(2, 0.2, 0.f, -50.f, ClipPosition::at(0.0));
  hops.keyframes[0].easing = *parseEasing("power1.out");
  hops.timing.iterationCount = 6.0;
  hops.timing.direction = PlaybackDirection::Alternate;
  clip->addTrack(hops);
  clip->seal();
  const ClipBinding bindings[] = {{0, &ball, Prop::translateX},
                                  {1, &ball, Prop::translateY},
                                  {2, &ball, Prop::translateY, ClipComposite::Add}};
  UIContext& ctx = UIContext::get();
  ctx.frame(root, 0.0);
  const std::shared_ptr<ClipPlayer> p = ctx.playClip(clip, bindings);
  std::printf("DOJump (x, y)\n ");
  for (int i = 0; i < 7; ++i) {
    ctx.frame(root, i == 0 ? 0.0 : 0.2);
    const ComputedStyle r = ball.renderedStyle();
    std::printf(" (%.0f, %.1f)", static_cast<double>(r.translateX.px), static_cast<double>(r.translateY.px));
  }
  std::printf("\n");
  p->cancel();
  ctx.frame(root, 0.0);
}

// `@timeline intro` of the sheet, on a title, a subtitle and twelve cards.
int intro(const std::string& sheet) {
  const Theme::LoadResult loaded = Theme::get().loadFile(sheet);
  if (!loaded.ok()) {
    std::fprintf(stderr, "zenit-clips: cannot load %s\n", sheet.c_str());
    return 1;
  }
  Layout root("Root");
  Layout& title = root.add<Layout>();
  title.addClass("title");
  Layout& subtitle = root.add<Layout>();
  subtitle.addClass("subtitle");
  std::vector<Layout*> cards;
  for (int i = 0; i < 12; ++i) {
    cards.push_back(&root.add<Layout>());
    cards.back()->addClass("card");
  }
  UIContext& ctx = UIContext::get();
  ctx.frame(root, 0.0);
  const std::shared_ptr<ClipPlayer> p = root.playTimeline("intro");
  if (!p) return 1;  // the reason is logged
  p->onEvent([](const ClipEvent& e) {
    if (e.kind == ClipEventKind::Mark)
      std::printf("  mark %s at %.2fs\n", std::string(e.name).c_str(), e.time);
  });
  std::printf("@timeline intro from %s (%.2f s)\n", sheet.c_str(), p->duration());
  for (int i = 0; i <= 10; ++i) {
    ctx.frame(root, i == 0 ? 0.0 : 0.1);
    std::printf("  %.1fs  title %.2f  subtitle %5.2fpx  card[5] %.2f  card[0] %.2f\n", p->time(),
                static_cast<double>(title.renderedStyle().opacity),
                static_cast<double>(subtitle.renderedStyle().translateY.px),
                static_cast<double>(cards[5]->renderedStyle().opacity),
                static_cast<double>(cards[0]->renderedStyle().opacity));
  }
  if (p->seek("cards-in")) std::printf("  seek(\"cards-in\"): %.2fs\n", p->time());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  fadeAndSlide();
  onTwos();
  gridStagger();
  doJump();
  return intro(argc > 1 ? argv[1] : ZENIT_CLIPS_SHEET);
}
