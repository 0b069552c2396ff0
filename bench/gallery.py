"""The bundled examples as the latency measurements use them: a private copy and one-view edits.

The gallery (the seed tutorials' buttons) and the designables example (shadows, masks, gradients,
presets imported from tokens.yaml): each has a button whose title line a save changes, as a person
edits one view, and which the click test presses.
"""

import os
import shutil

BENCH = os.path.dirname(os.path.realpath(__file__))
EXAMPLES = os.path.join(os.path.dirname(BENCH), "assets", "examples")
PATH = os.path.join(EXAMPLES, "gallery.yaml")


class Example:
    def __init__(self, name, file, button, marker, edited):
        self.name = name
        self.path = os.path.join(EXAMPLES, file)
        self.button = button  # the id of the button a save retitles and the click test presses
        self.marker = marker  # the text a save changes: that button's title
        self.edited = edited  # the marker as the index-th save writes it

    def copy(self, work):
        """The examples folder copied into `work` (images and imports with it), so the edits never
        touch the repository; the path of this example's copy."""
        folder = os.path.join(work, "examples")
        if not os.path.isdir(folder):
            shutil.copytree(EXAMPLES, folder)
        return os.path.join(folder, os.path.basename(self.path))

    def edits(self, text, count):
        """This example with its button retitled: a one-view edit, as a person makes them."""
        if self.marker not in text:
            raise RuntimeError(f"{self.name} has no '{self.marker.strip()}' to edit")
        return [text.replace(self.marker, self.edited(index + 1), 1) for index in range(count)]


GALLERY = Example("gallery", "gallery.yaml", "sign-in", "title: SIGN IN\n", lambda n: f"title: SIGN IN {n}\n")
# The button retitled and clicked lies near the top: at 3× the bottom of the canvas lies below a
# 1080-line screen, where the pixels cannot be watched.
DESIGNABLES = Example("designables", "designables.yaml", "continuous", "title: Continuous,",
                      lambda n: f"title: Continuous {n},")
ALL = (GALLERY, DESIGNABLES)

# What the versus script and older callers use: the gallery.
BUTTON = GALLERY.button


def copy(work):
    return GALLERY.copy(work)


def edits(text, count):
    return GALLERY.edits(text, count)
