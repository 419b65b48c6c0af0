from enum import StrEnum


class MetricSource(StrEnum):
    CLIENT = "client"
    HAPROXY = "haproxy"
    HOST = "host"

    def __str__(self) -> str:
        return str(self.value)
