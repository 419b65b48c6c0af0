"""Does the open-loop driver (vegeta) send the rate it is asked for? Below saturation, within 1 %.

Starts the target role's nginx on loopback (/fast = `return 200`, as a run does) and runs the
injector's vegeta driver at each --rates value for --duration seconds after a 1 s warm-up,
--rounds times, alternating rates so a slow moment of the shared machine does not hit one rate
only. For each run it reads vegeta's per-request results against its schedule
(agents.drivers.vegeta_results) and prints:
- send: requests whose ACTUAL send time falls in the measured window, per second;
- ok/s: 2xx replies of the window's requests, per second;
- late (> 10 ms after their slot), dropped (slots never sent) and the worst lag.
The error columns are |rate - target| / target; the summary line is the median over rounds.
Usage:

    .venv/bin/python bench/open_loop_rate_accuracy.py [--rates 200 500 1000 2000] [--duration 10] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents.drivers import ToolRun
from agents.drivers.vegeta import VegetaDriver
from agents.roles.base import AgentContext
from agents.roles.target import TargetRole
from contract.load import LoadProfile
from contract.protocol import StartTargets
from contract.results import InjectorSummary
from contract.target import Endpoint, ManagedTarget


def start_nginx(workdir: Path) -> tuple[TargetRole, str]:
    role = TargetRole(AgentContext.local("bench-target", workdir))
    data = role.handle(StartTargets(run_id=1, target=ManagedTarget(endpoints=[Endpoint(path="/fast")])))
    return role, str(data["addresses"][0])  # type: ignore[index]


def one_run(address: str, rate: int, duration_s: int, workdir: Path) -> InjectorSummary:
    driver = VegetaDriver()
    profile = LoadProfile(
        driver="vegeta", rate=rate, duration_s=duration_s, warmup_s=1, connections=20, path="/fast"
    )
    workdir.mkdir(parents=True)
    argv = driver.command(profile, f"http://{address}", workdir)
    started = time.monotonic()
    done = subprocess.run(argv, capture_output=True, text=True, timeout=duration_s + 60, check=False)
    run = ToolRun(
        profile, workdir, done.returncode, done.stdout, done.stderr, time.monotonic() - started, False
    )
    return driver.parse(run, "bench")


def error_pct(value: float, target: float) -> float:
    return abs(value - target) / target * 100


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rates", type=int, nargs="+", default=[200, 500, 1000, 2000])
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"vegeta {VegetaDriver().available()} -> nginx /fast on loopback, {args.duration} s per run")
    header = ("rate", "round", "send/s", "err%", "ok/s", "err%", "late", "drop", "lag ms")
    print("".join(f"{h:>8}" for h in header))
    errors: dict[int, list[tuple[float, float]]] = {rate: [] for rate in args.rates}
    with tempfile.TemporaryDirectory(prefix="hl-bench-rate-") as tmp:
        Path(tmp).chmod(0o711)  # nginx's unprivileged user passes through (agents.privileges)
        role, address = start_nginx(Path(tmp) / "target")
        try:
            for round_no in range(1, args.rounds + 1):
                for rate in args.rates:
                    s = one_run(address, rate, args.duration, Path(tmp) / f"r{round_no}-{rate}")
                    stats = s.open_loop
                    assert stats is not None
                    send_err, ok_err = error_pct(stats.send_rate, rate), error_pct(s.rps, rate)
                    errors[rate].append((send_err, ok_err))
                    rates = (f"{stats.send_rate:.2f}", f"{send_err:.2f}", f"{s.rps:.2f}", f"{ok_err:.2f}")
                    schedule = (stats.late_sends, stats.dropped_sends, f"{stats.max_send_lag_ms:.1f}")
                    row = (rate, round_no, *rates, *schedule)
                    print("".join(f"{v:>8}" for v in row))
        finally:
            role.close()
    print("median error over rounds (send rate, reply rate):")
    for rate, pairs in errors.items():
        send = statistics.median(p[0] for p in pairs)
        ok = statistics.median(p[1] for p in pairs)
        verdict = "within 1 %" if max(send, ok) <= 1 else "OFF by more than 1 %"
        print(f"  {rate:>5} req/s: send {send:.2f} %, replies {ok:.2f} %  {verdict}")


if __name__ == "__main__":
    main()
