// Forward declarations of the render layer, for headers that only pass
// these types by reference or pointer.
#pragma once

namespace zenit {
struct RectF;
struct Radii;
struct Rgba8;
struct DrawCmd;
struct DrawState;
struct RectStyle;
struct ShadowStyle;
struct TextStyle;
struct TextSize;
struct InputEvent;
class DrawList;
class Font;
class Renderer;
class NullRenderer;
class RecordingRenderer;
class SoftwareRenderer;
class SdlRenderer;
class SdlGeometryRenderer;
class SdlWindow;
}  // namespace zenit
