from enum import StrEnum


class BackendHttpReuseType0(StrEnum):
    AGGRESSIVE = "aggressive"
    ALWAYS = "always"
    NEVER = "never"
    SAFE = "safe"

    def __str__(self) -> str:
        return str(self.value)
