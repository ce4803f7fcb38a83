// SmallVector<T, N>: inline storage up to N, the heap past it, vector semantics.
#include <zenit/core/SmallVector.hpp>

#include <catch2/catch.hpp>

#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

using zenit::SmallVector;

namespace {

// Strings long enough to own heap storage, so a wrong move or a double
// destroy shows under ASan.
std::string longText(int i) { return "a string past the small-string buffer #" + std::to_string(i); }

template <class V>
std::vector<std::string> contents(const V& v) {
  return std::vector<std::string>(v.begin(), v.end());
}

}  // namespace

TEST_CASE("SmallVector: up to N elements stay inline, the next one moves them to the heap",
          "[core][smallvector]") {
  SmallVector<int, 3> v;
  CHECK(v.empty());
  CHECK(v.capacity() == 3);
  CHECK(v.isInline());
  v.push_back(1);
  v.push_back(2);
  v.emplace_back(3);
  CHECK(v.isInline());
  CHECK(v.size() == 3);
  v.push_back(4);
  CHECK_FALSE(v.isInline());
  CHECK(v.capacity() == 6);  // doubles
  CHECK(std::vector<int>(v.begin(), v.end()) == std::vector<int>{1, 2, 3, 4});
  CHECK(v.front() == 1);
  CHECK(v.back() == 4);
  v.pop_back();
  CHECK(v.size() == 3);
  v.clear();
  CHECK(v.empty());
  CHECK(v.capacity() == 6);  // clear keeps the storage, as a vector's does
}

TEST_CASE("SmallVector: push_back of its own element survives the growth", "[core][smallvector]") {
  SmallVector<std::string, 2> v{longText(0), longText(1)};
  v.push_back(v[0]);  // full: the argument refers to the storage being replaced
  v.push_back(v[2]);
  CHECK(contents(v) == std::vector<std::string>{longText(0), longText(1), longText(0), longText(0)});
}

TEST_CASE("SmallVector: copies and moves, inline and on the heap", "[core][smallvector]") {
  for (const int count : {0, 1, 2, 5}) {
    SmallVector<std::string, 2> src;
    for (int i = 0; i < count; ++i) src.push_back(longText(i));
    const std::vector<std::string> want = contents(src);

    SmallVector<std::string, 2> copy(src);
    CHECK(contents(copy) == want);
    CHECK(copy == src);

    SmallVector<std::string, 2> moved(std::move(src));
    CHECK(contents(moved) == want);
    CHECK(src.empty());  // NOLINT(bugprone-use-after-move): a moved-from list is empty and usable
    CHECK(src.isInline());
    src.push_back("reused");
    CHECK(src.size() == 1);

    SmallVector<std::string, 2> target{longText(7), longText(8), longText(9)};  // on the heap
    target = std::move(moved);
    CHECK(contents(target) == want);
    CHECK(moved.empty());  // NOLINT(bugprone-use-after-move)

    SmallVector<std::string, 2> assigned{longText(3)};
    assigned = copy;
    CHECK(assigned == copy);
    const SmallVector<std::string, 2>& alias = assigned;
    assigned = alias;  // self-assignment keeps the contents
    CHECK(assigned == copy);
  }
}

TEST_CASE("SmallVector: assign, resize, reserve", "[core][smallvector]") {
  SmallVector<int, 2> v;
  const std::vector<int> five{5, 6, 7, 8, 9};
  v.assign(five.begin(), five.end());
  CHECK(std::vector<int>(v.begin(), v.end()) == five);
  v.assign({1});
  CHECK(v.size() == 1);
  CHECK(v[0] == 1);
  v.resize(4);
  CHECK(std::vector<int>(v.begin(), v.end()) == std::vector<int>{1, 0, 0, 0});
  v.resize(2);
  CHECK(v.size() == 2);
  SmallVector<int, 2> r;
  r.reserve(10);
  CHECK(r.capacity() == 10);
  CHECK_FALSE(r.isInline());
  r.reserve(1);  // never shrinks
  CHECK(r.capacity() == 10);
}

TEST_CASE("SmallVector: insert and erase keep the order", "[core][smallvector]") {
  SmallVector<std::string, 3> v{longText(1), longText(3)};
  auto it = v.insert(v.begin(), longText(0));
  CHECK(*it == longText(0));
  it = v.insert(v.begin() + 2, longText(2));
  CHECK(*it == longText(2));
  v.insert(v.end(), v[0]);  // an element of its own, through a growth
  CHECK(contents(v) ==
        std::vector<std::string>{longText(0), longText(1), longText(2), longText(3), longText(0)});
  it = v.erase(v.begin() + 1);
  CHECK(*it == longText(2));
  it = v.erase(v.begin(), v.begin() + 2);
  CHECK(*it == longText(3));
  CHECK(contents(v) == std::vector<std::string>{longText(3), longText(0)});
  v.erase(v.begin(), v.end());
  CHECK(v.empty());
}

TEST_CASE("SmallVector: equality compares the elements, not where they are stored", "[core][smallvector]") {
  SmallVector<int, 2> inlineList{1, 2};
  SmallVector<int, 2> heapList;
  heapList.reserve(8);
  heapList.push_back(1);
  heapList.push_back(2);
  CHECK(inlineList == heapList);
  heapList.push_back(3);
  CHECK_FALSE(inlineList == heapList);
  heapList.pop_back();
  heapList.back() = 5;
  CHECK_FALSE(inlineList == heapList);
}

TEST_CASE("SmallVector: at() checks the index; a span views the elements", "[core][smallvector]") {
  SmallVector<int, 2> v{10, 20, 30};
  CHECK(v.at(2) == 30);
  CHECK_THROWS_AS(v.at(3), std::out_of_range);
  const std::span<const int> s(v);
  CHECK(s.size() == 3);
  CHECK(std::accumulate(s.begin(), s.end(), 0) == 60);
  CHECK(std::vector<int>(v.rbegin(), v.rend()) == std::vector<int>{30, 20, 10});
}

TEST_CASE("SmallVector: nested lists (the selector model's shape) copy and move whole",
          "[core][smallvector]") {
  using Inner = SmallVector<std::string, 2>;
  SmallVector<Inner, 2> outer;
  for (int i = 0; i < 4; ++i) {
    Inner in;
    for (int k = 0; k <= i; ++k) in.push_back(longText(10 * i + k));
    outer.push_back(std::move(in));
  }
  const SmallVector<Inner, 2> copy = outer;
  SmallVector<Inner, 2> moved = std::move(outer);
  REQUIRE(moved.size() == 4);
  CHECK(moved == copy);
  CHECK(moved[3].size() == 4);
  CHECK(moved[3][3] == longText(33));
}

namespace {
// Throws from its copy constructor once `armed` is set: a list that grows
// while copying one must stay as it was (and leak nothing under ASan).
struct ThrowOnCopy {
  static inline bool armed = false;
  int v{0};
  explicit ThrowOnCopy(int x) : v(x) {}
  ThrowOnCopy(const ThrowOnCopy& o) : v(o.v) {
    if (armed) throw std::runtime_error("copy");
  }
  ThrowOnCopy(ThrowOnCopy&&) noexcept = default;
  ThrowOnCopy& operator=(const ThrowOnCopy&) = default;
  ThrowOnCopy& operator=(ThrowOnCopy&&) noexcept = default;
  bool operator==(const ThrowOnCopy&) const = default;
};
}  // namespace

TEST_CASE("SmallVector: an element that throws while the list grows leaves the list as it was",
          "[core][smallvector]") {
  SmallVector<ThrowOnCopy, 2> v;
  v.emplace_back(1);
  v.emplace_back(2);
  const ThrowOnCopy extra(3);
  ThrowOnCopy::armed = true;
  CHECK_THROWS_AS(v.push_back(extra), std::runtime_error);  // full: the growth path
  ThrowOnCopy::armed = false;
  REQUIRE(v.size() == 2);
  CHECK(v.isInline());
  CHECK(v[0].v == 1);
  CHECK(v[1].v == 2);
  v.push_back(extra);
  CHECK(v.size() == 3);
  CHECK(v[2].v == 3);
}
