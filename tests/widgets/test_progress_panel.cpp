// ProgressBar (value, ::fill, an imperative animation driving it) and Panel
// (title label, children after it).
#include "widgets/widget_fixture.hpp"

#include <zenit/anim/AnimPrimitives.hpp>

#include <memory>
#include <string>

using namespace zenit;
using zenit::test::near;
using zenit::test::sameColor;
using zenit::test::Scene;

namespace {
const std::string kBase =
    "Root { flex-direction: column; align-items: flex-start; padding: 10px; row-gap: 10px; }\n"
    "ProgressBar { width: 200px; height: 10px; padding: 2px; background-color: #101010; }\n"
    "ProgressBar::fill { background-color: #00c000; border-radius: 0; }\n";
const Color kFill = Color::rgba8(0, 0xc0, 0);

float fillWidth(const Scene& s) {
  for (const RecordedRect& r : s.rec.rects())
    if (sameColor(r.fill, kFill)) return r.rect.w;
  return 0.0f;
}
}  // namespace

TEST_CASE("ProgressBar: ::fill covers value x the content width", "[widgets][progress][parts]") {
  Scene s(kBase);
  ProgressBar& bar = s.add<ProgressBar>(0.25f);
  s.frame();
  s.draw();
  CHECK(near(fillWidth(s), 50.0f));
  const auto fill = s.rectsSized(50.0f, 10.0f);
  REQUIRE(fill.size() == 1);
  CHECK(near(fill[0].rect.x, 12.0f));                       // inside the padding
  CHECK(s.countFill(Color::rgba8(0x10, 0x10, 0x10)) == 1);  // the bar itself
  bar.setValue(1.0f);
  s.frame();
  s.draw();
  CHECK(near(fillWidth(s), 200.0f));
  bar.setValue(0.0f);
  s.frame();
  s.draw();
  CHECK(s.countFill(kFill) == 0);
}

TEST_CASE("ProgressBar: values clamp to [0, 1] and NaN is ignored", "[widgets][progress]") {
  Scene s(kBase);
  ProgressBar& bar = s.add<ProgressBar>(2.0f);
  CHECK(bar.value() == 1.0f);
  bar.setValue(-0.5f);
  CHECK(bar.value() == 0.0f);
  bar.setValue(0.4f);
  bar.setValue(NAN);
  CHECK(bar.value() == 0.4f);
}

TEST_CASE("ProgressBar: an imperative animation's setter track drives the value (seed §3, §9.2)",
          "[widgets][progress][anim]") {
  Scene s(kBase);
  ProgressBar& bar = s.add<ProgressBar>();
  auto anim = std::make_shared<UIAnimation>(1.0f);
  anim->blocksInput = false;
  anim->addTrack<float>(0.0f, 1.0f, [](Layout* l, float v) {
    if (auto* p = dynamic_cast<ProgressBar*>(l)) p->setValue(v);
  });
  bar.addAnimation("load", anim);
  REQUIRE(bar.playAnimation("load"));
  s.frames(5, 0.1);
  CHECK(near(bar.value(), 0.5f, 1e-3f));
  s.draw();
  CHECK(near(fillWidth(s), 100.0f, 0.5f));
  s.frames(10, 0.1);
  CHECK(bar.value() == 1.0f);
}

TEST_CASE("Panel: the title is the first child, hidden while empty", "[widgets][panel]") {
  Scene s(kBase + R"(
    Panel { flex-direction: column; padding: 8px; row-gap: 4px; background-color: #202020; }
    Panel > .title { color: #ff8000; }
  )");
  Panel& p = s.add<Panel>("Settings");
  Label& body = p.add<Label>("body");
  Panel& untitled = s.add<Panel>();
  untitled.add<Label>("only");
  s.frame();
  REQUIRE(p.titleLabel() != nullptr);
  CHECK(&p.child(0) == p.titleLabel());
  CHECK(&p.child(1) == &body);
  CHECK(p.title() == "Settings");
  CHECK(body.box.viewRect.y > p.titleLabel()->box.viewRect.y);
  REQUIRE(untitled.titleLabel() != nullptr);
  CHECK(untitled.titleLabel()->box.displayNone);

  s.draw();
  std::size_t orange = 0;
  for (const RecordedText& t : s.rec.texts())
    if (t.text == "Settings" && sameColor(t.color, Color::rgba8(0xff, 0x80, 0))) ++orange;
  CHECK(orange == 1);

  CHECK(untitled.setTitle("Now titled"));
  CHECK(p.setTitle(""));
  s.frame();
  CHECK_FALSE(untitled.titleLabel()->box.displayNone);
  CHECK(p.titleLabel()->box.displayNone);
  CHECK(untitled.title() == "Now titled");

  // Once the title label is gone, setTitle reports it instead of touching it.
  p.clearChildren();
  CHECK(p.titleLabel() == nullptr);
  CHECK_FALSE(p.setTitle("again"));
  CHECK(p.title().empty());

  // Nor does a first child made later count as the title, even one that the
  // allocator places where the title was (the address alone cannot tell).
  Panel& q = s.root->add<Panel>("Q");
  for (int i = 0; i < 64; ++i) {
    q.clearChildren();
    Label& later = q.add<Label>("later");
    CHECK(q.titleLabel() == nullptr);
    CHECK_FALSE(q.setTitle("again"));
    CHECK(later.text() == "later");
  }
}
