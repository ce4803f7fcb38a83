# Browser conformance (tests/conformance, docs/conformance.md): cases recorded
# in Chromium are replayed through zenit-style by run_conformance.py. One test
# per data set and suite, e.g. "conformance: zenit transitions"; each fails
# when ZenitUI agrees with the browser on less than 95% of its samples (98%
# for selectors and units, issue 31's bar).
# Registered only when the zenit-style tool is built (ZENIT_BUILD_TOOLS) and
# a Python 3 interpreter is found.
if(NOT TARGET zenit-style)
  message(STATUS "ZenitUI: browser conformance tests need zenit-style (ZENIT_BUILD_TOOLS=ON); not registered")
  return()
endif()
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_Interpreter_FOUND)
  message(STATUS "ZenitUI: browser conformance tests need python3; not registered")
  return()
endif()

set(_zenit_conformance "${CMAKE_CURRENT_SOURCE_DIR}/conformance")
foreach(_set chromium zenit)
  foreach(_suite animations transitions easing shorthands selectors units)
    set(_found OFF)
    foreach(_file ${_suite}.json shorthand.json)
      if(_file STREQUAL "shorthand.json" AND NOT _suite STREQUAL "shorthands")
        continue()
      endif()
      if(EXISTS "${_zenit_conformance}/${_set}/${_file}")
        set(_found ON)
      endif()
    endforeach()
    if(NOT _found)
      continue()
    endif()
    set(_name "conformance: ${_set} ${_suite}")
    set(_min 0.95)
    if(_suite STREQUAL "selectors" OR _suite STREQUAL "units")
      set(_min 0.98)
    endif()
    # --jobs 1: CTest already runs tests side by side (-j2 on this project's machines).
    add_test(NAME "${_name}"
      COMMAND "${Python3_EXECUTABLE}" "${_zenit_conformance}/run_conformance.py"
              --tool "$<TARGET_FILE:zenit-style>" --data "${_zenit_conformance}/${_set}"
              --suite ${_suite} --min ${_min} --jobs 1 -v
      WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
    set_tests_properties("${_name}" PROPERTIES LABELS conformance TIMEOUT 600)
  endforeach()
endforeach()

# GSAP parity (tests/gsap, tests/gsap/README.md): cases recorded from GSAP
# 3.15.0 by tests/gsap/generate/record.mjs are replayed through `zenit-style
# gsap` by run_gsap.py; it needs only python3 and the recorded JSON (no node,
# no network). One test per suite, e.g. "gsap: positions"; each fails when
# any of its cases disagrees (all 246 pass: docs/clips.md).
set(_zenit_gsap "${CMAKE_CURRENT_SOURCE_DIR}/gsap")
foreach(_suite_min positions=1.0 stagger=1.0 easing=1.0)
  string(REPLACE "=" ";" _pair "${_suite_min}")
  list(GET _pair 0 _suite)
  list(GET _pair 1 _min)
  if(NOT EXISTS "${_zenit_gsap}/${_suite}.json")
    continue()
  endif()
  add_test(NAME "gsap: ${_suite}"
    COMMAND "${Python3_EXECUTABLE}" "${_zenit_gsap}/run_gsap.py" "$<TARGET_FILE:zenit-style>"
            --data "${_zenit_gsap}" --only ${_suite} --min ${_min} -v
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
  set_tests_properties("gsap: ${_suite}" PROPERTIES LABELS gsap TIMEOUT 300)
endforeach()

# Golden images (tests/golden, docs/conformance.md "Golden images"): each
# case drawn by `zenit-style render` against Chromium's screenshot of it,
# within the tolerance run_golden.py states. One test for all the cases.
add_test(NAME "golden: frames against Chromium's screenshots"
  COMMAND "${Python3_EXECUTABLE}" "${CMAKE_CURRENT_SOURCE_DIR}/golden/run_golden.py"
          --tool "$<TARGET_FILE:zenit-style>"
  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
set_tests_properties("golden: frames against Chromium's screenshots" PROPERTIES LABELS golden TIMEOUT 300)
