#include "api_client/run_memory.h"

#include <algorithm>
#include <optional>

#include "acl/acl.h"
#include "api_client/tensor_layout.h"
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

// What a host copy of one cell takes: fp32 values, and int64 as well for integer tensors. FLOAT tensors in
// contiguous storage take none: the result reads them in place (runner.cpp).
uint64_t hostCellBytes(const TensorRole& role, aclDataType dtype, Layout layout) {
  if (role.integer()) return 12;
  return dtype == ACL_FLOAT && layout == Layout::kContiguous ? 0 : 4;
}

}  // namespace

struct TensorsMemory {
  uint64_t device = 0, host = 0, largestStaged = 0, largestCells = 0;
};

// `skip`, when set, names a role whose tensor is not made (the twin reads the main call's).
TensorsMemory tensorsOf(const OpInfo& op, const RunRequest& r, const Extents& sizes, Layout layout,
                        std::optional<RoleKind> skip = std::nullopt) {
  TensorsMemory m;
  for (const TensorRole& role : op.tensorRoles()) {
    if (role.kind == skip) continue;
    const std::vector<int64_t> shape = sideShape(op, role.side, sizes);
    const TensorLayout l = makeLayout(shape, layout, sizes.unbatched && op.allowsUnbatched ? 0 : 1);
    const aclDataType dtype = role.integer() ? indexTypeOf(r) : r.dtype;
    const uint64_t storage = static_cast<uint64_t>(std::max<int64_t>(l.storageElems, 0)) * aclDataTypeSize(dtype);
    const uint64_t cells = cellsOf(shape);
    const uint64_t hostCell = hostCellBytes(role, dtype, layout);
    m.device += storage;
    m.host += cells * hostCell;
    if (hostCell > 0) m.largestStaged = std::max(m.largestStaged, storage);
    m.largestCells = std::max(m.largestCells, cells);
  }
  return m;
}

RunMemory estimateRunMemory(const RunRequest& r, const Extents& sizes) {
  const OpInfo& op = opInfo(r.op);
  const TensorsMemory main = tensorsOf(op, r, sizes, r.layout);
  RunMemory need;
  need.deviceBytes = main.device;
  // fp16/bf16 backward sums may accumulate in an fp32 workspace as large as the output.
  if (op.backward && r.dtype != ACL_FLOAT) need.deviceBytes += main.largestCells * 4;
  // One tensor's storage is staged on the host while it is uploaded or read back; the request keeps its
  // explicit inputs throughout.
  need.hostBytes = main.host + main.largestStaged + r.values.size() * sizeof(float) + r.indices.size() * sizeof(int64_t);
  if (op.hasIndices() && op.backward && r.indices.empty()) {  // the forward twin makes the indices
    // Over a contiguous main call it reads that call's input; its own forward output is never read back.
    const TensorsMemory twin =
        tensorsOf(opInfo(op.twin), r, sizes, Layout::kContiguous,
                  r.layout == Layout::kContiguous ? std::optional(RoleKind::kValues) : std::nullopt);
    need.deviceBytes += twin.device;
    need.hostBytes += twin.host;
  }
  need.callerBytes = r.callerHostBytes;
  // What the estimate cannot see: the allocator's rounding and free lists, page tables, the small structures
  // beside the big ones (measured within 1 % of the rest for runs of 40 MB to 600 MB).
  need.hostBytes += (need.deviceBytes + need.hostBytes) / 16 + (uint64_t{16} << 20);
  // The moves, handed from the cores' store to the trace a chunk at a time, and a 4-byte index of each while
  // their order at each cell is counted (tile_runner.cpp).
  if (r.trace) {
    need.traceBytes = std::min<uint64_t>(main.largestCells, Trace{}.maxMoves) * (sizeof(CellMove) + sizeof(uint32_t)) +
                      (uint64_t{1} << 20);
  }
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
  return runner::estimateRunMemory(request, request.shape).total();
}

uint64_t runTensorBytes(const RunRequest& request) {
  return runner::tensorsOf(opInfo(request.op), request, request.shape, request.layout).device;
}

uint64_t runTraceCapBytes(const RunRequest& request) {
  return request.trace ? Trace{}.maxMoves * sizeof(CellMove) : 0;
}

std::string runMemoryProblem(const RunRequest& request, uint64_t extraHostBytes) {
  runner::RunMemory need = runner::estimateRunMemory(request, request.shape);
  need.callerBytes += extraHostBytes;
  return runner::runMemoryProblem(need);
}

}  // namespace gradlab
