from enum import StrEnum


class MeasuredRunState(StrEnum):
    PARTIAL = "partial"
    SUCCEEDED = "succeeded"

    def __str__(self) -> str:
        return str(self.value)
