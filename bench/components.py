#!/usr/bin/env python3
"""Save-to-pixels of Swift components in the live preview, standalone (bench/run may call it).

  bench/components.py [--runs N] [--designable PATH] [--gallery]

Starts its own Xvfb, opens the preview on a copy of assets/examples/components.yaml with
--trace, and N times saves StarRating.swift with a new rating default (a new source each time:
compiled with the compiler's module cache warm, loaded, laid out and drawn by the worker), timing
from just before the write to the trace's next "file" frame (its t_mono_ns, CLOCK_MONOTONIC after
the pixels reached the server). With --gallery it times saves of the gallery's style file the
same way, for comparing builds. Prints one JSON object: p50 and max in ms, the runs, the target.
The compile cache is a fresh folder, warmed by the first (untimed) draw.
"""

import sys

sys.dont_write_bytecode = True

import argparse
import json
import os
import queue
import shutil
import statistics
import subprocess
import tempfile
import threading
import time

import display

BENCH = os.path.dirname(os.path.realpath(__file__))
REPO = os.path.dirname(BENCH)
EXAMPLES = os.path.join(REPO, "assets", "examples")
TARGET_MS = 500


def clock_ns():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


class Preview:
    """`designable preview STYLE --trace` on `display`, its frames read on a thread."""

    def __init__(self, designable, style, display, environment):
        env = dict(os.environ, DISPLAY=display, **environment)
        self.process = subprocess.Popen([designable, "preview", style, "--trace"], stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env, text=True)
        self.frames = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            if line.startswith("{"):
                frame = json.loads(line)
                if "frame" in frame:
                    self.frames.put(frame)

    def next_frame(self, cause, after_ns, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                frame = self.frames.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if frame.get("cause") == cause and frame.get("t_mono_ns", 0) >= after_ns:
                return frame
        raise RuntimeError(f"no {cause} frame within {timeout} s")

    def quiet(self, seconds=0.2):
        """Drains frames until none came for `seconds`."""
        while True:
            try:
                self.frames.get(timeout=seconds)
            except queue.Empty:
                return

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def time_saves(preview, path, texts, runs):
    """Writes each text in turn to `path`; the milliseconds from the write to the file frame."""
    times = []
    for run in range(runs):
        preview.quiet()
        stamp = clock_ns()
        with open(path, "w") as file:
            file.write(texts[run % len(texts)])
        frame = preview.next_frame("file", stamp)
        times.append((frame["t_mono_ns"] - stamp) / 1e6)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--designable", default=os.environ.get("DESIGNABLE", os.path.join(REPO, ".build", "release", "designable")))
    parser.add_argument("--gallery", action="store_true", help="time saves of the gallery's style file instead")
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="designable-bench-components-")
    # display.Xvfb lets the server pick a free number: sockets left by killed servers do not count.
    with display.Xvfb() as server:
        measure(options, work, server.name)


def measure(options, work, display):
    try:
        environment = {"XDG_CACHE_HOME": os.path.join(work, "cache"), "FONTCONFIG_FILE": os.path.join(REPO, "Tests", "fonts.conf")}
        if options.gallery:
            shutil.copytree(EXAMPLES, os.path.join(work, "examples"), symlinks=True)
            style = os.path.join(work, "examples", "gallery.yaml")
            original = open(style).read()
            # Two versions of one button's title, alternately: a save that changes one view.
            texts = [original.replace("title: Rounded Corner Button", f"title: Rounded Corner Button {n}") for n in (1, 2)]
            preview = Preview(options.designable, style, display, environment)
            preview.next_frame("start", 0)
            times = time_saves(preview, style, texts, options.runs)
            name = "gallery save to pixels"
        else:
            shutil.copytree(os.path.join(EXAMPLES, "components"), os.path.join(work, "components"))
            shutil.copy(os.path.join(EXAMPLES, "components.yaml"), work)
            source = os.path.join(work, "components", "StarRating.swift")
            original = open(source).read()
            # A new source every save (a new rating default): compiled each time, the module cache warm.
            texts = [original.replace("var rating = 3.5", f"var rating = {1 + (n % 40) / 10}") for n in range(options.runs)]
            preview = Preview(options.designable, os.path.join(work, "components.yaml"), display, environment)
            preview.next_frame("file", 0, timeout=300)  # the first draw: compiles cold, warms the module cache
            times = time_saves(preview, source, texts, options.runs)
            name = "component .swift save to pixels"
        preview.stop()
        p50 = statistics.median(times)
        print(json.dumps({"row": name, "p50_ms": round(p50, 1), "max_ms": round(max(times), 1), "runs": len(times),
                          "samples_ms": [round(time, 3) for time in times],
                          "target_ms": None if options.gallery else TARGET_MS,
                          "meets_target": None if options.gallery else p50 <= TARGET_MS}))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
