# ctest step: configures and builds tests/install_consumer (find_package(gradlab) + the seed programs)
# from scratch against the installed PREFIX, and checks that the package came from PREFIX.
# cmake -DSOURCE= -DBUILD= -DPREFIX= -DGENERATOR= -DMAKE_PROGRAM= -DCXX= -DCXX_FLAGS= -DSEEDS_DIR= -P build_consumer.cmake
file(REMOVE_RECURSE "${BUILD}")
set(configure "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BUILD}" -G "${GENERATOR}" -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_PREFIX_PATH=${PREFIX}" "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    "-DGRADLAB_SEEDS_DIR=${SEEDS_DIR}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(MAKE_PROGRAM)
  list(APPEND configure "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
execute_process(COMMAND ${configure} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the consumer project failed (${rc}):\n${out}\n${err}")
endif()
file(STRINGS "${BUILD}/CMakeCache.txt" found REGEX "^gradlab_DIR:")
string(FIND "${found}" "${PREFIX}/" at)
if(NOT at GREATER -1)
  message(FATAL_ERROR "find_package(gradlab) did not use the install in ${PREFIX}: ${found}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD}" --parallel 2
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the seed programs against the installed package failed (${rc}):\n${out}\n${err}")
endif()
message(STATUS "built the seed programs with find_package(gradlab) (${found})")
