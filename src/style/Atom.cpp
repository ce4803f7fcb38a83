// The global intern table behind Atom.
#include <zenit/style/Atom.hpp>

#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace zenit {

namespace {

struct AtomTable {
  std::mutex mutex;
  std::deque<std::string> storage;          // deque: element addresses never move, so views stay valid
  std::vector<std::string_view> names{""};  // index = Atom value; 0 = None
  std::unordered_map<std::string_view, std::uint32_t> ids;
};

AtomTable& table() {
  static AtomTable* t = new AtomTable();  // never destroyed: Atoms may be read during static destruction
  return *t;
}

}  // namespace

Atom intern(std::string_view name) {
  if (name.empty()) return Atom::None;
  AtomTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  if (auto it = t.ids.find(name); it != t.ids.end()) return static_cast<Atom>(it->second);
  const std::string_view stored = t.storage.emplace_back(name);
  const auto id = static_cast<std::uint32_t>(t.names.size());
  t.names.push_back(stored);
  t.ids.emplace(stored, id);
  return static_cast<Atom>(id);
}

Atom findAtom(std::string_view name) {
  if (name.empty()) return Atom::None;
  AtomTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  if (auto it = t.ids.find(name); it != t.ids.end()) return static_cast<Atom>(it->second);
  return Atom::None;
}

std::string_view atomName(Atom a) {
  AtomTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  const auto i = static_cast<std::size_t>(a);
  return i < t.names.size() ? t.names[i] : std::string_view{};
}

}  // namespace zenit
