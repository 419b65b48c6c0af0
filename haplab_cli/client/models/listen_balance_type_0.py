from enum import StrEnum


class ListenBalanceType0(StrEnum):
    FIRST = "first"
    LEASTCONN = "leastconn"
    RANDOM = "random"
    ROUNDROBIN = "roundrobin"
    SOURCE = "source"
    STATIC_RR = "static-rr"
    URI = "uri"

    def __str__(self) -> str:
        return str(self.value)
