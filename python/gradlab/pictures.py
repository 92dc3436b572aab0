"""Pictures of a run, drawn by gradlab's own app: its headless renderer draws the same call (same inputs,
same options) as the Scatter view, at the end of its animation (PNG), or the whole animation (GIF)."""

import os
import pathlib
import shutil
import subprocess
import tempfile

import numpy as np

# A picture of more cells than this is not worth drawing (and a notebook would wait for it).
MAX_CELLS = 1 << 16


def app_path():
    """The gradlab app: $GRADLAB_APP, the build tree's (build/app/gradlab beside build/python), an install's
    (PREFIX/bin beside PREFIX/lib/python3.X/dist-packages), else the PATH's."""
    package = pathlib.Path(__file__).resolve().parent
    candidates = [os.environ.get("GRADLAB_APP"), package.parents[1] / "app" / "gradlab",
                  package.parents[3] / "bin" / "gradlab" if len(package.parents) > 3 else None, shutil.which("gradlab")]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK) and pathlib.Path(candidate).is_file():
            return str(candidate)
    raise FileNotFoundError("gradlab's app draws the pictures and was not found: build it (cmake --build build "
                            "--target gradlab) or set GRADLAB_APP to its path")


def _float32(array, options):
    """The values as float32, exactly (bfloat16 bit patterns widened)."""
    if options["dtype"] is None:
        return array.astype(np.float32)
    return (array.astype(np.uint32) << 16).view(np.float32)


def _spatial(shape, rank):
    return "x".join(str(d) for d in shape[-rank:])


def command(call, path, animate, tab="scatter"):
    """The app's command line that draws `call` (gradlab.Run's record of its call) into `path`."""
    info, arrays, options = call["info"], call["arrays"], call["options"]
    rank = info["spatial_rank"]
    shapes = {side: next(a.shape for r, a in arrays if r["side"] == side) for side in ("in", "out")}
    primary_role, primary = next((r, a) for r, a in arrays if not r["written"] and not r["integer"]
                                 and not r["shape_only"])
    args = [app_path(), "--op", info["cli"], "--in", _spatial(shapes["in"], rank),
            "--out", _spatial(shapes["out"], rank), "--tab", tab, "--canvas-only"]
    files = {"input": _float32(primary, options)}
    indices = [a for r, a in arrays if r["integer"] and not r["written"]]
    if indices:
        files["indices"] = indices[0].astype(np.int64)
    forward_input = [a for r, a in arrays if r["shape_only"]]  # the adaptive backward's self, as it was given
    if forward_input:
        files["self"] = _float32(forward_input[0], options)
    dtype = {"float16": "f16", "float32": "f32"}.get(primary.dtype.name, "f32")
    args += ["--dtype", "bf16" if options["dtype"] else dtype]
    leading = primary.shape[:-rank]
    if len(leading) == 2:
        args += ["--n", str(leading[0]), "--c", str(leading[1])]
    elif len(leading) == 1:
        args += ["--c", str(leading[0]), "--unbatched"]
    if options.get("deterministic"):
        args.append("--deterministic")
    scales = [s for s in call["scales"] if s]
    if scales:
        args += ["--scales", ",".join(repr(s) for s in call["scales"])]
    for key in ("strategy", "device", "schedule", "accumulate"):
        if options.get(key) is not None:
            args += [f"--{key}", str(options[key])]
    args += ["--record", str(path)] if animate else ["--screenshot", str(path), "--at", "1"]
    return args, files, sum(a.size for _, a in arrays)


def draw(call, animate=False, tab="scatter"):
    """PNG (or, animated, GIF) bytes of the run; None when it has more than MAX_CELLS cells."""
    with tempfile.TemporaryDirectory(prefix="gradlab-picture-") as folder:
        folder = pathlib.Path(folder)
        path = folder / ("run.gif" if animate else "run.png")
        args, files, cells = command(call, path, animate, tab)
        if cells > MAX_CELLS:
            return None
        for flag, array in files.items():
            np.save(folder / f"{flag}.npy", array)
            args += [f"--{flag}", str(folder / f"{flag}.npy")]
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}  # draw off screen
        done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
        if done.returncode != 0 or not path.exists():
            raise RuntimeError(f"gradlab's app could not draw the run: {done.stderr.strip() or done.stdout.strip()}")
        return path.read_bytes()
