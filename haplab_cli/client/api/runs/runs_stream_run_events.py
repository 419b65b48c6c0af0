from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.end_event import EndEvent
from ...models.error_body import ErrorBody
from ...models.sample_event import SampleEvent
from ...models.server_error_body import ServerErrorBody
from ...models.state_event import StateEvent
from ...types import UNSET, Response, Unset


def _get_kwargs(
    run_id: int,
    *,
    last_event_id: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["last-event-id"] = last_event_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/runs/{run_id}/events".format(
            run_id=quote(str(run_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | EndEvent | SampleEvent | StateEvent | ErrorBody | ServerErrorBody | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> EndEvent | SampleEvent | StateEvent:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = StateEvent.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_1 = SampleEvent.from_dict(data)

                return response_200_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_2 = EndEvent.from_dict(data)

            return response_200_type_2

        response_200 = _parse_response_200(response.text)

        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.text)

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.text)

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.text)

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.text)

        return response_404

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.text)

        return response_422

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.text)

        return response_429

    if response.status_code == 500:
        response_500 = ServerErrorBody.from_dict(response.text)

        return response_500

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.text)

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | EndEvent | SampleEvent | StateEvent | ErrorBody | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: None | str | Unset = UNSET,
) -> Response[Any | EndEvent | SampleEvent | StateEvent | ErrorBody | ServerErrorBody]:
    """Stream Run Events

     The run's live events. Streams open at once are capped per user, per team and per API
    process (backend/runs/live/stream_slots.py).

    Args:
        run_id (int):
        last_event_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | EndEvent | SampleEvent | StateEvent | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: None | str | Unset = UNSET,
) -> Any | EndEvent | SampleEvent | StateEvent | ErrorBody | ServerErrorBody | None:
    """Stream Run Events

     The run's live events. Streams open at once are capped per user, per team and per API
    process (backend/runs/live/stream_slots.py).

    Args:
        run_id (int):
        last_event_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | EndEvent | SampleEvent | StateEvent | ErrorBody | ServerErrorBody
    """

    return sync_detailed(
        run_id=run_id,
        client=client,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: None | str | Unset = UNSET,
) -> Response[Any | EndEvent | SampleEvent | StateEvent | ErrorBody | ServerErrorBody]:
    """Stream Run Events

     The run's live events. Streams open at once are capped per user, per team and per API
    process (backend/runs/live/stream_slots.py).

    Args:
        run_id (int):
        last_event_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | EndEvent | SampleEvent | StateEvent | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: None | str | Unset = UNSET,
) -> Any | EndEvent | SampleEvent | StateEvent | ErrorBody | ServerErrorBody | None:
    """Stream Run Events

     The run's live events. Streams open at once are capped per user, per team and per API
    process (backend/runs/live/stream_slots.py).

    Args:
        run_id (int):
        last_event_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | EndEvent | SampleEvent | StateEvent | ErrorBody | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            run_id=run_id,
            client=client,
            last_event_id=last_event_id,
        )
    ).parsed
