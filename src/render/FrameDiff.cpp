#include "render/FrameDiff.hpp"

#include <array>
#include <bit>
#include <cstring>

namespace zenit::damage {

namespace {

static_assert(sizeof(Affine2D) == 6 * sizeof(float), "transforms are compared as their bytes");
static_assert(sizeof(Rgba8) == sizeof(std::uint32_t), "a colour is one key word");

// The bits that decide what a command draws, as 32-bit words: its op and
// its payload's fields, without padding and without a Text's arena offset
// (the bytes themselves are compared apart).
struct Key {
  std::array<std::uint32_t, 16> w{};
  std::uint32_t n{0};

  void put(std::uint32_t v) { w[n++] = v; }
  void put(float v) { put(std::bit_cast<std::uint32_t>(v)); }
  void put(Rgba8 c) { put(std::bit_cast<std::uint32_t>(c)); }
  void put(const RectF& r) {
    put(r.x);
    put(r.y);
    put(r.w);
    put(r.h);
  }
  void put(const Radii& r) {
    put(r.topLeft);
    put(r.topRight);
    put(r.bottomRight);
    put(r.bottomLeft);
  }
  bool operator==(const Key&) const = default;  // unused words stay 0
};

Key keyOf(const DrawCmd& c) {
  Key k;
  k.put(static_cast<std::uint32_t>(c.op));
  switch (c.op) {
    case DrawOp::Rect:
      k.put(c.rect.rect);
      k.put(c.rect.radii);
      k.put(c.rect.fill);
      k.put(c.rect.border);
      k.put(c.rect.borderWidth);
      break;
    case DrawOp::Shadow:
      k.put(c.shadow.rect);
      k.put(c.shadow.radii);
      k.put(c.shadow.offsetX);
      k.put(c.shadow.offsetY);
      k.put(c.shadow.blur);
      k.put(c.shadow.spread);
      k.put(c.shadow.color);
      k.put(static_cast<std::uint32_t>(c.shadow.inset));
      break;
    case DrawOp::Text:
      k.put(c.text.x);
      k.put(c.text.y);
      k.put(c.text.width);
      k.put(c.text.sizePx);
      k.put(c.text.length);
      k.put(c.text.color);
      k.put(static_cast<std::uint32_t>(c.text.align));
      break;
    case DrawOp::Gradient:  // (the gradient itself: sameCommand compares it)
      k.put(c.gradient.rect);
      k.put(c.gradient.radii);
      k.put(c.gradient.borderWidth);
      break;
    case DrawOp::PushClip: k.put(c.clip.rect); break;
    case DrawOp::PushOpacity: k.put(c.opacity.opacity); break;
    case DrawOp::PushTransform: {
      const Affine2D& t = c.transform.local;
      for (const float v : {t.a, t.b, t.c, t.d, t.e, t.f}) k.put(v);
      break;
    }
    case DrawOp::PopClip:
    case DrawOp::PopOpacity:
    case DrawOp::PopTransform: break;  // known by the push they close
  }
  return k;
}

// Fingerprints: a multiply-xorshift step per 32-bit word. Only pairing
// depends on them (see the header), so speed matters more than strength.
constexpr std::uint64_t kRootSeed = 0x243F6A8885A308D3ull;
std::uint64_t mix(std::uint64_t h, std::uint32_t v) {
  h = (h ^ v) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 32);
}
std::uint64_t mix(std::uint64_t h, const Key& k) {
  for (std::uint32_t i = 0; i < k.n; ++i) h = mix(h, k.w[i]);
  return h;
}
std::uint64_t mix(std::uint64_t h, const Affine2D& t) {
  for (const float v : {t.a, t.b, t.c, t.d, t.e, t.f}) h = mix(h, std::bit_cast<std::uint32_t>(v));
  return h;
}
std::uint64_t mix(std::uint64_t h, std::string_view bytes) {
  std::size_t i = 0;
  for (; i + 4 <= bytes.size(); i += 4) {
    std::uint32_t v = 0;
    std::memcpy(&v, bytes.data() + i, 4);
    h = mix(h, v);
  }
  for (; i < bytes.size(); ++i) h = mix(h, static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])));
  return h;
}

// Index slots for n fingerprints: at most half full, so every probe meets an empty slot.
std::size_t slotCount(std::size_t n) {
  std::size_t size = 16;
  while (size < 2 * n) size *= 2;
  return size;
}

bool sameTransform(const Affine2D& a, const Affine2D& b) {
  return std::memcmp(&a, &b, sizeof(Affine2D)) == 0;
}

// Rule 2 of the header: op, payload, transform and text, bit for bit.
bool sameCommand(const FrameRecord& a, std::size_t i, const FrameRecord& b, std::size_t j) {
  const DrawCmd& x = a.cmds[i];
  const DrawCmd& y = b.cmds[j];
  if (!(keyOf(x) == keyOf(y)) || !sameTransform(a.transformOf(x), b.transformOf(y))) return false;
  if (x.op == DrawOp::Gradient) return a.gradients[x.gradient.index] == b.gradients[y.gradient.index];
  return x.op != DrawOp::Text || a.textOf(x.text) == b.textOf(y.text);
}

// Rule 3: scope `sb` of `b` is same and partnered with scope `sa` of `a`.
bool sameScope(const FrameRecord& b, std::int32_t sa, std::int32_t sb) {
  if (sb == kNone) return sa == kNone;
  const auto s = static_cast<std::size_t>(sb);
  return b.same[s] != 0 && b.partner[s] == sa;
}

// Pairs commands in order. Where the fingerprints differ, the cheaper of
// two resyncs is taken: skip `a`'s commands up to the next occurrence of
// b[j] (they were removed), or `b`'s up to the next occurrence of a[i]
// (they were added). With neither, both were changed in place.
void align(FrameRecord& a, FrameRecord& b, Scratch& s) {
  const std::size_t n = a.size(), m = b.size();
  a.partner.assign(n, kNone);
  b.partner.assign(m, kNone);
  bool indexed = false;
  std::size_t i = 0, j = 0;
  while (i < n && j < m) {
    if (a.fingerprint[i] == b.fingerprint[j]) {
      a.partner[i] = static_cast<std::int32_t>(j);
      b.partner[j] = static_cast<std::int32_t>(i);
      ++i;
      ++j;
      continue;
    }
    if (!indexed) {  // steady frames never get here
      s.before.build(a.fingerprint);
      s.after.build(b.fingerprint);
      indexed = true;
    }
    const std::int32_t ai = s.before.find(a.fingerprint, b.fingerprint[j], i);
    const std::int32_t bj = s.after.find(b.fingerprint, a.fingerprint[i], j);
    const std::size_t skipA = ai == kNone ? n : static_cast<std::size_t>(ai) - i;
    const std::size_t skipB = bj == kNone ? m : static_cast<std::size_t>(bj) - j;
    if (ai != kNone && skipA <= skipB) {
      i = static_cast<std::size_t>(ai);
    } else if (bj != kNone) {
      j = static_cast<std::size_t>(bj);
    } else {
      ++i;
      ++j;
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------

void FingerprintIndex::build(const std::vector<std::uint64_t>& fingerprints) {
  const std::size_t n = fingerprints.size();
  const std::size_t size = slotCount(n);
  slots_.assign(size, kNone);
  next_.assign(n, kNone);
  mask_ = size - 1;
  for (std::size_t k = n; k-- > 0;) {  // backwards, so each chain runs in increasing order
    const std::uint64_t key = fingerprints[k];
    std::size_t p = static_cast<std::size_t>(key) & mask_;
    while (slots_[p] != kNone && fingerprints[static_cast<std::size_t>(slots_[p])] != key)
      p = (p + 1) & mask_;
    next_[k] = slots_[p];
    slots_[p] = static_cast<std::int32_t>(k);
  }
}

std::int32_t FingerprintIndex::find(const std::vector<std::uint64_t>& fingerprints, std::uint64_t key,
                                    std::size_t from) const {
  constexpr int kMaxChain = 64;  // equal fingerprints skipped before giving up
  if (slots_.empty()) return kNone;
  std::size_t p = static_cast<std::size_t>(key) & mask_;
  while (slots_[p] != kNone && fingerprints[static_cast<std::size_t>(slots_[p])] != key) p = (p + 1) & mask_;
  std::int32_t k = slots_[p];
  for (int steps = 0; k != kNone && static_cast<std::size_t>(k) < from; ++steps) {
    if (steps == kMaxChain) return kNone;
    k = next_[static_cast<std::size_t>(k)];
  }
  return k;
}

void FingerprintIndex::reserve(std::size_t count) {
  slots_.reserve(slotCount(count));
  next_.reserve(count);
}

void reserveLike(FrameRecord& r, const FrameRecord& like, Scratch& scratch) {
  const std::size_t n = like.size();
  r.cmds.reserve(n);
  r.states.reserve(like.states.size());
  r.text.reserve(like.text.size());
  r.gradients.reserve(like.gradients.size());
  r.fingerprint.reserve(n);
  r.scope.reserve(n);
  r.close.reserve(n);
  r.partner.reserve(n);
  r.same.reserve(n);
  scratch.before.reserve(n);
  scratch.after.reserve(n);
}

void record(const DrawList& list, FrameRecord& out, Scratch& scratch) {
  const std::span<const DrawCmd> cmds = list.commands();
  const std::span<const DrawState> states = list.states();
  const std::size_t n = cmds.size();
  out.cmds.assign(cmds.begin(), cmds.end());
  out.states.assign(states.begin(), states.end());
  out.text.resize(0);
  out.gradients.resize(0);
  out.fingerprint.resize(n);
  out.scope.resize(n);
  out.close.resize(n);
  scratch.open.resize(0);
  std::int32_t scope = kNone;
  std::uint64_t scopeFp = kRootSeed;
  for (std::size_t k = 0; k < n; ++k) {
    DrawCmd& c = out.cmds[k];
    const auto index = static_cast<std::int32_t>(k);
    out.scope[k] = scope;
    out.close[k] = kNone;
    std::uint64_t fp = mix(scopeFp, keyOf(c));
    switch (c.op) {
      case DrawOp::Text: {
        const std::string_view bytes = list.textOf(c.text);
        c.text.offset = static_cast<std::uint32_t>(out.text.size());
        out.text.insert(out.text.end(), bytes.begin(), bytes.end());
        fp = mix(mix(fp, bytes), out.transformOf(c));
        break;
      }
      case DrawOp::Gradient: {
        const GradientImage& g = list.gradientOf(c.gradient);
        c.gradient.index = static_cast<std::uint32_t>(out.gradients.size());
        out.gradients.push_back(g);
        // Its stops' colours and places; the rest changes with them or not at all.
        fp = mix(mix(fp, std::string_view(reinterpret_cast<const char*>(g.stops.data()),
                                          sizeof(GradientStop) * g.count)),
                 out.transformOf(c));
        break;
      }
      case DrawOp::Rect:
      case DrawOp::Shadow: fp = mix(fp, out.transformOf(c)); break;
      case DrawOp::PushClip:
      case DrawOp::PushOpacity:
      case DrawOp::PushTransform:
        fp = mix(fp, out.transformOf(c));
        scratch.open.push_back(index);
        if (opensScope(c.op)) {
          scope = index;
          scopeFp = fp;
        }
        break;
      case DrawOp::PopClip:
      case DrawOp::PopOpacity:
      case DrawOp::PopTransform: {
        if (scratch.open.empty()) break;  // DrawList records no unmatched pop
        const auto push = static_cast<std::size_t>(scratch.open.back());
        scratch.open.pop_back();
        out.close[push] = index;
        fp = mix(out.fingerprint[push], static_cast<std::uint32_t>(c.op));  // known by what it closes
        if (opensScope(out.cmds[push].op)) {
          scope = out.scope[push];
          scopeFp = scope == kNone ? kRootSeed : out.fingerprint[static_cast<std::size_t>(scope)];
        }
        break;
      }
    }
    out.fingerprint[k] = fp;
  }
}

void compare(FrameRecord& before, FrameRecord& after, Scratch& scratch) {
  align(before, after, scratch);
  after.same.resize(after.size());
  for (std::size_t j = 0; j < after.size(); ++j) {
    const DrawOp op = after.cmds[j].op;
    const std::int32_t i = after.partner[j];
    bool same = false;
    if ((drawsPixels(op) || opensScope(op)) && i != kNone) {
      const auto pi = static_cast<std::size_t>(i);
      same = sameScope(after, before.scope[pi], after.scope[j]) && sameCommand(before, pi, after, j);
      if (same && opensScope(op)) {  // the scope ends where its partner ends
        const std::int32_t ci = before.close[pi], cj = after.close[j];
        same = ci != kNone && cj != kNone && after.partner[static_cast<std::size_t>(cj)] == ci;
      }
    }
    after.same[j] = same ? 1 : 0;
  }
  before.same.resize(before.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    const std::int32_t j = before.partner[i];
    before.same[i] = j != kNone ? after.same[static_cast<std::size_t>(j)] : std::uint8_t{0};
  }
}

}  // namespace zenit::damage
