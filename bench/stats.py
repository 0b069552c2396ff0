"""Summaries of repeated timings.

Medians and percentiles rather than means: on a shared, noisy machine a few runs land on a busy
core or behind a page-cache miss, and one such outlier moves a mean a long way but a median not at
all. The tail (p95, p99) is reported where it matters to a person waiting, for the live preview.
"""


def median(values):
    ordered = sorted(values)
    if not ordered:
        return None
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def percentile(values, p):
    """The nearest-rank percentile, as `designable bench` computes its p99: always a measured value."""
    ordered = sorted(values)
    if not ordered:
        return None
    rank = -(-p * len(ordered) // 100)  # ceil(p/100 * n) without floating error for whole p
    return ordered[min(len(ordered) - 1, max(0, int(rank) - 1))]


def rounds(values):
    """(median, lowest, highest) of per-round values: the figure a table reports and its spread.
    Nones (a round that measured nothing) are left out; all Nones give (None, None, None)."""
    present = [value for value in values if value is not None]
    if not present:
        return None, None, None
    return median(present), min(present), max(present)
