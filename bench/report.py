"""The printed result: a header that says what ran where, then aligned plain-text tables."""

import datetime
import os
import platform
import subprocess
import textwrap


def machine():
    """CPU model, cores, memory and kernel, read from /proc and uname."""
    model = "unknown CPU"
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                model = " ".join(line.split(":", 1)[1].split())
                break
    memory_kib = 0
    with open("/proc/meminfo") as meminfo:
        for line in meminfo:
            if line.startswith("MemTotal:"):
                memory_kib = int(line.split()[1])
                break
    cores = len(os.sched_getaffinity(0))
    return (f"{model}, {cores} core{'s' if cores != 1 else ''} available, {memory_kib / 1024 ** 2:.1f} GiB RAM, "
            f"Linux {platform.release()}")


def binary(designable):
    """The binary's version and the commit of the checkout it sits in (with -dirty when edited)."""
    version = subprocess.run([designable, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    try:
        commit = subprocess.run(["git", "-C", os.path.dirname(designable), "describe", "--always", "--dirty"],
                                capture_output=True, text=True, timeout=30).stdout.strip()
    except OSError:
        commit = ""
    return version + (f", checkout at {commit}" if commit else "")


def now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def header(lines):
    """`label: value` lines with the values aligned."""
    width = max(len(label) for label, _ in lines)
    return "\n".join(f"{label + ':':<{width + 1}} {value}" for label, value in lines)


def table(title, columns, rows, notes=()):
    """A titled table; `columns` are (heading, align) with align "<" or ">"; cells are strings.
    Each note is wrapped to the table's width."""
    widths = [max([len(heading)] + [len(row[index]) for row in rows]) for index, (heading, _) in enumerate(columns)]

    def line(cells):
        return "  ".join(f"{cell:{align}{width}}" for cell, (_, align), width in zip(cells, columns, widths)).rstrip()

    rule = "-" * len(line([heading for heading, _ in columns]))
    out = [title, rule, line([heading for heading, _ in columns]), rule] + [line(row) for row in rows] + [rule]
    for note in notes:
        out += textwrap.wrap(note, width=max(len(rule), 100), initial_indent="  ", subsequent_indent="    ")
    return "\n".join(out)


def ms(value):
    """Milliseconds at a precision that suits their size."""
    if value is None:
        return "-"
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 1000 else f"{value:.0f}"


def ratio(value):
    return "-" if value is None else f"{value:.2f}×"


def fraction(differing, total):
    """A share of pixels: "0" when none, else a percentage."""
    if differing == 0:
        return "0"
    share = 100 * differing / total
    return f"{share:.2f}%" if share >= 0.01 else "<0.01%"


def spread(low, high):
    """The range of the rounds' medians: "1.40–1.71"."""
    if low is None or high is None:
        return "-"
    return f"{ms(low)}–{ms(high)}"


def ratio_spread(low, high):
    if low is None or high is None:
        return "-"
    return f"{low:.2f}–{high:.2f}"


def kib(size):
    return "-" if size is None else f"{size / 1024:.0f}"
