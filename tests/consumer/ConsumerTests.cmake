# CTest cases that build tests/consumer against this checkout in the three
# supported ways, with the compiler of this build.
set(_consumer_src "${CMAKE_CURRENT_SOURCE_DIR}/consumer")
set(_consumer_bin "${CMAKE_CURRENT_BINARY_DIR}/consumer")
# The source-building consumers compile the whole library again, so they use
# no build type (no -O, no -g) and no sanitizers: they prove the build works,
# the main test build runs the library under ASan. The package consumer links
# the installed library, which carries the main build's sanitizer flags.
set(_consumer_args
  -G "${CMAKE_GENERATOR}"
  -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
  -DZENIT_SOURCE=${PROJECT_SOURCE_DIR})
set(_consumer_package_args ${_consumer_args} -DCMAKE_BUILD_TYPE=Debug)
if(ZENIT_SANITIZE)
  list(APPEND _consumer_package_args
    "-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined"
    "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined")
endif()

# subdirectory builds the whole library and runs the consumer. fetchcontent
# reaches the same library target through FetchContent, so it configures
# that way and compiles the consumer's source against zenit::zenit, without
# a second build of the library (which took about 290 s of the CI run).
foreach(mode subdirectory fetchcontent)
  set(_compile_only OFF)
  if(mode STREQUAL "fetchcontent")
    set(_compile_only ON)
  endif()
  add_test(NAME "consumer: ${mode}"
    COMMAND ${CMAKE_COMMAND}
      -DSRC=${_consumer_src} -DBIN=${_consumer_bin}/${mode} -DMODE=${mode} -DCOMPILE_ONLY=${_compile_only}
      "-DARGS=${_consumer_args};-DCMAKE_BUILD_TYPE=;-DZENIT_BUILD_TESTS=OFF;-DZENIT_BUILD_EXAMPLES=OFF;-DZENIT_BUILD_TOOLS=OFF"
      -P ${_consumer_src}/RunConsumer.cmake)
  set_tests_properties("consumer: ${mode}" PROPERTIES TIMEOUT 900 LABELS consumer)
endforeach()

add_test(NAME "consumer: install"
  COMMAND ${CMAKE_COMMAND} --install ${PROJECT_BINARY_DIR} --prefix ${_consumer_bin}/prefix)
set_tests_properties("consumer: install" PROPERTIES FIXTURES_SETUP zenit_installed LABELS consumer)
add_test(NAME "consumer: package"
  COMMAND ${CMAKE_COMMAND}
    -DSRC=${_consumer_src} -DBIN=${_consumer_bin}/package -DMODE=package
    "-DARGS=${_consumer_package_args};-DCMAKE_PREFIX_PATH=${_consumer_bin}/prefix"
    -P ${_consumer_src}/RunConsumer.cmake)
set_tests_properties("consumer: package" PROPERTIES FIXTURES_REQUIRED zenit_installed TIMEOUT 600 LABELS consumer)
