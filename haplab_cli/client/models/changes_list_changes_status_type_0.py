from enum import StrEnum


class ChangesListChangesStatusType0(StrEnum):
    ACCEPTED = "accepted"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
