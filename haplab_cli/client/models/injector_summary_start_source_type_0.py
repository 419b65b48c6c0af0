from enum import StrEnum


class InjectorSummaryStartSourceType0(StrEnum):
    FIRST_REQUEST = "first_request"
    TOOL_STARTED = "tool_started"

    def __str__(self) -> str:
        return str(self.value)
