from enum import StrEnum


class ManagedTargetProtocol(StrEnum):
    H1 = "h1"
    H2C = "h2c"

    def __str__(self) -> str:
        return str(self.value)
