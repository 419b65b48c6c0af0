from enum import StrEnum


class MetricAggregateType0(StrEnum):
    MAX = "max"
    SUM = "sum"

    def __str__(self) -> str:
        return str(self.value)
