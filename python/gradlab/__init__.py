"""gradlab: an emulated Ascend NPU and its aclnn operators, from Python.

Every operator of gradlab's catalog is a function named after its aclnn API in snake case, with the
arguments CANN gives it::

    import numpy as np, gradlab
    grad_output = np.ones((1, 1, 8, 8), np.float32)
    grad_input = gradlab.upsample_nearest_exact2d_backward(grad_output, [8, 8], [1, 1, 4, 4])

numpy arrays go in and come out (float32, float16, int32/int64 indices; bfloat16 as a torch tensor, or as
uint16 bit patterns with ``dtype="bf16"``). The operator reads and writes the arrays where they lie: views
with strides are passed as strided tensors, outputs are written straight into the arrays returned.
``gradlab.run(...)`` returns the whole run: outputs, plan, trace. A call the library refuses raises
:class:`Refused` with its aclnn status, the rule it broke and that rule's facts.
"""

import os as _os
import re as _re

import numpy as _np

# The library prints each refusal to stderr unless GRADLAB_LOG=off; from Python the exception carries it.
_os.environ.setdefault("GRADLAB_LOG", "off")

from . import _gradlab  # noqa: E402

__all__ = ["Refused", "Run", "Plan", "run", "operators"]

# gradlab's keyword options, each None by default: the library's default and its environment variable.
OPTIONS = ("deterministic", "strategy", "device", "schedule", "accumulate")
EVENT_KINDS = tuple(_gradlab.EVENT_KINDS)
PIPES = tuple(_gradlab.PIPES)
_CATALOG = {op["snake"]: op for op in _gradlab.catalog()}


class Refused(Exception):
    """A call the library refused: ``code`` (the aclnn status), ``code_name``, ``stage``, ``rule`` and
    ``facts`` (the check's own numbers), ``message`` (aclGetRecentErrMsg()); ``explain(lang)`` says why in
    words, English ("en") or Chinese ("zh")."""

    def __init__(self, api, outcome):
        self.api = api
        self.code = outcome.status
        self.code_name = outcome.code_name
        self.stage = outcome.stage
        self.rule = outcome.rule
        self.facts = outcome.facts
        self.message = outcome.message
        self._outcome = outcome
        super().__init__(f"{api} refused ({self.code_name or 'status'} {self.code}, {self.stage}): {self.message}")

    def explain(self, lang="en"):
        return self._outcome.explain(lang)


class Plan:
    """How a call was split over the emulated cores: phases, tiles (a numpy structured array: core lane,
    src and dst boxes as [plane0, plane1) x [row0, row1) x [col0, col1), UB bytes, bytes in and out, modelled
    µs), the strategy that ran and the one CANN would pick, and why."""

    def __init__(self, fields):
        self.__dict__.update(fields)

    def __repr__(self):
        return (f"<gradlab.Plan {self.op} on {self.device}: strategy {self.strategy}, {len(self.tiles)} tiles on "
                f"{self.cores_with_work} cores, {self.modelled_us:.3g} µs modelled>")

    def _repr_html_(self):
        head = (f"<p><b>{self.op}</b> on {self.device}, {self.dtype}, "
                f"{'deterministic' if self.deterministic else 'default'} mode: strategy <b>{self.strategy}</b> "
                f"(CANN picks {self.cann_strategy}). {_html(self.strategy_text)}</p>")
        rows = []
        for t in self.tiles[:200]:
            rows.append(
                f"<tr><td>{t['id']}</td><td>{self.core_names[t['core']] if t['core'] < len(self.core_names) else t['core']}"
                f"</td><td>{self.phases[t['phase']]['kind']}</td>"
                f"<td>{_box(t, 'src')}</td><td>{_box(t, 'dst')}</td><td>{'yes' if t['atomic'] else ''}</td>"
                f"<td>{t['ub_bytes']}</td><td>{t['estimated_us']:.3g}</td></tr>")
        more = f"<p>… and {len(self.tiles) - 200} more tiles</p>" if len(self.tiles) > 200 else ""
        return (head + "<table><tr><th>tile</th><th>core</th><th>phase</th><th>reads (planes, rows, cols)</th>"
                "<th>writes</th><th>atomic</th><th>UB bytes</th><th>µs</th></tr>" + "".join(rows) + "</table>" + more)


def _html(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _box(tile, side):
    return (f"[{tile[side + '_plane0']}, {tile[side + '_plane1']}) × [{tile[side + '_row0']}, {tile[side + '_row1']})"
            f" × [{tile[side + '_col0']}, {tile[side + '_col1']})")


class Run:
    """One call's outputs (in the catalog's role order), plan, trace (``events`` and ``moves`` as numpy
    structured arrays, when asked for with ``trace=True``) and host wall time. In a notebook it shows as
    gradlab's Scatter view of the call; ``show(animate=True)`` plays it."""

    def __init__(self, api, outcome, outputs, call):
        self.api = api
        self._call = call
        self.outputs = outputs
        plan = outcome.plan
        self.plan = Plan(plan) if plan is not None else None
        self.events = outcome.events
        self.moves = outcome.moves
        self.moves_truncated = outcome.moves_truncated
        self.wall_ms = outcome.wall_ms
        self.workspace_bytes = outcome.workspace_bytes

    @property
    def output(self):
        return self.outputs[0]

    def __repr__(self):
        shapes = ", ".join(str(tuple(o.shape)) for o in self.outputs)
        return f"<gradlab.Run {self.api}: outputs {shapes}, {self.wall_ms:.3g} ms>"

    def picture(self, animate=False, tab="scatter"):
        """PNG bytes of the app's view of this call at the end of its animation (GIF bytes of the whole
        animation with animate=True; `tab`: scatter, tiling, pipeline, ...); None for more than
        gradlab.pictures.MAX_CELLS cells. The app runs the same call again with the same inputs and options."""
        from . import pictures
        return pictures.draw(self._call, animate=animate, tab=tab)

    def show(self, animate=False, tab="scatter"):
        """The picture for a notebook cell: a PNG image, or the animation as an <img> of its GIF (which every
        notebook front end and nbconvert's HTML show)."""
        from IPython.display import HTML, Image
        data = self.picture(animate=animate, tab=tab)
        if data is None:
            return None
        if not animate:
            return Image(data=data, format="png")
        import base64
        return HTML(f'<img src="data:image/gif;base64,{base64.b64encode(data).decode()}" alt="{self.api} animation">')

    def _repr_png_(self):
        return self.picture()


def _snake(name):
    return _re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _as_array(name, value):
    """numpy array of `value` (a torch CPU tensor is viewed, not copied); whether it was torch; whether bf16."""
    if isinstance(value, _np.ndarray):
        return value, False, False
    if type(value).__module__.split(".")[0] == "torch":
        import torch
        if value.device.type != "cpu":
            raise ValueError(f"{name} is on {value.device}; gradlab reads CPU tensors")
        value = value.detach()
        if value.dtype == torch.bfloat16:
            return value.view(torch.int16).numpy(), True, True
        return value.numpy(), True, False
    raise TypeError(f"{name} must be a numpy array or a torch tensor, not {type(value).__name__}")


def _to_torch(array, bf16):
    import torch
    if bf16:  # bfloat16 bit patterns: torch reads them as int16, then as bfloat16
        return torch.from_numpy(array.view(_np.int16)).view(torch.bfloat16)
    return torch.from_numpy(array)


def _sizes(name, value):
    if value is None:
        return value
    try:
        return [int(v) for v in value]
    except TypeError:
        raise TypeError(f"{name} must be a sequence of ints, not {type(value).__name__}") from None


def _invoke(info, tensors, output_size, input_size, scales, deterministic, strategy, device, schedule, accumulate,
            dtype, indices_dtype, trace):
    """One call of `info`'s operator: (outcome, the arrays it read, its outputs as returned, whether bf16).
    trace None: no plan and no trace (a plain call); False: the plan; True: the plan and the trace."""
    if dtype is not None and dtype not in ("bf16", "bfloat16"):
        raise ValueError(f'dtype names how 2-byte integer arrays are read: "bf16" or None, not {dtype!r}')
    bf16, from_torch, arrays = dtype is not None, False, []
    for (name, integer), value in zip(info["_reads"], tensors):
        if type(value) is _np.ndarray:
            arrays.append(value)
            continue
        array, was_torch, was_bf16 = _as_array(name, value)
        arrays.append(array)
        from_torch = from_torch or was_torch
        bf16 = bf16 or (was_bf16 and not integer)
    output_size, input_size = _sizes("output_size", output_size), _sizes("input_size", input_size)
    outcome = _gradlab.call(info["index"], arrays, output_size, input_size, scales, deterministic, strategy, device,
                            schedule, accumulate, bf16, indices_dtype, bool(trace), trace is not None)
    if type(outcome) is list:  # a plain call that worked: its outputs
        outputs, outcome = outcome, None
    elif outcome.status != 0:
        raise Refused(info["aclnn"], outcome)
    else:
        outputs = outcome.outputs
    if from_torch:
        outputs = [_to_torch(o, bf16 and o.dtype == _np.uint16) for o in outputs]
    return outcome, arrays, outputs, bf16


def _scale_names(info):
    return {0: [], 1: ["scales"], 2: ["scales_h", "scales_w"], 3: ["scales_d", "scales_h", "scales_w"]}[info["scale_count"]]


def _parameters(info):
    """The function's parameters: its tensors, its sizes, its scales (positional), then gradlab's options."""
    params = [name for name, _ in info["_reads"]]
    params += ["output_size"] * info["takes_output_size"] + ["input_size"] * info["takes_input_size"]
    params += [f"{s}=0.0" for s in _scale_names(info)]
    options = [f"{o}=None" for o in OPTIONS] + ["dtype=None"]
    if _writes_indices(info):
        options.append(f'indices_dtype="{info["index_dtypes"][0]}"')
    return ", ".join(params + ["*"] + options)


def _writes_indices(info):
    return any(r["written"] and r["integer"] for r in info["roles"])


def _call_source(info):
    """The pieces of source a function of `info` passes on: its tensors, sizes, scales and indices dtype."""
    return dict(tensors=", ".join(name for name, _ in info["_reads"]),
                output_size="output_size" if info["takes_output_size"] else "None",
                input_size="input_size" if info["takes_input_size"] else "None",
                scales="[" + ", ".join(f"float({s})" for s in _scale_names(info)) + "]",
                indices="indices_dtype" if _writes_indices(info) else '"int64"',
                options=", ".join(OPTIONS))


def _doc(info):
    reads = ", ".join(_snake(r["argument"]) for r in info["roles"] if not r["written"])
    writes = ", ".join(r["name"] for r in info["roles"] if r["written"])
    return (f"{info['title']}: {info['aclnn']} on gradlab's emulated NPU (CANN kernel {info['kernel']}).\n\n"
            f"Reads {reads}; returns {writes}. dtypes: {', '.join(info['dtypes'])}; strategies: "
            f"{', '.join(info['strategies'])}, \"cann\" or \"default\".\n"
            "Keyword options (None: the library's default, and its environment variables):\n"
            "  deterministic  True / False (the device's ACL_OPT_DETERMINISTIC)\n"
            "  strategy       a strategy name, \"cann\" or \"default\" (GRADLAB_STRATEGY)\n"
            "  device         a device profile spec such as \"atlas-a2:cores=8\" (GRADLAB_DEVICE)\n"
            "  schedule       default mode's atomic order: \"host\" or \"seed:N\" (GRADLAB_SCHEDULE)\n"
            "  accumulate     float16/bfloat16 sums: \"fp32\" or \"dtype\" (GRADLAB_ACCUMULATE)\n"
            "  dtype          \"bf16\": uint16 arrays hold bfloat16 bit patterns\n"
            "Raises gradlab.Refused when the library refuses the call.")


def _arguments(info, trace):
    """What a function of `info` passes to _invoke, as source."""
    c = _call_source(info)
    return (f"_INFO, ({c['tensors']},), {c['output_size']}, {c['input_size']}, {c['scales']}, {c['options']}, dtype, "
            f"{c['indices']}, {trace}")


def _compiled(name, info, source):
    scope = {"_INFO": info, "_invoke": _invoke, "_call": _gradlab.call, "_ndarray": _np.ndarray, "_Refused": Refused}
    exec(source, scope)  # a plain function with the operator's own signature: no argument binding per call
    return scope[name]


def _fast_path(info, result):
    """Source of a call with numpy arrays and list sizes, straight to the extension (a tiny call's cost is
    mostly what Python does around it); anything else, or an error, takes _invoke's way."""
    c = _call_source(info)
    arrays = " and ".join(f"type({name}) is _ndarray" for name, _ in info["_reads"])
    sizes = "".join(f" and type({n}) is list" for n in ("output_size", "input_size") if info[f"takes_{n}"])
    return (f"    if dtype is None and {arrays}{sizes}:\n"
            f"        try:\n"
            f"            outputs = _call({info['index']}, [{c['tensors']}], {c['output_size']}, {c['input_size']}, "
            f"{c['scales']}, {c['options']}, False, {c['indices']}, False, False)\n"
            f"        except TypeError:\n"
            f"            outputs = None  # _invoke says what is wrong in its own words\n"
            f"        if type(outputs) is list:\n"
            f"            return {result}\n"
            f"        if outputs is not None:\n"
            f"            raise _Refused(_INFO['aclnn'], outputs)\n")


def _make_function(info):
    single = sum(1 for r in info["roles"] if r["written"]) == 1
    result = "outputs[0]" if single else "tuple(outputs)"
    function = _compiled(info["snake"], info,
                         f"def {info['snake']}({_parameters(info)}):\n" + _fast_path(info, result) +
                         f"    _, _, outputs, _ = _invoke({_arguments(info, None)})\n"
                         f"    return {result}\n")
    function.__doc__ = _doc(info)
    function.__module__ = __name__
    return function


def _make_runner(info):
    """run(op, ...)'s call of `info`: the whole Run, trace=True recording the trace; also what the call's
    picture needs (gradlab.pictures): its options as given and its scales."""
    c = _call_source(info)
    return _compiled("run_" + info["snake"], info,
                     f"def run_{info['snake']}({_parameters(info)}, trace=False):\n"
                     f"    return _invoke({_arguments(info, 'trace')}), ({c['options']}, dtype), {c['scales']}\n")


def run(op, *args, trace=False, **kwargs):
    """Runs operator `op` (its snake-case name, aclnn name or gradlab-cli name) with the arguments its
    function takes, and returns the whole :class:`Run`: outputs, plan and, with ``trace=True``, the trace."""
    info = _find(op)
    (outcome, arrays, outputs, bf16), options, scales = info["_run"](*args, trace=trace, **kwargs)
    record = dict(info=info, scales=scales, options=dict(zip(OPTIONS + ("dtype",), options)))
    if bf16:
        record["options"]["dtype"] = "bf16"
    written, read = iter(outcome.outputs), iter(arrays)
    record["arrays"] = [(r, next(written) if r["written"] else next(read)) for r in info["roles"]]
    return Run(info["aclnn"], outcome, list(outputs), record)


def _find(op):
    name = getattr(op, "__name__", op)
    for info in _CATALOG.values():
        if name.lower() in (info["snake"], info["aclnn"].lower(), info["name"].lower(), info["cli"]):
            return info
    raise ValueError(f"no operator {op!r}; gradlab has {', '.join(_CATALOG)}")


def operators():
    """The catalog: one dict per operator (names, tensor roles, dtypes, strategies)."""
    return [{k: v for k, v in info.items() if not k.startswith("_")} for info in _CATALOG.values()]


for _info in _CATALOG.values():
    _info["_reads"] = [(_snake(r["argument"]), r["integer"]) for r in _info["roles"] if not r["written"]]
    _info["_run"] = _make_runner(_info)
    globals()[_info["snake"]] = _make_function(_info)
    __all__.append(_info["snake"])
del _info
