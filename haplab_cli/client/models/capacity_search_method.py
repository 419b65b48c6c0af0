from enum import StrEnum


class CapacitySearchMethod(StrEnum):
    BISECT = "bisect"
    STAIRCASE = "staircase"

    def __str__(self) -> str:
        return str(self.value)
