from enum import StrEnum


class StageResultKind(StrEnum):
    CONNECTIONS = "connections"
    RATE = "rate"

    def __str__(self) -> str:
        return str(self.value)
