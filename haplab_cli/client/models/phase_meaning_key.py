from enum import StrEnum


class PhaseMeaningKey(StrEnum):
    TC = "tc"
    TD = "td"
    TH = "th"
    TR = "tr"
    TREQ = "treq"
    TW = "tw"

    def __str__(self) -> str:
        return str(self.value)
