"""Downloads of one run: its samples as CSV, and the load tools' raw output as text."""

from __future__ import annotations

import csv
import io
import shlex
from typing import Any

from backend.runs.downloads import csv_cell
from backend.runs.samples.schemas import RunSamples


def samples_csv(samples: RunSamples) -> str:
    """One row per sample: source, t, ts, then every metric name seen, sorted."""
    metrics = sorted({key for points in samples.sources.values() for p in points for key in p.data})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["source", "t", "ts", *metrics])
    for source, points in samples.sources.items():
        for p in points:
            writer.writerow([source, p.t, p.ts.isoformat(), *(csv_cell(p.data.get(m)) for m in metrics)])
    return out.getvalue()


def tool_output_text(command_lines: dict[str, Any], tool_output: dict[str, Any]) -> str:
    """One section per agent whose tool printed something: a header with its command lines,
    then the output as it was. Argv elements are joined with shlex so the line can be re-run."""
    if not tool_output:
        return "No load tool output was recorded for this run (it did not reach the end of its load).\n"
    sections = []
    for agent in sorted(tool_output):
        argvs = command_lines.get(agent) or []
        header = [f"===== {agent} ====="]
        header += [f"$ {shlex.join(str(a) for a in argv)}" for argv in argvs if isinstance(argv, list)]
        sections.append("\n".join(header) + "\n" + str(tool_output[agent]).rstrip("\n") + "\n")
    return "\n".join(sections)
