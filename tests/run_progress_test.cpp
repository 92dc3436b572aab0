// A run's progress and its cancel (gradlab/run_progress.h): a watched launch counts its tiles and stops
// between them once asked, leaving the stream usable; gradlab::run reports its steps and a cancelled run
// says where it stopped.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "acl/acl.h"
#include "gradlab/run_progress.h"
#include "gradlab/runner.h"
#include "planned_call.h"
#include "api_client/random_values.h"
#include "verify/device_tensor.h"

namespace gradlab {
namespace {

using testing::PlannedCall;

// Launches `call` watched by `progress` and synchronizes; returns what the synchronize said.
aclError launchWatched(const OpInfo& op, PlannedCall& call, std::shared_ptr<RunProgress> progress) {
  EXPECT_TRUE(watchExecutor(call.executor(), progress));
  void* workspace = nullptr;
  if (call.workspaceSize() > 0) {
    EXPECT_EQ(aclrtMalloc(&workspace, call.workspaceSize(), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  }
  const aclrtStream stream = verify::RuntimeScope::shared().stream();
  EXPECT_EQ(op.launch(workspace, call.workspaceSize(), call.executor(), stream), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  call.launched();
  const aclError synced = aclrtSynchronizeStream(stream);
  if (workspace) aclrtFree(workspace);
  return synced;
}

TEST(RunProgress, AWatchedLaunchCountsEveryTile) {
  for (const OpInfo& op : allOps()) {
    PlannedCall call(op, "", false);
    ASSERT_EQ(call.status(), ACLNN_SUCCESS) << op.name << ": " << aclGetRecentErrMsg();
    const size_t tiles = call.asPlanned()->tiles.size();
    auto progress = std::make_shared<RunProgress>();
    EXPECT_EQ(launchWatched(op, call, progress), ACL_SUCCESS) << op.name << ": " << aclGetRecentErrMsg();
    EXPECT_EQ(progress->total.load(), tiles) << op.name;
    EXPECT_EQ(progress->done.load(), tiles) << op.name;
  }
}

TEST(RunProgress, ACancelledLaunchRunsNoFurtherTileAndTheStreamGoesOn) {
  const OpInfo& op = opInfo(OpKind::kUpsampleNearestExact2dBackward);
  PlannedCall call(op, "", false);
  ASSERT_EQ(call.status(), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  auto progress = std::make_shared<RunProgress>();
  progress->cancel = true;
  EXPECT_EQ(launchWatched(op, call, progress), ACL_ERROR_RT_INTERNAL_ERROR);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("cancelled after 0 of "), std::string::npos) << aclGetRecentErrMsg();
  EXPECT_EQ(progress->done.load(), 0u);
  PlannedCall next(op, "", false);
  EXPECT_EQ(launchWatched(op, next, std::make_shared<RunProgress>()), ACL_SUCCESS) << "the stream's error was reported once";
}

TEST(RunProgress, ARunReportsItsStepsAndEndsDone) {
  RunRequest r;
  r.op = OpKind::kAdaptiveMaxPool2dBackward;
  r.shape.C = 3, r.shape.in[kH] = r.shape.in[kW] = 9, r.shape.out[kH] = r.shape.out[kW] = 4;
  r.progress = std::make_shared<RunProgress>();
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  EXPECT_EQ(r.progress->currentStep(), RunStep::kDone);
  EXPECT_FALSE(result.cancelled());
  EXPECT_STREQ(runStepName(RunStep::kKernels), "kernels");
}

TEST(RunProgress, ACancelledRunSaysWhereItStoppedAndReturnsNoOutputs) {
  RunRequest r;
  r.progress = std::make_shared<RunProgress>();
  r.progress->cancel = true;
  const RunResult result = run(r);
  EXPECT_TRUE(result.cancelled());
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.message, "cancelled while making the inputs");
  EXPECT_TRUE(result.outputs.empty() || result.outputs.front().values.empty());
  r.progress->cancel = false;
  EXPECT_TRUE(run(r).ok()) << "the next run is whole";
}

// A large input takes seconds to make: its cells count as they are made (not all at once when it is done),
// and a cancel stops the making.
TEST(RunProgress, InputsCountTheirCellsAsTheyAreMadeAndStopWhenCancelled) {
  for (ValueSource source : allValueSources()) {
    std::vector<float> cells(size_t{3} << 20);
    RunProgress counted;
    EXPECT_TRUE(runner::fillSourceValues(source, ACL_FLOAT, 7, 0, cells, 1000, &counted));
    EXPECT_EQ(counted.done.load(), cells.size()) << valueSourceName(source);
    EXPECT_EQ(cells, runner::sourceValues(source, ACL_FLOAT, 7, 0, static_cast<int64_t>(cells.size()), 1000))
        << valueSourceName(source) << ": made in chunks, the values of one pass";
    RunProgress stopped;
    stopped.cancel = true;
    EXPECT_FALSE(runner::fillSourceValues(source, ACL_FLOAT, 7, 0, cells, 1000, &stopped));
    EXPECT_LE(stopped.done.load(), uint64_t{1} << 20) << "one chunk at most, then it stops";
  }
}

}  // namespace
}  // namespace gradlab
