"""One name per figure: the metric registry (contract/metrics.py) is where a run figure or a per-second
series is named, labelled and given its unit; the places below read it (GET /metrics, the
generated client, contract.metrics) and must not write it again. Each check fails on the copy it
names, with the file.

- The browser's own sources hold no label of a figure or series (it reads them from GET /metrics),
  and no HAProxy sample key (`FRONTEND.req_tot`: the registry's series key addresses it), but for
  Compare's URL, whose `series=proxy|<sample key>` is the stored links' and the API's format.
  Labels of one word ("Requests", "Measured") are also plain words of sentences and headers: they
  are left out of the search; every other label is distinctive.
- No module lists History's figures (RunFigures, their columns, sort keys): they are the
  registry's entries with a History place (contract.metrics.HISTORY_KEYS).
- The worker and the API read HAProxy's seconds by registry series (contract.metrics:
  `series_sample_key`, `backend_row_value`, `servers_total`): no sample key of the proxy source
  (`FRONTEND.req_tot`, `PROCESS.idle_pct`) and no `{section}.<HAProxy field>` is written in
  backend/ or worker/. HAProxy's names stay where its CSV is read (agents/proxy/metrics.py) and in
  the registry's series, which say once which key each series has.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agents.proxy.metrics import INFO_GAUGES, SERVER_CONN_GAUGES, STAT_COUNTERS, STAT_GAUGES
from contract.metrics import HISTORY_KEYS, RUN_METRICS, SAMPLE_SERIES

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "frontend" / "src"
# Compare's URL state: the series parameter's default is a stored link's value (see module doc).
URL_FORMAT = {FRONTEND / "pages" / "compare" / "compareParams.ts"}


def _browser_sources() -> list[Path]:
    """The browser's hand-written sources: not the generated client, not tests (their registry
    fixtures stand in for GET /metrics)."""
    return sorted(
        path
        for path in FRONTEND.rglob("*")
        if path.suffix in {".ts", ".tsx"}
        and FRONTEND / "client" not in path.parents
        and not re.search(r"\.test\.tsx?$", path.name)
    )


def _written(text: str, word: str) -> bool:
    """`word` as a whole string literal or a JSX text of its own."""
    quoted = "|".join(f"{q}{re.escape(word)}{q}" for q in ('"', "'", "`"))
    return re.search(rf"{quoted}|>\s*{re.escape(word)}\s*<", text) is not None


LABELS = sorted(
    {m.label for m in RUN_METRICS} | {s.label for s in SAMPLE_SERIES} - {""},
)
DISTINCTIVE = [label for label in LABELS if len(label.split()) > 1]
HAPROXY_KEYS = sorted(s.sample_key for s in SAMPLE_SERIES if s.source == "haproxy")


def test_the_search_finds_a_label_and_a_key_where_one_is_written() -> None:
    assert DISTINCTIVE and HAPROXY_KEYS and _browser_sources()
    assert _written('label: "Latency p99",', "Latency p99") and _written(
        "<th>Latency p99</th>", "Latency p99"
    )
    assert not _written('"Latency p99 (ms)"', "Latency p99")  # a longer sentence is not the label


@pytest.mark.parametrize("path", _browser_sources(), ids=lambda p: str(p.relative_to(FRONTEND)))
def test_the_browser_writes_no_figure_label_or_haproxy_key(path: Path) -> None:
    text = path.read_text()
    labels = [label for label in DISTINCTIVE if _written(text, label)]
    assert not labels, f"{path}: labels of the registry written again (read them from GET /metrics): {labels}"
    if path in URL_FORMAT:
        return
    keys = [key for key in HAPROXY_KEYS if key in text]
    assert not keys, f"{path}: HAProxy sample keys (address the registry's series by key instead): {keys}"


def test_no_module_lists_historys_figures() -> None:
    # Three History figures in their order, in any quoting: a hand-written copy of the list (a
    # choice of two or three figures to show, such as a webhook's, is not one).
    runs = [HISTORY_KEYS[i : i + 3] for i in range(len(HISTORY_KEYS) - 2)]
    quoted = r"""["']\s*[,|]\s*["']"""
    fields = r":[^\n]*\n\s*"
    listed = re.compile(
        "|".join(rf"""["']{quoted.join(run)}["']""" for run in runs)
        + "|"
        + "|".join(rf"\b{fields.join(run)}:" for run in runs)
    )
    sources = [
        *(ROOT / d for d in ("backend", "worker", "haplab_cli", "bench", "dev")),
        FRONTEND,
    ]
    found = []
    for base in sources:
        for path in base.rglob("*"):
            if path.suffix not in {".py", ".ts", ".tsx"} or "client" in path.relative_to(base).parts:
                continue
            if listed.search(path.read_text()):
                found.append(str(path.relative_to(ROOT)))
    assert not found, f"History's figures listed by hand (read contract.metrics.HISTORY_KEYS): {found}"


# The names agents/proxy/metrics.py gives HAProxy's fields in a sample (show stat, show servers
# conn, show info).
HAPROXY_FIELDS = (
    set(STAT_GAUGES.values())
    | set(STAT_COUNTERS)
    | set(SERVER_CONN_GAUGES.values())
    | set(INFO_GAUGES.values())
)
FIXED_SECTIONS = re.compile(r"[\"'](?:FRONTEND|BACKEND|PROCESS)\.\w+")
# An f-string's `{backend}.qtime` (or `{listen}.backend.stot`): a sample key of a named section.
NAMED_SECTION = re.compile(r"\}\.(?:backend\.)?(" + "|".join(sorted(HAPROXY_FIELDS)) + r")\b")
# The API's own description of the samples API, whose `metric` is a raw sample key by design.
SAMPLE_KEY_FORMAT = {ROOT / "backend" / "runs" / "compare" / "schemas.py"}


def haproxy_sample_keys_written(text: str) -> list[str]:
    return [m.group(0) for m in FIXED_SECTIONS.finditer(text)] + [
        m.group(0) for m in NAMED_SECTION.finditer(text)
    ]


def test_the_worker_and_the_api_read_haproxys_seconds_by_registry_series() -> None:
    found = {
        str(path.relative_to(ROOT)): written
        for package in ("backend", "worker")
        for path in sorted((ROOT / package).rglob("*.py"))
        if path not in SAMPLE_KEY_FORMAT and (written := haproxy_sample_keys_written(path.read_text()))
    }
    assert not found, (
        f"HAProxy's sample keys written again (read them by registry series, contract.metrics): {found}"
    )


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ('qtimes = [s.data[f"{backend}.qtime"] for s in measured]', ["}.qtime"]),
        ('data.get(f"{backend}.backend.stot", 0)', ["}.backend.stot"]),
        ('values = proxy.values("PROCESS.maxconn_max")', ['"PROCESS.maxconn_max']),
        ('series_sample_key("qtime", frontend, backend)', []),
        ('f"{self.key}.first"', []),
    ],
)
def test_the_scan_sees_a_sample_key_written_again(text: str, written: list[str]) -> None:
    assert haproxy_sample_keys_written(text) == written
