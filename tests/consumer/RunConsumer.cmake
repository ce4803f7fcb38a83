# cmake -DSRC=… -DBIN=… -DMODE=… -DARGS=… -P RunConsumer.cmake
# Configures, builds and runs the consumer; fails on the first step that fails.
file(REMOVE_RECURSE "${BIN}")
execute_process(COMMAND ${CMAKE_COMMAND} -S "${SRC}" -B "${BIN}" -DZENIT_CONSUME=${MODE} ${ARGS}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "consumer (${MODE}): configure failed")
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
