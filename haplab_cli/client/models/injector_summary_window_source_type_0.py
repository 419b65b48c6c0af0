from enum import StrEnum


class InjectorSummaryWindowSourceType0(StrEnum):
    PROXY_COUNTERS = "proxy_counters"
    TOOL_RECORDS = "tool_records"
    TOOL_TOTALS = "tool_totals"

    def __str__(self) -> str:
        return str(self.value)
