from enum import StrEnum


class SampleSeriesSource(StrEnum):
    CLIENT = "client"
    HAPROXY = "haproxy"
    HOST = "host"

    def __str__(self) -> str:
        return str(self.value)
