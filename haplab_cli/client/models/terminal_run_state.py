from enum import StrEnum


class TerminalRunState(StrEnum):
    CANCELLED = "cancelled"
    FAILED = "failed"
    PARTIAL = "partial"
    SUCCEEDED = "succeeded"

    def __str__(self) -> str:
        return str(self.value)
