from enum import StrEnum


class ServerTlsVerify(StrEnum):
    NONE = "none"
    REQUIRED = "required"

    def __str__(self) -> str:
        return str(self.value)
