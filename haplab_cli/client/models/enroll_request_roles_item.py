from enum import StrEnum


class EnrollRequestRolesItem(StrEnum):
    INJECTOR = "injector"
    PROXY = "proxy"
    TARGET = "target"

    def __str__(self) -> str:
        return str(self.value)
