"""In-process drawing time: Designable's renderer against the C floor (floor.c).

`designable bench` times each phase of a frame in one process, after a cold frame; its `render`
phase (a new surface, the background, every view) is the counterpart of what the floor times per
frame. The floor draws the same pixels two ways (floor.c: "clip", Designable's own calls, and
"direct", without clip-then-fill); Designable is held to the faster. The ratio says how much
Designable's structure (components, the Painter, caches looked up per view, a fresh surface per
frame) costs over straight-line Cairo calls drawing the same pixels.
"""

import dataclasses
import json
import os
import subprocess

TIMEOUT = 600  # seconds for one program's frames
PHASES = ("read", "parse", "layout", "render", "png")
# What a full read of the file costs, in `designable bench`'s phases (everything before drawing).
READ_PHASES = ("read", "parse", "layout")
FLOOR_VARIANTS = ("clip", "direct")


@dataclasses.dataclass
class InProcess:
    frames: int
    phases: dict  # phase -> median ms, from `designable bench`
    floors: dict  # floor variant -> median ms per frame

    @property
    def render_ms(self):
        return self.phases["render"]

    @property
    def floor_ms(self):
        """The faster floor's frame."""
        return min(self.floors.values())

    @property
    def ratio(self):
        return self.render_ms / self.floor_ms


def measure_titles(floor, scene_path):
    """Each title's Pango (width, height, baseline) in points, as Designable measures them."""
    out = output_of([floor, scene_path, "--measure"])
    metrics = {}
    for line in out.splitlines():
        width, height, baseline, title = line.split("\t", 3)
        metrics[title] = (float(width), float(height), float(baseline))
    return metrics


def compare(designable, floor, files, scale, frames, floor_pngs):
    """Median per-frame times over `frames` warm frames of each; each floor variant's last frame
    goes to `floor_pngs[variant]`."""
    bench = json.loads(output_of([designable, "bench", files.style, "--scale", f"{scale:g}",
                                  "--frames", str(frames), "--json"]))
    floors = {}
    for variant in FLOOR_VARIANTS:
        result = json.loads(output_of([floor, files.floor, "--scale", f"{scale:g}", "--frames", str(frames),
                                       "--variant", variant, "--png", floor_pngs[variant]]))
        if tuple(result["pixels"]) != tuple(bench["pixels"]):
            raise RuntimeError(f"{files.scene.name}: the floor drew {result['pixels']} pixels, Designable {bench['pixels']}")
        floors[variant] = result["median_ms"]
    return InProcess(frames, {phase: bench[phase]["median_ms"] for phase in PHASES}, floors)


def phases_of(designable, style, scale, frames):
    """`designable bench`'s median ms per frame of each phase of `style` (no floor: the nested
    scene, which floor.c cannot draw)."""
    bench = json.loads(output_of([designable, "bench", style, "--scale", f"{scale:g}", "--frames", str(frames), "--json"]))
    return {phase: bench[phase]["median_ms"] for phase in PHASES}


def png_phase(designable, style, scale, frames):
    """`designable bench`'s median PNG encode time for `style` (another build's, for a baseline)."""
    bench = json.loads(output_of([designable, "bench", style, "--scale", f"{scale:g}", "--frames", str(frames), "--json"]))
    return bench["png"]["median_ms"]


def output_of(command):
    """The command's standard output; a failure stops the benchmark with its own words."""
    result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(map(os.path.basename, command[:2]))} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout
