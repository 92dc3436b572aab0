# Scenarios that drive the real app with real input (XTest events under Xvfb): tests/ui/README.md.
# One ctest test per scenario file; skipped (77) where there is no xvfb-run.
if(TARGET gradlab)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(GRADLAB_UI_X11 IMPORTED_TARGET x11 xtst)
  pkg_check_modules(GRADLAB_UI_STB IMPORTED_TARGET stb)
  find_package(nlohmann_json 3 REQUIRED)
  if(GRADLAB_UI_X11_FOUND AND GRADLAB_UI_STB_FOUND)
    add_executable(gradlab_ui_driver ${CMAKE_CURRENT_LIST_DIR}/ui_driver_main.cpp ${CMAKE_CURRENT_LIST_DIR}/scenario.cpp
                                     ${CMAKE_CURRENT_LIST_DIR}/app_process.cpp ${CMAKE_CURRENT_LIST_DIR}/x_display.cpp)
    target_link_libraries(gradlab_ui_driver PRIVATE PkgConfig::GRADLAB_UI_X11 PkgConfig::GRADLAB_UI_STB
                                                    nlohmann_json::nlohmann_json gradlab_warnings)
    # It drives the app from outside and links none of gradlab, only the header-only gradlab/no_copy.h.
    target_include_directories(gradlab_ui_driver PRIVATE ${PROJECT_SOURCE_DIR}/core/include)
    file(GLOB GRADLAB_UI_SCENARIOS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/scenarios/*.json)
    foreach(scenario ${GRADLAB_UI_SCENARIOS})
      get_filename_component(name ${scenario} NAME_WE)
      add_test(NAME ui.${name}
               COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_scenarios.sh $<TARGET_FILE:gradlab_ui_driver>
                       $<TARGET_FILE:gradlab> ${CMAKE_CURRENT_BINARY_DIR}/ui ${scenario})
      set_tests_properties(ui.${name} PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77 LABELS ui
                                                 ENVIRONMENT "GRADLAB_LOG=off")
    endforeach()
  else()
    message(STATUS "tests/ui: no X11/XTest or stb development files; the UI scenarios are not built")
  endif()
endif()
