from enum import StrEnum


class RunDetailBoundType0(StrEnum):
    CLIENT_CPU = "client_cpu"
    CONCURRENCY = "concurrency"
    ERRORS = "errors"
    INJECTOR = "injector"
    MAXCONN = "maxconn"
    NETWORK = "network"
    OFFERED_LOAD = "offered_load"
    PROXY_CPU = "proxy_cpu"
    UNKNOWN = "unknown"
    UPSTREAM = "upstream"

    def __str__(self) -> str:
        return str(self.value)
