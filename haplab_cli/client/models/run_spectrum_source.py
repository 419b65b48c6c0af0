from enum import StrEnum


class RunSpectrumSource(StrEnum):
    HISTOGRAM = "histogram"
    NONE = "none"
    PERCENTILES = "percentiles"

    def __str__(self) -> str:
        return str(self.value)
