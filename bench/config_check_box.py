"""What does the box around `haproxy -c` cost, and how long does a sweep's validate take?

Times, interleaved in one run (this machine is shared and noisy, so only ratios of one run
mean anything): the seed-000 config checked by plain `haproxy -c` in a temp dir, the same
config checked in the box (backend/experiments/check_sandbox.py: prlimit, setpriv, bwrap), and
then a sweep whose 20 points render 20 distinct configs, validated end to end
(backend/experiments/validation.validate_spec, `check_parallelism` at a time, result cache
cleared before each round).

Usage:  .venv/bin/python bench/config_check_box.py [--rounds 20]   (as root, like the API under make up)
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from backend.experiments import config_check, validation
from contract.examples import seed_000_maxconn_capacity
from contract.experiment import ExperimentSpec
from contract.lab_boundary import Boundary


def plain_check(text: str) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "haproxy.cfg").write_text(text)
        start = time.perf_counter()
        subprocess.run(["haproxy", "-c", "-f", "haproxy.cfg"], cwd=tmp, capture_output=True, check=True)
        return time.perf_counter() - start


def boxed_check(config: config_check.RenderedConfig) -> float:
    config_check._cache = config_check._ResultCache(config_check._CACHE_SIZE)  # measure, never reuse
    start = time.perf_counter()
    result = config_check.check(config)
    elapsed = time.perf_counter() - start
    assert result.ok, result.errors
    return elapsed


def sweep_spec(points: int) -> ExperimentSpec:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["sweep"] = {
        "axes": [{"path": "proxy.global.maxconn", "values": [20 + 10 * i for i in range(points)]}]
    }
    return ExperimentSpec.model_validate(doc)


def validate_sweep(spec: ExperimentSpec) -> float:
    config_check._cache = config_check._ResultCache(config_check._CACHE_SIZE)
    start = time.perf_counter()
    report = validation.validate_spec(spec, Boundary())
    elapsed = time.perf_counter() - start
    assert report.valid, report.field_errors
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--points", type=int, default=20)
    args = parser.parse_args()
    config = config_check.rendered_for_check(seed_000_maxconn_capacity())
    spec = sweep_spec(args.points)
    plain: list[float] = []
    boxed: list[float] = []
    sweeps: list[float] = []
    for _ in range(args.rounds):
        plain.append(plain_check(config.text.replace("/haplab/run", tempfile.gettempdir())))
        boxed.append(boxed_check(config))
        if len(sweeps) < 5:
            sweeps.append(validate_sweep(spec))
    p, b = statistics.median(plain), statistics.median(boxed)
    print(f"plain haproxy -c          median {p * 1000:6.1f} ms  (n={len(plain)})")
    print(f"boxed haproxy -c          median {b * 1000:6.1f} ms  (n={len(boxed)})  ratio {b / p:.2f}")
    s = statistics.median(sweeps)
    print(
        f"validate, {args.points}-point sweep  median {s * 1000:6.1f} ms  (n={len(sweeps)})"
        f"  {s / args.points * 1000:.1f} ms/config"
    )


if __name__ == "__main__":
    main()
