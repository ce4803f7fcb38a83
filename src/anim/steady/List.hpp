// steady::List: one parent's parked children, as records grouped by kind
// (steady/Record.hpp), so that each kind's loop runs over its own records
// in order (stepEach in Steady.cpp; the Transitions loop is in
// layout/LayoutSteady.cpp). The list keeps every record's back-links
// current: the player's (AnimationPlayer reads its parked state through
// them) and the node's index (through the Relink given at construction),
// whenever a record moves (a removal fills its place with the last one; a
// vector that grows moves them all).
#pragma once

#include "anim/steady/Record.hpp"

#include <zenit/core/Config.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace zenit::steady {

class List {
 public:
  // Tells a record's node its new index in its kind's records, when the
  // record moved (a new record's index is what insert and commit return).
  using Relink = void (*)(const Record& r, std::uint32_t index);
  explicit List(Relink relink) : relink_(relink) {}
  List(const List&) = delete;
  List& operator=(const List&) = delete;

  // Appends `r` to its kind's records; returns its index. Capacity is kept
  // when records leave, so a warm list allocates nothing. `generation`:
  // the theme's when a record that reads keyframes was armed (see below).
  std::uint32_t insert(const Record& r, std::uint64_t generation = 0);
  // The same in two steps, for a record armed in place: append gives a
  // record of kind `k` with no payload, which the caller constructs; commit
  // links it and returns its index.
  Record& append(Kind k) {
    std::vector<Record>& records = records_[indexOf(k)];
    grown_ = records.size() == records.capacity();
    Record& r = records.emplace_back();
    r.kind = k;
    return r;
  }
  // (The caller checked acceptsGeneration before the append.)
  std::uint32_t commit(Kind k, std::uint64_t generation = 0) {
    if (readsKeyframes(k)) generation_ = generation;
    std::vector<Record>& records = records_[indexOf(k)];
    const auto index = static_cast<std::uint32_t>(records.size() - 1);
    if (grown_) relinkAll(k, index);  // every record moved
    linkPlayer(records[index]);
    return index;
  }
  // Removes the record of kind `k` at `index` (its state written back
  // first, when it holds any: steady::writeBack); the last record of that
  // kind takes its place.
  void remove(Kind k, std::uint32_t index);
  // Forgets every record, with no write back and no relink, keeping the
  // capacity: for a list whose nodes and players are all being replaced
  // (a compositor's sealed copies, sealed again by the next commit).
  void clear() {
    for (std::vector<Record>& records : records_) records.clear();
    generation_ = 0;
  }

  std::span<Record> of(Kind k) { return records_[indexOf(k)]; }
  std::span<const Record> of(Kind k) const { return records_[indexOf(k)]; }
  Record& at(Kind k, std::uint32_t index) { return records_[indexOf(k)][index]; }
  const Record& at(Kind k, std::uint32_t index) const { return records_[indexOf(k)][index]; }
  bool empty() const {
    return records_[0].empty() && records_[1].empty() && records_[2].empty() && records_[3].empty() &&
           records_[4].empty();
  }
  bool empty(Kind k) const { return records_[indexOf(k)].empty(); }

  // The theme generation every record that reads keyframes (OneCss,
  // Player) was armed in: a step checks the theme once for the list. A
  // record armed in another generation waits until the list has none.
  bool acceptsGeneration(std::uint64_t g) const {
    return (empty(Kind::OneCss) && empty(Kind::Player)) || generation_ == g;
  }
  std::uint64_t generation() const { return generation_; }

 private:
  static_assert(kKinds == 5, "empty() is written out for five kinds");
  // Kinds whose records read keyframes (and so the theme's generation).
  static constexpr bool readsKeyframes(Kind k) { return k == Kind::OneCss || k == Kind::Player; }
  // A player reads the state its record holds through this link (OneCss, OneImperative).
  static void linkPlayer(Record& r);
  void relinkAll(Kind k, std::uint32_t count);  // the first `count` records of k moved

  std::array<std::vector<Record>, kKinds> records_;
  std::uint64_t generation_{0};
  bool grown_{false};  // the last append moved its kind's records
  Relink relink_;
};

}  // namespace zenit::steady
