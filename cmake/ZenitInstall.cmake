# Install rules and the exported package: find_package(ZenitUI) then link
# zenit::zenit (and zenit::sdl when the SDL2 backend was built).
include(CMakePackageConfigHelpers)

set(ZENIT_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/ZenitUI")
set(_zenit_targets zenit)
if(TARGET zenit_sdl)
  list(APPEND _zenit_targets zenit_sdl)
  set(ZENIT_HAS_SDL ON)
else()
  set(ZENIT_HAS_SDL OFF)
endif()

install(TARGETS ${_zenit_targets} EXPORT ZenitUITargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/zenit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT ZenitUITargets NAMESPACE zenit:: DESTINATION ${ZENIT_CMAKE_DIR})

configure_package_config_file(cmake/ZenitUIConfig.cmake.in
  "${PROJECT_BINARY_DIR}/ZenitUIConfig.cmake"
  INSTALL_DESTINATION ${ZENIT_CMAKE_DIR})
write_basic_package_version_file("${PROJECT_BINARY_DIR}/ZenitUIConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/ZenitUIConfig.cmake"
              "${PROJECT_BINARY_DIR}/ZenitUIConfigVersion.cmake"
        DESTINATION ${ZENIT_CMAKE_DIR})
