# The Python module's tests (pytest, Debian's python3-pytest; the torch tests need python3-torch), one ctest
# test per file so they run side by side. Label python. Built only where the module is (python/CMakeLists.txt).
if(DEFINED GRADLAB_PYTHON_DIR)
  execute_process(COMMAND ${GRADLAB_PYTHON_EXECUTABLE} -c "import pytest" RESULT_VARIABLE pytest_missing
                  OUTPUT_QUIET ERROR_QUIET)
  if(pytest_missing)
    message(STATUS "gradlab: the Python module's tests need python3-pytest")
  else()
    # The pictures come from the app this build makes (GRADLAB_APP), not from one on the PATH.
    set(GRADLAB_PYTHON_TEST_ENV "PYTHONPATH=${GRADLAB_PYTHON_DIR}"
        "GRADLAB_GOLDEN_DIR=${PROJECT_SOURCE_DIR}/verify/golden" "PYTHONDONTWRITEBYTECODE=1")
    if(TARGET gradlab)
      list(APPEND GRADLAB_PYTHON_TEST_ENV "GRADLAB_APP=$<TARGET_FILE:gradlab>")
    endif()
    file(GLOB GRADLAB_PYTHON_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/test_*.py)
    foreach(file ${GRADLAB_PYTHON_TESTS})
      get_filename_component(name ${file} NAME_WE)
      string(REGEX REPLACE "^test_" "" name ${name})
      add_test(NAME python.${name} COMMAND ${GRADLAB_PYTHON_EXECUTABLE} -m pytest -q -p no:cacheprovider ${file})
      set_tests_properties(python.${name} PROPERTIES LABELS python ENVIRONMENT "${GRADLAB_PYTHON_TEST_ENV}")
    endforeach()
    # The notebooks of docs/notebooks, executed as a reader would run them (Debian's jupyter-nbconvert), so they
    # never rot; the executed copies land in the build directory.
    find_program(GRADLAB_NBCONVERT jupyter-nbconvert)
    file(GLOB GRADLAB_NOTEBOOKS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/notebooks/*.ipynb)
    if(GRADLAB_NBCONVERT AND TARGET gradlab)
      foreach(notebook ${GRADLAB_NOTEBOOKS})
        get_filename_component(name ${notebook} NAME_WE)
        add_test(NAME notebook.${name} COMMAND ${GRADLAB_NBCONVERT} --to notebook --execute
                 --ExecutePreprocessor.timeout=600 --output-dir ${CMAKE_BINARY_DIR}/notebooks ${notebook})
        # Jupyter's and IPython's own files in the build directory: a CI home may be read-only.
        set_tests_properties(notebook.${name} PROPERTIES LABELS python ENVIRONMENT
          "${GRADLAB_PYTHON_TEST_ENV};JUPYTER_RUNTIME_DIR=${CMAKE_BINARY_DIR}/notebooks/jupyter;IPYTHONDIR=${CMAKE_BINARY_DIR}/notebooks/ipython")
      endforeach()
    elseif(GRADLAB_NOTEBOOKS)
      message(STATUS "gradlab: the notebooks run as tests where jupyter-nbconvert and python3-ipykernel are installed")
    endif()
  endif()
endif()
