"""A large call from Python makes no copy of its arrays: the operator reads numpy's memory and writes into
the array it returns (the arrays are lent to the emulated device, gradlab/host_loan.h)."""
import subprocess
import sys
import textwrap


def test_a_large_call_holds_no_more_than_its_output_beyond_its_input():
    # In a process of its own, so that ru_maxrss (the peak resident size) sees this call alone.
    script = textwrap.dedent("""
        import resource, numpy as np, gradlab
        grad_output = np.ones((8, 16, 512, 512), np.float32)        # 128 MiB, every page touched
        gradlab.upsample_nearest_exact2d_backward(np.ones((1, 1, 8, 8), np.float32), [8, 8], [1, 1, 4, 4])
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        grad_input = gradlab.upsample_nearest_exact2d_backward(grad_output, [512, 512], [8, 16, 256, 256],
                                                               deterministic=True)
        grad = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
        assert float(grad_input[0, 0, 0, 0]) == 4.0
        print(grad, grad_input.nbytes)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    grew, output_bytes = (int(v) for v in done.stdout.split())
    # The output (32 MiB) and the emulator's own working set; a copy of the input would add 128 MiB.
    assert grew <= output_bytes + (24 << 20), f"the call grew the peak by {grew} bytes for a {output_bytes}-byte output"
