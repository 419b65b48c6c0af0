from enum import StrEnum


class ListenHttpReuseType0(StrEnum):
    AGGRESSIVE = "aggressive"
    ALWAYS = "always"
    NEVER = "never"
    SAFE = "safe"

    def __str__(self) -> str:
        return str(self.value)
