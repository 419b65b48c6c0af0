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
    from ..models.sample_point import SamplePoint


T = TypeVar("T", bound="SampleBatch")


@_attrs_define
class SampleBatch:
    """Samples of one run; (run_id, batch_id) makes a resent batch harmless.

    Attributes:
        run_id (int):
        batch_id (int): Sequence number of this batch within the run, per agent.
        samples (list[SamplePoint]):
        type_ (Literal['sample_batch'] | Unset):  Default: 'sample_batch'.
    """

    run_id: int
    batch_id: int
    samples: list[SamplePoint]
    type_: Literal["sample_batch"] | Unset = "sample_batch"

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        batch_id = self.batch_id

        samples = []
        for samples_item_data in self.samples:
            samples_item = samples_item_data.to_dict()
            samples.append(samples_item)

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "batch_id": batch_id,
                "samples": samples,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sample_point import SamplePoint

        d = dict(src_dict)
        run_id = d.pop("run_id")

        batch_id = d.pop("batch_id")

        samples = []
        _samples = d.pop("samples")
        for samples_item_data in _samples:
            samples_item = SamplePoint.from_dict(samples_item_data)

            samples.append(samples_item)

        type_ = cast(Literal["sample_batch"] | Unset, d.pop("type", UNSET))
        if type_ != "sample_batch" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'sample_batch', got '{type_}'")

        sample_batch = cls(
            run_id=run_id,
            batch_id=batch_id,
            samples=samples,
            type_=type_,
        )

        return sample_batch
