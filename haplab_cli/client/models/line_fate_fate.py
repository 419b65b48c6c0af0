from enum import StrEnum


class LineFateFate(StrEnum):
    KEPT = "kept"
    MAPPED = "mapped"
    MODELLED = "modelled"
    NOT_IMPORTED = "not_imported"
    REFUSED = "refused"
    SKIPPED = "skipped"

    def __str__(self) -> str:
        return str(self.value)
