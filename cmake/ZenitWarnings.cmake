# High warning levels for ZenitUI's own targets. Errors only when ZenitUI is
# the top-level project (ZENIT_WERROR), so a consumer's newer compiler never
# breaks their build over a new warning in ours.
function(zenit_set_warnings target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4 /permissive-)
    if(ZENIT_WERROR)
      target_compile_options(${target} PRIVATE /WX)
    endif()
  else()
    target_compile_options(${target} PRIVATE
      -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow
      -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Woverloaded-virtual
      -Wnull-dereference -Wdouble-promotion -Wimplicit-fallthrough)
    if(ZENIT_WERROR)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
endfunction()

# Test code: the same warnings, except two that GCC 12 raises at -O2/-O3 on
# libstdc++ internals inlined into Catch2 and test fixtures (std::string
# copies, streambuf, construct_at), not on anything the tests wrote. The
# library itself keeps both.
function(zenit_set_test_warnings target)
  zenit_set_warnings(${target})
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-null-dereference -Wno-restrict)
  endif()
endfunction()
