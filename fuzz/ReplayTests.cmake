# Included from tests/CMakeLists.txt: for every fuzz target, a replay binary
# (the target's source + ReplayMain.cpp, no libFuzzer, any compiler) and a
# test that runs every file of fuzz/corpus/<name>/ through it. Crash inputs
# are checked in there, so each one stays a regression test.
set(_zenit_fuzz_dir "${PROJECT_SOURCE_DIR}/fuzz")
file(GLOB _zenit_fuzz_sources CONFIGURE_DEPENDS "${_zenit_fuzz_dir}/fuzz_*.cpp")
foreach(src IN LISTS _zenit_fuzz_sources)
  get_filename_component(target "${src}" NAME_WE)
  string(REGEX REPLACE "^fuzz_" "" name "${target}")
  if(NOT IS_DIRECTORY "${_zenit_fuzz_dir}/corpus/${name}")
    continue()
  endif()
  add_executable(zenit_replay_${name} "${src}" "${_zenit_fuzz_dir}/ReplayMain.cpp")
  target_link_libraries(zenit_replay_${name} PRIVATE zenit)
  zenit_set_test_warnings(zenit_replay_${name})
  add_test(NAME "fuzz: replay corpus ${name}"
           COMMAND zenit_replay_${name} "${_zenit_fuzz_dir}/corpus/${name}"
           WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
  set_tests_properties("fuzz: replay corpus ${name}" PROPERTIES LABELS fuzz TIMEOUT 120)
endforeach()
