from enum import StrEnum


class SessionInfoVia(StrEnum):
    SESSION = "session"
    TOKEN = "token"

    def __str__(self) -> str:
        return str(self.value)
