from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.compare_timers import CompareTimers
from ...models.error_body import ErrorBody
from ...models.runs_compare_runs_timers_percentile import (
    RunsCompareRunsTimersPercentile,
)
from ...models.runs_compare_runs_timers_timer import RunsCompareRunsTimersTimer
from ...models.server_error_body import ServerErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    run_ids: list[int],
    timer: RunsCompareRunsTimersTimer | Unset = RunsCompareRunsTimersTimer.TW,
    percentile: RunsCompareRunsTimersPercentile
    | Unset = RunsCompareRunsTimersPercentile.P99,
    scope: str | Unset = "*",
    step: int | Unset = 1,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_run_ids = run_ids

    params["run_ids"] = json_run_ids

    json_timer: str | Unset = UNSET
    if not isinstance(timer, Unset):
        json_timer = timer.value

    params["timer"] = json_timer

    json_percentile: str | Unset = UNSET
    if not isinstance(percentile, Unset):
        json_percentile = percentile.value

    params["percentile"] = json_percentile

    params["scope"] = scope

    params["step"] = step

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/runs/compare/timers",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CompareTimers | ErrorBody | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = CompareTimers.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())

        return response_422

    if response.status_code == 500:
        response_500 = ServerErrorBody.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CompareTimers | ErrorBody | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int],
    timer: RunsCompareRunsTimersTimer | Unset = RunsCompareRunsTimersTimer.TW,
    percentile: RunsCompareRunsTimersPercentile
    | Unset = RunsCompareRunsTimersPercentile.P99,
    scope: str | Unset = "*",
    step: int | Unset = 1,
) -> Response[CompareTimers | ErrorBody | ServerErrorBody]:
    """Compare Runs Timers

     One of HAProxy's request timers at p50, p90 or p99 per point of every run, t = 0 at load
    start: each point's seconds' histograms merged, never percentiles averaged.

    Args:
        run_ids (list[int]): The runs, one parameter each (run_ids=3&run_ids=7), at most 200.
        timer (RunsCompareRunsTimersTimer | Unset): One of HAProxy's request timers
            (contract.request_timers.TIMERS). Default: RunsCompareRunsTimersTimer.TW.
        percentile (RunsCompareRunsTimersPercentile | Unset): The timer's percentile per point.
            Default: RunsCompareRunsTimersPercentile.P99.
        scope (str | Unset): "*" the whole proxy, a backend, or backend/server. Default: '*'.
        step (int | Unset): Seconds per point: 1, or more to merge them. Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompareTimers | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        run_ids=run_ids,
        timer=timer,
        percentile=percentile,
        scope=scope,
        step=step,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int],
    timer: RunsCompareRunsTimersTimer | Unset = RunsCompareRunsTimersTimer.TW,
    percentile: RunsCompareRunsTimersPercentile
    | Unset = RunsCompareRunsTimersPercentile.P99,
    scope: str | Unset = "*",
    step: int | Unset = 1,
) -> CompareTimers | ErrorBody | ServerErrorBody | None:
    """Compare Runs Timers

     One of HAProxy's request timers at p50, p90 or p99 per point of every run, t = 0 at load
    start: each point's seconds' histograms merged, never percentiles averaged.

    Args:
        run_ids (list[int]): The runs, one parameter each (run_ids=3&run_ids=7), at most 200.
        timer (RunsCompareRunsTimersTimer | Unset): One of HAProxy's request timers
            (contract.request_timers.TIMERS). Default: RunsCompareRunsTimersTimer.TW.
        percentile (RunsCompareRunsTimersPercentile | Unset): The timer's percentile per point.
            Default: RunsCompareRunsTimersPercentile.P99.
        scope (str | Unset): "*" the whole proxy, a backend, or backend/server. Default: '*'.
        step (int | Unset): Seconds per point: 1, or more to merge them. Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompareTimers | ErrorBody | ServerErrorBody
    """

    return sync_detailed(
        client=client,
        run_ids=run_ids,
        timer=timer,
        percentile=percentile,
        scope=scope,
        step=step,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int],
    timer: RunsCompareRunsTimersTimer | Unset = RunsCompareRunsTimersTimer.TW,
    percentile: RunsCompareRunsTimersPercentile
    | Unset = RunsCompareRunsTimersPercentile.P99,
    scope: str | Unset = "*",
    step: int | Unset = 1,
) -> Response[CompareTimers | ErrorBody | ServerErrorBody]:
    """Compare Runs Timers

     One of HAProxy's request timers at p50, p90 or p99 per point of every run, t = 0 at load
    start: each point's seconds' histograms merged, never percentiles averaged.

    Args:
        run_ids (list[int]): The runs, one parameter each (run_ids=3&run_ids=7), at most 200.
        timer (RunsCompareRunsTimersTimer | Unset): One of HAProxy's request timers
            (contract.request_timers.TIMERS). Default: RunsCompareRunsTimersTimer.TW.
        percentile (RunsCompareRunsTimersPercentile | Unset): The timer's percentile per point.
            Default: RunsCompareRunsTimersPercentile.P99.
        scope (str | Unset): "*" the whole proxy, a backend, or backend/server. Default: '*'.
        step (int | Unset): Seconds per point: 1, or more to merge them. Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompareTimers | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        run_ids=run_ids,
        timer=timer,
        percentile=percentile,
        scope=scope,
        step=step,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int],
    timer: RunsCompareRunsTimersTimer | Unset = RunsCompareRunsTimersTimer.TW,
    percentile: RunsCompareRunsTimersPercentile
    | Unset = RunsCompareRunsTimersPercentile.P99,
    scope: str | Unset = "*",
    step: int | Unset = 1,
) -> CompareTimers | ErrorBody | ServerErrorBody | None:
    """Compare Runs Timers

     One of HAProxy's request timers at p50, p90 or p99 per point of every run, t = 0 at load
    start: each point's seconds' histograms merged, never percentiles averaged.

    Args:
        run_ids (list[int]): The runs, one parameter each (run_ids=3&run_ids=7), at most 200.
        timer (RunsCompareRunsTimersTimer | Unset): One of HAProxy's request timers
            (contract.request_timers.TIMERS). Default: RunsCompareRunsTimersTimer.TW.
        percentile (RunsCompareRunsTimersPercentile | Unset): The timer's percentile per point.
            Default: RunsCompareRunsTimersPercentile.P99.
        scope (str | Unset): "*" the whole proxy, a backend, or backend/server. Default: '*'.
        step (int | Unset): Seconds per point: 1, or more to merge them. Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompareTimers | ErrorBody | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            run_ids=run_ids,
            timer=timer,
            percentile=percentile,
            scope=scope,
            step=step,
        )
    ).parsed
