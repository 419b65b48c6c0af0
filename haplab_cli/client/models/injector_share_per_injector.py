from enum import StrEnum


class InjectorSharePerInjector(StrEnum):
    SHARE = "share"
    WHOLE = "whole"

    def __str__(self) -> str:
        return str(self.value)
