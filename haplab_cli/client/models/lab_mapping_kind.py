from enum import StrEnum


class LabMappingKind(StrEnum):
    BIND = "bind"
    CA = "ca"
    CERTIFICATE = "certificate"
    DEFAULTS = "defaults"
    FILE = "file"
    LOG = "log"
    SERVER = "server"

    def __str__(self) -> str:
        return str(self.value)
