# ctest step: installs the built gradlab into a fresh PREFIX and checks that the package files are there.
# cmake -DBUILD_DIR=<build tree> -DPREFIX=<empty dir to create> -DLIBDIR=<lib> -DSHARED=ON|OFF -P install_package.cmake
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
             ${LIBDIR}/libgradlab_refusal.a include/gradlab/refusal.h include/gradlab/refusal_facts.h
             share/gradlab/golden/upsample_nearest_exact2d.json share/gradlab/golden/adaptive_max_pool2d.json
             ${LIBDIR}/pkgconfig/gradlab-static.pc)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "the installed package lacks ${PREFIX}/${file}")
  endif()
endforeach()
# The shared library and the CANN toolkit layout (core/toolkit/toolkit.cmake).
if(SHARED)
  set(toolkit share/gradlab/ascend-toolkit)
  foreach(file ${LIBDIR}/libgradlab.so ${toolkit}/set_env.sh ${toolkit}/latest/include/acl/acl.h
               ${toolkit}/latest/include/aclnn/aclnn_base.h
               ${toolkit}/latest/include/aclnnop/aclnn_upsample_nearest_exact2d_backward.h
               ${toolkit}/latest/lib64/libascendcl.so ${toolkit}/latest/lib64/libnnopbase.so
               ${toolkit}/latest/lib64/libopapi.so ${toolkit}/latest/opp)
    if(NOT EXISTS "${PREFIX}/${file}")
      message(FATAL_ERROR "the installed package lacks ${PREFIX}/${file}")
    endif()
  endforeach()
endif()
message(STATUS "installed gradlab into ${PREFIX}")
