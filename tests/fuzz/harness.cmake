# The fuzz program interpreter, shared by the libFuzzer target (CMakeLists.txt, GRADLAB_FUZZ=ON) and the
# corpus replay test of every ordinary test build (tests.cmake).
include_guard(GLOBAL)
add_library(gradlab_fuzz_program STATIC
  ${CMAKE_CURRENT_LIST_DIR}/fuzz_program.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fuzz_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fuzz_contract.cpp
  ${CMAKE_CURRENT_LIST_DIR}/steps_runtime.cpp
  ${CMAKE_CURRENT_LIST_DIR}/steps_tensors.cpp
  ${CMAKE_CURRENT_LIST_DIR}/steps_operators.cpp
  ${CMAKE_CURRENT_LIST_DIR}/steps_introspection.cpp)
# core/src for runtime/error.h: the contract check clears the recent message before each call.
target_include_directories(gradlab_fuzz_program PUBLIC ${CMAKE_CURRENT_LIST_DIR}
                           PRIVATE ${PROJECT_SOURCE_DIR}/core/src ${PROJECT_SOURCE_DIR}/core)  # and "verify/..."
target_link_libraries(gradlab_fuzz_program PUBLIC gradlab::core gradlab::verify PRIVATE gradlab_warnings)

# The files target reads sessions and lessons: the libFuzzer build (no app) compiles the app's model
# (viz/model: no ImGui, no SDL) for it.
if(GRADLAB_FUZZ AND NOT TARGET gradlab_fuzz_viz_model)
  find_package(nlohmann_json 3 REQUIRED)
  file(GLOB GRADLAB_FUZZ_VIZ_MODEL CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/viz/model/*.cpp)
  add_library(gradlab_fuzz_viz_model STATIC ${GRADLAB_FUZZ_VIZ_MODEL})
  target_include_directories(gradlab_fuzz_viz_model PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(gradlab_fuzz_viz_model PUBLIC gradlab::core gradlab::verify Threads::Threads
    PRIVATE nlohmann_json::nlohmann_json gradlab_warnings)
endif()
