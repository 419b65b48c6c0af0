from enum import StrEnum


class ThresholdHostType0(StrEnum):
    INJECTOR = "injector"
    PROXY = "proxy"
    TARGET = "target"

    def __str__(self) -> str:
        return str(self.value)
