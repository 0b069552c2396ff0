"""The programs and libraries the benchmark needs, and building its C helpers (floor.c, pixeldiff.c, pixelwatch.c)."""

import os
import shutil
import subprocess
import sys

# What `make deps` installs (the Makefile's PACKAGES), by the command the benchmark runs.
REQUIRED = {"rsvg-convert": "librsvg2-bin", "Xvfb": "xvfb", "xdotool": "xdotool", "xdpyinfo": "x11-utils",
            "pkg-config": "pkg-config"}


def check_required():
    missing = [f"{command} ({package})" for command, package in REQUIRED.items() if shutil.which(command) is None]
    if missing:
        raise RuntimeError("missing " + ", ".join(missing) + ": run `make deps`")


def compiler():
    """$CC, else cc, gcc or clang (Swift's toolchain brings one); else gcc from apt-get."""
    for candidate in [os.environ.get("CC"), "cc", "gcc", "clang"]:
        if candidate and shutil.which(candidate):
            return candidate
    print("bench: no C compiler found; installing gcc with apt-get", file=sys.stderr)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, timeout=600, env=environment)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "gcc", "libc6-dev"],
                   check=True, timeout=600, env=environment)
    return "gcc"


def build(source, output, packages):
    """Compiles one C file with -O2; the flags come from pkg-config so any distribution's paths work."""
    found = subprocess.run(["pkg-config", "--cflags", "--libs", *packages], capture_output=True, text=True, timeout=60)
    if found.returncode != 0:
        raise RuntimeError(f"{os.path.basename(source)} needs {', '.join(packages)}: {found.stderr.strip()} (run `make deps`)")
    flags = found.stdout.split()
    subprocess.run([compiler(), "-O2", "-o", output, source, *flags], check=True, timeout=300)
    return output


def library_versions():
    """The versions of the C libraries both sides draw with, from pkg-config."""
    versions = []
    for package, name in (("cairo", "cairo"), ("pango", "pango"), ("librsvg-2.0", "librsvg")):
        result = subprocess.run(["pkg-config", "--modversion", package], capture_output=True, text=True, timeout=30)
        versions.append(f"{name} {result.stdout.strip() or '?'}")
    return ", ".join(versions)
