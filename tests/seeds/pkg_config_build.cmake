# ctest step: compiles one seed program the pkg-config way, with PKG_CONFIG_PATH pointing at the install:
#   PKG_CONFIG_PATH=<prefix>/<libdir>/pkgconfig c++ -std=c++17 seed.cpp $(pkg-config --cflags --libs PACKAGE)
# cmake -DPKG_CONFIG= -DPACKAGE=gradlab|gradlab-static -DPREFIX= -DLIBDIR= -DCXX= -DCXX_FLAGS= -DSOURCE= -DOUTPUT=
#       -P pkg_config_build.cmake
set(ENV{PKG_CONFIG_PATH} "${PREFIX}/${LIBDIR}/pkgconfig")
execute_process(COMMAND "${PKG_CONFIG}" --cflags --libs ${PACKAGE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE flags ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config --cflags --libs ${PACKAGE} failed (${rc}): ${err}")
endif()
string(FIND "${flags}" "${PREFIX}/" at)
if(NOT at GREATER -1)
  message(FATAL_ERROR "pkg-config points outside the install ${PREFIX}: ${flags}")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
separate_arguments(extra UNIX_COMMAND "${CXX_FLAGS}")
get_filename_component(dir "${OUTPUT}" DIRECTORY)
file(MAKE_DIRECTORY "${dir}")
file(REMOVE "${OUTPUT}")
execute_process(COMMAND "${CXX}" ${extra} -std=c++17 "${SOURCE}" ${flags} -o "${OUTPUT}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CXX} -std=c++17 ${SOURCE} <pkg-config flags> failed (${rc}):\n${out}\n${err}")
endif()
list(JOIN flags " " shown)
message(STATUS "built ${OUTPUT} with: ${shown}")
