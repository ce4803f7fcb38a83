// Layout's draw (seed §4.5, §5): a node's box, its widget content and its
// children, from the current style and the animation overlay. The leaf
// fast paths are LeafDraw's (LeafDraw.hpp); drawNode is the general one.
#include <zenit/layout/Layout.hpp>

#include "layout/LayoutAccess.hpp"
#include "layout/LeafDraw.hpp"

#include <zenit/core/Transform.hpp>

#include <algorithm>
#include <typeinfo>

namespace zenit {

using namespace leafdraw;

namespace {
// A property's value as drawn: the overlay's when an animation sets it.
template <Prop P>
PropType<P> rendered(const ComputedStyle& base, const AnimationPlayer* ap) {
  if (ap && ap->overlaid().test(P)) return ap->overlayValue<P>();
  return PropTraits<P>::get(base);
}

// Whether drawNode draws a node in a transform of its own: a translation,
// scale or rotation that is not the identity.
bool isTransformed(const Value& tx, const Value& ty, float sx, float sy, float rot, float kx, float ky) {
  return !(tx.isLength() && tx.px == 0.0f && tx.pct == 0.0f && tx.em == 0.0f) ||
         !(ty.isLength() && ty.px == 0.0f && ty.pct == 0.0f && ty.em == 0.0f) || sx != 1.0f || sy != 1.0f ||
         rot != 0.0f || kx != 0.0f || ky != 0.0f;
}

Radii radiiOf(const Corners& c, float w, float h, float fontSize) {
  const float basis = std::min(w, h);
  return Radii{c.topLeft.resolve(basis, fontSize), c.topRight.resolve(basis, fontSize),
               c.bottomRight.resolve(basis, fontSize), c.bottomLeft.resolve(basis, fontSize)};
}

// The outline (CSS Basic UI 4 §5): a ring `width` wide whose inner edge is
// `offset` outside the border box (inside it when negative). A rounded
// corner of the box stays rounded, its radius grown by that distance; a
// square one stays square.
void outlineRect(DrawList& list, const RectF& box, const Radii& radii, float width, float offset,
                 const Color& color) {
  const float out = offset + width;
  const RectF r{box.x - out, box.y - out, box.w + 2.0f * out, box.h + 2.0f * out};
  if (!(r.w > 0.0f && r.h > 0.0f)) return;
  const auto grow = [out](float radius) { return radius > 0.0f ? std::max(0.0f, radius + out) : 0.0f; };
  list.rect(r, Color::transparent(),
            RectStyle{Radii{grow(radii.topLeft), grow(radii.topRight), grow(radii.bottomRight),
                            grow(radii.bottomLeft)},
                      width, color});
}
}  // namespace

// Where drawNode puts a node's border box before its transform: its layout
// box at (ox, oy), moved and resized by animated geometry, which shows at
// draw only (seed §4.5): layout keeps the base rect.
ZENIT_ALWAYS_INLINE RectF detail::LayoutAccess::drawnBox(const Layout& n, const AnimationPlayer* ap, float ox,
                                                         float oy) {
  RectF r{ox + n.box.rect.x, oy + n.box.rect.y, n.box.rect.width, n.box.rect.height};
  if (ap && (ap->overlaid() & kGeometryProps).any()) {
    const ComputedStyle& base = n.style_.currentStyle;
    const float fontSize = base.fontSize.resolve(0.0f, 16.0f, 16.0f);
    const float cbW = n.parent_ ? n.parent_->box.rect.width : r.w;
    const float cbH = n.parent_ ? n.parent_->box.rect.height : r.h;
    const PropSet set = ap->overlaid();
    if (const Value v = ap->overlayValue<Prop::width>(); set.test(Prop::width) && v.isLength())
      r.w = v.resolve(cbW, fontSize);
    if (const Value v = ap->overlayValue<Prop::height>(); set.test(Prop::height) && v.isLength())
      r.h = v.resolve(cbH, fontSize);
    if (base.position != Position::Static) {
      if (const Value v = ap->overlayValue<Prop::left>();
          set.test(Prop::left) && v.isLength() && base.left.isLength())
        r.x += v.resolve(cbW, fontSize) - base.left.resolve(cbW, fontSize);
      if (const Value v = ap->overlayValue<Prop::top>();
          set.test(Prop::top) && v.isLength() && base.top.isLength())
        r.y += v.resolve(cbH, fontSize) - base.top.resolve(cbH, fontSize);
    }
  }
  return r;
}

namespace {
const AnimationPlayer* overlayOf(const std::unique_ptr<AnimationPlayer>& anim) {
  return (anim && anim->holdsOverlay()) ? anim.get() : nullptr;
}
}  // namespace

RectF detail::LayoutAccess::childOrigin(const Layout& n, float ox, float oy) {
  const AnimationPlayer* ap = overlayOf(n.anim_);
  const ComputedStyle& base = n.style_.currentStyle;
  RectF r = drawnBox(n, ap, ox, oy);
  if (n.internal_.composited ||
      isTransformed(rendered<Prop::translateX>(base, ap), rendered<Prop::translateY>(base, ap),
                    rendered<Prop::scaleX>(base, ap), rendered<Prop::scaleY>(base, ap),
                    rendered<Prop::rotate>(base, ap), rendered<Prop::skewX>(base, ap),
                    rendered<Prop::skewY>(base, ap))) {
    r.x = 0.0f;
    r.y = 0.0f;
  }
  return r;
}

void detail::LayoutAccess::recordContent(const Layout& n, DrawList& list, float ox, float oy) {
  const AnimationPlayer* ap = overlayOf(n.anim_);
  const RectF rect = childOrigin(n, ox, oy);
  ComputedStyle rendered = n.style_.currentStyle;
  if (ap) ap->overlayOnto(rendered);
  const Rect content = n.box.contentRect();
  n.renderContent(
      list, RenderContext{rect, RectF{rect.x + content.x, rect.y + content.y, content.width, content.height},
                          &rendered});
}

void Layout::draw(DrawList& list) const {
  const Layout* p = parent_;
  float ox = 0.0f, oy = 0.0f;
  // Drawn on its own, a subtree keeps its place in the viewport.
  if (p) {
    ox = box.viewRect.x - box.rect.x;
    oy = box.viewRect.y - box.rect.y;
  }
  detail::LayoutAccess::drawAt(*this, list, ox, oy);
}

void Layout::renderContent(DrawList& /*list*/, const RenderContext& /*ctx*/) const {}

// Called only for a node that drawFast declined.
void Layout::drawNode(DrawList& list, float ox, float oy) const {
  if (internal_.removed || box.displayNone) return;
  const ComputedStyle& base = style_.currentStyle;
  const AnimationPlayer* ap = (anim_ && anim_->holdsOverlay()) ? anim_.get() : nullptr;
  // Only geometry, translations and rounding read it: a node animating
  // opacity alone never resolves it.
  const auto fontSizeOf = [&base] { return base.fontSize.resolve(0.0f, 16.0f, 16.0f); };

  const RectF drawn = detail::LayoutAccess::drawnBox(*this, ap, ox, oy);
  float x = drawn.x;
  float y = drawn.y;
  const float w = drawn.w;
  const float h = drawn.h;

  const float opacity = rendered<Prop::opacity>(base, ap);
  if (opacity <= 0.0f) return;  // nothing of the subtree shows

  // Leaf fast path: a plain Layout with no children whose only effects are
  // opacity and a translation records one rectangle, the translation folded
  // into its position and the opacity into its colour, instead of opening a
  // transform and an opacity state around it (foldedRect); with no border or
  // shadow nothing overlaps.
  if (children_.empty() && internal_.plainPaint && !internal_.content &&
      (ap == nullptr || !(ap->overlaid() & kPaintProps).any())) {
    const float rot = rendered<Prop::rotate>(base, ap);
    const float sx = rendered<Prop::scaleX>(base, ap);
    const float sy = rendered<Prop::scaleY>(base, ap);
    if (rot == 0.0f && sx == 1.0f && sy == 1.0f && rendered<Prop::skewX>(base, ap) == 0.0f &&
        rendered<Prop::skewY>(base, ap) == 0.0f) {
      RectF r{x, y, w, h};
      const Value& tx = rendered<Prop::translateX>(base, ap);
      const Value& ty = rendered<Prop::translateY>(base, ap);
      if (!zeroLength(tx) || !zeroLength(ty)) translateBy(r, tx, ty, fontSizeOf);
      const Color& bg = rendered<Prop::backgroundColor>(base, ap);
      foldedRect(list, r, Rgba8{Rgba8::channel(bg.r), Rgba8::channel(bg.g), Rgba8::channel(bg.b), 0}, bg.a,
                 opacity);
      return;
    }
  }
  const Value& tx = rendered<Prop::translateX>(base, ap);
  const Value& ty = rendered<Prop::translateY>(base, ap);
  const float sx = rendered<Prop::scaleX>(base, ap);
  const float sy = rendered<Prop::scaleY>(base, ap);
  const float rot = rendered<Prop::rotate>(base, ap);
  const float kx = rendered<Prop::skewX>(base, ap);
  const float ky = rendered<Prop::skewY>(base, ap);
  // A node a compositor may turn or move draws in a transform of its own
  // whatever its values, so what its children record does not depend on them.
  const bool transformed = internal_.composited || isTransformed(tx, ty, sx, sy, rot, kx, ky);
  const bool group = opacity < 1.0f;
  const bool visible = rendered<Prop::visibility>(base, ap) == Visibility::Visible;

  const float fontSize = (transformed || visible) ? fontSizeOf() : 0.0f;
  if (transformed) {
    const Vec2 t{tx.resolve(w, fontSize), ty.resolve(h, fontSize)};
    if (rot == 0.0f && sx == 1.0f && sy == 1.0f && kx == 0.0f && ky == 0.0f) {
      // A pure translation (the common animated case): the origin cancels
      // out of the matrix product below, which reduces to these two sums
      // without the rotation's sin/cos and three 3x3 products.
      list.pushTransform(Affine2D{1.0f, 0.0f, 0.0f, 1.0f, x + t.x, y + t.y});
    } else {
      const Value& oxv = rendered<Prop::transformOriginX>(base, ap);
      const Value& oyv = rendered<Prop::transformOriginY>(base, ap);
      const Vec2 origin{oxv.resolve(w, fontSize), oyv.resolve(h, fontSize)};
      const Mat3 m = translation(Vec2{x, y}) * composeTransform(t, rot, Vec2{kx, ky}, Vec2{sx, sy}, origin);
      list.pushTransform(Affine2D::fromMat3(m));
    }
    x = 0.0f;
    y = 0.0f;
  }
  if (group) list.pushOpacity(opacity);

  const RectF rect{x, y, w, h};
  Radii radii{};
  if (visible) {
    const ShadowList& shadows = rendered<Prop::boxShadow>(base, ap);
    const Color& bg = rendered<Prop::backgroundColor>(base, ap);
    const float bw = rendered<Prop::borderWidth>(base, ap);
    const Corners& corners = rendered<Prop::borderRadius>(base, ap);
    const bool rounded = !(corners == Corners{});
    if (rounded) radii = radiiOf(corners, w, h, fontSize);
    // CSS: outer shadows beneath the background, inset ones above it.
    if (!shadows.empty()) list.outerShadows(rect, radii, shadows);
    const GradientImage& image = rendered<Prop::backgroundImage>(base, ap);
    if (!image.isNone()) {
      // CSS's painting order: the colour, the image over it, the border over both.
      if (bg.a > 0.0f) list.rect(rect, bg, RectStyle{radii, 0.0f, Color::transparent()});
      list.gradient(rect, radii, bw, image);
      if (bw > 0.0f)
        list.rect(rect, Color::transparent(), RectStyle{radii, bw, rendered<Prop::borderColor>(base, ap)});
    } else if (bw > 0.0f || rounded) {
      list.rect(rect, bg, RectStyle{radii, bw, rendered<Prop::borderColor>(base, ap)});
    } else if (bg.a > 0.0f) {
      list.rect(rect, bg);
    }
    if (!shadows.empty()) list.insetShadows(rect, radii, bw, shadows);
    const ComputedStyle* style = &base;
    thread_local ComputedStyle renderStyle;
    // Widgets see the animated values too. A plain Layout draws no content,
    // so it skips building that copy (a whole ComputedStyle, with its lists).
    if (ap && typeid(*this) != typeid(Layout)) {
      renderStyle = base;
      ap->overlayOnto(renderStyle);
      style = &renderStyle;
    }
    const Rect content = box.contentRect();
    renderContent(
        list, RenderContext{rect, RectF{x + content.x, y + content.y, content.width, content.height}, style});
  }

  const bool clip = base.overflow == Overflow::Hidden;
  if (clip) list.pushClip(rect);
  detail::LayoutAccess::drawChildren(*this, list, x, y);
  if (clip) list.popClip();
  // Over the box's content and its children, as CSS paints outlines.
  if (visible) {
    const float ow = rendered<Prop::outlineWidth>(base, ap);
    const Color& oc = rendered<Prop::outlineColor>(base, ap);
    if (ow > 0.0f && oc.a > 0.0f)
      outlineRect(list, rect, radii, ow, rendered<Prop::outlineOffset>(base, ap), oc);
  }
  if (group) list.popOpacity();
  if (transformed) list.popTransform();
}

}  // namespace zenit
