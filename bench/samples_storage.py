"""Does the sample table stay fast as the history grows (tens of millions of rows)?

Builds the real schema (alembic upgrade head) in a throwaway PostgreSQL, then measures what
haplab does with one run's samples, first with a small table and then with `--rows` rows, in
one run on one machine, and prints the ratios (large / small). Runs are 1 hour long (3,600 s x
4 sources: the proxy with 30 keys, 3 hosts with 10 keys each):

- read one run's samples, row form (GET /samples: the CSV export, scripts)
- the same as columns at 1 s (GET /samples/columns: raw seconds on demand)
- the same downsampled to 12 s buckets as columns (GET /samples/columns?step=12: the run page),
  through the API's own code (backend/runs/samples/columns.py)
- the old downsampling (jsonb_each + GROUP BY key), for comparison
- write one 1-second batch of 4 sources with ON CONFLICT              -- agents streaming

A ratio near 1 means the cost does not grow with the table: each query is a range scan of the
primary key (run_id, source, t). The first run's samples are generated with random values and
copied to the others (fast: no JSON is built per row). Usage:

    .venv/bin/python bench/samples_storage.py [--rows 5000000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import psycopg
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench_stack import migrate_to_head

from backend.runs.samples.columns import sample_columns_json
from dev.services import throwaway_services

ROOT = Path(__file__).resolve().parent.parent
SECONDS_PER_RUN = 3600
# What the run page asks for a 1-hour run: 3,600 s / MAX_POINTS (frontend/src/pages/run/sampleColumns.ts).
PAGE_STEP = 12
PROXY = "proxy"
HOSTS = ["host:proxy-1", "host:injector-1", "host:target-1"]
SOURCES = [PROXY, *HOSTS]
# Key names like the real ones: counters (deltas) and gauges (levels, contract.results.is_gauge).
PROXY_KEYS = [
    *(
        f"FRONTEND.{k}"
        for k in ("req_tot", "hrsp_2xx", "hrsp_3xx", "hrsp_4xx", "hrsp_5xx", "ereq", "bin", "bout")
    ),
    *(f"FRONTEND.{k}" for k in ("scur", "rate", "conn_rate", "req_rate")),
    *(f"BACKEND.{k}" for k in ("econ", "eresp", "srv_abrt", "cli_abrt", "connect", "reuse", "bin", "bout")),
    *(f"BACKEND.{k}" for k in ("qcur", "scur", "qtime", "ctime", "rtime", "ttime")),
    "proc.idle_pct",
    "proc.run_queue",
    "proc.conn_rate",
    "proc.ssl_rate",
]
HOST_KEYS = [
    "cpu_pct", "cpu_steal_pct", "load_1", "mem_used_pct", "rx_bytes", "tx_bytes",
    "rx_packets", "tx_packets", "tcp_retrans", "ctxt_switches",
]  # fmt: skip


def _data_sql(keys: list[str]) -> str:
    return "jsonb_build_object(" + ", ".join(f"'{k}', (random() * 100000)::int" for k in keys) + ")"


def setup_runs(conn: psycopg.Connection, n_runs: int) -> list[int]:
    conn.execute("INSERT INTO team (name, slug) VALUES ('bench', 'bench')")
    conn.execute(
        "INSERT INTO lab (team_id, name, description, settings) SELECT id, 'lab', '', '{}' FROM team"
    )
    conn.execute(
        "INSERT INTO experiment (team_id, name, description, tags, latest_version, updated_at)"
        " SELECT id, 'exp', '', '{}', 1, now() FROM team"
    )
    conn.execute(
        "INSERT INTO experiment_version (experiment_id, version, spec_version, spec, note)"
        " SELECT id, 1, 1, '{}', '' FROM experiment"
    )
    conn.execute(
        "INSERT INTO launch (team_id, experiment_id, experiment_version_id, lab_id, total_runs, overrides)"
        " SELECT t.id, e.id, v.id, l.id, %s, '{}' FROM team t, experiment e, experiment_version v, lab l",
        (n_runs,),
    )
    rows = conn.execute(
        "INSERT INTO run (team_id, experiment_id, experiment_version_id, launch_id, lab_id, point_index,"
        " repetition, params, spec, state, command_lines, environment)"
        " SELECT t.id, e.id, v.id, la.id, l.id, g, 0, '{}', '{}', 'succeeded', '{}', '{}'"
        " FROM team t, experiment e, experiment_version v, launch la, lab l, generate_series(1, %s) g"
        " RETURNING id",
        (n_runs,),
    ).fetchall()
    return [r[0] for r in rows]


def fill_samples(conn: psycopg.Connection, run_ids: list[int], template: int | None = None) -> int:
    """Samples of every run in `run_ids`: generated for the first when there is no template, then
    copied from the template run, 20 runs (288,000 rows) per statement. Returns the template."""
    if template is None:
        template = run_ids[0]
        run_ids = run_ids[1:]
        for source, keys in ((PROXY, PROXY_KEYS), *((h, HOST_KEYS) for h in HOSTS)):
            conn.execute(
                f"INSERT INTO sample (run_id, source, t, ts, data)"  # noqa: S608 - constant SQL
                f" SELECT %s, %s, t, now() + t * interval '1 second', {_data_sql(keys)}"
                f" FROM generate_series(0, %s) t",
                (template, source, SECONDS_PER_RUN - 1),
            )
        # What insert_samples records with the samples: each source's keys.
        conn.execute(
            "INSERT INTO sample_key (run_id, source, key)"
            " SELECT DISTINCT run_id, source, jsonb_object_keys(data) FROM sample WHERE run_id = %s",
            (template,),
        )
        conn.commit()
    for chunk_start in range(0, len(run_ids), 20):
        chunk = run_ids[chunk_start : chunk_start + 20]
        conn.execute(
            "INSERT INTO sample (run_id, source, t, ts, data)"
            " SELECT r, source, t, ts, data FROM unnest(%s::bigint[]) r, sample"
            " WHERE run_id = %s ORDER BY r, source, t",
            (chunk, template),
        )
        conn.execute(
            "INSERT INTO sample_key (run_id, source, key)"
            " SELECT r, source, key FROM unnest(%s::bigint[]) r, sample_key WHERE run_id = %s",
            (chunk, template),
        )
        conn.commit()
        if chunk_start % 500 == 0:
            print(
                f"  {chunk_start + len(chunk):,} of {len(run_ids):,} runs copied", file=sys.stderr, flush=True
            )
    conn.execute("ANALYZE sample")
    conn.commit()
    return template


ROWS_SQL = "SELECT source, t, ts, data FROM sample WHERE run_id = %s ORDER BY source, t"
OLD_DOWNSAMPLE_SQL = (
    "SELECT source, floor(t::float8 / 12) AS bucket, key, sum(value::float8), avg(value::float8)"
    " FROM sample, jsonb_each(data) WHERE run_id = %s GROUP BY source, bucket, key"
)


def time_queries(
    conn: psycopg.Connection, session: Session, run_ids: list[int], repeats: int
) -> dict[str, tuple[float, int]]:
    """Median ms and bytes (of the JSON, where the API sends JSON) of each operation."""
    probe = run_ids[len(run_ids) // 2 :: max(1, len(run_ids) // repeats)][:repeats]
    timings: dict[str, list[float]] = {}
    sizes: dict[str, int] = {}

    def timed(name: str, fn: Callable[..., object], *args: object, **kwargs: object) -> None:
        t0 = time.perf_counter()
        result = fn(*args, **kwargs)
        timings.setdefault(name, []).append((time.perf_counter() - t0) * 1000)
        if isinstance(result, str):
            sizes[name] = len(result.encode())

    def fetch(sql: str, run_id: int) -> object:
        return conn.execute(sql, (run_id,)).fetchall()

    for i, run_id in enumerate(probe):
        timed("read rows (row form)", fetch, ROWS_SQL, run_id)
        timed("old downsample 12 s", fetch, OLD_DOWNSAMPLE_SQL, run_id)
        timed("columns 1 s", sample_columns_json, session, run_id, step=1)
        timed(f"columns {PAGE_STEP} s (page)", sample_columns_json, session, run_id, step=PAGE_STEP)
        session.rollback()
        with conn.cursor() as cur:
            t0 = time.perf_counter()
            cur.executemany(
                "INSERT INTO sample (run_id, source, t, ts, data) VALUES (%s, %s, %s, now(), '{}')"
                " ON CONFLICT (run_id, source, t) DO NOTHING",
                [(run_id, s, SECONDS_PER_RUN + i) for s in SOURCES],
            )
            conn.commit()
            timings.setdefault("write batch (4 rows)", []).append((time.perf_counter() - t0) * 1000)
    return {name: (statistics.median(ms), sizes.get(name, 0)) for name, ms in timings.items()}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, default=5_000_000, help="total sample rows in the large table")
    parser.add_argument("--repeats", type=int, default=10, help="probes (different runs) per size")
    args = parser.parse_args()
    per_run = SECONDS_PER_RUN * len(SOURCES)
    small_runs = 4
    large_runs = max(small_runs * 2, args.rows // per_run)

    with tempfile.TemporaryDirectory(prefix="haplab-bench-") as tmp, throwaway_services(Path(tmp)) as (pg, _):
        migrate_to_head(pg.url)
        dsn = pg.url.replace("postgresql+psycopg://", "postgresql://")
        engine = create_engine(pg.url)
        with psycopg.connect(dsn) as conn, Session(engine) as session:
            run_ids = setup_runs(conn, large_runs)
            conn.commit()
            template = fill_samples(conn, run_ids[:small_runs])
            small = time_queries(conn, session, run_ids[:small_runs], args.repeats)
            t0 = time.perf_counter()
            fill_samples(conn, run_ids[small_runs:], template)
            fill_s = time.perf_counter() - t0
            count = conn.execute("SELECT count(*) FROM sample").fetchone()[0]  # type: ignore[index]
            size = conn.execute(
                "SELECT pg_size_pretty(pg_total_relation_size('sample')),"
                " pg_size_pretty(pg_indexes_size('sample'))"
            ).fetchone()
            large = time_queries(conn, session, run_ids[small_runs:], args.repeats)
        engine.dispose()

    print(
        f"rows: small table {small_runs * per_run:,}, large table {count:,} ({large_runs:,} runs of 1 hour)"
    )
    print(f"large table size {size[0]} (indexes {size[1]}); generated in {fill_s:.0f} s")  # type: ignore[index]
    print(
        f"{'operation (one 1-hour run)':<28}{'small ms':>10}{'large ms':>10}"
        f"{'large/small':>13}{'JSON bytes':>12}"
    )
    for key, (ms, nbytes) in small.items():
        large_ms = large[key][0]
        print(f"{key:<28}{ms:>10.1f}{large_ms:>10.1f}{large_ms / ms:>13.2f}{nbytes or '':>12}")


if __name__ == "__main__":
    main()
