// ZenitUI widgets (layer 6): every widget header, and the paint helpers a
// new widget draws with (docs/widgets.md).
#pragma once

#include <zenit/widgets/Button.hpp>
#include <zenit/widgets/Checkbox.hpp>
#include <zenit/widgets/Label.hpp>
#include <zenit/widgets/Paint.hpp>
#include <zenit/widgets/Panel.hpp>
#include <zenit/widgets/ProgressBar.hpp>
#include <zenit/widgets/Slider.hpp>
