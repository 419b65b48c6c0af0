"""The load drivers, registered in one place: one LoadDriver class per tool.

A new tool is one module with a LoadDriver subclass and one line in
DRIVERS; the injector role finds it by the profile's `driver` name.
"""

from __future__ import annotations

from agents.drivers.base import (
    LoadDriver,
    MeasuredWindow,
    OutputFollower,
    OutputUnreadableError,
    ToolRun,
    UnsupportedProfileError,
)
from agents.drivers.h2load import H2loadDriver
from agents.drivers.hey import HeyDriver
from agents.drivers.mariadb_slap import MariadbSlapDriver
from agents.drivers.vegeta import VegetaDriver
from agents.drivers.wrk import WrkDriver

DRIVERS: dict[str, type[LoadDriver]] = {
    HeyDriver.name: HeyDriver,
    WrkDriver.name: WrkDriver,
    H2loadDriver.name: H2loadDriver,
    MariadbSlapDriver.name: MariadbSlapDriver,
    VegetaDriver.name: VegetaDriver,
}


class UnknownDriverError(LookupError):
    """No driver of that name is built into this agent."""


def driver_for(name: str) -> LoadDriver:
    try:
        return DRIVERS[name]()
    except KeyError:
        raise UnknownDriverError(
            f"driver: this agent has no {name} driver (it has {', '.join(sorted(DRIVERS))})"
        ) from None


def installed_drivers() -> dict[str, str]:
    """{driver name: tool version} for every driver whose tool is installed on this host."""
    versions = {name: cls().available() for name, cls in DRIVERS.items()}
    return {name: version for name, version in versions.items() if version is not None}


__all__ = [
    "DRIVERS",
    "LoadDriver",
    "MeasuredWindow",
    "OutputFollower",
    "OutputUnreadableError",
    "ToolRun",
    "UnknownDriverError",
    "UnsupportedProfileError",
    "driver_for",
    "installed_drivers",
]
