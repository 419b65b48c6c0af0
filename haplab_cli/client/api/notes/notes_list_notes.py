from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.note_out import NoteOut
from ...models.server_error_body import ServerErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    run_ids: list[int] | Unset = UNSET,
    change_ids: list[int] | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_run_ids: list[int] | Unset = UNSET
    if not isinstance(run_ids, Unset):
        json_run_ids = run_ids

    params["run_ids"] = json_run_ids

    json_change_ids: list[int] | Unset = UNSET
    if not isinstance(change_ids, Unset):
        json_change_ids = change_ids

    params["change_ids"] = json_change_ids

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/notes",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | ServerErrorBody | list[NoteOut] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = NoteOut.from_dict(response_200_item_data)

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
) -> Response[ErrorBody | ServerErrorBody | list[NoteOut]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int] | Unset = UNSET,
    change_ids: list[int] | Unset = UNSET,
) -> Response[ErrorBody | ServerErrorBody | list[NoteOut]]:
    """List Notes

     The notes of these runs and changes (`?run_ids=3&run_ids=7&change_ids=2`), oldest first.

    Args:
        run_ids (list[int] | Unset):
        change_ids (list[int] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ServerErrorBody | list[NoteOut]]
    """

    kwargs = _get_kwargs(
        run_ids=run_ids,
        change_ids=change_ids,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int] | Unset = UNSET,
    change_ids: list[int] | Unset = UNSET,
) -> ErrorBody | ServerErrorBody | list[NoteOut] | None:
    """List Notes

     The notes of these runs and changes (`?run_ids=3&run_ids=7&change_ids=2`), oldest first.

    Args:
        run_ids (list[int] | Unset):
        change_ids (list[int] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ServerErrorBody | list[NoteOut]
    """

    return sync_detailed(
        client=client,
        run_ids=run_ids,
        change_ids=change_ids,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int] | Unset = UNSET,
    change_ids: list[int] | Unset = UNSET,
) -> Response[ErrorBody | ServerErrorBody | list[NoteOut]]:
    """List Notes

     The notes of these runs and changes (`?run_ids=3&run_ids=7&change_ids=2`), oldest first.

    Args:
        run_ids (list[int] | Unset):
        change_ids (list[int] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ServerErrorBody | list[NoteOut]]
    """

    kwargs = _get_kwargs(
        run_ids=run_ids,
        change_ids=change_ids,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int] | Unset = UNSET,
    change_ids: list[int] | Unset = UNSET,
) -> ErrorBody | ServerErrorBody | list[NoteOut] | None:
    """List Notes

     The notes of these runs and changes (`?run_ids=3&run_ids=7&change_ids=2`), oldest first.

    Args:
        run_ids (list[int] | Unset):
        change_ids (list[int] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ServerErrorBody | list[NoteOut]
    """

    return (
        await asyncio_detailed(
            client=client,
            run_ids=run_ids,
            change_ids=change_ids,
        )
    ).parsed
