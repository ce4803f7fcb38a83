// steady::List: inserting and taking records, keeping their back-links.
#include "anim/steady/List.hpp"

#include <zenit/anim/AnimationPlayer.hpp>
#include <zenit/core/Config.hpp>

namespace zenit::steady {

void List::linkPlayer(Record& r) {
  if (r.kind == Kind::OneCss) r.css.player->record_ = &r;
  if (r.kind == Kind::OneImperative) r.imperative.player->record_ = &r;
}

void List::relinkAll(Kind k, std::uint32_t count) {
  std::vector<Record>& records = records_[indexOf(k)];
  for (std::uint32_t i = 0; i < count; ++i) {
    relink_(records[i], i);
    linkPlayer(records[i]);
  }
}

std::uint32_t List::insert(const Record& r, std::uint64_t generation) {
  ZENIT_ASSERT(!readsKeyframes(r.kind) || acceptsGeneration(generation),
               "List::insert: a record armed in another theme generation");
  append(r.kind) = r;
  return commit(r.kind, generation);
}

void List::remove(Kind k, std::uint32_t index) {
  std::vector<Record>& records = records_[indexOf(k)];
  ZENIT_ASSERT(index < records.size(), "List::remove: no record there");
  if (k == Kind::OneCss) records[index].css.player->record_ = nullptr;
  if (k == Kind::OneImperative) records[index].imperative.player->record_ = nullptr;
  if (index + 1 != records.size()) {
    records[index] = records.back();
    relink_(records[index], index);
    linkPlayer(records[index]);
  }
  records.pop_back();
}

}  // namespace zenit::steady
