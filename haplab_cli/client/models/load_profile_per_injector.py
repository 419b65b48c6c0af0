from enum import StrEnum


class LoadProfilePerInjector(StrEnum):
    SHARE = "share"
    WHOLE = "whole"

    def __str__(self) -> str:
        return str(self.value)
