from enum import StrEnum


class KneeReason(StrEnum):
    ERRORS_START = "errors_start"
    INJECTOR_BOUND = "injector_bound"
    SEVERAL_AXES = "several_axes"
    STILL_RISING = "still_rising"
    THROUGHPUT_FLAT = "throughput_flat"
    TOO_FEW_POINTS = "too_few_points"

    def __str__(self) -> str:
        return str(self.value)
