// zenit-style gsap: GSAP scripts ported to ZenitUI's clips, staggers and eases.
#pragma once

#include <string_view>
#include <vector>

namespace zenit::tools {

// zenit-style gsap positions|stagger|easing FILE (exit 0 ok, 1 a case could
// not be ported or the file not read, 2 usage error).
int runGsap(const std::vector<std::string_view>& args);

}  // namespace zenit::tools
