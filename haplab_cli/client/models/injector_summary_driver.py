from enum import StrEnum


class InjectorSummaryDriver(StrEnum):
    H2LOAD = "h2load"
    HEY = "hey"
    MARIADB_SLAP = "mariadb-slap"
    VEGETA = "vegeta"
    WRK = "wrk"

    def __str__(self) -> str:
        return str(self.value)
