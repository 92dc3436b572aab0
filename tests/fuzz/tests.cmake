# Every test build replays the fuzz corpora (seeds plus inputs that once found a bug) through the same
# entry points the libFuzzer targets use, without libFuzzer (replay_main.cpp). See tests/fuzz/README.md.
include(${CMAKE_CURRENT_LIST_DIR}/harness.cmake)

# gradlab_fuzz_replay_<target> runs <target>_fuzzer.cpp's LLVMFuzzerTestOneInput on each file of its
# corpus (corpus/ for api, else corpus-<target>/) and its crash regressions (regressions/<target>/, if any).
function(gradlab_fuzz_replay target)
  set(exe gradlab_fuzz_replay_${target})
  add_executable(${exe} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/replay_main.cpp
                        ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${target}_fuzzer.cpp)
  target_link_libraries(${exe} PRIVATE gradlab_fuzz_program gradlab_warnings ${ARGN})
  set(corpus ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/corpus)
  if(NOT target STREQUAL "api")
    set(corpus ${corpus}-${target})
  endif()
  set(regressions ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/regressions/${target})
  if(NOT EXISTS ${regressions})
    set(regressions "")
  endif()
  add_test(NAME fuzz.replay_${target}_corpus COMMAND ${exe} ${corpus} ${regressions})
  set_tests_properties(fuzz.replay_${target}_corpus PROPERTIES TIMEOUT 600 LABELS "fuzz;runtime;operators"
    ENVIRONMENT "GRADLAB_LOG=off")
endfunction()

gradlab_fuzz_replay(api)
# Not under ThreadSanitizer: the two threads race on the contents of shared device memory (a copy into a
# block a kernel of the other thread writes, two launches writing one output), as a careless program may
# and as a device allows; TSan reports those as data races in the kernels and copies (86 such reports over
# 2,516 campaign inputs, none in the runtime's own state). The runtime's synchronisation is TSan's job in
# RuntimeFreeRace.* and RuntimeFinalizeRace.*, which race frees and aclFinalize with work, not contents.
if(NOT GRADLAB_TSAN)
  gradlab_fuzz_replay(concurrent Threads::Threads)
endif()
# Sessions and lessons are the app's model (viz/model), built with the app.
if(TARGET gradlab_viz)
  gradlab_fuzz_replay(files gradlab_viz)
  gradlab_fuzz_replay(links gradlab_fuzz_links)
endif()

add_executable(gradlab_fuzz_make_seeds ${CMAKE_CURRENT_LIST_DIR}/make_seeds.cpp)
target_link_libraries(gradlab_fuzz_make_seeds PRIVATE gradlab_fuzz_program gradlab_warnings)
