from enum import StrEnum


class CompareTimersPercentile(StrEnum):
    P50 = "p50"
    P90 = "p90"
    P99 = "p99"

    def __str__(self) -> str:
        return str(self.value)
