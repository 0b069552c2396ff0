"""The live preview under Xvfb, driven from outside as a person would use it.

`designable preview STYLE --trace` prints one JSON line per frame, ending with `t_mono_ns`: the
CLOCK_MONOTONIC time just after XSync returned following the blit, i.e. when the X server had the
pixels. This driver stamps the same clock just before it acts (saves the file, clicks, spawns the
process) and pairs the stamp with the next frame of the matching cause:

  edit-to-pixel   stamp, save the style file, next frame with cause "file"
  click-to-pixel  stamp, XTEST press and release on a button, next frame with cause "input"
  start-to-frame  stamp, spawn the process, its first frame with cause "start"

and reads the process's peak resident set (VmHWM) from /proc just before asking it to quit.
Each action waits for its frame and then for the preview to fall quiet, so no two actions
coalesce into one frame and every latency is one action's own.
"""

import dataclasses
import json
import os
import queue
import re
import subprocess
import tempfile
import threading
import time

import display

FRAME_TIMEOUT = 30     # seconds to wait for one frame; the slowest (2,000 buttons at 3×) takes well under 2
START_TIMEOUT = 60     # seconds for a first frame: a cold start pays for fontconfig
QUIET = 0.05           # seconds with no trace line after which the preview is taken to be idle
SETTLE_LIMIT = 3       # seconds at most spent waiting for it to fall quiet
GAP = 0.01             # seconds between one action's last frame and the next action
STEPS = ("read", "parse", "reconcile", "layout", "render", "blit")  # a frame's steps, as the trace times them


def clock_ns():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def available(designable):
    """Whether this build has the preview (`designable preview --help` succeeds)."""
    try:
        result = subprocess.run([designable, "preview", "--help"], capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0


class NoFrame(Exception):
    """The preview did not draw the frame an action asked for in time (or exited)."""


class Preview:
    """One `designable preview STYLE --trace` process; its trace lines arrive on a queue, read
    by a thread so that waiting for a frame never blocks on the pipe."""

    def __init__(self, designable, style, scale, xserver):
        self.style = style
        self.frames = queue.Queue()
        self.errors = tempfile.TemporaryFile()
        self.spawned_ns = clock_ns()
        self.process = subprocess.Popen(
            [designable, "preview", style, "--trace", "--scale", f"{scale:g}"],
            env=xserver.environment(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.errors,
            text=True, bufsize=1)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            try:
                self.frames.put(json.loads(line))
            except json.JSONDecodeError:
                continue  # not a trace line
        self.frames.put(None)  # the process closed its output: it has exited

    def __enter__(self):
        return self

    def __exit__(self, *_):
        display.stop(self.process)
        self.errors.close()

    def next_frame(self, cause, timeout=FRAME_TIMEOUT):
        """The next frame drawn for `cause`; frames for other causes (expose, resize) are skipped."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                frame = self.frames.get(timeout=max(0, deadline - time.monotonic()))
            except queue.Empty:
                raise NoFrame(f"no '{cause}' frame within {timeout} s") from None
            if frame is None:
                raise NoFrame(f"the preview exited ({self.process.wait()}): {self.error_tail()}")
            if frame.get("cause") == cause:
                return frame

    def settle(self):
        """Waits until no frame has come for QUIET seconds (at most SETTLE_LIMIT); the frames that came."""
        came = []
        deadline = time.monotonic() + SETTLE_LIMIT
        while time.monotonic() < deadline:
            try:
                frame = self.frames.get(timeout=QUIET)
            except queue.Empty:
                break
            if frame is None:
                raise NoFrame(f"the preview exited ({self.process.wait()}): {self.error_tail()}")
            came.append(frame)
        return came

    def peak_rss_kib(self):
        """VmHWM, the peak resident set so far, from /proc (no extra tools, no polling)."""
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return None

    def window(self, environment):
        """(x, y, width, height) of the preview's window on the root, found by its title
        ("NAME.yaml — up to date") with xdotool."""
        name = "^" + re.escape(os.path.basename(self.style)) + " "
        found = run(["xdotool", "search", "--name", name], environment).split()
        if not found:
            raise NoFrame(f"no window titled {os.path.basename(self.style)}")
        geometry = dict(line.split("=", 1) for line in
                        run(["xdotool", "getwindowgeometry", "--shell", found[0]], environment).split())
        return int(geometry["X"]), int(geometry["Y"]), int(geometry["WIDTH"]), int(geometry["HEIGHT"])

    def quit(self, xtest):
        """Types q, as a person would; SIGTERM if the preview has not exited within 5 s."""
        xtest.key("q")
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            display.stop(self.process)

    def error_tail(self):
        self.errors.seek(0)
        return self.errors.read().decode(errors="replace").strip()[-400:] or "(nothing on stderr)"


def run(command, environment):
    return subprocess.run(command, env=environment, capture_output=True, text=True, timeout=30, check=True).stdout


@dataclasses.dataclass
class Live:
    """One preview session's measurements, in milliseconds (RSS in KiB)."""
    edits: list = dataclasses.field(default_factory=list)
    edit_steps: dict = dataclasses.field(default_factory=lambda: {step: [] for step in STEPS})
    extra_file_frames: int = 0
    clicks: list = dataclasses.field(default_factory=list)
    peak_rss_kib: int = None
    problem: str = None


def measure(designable, xserver, xtest, style, scale, canvas_width, target, edit_texts, clicks):
    """A session on `style` at `scale`: each of `edit_texts` saved in turn (alternately in place and
    by rename), then `clicks` clicks on the canvas point `target` (points, on a canvas
    `canvas_width` points wide), then the peak RSS."""
    live = Live()
    with Preview(designable, style, scale, xserver) as preview:
        try:
            preview.next_frame("start", START_TIMEOUT)
            preview.settle()
            left, top, width, _ = preview.window(xserver.environment())
            # Where the preview draws the canvas: centred in the window when narrower, else from
            # the window's left edge; from the top. The target point is in canvas points.
            canvas_pixels = pixels(canvas_width, scale)
            origin_x = (width - canvas_pixels) // 2 if canvas_pixels < width else 0
            xtest.move(left + origin_x + target[0] * scale, top + target[1] * scale)
            for index, text in enumerate(edit_texts):
                stamp = clock_ns()
                save(style, text, in_place=index % 2 == 0)
                frame = preview.next_frame("file")
                live.edits.append((frame["t_mono_ns"] - stamp) / 1e6)
                for step in STEPS:
                    # A build from before the reconciler times none: zero, so two builds compare.
                    live.edit_steps[step].append(frame.get(step + "_ms", 0.0))
                live.extra_file_frames += sum(later.get("cause") == "file" for later in preview.settle())
                time.sleep(GAP)
            for _ in range(clicks):
                stamp = clock_ns()
                xtest.click()
                live.clicks.append((preview.next_frame("input")["t_mono_ns"] - stamp) / 1e6)
                preview.settle()
                time.sleep(GAP)
            live.peak_rss_kib = preview.peak_rss_kib()
            preview.quit(xtest)
        except NoFrame as problem:
            live.problem = str(problem)
    return live


def start_times(designable, xserver, style, scale, count):
    """Milliseconds from spawning the preview to its first frame on screen, `count` times."""
    times = []
    for _ in range(count):
        with Preview(designable, style, scale, xserver) as preview:
            frame = preview.next_frame("start", START_TIMEOUT)
            times.append((frame["t_mono_ns"] - preview.spawned_ns) / 1e6)
    return times


def save(path, text, in_place):
    """Writes `text` the two ways editors save: in place (open with truncation, write, close), or
    to a temporary file renamed over the old one (an "atomic save": a new inode at the path)."""
    if in_place:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    else:
        temporary = path + ".saving"
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
        os.rename(temporary, path)


def view_target(designable, style, view_id):
    """The canvas width and the centre of the view `view_id`, in points, from `designable inspect`:
    "FILE: 22 views on a 375×1386.905 canvas" and "#3 FancyButton "sign-in"  line 27  frame 16,118 343×50"."""
    text = subprocess.run([designable, "inspect", style], capture_output=True, text=True, timeout=60, check=True).stdout
    canvas = re.search(r"on a ([\d.]+)×([\d.]+) canvas", text)
    frame = re.search(r'"' + re.escape(view_id) + r'".*?frame ([\d.-]+),([\d.-]+) ([\d.]+)×([\d.]+)', text)
    if not canvas or not frame:
        raise RuntimeError(f"designable inspect {style}: no canvas size or no view '{view_id}'")
    x, y, width, height = map(float, frame.groups())
    return float(canvas.group(1)), (x + width / 2, y + height / 2)


def pixels(points, scale):
    return int(-(-points * scale // 1))
