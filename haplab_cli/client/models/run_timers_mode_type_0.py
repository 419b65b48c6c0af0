from enum import StrEnum


class RunTimersModeType0(StrEnum):
    HTTP = "http"
    TCP = "tcp"

    def __str__(self) -> str:
        return str(self.value)
