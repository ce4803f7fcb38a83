// zenit-style sample (see Sample.cpp for the command's contract).
#pragma once

#include <zenit/layout/Layout.hpp>

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace zenit::tools {

// Makes the node for a selector's type name (a widget), or nullptr for a plain Layout of that type.
using NodeFactory = std::function<std::unique_ptr<Layout>(std::string_view type)>;

int runSample(const std::vector<std::string_view>& args, const NodeFactory& factory);
// zenit-style render: the same tree and clock, drawn at one time by the
// software rasteriser on white and written as a PNG of the viewport's size.
int runRender(const std::vector<std::string_view>& args, const NodeFactory& factory);

}  // namespace zenit::tools
