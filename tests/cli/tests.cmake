# gradlab-cli: bad arguments exit 2 with a message, library errors exit 1, good runs check out.
# Only when the CLI is part of the build (app/cli, with GRADLAB_BUILD_APP).
if(NOT TARGET gradlab-cli)
  return()
endif()

set(GRADLAB_CLI_TEST_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli)
set(GRADLAB_CLI_EXPECT ${CMAKE_CURRENT_LIST_DIR}/run_expect.cmake)
file(MAKE_DIRECTORY ${GRADLAB_CLI_TEST_DIR})

# gradlab_cli_test(<name> <exit code> <regex> <args...>)
function(gradlab_cli_test name code regex)
  string(REPLACE ";" "|" args "${ARGN}")
  add_test(NAME cli.${name}
    COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:gradlab-cli>|${args}" -DEXPECT_CODE=${code}
            "-DEXPECT_REGEX=${regex}" -P ${GRADLAB_CLI_EXPECT})
  set_tests_properties(cli.${name} PROPERTIES ENVIRONMENT "GRADLAB_LOG=off" TIMEOUT 300)
endfunction()

# Bad command lines: exit code 2 and a message that says what is wrong.
gradlab_cli_test(missing_op 2 "--op is required")
gradlab_cli_test(unknown_op 2 "unknown operator 'conv2d'" --op conv2d)
gradlab_cli_test(unknown_option 2 "--bogus" --op upsample2d --bogus)
gradlab_cli_test(zero_size 2 "sizes are positive integers" --op upsample2d-backward --in 0x4)
gradlab_cli_test(zero_batch 2 "--n: '0' is not a positive integer" --op upsample2d-backward --n 0)
gradlab_cli_test(seed_negative 2 "expected a whole number from 0 to 18446744073709551615, not '-1'" --op upsample2d-backward --seed=-1)
gradlab_cli_test(seed_past_2p64 2 "not '18446744073709551616'" --op upsample2d-backward --seed 18446744073709551616)
gradlab_cli_test(seed_largest 0 "gradInput" --op upsample2d-backward --in 2x2 --out 4x4 --seed 18446744073709551615)
gradlab_cli_test(wrong_rank 2 "--in needs one size L" --op upsample1d-backward --in 4x4)
gradlab_cli_test(unknown_dtype 2 "'f128' is not a dtype" --op upsample2d-backward --dtype f128)
gradlab_cli_test(dtype_not_in_the_ops_list 2 "--dtype f64: aclnnUpsampleNearestExact2dBackward takes float32, float16 or bfloat16"
                 --op upsample2d-backward --dtype f64)
gradlab_cli_test(double_legacy_backward 0 "gradInput matches the reference bit for bit \\(12 cells, float64\\)"
                 --op upsample-nearest1d-backward --n 2 --c 2 --in 3 --out 8 --dtype f64 --deterministic --check)
gradlab_cli_test(values_ramp 0 "float32 \\[1, 1, 4\\]:[^0-9]+0 +1 +2 +3[^0-9]+float32 \\[1, 1, 2\\]:[^0-9]+1 +5"
                 --op upsample1d-backward --in 2 --out 4 --values ramp --print)
gradlab_cli_test(values_unknown 2 "--values: squares not in" --op upsample1d-backward --values squares)
gradlab_cli_test(list_ops 0 "upsample-nearest2d +aclnnUpsampleNearest2d +kernel ResizeNearestNeighborV2" --list-ops)
# The 3-D pool: INT32 indices by default (Atlas A2/A3 take no other), INT64 refused by the operator's check.
gradlab_cli_test(pool3d_backward_check 0 "gradInput matches the reference bit for bit \\(1260 cells, float32\\)"
                 --op adaptive-max-pool3d-backward --n 2 --c 3 --in 5x7x6 --out 3x4x4 --deterministic --check)
gradlab_cli_test(pool3d_forward_int32 0 "indices +int32 \\[1, 1, 2, 2, 2\\]" --op adaptive-max-pool3d --in 3x4x4 --out 2x2x2)
gradlab_cli_test(pool3d_int64_refused 1 "indices dtype INT64 is not supported \\(expected INT32\\)"
                 --op adaptive-max-pool3d --in 3x4x4 --out 2x2x2 --index-type int64)
gradlab_cli_test(uint8_forward 0 "out matches the reference bit for bit \\(77 cells, uint8\\)"
                 --op upsample2d --in 3x5 --out 7x11 --dtype uint8 --check)
gradlab_cli_test(uint8_backward_refused 2 "aclnnUpsampleNearestExact2dBackward takes float32, float16 or bfloat16"
                 --op upsample2d-backward --dtype uint8)
gradlab_cli_test(unknown_layout 2 "--layout: diagonal not in" --op upsample2d --layout diagonal)
gradlab_cli_test(unknown_device 2 "unknown device profile 'atlas-a9'" --op upsample2d --device atlas-a9)
gradlab_cli_test(bad_device_value 2 "cores=0 is out of range" --op upsample2d --device classroom:cores=0)
gradlab_cli_test(scales_subnormal 2
  "--scales '1e-308': 1e-308 is out of range: a scale is 0 \\(from the sizes\\) or a magnitude from 2.2250738585072014e-308 to"
  --op upsample2d-backward --scales 1e-308)
gradlab_cli_test(scales_overflow 2 "--scales '2,1e400': 1e400 is out of range" --op upsample2d-backward --scales 2,1e400)
gradlab_cli_test(scales_not_a_number 2 "--scales '2,two': 'two' is not a number; expected e.g. 2 or 2,1.5"
  --op upsample2d-backward --scales 2,two)
gradlab_cli_test(scales_nan 2 "--scales 'nan': 'nan' is not a finite number" --op upsample2d-backward --scales nan)
gradlab_cli_test(scales_inf 2 "--scales '2,inf': 'inf' is not a finite number" --op upsample2d-backward --scales 2,inf)
gradlab_cli_test(schedule_not_a_seed 2 "--schedule: 'seed:-1' is not host, N or seed:N" --op upsample2d-backward --schedule seed:-1)
gradlab_cli_test(scales_with_plus 0 "gradInput" --op upsample2d-backward --in 2x2 --out 4x4 --scales +2,2.0)
gradlab_cli_test(too_many_scales 2 "takes one scale" --op upsample1d --scales 2,2)
gradlab_cli_test(scales_on_pool 2 "--scales applies to operators that take scales; AdaptiveMaxPool2d takes none"
  --op adaptive-max-pool2d --scales 2)
gradlab_cli_test(missing_input 2 "--input: File does not exist" --op upsample2d --input ${GRADLAB_CLI_TEST_DIR}/nope.npy)
gradlab_cli_test(float_indices 2 "indices must be integers"
  --op adaptive-max-pool2d-backward --indices ${PROJECT_SOURCE_DIR}/tests/data/npy/f4_le_2x3.npy)
gradlab_cli_test(self_without_forward_input 2 "--self applies to backward operators that read their forward's input"
  --op upsample2d-backward --self ${PROJECT_SOURCE_DIR}/tests/data/npy/f4_1x2x3x4.npy)
gradlab_cli_test(self_shape 2 "has shape \\[1, 2, 3, 4\\] but self is \\[1, 1, 4, 4\\]"
  --op adaptive-max-pool2d-backward --in 4x4 --out 2x2 --self ${PROJECT_SOURCE_DIR}/tests/data/npy/f4_1x2x3x4.npy)
gradlab_cli_test(self_given 0 "gradInput"
  --op adaptive-max-pool2d-backward --c 2 --in 3x4 --out 2x2 --self ${PROJECT_SOURCE_DIR}/tests/data/npy/f4_1x2x3x4.npy)
gradlab_cli_test(input_shape_conflict 2 "but the size options ask for"
  --op upsample2d-backward --n 2 --input ${PROJECT_SOURCE_DIR}/tests/data/npy/f4_1x2x3x4.npy)

# The library refuses: exit code 1 with the status and aclGetRecentErrMsg().
gradlab_cli_test(library_error 1 "failed in GetWorkspaceSize with status 161002: aclnnUpsampleNearestExact2dBackward"
  --op upsample2d-backward --scales -1)
gradlab_cli_test(ratio_limit 1 "status 161002" --op upsample1d-backward --in 1 --out 60)

# --explain: the rule that failed, with the call's numbers, a small ASCII picture and the fix (gradlab/refusal.h),
# one test per rule family; the exit code stays 1 for a library refusal, 2 for bad arguments. (The explanation
# goes to stdout, which run_expect.cmake puts before stderr's one-line error.)
gradlab_cli_test(explain_ratio 1
  "rule: gradOutput at most 50x gradInput along each axis \\[upsample-ratio\\].*gradOutput L 60 / gradInput L 1 = 60 > 50.*=\\|!+ +\\]  60x  \\(at most 50x\\).*out L at most 50.*in L at least 2"
  --op upsample1d-backward --in 1 --out 60 --explain)
gradlab_cli_test(explain_ratio_from_scale 1 "\\[upsample-ratio\\].*scale W = 60: the ratio 1/scale = 0.01667.*alone would be 2x.*scale W at most 50"
  --op upsample2d-backward --in 4x4 --out 8x8 --scales 2,60 --explain)
gradlab_cli_test(explain_negative_scale 1 "\\[negative-scale\\].*scale H = -1 < 0.*scale H = out/in = 8/4 = 2"
  --op upsample2d-backward --scales -1 --explain)
gradlab_cli_test(explain_dtype 2
  "\\[dtype-not-supported\\].*dtype allowed: float32 \\| float16 \\| bfloat16.*asked: +float64 +<- not in the list"
  --op upsample2d-backward --dtype f64 --explain)
gradlab_cli_test(explain_strategy 2 "\\[strategy-unknown\\].*strategy allowed: scatter \\| owner \\| lanes \\| simt \\| cann \\| default.*asked: +cube"
  --op adaptive-max-pool2d-backward --strategy cube --explain)
gradlab_cli_test(explain_device 2 "\\[device-profile-range\\].*ubBytes = 512 B is outside \\[1 KiB, 64 MiB\\].*X \\|\\.+\\|"
  --op upsample2d --device classroom:ub=512 --explain)
gradlab_cli_test(explain_device_unknown 2 "\\[device-profile-unknown\\].*asked: +atlas-a9"
  --op upsample2d --device atlas-a9 --explain)
gradlab_cli_test(explain_pool_overlap 1 "\\[pool-overlap-2\\^24\\].*4097 \\* 4097 = 16785409 > 2\\^24.*H % Ho = 4097 % 2 = 1.*out H a divisor of 4097 \\(e.g. 1 or 17\\)"
  --op adaptive-max-pool2d-backward --in 4097x4097 --out 2x2 --explain)
gradlab_cli_test(explain_index 1 "ACL_ERROR_RT_AICORE_EXCEPTION \\(507015\\) in synchronize.*\\[index-outside-plane\\].*indices\\[0, 0, 1, 0\\] = 10 = 3 \\* 3 \\+ 1: row 3, col 1.*\\| o o \\. \\|.*X +<- indices\\[0, 0, 1, 0\\] = 10"
  --op adaptive-max-pool2d-backward --in 3x3 --out 2x2 --indices ${PROJECT_SOURCE_DIR}/tests/data/npy/i8_nchw_1x1x2x2.npy --explain)
gradlab_cli_test(explain_too_large 1 "\\[tensor-too-large\\].*999999999999 cells > 2\\^34"
  --op upsample1d-backward --in 999999999999 --out 5 --explain)
# Without --explain, or for a bad argument no library rule mirrors, nothing more is printed.
foreach(case "no_flag|1|--op|upsample1d-backward|--in|1|--out|60" "zero_size|2|--op|upsample2d-backward|--in|0x4|--explain")
  string(REPLACE "|" ";" parts "${case}")
  list(POP_FRONT parts name code)
  string(REPLACE ";" "|" args "${parts}")
  add_test(NAME cli.explain_quiet_${name}
    COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:gradlab-cli>|${args}" -DEXPECT_CODE=${code}
            "-DREJECT_REGEX=rule:|explain:" -P ${GRADLAB_CLI_EXPECT})
  set_tests_properties(cli.explain_quiet_${name} PROPERTIES ENVIRONMENT "GRADLAB_LOG=off" TIMEOUT 300)
endforeach()

# Good runs.
gradlab_cli_test(list_profiles 0 "atlas-a2.*atlas-a3.*classroom" --list-profiles)
add_test(NAME cli.bad_environment_device
  COMMAND ${CMAKE_COMMAND} -E env GRADLAB_DEVICE=classroom:cores=zero
          ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:gradlab-cli>|--list-profiles" -DEXPECT_CODE=0
          "-DEXPECT_REGEX=ignoring GRADLAB_DEVICE=\"classroom:cores=zero\"" -P ${GRADLAB_CLI_EXPECT})
set_tests_properties(cli.bad_environment_device PROPERTIES ENVIRONMENT "GRADLAB_LOG=off")
# The case table holds on any device: on one core no row is shared (a case assumed several cores).
add_test(NAME cli.verify_on_one_core
  COMMAND ${CMAKE_COMMAND} -E env GRADLAB_DEVICE=atlas-a2:cores=1
          ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:gradlab-cli>|--verify|--op|upsample2d-backward" -DEXPECT_CODE=0
          "-DEXPECT_REGEX=passed .*, 0 failed" -P ${GRADLAB_CLI_EXPECT})
set_tests_properties(cli.verify_on_one_core PROPERTIES ENVIRONMENT "GRADLAB_LOG=off" TIMEOUT 300)
foreach(op upsample1d-backward upsample2d-backward adaptive-max-pool2d-backward upsample1d upsample2d adaptive-max-pool2d)
  gradlab_cli_test(check_${op} 0 "check: .* matches the reference"
    --op ${op} --n 2 --c 3 --deterministic --layout sliced --device classroom --check)
  gradlab_cli_test(check_default_f16_${op} 0 "check: .* matches the reference"
    --op ${op} --n 2 --c 3 --dtype f16 --layout channels-last --check)
endforeach()
gradlab_cli_test(plan 0 "0 zero .*1 compute .*outside its plane fails the launch.*tile +phase +core.*UB bytes.*per-core load.*imbalance"
  --op adaptive-max-pool2d-backward --in 45x33 --out 7x5 --device classroom:ub=4k --plan)
gradlab_cli_test(traces 0 "wrote Chrome trace.*wrote plan and cell moves"
  --op upsample2d-backward --device classroom --trace ${GRADLAB_CLI_TEST_DIR}/trace.json
  --trace-moves ${GRADLAB_CLI_TEST_DIR}/moves.json)
gradlab_cli_test(save_outputs 0 "saved the tensors"
  --op upsample2d-backward --n 2 --c 3 --in 3x5 --out 7x9 --seed 5 --save-outputs ${GRADLAB_CLI_TEST_DIR}/saved)
gradlab_cli_test(input_from_npy 0 "gradOutput float32 \\[2, 3, 7, 9\\].*gradInput  float32 \\[2, 3, 3, 5\\]"
  --op upsample2d-backward --in 3x5 --input ${GRADLAB_CLI_TEST_DIR}/saved/gradOutput.npy --deterministic --check)
set_tests_properties(cli.save_outputs PROPERTIES FIXTURES_SETUP cli_saved)
set_tests_properties(cli.input_from_npy PROPERTIES FIXTURES_REQUIRED cli_saved)
gradlab_cli_test(verify 0 "verify: [1-9][0-9]* passed \\([1-9][0-9]* golden\\), 0 failed" --verify --op adaptive-max-pool2d-backward)

# The installed gradlab-cli runs the case table with the golden vectors installed beside it (not the source
# tree's): every operator's golden cases counted and passing.
include(GNUInstallDirs)
set(cli_installed ${CMAKE_BINARY_DIR}/seeds/prefix/${CMAKE_INSTALL_BINDIR}/gradlab-cli)
add_test(NAME cli.installed_verify
  COMMAND ${CMAKE_COMMAND} -E env --unset=GRADLAB_GOLDEN_DIR
          ${CMAKE_COMMAND} "-DCOMMAND=${cli_installed}|--verify" -DEXPECT_CODE=0
          "-DEXPECT_REGEX=golden vectors from [^\n]*/seeds/prefix/share/gradlab/golden.*verify: [1-9][0-9]* passed \\([1-9][0-9]* golden\\), 0 failed"
          -P ${GRADLAB_CLI_EXPECT})
set_tests_properties(cli.installed_verify PROPERTIES FIXTURES_REQUIRED gradlab_installed TIMEOUT 300
  LABELS install ENVIRONMENT "GRADLAB_LOG=off")

# Strategies (gradlab/strategy.h): the list names each one with when it runs; the whole case table passes under
# each GRADLAB_STRATEGY.
gradlab_cli_test(list_strategies 0 "upsample2d-backward .*scatter .*gather .*cube .*needs: a device with cube cores.*adaptive-max-pool2d-backward .*scatter .*owner .*lanes"
  --list-strategies)
gradlab_cli_test(unknown_strategy 2 "--strategy cube: adaptive-max-pool2d-backward has scatter, owner, lanes"
  --op adaptive-max-pool2d-backward --strategy cube)
gradlab_cli_test(strategy_note 0 "strategy gather.*note: scatter adds into shared cells with atomic adds.*deterministic mode runs gather"
  --op upsample2d-backward --strategy scatter --deterministic)
gradlab_cli_test(plan_cube 0 "strategy cube \\(CANN's choice\\).*0 select .*1 matmul .*W pass.*2 matmul .*H pass.*AIC 0.*largest cube tile"
  --op upsample2d-backward --in 9x7 --out 20x15 --strategy cann --plan)
# The Ascend 950: CANN's arch35 tiling picks a SIMT schedule, and the check holds it to CANN's windows.
gradlab_cli_test(simt_950_upsample2d 0
  "device ascend950.*strategy simt \\(CANN's choice\\): simt: CANN's arch35 tiling picks schedule 3.*tiling key 259.*64 cells on each of 64 vector cores.*check: gradInput matches the reference bit for bit \\(4096 cells, float32\\).*agree with PyTorch's map"
  --device ascend950 --strategy cann --op upsample2d-backward --in 64x64 --out 128x128 --plan --check)
gradlab_cli_test(simt_950_windows_differ 0
  "strategy simt.*check: gradInput matches the reference bit for bit.*differ from PyTorch's map for this call: gradOutput row 20 goes to gradInput row 1 in CANN's windows, to row 0"
  --device ascend950 --strategy simt --op upsample2d-backward --n 2 --c 3 --in 2x6 --out 41x37 --dtype f16 --check)
gradlab_cli_test(simt_950_pool_backward 0
  "strategy simt \\(CANN's choice\\): simt: CANN's arch35 AdaptiveMaxPool3DGrad.*overlapping windows: one thread per gradOutput cell \\(36864 cells\\) adds its value at its index with an atomic add, 64 block.*check: gradInput matches the reference within the summation bound"
  --device ascend950 --strategy cann --op adaptive-max-pool2d-backward --n 4 --c 16 --in 64x64 --out 24x24 --plan --check)
gradlab_cli_test(simt_950_pool3d_ordered 0
  "deterministic mode and overlapping windows: one thread per plane \\(6 planes\\).*the adds are in FLOAT16, every sum rounded after its add.*check: gradInput matches the reference bit for bit"
  --device ascend950 --strategy cann --op adaptive-max-pool3d-backward --n 2 --c 3 --in 6x6x16 --out 4x3x5 --dtype f16 --deterministic --check)
# Every strategy of every operator on small, ragged and large calls in every dtype is the gtest StrategyMatrix
# (generated from the catalog); here the CLI's --strategy --check path once per backward kind.
gradlab_cli_test(strategy_check_upsample2d 0 "strategy gather.*check: .* matches the reference"
  --op upsample2d-backward --n 2 --c 3 --in 13x9 --out 29x17 --scales 2.3,1.9 --dtype f16 --strategy gather --check)
gradlab_cli_test(strategy_check_upsample1d 0 "strategy cube.*check: .* matches the reference"
  --op upsample1d-backward --n 3 --c 2 --in 37 --out 101 --scales 2.7 --dtype bf16 --strategy cube --check)
gradlab_cli_test(strategy_check_adaptive 0 "strategy lanes.*check: .* matches the reference"
  --op adaptive-max-pool2d-backward --n 2 --c 3 --in 31x17 --out 7x5 --strategy lanes --check)
# The case table under GRADLAB_STRATEGY=each strategy name the catalog's strategy definitions give, and cann.
file(GLOB strategy_definitions CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/core/src/ops/*/strategies.cpp)
set(strategy_names cann)
foreach(definition ${strategy_definitions})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${definition})  # a new strategy reconfigures
  file(STRINGS ${definition} named REGEX "\\.name = \"[a-z0-9-]+\"")
  foreach(line ${named})
    string(REGEX REPLACE ".*\\.name = \"([a-z0-9-]+)\".*" "\\1" name "${line}")
    list(APPEND strategy_names ${name})
  endforeach()
endforeach()
list(REMOVE_DUPLICATES strategy_names)
foreach(strategy ${strategy_names})
  add_test(NAME cli.verify_strategy_${strategy}
    COMMAND ${CMAKE_COMMAND} -E env GRADLAB_STRATEGY=${strategy}
            ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:gradlab-cli>|--verify" -DEXPECT_CODE=0
            "-DEXPECT_REGEX=verify: [1-9][0-9]* passed \\([1-9][0-9]* golden\\), 0 failed" -P ${GRADLAB_CLI_EXPECT})
  set_tests_properties(cli.verify_strategy_${strategy} PROPERTIES ENVIRONMENT "GRADLAB_LOG=off" TIMEOUT 300)
endforeach()

# The case table on the Ascend 950 with CANN's choices: the SIMT kernels where gradlab models them.
add_test(NAME cli.verify_ascend950_cann
  COMMAND ${CMAKE_COMMAND} -E env GRADLAB_DEVICE=ascend950 GRADLAB_STRATEGY=cann
          ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:gradlab-cli>|--verify" -DEXPECT_CODE=0
          "-DEXPECT_REGEX=verify: [1-9][0-9]* passed \\([1-9][0-9]* golden\\), 0 failed" -P ${GRADLAB_CLI_EXPECT})
set_tests_properties(cli.verify_ascend950_cann PROPERTIES ENVIRONMENT "GRADLAB_LOG=off" TIMEOUT 300)

# A real 1 GiB memory cgroup: the largest shapes are refused with a message, never OOM-killed. Skipped
# (exit 77) unless the tests run as root where a cgroup can be made.
add_test(NAME cli.cgroup_1gib_refuses_not_killed
         COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/cgroup_limit.sh $<TARGET_FILE:gradlab-cli>)
set_tests_properties(cli.cgroup_1gib_refuses_not_killed PROPERTIES ENVIRONMENT "GRADLAB_LOG=off" TIMEOUT 300
  SKIP_RETURN_CODE 77 LABELS "cgroup")
