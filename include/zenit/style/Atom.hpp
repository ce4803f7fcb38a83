// Atom: interned names (widget types, classes, ids, part names, @keyframes
// names), so that selector matching compares integers, never strings.
//
// The table is process-wide and only grows: an Atom stays valid, and
// atomName() keeps returning the same view, for the life of the process.
// Both functions are thread-safe (one mutex); neither is meant for a
// per-frame path — intern names once, when a sheet is parsed or a widget
// is created, and keep the Atom.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

namespace zenit {

// An interned name; Atom::None (0) is the empty name.
enum class Atom : std::uint32_t { None = 0 };

Atom intern(std::string_view name);  // the Atom of `name` (case-sensitive); "" gives Atom::None
Atom findAtom(
    std::string_view name);  // the Atom of `name` if interned already, else Atom::None; never grows the table
std::string_view atomName(Atom a);  // the interned text; "" for None or an Atom never handed out

}  // namespace zenit
