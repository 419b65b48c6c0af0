from enum import StrEnum


class TimerMeaningKey(StrEnum):
    TA = "ta"
    TC = "tc"
    TD = "td"
    TH = "th"
    TI = "ti"
    TR = "tr"
    TREQ = "treq"
    TT = "tt"
    TW = "tw"

    def __str__(self) -> str:
        return str(self.value)
