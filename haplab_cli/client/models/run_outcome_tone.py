from enum import StrEnum


class RunOutcomeTone(StrEnum):
    ACTIVE = "active"
    BAD = "bad"
    GOOD = "good"
    NEUTRAL = "neutral"
    WARNING = "warning"

    def __str__(self) -> str:
        return str(self.value)
