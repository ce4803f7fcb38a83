// Anim::syncRefs (seed §2.1) with `none` entries in the computed animation
// list: CSS keeps them in place (`animation: none, kf 1s` computes
// animation-name `none, kf`), and they must never start an instance.
#include <zenit/anim/AnimationPlayer.hpp>

#include "support/zenit_test.hpp"

#include <vector>

using namespace zenit;

namespace {

AnimationRef named(std::string name, double duration) {
  AnimationRef r;
  r.name = std::move(name);
  r.duration = duration;
  return r;
}

}  // namespace

TEST_CASE("syncRefs: none entries keep their place in the list and never make an instance (seed §2.1)",
          "[anim][css]") {
  const AnimationRef none;  // name "": `none`
  std::vector<ActiveCssAnimation> anims;
  Anim::syncRefs(anims, {none, named("kf", 1.0), none}, 0.0);
  REQUIRE(anims.size() == 1u);
  CHECK(anims[0].name == "kf");

  // The same names with a none moved: the running instance is kept (live
  // edit: elapsed stays, the timing follows the ref).
  anims[0].elapsed = 0.5;
  Anim::syncRefs(anims, {named("kf", 2.0), none}, 1.0);
  REQUIRE(anims.size() == 1u);
  CHECK(anims[0].elapsed == 0.5);
  CHECK(anims[0].duration == 2.0);

  // A second name after the none starts a second instance, in list order.
  Anim::syncRefs(anims, {none, named("kf", 2.0), named("other", 1.0)}, 1.0);
  REQUIRE(anims.size() == 2u);
  CHECK(anims[0].name == "kf");
  CHECK(anims[0].elapsed == 0.5);
  CHECK(anims[1].name == "other");

  // Only none: every instance goes.
  Anim::syncRefs(anims, {none}, 2.0);
  CHECK(anims.empty());
  Anim::syncRefs(anims, {none, none}, 2.0);
  CHECK(anims.empty());
}
