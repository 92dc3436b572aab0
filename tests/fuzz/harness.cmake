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
                           PRIVATE ${PROJECT_SOURCE_DIR}/core/src ${PROJECT_SOURCE_DIR})  # and "verify/..."
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

# The links target reads a page's query as the app's command line: the app's option parser and the web
# build's query reader, without the app.
if(NOT TARGET gradlab_fuzz_links AND (GRADLAB_FUZZ OR TARGET gradlab_viz))
  find_path(GRADLAB_CLI11_INCLUDE CLI/CLI.hpp REQUIRED)
  if(TARGET gradlab_app_options)  # a build with the app: its objects, not a second compile
    add_library(gradlab_fuzz_links STATIC $<TARGET_OBJECTS:gradlab_app_options> $<TARGET_OBJECTS:gradlab_run_options>
                                          ${PROJECT_SOURCE_DIR}/app/web/url_options.cpp)
  else()
    add_library(gradlab_fuzz_links STATIC ${PROJECT_SOURCE_DIR}/app/src/options.cpp
                                          ${PROJECT_SOURCE_DIR}/app/cli/run_options.cpp ${PROJECT_SOURCE_DIR}/app/web/url_options.cpp)
  endif()
  target_include_directories(gradlab_fuzz_links PUBLIC ${PROJECT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/app/src
                             ${PROJECT_SOURCE_DIR}/app/cli ${GRADLAB_CLI11_INCLUDE})
  if(TARGET gradlab_viz)
    target_link_libraries(gradlab_fuzz_links PUBLIC gradlab_viz PRIVATE gradlab_warnings)
  else()
    target_link_libraries(gradlab_fuzz_links PUBLIC gradlab_fuzz_viz_model PRIVATE gradlab_warnings)
  endif()
endif()
