#include <zenit/render/DrawList.hpp>

#include "render/Pack.hpp"

#include <zenit/core/Config.hpp>
#include <zenit/core/Diagnostic.hpp>

#include <algorithm>
#include <cmath>

namespace zenit {

namespace {
// Non-finite sizes and widths become 0 so no backend ever sees NaN extents.
float finiteOr0(float v) { return std::isfinite(v) ? v : 0.0f; }
using pack::nonNegative;

const char* popName(DrawOp op) {
  switch (op) {
    case DrawOp::PopClip: return "DrawList::popClip";
    case DrawOp::PopOpacity: return "DrawList::popOpacity";
    default: return "DrawList::popTransform";
  }
}
}  // namespace

DrawList::DrawList() { states_.push_back(DrawState{}); }

void DrawList::reset() {
  count_ = 0;
  states_.resize(1);  // keep the root {identity, 1}
  stack_.resize(0);
  text_.resize(0);
  gradients_.resize(0);
  current_ = 0;
  badPops_ = 0;
}

void DrawList::reserve(std::size_t commands, std::size_t textBytes) {
  if (commands > cmds_.size()) cmds_.resize(commands);
  text_.reserve(textBytes);
}

void DrawList::grow() { growTo(count_ + 1); }

void DrawList::growTo(std::size_t count) {
  cmds_.resize(std::max({std::size_t{64}, cmds_.size() * 2, count}));
}

void DrawList::rect(const RectF& r, const Color& fill, const RectStyle& style) {
  DrawCmd& c = append();
  c.op = DrawOp::Rect;
  c.state = current_;
  c.rect.rect = r;
  c.rect.radii = pack::radii(style.radii);
  pack::paintRect(c.rect, fill, style.border, style.borderWidth);
}

void pack::paintRect(RectCmd& c, const Color& fill, const Color& border, float borderWidth) {
  c.fill = color(fill);
  c.border = color(border);
  c.borderWidth = nonNegative(borderWidth);
}

void DrawList::shadow(const RectF& box, const Radii& radii, const ShadowStyle& s) {
  DrawCmd& c = append();
  c.op = DrawOp::Shadow;
  c.state = current_;
  c.shadow.rect = box;
  c.shadow.radii = pack::radii(radii);
  c.shadow.offsetX = finiteOr0(s.offsetX);
  c.shadow.offsetY = finiteOr0(s.offsetY);
  c.shadow.blur = nonNegative(s.blur);  // CSS: negative blur is invalid; treat as 0
  c.shadow.spread = finiteOr0(s.spread);
  c.shadow.color = pack::color(s.color);
  c.shadow.inset = s.inset ? 1 : 0;
}

namespace {
// Each shadow of `list` whose inset is `inset`, the last first.
void shadowsOf(DrawList& out, const RectF& box, const Radii& radii, const ShadowList& list, bool inset) {
  for (std::size_t i = list.size(); i-- > 0;) {
    const Shadow& s = list[i];
    if (s.inset == inset && s.color.a > 0.0f)
      out.shadow(box, radii, ShadowStyle{s.offsetX, s.offsetY, s.blur, s.spread, s.color, s.inset});
  }
}
}  // namespace

void DrawList::outerShadows(const RectF& box, const Radii& radii, const ShadowList& list) {
  shadowsOf(*this, box, radii, list, /*inset=*/false);
}

void DrawList::insetShadows(const RectF& box, const Radii& radii, float borderWidth, const ShadowList& list) {
  const float b = borderWidth > 0.0f ? borderWidth : 0.0f;
  if (b == 0.0f) return shadowsOf(*this, box, radii, list, /*inset=*/true);
  const auto inner = [b](float r) { return r > b ? r - b : 0.0f; };
  const RectF padding{box.x + b, box.y + b, std::max(box.w - 2.0f * b, 0.0f),
                      std::max(box.h - 2.0f * b, 0.0f)};
  shadowsOf(
      *this, padding,
      Radii{inner(radii.topLeft), inner(radii.topRight), inner(radii.bottomRight), inner(radii.bottomLeft)},
      list, /*inset=*/true);
}

void DrawList::text(float x, float y, std::string_view utf8, const TextStyle& s) {
  DrawCmd& c = append();
  c.op = DrawOp::Text;
  c.state = current_;
  c.text.x = x;
  c.text.y = y;
  c.text.width = nonNegative(s.width);
  c.text.sizePx = nonNegative(s.sizePx);
  c.text.offset = static_cast<std::uint32_t>(text_.size());
  c.text.length = static_cast<std::uint32_t>(utf8.size());
  c.text.color = pack::color(s.color);
  c.text.align = s.align;
  // insert() on a vector whose capacity suffices does not allocate.
  text_.insert(text_.end(), utf8.begin(), utf8.end());
}

void DrawList::gradient(const RectF& box, const Radii& radii, float borderWidth, const GradientImage& g) {
  DrawCmd& c = append();
  c.op = DrawOp::Gradient;
  c.state = current_;
  c.gradient.rect = box;
  c.gradient.radii = radii;
  c.gradient.borderWidth = borderWidth;
  c.gradient.index = static_cast<std::uint32_t>(gradients_.size());
  gradients_.push_back(g);  // within capacity after the first frames: no allocation
}

void DrawList::replay(const DrawList& from, std::size_t begin, std::size_t end) {
  ZENIT_ASSERT(&from != this && begin <= end && end <= from.count_, "DrawList::replay: a bad range");
  for (std::size_t i = begin; i < end; ++i) {
    const DrawCmd& c = from.cmds_[i];
    switch (c.op) {
      case DrawOp::Rect:
      case DrawOp::Shadow: {
        DrawCmd& d = append();
        d = c;
        d.state = current_;
        break;
      }
      case DrawOp::Text: {
        DrawCmd& d = append();
        d = c;
        d.state = current_;
        d.text.offset = static_cast<std::uint32_t>(text_.size());
        const std::string_view bytes = from.textOf(c.text);
        text_.insert(text_.end(), bytes.begin(), bytes.end());
        break;
      }
      case DrawOp::Gradient:
        gradient(c.gradient.rect, c.gradient.radii, c.gradient.borderWidth, from.gradientOf(c.gradient));
        break;
      case DrawOp::PushClip: pushClip(c.clip.rect); break;
      case DrawOp::PopClip: popClip(); break;
      case DrawOp::PushOpacity: pushOpacity(c.opacity.opacity); break;
      case DrawOp::PopOpacity: popOpacity(); break;
      case DrawOp::PushTransform: pushTransform(c.transform.local); break;
      case DrawOp::PopTransform: popTransform(); break;
    }
  }
}

void DrawList::pushState(DrawOp op, const DrawState& s) {
  stack_.push_back(Open{op, current_});
  current_ = static_cast<std::uint32_t>(states_.size());
  states_.push_back(s);
}

void DrawList::pushClip(const RectF& r) {
  stack_.push_back(Open{DrawOp::PushClip, current_});
  DrawCmd& c = append();
  c.op = DrawOp::PushClip;
  c.state = current_;
  c.clip.rect = r;
}

void DrawList::pushOpacity(float opacity) {
  const float o = std::isnan(opacity) ? 1.0f : (opacity < 0.0f ? 0.0f : (opacity > 1.0f ? 1.0f : opacity));
  const DrawState cur = states_[current_];
  pushState(DrawOp::PushOpacity, DrawState{cur.transform, cur.opacity * o});
  DrawCmd& c = append();
  c.op = DrawOp::PushOpacity;
  c.state = current_;
  c.opacity.opacity = o;
}

void DrawList::pushTransform(const Affine2D& local) {
  const DrawState cur = states_[current_];  // copy: push_back below may reallocate
  pushState(DrawOp::PushTransform, DrawState{cur.transform * local, cur.opacity});
  DrawCmd& c = append();
  c.op = DrawOp::PushTransform;
  c.state = current_;
  c.transform.local = local;
}

void DrawList::pop(DrawOp push, DrawOp popOp) {
  if (stack_.empty() || stack_.back().push != push) {
    // A widget that pops what it did not push: recover by ignoring the pop,
    // so the list stays balanced for every backend. Logged once per list.
    ++badPops_;
    if (!warnedBadPop_) {
      warnedBadPop_ = true;
      logApi(Severity::Warning, popName(popOp), "no matching push is open; the pop is ignored");
    }
    return;
  }
  current_ = stack_.back().previous;
  stack_.pop_back();
  DrawCmd& c = append();
  c.op = popOp;
  c.state = current_;
}

void DrawList::popClip() { pop(DrawOp::PushClip, DrawOp::PopClip); }
void DrawList::popOpacity() { pop(DrawOp::PushOpacity, DrawOp::PopOpacity); }
void DrawList::popTransform() { pop(DrawOp::PushTransform, DrawOp::PopTransform); }

}  // namespace zenit
