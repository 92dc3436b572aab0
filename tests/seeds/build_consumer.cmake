# ctest step: configures and builds a project outside gradlab from scratch, as a user would:
#   tests/install_consumer  with PREFIX: find_package(gradlab) + the seed programs against the installed
#                           PREFIX (and checks that the package came from PREFIX)
#   tests/toolkit/cann_project  without PREFIX, run through with_set_env.sh: the toolkit from ASCEND_HOME_PATH
# cmake -DSOURCE= -DBUILD= -DGENERATOR= -DMAKE_PROGRAM= -DCXX= -DCXX_FLAGS= -DSEEDS_DIR= [-DPREFIX=] [-DSAMPLES=a,b]
#       -P build_consumer.cmake
file(REMOVE_RECURSE "${BUILD}")
set(configure "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BUILD}" -G "${GENERATOR}" -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DGRADLAB_SEEDS_DIR=${SEEDS_DIR}"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(PREFIX)
  list(APPEND configure "-DCMAKE_PREFIX_PATH=${PREFIX}")
endif()
if(SAMPLES)
  list(APPEND configure "-DSAMPLES=${SAMPLES}")
endif()
if(MAKE_PROGRAM)
  list(APPEND configure "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
execute_process(COMMAND ${configure} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring ${SOURCE} failed (${rc}):\n${out}\n${err}")
endif()
set(found "")
if(PREFIX)
  file(STRINGS "${BUILD}/CMakeCache.txt" found REGEX "^gradlab_DIR:")
  string(FIND "${found}" "${PREFIX}/" at)
  if(NOT at GREATER -1)
    message(FATAL_ERROR "find_package(gradlab) did not use the install in ${PREFIX}: ${found}")
  endif()
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD}" --parallel 2
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building ${SOURCE} (ASCEND_HOME_PATH='$ENV{ASCEND_HOME_PATH}') failed (${rc}):\n${out}\n${err}")
endif()
message(STATUS "built ${SOURCE} ${found}")
