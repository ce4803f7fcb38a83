# cmake -DSRC=… -DBIN=… -DMODE=… -DARGS=… [-DCOMPILE_ONLY=ON] -P RunConsumer.cmake
# Configures, builds and runs the consumer; fails on the first step that
# fails. COMPILE_ONLY: configures, and compiles the consumer's source with
# zenit::zenit's usage requirements (target consumer_object) without
# building the library or running anything.
file(REMOVE_RECURSE "${BIN}")
execute_process(COMMAND ${CMAKE_COMMAND} -S "${SRC}" -B "${BIN}" -DZENIT_CONSUME=${MODE} ${ARGS}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "consumer (${MODE}): configure failed")
endif()
if(COMPILE_ONLY)
  execute_process(COMMAND ${CMAKE_COMMAND} --build "${BIN}" --target consumer_object RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "consumer (${MODE}): compiling against zenit::zenit failed")
  endif()
  return()
endif()
# Only what the consumer links: the library, not the optional SDL2 backend.
execute_process(COMMAND ${CMAKE_COMMAND} --build "${BIN}" --target consumer -j2 RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "consumer (${MODE}): build failed")
endif()
execute_process(COMMAND "${BIN}/consumer" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "consumer (${MODE}): the program failed")
endif()
