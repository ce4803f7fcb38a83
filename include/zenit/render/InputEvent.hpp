// InputEvent: one window event in a plain, backend-neutral struct. Window
// backends (SdlWindow) translate their native events into these; the layout
// layer consumes them without knowing the backend.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace zenit {

enum class InputEventType : std::uint8_t {
  PointerMove,  // x, y: pointer position (px, window space)
  PointerDown,  // x, y, button
  PointerUp,    // x, y, button
  Wheel,        // x, y: scroll delta in notches (positive y = away from the user)
  KeyDown,      // key, keycode, mods, repeat
  KeyUp,        // key, keycode, mods
  Text,         // text: UTF-8 typed text (after keyboard layout and IME)
  Resize,       // x, y: new drawable size (px)
  Quit,         // the user asked to close the window
};

enum class PointerButton : std::uint8_t { None, Left, Middle, Right, Other };

// Keys a UI reacts to by name; anything else is Key::Other (see keycode).
enum class Key : std::uint8_t {
  Unknown,
  Other,
  Tab,
  Enter,
  Escape,
  Space,
  Backspace,
  Delete,
  Insert,
  Left,
  Right,
  Up,
  Down,
  Home,
  End,
  PageUp,
  PageDown,
  F1,
  F2,
  F3,
  F4,
  F5,
  F6,
  F7,
  F8,
  F9,
  F10,
  F11,
  F12,
};

// Modifier bits of InputEvent::mods.
enum KeyMod : std::uint8_t {
  KeyModNone = 0,
  KeyModShift = 1,
  KeyModCtrl = 2,
  KeyModAlt = 4,
  KeyModSuper = 8
};

struct InputEvent {
  static constexpr std::size_t kTextCapacity = 32;  // bytes of `text`, NUL included

  InputEventType type{InputEventType::PointerMove};
  PointerButton button{PointerButton::None};  // PointerDown / PointerUp
  Key key{Key::Unknown};                      // KeyDown / KeyUp
  std::uint8_t mods{KeyModNone};              // KeyMod bits held during the event
  bool repeat{false};                         // KeyDown from auto-repeat
  std::int32_t keycode{0};     // backend key code; printable keys are their (lower-case) character
  float x{0.0f}, y{0.0f};      // see InputEventType
  char text[kTextCapacity]{};  // Text: UTF-8, NUL-terminated

  std::string_view textView() const {  // the typed text
    std::size_t n = 0;
    while (n < kTextCapacity && text[n] != '\0') ++n;
    return std::string_view(text, n);
  }
};

}  // namespace zenit
