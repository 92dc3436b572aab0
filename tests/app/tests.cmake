# Smoke tests of the gradlab app (only when it is built): headless rendering of the default lesson, the
# no-display fallback, sessions, the Matrix and Code tabs' screenshots, and a real SDL window under xvfb-run taking a
# screenshot.
if(TARGET gradlab)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(GRADLAB_TEST_STB REQUIRED IMPORTED_TARGET stb)
  add_executable(gradlab_png_check ${CMAKE_CURRENT_LIST_DIR}/png_check.cpp)
  target_link_libraries(gradlab_png_check PRIVATE PkgConfig::GRADLAB_TEST_STB gradlab_warnings)

  # NAME runs tests/app/SCRIPT.sh with the app, the PNG checker and a work folder DIR, within TIMEOUT seconds.
  function(gradlab_app_render_test name script dir timeout)
    add_test(NAME ${name}
             COMMAND sh ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${script}.sh $<TARGET_FILE:gradlab>
                     $<TARGET_FILE:gradlab_png_check> ${CMAKE_CURRENT_BINARY_DIR}/${dir})
    set_tests_properties(${name} PROPERTIES TIMEOUT ${timeout} ENVIRONMENT "GRADLAB_LOG=off")
  endfunction()

  gradlab_app_render_test(app_headless_lesson headless_smoke app_headless 300)

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

  gradlab_app_render_test(app_sessions session_smoke app_sessions 600)
  gradlab_app_render_test(app_strategies_lesson strategies_smoke app_strategies 600)
  gradlab_app_render_test(app_chinese_lessons chinese_smoke app_chinese 900)
  gradlab_app_render_test(app_exercises_lesson exercises_smoke app_exercises 600)
  gradlab_app_render_test(app_matrix_tab matrix_smoke app_matrix 600)
  gradlab_app_render_test(app_code_tab code_smoke app_code 600)
  gradlab_app_render_test(app_refusal_explained refusal_smoke app_refusal 300)

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
