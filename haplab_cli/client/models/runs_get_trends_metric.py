from enum import StrEnum


class RunsGetTrendsMetric(StrEnum):
    ERROR_PCT = "error_pct"
    LATENCY_P50_MS = "latency_p50_ms"
    LATENCY_P95_MS = "latency_p95_ms"
    LATENCY_P99_MS = "latency_p99_ms"
    PROXY_MAX_CONN_RATE = "proxy_max_conn_rate"
    RPS = "rps"
    TR_P99_MS = "tr_p99_ms"
    TW_P99_MS = "tw_p99_ms"

    def __str__(self) -> str:
        return str(self.value)
