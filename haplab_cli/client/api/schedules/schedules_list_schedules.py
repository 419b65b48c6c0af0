from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.schedule_out import ScheduleOut
from ...models.server_error_body import ServerErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    experiment_id: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_experiment_id: int | None | Unset
    if isinstance(experiment_id, Unset):
        json_experiment_id = UNSET
    else:
        json_experiment_id = experiment_id
    params["experiment_id"] = json_experiment_id

    json_lab_id: int | None | Unset
    if isinstance(lab_id, Unset):
        json_lab_id = UNSET
    else:
        json_lab_id = lab_id
    params["lab_id"] = json_lab_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/schedules",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | ServerErrorBody | list[ScheduleOut] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = ScheduleOut.from_dict(response_200_item_data)

            response_200.append(response_200_item)

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
) -> Response[ErrorBody | ServerErrorBody | list[ScheduleOut]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    experiment_id: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
) -> Response[ErrorBody | ServerErrorBody | list[ScheduleOut]]:
    """List Schedules

     The team's schedules (or one experiment's, or one lab's), oldest first, with their next times.

    Args:
        experiment_id (int | None | Unset):
        lab_id (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ServerErrorBody | list[ScheduleOut]]
    """

    kwargs = _get_kwargs(
        experiment_id=experiment_id,
        lab_id=lab_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    experiment_id: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
) -> ErrorBody | ServerErrorBody | list[ScheduleOut] | None:
    """List Schedules

     The team's schedules (or one experiment's, or one lab's), oldest first, with their next times.

    Args:
        experiment_id (int | None | Unset):
        lab_id (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ServerErrorBody | list[ScheduleOut]
    """

    return sync_detailed(
        client=client,
        experiment_id=experiment_id,
        lab_id=lab_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    experiment_id: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
) -> Response[ErrorBody | ServerErrorBody | list[ScheduleOut]]:
    """List Schedules

     The team's schedules (or one experiment's, or one lab's), oldest first, with their next times.

    Args:
        experiment_id (int | None | Unset):
        lab_id (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ServerErrorBody | list[ScheduleOut]]
    """

    kwargs = _get_kwargs(
        experiment_id=experiment_id,
        lab_id=lab_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    experiment_id: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
) -> ErrorBody | ServerErrorBody | list[ScheduleOut] | None:
    """List Schedules

     The team's schedules (or one experiment's, or one lab's), oldest first, with their next times.

    Args:
        experiment_id (int | None | Unset):
        lab_id (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ServerErrorBody | list[ScheduleOut]
    """

    return (
        await asyncio_detailed(
            client=client,
            experiment_id=experiment_id,
            lab_id=lab_id,
        )
    ).parsed
