# Every test build replays the fuzz corpus (seeds plus inputs that once found a bug) through the same
# program interpreter the libFuzzer target uses, without libFuzzer. See tests/fuzz/README.md.
include(${CMAKE_CURRENT_LIST_DIR}/harness.cmake)

add_executable(gradlab_fuzz_replay ${CMAKE_CURRENT_LIST_DIR}/replay_main.cpp)
target_link_libraries(gradlab_fuzz_replay PRIVATE gradlab_fuzz_program gradlab_warnings)
add_executable(gradlab_fuzz_make_seeds ${CMAKE_CURRENT_LIST_DIR}/make_seeds.cpp)
target_link_libraries(gradlab_fuzz_make_seeds PRIVATE gradlab_fuzz_program gradlab_warnings)

add_test(NAME fuzz.replay_corpus COMMAND gradlab_fuzz_replay ${CMAKE_CURRENT_LIST_DIR}/corpus)
set_tests_properties(fuzz.replay_corpus PROPERTIES TIMEOUT 120 LABELS "fuzz;runtime;operators"
  ENVIRONMENT "GRADLAB_LOG=off")
