# Smoke tests of the gradlab app (only when it is built): headless rendering of the default lesson, the
# no-display fallback, sessions, the Matrix and Code tabs' screenshots, and a real SDL window under xvfb-run taking a
# screenshot.
if(TARGET gradlab)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(GRADLAB_TEST_STB REQUIRED IMPORTED_TARGET stb)
  add_executable(gradlab_png_check ${CMAKE_CURRENT_LIST_DIR}/png_check.cpp)
  target_link_libraries(gradlab_png_check PRIVATE PkgConfig::GRADLAB_TEST_STB gradlab_warnings)

  add_test(NAME app_headless_lesson
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/headless_smoke.sh $<TARGET_FILE:gradlab>
                   $<TARGET_FILE:gradlab_png_check> ${CMAKE_CURRENT_BINARY_DIR}/app_headless)
  set_tests_properties(app_headless_lesson PROPERTIES TIMEOUT 300 ENVIRONMENT "GRADLAB_LOG=off")

  if(TARGET gradlab_class_server)
    add_executable(gradlab_class_probe ${CMAKE_CURRENT_LIST_DIR}/class_probe.cpp)
    target_link_libraries(gradlab_class_probe PRIVATE PkgConfig::CPPHTTPLIB nlohmann_json::nlohmann_json gradlab_warnings)
    add_test(NAME app_class_host
             COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/class_host_smoke.sh $<TARGET_FILE:gradlab>
                     $<TARGET_FILE:gradlab_class_probe> ${CMAKE_CURRENT_BINARY_DIR}/app_class_host)
    set_tests_properties(app_class_host PROPERTIES TIMEOUT 300 ENVIRONMENT "GRADLAB_LOG=off")
  endif()

  add_test(NAME app_bad_arguments
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/arguments_smoke.sh $<TARGET_FILE:gradlab>
                   ${CMAKE_CURRENT_BINARY_DIR}/app_arguments)
  set_tests_properties(app_bad_arguments PROPERTIES TIMEOUT 300 ENVIRONMENT "GRADLAB_LOG=off")

  add_test(NAME app_sessions
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/session_smoke.sh $<TARGET_FILE:gradlab>
                   $<TARGET_FILE:gradlab_png_check> ${CMAKE_CURRENT_BINARY_DIR}/app_sessions)
  set_tests_properties(app_sessions PROPERTIES TIMEOUT 600 ENVIRONMENT "GRADLAB_LOG=off")

  add_test(NAME app_strategies_lesson
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/strategies_smoke.sh $<TARGET_FILE:gradlab>
                   $<TARGET_FILE:gradlab_png_check> ${CMAKE_CURRENT_BINARY_DIR}/app_strategies)
  set_tests_properties(app_strategies_lesson PROPERTIES TIMEOUT 600 ENVIRONMENT "GRADLAB_LOG=off")

  add_test(NAME app_chinese_lessons
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/chinese_smoke.sh $<TARGET_FILE:gradlab>
                   $<TARGET_FILE:gradlab_png_check> ${CMAKE_CURRENT_BINARY_DIR}/app_chinese)
  set_tests_properties(app_chinese_lessons PROPERTIES TIMEOUT 900 ENVIRONMENT "GRADLAB_LOG=off")

  add_test(NAME app_exercises_lesson
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/exercises_smoke.sh $<TARGET_FILE:gradlab>
                   $<TARGET_FILE:gradlab_png_check> ${CMAKE_CURRENT_BINARY_DIR}/app_exercises)
  set_tests_properties(app_exercises_lesson PROPERTIES TIMEOUT 600 ENVIRONMENT "GRADLAB_LOG=off")

  add_test(NAME app_matrix_tab
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/matrix_smoke.sh $<TARGET_FILE:gradlab>
                   $<TARGET_FILE:gradlab_png_check> ${CMAKE_CURRENT_BINARY_DIR}/app_matrix)
  set_tests_properties(app_matrix_tab PROPERTIES TIMEOUT 600 ENVIRONMENT "GRADLAB_LOG=off")

  add_test(NAME app_code_tab
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/code_smoke.sh $<TARGET_FILE:gradlab>
                   $<TARGET_FILE:gradlab_png_check> ${CMAKE_CURRENT_BINARY_DIR}/app_code)
  set_tests_properties(app_code_tab PROPERTIES TIMEOUT 600 ENVIRONMENT "GRADLAB_LOG=off")

  add_test(NAME app_refusal_explained
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/refusal_smoke.sh $<TARGET_FILE:gradlab>
                   $<TARGET_FILE:gradlab_png_check> ${CMAKE_CURRENT_BINARY_DIR}/app_refusal)
  set_tests_properties(app_refusal_explained PROPERTIES TIMEOUT 300 ENVIRONMENT "GRADLAB_LOG=off")

  # The kernel's measure of a process's peak is the program's own only without the sanitizers' shadow memory.
  if(NOT GRADLAB_SANITIZE AND NOT GRADLAB_TSAN AND TARGET gradlab-cli)
    add_test(NAME app_memory_admission
             COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/memory_smoke.sh $<TARGET_FILE:gradlab> $<TARGET_FILE:gradlab-cli>
                     ${CMAKE_CURRENT_BINARY_DIR}/app_memory)
    set_tests_properties(app_memory_admission PROPERTIES TIMEOUT 600 SKIP_RETURN_CODE 77 ENVIRONMENT "GRADLAB_LOG=off")
  endif()

  add_test(NAME app_window_screenshot
           COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/window_smoke.sh $<TARGET_FILE:gradlab>
                   $<TARGET_FILE:gradlab_png_check> ${CMAKE_CURRENT_BINARY_DIR}/app_window)
  set_tests_properties(app_window_screenshot PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77 ENVIRONMENT "GRADLAB_LOG=off")
endif()
