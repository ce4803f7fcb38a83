// The global intern table behind Atom.
//
// An open-addressing table of Atom values keyed by the name's hash, and the
// names' bytes in fixed chunks: interning a new name costs one hash, one
// probe and one copy, where a node-based map and a std::string per name
// cost two hashes and an allocation (a sheet's new names are a few percent
// of its parse time).
#include "AtomInternal.hpp"

#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

namespace zenit {

namespace {

struct AtomTable {
  struct Slot {
    std::uint64_t hash{0};
    std::uint32_t id{0};  // 0: empty
  };
  static constexpr std::size_t kChunk = std::size_t{16} * 1024;

  std::mutex mutex;
  std::vector<std::string_view> names{""};  // index = Atom value; 0 = None
  std::vector<Slot> slots;                  // power-of-two size, at most half full
  // Name bytes: a chunk never moves or shrinks, so every view stays valid.
  std::vector<std::unique_ptr<char[]>> chunks;
  char* free{nullptr};
  std::size_t left{0};

  // The slot holding `name`, or the empty slot where it would go. `slots` must not be empty.
  Slot& probe(std::string_view name, std::uint64_t h) {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = static_cast<std::size_t>(h) & mask;; i = (i + 1) & mask) {
      Slot& s = slots[i];
      if (s.id == 0 || (s.hash == h && names[s.id] == name)) return s;
    }
  }
  std::string_view store(std::string_view name) {
    if (name.size() > left) {
      const std::size_t size = name.size() > kChunk / 4 ? name.size() : kChunk;
      chunks.push_back(std::make_unique<char[]>(size));
      if (size == kChunk) {
        free = chunks.back().get();
        left = kChunk;
      } else {
        // A long name gets a chunk of its own; the current chunk stays in use.
        std::memcpy(chunks.back().get(), name.data(), name.size());
        return {chunks.back().get(), name.size()};
      }
    }
    std::memcpy(free, name.data(), name.size());
    const std::string_view stored{free, name.size()};
    free += name.size();
    left -= name.size();
    return stored;
  }
  void grow() {
    std::vector<Slot> old(slots.empty() ? 1024 : slots.size() * 2);
    old.swap(slots);
    const std::size_t mask = slots.size() - 1;
    for (const Slot& s : old) {
      if (s.id == 0) continue;
      std::size_t i = static_cast<std::size_t>(s.hash) & mask;
      while (slots[i].id != 0) i = (i + 1) & mask;
      slots[i] = s;
    }
  }
};

AtomTable& table() {
  static AtomTable* t = new AtomTable();  // never destroyed: Atoms may be read during static destruction
  return *t;
}

}  // namespace

namespace detail {

Atom internHashed(std::string_view name, std::uint64_t hash) {
  if (name.empty()) return Atom::None;
  AtomTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  if ((t.names.size() + 1) * 2 > t.slots.size()) t.grow();
  AtomTable::Slot& s = t.probe(name, hash);
  if (s.id != 0) return static_cast<Atom>(s.id);
  const auto id = static_cast<std::uint32_t>(t.names.size());
  t.names.push_back(t.store(name));
  s.hash = hash;
  s.id = id;
  return static_cast<Atom>(id);
}

}  // namespace detail

Atom intern(std::string_view name) { return detail::internHashed(name, detail::atomHash(name)); }

Atom findAtom(std::string_view name) {
  if (name.empty()) return Atom::None;
  const std::uint64_t h = detail::atomHash(name);
  AtomTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  if (t.slots.empty()) return Atom::None;
  return static_cast<Atom>(t.probe(name, h).id);
}

std::string_view atomName(Atom a) {
  AtomTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  const auto i = static_cast<std::size_t>(a);
  return i < t.names.size() ? t.names[i] : std::string_view{};
}

}  // namespace zenit
