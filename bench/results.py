"""The raw data of a run: every sample, as measured, kept beside the printed table so a run can be
committed (`bench/results/DATE-LABEL/`) and its table checked against, or recomputed from, what
was measured.

Each record is one measurement of one row in one round: {"measure": "edit", "round": 0,
"scene": "200 buttons", "scale": 1, "kind": "theme", "outside_ms": [...], "trace_ms": [...], ...}.
"""

import datetime
import json
import os
import re


class Recorder:
    """The records of one run, in the order they were measured."""

    def __init__(self):
        self.records = []

    def add(self, measure, round_index, **fields):
        self.records.append(dict(measure=measure, round=round_index, **fields))

    def find(self, measure, **key):
        """The records of `measure` whose fields equal `key`'s, in round order."""
        return [record for record in self.records
                if record["measure"] == measure and all(record.get(name) == value for name, value in key.items())]


def default_folder(bench, label, quick):
    """bench/results/YYYY-MM-DD-HHMM-LABEL[-quick]: sortable by date, and saying on what it ran."""
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d-%H%M")
    return os.path.join(bench, "results", f"{stamp}-{label}" + ("-quick" if quick else ""))


def machine_label():
    """A short name for the kind of machine, not this one's host name: "intel-xeon-2c"."""
    model = "cpu"
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                model = line.split(":", 1)[1]
                break
    model = re.sub(r"\((R|TM|tm|r)\)|\bCPU\b|\bProcessor\b|@.*$|\d+(-Core)?\b", " ", model)
    words = [word.lower() for word in re.findall(r"[A-Za-z][A-Za-z0-9]*", model)][:3] or ["cpu"]
    return "-".join(words) + f"-{len(os.sched_getaffinity(0))}c"


def rounded(value):
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, dict):
        return {key: rounded(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(item) for item in value]
    return value


def write(folder, table, recorder, meta):
    """table.txt (what was printed) and samples.json (the run's description and every record)."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "table.txt"), "w", encoding="utf-8") as file:
        file.write(table + "\n")
    # One record a line: readable, and a later run's file diffs line by line. Times to the
    # microsecond (in ms): finer digits are noise, and would only make the file larger.
    lines = [json.dumps(rounded(record), ensure_ascii=False) for record in recorder.records]
    with open(os.path.join(folder, "samples.json"), "w", encoding="utf-8") as file:
        file.write('{"run": ' + json.dumps(meta, ensure_ascii=False) + ',\n "records": [\n  ' + ",\n  ".join(lines) + "\n]}\n")
