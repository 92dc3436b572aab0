# ctest step: installs the built gradlab into a fresh PREFIX and checks that the package files are there.
# cmake -DBUILD_DIR=<build tree> -DPREFIX=<empty dir to create> -DLIBDIR=<lib> -P install_package.cmake
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD_DIR} --prefix ${PREFIX} failed (${rc}):\n${out}\n${err}")
endif()
foreach(file include/acl/acl.h include/aclnnop/aclnn_upsample_nearest_exact2d_backward.h
             include/aclnnop/aclnn_adaptive_max_pool2d_backward.h ${LIBDIR}/libgradlab.a
             ${LIBDIR}/cmake/gradlab/gradlabConfig.cmake ${LIBDIR}/cmake/gradlab/gradlabConfigVersion.cmake
             ${LIBDIR}/pkgconfig/gradlab.pc ${LIBDIR}/libgradlab_verify.a include/gradlab/ops.h include/gradlab/verify.h
             share/gradlab/golden/upsample_nearest_exact2d.json share/gradlab/golden/adaptive_max_pool2d.json)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "the installed package lacks ${PREFIX}/${file}")
  endif()
endforeach()
message(STATUS "installed gradlab into ${PREFIX}")
