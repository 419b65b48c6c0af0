from enum import StrEnum


class TemplateRequirementsTarget(StrEnum):
    DATABASE = "database"
    EXTERNAL = "external"
    MANAGED = "managed"

    def __str__(self) -> str:
        return str(self.value)
