from enum import StrEnum


class EnrollmentTokenCreateRolesItem(StrEnum):
    INJECTOR = "injector"
    PROXY = "proxy"
    TARGET = "target"

    def __str__(self) -> str:
        return str(self.value)
