from enum import StrEnum


class CaveatKind(StrEnum):
    ABOVE_LINK_CAP = "above_link_cap"
    ABOVE_TARGET_RATE = "above_target_rate"
    CLOCKS_APART = "clocks_apart"
    COUNTS_DISAGREE = "counts_disagree"
    CPU_STEAL = "cpu_steal"
    FIGURES_DISAGREE = "figures_disagree"
    HOST_STALLED = "host_stalled"
    SAMPLES_MISSING = "samples_missing"

    def __str__(self) -> str:
        return str(self.value)
