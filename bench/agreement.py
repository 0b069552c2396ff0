"""Whether two renders are the same picture, before their times are compared."""

import json
import subprocess

# A channel may differ by this much (of 255, about 10%) before a pixel counts as different:
# anti-aliasing of the same edge by two rasterisers differs by a few levels.
TOLERANCE = 25


def differing_pixels(pixeldiff, first_png, second_png, tolerance=TOLERANCE):
    """(differing pixels, all pixels) between two PNGs of the same size."""
    result = subprocess.run([pixeldiff, first_png, second_png, str(tolerance)],
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise RuntimeError(f"pixeldiff {first_png} {second_png}: {result.stderr.strip()}")
    counts = json.loads(result.stdout)
    return counts["differing"], counts["pixels"]
