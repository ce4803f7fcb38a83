// ZenitUI umbrella header: everything a widget or app needs.
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/core/Config.hpp>
#include <zenit/core/Diagnostic.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Format.hpp>
#include <zenit/core/Lerp.hpp>
#include <zenit/core/Transform.hpp>
#include <zenit/core/Types.hpp>
#include <zenit/core/Value.hpp>
#include <zenit/style/Style.hpp>
#include <zenit/style/StyleProps.hpp>
#include <zenit/style/Keyframes.hpp>
#include <zenit/style/Transitions.hpp>
#include <zenit/anim/Timing.hpp>
#include <zenit/anim/AnimPrimitives.hpp>
#include <zenit/anim/KeyframeEval.hpp>
#include <zenit/layout/Flex.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/render/Font.hpp>
#include <zenit/render/InputEvent.hpp>
#include <zenit/render/Renderer.hpp>
#include <zenit/render/SoftwareRenderer.hpp>
