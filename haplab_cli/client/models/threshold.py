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

from ..models.threshold_aggregate import ThresholdAggregate
from ..models.threshold_host_type_0 import ThresholdHostType0
from ..models.threshold_operator import ThresholdOperator
from ..models.threshold_per_point_type_0 import ThresholdPerPointType0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.threshold_relative_to_point import ThresholdRelativeToPoint
    from ..models.threshold_when import ThresholdWhen


T = TypeVar("T", bound="Threshold")


@_attrs_define
class Threshold:
    """One rule: `metric [aggregate] operator value [x asked rate]`.

    Attributes:
        metric (str): A run metric key (GET /api/v1/metrics run_metrics: rps, latency_p99_ms, error_pct ...) or a per-
            second series key (sample_series: qcur, cpu ...).
        operator (ThresholdOperator): How the figure must compare with the limit to pass.
        value (float): The limit, in the metric's unit.
        aggregate (ThresholdAggregate | Unset): value: a run metric's figure once the run is collected; max, min, mean:
            of a per-second series over the measured seconds. Default: ThresholdAggregate.VALUE.
        relative_to (Literal['asked_rate'] | None | str | Unset): The limit is value x this number of the run's spec:
            asked_rate (the open-loop load's rate), or a dotted path such as proxy.global.maxconn (each sweep point's own
            value).
        when (ThresholdWhen | Unset): Judge only the runs whose spec has these values (dotted path: value), e.g.
            {proxy.backends.0.http_reuse: always}; empty: every run.
        per_point (None | ThresholdPerPointType0 | Unset): Judge once per sweep point, on a run metric of its
            repetitions: their mean, or the low or high bound of their 95% confidence interval (needs 2 or more runs). None:
            each run on its own.
        relative_to_point (ThresholdRelativeToPoint | Unset): The limit is value x the same run metric (the mean of its
            runs) at the sweep point that differs from the judged one only in these values, e.g.
            {proxy.backends.0.http_reuse: never}. Judged per sweep point; the reference point itself is not judged.
        host (None | ThresholdHostType0 | Unset): For a host series (cpu, rx, tx): the host of which role.
        abort_on_fail (bool | Unset): Stop the run as soon as this rule is lost (per-second series only, judged live).
            Default: False.
        grace_s (int | Unset): With abort_on_fail: seconds of measured load before the rule may stop the run. Default:
            0.
    """

    metric: str
    operator: ThresholdOperator
    value: float
    aggregate: ThresholdAggregate | Unset = ThresholdAggregate.VALUE
    relative_to: Literal["asked_rate"] | None | str | Unset = UNSET
    when: ThresholdWhen | Unset = UNSET
    per_point: None | ThresholdPerPointType0 | Unset = UNSET
    relative_to_point: ThresholdRelativeToPoint | Unset = UNSET
    host: None | ThresholdHostType0 | Unset = UNSET
    abort_on_fail: bool | Unset = False
    grace_s: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        metric = self.metric

        operator = self.operator.value

        value = self.value

        aggregate: str | Unset = UNSET
        if not isinstance(self.aggregate, Unset):
            aggregate = self.aggregate.value

        relative_to: Literal["asked_rate"] | None | str | Unset
        if isinstance(self.relative_to, Unset):
            relative_to = UNSET
        else:
            relative_to = self.relative_to

        when: dict[str, Any] | Unset = UNSET
        if not isinstance(self.when, Unset):
            when = self.when.to_dict()

        per_point: None | str | Unset
        if isinstance(self.per_point, Unset):
            per_point = UNSET
        elif isinstance(self.per_point, ThresholdPerPointType0):
            per_point = self.per_point.value
        else:
            per_point = self.per_point

        relative_to_point: dict[str, Any] | Unset = UNSET
        if not isinstance(self.relative_to_point, Unset):
            relative_to_point = self.relative_to_point.to_dict()

        host: None | str | Unset
        if isinstance(self.host, Unset):
            host = UNSET
        elif isinstance(self.host, ThresholdHostType0):
            host = self.host.value
        else:
            host = self.host

        abort_on_fail = self.abort_on_fail

        grace_s = self.grace_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "metric": metric,
                "operator": operator,
                "value": value,
            }
        )
        if aggregate is not UNSET:
            field_dict["aggregate"] = aggregate
        if relative_to is not UNSET:
            field_dict["relative_to"] = relative_to
        if when is not UNSET:
            field_dict["when"] = when
        if per_point is not UNSET:
            field_dict["per_point"] = per_point
        if relative_to_point is not UNSET:
            field_dict["relative_to_point"] = relative_to_point
        if host is not UNSET:
            field_dict["host"] = host
        if abort_on_fail is not UNSET:
            field_dict["abort_on_fail"] = abort_on_fail
        if grace_s is not UNSET:
            field_dict["grace_s"] = grace_s

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.threshold_relative_to_point import ThresholdRelativeToPoint
        from ..models.threshold_when import ThresholdWhen

        d = dict(src_dict)
        metric = d.pop("metric")

        operator = ThresholdOperator(d.pop("operator"))

        value = d.pop("value")

        _aggregate = d.pop("aggregate", UNSET)
        aggregate: ThresholdAggregate | Unset
        if isinstance(_aggregate, Unset):
            aggregate = UNSET
        else:
            aggregate = ThresholdAggregate(_aggregate)

        def _parse_relative_to(
            data: object,
        ) -> Literal["asked_rate"] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            relative_to_type_0 = cast(Literal["asked_rate"], data)
            if relative_to_type_0 != "asked_rate":
                raise ValueError(
                    f"relative_to_type_0 must match const 'asked_rate', got '{relative_to_type_0}'"
                )
            return relative_to_type_0
            return cast(Literal["asked_rate"] | None | str | Unset, data)

        relative_to = _parse_relative_to(d.pop("relative_to", UNSET))

        _when = d.pop("when", UNSET)
        when: ThresholdWhen | Unset
        if isinstance(_when, Unset):
            when = UNSET
        else:
            when = ThresholdWhen.from_dict(_when)

        def _parse_per_point(data: object) -> None | ThresholdPerPointType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                per_point_type_0 = ThresholdPerPointType0(data)

                return per_point_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ThresholdPerPointType0 | Unset, data)

        per_point = _parse_per_point(d.pop("per_point", UNSET))

        _relative_to_point = d.pop("relative_to_point", UNSET)
        relative_to_point: ThresholdRelativeToPoint | Unset
        if isinstance(_relative_to_point, Unset):
            relative_to_point = UNSET
        else:
            relative_to_point = ThresholdRelativeToPoint.from_dict(_relative_to_point)

        def _parse_host(data: object) -> None | ThresholdHostType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                host_type_0 = ThresholdHostType0(data)

                return host_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ThresholdHostType0 | Unset, data)

        host = _parse_host(d.pop("host", UNSET))

        abort_on_fail = d.pop("abort_on_fail", UNSET)

        grace_s = d.pop("grace_s", UNSET)

        threshold = cls(
            metric=metric,
            operator=operator,
            value=value,
            aggregate=aggregate,
            relative_to=relative_to,
            when=when,
            per_point=per_point,
            relative_to_point=relative_to_point,
            host=host,
            abort_on_fail=abort_on_fail,
            grace_s=grace_s,
        )

        return threshold
