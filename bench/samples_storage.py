"""Does the sample table stay fast at 5 million rows?

Builds the real schema (alembic upgrade head) in a throwaway PostgreSQL, then measures the
three things haplab does with samples, first with a small table and then with 5 M rows, in
one run on one machine, and prints the ratios (large / small):

- read one run's samples (all sources, 600 s)                 -- the run page, compare overlays
- read one run's samples downsampled to 10 s buckets in SQL    -- long runs on a chart
- write one 1-second batch of 4 sources with ON CONFLICT        -- agents streaming (idempotent)

A ratio near 1 means the cost does not grow with the table: each query is a range scan of the
primary key (run_id, source, t). Usage:

    .venv/bin/python bench/samples_storage.py [--rows 5000000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from alembic import command
from alembic.config import Config

from dev.services import throwaway_services

ROOT = Path(__file__).resolve().parent.parent
SECONDS_PER_RUN = 600
SOURCES = ["proxy", "host:proxy-1", "host:injector-1", "host:target-1"]
# ~25 numeric keys, like a proxy sample (counters and gauges of one second)
DATA_SQL = "jsonb_build_object(" + ", ".join(f"'k{i}', (random() * 100000)::int" for i in range(25)) + ")"


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
        "INSERT INTO launch (team_id, experiment_id, experiment_version_id, lab_id, total_runs)"
        " SELECT t.id, e.id, v.id, l.id, %s FROM team t, experiment e, experiment_version v, lab l",
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


def fill_samples(conn: psycopg.Connection, run_ids: list[int]) -> None:
    # Server-side generation: fast, and the rows look like real ones (same key count, same order).
    for chunk_start in range(0, len(run_ids), 200):
        chunk = run_ids[chunk_start : chunk_start + 200]
        conn.execute(
            f"INSERT INTO sample (run_id, source, t, ts, data)"  # noqa: S608 - constant SQL
            f" SELECT r, s, t, now() + t * interval '1 second', {DATA_SQL}"
            f" FROM unnest(%s::bigint[]) r, unnest(%s::text[]) s, generate_series(0, %s) t",
            (chunk, SOURCES, SECONDS_PER_RUN - 1),
        )
        conn.commit()
    conn.execute("ANALYZE sample")
    conn.commit()


def time_queries(conn: psycopg.Connection, run_ids: list[int], repeats: int = 30) -> dict[str, float]:
    probe = run_ids[len(run_ids) // 2 :: max(1, len(run_ids) // repeats)][:repeats]
    read, down, write = [], [], []
    for i, run_id in enumerate(probe):
        t0 = time.perf_counter()
        rows = conn.execute(
            "SELECT source, t, ts, data FROM sample WHERE run_id = %s ORDER BY source, t", (run_id,)
        ).fetchall()
        read.append(time.perf_counter() - t0)
        assert len(rows) == SECONDS_PER_RUN * len(SOURCES), len(rows)

        t0 = time.perf_counter()
        conn.execute(
            "SELECT source, t / 10 AS bucket, key, sum(value::float8)"
            " FROM sample, jsonb_each_text(data) WHERE run_id = %s GROUP BY source, bucket, key",
            (run_id,),
        ).fetchall()
        down.append(time.perf_counter() - t0)

        t0 = time.perf_counter()
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO sample (run_id, source, t, ts, data) VALUES (%s, %s, %s, now(), '{}')"
                " ON CONFLICT (run_id, source, t) DO NOTHING",
                [(run_id, s, SECONDS_PER_RUN + i) for s in SOURCES],
            )
        conn.commit()
        write.append(time.perf_counter() - t0)
    return {
        "read_run_ms": statistics.median(read) * 1000,
        "downsample_run_ms": statistics.median(down) * 1000,
        "write_batch_ms": statistics.median(write) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, default=5_000_000, help="total sample rows in the large table")
    args = parser.parse_args()
    per_run = SECONDS_PER_RUN * len(SOURCES)
    small_runs = 20
    large_runs = max(small_runs * 2, args.rows // per_run)

    with tempfile.TemporaryDirectory(prefix="haplab-bench-") as tmp, throwaway_services(Path(tmp)) as (pg, _):
        cfg = Config(str(ROOT / "alembic.ini"))
        cfg.attributes["url"] = pg.url
        cfg.attributes["configure_logger"] = False
        command.upgrade(cfg, "head")
        dsn = pg.url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(dsn) as conn:
            run_ids = setup_runs(conn, large_runs)
            conn.commit()
            fill_samples(conn, run_ids[:small_runs])
            small = time_queries(conn, run_ids[:small_runs])
            t0 = time.perf_counter()
            fill_samples(conn, run_ids[small_runs:])
            fill_s = time.perf_counter() - t0
            count = conn.execute("SELECT count(*) FROM sample").fetchone()[0]  # type: ignore[index]
            size = conn.execute(
                "SELECT pg_size_pretty(pg_total_relation_size('sample')),"
                " pg_size_pretty(pg_indexes_size('sample'))"
            ).fetchone()
            large = time_queries(conn, run_ids[small_runs:])

    print(f"rows: small table {small_runs * per_run:,}, large table {count:,}")
    print(f"large table size {size[0]} (indexes {size[1]}); generated in {fill_s:.0f} s")  # type: ignore[index]
    print(f"{'operation':<22}{'small ms':>10}{'large ms':>10}{'large/small':>13}")
    for key in small:
        print(f"{key:<22}{small[key]:>10.2f}{large[key]:>10.2f}{large[key] / small[key]:>13.2f}")


if __name__ == "__main__":
    main()
