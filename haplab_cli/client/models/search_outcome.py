from enum import StrEnum


class SearchOutcome(StrEnum):
    ABOVE_MAX = "above_max"
    BELOW_FLOOR = "below_floor"
    CAPACITY = "capacity"
    FAILED = "failed"
    INCONCLUSIVE = "inconclusive"

    def __str__(self) -> str:
        return str(self.value)
