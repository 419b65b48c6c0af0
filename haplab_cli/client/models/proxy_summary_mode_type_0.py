from enum import StrEnum


class ProxySummaryModeType0(StrEnum):
    HTTP = "http"
    TCP = "tcp"

    def __str__(self) -> str:
        return str(self.value)
