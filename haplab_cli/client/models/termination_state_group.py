from enum import StrEnum


class TerminationStateGroup(StrEnum):
    CLIENT = "client"
    NORMAL = "normal"
    PROXY = "proxy"
    SERVER = "server"

    def __str__(self) -> str:
        return str(self.value)
