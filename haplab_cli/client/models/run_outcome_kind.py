from enum import StrEnum


class RunOutcomeKind(StrEnum):
    CANCELLED = "cancelled"
    FAILED = "failed"
    IN_PROGRESS = "in_progress"
    PARTIAL = "partial"
    RULES_FAILED = "rules_failed"
    SUCCEEDED = "succeeded"

    def __str__(self) -> str:
        return str(self.value)
