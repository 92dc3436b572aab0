# gradlab_lifecycle_tests: runtime states the shared test process never leaves (before aclInit, after
# aclFinalize, no device set, other devices). A separate binary, so the main suite keeps its runtime.
file(GLOB GRADLAB_LIFECYCLE_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*_test.cpp)
add_executable(gradlab_lifecycle_tests ${GRADLAB_LIFECYCLE_SOURCES})
target_include_directories(gradlab_lifecycle_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/.. ${PROJECT_SOURCE_DIR}/core/src)
target_link_libraries(gradlab_lifecycle_tests PRIVATE gradlab::core GTest::gtest GTest::gtest_main gradlab_warnings)
gtest_discover_tests(gradlab_lifecycle_tests DISCOVERY_TIMEOUT 60 PROPERTIES ENVIRONMENT "GRADLAB_LOG=off"
                     LABELS gtest-binary)  # tests/check.sh runs the binary whole
