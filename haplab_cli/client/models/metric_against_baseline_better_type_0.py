from enum import StrEnum


class MetricAgainstBaselineBetterType0(StrEnum):
    HIGHER = "higher"
    LOWER = "lower"

    def __str__(self) -> str:
        return str(self.value)
