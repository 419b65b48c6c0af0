from enum import StrEnum


class RunsListRunsThresholdsType0(StrEnum):
    FAILED = "failed"
    JUDGED = "judged"
    PASSED = "passed"

    def __str__(self) -> str:
        return str(self.value)
