from enum import StrEnum


class BaselineOutPinnedFrom(StrEnum):
    LAUNCH = "launch"
    POINT = "point"
    RUN = "run"

    def __str__(self) -> str:
        return str(self.value)
