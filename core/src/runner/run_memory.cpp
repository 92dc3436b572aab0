#include "runner/run_memory.h"

#include <algorithm>

#include "acl/acl.h"
#include "runner/tensor_layout.h"
#include "runtime/error.h"
#include "runtime/host_memory.h"
#include "runtime/memory.h"
#include "runtime/memory_budget.h"

namespace gradlab::runner {
namespace {

uint64_t cellsOf(const std::vector<int64_t>& shape) {
  uint64_t n = 1;
  for (int64_t d : shape) n *= static_cast<uint64_t>(std::max<int64_t>(d, 0));
  return n;
}

// What a host copy of one cell takes: fp32 values, and int64 as well for integer tensors.
uint64_t hostCellBytes(const TensorRole& role) { return role.integer() ? 12 : 4; }

struct TensorsMemory {
  uint64_t device = 0, host = 0, largestStorage = 0, largestCells = 0;
};

TensorsMemory tensorsOf(const OpInfo& op, const RunRequest& r, const OpSizes& sizes, Layout layout) {
  TensorsMemory m;
  for (const TensorRole& role : op.tensorRoles()) {
    const std::vector<int64_t> shape = sideShape(op, role.side, sizes);
    const TensorLayout l = makeLayout(shape, layout, sizes.unbatched ? 0 : 1);
    const uint64_t storage =
        static_cast<uint64_t>(std::max<int64_t>(l.storageElems, 0)) * aclDataTypeSize(role.integer() ? r.indexType : r.dtype);
    const uint64_t cells = cellsOf(shape);
    m.device += storage;
    m.host += cells * hostCellBytes(role);
    m.largestStorage = std::max(m.largestStorage, storage);
    m.largestCells = std::max(m.largestCells, cells);
  }
  return m;
}

}  // namespace

RunMemory estimateRunMemory(const RunRequest& r, const OpSizes& sizes) {
  const OpInfo& op = opInfo(r.op);
  const TensorsMemory main = tensorsOf(op, r, sizes, r.layout);
  RunMemory need;
  need.deviceBytes = main.device;
  // fp16/bf16 backward sums may accumulate in an fp32 workspace as large as the output.
  if (op.backward && r.dtype != ACL_FLOAT) need.deviceBytes += main.largestCells * 4;
  // One tensor's storage is staged on the host while it is uploaded or read back; the request keeps its
  // explicit inputs throughout.
  need.hostBytes = main.host + main.largestStorage + r.values.size() * sizeof(float) + r.indices.size() * sizeof(int64_t);
  if (op.hasIndices() && op.backward && r.indices.empty()) {  // the forward twin makes the indices
    const TensorsMemory twin = tensorsOf(opInfo(op.twin), r, sizes, Layout::kContiguous);
    need.deviceBytes += twin.device;
    need.hostBytes += twin.host;
  }
  need.callerBytes = r.callerHostBytes;
  // The cores' lists of moves and the trace's merged one, briefly both (measured: 1.23x the moves at the cap).
  if (r.trace) need.traceBytes = std::min<uint64_t>(main.largestCells, Trace{}.maxMoves) * sizeof(CellMove) * 2;
  return need;
}

std::string runMemoryProblem(const RunMemory& need) {
  const rt::MemoryBudget budget = rt::deviceMemoryBudget();
  const uint64_t inUse = rt::DeviceMemory::instance().liveBytes();
  const uint64_t room = budget.bytes > inUse ? budget.bytes - inUse : 0;
  if (budget.problem.empty() && need.deviceBytes > room) {
    return rt::cat("the run needs about ", need.deviceBytes, " bytes of device memory (its tensors and workspace) but ",
                   "the device memory budget of ", budget.bytes, " bytes (", budget.source, ") has ", room,
                   " bytes free; ask for smaller sizes");
  }
  const rt::HostMemory host = rt::hostMemoryAvailable();
  if (need.total() > host.availableBytes) {
    return rt::cat("the run needs about ", need.total(), " bytes of host memory at its peak (", need.deviceBytes,
                   " for the device tensors, ", need.hostBytes, " for host copies, ", need.traceBytes,
                   " for the trace", need.callerBytes > 0 ? rt::cat(", ", need.callerBytes, " for what the caller holds beside it") : "",
                   ") but the host can give only ", host.availableBytes, " bytes now (", host.source,
                   ")", need.traceBytes > 0 ? "; a run without the trace needs less" : "");
  }
  return {};
}

}  // namespace gradlab::runner

namespace gradlab {

uint64_t runMemoryNeed(const RunRequest& request) {
  return runner::estimateRunMemory(request, sizesOf(request)).total();
}

std::string runMemoryProblem(const RunRequest& request, uint64_t extraHostBytes) {
  runner::RunMemory need = runner::estimateRunMemory(request, sizesOf(request));
  need.callerBytes += extraHostBytes;
  return runner::runMemoryProblem(need);
}

}  // namespace gradlab
