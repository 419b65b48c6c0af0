from enum import StrEnum


class CompletenessTotalsFrom(StrEnum):
    INJECTORS = "injectors"
    PROXY = "proxy"

    def __str__(self) -> str:
        return str(self.value)
