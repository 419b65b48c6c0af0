from enum import StrEnum


class ImportRequestTarget(StrEnum):
    EXTERNAL = "external"
    MANAGED = "managed"

    def __str__(self) -> str:
        return str(self.value)
