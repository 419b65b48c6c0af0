from enum import StrEnum


class CapacitySearchVary(StrEnum):
    LOAD_CONNECTIONS = "load.connections"
    LOAD_RATE = "load.rate"

    def __str__(self) -> str:
        return str(self.value)
