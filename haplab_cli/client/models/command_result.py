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
    from ..models.command_result_data import CommandResultData


T = TypeVar("T", bound="CommandResult")


@_attrs_define
class CommandResult:
    """The outcome of a command.

    Attributes:
        command_id (str): Envelope id of the command this answers.
        ok (bool):
        type_ (Literal['command_result'] | Unset):  Default: 'command_result'.
        error (None | str | Unset): Why it failed, when not ok.
        data (CommandResultData | Unset): Command output, e.g. the tool's command line or a summary.
    """

    command_id: str
    ok: bool
    type_: Literal["command_result"] | Unset = "command_result"
    error: None | str | Unset = UNSET
    data: CommandResultData | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        command_id = self.command_id

        ok = self.ok

        type_ = self.type_

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
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
        from ..models.command_result_data import CommandResultData

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

        _data = d.pop("data", UNSET)
        data: CommandResultData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = CommandResultData.from_dict(_data)

        command_result = cls(
            command_id=command_id,
            ok=ok,
            type_=type_,
            error=error,
            data=data,
        )

        return command_result
