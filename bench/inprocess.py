"""In-process drawing time: Designable's renderer against the C floor (floor.c).

`designable bench` times each phase of a frame in one process, after a cold frame; its `render`
phase (a new surface, the background, every view) is the counterpart of what the floor times per
frame. The ratio says how much Designable's structure (components, the Painter, caches looked up
per view, a fresh surface per frame) costs over straight-line Cairo calls drawing the same pixels.
"""

import dataclasses
import json
import os
import subprocess

TIMEOUT = 600  # seconds for one program's frames
PHASES = ("read", "parse", "layout", "render", "png")


@dataclasses.dataclass
class InProcess:
    frames: int
    render_ms: float
    floor_ms: float
    phases: dict  # phase -> median ms, from `designable bench`

    @property
    def ratio(self):
        return self.render_ms / self.floor_ms

    @property
    def dominant(self):
        return max(self.phases, key=self.phases.get)


def measure_titles(floor, scene_path):
    """Each title's Pango (width, height, baseline) in points, as Designable measures them."""
    out = output_of([floor, scene_path, "--measure"])
    metrics = {}
    for line in out.splitlines():
        width, height, baseline, title = line.split("\t", 3)
        metrics[title] = (float(width), float(height), float(baseline))
    return metrics


def compare(designable, floor, files, scale, frames, floor_png):
    """Median per-frame times over `frames` warm frames of each; the floor's last frame goes to `floor_png`."""
    bench = json.loads(output_of([designable, "bench", files.style, "--scale", f"{scale:g}",
                                  "--frames", str(frames), "--json"]))
    floor_result = json.loads(output_of([floor, files.floor, "--scale", f"{scale:g}",
                                         "--frames", str(frames), "--png", floor_png]))
    if tuple(floor_result["pixels"]) != tuple(bench["pixels"]):
        raise RuntimeError(f"{files.scene.name}: the floor drew {floor_result['pixels']} pixels, Designable {bench['pixels']}")
    return InProcess(frames, bench["render"]["median_ms"], floor_result["median_ms"],
                     {phase: bench[phase]["median_ms"] for phase in PHASES})


def output_of(command):
    """The command's standard output; a failure stops the benchmark with its own words."""
    result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(map(os.path.basename, command[:2]))} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout
