# Runs one gradlab-cli command and checks its exit code and output.
#   cmake -DCOMMAND=<prog|arg|arg...> -DEXPECT_CODE=<n> -DEXPECT_REGEX=<regex> [-DREJECT_REGEX=<regex>] -P run_expect.cmake
# Arguments are separated by '|' so that they survive add_test's list handling.
string(REPLACE "|" ";" command "${COMMAND}")
execute_process(COMMAND ${command} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
if(NOT code STREQUAL "${EXPECT_CODE}")
  message(FATAL_ERROR "exit code ${code}, expected ${EXPECT_CODE}\n--- output ---\n${all}")
endif()
if(DEFINED EXPECT_REGEX AND NOT all MATCHES "${EXPECT_REGEX}")
  message(FATAL_ERROR "output does not match '${EXPECT_REGEX}'\n--- output ---\n${all}")
endif()
if(DEFINED REJECT_REGEX AND NOT REJECT_REGEX STREQUAL "" AND all MATCHES "${REJECT_REGEX}")
  message(FATAL_ERROR "output matches '${REJECT_REGEX}'\n--- output ---\n${all}")
endif()
message(STATUS "exit code ${code} as expected\n${all}")
