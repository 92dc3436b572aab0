# The Python module's tests (pytest, Debian's python3-pytest; the torch tests need python3-torch), one ctest
# test per file so they run side by side. Label python. Built only where the module is (python/CMakeLists.txt).
if(DEFINED GRADLAB_PYTHON_DIR)
  execute_process(COMMAND ${GRADLAB_PYTHON_EXECUTABLE} -c "import pytest" RESULT_VARIABLE pytest_missing
                  OUTPUT_QUIET ERROR_QUIET)
  if(pytest_missing)
    message(STATUS "gradlab: the Python module's tests need python3-pytest")
  else()
    file(GLOB GRADLAB_PYTHON_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/test_*.py)
    foreach(file ${GRADLAB_PYTHON_TESTS})
      get_filename_component(name ${file} NAME_WE)
      string(REGEX REPLACE "^test_" "" name ${name})
      add_test(NAME python.${name} COMMAND ${GRADLAB_PYTHON_EXECUTABLE} -m pytest -q -p no:cacheprovider ${file})
      set_tests_properties(python.${name} PROPERTIES LABELS python
        ENVIRONMENT "PYTHONPATH=${GRADLAB_PYTHON_DIR};GRADLAB_GOLDEN_DIR=${PROJECT_SOURCE_DIR}/core/verify/golden;PYTHONDONTWRITEBYTECODE=1")
    endforeach()
  endif()
endif()
