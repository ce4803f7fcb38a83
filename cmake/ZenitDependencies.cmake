# Dependencies: the system's packages first (find_package), FetchContent as
# the fallback on machines that have none (FIND_PACKAGE_ARGS, CMake >= 3.24).
include(FetchContent)
include(GNUInstallDirs)

FetchContent_Declare(fmt
  GIT_REPOSITORY https://github.com/fmtlib/fmt.git
  GIT_TAG        10.2.1
  GIT_SHALLOW    TRUE
  FIND_PACKAGE_ARGS 9)
FetchContent_Declare(glm
  GIT_REPOSITORY https://github.com/g-truc/glm.git
  GIT_TAG        1.0.1
  GIT_SHALLOW    TRUE
  FIND_PACKAGE_ARGS)
FetchContent_MakeAvailable(fmt glm)
if(NOT TARGET glm::glm AND TARGET glm)
  add_library(glm::glm ALIAS glm)
endif()

# stb (stb_truetype for text, stb_image_write for PNG frames) is used as a
# header-only library with static linkage inside src/render, so it never
# leaks symbols to consumers. Debian: libstb-dev.
find_path(ZENIT_STB_INCLUDE_DIR stb_truetype.h PATH_SUFFIXES stb)
if(NOT ZENIT_STB_INCLUDE_DIR)
  FetchContent_Declare(stb
    GIT_REPOSITORY https://github.com/nothings/stb.git
    GIT_TAG        013ac3beddff3dbffafd5177e7972067cd2b5083)
  FetchContent_MakeAvailable(stb)
  set(ZENIT_STB_INCLUDE_DIR "${stb_SOURCE_DIR}")
endif()
add_library(zenit_stb INTERFACE)
target_include_directories(zenit_stb SYSTEM INTERFACE "${ZENIT_STB_INCLUDE_DIR}")

if(ZENIT_WITH_SDL2)
  find_package(SDL2 CONFIG QUIET)
  if(NOT SDL2_FOUND)
    message(STATUS "ZenitUI: SDL2 not found; the window backend is off (headless rendering still works)")
  endif()
endif()
