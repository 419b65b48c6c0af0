from enum import StrEnum


class FiringOutOutcome(StrEnum):
    LAUNCHED = "launched"
    REFUSED = "refused"
    SKIPPED_LAB_BUSY = "skipped_lab_busy"
    SKIPPED_PREVIOUS_RUNNING = "skipped_previous_running"

    def __str__(self) -> str:
        return str(self.value)
