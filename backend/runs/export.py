"""Downloads: CSV of a comparison table and of a run's samples (header row, stable columns), and the
load tools' raw output as text."""

from __future__ import annotations

import csv
import io
import shlex
from typing import Any

from backend.runs.schemas import CompareTable, RunSamples

# Columns of a comparison export before the param and metric columns, in this order.
RUN_COLUMNS = (
    "run_id",
    "experiment_id",
    "experiment_name",
    "experiment_version",
    "lab_id",
    "point_index",
    "repetition",
    "state",
    "finished_at",
)


def _cell(value: Any) -> Any:
    """CSV text of a value: booleans and empties as JSON would spell them, not Python."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def compare_csv(table: CompareTable) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*RUN_COLUMNS, *table.param_columns, *table.metric_columns])
    for row in table.rows:
        fixed = row.model_dump(mode="json", include=set(RUN_COLUMNS))
        writer.writerow(
            [_cell(fixed[c]) for c in RUN_COLUMNS]
            + [_cell(row.params.get(c)) for c in table.param_columns]
            + [_cell(row.metrics.get(c)) for c in table.metric_columns]
        )
    return out.getvalue()


def samples_csv(samples: RunSamples) -> str:
    """One row per sample: source, t, ts, then every metric name seen, sorted."""
    metrics = sorted({key for points in samples.sources.values() for p in points for key in p.data})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["source", "t", "ts", *metrics])
    for source, points in samples.sources.items():
        for p in points:
            writer.writerow([source, p.t, p.ts.isoformat(), *(_cell(p.data.get(m)) for m in metrics)])
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
