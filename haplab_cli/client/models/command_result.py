from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.database_started import DatabaseStarted
    from ..models.done import Done
    from ..models.hosts_resolved import HostsResolved
    from ..models.lease_renewed import LeaseRenewed
    from ..models.links_shaped import LinksShaped
    from ..models.load_finished import LoadFinished
    from ..models.load_started import LoadStarted
    from ..models.load_stopped import LoadStopped
    from ..models.proxy_started import ProxyStarted
    from ..models.samples_sent import SamplesSent
    from ..models.sampling_started import SamplingStarted
    from ..models.targets_started import TargetsStarted
    from ..models.torn_down import TornDown


T = TypeVar("T", bound="CommandResult")


@_attrs_define
class CommandResult:
    """The outcome of a command.

    Attributes:
        command_id (str): Envelope id of the command this answers.
        ok (bool):
        type_ (Literal['command_result'] | Unset):  Default: 'command_result'.
        error (None | str | Unset): Why it failed, when not ok.
        data (DatabaseStarted | Done | HostsResolved | LeaseRenewed | LinksShaped | LoadFinished | LoadStarted |
            LoadStopped | ProxyStarted | SamplesSent | SamplingStarted | TargetsStarted | TornDown | Unset): Command output,
            e.g. the tool's command line or a summary: the model the command is answered with (contract.command_results).
    """

    command_id: str
    ok: bool
    type_: Literal["command_result"] | Unset = "command_result"
    error: None | str | Unset = UNSET
    data: (
        DatabaseStarted
        | Done
        | HostsResolved
        | LeaseRenewed
        | LinksShaped
        | LoadFinished
        | LoadStarted
        | LoadStopped
        | ProxyStarted
        | SamplesSent
        | SamplingStarted
        | TargetsStarted
        | TornDown
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.database_started import DatabaseStarted
        from ..models.done import Done
        from ..models.hosts_resolved import HostsResolved
        from ..models.lease_renewed import LeaseRenewed
        from ..models.links_shaped import LinksShaped
        from ..models.load_finished import LoadFinished
        from ..models.load_started import LoadStarted
        from ..models.load_stopped import LoadStopped
        from ..models.proxy_started import ProxyStarted
        from ..models.samples_sent import SamplesSent
        from ..models.sampling_started import SamplingStarted
        from ..models.targets_started import TargetsStarted

        command_id = self.command_id

        ok = self.ok

        type_ = self.type_

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        data: dict[str, Any] | Unset
        if isinstance(self.data, Unset):
            data = UNSET
        elif (
            isinstance(self.data, Done)
            or isinstance(self.data, ProxyStarted)
            or isinstance(self.data, HostsResolved)
            or isinstance(self.data, LinksShaped)
            or isinstance(self.data, SamplingStarted)
            or isinstance(self.data, SamplesSent)
            or isinstance(self.data, TargetsStarted)
            or isinstance(self.data, DatabaseStarted)
            or isinstance(self.data, LoadStarted)
            or isinstance(self.data, LoadFinished)
            or isinstance(self.data, LeaseRenewed)
            or isinstance(self.data, LoadStopped)
        ):
            data = self.data.to_dict()
        else:
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "command_id": command_id,
                "ok": ok,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if error is not UNSET:
            field_dict["error"] = error
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.database_started import DatabaseStarted
        from ..models.done import Done
        from ..models.hosts_resolved import HostsResolved
        from ..models.lease_renewed import LeaseRenewed
        from ..models.links_shaped import LinksShaped
        from ..models.load_finished import LoadFinished
        from ..models.load_started import LoadStarted
        from ..models.load_stopped import LoadStopped
        from ..models.proxy_started import ProxyStarted
        from ..models.samples_sent import SamplesSent
        from ..models.sampling_started import SamplingStarted
        from ..models.targets_started import TargetsStarted
        from ..models.torn_down import TornDown

        d = dict(src_dict)
        command_id = d.pop("command_id")

        ok = d.pop("ok")

        type_ = cast(Literal["command_result"] | Unset, d.pop("type", UNSET))
        if type_ != "command_result" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'command_result', got '{type_}'")

        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        def _parse_data(
            data: object,
        ) -> (
            DatabaseStarted
            | Done
            | HostsResolved
            | LeaseRenewed
            | LinksShaped
            | LoadFinished
            | LoadStarted
            | LoadStopped
            | ProxyStarted
            | SamplesSent
            | SamplingStarted
            | TargetsStarted
            | TornDown
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = Done.from_dict(data)

                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_1 = ProxyStarted.from_dict(data)

                return data_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_2 = HostsResolved.from_dict(data)

                return data_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_3 = LinksShaped.from_dict(data)

                return data_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_4 = SamplingStarted.from_dict(data)

                return data_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_5 = SamplesSent.from_dict(data)

                return data_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_6 = TargetsStarted.from_dict(data)

                return data_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_7 = DatabaseStarted.from_dict(data)

                return data_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_8 = LoadStarted.from_dict(data)

                return data_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_9 = LoadFinished.from_dict(data)

                return data_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_10 = LeaseRenewed.from_dict(data)

                return data_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_11 = LoadStopped.from_dict(data)

                return data_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            data_type_12 = TornDown.from_dict(data)

            return data_type_12

        data = _parse_data(d.pop("data", UNSET))

        command_result = cls(
            command_id=command_id,
            ok=ok,
            type_=type_,
            error=error,
            data=data,
        )

        return command_result
