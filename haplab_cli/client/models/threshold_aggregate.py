from enum import StrEnum


class ThresholdAggregate(StrEnum):
    MAX = "max"
    MEAN = "mean"
    MIN = "min"
    VALUE = "value"

    def __str__(self) -> str:
        return str(self.value)
