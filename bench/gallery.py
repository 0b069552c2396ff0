"""The bundled gallery as the latency measurements use it: a private copy and one-view edits."""

import os
import shutil

BENCH = os.path.dirname(os.path.realpath(__file__))
PATH = os.path.join(os.path.dirname(BENCH), "assets", "examples", "gallery.yaml")
BUTTON = "sign-in"  # the gallery's FancyButton that the click test presses


def copy(work):
    """The gallery and its images copied into `work`, so the edits never touch the repository."""
    folder = os.path.join(work, "gallery")
    shutil.copytree(os.path.dirname(PATH), folder)
    return os.path.join(folder, os.path.basename(PATH))


def edits(text, count):
    """The gallery with its SIGN IN button retitled: a one-view edit, as a person makes them."""
    marker = "title: SIGN IN\n"
    if marker not in text:
        raise RuntimeError(f"the gallery has no '{marker.strip()}' line to edit")
    return [text.replace(marker, f"title: SIGN IN {index + 1}\n", 1) for index in range(count)]
