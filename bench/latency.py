"""The live preview under Xvfb, driven from outside as a person would use it, and timed twice.

From outside: the saves and the button presses are made by `pixelwatch` (pixelwatch.c), a small C
program that copies a region of the window, stamps CLOCK_MONOTONIC, saves the file (or presses or
releases the mouse button through XTEST), and reads the region again with XShmGetImage every
POLL_PERIOD_US microseconds until its pixels differ: the time a person would see, with no word
from the program.

By the program's own account: `designable preview STYLE --trace` prints one JSON line per frame,
ending with `t_mono_ns`, the CLOCK_MONOTONIC time just after XSync returned following the blit
(when the X server had the pixels). Each action's stamp is paired with the next frame of the
matching cause:

  save-to-pixels   pixelwatch stamps and saves; next frame with cause "file"
  press, release   pixelwatch stamps and sends the button event; next frame with cause "input"
  start-to-frame   this driver stamps and spawns the process; its first frame with cause "start"

and the process's peak resident set (VmHWM) is read from /proc just before asking it to quit.
Each action waits for its pixels and its frame and then for the preview to fall quiet, so no two
actions coalesce into one frame and every latency is one action's own.
"""

import dataclasses
import json
import math
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
# How often pixelwatch reads the watched regions: the outside time is late by at most this plus
# one read (a few tens of microseconds for a button). Shorter would take more of the two cores
# from the preview and the X server it measures.
POLL_PERIOD_US = 200
WATCH_TIMEOUT_MS = 10_000  # the slowest save (a theme colour, 2,000 buttons at 3×) takes well under 1 s


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
        """(id, x, y, width, height) of the preview's window, its place on the root, found by its
        title ("NAME.yaml — up to date") with xdotool."""
        name = "^" + re.escape(os.path.basename(self.style)) + " "
        found = run(["xdotool", "search", "--name", name], environment).split()
        if not found:
            raise NoFrame(f"no window titled {os.path.basename(self.style)}")
        geometry = dict(line.split("=", 1) for line in
                        run(["xdotool", "getwindowgeometry", "--shell", found[0]], environment).split())
        return int(found[0]), int(geometry["X"]), int(geometry["Y"]), int(geometry["WIDTH"]), int(geometry["HEIGHT"])

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


class Watcher:
    """One `pixelwatch` process on the preview's window: saves and button events timed to pixels."""

    def __init__(self, binary, window, style, environment, period_us=POLL_PERIOD_US):
        self.process = subprocess.Popen(
            [binary, "--window", str(window), "--file", style, "--period-us", str(period_us)],
            env=environment, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            self._answer()  # "ready": connected, MIT-SHM and XTEST found
        except NoFrame:
            display.stop(self.process)
            raise

    def __enter__(self):
        return self

    def __exit__(self, *_):
        try:
            self.process.stdin.write(b"quit\n")
            self.process.stdin.close()
        except OSError:
            pass
        display.stop(self.process)

    def save(self, text, in_place, rects):
        """Saves `text` and waits until every rect (window pixels) changed; with no rects, only saves."""
        data = text.encode()
        return self._ask(f"save {'in' if in_place else 'rename'} {WATCH_TIMEOUT_MS} {len(data)} " + self._rects(rects), data)

    def press(self, rects):
        return self._ask(f"press {WATCH_TIMEOUT_MS} " + self._rects(rects))

    def release(self, rects):
        return self._ask(f"release {WATCH_TIMEOUT_MS} " + self._rects(rects))

    @staticmethod
    def _rects(rects):
        return " ".join([str(len(rects))] + [f"{x} {y} {w} {h}" for x, y, w, h in rects])

    def _ask(self, command, payload=b""):
        self.process.stdin.write(command.encode() + b"\n" + payload)
        self.process.stdin.flush()
        return self._answer()

    def _answer(self):
        line = self.process.stdout.readline()
        if not line:
            raise NoFrame(f"pixelwatch exited: {self.process.stderr.read().decode(errors='replace').strip()[-300:]}")
        answer = json.loads(line)
        if not answer.get("ok"):
            raise NoFrame(f"pixelwatch: {answer.get('error')}")
        return answer


@dataclasses.dataclass
class Geometry:
    """Where the canvas lies in the preview's window, in window pixels."""
    scale: float
    origin_x: int
    origin_y: int
    width: int
    height: int

    def pixels(self, rect):
        """The window pixels wholly inside `rect` (x, y, w, h in canvas points), or None when
        that is nothing or not all of it is in the window."""
        x, y, w, h = rect
        left, top = math.ceil(x * self.scale - 1e-9), math.ceil(y * self.scale - 1e-9)
        right, bottom = math.floor((x + w) * self.scale + 1e-9), math.floor((y + h) * self.scale + 1e-9)
        left, right, top, bottom = left + self.origin_x, right + self.origin_x, top + self.origin_y, bottom + self.origin_y
        if right <= left or bottom <= top or left < 0 or top < 0 or right > self.width or bottom > self.height:
            return None
        return left, top, right - left, bottom - top


@dataclasses.dataclass
class Batch:
    """Saves of one kind in a session: the texts in turn, and the canvas regions (points) that must
    change on each, given the window's geometry (a region can depend on what the window shows).
    Unwatched: saved without polling, to see what the polling costs the preview."""
    kind: str
    texts: list
    regions: object  # Geometry -> [(x, y, w, h)]
    unwatched: bool = False


@dataclasses.dataclass
class Click:
    """Presses on `point` (canvas points), whose look must change within `rect`."""
    count: int
    point: tuple
    rect: tuple


@dataclasses.dataclass
class Saves:
    """One batch's saves: milliseconds from the stamp to changed pixels (outside) and to the trace's
    frame (trace), each frame's steps, and frames beyond one per save."""
    outside: list = dataclasses.field(default_factory=list)
    trace: list = dataclasses.field(default_factory=list)
    in_place: list = dataclasses.field(default_factory=list)  # each save's way: in place, else by rename
    steps: dict = dataclasses.field(default_factory=lambda: {step: [] for step in STEPS})
    extra_frames: int = 0
    polls: list = dataclasses.field(default_factory=list)
    read_us: list = dataclasses.field(default_factory=list)
    # The last read still showing the old pixels, ms after the stamp: the change came between it
    # and `outside`.
    unchanged: list = dataclasses.field(default_factory=list)
    # How long the save's own writes took (the stamp to the last write's return), ms: the file
    # system's share of `outside`, before which the preview cannot read the file.
    write: list = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Clicks:
    press_outside: list = dataclasses.field(default_factory=list)
    press_trace: list = dataclasses.field(default_factory=list)
    release_outside: list = dataclasses.field(default_factory=list)
    release_trace: list = dataclasses.field(default_factory=list)
    extra_frames: int = 0


@dataclasses.dataclass
class Live:
    """One preview session's measurements, in milliseconds (RSS in KiB)."""
    saves: dict = dataclasses.field(default_factory=dict)  # batch kind -> Saves
    clicks: Clicks = dataclasses.field(default_factory=Clicks)
    peak_rss_kib: int = None
    problem: str = None


def measure(designable, pixelwatch, xserver, xtest, style, scale, canvas_width, batches, click=None):
    """A session on `style` at `scale` (a canvas `canvas_width` points wide): each batch's saves in
    turn (alternately in place and by rename), then the clicks, then the peak RSS."""
    live = Live()
    environment = xserver.environment()
    with Preview(designable, style, scale, xserver) as preview:
        try:
            preview.next_frame("start", START_TIMEOUT)
            preview.settle()
            window, left, top, width, height = preview.window(environment)
            # Where the preview draws the canvas: centred in the window when narrower, else from
            # the window's left edge; from the top (no banner: the scenes have no findings).
            canvas_pixels = pixels(canvas_width, scale)
            geometry = Geometry(scale, (width - canvas_pixels) // 2 if canvas_pixels < width else 0, 0, width, height)
            with Watcher(pixelwatch, window, style, environment) as watcher:
                saved = 0
                for batch in batches:
                    rects = [] if batch.unwatched else window_rects(geometry, batch.regions(geometry), batch.kind)
                    saves = live.saves.setdefault(batch.kind, Saves())
                    for text in batch.texts:
                        in_place = saved % 2 == 0
                        answer = watcher.save(text, in_place=in_place, rects=rects)
                        saved += 1
                        saves.in_place.append(in_place)
                        frame = preview.next_frame("file")
                        saves.trace.append((frame["t_mono_ns"] - answer["t0_ns"]) / 1e6)
                        saves.write.append((answer["acted_ns"] - answer["t0_ns"]) / 1e6)
                        if rects:
                            saves.outside.append((answer["t1_ns"] - answer["t0_ns"]) / 1e6)
                            saves.polls.append(answer["polls"])
                            saves.read_us.append(answer["read_ns"] / 1e3)
                            saves.unchanged.append((answer["last_unchanged_ns"] - answer["t0_ns"]) / 1e6)
                        for step in STEPS:
                            # A build from before the reconciler times none: zero, so two builds compare.
                            saves.steps[step].append(frame.get(step + "_ms", 0.0))
                        saves.extra_frames += sum(later.get("cause") == "file" for later in preview.settle())
                        time.sleep(GAP)
                if click and click.count:
                    rects = window_rects(geometry, [click.rect], "click")
                    xtest.move(left + geometry.origin_x + click.point[0] * scale, top + click.point[1] * scale)
                    preview.settle()  # the pointer's arrival may draw (hover)
                    for _ in range(click.count):
                        # Press: the button's highlighted look; release: its look again (or the
                        # selected one a click toggles), each awaited in the pixels and the trace.
                        for press in (True, False):
                            answer = watcher.press(rects) if press else watcher.release(rects)
                            frame = preview.next_frame("input")
                            outside = (answer["t1_ns"] - answer["t0_ns"]) / 1e6
                            trace = (frame["t_mono_ns"] - answer["t0_ns"]) / 1e6
                            (live.clicks.press_outside if press else live.clicks.release_outside).append(outside)
                            (live.clicks.press_trace if press else live.clicks.release_trace).append(trace)
                            live.clicks.extra_frames += sum(later.get("cause") == "input" for later in preview.settle())
                        time.sleep(GAP)
            live.peak_rss_kib = preview.peak_rss_kib()
            preview.quit(xtest)
        except NoFrame as problem:
            live.problem = str(problem)
    return live


def window_rects(geometry, regions, what):
    """The regions in window pixels; a region outside the window is the benchmark's own mistake."""
    rects = [geometry.pixels(region) for region in regions]
    if not rects or None in rects:
        raise NoFrame(f"a {what} region {regions} is not (wholly) in the {geometry.width}×{geometry.height} window")
    return rects


# Where a start goes, in the order it happens: the process before main (exec, dynamic linking,
# the runtime's set-up), opening the display, then the first frame's steps, with the window made
# between parsing and laying out. "other" is the rest: waiting for the first Expose, and
# anything between the steps.
START_PARTS = ("to main", "display", "read", "parse", "window", "layout", "render", "blit")


def start_times(designable, xserver, style, scale, count):
    """`count` starts of the preview: for each, the milliseconds from spawning it to its first
    frame on screen ("total") and where they went (START_PARTS and "other"), from its trace."""
    starts = []
    for _ in range(count):
        with Preview(designable, style, scale, xserver) as preview:
            frame = preview.next_frame("start", START_TIMEOUT)
            total = (frame["t_mono_ns"] - preview.spawned_ns) / 1e6
            parts = {part: frame.get(part + "_ms") for part in START_PARTS}
            if "main_t_mono_ns" in frame:
                parts["to main"] = (frame["main_t_mono_ns"] - preview.spawned_ns) / 1e6
            if None not in parts.values():
                parts["other"] = total - sum(parts.values())
            starts.append(dict(total=total, parts=parts))
    return starts


def floor_start_time(floor, xserver, scene, scale):
    """Milliseconds from spawning `floor --window` (bench/floor.c) on the scene's text to its first
    frame on screen, and to its main, as it reports them: what a plain C program pays to show the
    same scene, and of that what its process paid before its own code ran."""
    spawned = clock_ns()
    done = subprocess.run([floor, scene, "--scale", str(scale), "--window"], capture_output=True, text=True,
                          timeout=START_TIMEOUT, env=xserver.environment())
    if done.returncode != 0:
        raise RuntimeError(f"floor --window {scene}: {done.stderr.strip()}")
    reported = json.loads(done.stdout)
    return (reported["t_mono_ns"] - spawned) / 1e6, (reported["main_t_mono_ns"] - spawned) / 1e6


def view_frame(designable, style, view_id):
    """The canvas width and the frame (x, y, w, h) of the view `view_id`, in points, from
    `designable inspect`: "FILE: 22 views on a 375×1386.905 canvas" and
    "#3 FancyButton "sign-in"  line 27  frame 16,118 343×50"."""
    text = subprocess.run([designable, "inspect", style], capture_output=True, text=True, timeout=60, check=True).stdout
    canvas = re.search(r"on a ([\d.]+)×([\d.]+) canvas", text)
    frame = re.search(r'"' + re.escape(view_id) + r'".*?frame ([\d.-]+),([\d.-]+) ([\d.]+)×([\d.]+)', text)
    if not canvas or not frame:
        raise RuntimeError(f"designable inspect {style}: no canvas size or no view '{view_id}'")
    return float(canvas.group(1)), tuple(map(float, frame.groups()))


def centre(rect):
    x, y, width, height = rect
    return x + width / 2, y + height / 2


def pixels(points, scale):
    return int(-(-points * scale // 1))
