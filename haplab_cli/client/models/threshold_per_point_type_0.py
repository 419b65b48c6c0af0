from enum import StrEnum


class ThresholdPerPointType0(StrEnum):
    CI_HIGH = "ci_high"
    CI_LOW = "ci_low"
    MEAN = "mean"

    def __str__(self) -> str:
        return str(self.value)
