// Media query evaluation: a compiled list (parser/Media.cpp) run against
// the environment, as a small stack program.
#include <zenit/style/Media.hpp>

#include <vector>

namespace zenit {

namespace {

bool compare(float have, MediaCompare c, float want) {
  switch (c) {
    case MediaCompare::Lt: return have < want;
    case MediaCompare::Le: return have <= want;
    case MediaCompare::Eq: return have == want;
    case MediaCompare::Ge: return have >= want;
    case MediaCompare::Gt: return have > want;
    case MediaCompare::Any: return have != 0.0f;
  }
  return false;
}

bool feature(const MediaNode& n, const MediaEnvironment& env) {
  switch (n.feature) {
    case MediaFeature::Width: return compare(env.width, n.compare, n.value);
    case MediaFeature::Height: return compare(env.height, n.compare, n.value);
    case MediaFeature::AspectRatio:
      // A viewport without height has no ratio: no ratio test holds.
      return env.height > 0.0f && compare(env.width / env.height, n.compare, n.value);
    case MediaFeature::Orientation: {
      const float landscape = env.width > env.height ? 1.0f : 0.0f;  // portrait when height >= width
      return n.compare == MediaCompare::Any || landscape == n.value;
    }
    case MediaFeature::ReducedMotion: return compare(env.reducedMotion ? 1.0f : 0.0f, n.compare, n.value);
    case MediaFeature::ColorScheme:
      return n.compare == MediaCompare::Any ||
             (env.colorScheme == ColorScheme::Dark ? 1.0f : 0.0f) == n.value;
  }
  return false;
}

}  // namespace

bool MediaQueryList::matches(const MediaEnvironment& env) const {
  std::vector<bool> stack;
  stack.reserve(nodes.size());
  for (const MediaNode& n : nodes) {
    switch (n.kind) {
      case MediaNode::Kind::True: stack.push_back(true); break;
      case MediaNode::Kind::False: stack.push_back(false); break;
      case MediaNode::Kind::Feature: stack.push_back(feature(n, env)); break;
      case MediaNode::Kind::Not:
        if (stack.empty()) return false;  // not a program the parser makes
        stack.back() = !stack.back();
        break;
      case MediaNode::Kind::And:
      case MediaNode::Kind::Or: {
        if (n.count == 0 || n.count > stack.size()) return false;
        const bool isAnd = n.kind == MediaNode::Kind::And;
        bool r = isAnd;
        for (std::uint32_t i = 0; i < n.count; ++i) {
          r = isAnd ? (r && stack.back()) : (r || stack.back());
          stack.pop_back();
        }
        stack.push_back(r);
        break;
      }
    }
  }
  return stack.size() == 1 && stack.back();
}

}  // namespace zenit
