from enum import StrEnum


class ServerTlsAlpnItem(StrEnum):
    H2 = "h2"
    HTTP1_0 = "http/1.0"
    HTTP1_1 = "http/1.1"

    def __str__(self) -> str:
        return str(self.value)
