from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.runs_get_trends_metric import RunsGetTrendsMetric
from ...models.server_error_body import ServerErrorBody
from ...models.trends import Trends
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    metric: RunsGetTrendsMetric,
    experiment_id: list[int] | None | Unset = UNSET,
    runs: int | Unset = 12,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_metric = metric.value
    params["metric"] = json_metric

    json_experiment_id: list[int] | None | Unset
    if isinstance(experiment_id, Unset):
        json_experiment_id = UNSET
    elif isinstance(experiment_id, list):
        json_experiment_id = experiment_id

    else:
        json_experiment_id = experiment_id
    params["experiment_id"] = json_experiment_id

    params["runs"] = runs

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/runs/trends",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | ServerErrorBody | Trends | None:
    if response.status_code == 200:
        response_200 = Trends.from_dict(response.json())

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
) -> Response[ErrorBody | ServerErrorBody | Trends]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    metric: RunsGetTrendsMetric,
    experiment_id: list[int] | None | Unset = UNSET,
    runs: int | Unset = 12,
) -> Response[ErrorBody | ServerErrorBody | Trends]:
    """Get Trends

     Each experiment's last succeeded runs at the sweep point of its latest one, oldest first.

    Args:
        metric (RunsGetTrendsMetric): A figure of the run list (metric registry key).
        experiment_id (list[int] | None | Unset): Repeat for several; the team's most recently run
            experiments when absent.
        runs (int | Unset): Runs per experiment, newest. Default: 12.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ServerErrorBody | Trends]
    """

    kwargs = _get_kwargs(
        metric=metric,
        experiment_id=experiment_id,
        runs=runs,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    metric: RunsGetTrendsMetric,
    experiment_id: list[int] | None | Unset = UNSET,
    runs: int | Unset = 12,
) -> ErrorBody | ServerErrorBody | Trends | None:
    """Get Trends

     Each experiment's last succeeded runs at the sweep point of its latest one, oldest first.

    Args:
        metric (RunsGetTrendsMetric): A figure of the run list (metric registry key).
        experiment_id (list[int] | None | Unset): Repeat for several; the team's most recently run
            experiments when absent.
        runs (int | Unset): Runs per experiment, newest. Default: 12.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ServerErrorBody | Trends
    """

    return sync_detailed(
        client=client,
        metric=metric,
        experiment_id=experiment_id,
        runs=runs,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    metric: RunsGetTrendsMetric,
    experiment_id: list[int] | None | Unset = UNSET,
    runs: int | Unset = 12,
) -> Response[ErrorBody | ServerErrorBody | Trends]:
    """Get Trends

     Each experiment's last succeeded runs at the sweep point of its latest one, oldest first.

    Args:
        metric (RunsGetTrendsMetric): A figure of the run list (metric registry key).
        experiment_id (list[int] | None | Unset): Repeat for several; the team's most recently run
            experiments when absent.
        runs (int | Unset): Runs per experiment, newest. Default: 12.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ServerErrorBody | Trends]
    """

    kwargs = _get_kwargs(
        metric=metric,
        experiment_id=experiment_id,
        runs=runs,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    metric: RunsGetTrendsMetric,
    experiment_id: list[int] | None | Unset = UNSET,
    runs: int | Unset = 12,
) -> ErrorBody | ServerErrorBody | Trends | None:
    """Get Trends

     Each experiment's last succeeded runs at the sweep point of its latest one, oldest first.

    Args:
        metric (RunsGetTrendsMetric): A figure of the run list (metric registry key).
        experiment_id (list[int] | None | Unset): Repeat for several; the team's most recently run
            experiments when absent.
        runs (int | Unset): Runs per experiment, newest. Default: 12.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ServerErrorBody | Trends
    """

    return (
        await asyncio_detailed(
            client=client,
            metric=metric,
            experiment_id=experiment_id,
            runs=runs,
        )
    ).parsed
