// gradlab's Python extension (_gradlab): the operator catalog as data, and one generic call of any catalog
// operator on numpy arrays. The arrays are lent to the emulated device (gradlab/host_loan.h): the operator
// reads its inputs and writes its outputs where numpy keeps them, with no copy. Everything Python users
// see by name (one function per operator, Refused, the Run object) is written in gradlab/__init__.py over
// these few calls.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "gradlab/host_loan.h"
#include "gradlab/ops.h"
#include "gradlab/plan.h"
#include "gradlab/refusal.h"
#include "gradlab/runner.h"
#include "gradlab/trace.h"
#include "i18n/language.h"

namespace py = pybind11;

namespace gradlab::python {
namespace {

// numpy's dtypes and the aclDataType each one is, both ways: numpy's kind letter and item size, and its name.
struct NumpyType {
  aclDataType acl;
  char kind;
  int size;
  const char* name;
};
constexpr NumpyType kNumpyTypes[] = {
    {ACL_FLOAT, 'f', 4, "float32"},  {ACL_FLOAT16, 'f', 2, "float16"}, {ACL_DOUBLE, 'f', 8, "float64"},
    {ACL_INT8, 'i', 1, "int8"},      {ACL_INT16, 'i', 2, "int16"},     {ACL_INT32, 'i', 4, "int32"},
    {ACL_INT64, 'i', 8, "int64"},    {ACL_UINT8, 'u', 1, "uint8"},     {ACL_UINT16, 'u', 2, "uint16"},
    {ACL_UINT32, 'u', 4, "uint32"},  {ACL_UINT64, 'u', 8, "uint64"},   {ACL_BOOL, 'b', 1, "bool"},
    {ACL_COMPLEX64, 'c', 8, "complex64"}, {ACL_COMPLEX128, 'c', 16, "complex128"},
};

// The aclDataType of a numpy array; `bf16`: a 2-byte integer array holds bfloat16 bit patterns.
aclDataType aclTypeOf(const py::array& a, bool bf16) {
  const char kind = a.dtype().kind();
  const auto size = a.itemsize();
  if (bf16) {
    if ((kind == 'u' || kind == 'i') && size == 2) return ACL_BF16;
    throw py::type_error("dtype=\"bf16\" takes bfloat16 bit patterns in a uint16 (or int16) array, not " +
                         std::string(py::str(a.dtype())));
  }
  for (const NumpyType& t : kNumpyTypes) {
    if (t.kind == kind && t.size == size) return t.acl;
  }
  throw py::type_error("numpy dtype " + std::string(py::str(a.dtype())) + " has no aclDataType");
}

// The numpy dtype an output of `type` is returned as (bfloat16 as its uint16 bit patterns). Each is made from
// its name once, under the GIL, and kept for the life of the process: dtype("float32") parses the name.
py::dtype numpyTypeOf(aclDataType type) {
  constexpr size_t kCount = std::size(kNumpyTypes);
  static const auto* dtypes = [] {
    auto* made = new std::vector<py::dtype>;
    for (const NumpyType& t : kNumpyTypes) made->emplace_back(t.name);
    return made;
  }();
  const aclDataType as = type == ACL_BF16 ? ACL_UINT16 : type;
  for (size_t i = 0; i < kCount; ++i) {
    if (kNumpyTypes[i].acl == as) return (*dtypes)[i];
  }
  return (*dtypes)[0];  // float32
}

std::vector<int64_t> shapeOf(const py::array& a) { return {a.shape(), a.shape() + a.ndim()}; }

// One tensor of the call: the numpy array it lives in and the aclTensor over it.
struct Operand {
  py::array array;
  aclDataType type = ACL_FLOAT;
  aclTensor* tensor = nullptr;
  const std::byte* first = nullptr;  // its bytes: [first, last)
  const std::byte* last = nullptr;
};

void destroy(std::vector<Operand>& operands) {
  for (Operand& o : operands) {
    if (o.tensor) aclDestroyTensor(o.tensor);
    o.tensor = nullptr;
  }
}

// An aclTensor over the array's own bytes: its strides (in elements) as they are, cell 0 where numpy keeps it.
Operand operandOver(py::array array, aclDataType type, aclFormat format) {
  Operand o;
  o.array = std::move(array);
  o.type = type;
  const auto item = o.array.itemsize();
  // aclTensor strides are never negative: a reversed view is copied first (the only input ever copied).
  for (py::ssize_t d = 0; d < o.array.ndim(); ++d) {
    if (o.array.strides()[d] < 0) o.array = py::array::ensure(o.array, py::array::c_style);
  }
  std::vector<int64_t> dims = shapeOf(o.array), strides(dims.size());
  int64_t storage = 1;
  bool empty = false;
  for (size_t d = 0; d < dims.size(); ++d) {
    const auto bytes = o.array.strides()[d];
    if (bytes % item != 0) {
      throw py::value_error("an array's strides must be multiples of its item size (" +
                            std::to_string(item) + " bytes), not " + std::to_string(bytes));
    }
    strides[d] = bytes / item;
    empty = empty || dims[d] == 0;
    storage += (dims[d] - 1) * strides[d];
  }
  if (empty) storage = 0;
  auto* data = static_cast<std::byte*>(o.array.mutable_data());
  o.first = data;
  o.last = data + storage * item;
  o.tensor = aclCreateTensor(dims.data(), dims.size(), type, strides.data(), 0, format, &storage, 1,
                             storage > 0 ? data : nullptr);
  return o;
}

// Lends every byte the operands touch, overlapping ranges once as their union (a view and its base in one
// call). A range another thread has lent at the same moment is not lent twice: false, and the caller copies.
bool lendAll(const std::vector<Operand*>& operands, std::vector<std::shared_ptr<const void>>* loans) {
  std::vector<std::pair<const std::byte*, const std::byte*>> ranges;
  for (const Operand* o : operands) {
    if (o->last > o->first) ranges.emplace_back(o->first, o->last);
  }
  std::sort(ranges.begin(), ranges.end());
  std::vector<std::pair<const std::byte*, const std::byte*>> merged;
  for (const auto& r : ranges) {
    if (!merged.empty() && r.first <= merged.back().second) {
      merged.back().second = std::max(merged.back().second, r.second);
    } else {
      merged.push_back(r);
    }
  }
  for (const auto& [first, last] : merged) {
    std::string refusal;
    auto loan = lendHostMemory(const_cast<std::byte*>(first), static_cast<size_t>(last - first), &refusal);
    if (!loan) return false;
    loans->push_back(std::move(loan));
  }
  return true;
}

// What a call came to: its outputs or why it was refused, its plan and trace, and what explain() needs.
struct Outcome {
  int status = 0;
  std::string stage, message;
  RefusalFacts refusal;
  std::vector<py::array> outputs;
  std::shared_ptr<const Plan> plan;
  std::shared_ptr<Trace> trace;
  uint64_t workspaceBytes = 0;
  double wallMs = 0.0;
  std::unique_ptr<RunRequest> request;  // a refused call as gradlab-cli would make it: explain() reads it

  std::string explain(const std::string& lang) const {
    const auto language = i18n::parseLanguage(lang);
    if (!language) throw py::value_error("lang must be \"en\" or \"zh\", not \"" + lang + "\"");
    RunResult result;
    result.status = status;
    result.stage = stage;
    result.message = message;
    result.refusal = refusal;
    const i18n::Language before = i18n::language();
    i18n::setLanguage(*language);
    std::string text = refusal::text(refusal::explain(request ? *request : RunRequest{}, result));
    i18n::setLanguage(before);
    return text;
  }
};

struct CallOptions {
  std::optional<bool> deterministic;
  std::optional<std::string> strategy, device, schedule, accumulate;
  bool bf16 = false;          // 2-byte integer value arrays hold bfloat16
  std::string indexDtype = "int64";  // written indices
  bool trace = false;
  bool plan = false;  // Outcome::plan (gradlab.run); a plain call does without the copy
};

OpArgs argsFor(const CallOptions& options) {
  OpArgs args;
  args.deterministic = options.deterministic;
  args.strategy = options.strategy;
  if (options.device) {
    DeviceProfile profile;
    std::string error;
    if (!parseProfileSpec(*options.device, &profile, &error)) throw py::value_error("device: " + error);
    args.profile = profile;
  }
  if (options.schedule) {
    args.schedule = parseSchedule(*options.schedule);
    if (!args.schedule) throw py::value_error("schedule must be \"host\" or \"seed:N\", not \"" + *options.schedule + "\"");
  }
  if (options.accumulate) {
    args.accumulate = parseAccumulation(*options.accumulate);
    if (!args.accumulate) {
      throw py::value_error("accumulate must be \"fp32\" or \"dtype\", not \"" + *options.accumulate + "\"");
    }
  }
  return args;
}

// The shape of the output `role`: inputSize for the input side where the operator takes it, else the shape of
// the tensor read on the same side, else the other side's with its spatial sizes replaced by outputSize.
std::vector<int64_t> outputShape(const OpInfo& op, const TensorRole& role, const std::vector<Operand>& operands,
                                 const std::vector<int64_t>& outputSize, const std::vector<int64_t>& inputSize) {
  if (role.side == Side::kIn && op.takesInputSize) return inputSize;
  for (int i = 0; i < op.roleCount; ++i) {
    const TensorRole& r = op.roles[i];
    if (!r.written() && r.side == role.side && r.kind != RoleKind::kIndices) return shapeOf(operands[i].array);
  }
  for (int i = 0; i < op.roleCount; ++i) {
    if (!op.roles[i].written()) {
      std::vector<int64_t> shape = shapeOf(operands[i].array);
      shape.resize(shape.size() > static_cast<size_t>(op.spatialRank) ? shape.size() - op.spatialRank : 0);
      shape.insert(shape.end(), outputSize.begin(), outputSize.end());
      return shape;
    }
  }
  return outputSize;
}

std::unique_ptr<Outcome> call(size_t opIndex, std::vector<py::array> inputs,
                              std::optional<std::vector<int64_t>> outputSize, std::optional<std::vector<int64_t>> inputSize,
                              std::vector<double> scales, const CallOptions& options) {
  if (opIndex >= allOps().size()) throw py::value_error("no operator " + std::to_string(opIndex));
  const OpInfo* op = &allOps()[opIndex];
  ensureRuntime();
  auto out = std::make_unique<Outcome>();
  OpArgs args = argsFor(options);

  // The tensors read, in role order.
  std::vector<Operand> operands(op->roleCount);
  struct Guard {
    std::vector<Operand>& o;
    ~Guard() { destroy(o); }
  } guard{operands};
  const bool unbatched = !inputs.empty() && inputs[0].ndim() == 3 && op->allowsUnbatched;
  const aclFormat format = sideFormat(*op, unbatched);
  aclDataType valueType = ACL_FLOAT;
  size_t next = 0;
  for (int i = 0; i < op->roleCount; ++i) {
    const TensorRole& role = op->roles[i];
    if (role.written()) continue;
    if (next >= inputs.size()) throw py::type_error(std::string(op->name) + " needs its " + role.name + " tensor");
    py::array& a = inputs[next++];
    const aclDataType type = aclTypeOf(a, options.bf16 && !role.integer());
    if (role.kind == RoleKind::kValues) valueType = type;
    operands[i] = operandOver(a, type, format);
  }
  if (next != inputs.size()) throw py::type_error(std::string(op->name) + " takes " + std::to_string(next) + " tensors");
  const std::vector<int64_t> outSize = outputSize.value_or(std::vector<int64_t>{});
  const std::vector<int64_t> inSize = inputSize.value_or(std::vector<int64_t>{});

  // The outputs: fresh numpy arrays, their bytes set as fresh device memory is (all ones: NaN), so a cell no
  // kernel writes shows.
  const std::optional<aclDataType> indexType = options.indexDtype == "int64"   ? ACL_INT64
                                               : options.indexDtype == "int32" ? ACL_INT32
                                                                               : std::optional<aclDataType>{};
  if (!indexType) {
    throw py::value_error("indices_dtype must be \"int64\" or \"int32\", not \"" + options.indexDtype + "\"");
  }
  for (int i = 0; i < op->roleCount; ++i) {
    const TensorRole& role = op->roles[i];
    if (!role.written()) continue;
    const std::vector<int64_t> shape = outputShape(*op, role, operands, outSize, inSize);
    for (int64_t d : shape) {
      if (d < 0) throw py::value_error(std::string(role.name) + " would have a negative size: " + shapeText(shape));
    }
    const aclDataType type = role.integer() ? *indexType : valueType;
    py::array a(numpyTypeOf(type), std::vector<py::ssize_t>(shape.begin(), shape.end()));
    std::memset(a.mutable_data(), 0xFF, static_cast<size_t>(a.nbytes()));
    operands[i] = operandOver(std::move(a), type, format);
  }

  // Lend the arrays; inputs another thread has lent right now are copied first (the only copy ever made).
  std::vector<Operand*> all;
  for (Operand& o : operands) all.push_back(&o);
  std::vector<std::shared_ptr<const void>> loans;
  if (!lendAll(all, &loans)) {
    loans.clear();
    for (int i = 0; i < op->roleCount; ++i) {
      if (op->roles[i].written()) continue;
      Operand& o = operands[i];
      aclDestroyTensor(o.tensor);
      o = operandOver(py::array::ensure(o.array.attr("copy")()), o.type, format);
    }
    if (!lendAll(all, &loans)) throw std::runtime_error("gradlab could not lend the arrays to the device");
  }

  for (int i = 0; i < op->roleCount; ++i) args.tensors[i] = operands[i].tensor;
  aclIntArray* outArray = op->takesOutputSize && outputSize ? aclCreateIntArray(outSize.data(), outSize.size()) : nullptr;
  aclIntArray* inArray = op->takesInputSize && inputSize ? aclCreateIntArray(inSize.data(), inSize.size()) : nullptr;
  args.outputSize = outArray;
  args.inputSize = inArray;
  for (size_t s = 0; s < scales.size() && s < args.scales.size(); ++s) args.scales[s] = scales[s];
  if (options.trace) out->trace = std::make_shared<Trace>();

  CallOutcome called;
  {
    py::gil_scoped_release unlocked;
    called = callOperator(op->kind, args, nullptr, out->trace, nullptr, options.plan || options.trace);
  }
  aclDestroyIntArray(outArray);
  aclDestroyIntArray(inArray);

  out->status = called.status;
  out->stage = called.stage;
  out->message = called.message;
  out->refusal = called.refusal;
  out->plan = called.plan;
  out->workspaceBytes = called.workspaceBytes;
  out->wallMs = called.wallMs;
  if (called.ok()) {
    for (int i = 0; i < op->roleCount; ++i) {
      if (op->roles[i].written()) out->outputs.push_back(operands[i].array);
    }
  } else {
    // What gradlab-cli would have asked for: the explanations read the call's sizes and options from it.
    out->request = std::make_unique<RunRequest>();
    RunRequest& r = *out->request;
    r.op = op->kind;
    r.dtype = valueType;
    r.shape = Extents{};
    for (int i = 0; i < op->roleCount; ++i) takeSideShape(*op, op->roles[i].side, shapeOf(operands[i].array), &r.shape);
    if (scales.size() == static_cast<size_t>(op->spatialRank)) std::copy(scales.begin(), scales.end(), r.shape.scales.end() - op->spatialRank);
    r.deterministic = args.deterministic.value_or(false);
    r.strategy = args.strategy;
    r.profile = args.profile;
    r.schedule = args.schedule;
    r.accumulate = args.accumulate;
    for (int i = 0; i < op->roleCount; ++i) {
      if (op->roles[i].integer() && !op->roles[i].written()) r.indexType = operands[i].type;
    }
  }
  return out;
}

// ---- the plan and the trace as Python objects -----------------------------------------------------------

py::dict planDict(const Plan& plan) {
  py::dict d;
  d["op"] = opName(plan.op);
  d["device"] = plan.profile.name;
  d["deterministic"] = plan.deterministic;
  d["schedule"] = scheduleText(plan.schedule);
  d["accumulate"] = accumulationName(plan.accumulate);
  d["dtype"] = dtypeText(plan.dtype);
  d["src_shape"] = plan.srcShape;
  d["dst_shape"] = plan.dstShape;
  d["planes"] = plan.planes;
  d["workspace_bytes"] = plan.workspaceBytes;
  d["cores_used"] = plan.coresUsed;
  d["cores_with_work"] = plan.coresWithWork();
  d["strategy"] = plan.strategyName;
  d["strategy_text"] = plan.strategy;
  d["cann_strategy"] = plan.cannStrategy;
  d["cann_why"] = plan.cannWhy;
  d["strategy_note"] = plan.strategyNote;
  d["core_choice"] = plan.coreChoice;
  d["ub_uses"] = plan.ubUses;
  const std::vector<double> loads = plan.coreLoadUs();
  d["core_load_us"] = loads;
  d["modelled_us"] = loads.empty() ? 0.0 : *std::max_element(loads.begin(), loads.end());
  d["traffic_bytes"] = plan.trafficBytes();
  py::list phases;
  for (const PlanPhase& p : plan.phases) {
    py::dict phase;
    phase["kind"] = phaseKindName(p.kind);
    phase["what"] = p.what;
    phase["cores"] = p.cores;
    phases.append(phase);
  }
  d["phases"] = phases;
  py::list names;
  for (int32_t lane = 0; lane < plan.coresUsed; ++lane) names.append(plan.coreName(lane));
  d["core_names"] = names;
  return d;
}

struct TileRecord {
  int32_t id, phase, core, order;
  int64_t src_plane0, src_plane1, src_row0, src_row1, src_col0, src_col1;
  int64_t dst_plane0, dst_plane1, dst_row0, dst_row1, dst_col0, dst_col1;
  int32_t src_buffer, dst_buffer;
  bool atomic;
  uint64_t ub_bytes, bytes_in, bytes_out, vector_elems, cube_macs;
  double estimated_us;
};

py::array tileArray(const Plan& plan) {
  std::vector<TileRecord> rows;
  for (const Tile& t : plan.tiles) {
    rows.push_back({t.id, t.phase, t.core, t.order, t.src.plane0, t.src.plane1, t.src.row0, t.src.row1, t.src.col0,
                    t.src.col1, t.dst.plane0, t.dst.plane1, t.dst.row0, t.dst.row1, t.dst.col0, t.dst.col1,
                    t.srcBuffer, t.dstBuffer, t.atomic, t.ubBytes, t.bytesIn, t.bytesOut, t.vectorElems, t.cubeMacs,
                    t.estimatedUs});
  }
  return py::array_t<TileRecord>(static_cast<py::ssize_t>(rows.size()), rows.data());
}

// The trace's events and moves, in place: the arrays view the trace's vectors and keep the trace alive.
template <typename Record>
py::array viewOf(const std::shared_ptr<Trace>& trace, const std::vector<Record>& records) {
  auto* keep = new std::shared_ptr<Trace>(trace);
  py::capsule owner(keep, [](void* p) { delete static_cast<std::shared_ptr<Trace>*>(p); });
  return py::array_t<Record>(static_cast<py::ssize_t>(records.size()), records.data(), owner);
}

py::list catalog() {
  py::list ops;
  for (const OpInfo& op : allOps()) {
    py::dict d;
    d["index"] = static_cast<size_t>(&op - allOps().data());
    d["name"] = op.name;
    d["aclnn"] = op.aclnnName();
    d["snake"] = snakeName(op.kind);
    d["cli"] = op.cliName;
    d["title"] = op.title;
    d["kernel"] = op.kernelOp;
    d["twin"] = snakeName(op.twin);
    d["backward"] = op.backward;
    d["spatial_rank"] = op.spatialRank;
    d["scale_count"] = op.scaleCount;
    d["takes_output_size"] = op.takesOutputSize;
    d["takes_input_size"] = op.takesInputSize;
    d["allows_unbatched"] = op.allowsUnbatched;
    py::list roles;
    for (const TensorRole& r : op.tensorRoles()) {
      py::dict role;
      role["name"] = r.name;
      role["argument"] = r.argument;
      role["side"] = r.side == Side::kIn ? "in" : "out";
      role["written"] = r.written();
      role["integer"] = r.integer();
      role["shape_only"] = r.kind == RoleKind::kShapeOnly;
      roles.append(role);
    }
    d["roles"] = roles;
    py::list dtypes;
    for (aclDataType t : op.dtypes) dtypes.append(dtypeText(t));
    d["dtypes"] = dtypes;
    py::list indexDtypes;
    for (aclDataType t : op.indexDtypes) indexDtypes.append(t == ACL_INT32 ? "int32" : "int64");
    d["index_dtypes"] = indexDtypes;
    py::list strategies;
    for (const StrategyInfo& s : op.strategies) strategies.append(s.name);
    d["strategies"] = strategies;
    ops.append(d);
  }
  return ops;
}

}  // namespace
}  // namespace gradlab::python

PYBIND11_MODULE(_gradlab, m) {
  using namespace gradlab;
  using namespace gradlab::python;
  m.doc() = "gradlab's emulated Ascend NPU: the aclnn operators of its catalog on numpy arrays";
  PYBIND11_NUMPY_DTYPE(TileRecord, id, phase, core, order, src_plane0, src_plane1, src_row0, src_row1, src_col0,
                       src_col1, dst_plane0, dst_plane1, dst_row0, dst_row1, dst_col0, dst_col1, src_buffer,
                       dst_buffer, atomic, ub_bytes, bytes_in, bytes_out, vector_elems, cube_macs, estimated_us);
  PYBIND11_NUMPY_DTYPE_EX(TraceEvent, core, "core", tile, "tile", kind, "kind", pipe, "pipe", startUs, "start_us",
                          endUs, "end_us", bytes, "bytes", buffer, "buffer", step, "step");
  PYBIND11_NUMPY_DTYPE_EX(CellMove, src, "src", dst, "dst", core, "core", tile, "tile", sequence, "sequence",
                          orderAtDst, "order_at_dst", value, "value", sumAfter, "sum_after", hop, "hop", weight,
                          "weight", step, "step");

  m.def("catalog", &catalog, "Every operator of the catalog: names, tensor roles, arguments, dtypes, strategies.");

  py::class_<Outcome>(m, "Outcome")
      .def_readonly("status", &Outcome::status)
      .def_readonly("stage", &Outcome::stage)
      .def_readonly("message", &Outcome::message)
      .def_property_readonly("rule", [](const Outcome& o) { return o.refusal.rule; })
      .def_property_readonly("facts",
                             [](const Outcome& o) {
                               py::dict facts;
                               for (const auto& [name, value] : o.refusal.facts) facts[py::str(name)] = value;
                               return facts;
                             })
      .def_property_readonly("code_name", [](const Outcome& o) { return std::string(refusal::codeName(o.status)); })
      .def_readonly("outputs", &Outcome::outputs)
      .def_readonly("workspace_bytes", &Outcome::workspaceBytes)
      .def_readonly("wall_ms", &Outcome::wallMs)
      .def_property_readonly("plan",
                             [](const Outcome& o) -> py::object {
                               if (!o.plan) return py::none();
                               py::dict d = planDict(*o.plan);
                               d["tiles"] = tileArray(*o.plan);
                               return d;
                             })
      .def_property_readonly("events",
                             [](const Outcome& o) -> py::object {
                               if (!o.trace) return py::none();
                               return viewOf(o.trace, o.trace->events);
                             })
      .def_property_readonly("moves",
                             [](const Outcome& o) -> py::object {
                               if (!o.trace) return py::none();
                               return viewOf(o.trace, o.trace->moves);
                             })
      .def_property_readonly("moves_truncated", [](const Outcome& o) { return o.trace && o.trace->movesTruncated; })
      .def("explain", &Outcome::explain, py::arg("lang") = "en");

  m.def(
      "call",
      [](size_t op, std::vector<py::array> inputs, std::optional<std::vector<int64_t>> outputSize,
         std::optional<std::vector<int64_t>> inputSize, std::vector<double> scales, std::optional<bool> deterministic,
         std::optional<std::string> strategy, std::optional<std::string> device, std::optional<std::string> schedule,
         std::optional<std::string> accumulate, bool bf16, std::string indicesDtype, bool trace, bool plan) {
        const CallOptions options{deterministic, std::move(strategy), std::move(device), std::move(schedule),
                                  std::move(accumulate), bf16, std::move(indicesDtype), trace, plan};
        std::unique_ptr<Outcome> outcome =
            call(op, std::move(inputs), std::move(outputSize), std::move(inputSize), std::move(scales), options);
        // A plain call that worked needs nothing but its outputs: no Outcome object to make and read.
        if (outcome->status == 0 && !trace && !plan) return py::object(py::cast(outcome->outputs));
        return py::cast(std::move(outcome));
      },
      "Calls operator `op` (its index in catalog()) on numpy arrays, in place, and returns its Outcome (a call "
      "without trace or plan that worked: the list of its outputs): "
      "call(op, inputs, output_size, input_size, scales, deterministic, strategy, device, schedule, accumulate, "
      "bf16, indices_dtype, trace, plan): trace records the trace, plan keeps the plan.");

  py::list kinds, pipes;
  for (int k = 0; k <= static_cast<int>(EventKind::kFixPipe); ++k) kinds.append(eventKindName(static_cast<EventKind>(k)));
  for (int p = 0; p < kPipeCount; ++p) pipes.append(pipeName(static_cast<Pipe>(p)));
  m.attr("EVENT_KINDS") = kinds;
  m.attr("PIPES") = pipes;
}
