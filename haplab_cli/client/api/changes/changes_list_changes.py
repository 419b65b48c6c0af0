from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.change_page import ChangePage
from ...models.changes_list_changes_status_type_0 import ChangesListChangesStatusType0
from ...models.error_body import ErrorBody
from ...models.server_error_body import ServerErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ChangesListChangesStatusType0 | None | Unset = UNSET,
    experiment_id: int | None | Unset = UNSET,
    run_id: int | None | Unset = UNSET,
    limit: int | Unset = 100,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif isinstance(status, ChangesListChangesStatusType0):
        json_status = status.value
    else:
        json_status = status
    params["status"] = json_status

    json_experiment_id: int | None | Unset
    if isinstance(experiment_id, Unset):
        json_experiment_id = UNSET
    else:
        json_experiment_id = experiment_id
    params["experiment_id"] = json_experiment_id

    json_run_id: int | None | Unset
    if isinstance(run_id, Unset):
        json_run_id = UNSET
    else:
        json_run_id = run_id
    params["run_id"] = json_run_id

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/changes",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChangePage | ErrorBody | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = ChangePage.from_dict(response.json())

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
) -> Response[ChangePage | ErrorBody | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ChangesListChangesStatusType0 | None | Unset = UNSET,
    experiment_id: int | None | Unset = UNSET,
    run_id: int | None | Unset = UNSET,
    limit: int | Unset = 100,
) -> Response[ChangePage | ErrorBody | ServerErrorBody]:
    """List Changes

     Detected changes, newest run first: each figure's new level, at which run, how sure, and
    what differs from the run before.

    Args:
        status (ChangesListChangesStatusType0 | None | Unset):
        experiment_id (int | None | Unset):
        run_id (int | None | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangePage | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        status=status,
        experiment_id=experiment_id,
        run_id=run_id,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    status: ChangesListChangesStatusType0 | None | Unset = UNSET,
    experiment_id: int | None | Unset = UNSET,
    run_id: int | None | Unset = UNSET,
    limit: int | Unset = 100,
) -> ChangePage | ErrorBody | ServerErrorBody | None:
    """List Changes

     Detected changes, newest run first: each figure's new level, at which run, how sure, and
    what differs from the run before.

    Args:
        status (ChangesListChangesStatusType0 | None | Unset):
        experiment_id (int | None | Unset):
        run_id (int | None | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangePage | ErrorBody | ServerErrorBody
    """

    return sync_detailed(
        client=client,
        status=status,
        experiment_id=experiment_id,
        run_id=run_id,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ChangesListChangesStatusType0 | None | Unset = UNSET,
    experiment_id: int | None | Unset = UNSET,
    run_id: int | None | Unset = UNSET,
    limit: int | Unset = 100,
) -> Response[ChangePage | ErrorBody | ServerErrorBody]:
    """List Changes

     Detected changes, newest run first: each figure's new level, at which run, how sure, and
    what differs from the run before.

    Args:
        status (ChangesListChangesStatusType0 | None | Unset):
        experiment_id (int | None | Unset):
        run_id (int | None | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangePage | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        status=status,
        experiment_id=experiment_id,
        run_id=run_id,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: ChangesListChangesStatusType0 | None | Unset = UNSET,
    experiment_id: int | None | Unset = UNSET,
    run_id: int | None | Unset = UNSET,
    limit: int | Unset = 100,
) -> ChangePage | ErrorBody | ServerErrorBody | None:
    """List Changes

     Detected changes, newest run first: each figure's new level, at which run, how sure, and
    what differs from the run before.

    Args:
        status (ChangesListChangesStatusType0 | None | Unset):
        experiment_id (int | None | Unset):
        run_id (int | None | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangePage | ErrorBody | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            experiment_id=experiment_id,
            run_id=run_id,
            limit=limit,
        )
    ).parsed
