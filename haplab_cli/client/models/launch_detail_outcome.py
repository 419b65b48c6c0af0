from enum import StrEnum


class LaunchDetailOutcome(StrEnum):
    PASSED = "passed"
    RUNNING = "running"
    RUNS_FAILED = "runs_failed"
    THRESHOLDS_FAILED = "thresholds_failed"

    def __str__(self) -> str:
        return str(self.value)
