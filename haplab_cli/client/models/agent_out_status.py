from enum import StrEnum


class AgentOutStatus(StrEnum):
    BUSY = "busy"
    OFFLINE = "offline"
    ONLINE = "online"
    REVOKED = "revoked"

    def __str__(self) -> str:
        return str(self.value)
