"""All backend and worker settings in one place, read from HAPLAB_* environment variables."""

from __future__ import annotations

import base64
import binascii
from functools import lru_cache
from ipaddress import IPv4Network, IPv6Network, ip_network
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, IPvAnyNetwork, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from contract.kept_processes import KEEP_WARM_MAX_S

PLACEHOLDER_SECRET = "dev-only-change-me"  # noqa: S105 - refused outside dev, see below
# Encrypts webhook secrets where no key is set; public, so refused in production (see below).
DEV_WEBHOOK_SECRET_KEY = "aGFwbGFiLWRldi1vbmx5LXdlYmhvb2sta2V5LTAwMzI="  # noqa: S105
EVERY_ADDRESS: list[IPv4Network | IPv6Network] = [ip_network("0.0.0.0/0"), ip_network("::/0")]
EVERY_PORT = (1, 65535)
# Where the API runs. A Literal, so a misspelt HAPLAB_ENVIRONMENT ("prod", "Production") stops
# the process at startup, naming the allowed values, instead of running it as dev with the
# placeholder secret and insecure cookies that production refuses.
Environment = Literal["dev", "test", "production"]


def _comma_separated(value: Any) -> Any:
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="HAPLAB_", env_file=".env", extra="ignore")

    # production refuses the placeholder secret, a missing webhook key and insecure cookies.
    environment: Environment = "dev"
    database_url: str = "postgresql+psycopg://haplab:haplab@127.0.0.1:55432/haplab"
    redis_url: str = "redis://127.0.0.1:56379/0"
    secret_key: str = PLACEHOLDER_SECRET
    api_host: str = "127.0.0.1"
    api_port: int = 8300
    # API worker processes (python -m backend.serve); 0 = one per core.
    api_workers: int = Field(0, ge=0, le=64)
    # One log line per request (uvicorn's access log).
    api_access_log: bool = True
    # The reverse proxies in front of the API (IP addresses or CIDR networks, comma-separated):
    # only a connection from one of them may say, in X-Forwarded-For / X-Forwarded-Proto, whom it
    # forwards (the client is the right-most forwarded address outside this list). Empty: no
    # forwarding header is believed; the client is the connection's peer (backend/serve.py).
    trusted_proxies: Annotated[list[IPvAnyNetwork], NoDecode] = []
    # Where the built frontend lives; served at / when it exists.
    frontend_dist: Path = Path(__file__).resolve().parent.parent / "frontend" / "dist"
    haproxy_bin: str = "haproxy"
    # The box `haproxy -c` runs in on the API host (backend/experiments/check_sandbox.py): the
    # unprivileged user it drops to when the API runs as root, and its limits.
    check_user: str = "haplab-check"
    bwrap_bin: str = "bwrap"
    check_memory_mb: int = 1024
    check_open_files: int = 1024
    check_cpu_seconds: int = 10
    # Processes (threads included) one box may add to its user's: `haproxy -c` needs a few (bwrap's
    # init, HAProxy); a fork bomb stops there.
    check_processes: int = 32
    # Distinct configs of one sweep checked at once (each check is one haproxy process).
    check_parallelism: int = 2
    # Schedules a team may have, and one experiment (paused ones count: resuming adds nothing).
    # A team's nightly suite is tens of schedules, and one experiment's differ by lab or overrides;
    # each is an entry beat reads every few seconds and each firing a launch (up to 1,000 runs and
    # `haproxy -c` of each distinct config), so beyond these it is a flood, not a plan.
    max_schedules_per_team: int = Field(50, ge=0)
    max_schedules_per_experiment: int = Field(10, ge=0)
    # Runs waiting (state queued) on one lab and on all of one team's labs: a launch (a person's or
    # a schedule's firing) that would pass either is refused, saying both numbers. A lab runs one
    # run at a time, 4 s at the least (1 s of load, ~3 s around it) and ~33 s at the default
    # duration: 2,000 is two of the largest sweeps (spec MAX_RUNS, 1,000), 2 to 18 hours of a
    # lab's time. Runs cost rows and the dispatcher's time; a queue longer than that helps nobody.
    max_queued_runs_per_lab: int = Field(2000, ge=1)
    max_queued_runs_per_team: int = Field(5000, ge=1)
    session_ttl_hours: int = 24 * 7
    # Failed sign-ins allowed per account and per client address within the window; beyond,
    # 429 with Retry-After until the oldest failure leaves the window (a success resets the account).
    login_max_failures: int = 10
    login_window_seconds: int = 300
    session_cookie_secure: bool = False
    # Live event streams (SSE) open at once, per user and per team across every API process
    # (counted in Redis), and per API process; beyond, 429 (503 for the process's) with
    # Retry-After (backend/runs/live/stream_slots.py). A slot of a killed API process lapses
    # this long after its last renewal (renewed every third of it while the stream is open).
    live_streams_per_user: int = Field(10, ge=1)
    live_streams_per_team: int = Field(50, ge=1)
    live_streams_per_process: int = Field(200, ge=1)
    live_stream_lease_seconds: int = Field(60, ge=3)
    # A run whose worker stopped renewing its lab lease for this long is failed by the reaper.
    lab_lease_seconds: int = 30
    # How long a run in `preparing` waits for its lab's agents (proxy, injector, target) to be online.
    agent_wait_seconds: float = 10
    # The longest a run may take from claiming its lab to its end; beyond, it fails (its load stops).
    run_time_limit_seconds: int = 2 * 3600
    # Keep HAProxy and the target servers running this many seconds after every run that ends
    # succeeded or partial, for a next run on the lab with the same config and targets to adopt
    # (worker.execution.keep_warm_after); None: stop them at every run's end. For tests and
    # benchmarks of consecutive runs; the capacity search decides per probe instead.
    keep_warm_seconds: float | None = Field(None, gt=0, le=KEEP_WARM_MAX_S)
    # How many runs one runs' worker orchestrates at once (threads: a run mostly waits). Labs run
    # one run each, so this bounds the labs running at once per worker host; a worker held 200
    # (docs/benchmarks.md, "Many labs at once"; the API's agent routes are what limits 200 labs
    # end to end there). Another worker host adds as many.
    run_slots: int = Field(200, ge=1, le=2000)
    # Processes the runs' worker computes runs' summaries in (worker/summary_pool.py), off the
    # threads that orchestrate runs; one per core is plenty (a summary takes tens of milliseconds).
    summary_processes: int = Field(2, ge=1, le=64)
    # How often beat runs the reaper (expired lab leases, labs with queued runs and nothing kicking them).
    reap_interval_seconds: float = 5
    # Seconds between choosing the agreed start instant and that instant: StartSampling and StartLoad
    # must reach every agent within it (~0.05 s on the local lab; raise it for a lab far away). A
    # slower round trip moves the start by itself (worker/phases/load.py), so this can be short.
    load_start_lead_seconds: float = 0.3
    # The worker hears of a cancel (or of its run ended elsewhere) at once through Redis
    # (worker/run_watch.py); it also reads the run's row this often, in case a message was lost.
    run_watch_fallback_seconds: float = Field(2.0, gt=0)
    # The injector's load lease: it stops by itself this long after the last renewal.
    load_lease_seconds: int = 10
    # The public URL agents and browsers use to reach the API (for enrollment commands).
    public_url: str = "http://127.0.0.1:8300"
    # Webhooks POST only to global unicast addresses on ports 80 and 443 (backend/webhooks/egress.py).
    # Networks the operator allows besides, CIDRs separated by commas (an internal receiver; the
    # tests' on loopback): "10.20.0.0/16,127.0.0.1/32".
    webhook_allowed_networks: Annotated[list[IPvAnyNetwork], NoDecode] = []
    # Ports allowed besides 80 and 443, separated by commas, each a port or a range: "8080,9000-9100".
    webhook_allowed_ports: Annotated[list[tuple[int, int]], NoDecode] = []
    # Deprecated (use the two lists above): true allows every address and every port, as it did.
    webhook_allow_private: bool = False
    # The whole of one delivery attempt, from resolving the host to the last byte read of the
    # answer: a receiver that drips its answer is cut there (and the attempt retried).
    webhook_timeout_seconds: float = Field(10, gt=0, le=120)
    webhook_max_attempts: int = 6
    # Retries wait this x 2^(attempt - 1): 5, 10, 20, 40, 80 s.
    webhook_retry_base_seconds: float = 5
    # A pending delivery this long past due lost its Celery message (a worker killed mid-attempt):
    # beat's sweep, every webhook_requeue_interval_seconds, queues it again.
    webhook_lost_after_seconds: float = Field(120, gt=0)
    webhook_requeue_interval_seconds: float = Field(60, gt=0)
    # "Send test" per webhook and per team within the window; beyond, 429 with Retry-After.
    webhook_test_limit_per_webhook: int = 5
    webhook_test_limit_per_team: int = 20
    webhook_test_window_seconds: int = 60
    # Fernet keys that encrypt webhook signing secrets at rest, separated by commas, newest first:
    # the first encrypts, every one decrypts. To rotate: put a new key first, run
    # `haplab-admin rotate-webhook-secrets`, then drop the old one. Required in production
    # (`make up` generates var/webhook-secret-key); dev and tests fall back to a public dev key.
    webhook_secret_keys: Annotated[list[SecretStr], NoDecode] = []

    @field_validator("webhook_allowed_networks", "webhook_secret_keys", mode="before")
    @classmethod
    def _split(cls, value: Any) -> Any:
        return _comma_separated(value)

    @field_validator("webhook_allowed_ports", mode="before")
    @classmethod
    def _port_ranges(cls, value: Any) -> Any:
        ranges = []
        for part in _comma_separated(value):
            if not isinstance(part, str):
                ranges.append(part)
                continue
            low, _, high = part.partition("-")
            if not (low.strip().isdigit() and (not high or high.strip().isdigit())):
                raise ValueError(f"{part!r} is not a port or a range of ports (8080, 9000-9100)")
            ranges.append((int(low), int(high or low)))
        for low, high in ranges:
            if not 1 <= low <= high <= 65535:
                raise ValueError(f"{low}-{high} is not a range of ports within 1-65535")
        return ranges

    @field_validator("webhook_secret_keys")
    @classmethod
    def _fernet_keys(cls, keys: list[SecretStr]) -> list[SecretStr]:
        for index, key in enumerate(keys):
            try:
                raw = base64.urlsafe_b64decode(key.get_secret_value().encode())
            except (binascii.Error, ValueError):
                raw = b""
            if len(raw) != 32:
                raise ValueError(
                    f"key {index + 1} is not a Fernet key: 32 bytes in URL-safe base64, as the "
                    "cryptography library's Fernet.generate_key() makes (docs/history.md, Webhooks)"
                )
        return keys

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _split_trusted_proxies(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = [item for item in value.replace(",", " ").split() if item]
        if isinstance(value, list) and any(str(item).strip() == "*" for item in value):
            # uvicorn reads "*" as "believe anyone's X-Forwarded-For, left-most entry first":
            # every client could then name its own address (and escape sign-in throttling).
            raise ValueError("'*' is not allowed: list the proxies' addresses or networks")
        return value

    @model_validator(mode="after")
    def _refuse_placeholder_secret(self) -> Settings:
        if self.environment == "production" and self.secret_key == PLACEHOLDER_SECRET:
            raise ValueError("HAPLAB_SECRET_KEY must be set to a real secret in production")
        if self.environment == "production" and not self.webhook_secret_keys:
            raise ValueError("HAPLAB_WEBHOOK_SECRET_KEYS must be set in production (a Fernet key)")
        if not self.webhook_secret_keys:
            self.webhook_secret_keys = [SecretStr(DEV_WEBHOOK_SECRET_KEY)]
        if self.webhook_allow_private:  # the deprecated switch: nothing refused, as before
            self.webhook_allowed_networks = [*self.webhook_allowed_networks, *EVERY_ADDRESS]
            self.webhook_allowed_ports = [*self.webhook_allowed_ports, EVERY_PORT]
        if self.environment == "production" and not self.session_cookie_secure:
            raise ValueError("HAPLAB_SESSION_COOKIE_SECURE must be true in production (HTTPS only)")
        return self


@lru_cache
def get_settings() -> Settings:
    return Settings()
