"""Whole-process, one-shot renders to PNG: `designable render` against `rsvg-convert`.

Each timing is one process from spawn to exit, as a script or a build step would run it: start-up,
reading, parsing, drawing, PNG encoding and writing. The two commands are run alternately
(A B A B ...) rather than all of A then all of B, so slow drift on a shared machine (another job
starting, the CPU clocking down) lands on both about equally instead of on whichever ran second.
"""

import dataclasses
import os
import struct
import subprocess
import time

import stats

TIMEOUT = 300  # seconds for one render: far beyond the slowest (2,000 buttons at 3×, a few seconds)


@dataclasses.dataclass
class OneShot:
    designable_ms: list  # each run's wall time
    rsvg_ms: list
    pixels: tuple
    designable_png_bytes: int
    rsvg_png_bytes: int

    @property
    def ratio(self):
        return stats.median(self.designable_ms) / stats.median(self.rsvg_ms)


def compare(designable, files, scale, runs, designable_png, rsvg_png, warm_up=True):
    """`runs` renders each, timed; the last run's PNGs stay at the given paths. `warm_up`: one
    untimed run of each first (a later round of the same scene finds the caches warm already)."""
    commands = {
        "designable": [designable, "render", files.style, "-o", designable_png, "--scale", format_scale(scale)],
        "rsvg": ["rsvg-convert", "--zoom", format_scale(scale), files.svg, "-o", rsvg_png],
    }
    # One untimed run of each first: the first start pays for cold page cache and fontconfig's cache.
    if warm_up:
        for command in commands.values():
            timed_run(command)
    times = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(timed_run(command))
    pixels = png_size(designable_png)
    if png_size(rsvg_png) != pixels:
        raise RuntimeError(f"{files.scene.name} at {scale}x: designable made {pixels} pixels, rsvg-convert {png_size(rsvg_png)}")
    return OneShot(times["designable"], times["rsvg"], pixels, os.path.getsize(designable_png), os.path.getsize(rsvg_png))


def timed_run(command):
    """Milliseconds from spawn to exit; a failure stops the benchmark with the command's own words."""
    start = time.perf_counter_ns()
    result = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, timeout=TIMEOUT)
    elapsed = (time.perf_counter_ns() - start) / 1e6
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.decode(errors='replace').strip()}")
    return elapsed


def png_size(path):
    """(width, height) from a PNG's IHDR chunk."""
    with open(path, "rb") as file:
        header = file.read(24)
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        raise RuntimeError(f"{path} is not a PNG")
    return struct.unpack(">II", header[16:24])


def format_scale(scale):
    return f"{scale:g}"
