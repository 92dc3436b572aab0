# gradlab as a drop-in CANN toolkit (core/toolkit): the shared library exports the API and nothing else,
# and CANN-style build files build the sample programs against the installed toolkit layout.
#   shared.*   in the build tree (every check.sh stage, sanitizers included): the sample programs and
#              gradlab-cli-shared --verify linked against libgradlab.so, and its exports read with nm -D
#   toolkit.*  against the install of seeds.install, after `source set_env.sh`: the three lib64 libraries'
#              exports, a CANN-style CMake project and a plain compiler line, each sample's output
if(NOT TARGET gradlab_shared)
  return()
endif()
set(toolkit_tests ${CMAKE_CURRENT_LIST_DIR})
set(toolkit_samples_dir ${PROJECT_SOURCE_DIR}/tests/seeds)
# The documentation's sample programs; each prints <name>.expected and exits 0 unless set here.
set(toolkit_samples seed000_upsample_nearest_exact2d_backward seed004_adaptive_max_pool2d_backward seed004_corrected
    legacy_nearest2d_backward_sample)
set(toolkit_exit_seed004_adaptive_max_pool2d_backward 234)
set(toolkit_stderr_seed004_adaptive_max_pool2d_backward "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize: indices")

# One sample's run: stdout against <name>.expected, the exit status, stderr where a regex is set. The
# samples leak their aclIntArrays (their own leak, not gradlab's); GRADLAB_LOG=on lets 004 say why it fails.
function(toolkit_sample_test test_name sample program)
  set(exit_code 0)
  if(DEFINED toolkit_exit_${sample})
    set(exit_code ${toolkit_exit_${sample}})
  endif()
  set(extra "")
  if(DEFINED toolkit_stderr_${sample})
    set(extra "-DSTDERR_REGEX=${toolkit_stderr_${sample}}")
  endif()
  add_test(NAME ${test_name} COMMAND ${ARGN} ${CMAKE_COMMAND} -DPROGRAM=${program}
    -DEXPECTED=${toolkit_samples_dir}/${sample}.expected -DEXIT_CODE=${exit_code} ${extra}
    -P ${toolkit_samples_dir}/run_and_compare.cmake)
  set_tests_properties(${test_name} PROPERTIES TIMEOUT 300 ENVIRONMENT "GRADLAB_LOG=on;ASAN_OPTIONS=detect_leaks=0")
endfunction()

# --- in the build tree -----------------------------------------------------------------------------------
foreach(sample ${toolkit_samples})
  add_executable(shared_${sample} ${toolkit_samples_dir}/${sample}.cpp)
  target_link_libraries(shared_${sample} PRIVATE gradlab_shared)
  target_include_directories(shared_${sample} PRIVATE ${PROJECT_SOURCE_DIR}/core/include/aclnnop)
  toolkit_sample_test(shared.run.${sample} ${sample} $<TARGET_FILE:shared_${sample}>)
  set_tests_properties(shared.run.${sample} PROPERTIES LABELS shared)
endforeach()

add_test(NAME shared.exports COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DINCLUDE_DIR=${PROJECT_SOURCE_DIR}/core/include
  -DLIBS=$<TARGET_FILE:gradlab_shared> -P ${toolkit_tests}/check_exports.cmake)
set_tests_properties(shared.exports PROPERTIES LABELS shared TIMEOUT 300)

# gradlab-cli's own objects and the case table, their core from libgradlab.so (app/cli/CMakeLists.txt):
# every C++ API call they make must be exported, and the whole case table passes through the shared build.
if(TARGET gradlab-cli-shared)
  add_test(NAME shared.cli_verify COMMAND gradlab-cli-shared --verify)
  set_tests_properties(shared.cli_verify PROPERTIES LABELS shared TIMEOUT 900 ENVIRONMENT "GRADLAB_LOG=off"
    PASS_REGULAR_EXPRESSION "verify: [0-9]+ passed \\([0-9]+ golden\\), 0 failed")
endif()

# --- against the installed toolkit -----------------------------------------------------------------------
include(GNUInstallDirs)
set(toolkit_root ${CMAKE_BINARY_DIR}/seeds/prefix/${CMAKE_INSTALL_DATADIR}/gradlab/ascend-toolkit)
set(toolkit_work ${CMAKE_BINARY_DIR}/toolkit)
set(with_set_env bash ${toolkit_tests}/with_set_env.sh ${toolkit_root})
# As in tests/seeds: the installed libraries carry the build's sanitizer, so the programs need it too.
set(toolkit_cxx_flags "")
if(GRADLAB_SANITIZE)
  set(toolkit_cxx_flags "-fsanitize=address,undefined")
elseif(GRADLAB_TSAN)
  set(toolkit_cxx_flags "-fsanitize=thread")
endif()

set(toolkit_lib64 ${toolkit_root}/latest/lib64)
add_test(NAME toolkit.exports COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DINCLUDE_DIR=${PROJECT_SOURCE_DIR}/core/include
  -DLIBS=${toolkit_lib64}/libascendcl.so,${toolkit_lib64}/libnnopbase.so,${toolkit_lib64}/libopapi.so
  -P ${toolkit_tests}/check_exports.cmake)
set_tests_properties(toolkit.exports PROPERTIES FIXTURES_REQUIRED gradlab_installed TIMEOUT 300 LABELS "seeds;install")

list(JOIN toolkit_samples "," toolkit_sample_list)
add_test(NAME toolkit.cmake_project_build COMMAND ${with_set_env} ${CMAKE_COMMAND}
  -DSOURCE=${toolkit_tests}/cann_project -DBUILD=${toolkit_work}/cmake-project -DGENERATOR=${CMAKE_GENERATOR}
  -DMAKE_PROGRAM=${CMAKE_MAKE_PROGRAM} -DCXX=${CMAKE_CXX_COMPILER} -DCXX_FLAGS=${toolkit_cxx_flags}
  -DSEEDS_DIR=${toolkit_samples_dir} -DSAMPLES=${toolkit_sample_list} -P ${toolkit_samples_dir}/build_consumer.cmake)
set_tests_properties(toolkit.cmake_project_build PROPERTIES FIXTURES_REQUIRED gradlab_installed
  FIXTURES_SETUP toolkit_cmake_built TIMEOUT 600 LABELS "seeds;install")

add_test(NAME toolkit.compiler_line_build COMMAND ${with_set_env} bash ${toolkit_tests}/gxx_build.sh
  ${CMAKE_CXX_COMPILER} "FLAGS=${toolkit_cxx_flags}" ${toolkit_samples_dir} ${toolkit_work}/compiler-line ${toolkit_samples})
set_tests_properties(toolkit.compiler_line_build PROPERTIES FIXTURES_REQUIRED gradlab_installed
  FIXTURES_SETUP toolkit_line_built TIMEOUT 600 LABELS "seeds;install")

foreach(sample ${toolkit_samples})
  toolkit_sample_test(toolkit.run.cmake_project.${sample} ${sample} ${toolkit_work}/cmake-project/${sample}
    ${with_set_env})
  set_tests_properties(toolkit.run.cmake_project.${sample} PROPERTIES FIXTURES_REQUIRED toolkit_cmake_built
    LABELS "seeds;install")
  toolkit_sample_test(toolkit.run.compiler_line.${sample} ${sample} ${toolkit_work}/compiler-line/${sample}
    ${with_set_env})
  set_tests_properties(toolkit.run.compiler_line.${sample} PROPERTIES FIXTURES_REQUIRED toolkit_line_built
    LABELS "seeds;install")
endforeach()
