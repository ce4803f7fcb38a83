// zenit-style timeline (see Timeline.cpp for the command's contract).
#pragma once

#include <string_view>
#include <vector>

namespace zenit::tools {

// zenit-style timeline FILE NAME [--count N] (exit 0 ok, 1 the sheet has
// errors, NAME is unknown or the clip is refused, 2 usage error).
int runTimeline(const std::vector<std::string_view>& args);

}  // namespace zenit::tools
