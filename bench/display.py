"""A private X server (Xvfb) for the preview, and synthetic input into it.

Clicks and keys go through the XTEST extension, called from Python with ctypes on libXtst, rather
than through `xdotool click`: a new xdotool process per click would put its own start-up (exec,
dynamic linking, opening the display: a few milliseconds, and noisy) between the timestamp and the
event, and that is not the preview's latency. With XTEST the stamp is taken, the fake press and
release are queued and flushed, and the server has them within microseconds.
"""

import ctypes
import ctypes.util
import os
import re
import select
import subprocess
import time


class Xvfb:
    """Xvfb on the first free display number, for the duration of a `with` block."""

    WIDTH, HEIGHT, DEPTH = 1920, 1080, 24
    START_TIMEOUT = 15

    def __init__(self):
        self.process = None
        self.name = None

    def __enter__(self):
        # -displayfd: Xvfb picks a free display number itself and writes it to the pipe once it
        # accepts connections, so there is neither a race for a number nor a sleep-and-hope.
        read_end, write_end = os.pipe()
        try:
            self.process = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{self.WIDTH}x{self.HEIGHT}x{self.DEPTH}",
                 "-nolisten", "tcp", "-noreset"],
                pass_fds=(write_end,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.close(write_end)
            number = read_line(read_end, self.START_TIMEOUT)
        finally:
            os.close(read_end)
        if not number.isdigit():
            self.__exit__()
            raise RuntimeError(f"Xvfb did not start within {self.START_TIMEOUT} s")
        self.name = ":" + number
        return self

    def __exit__(self, *_):
        stop(self.process)

    @property
    def description(self):
        return f"Xvfb (X.Org {server_version(self.environment())}), screen {self.WIDTH}x{self.HEIGHT}x{self.DEPTH}"

    def environment(self):
        return dict(os.environ, DISPLAY=self.name)


def read_line(fd, timeout):
    """One newline-terminated line from `fd`, or what came before `timeout` seconds passed. Xvfb
    writes the number and the newline separately: closing the pipe between the two would kill it
    with SIGPIPE."""
    deadline = time.monotonic() + timeout
    data = b""
    while not data.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], max(0, deadline - time.monotonic()))
        chunk = os.read(fd, 64) if ready else b""
        if not chunk:
            break
        data += chunk
    return data.decode(errors="replace").strip()


def server_version(environment):
    """The running server's version, as xdpyinfo reports it ("X.Org version: 1.21.1.7")."""
    try:
        result = subprocess.run(["xdpyinfo"], env=environment, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "(version unknown)"
    found = re.search(r"X\.Org version:\s*([\d.]+)", result.stdout)
    return found.group(1) if found else "(version unknown)"


def stop(process, grace=5):
    """Ends a child: SIGTERM, then SIGKILL if it has not exited within `grace` seconds."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(grace)


class XTest:
    """A client connection that moves the pointer, clicks and types through XTEST."""

    def __init__(self, display_name):
        self.x11 = load("X11")
        self.xtst = load("Xtst")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.x11.XStringToKeysym.restype = ctypes.c_ulong
        self.x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
        self.x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.display = self.x11.XOpenDisplay(display_name.encode())
        if not self.display:
            raise RuntimeError(f"cannot open X display {display_name}")

    def __enter__(self):
        return self

    def __exit__(self, *_):
        if self.display:
            self.x11.XCloseDisplay(self.display)
            self.display = None

    def move(self, x, y):
        """Puts the pointer at root coordinates (x, y) and waits until the server has done it."""
        self.xtst.XTestFakeMotionEvent(self.display, -1, int(x), int(y), 0)
        self.x11.XSync(self.display, 0)

    def click(self, button=1):
        """Presses and releases `button` where the pointer is; returns once the requests are sent."""
        self.xtst.XTestFakeButtonEvent(self.display, button, 1, 0)
        self.xtst.XTestFakeButtonEvent(self.display, button, 0, 0)
        self.x11.XFlush(self.display)

    def key(self, name):
        """Types the key whose keysym is `name` ("q")."""
        code = self.x11.XKeysymToKeycode(self.display, self.x11.XStringToKeysym(name.encode()))
        self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        self.x11.XFlush(self.display)


def load(library):
    path = ctypes.util.find_library(library)
    if path is None:
        raise RuntimeError(f"lib{library} not found (Debian: libx11-6, libxtst6; `make deps` installs them with xdotool)")
    return ctypes.CDLL(path)
