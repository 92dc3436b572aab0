# The seeds' sample programs (tests/seeds/*.cpp, copied verbatim) compiled UNMODIFIED against the
# INSTALLED package and run. Fixture chain:
#   seeds.install            cmake --install <build> --prefix <build>/seeds/prefix
#   seeds.find_package_build tests/install_consumer (find_package(gradlab) + gradlab::core) -> 3 programs
#   seeds.pkg_config_build.* c++ -std=c++17 seed000 $(pkg-config --cflags --libs gradlab-static / gradlab)
#   seeds.run.*              each program's stdout and exit status against tests/seeds/*.expected
include(GNUInstallDirs)
set(seeds_work ${CMAKE_BINARY_DIR}/seeds)
set(seeds_prefix ${seeds_work}/prefix)
set(seeds_consumer ${seeds_work}/consumer)
set(seeds_dir ${CMAKE_CURRENT_LIST_DIR})

# The installed static library carries no sanitizer flags; a sanitized build must hand them to the consumer.
set(seeds_cxx_flags "")
if(GRADLAB_SANITIZE)
  set(seeds_cxx_flags "-fsanitize=address,undefined")
elseif(GRADLAB_TSAN)
  set(seeds_cxx_flags "-fsanitize=thread")
endif()
# The seed programs never free their aclIntArrays; that is the sample's leak, not gradlab's.
set(seeds_run_env "ASAN_OPTIONS=detect_leaks=0")

add_test(NAME seeds.install
  COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${CMAKE_BINARY_DIR} -DPREFIX=${seeds_prefix} -DLIBDIR=${CMAKE_INSTALL_LIBDIR}
          -DSHARED=$<TARGET_EXISTS:gradlab_shared> -P ${seeds_dir}/install_package.cmake)
set_tests_properties(seeds.install PROPERTIES FIXTURES_SETUP gradlab_installed TIMEOUT 300 LABELS "seeds;install")

add_test(NAME seeds.find_package_build
  COMMAND ${CMAKE_COMMAND} -DSOURCE=${PROJECT_SOURCE_DIR}/tests/install_consumer -DBUILD=${seeds_consumer}
          -DPREFIX=${seeds_prefix} -DGENERATOR=${CMAKE_GENERATOR} -DMAKE_PROGRAM=${CMAKE_MAKE_PROGRAM}
          -DCXX=${CMAKE_CXX_COMPILER} -DCXX_FLAGS=${seeds_cxx_flags} -DSEEDS_DIR=${seeds_dir}
          -P ${seeds_dir}/build_consumer.cmake)
set_tests_properties(seeds.find_package_build PROPERTIES FIXTURES_REQUIRED gradlab_installed
  FIXTURES_SETUP gradlab_seeds_built TIMEOUT 600 LABELS "seeds;install")

function(gradlab_seed_run name program expected exit_code fixture)
  add_test(NAME seeds.run.${name}
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=${program} -DEXPECTED=${seeds_dir}/${expected} -DEXIT_CODE=${exit_code}
            ${ARGN} -P ${seeds_dir}/run_and_compare.cmake)
  set_tests_properties(seeds.run.${name} PROPERTIES FIXTURES_REQUIRED ${fixture} TIMEOUT 300 LABELS seeds
    ENVIRONMENT "GRADLAB_LOG=off;${seeds_run_env}")
endfunction()

# 000: gradOutput 0..7 (1x1x4x2) -> out 1x1x8x4 with scales 2.0: s = 1/2 per axis, src(o) = floor((o+0.5)*0.5)
# sends rows {0,1}->0, {2,3}->1 and both columns ->0, so out[0][0] = 0+1+2+3 = 6, out[1][0] = 4+5+6+7 = 22.
gradlab_seed_run(seed000_upsample_nearest_exact2d_backward ${seeds_consumer}/seed000_upsample_nearest_exact2d_backward
  seed000_upsample_nearest_exact2d_backward.expected 0 gradlab_seeds_built)
# 004 as printed declares its 4-byte int32 indices ACL_INT64: the 8-byte tensor reaches past its allocation,
# so GetWorkspaceSize refuses it (161002, exit status 161002 % 256 = 234) and says why on stderr.
gradlab_seed_run(seed004_adaptive_max_pool2d_backward ${seeds_consumer}/seed004_adaptive_max_pool2d_backward
  seed004_adaptive_max_pool2d_backward.expected 234 gradlab_seeds_built
  "-DSTDERR_REGEX=aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize: indices")
set_tests_properties(seeds.run.seed004_adaptive_max_pool2d_backward PROPERTIES ENVIRONMENT "GRADLAB_LOG=on;${seeds_run_env}")
gradlab_seed_run(seed004_corrected ${seeds_consumer}/seed004_corrected seed004_corrected.expected 0 gradlab_seeds_built)
if(TARGET gradlab_shared)
  # Linked to gradlab::shared; CMake's build RPATH finds libgradlab.so in the install.
  gradlab_seed_run(seed000_find_package_shared ${seeds_consumer}/seed000_shared
    seed000_upsample_nearest_exact2d_backward.expected 0 gradlab_seeds_built)
endif()

find_program(GRADLAB_PKG_CONFIG NAMES pkg-config pkgconf)
if(GRADLAB_PKG_CONFIG)
  # gradlab-static.pc links libgradlab.a; gradlab.pc says -lgradlab, which takes libgradlab.so where it was
  # built (the program then finds it through LD_LIBRARY_PATH, as any program outside the system's paths).
  set(seeds_pkg_packages gradlab-static)
  if(TARGET gradlab_shared)
    list(APPEND seeds_pkg_packages gradlab)
  endif()
  foreach(package ${seeds_pkg_packages})
    set(seeds_pkg_program ${seeds_work}/pkg-config-${package}/seed000_upsample_nearest_exact2d_backward)
    add_test(NAME seeds.pkg_config_build.${package}
      COMMAND ${CMAKE_COMMAND} -DPKG_CONFIG=${GRADLAB_PKG_CONFIG} -DPACKAGE=${package} -DPREFIX=${seeds_prefix}
              -DLIBDIR=${CMAKE_INSTALL_LIBDIR} -DCXX=${CMAKE_CXX_COMPILER} -DCXX_FLAGS=${seeds_cxx_flags}
              -DSOURCE=${seeds_dir}/seed000_upsample_nearest_exact2d_backward.cpp -DOUTPUT=${seeds_pkg_program}
              -P ${seeds_dir}/pkg_config_build.cmake)
    set_tests_properties(seeds.pkg_config_build.${package} PROPERTIES FIXTURES_REQUIRED gradlab_installed
      FIXTURES_SETUP gradlab_seed_${package} TIMEOUT 600 LABELS "seeds;install")
    gradlab_seed_run(seed000_pkg_config.${package} ${seeds_pkg_program} seed000_upsample_nearest_exact2d_backward.expected
      0 gradlab_seed_${package})
  endforeach()
  if(TARGET gradlab_shared)
    set_tests_properties(seeds.run.seed000_pkg_config.gradlab PROPERTIES ENVIRONMENT
      "GRADLAB_LOG=off;${seeds_run_env};LD_LIBRARY_PATH=${seeds_prefix}/${CMAKE_INSTALL_LIBDIR}")
  endif()
else()
  message(STATUS "pkg-config not found: the seeds.pkg_config_build test is skipped")
endif()
