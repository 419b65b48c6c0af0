from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.run_sample_columns import RunSampleColumns
from ...models.server_error_body import ServerErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    run_id: int,
    *,
    step: int | Unset = 1,
    source: None | str | Unset = UNSET,
    from_t: int | None | Unset = UNSET,
    to_t: int | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["step"] = step

    json_source: None | str | Unset
    if isinstance(source, Unset):
        json_source = UNSET
    else:
        json_source = source
    params["source"] = json_source

    json_from_t: int | None | Unset
    if isinstance(from_t, Unset):
        json_from_t = UNSET
    else:
        json_from_t = from_t
    params["from_t"] = json_from_t

    json_to_t: int | None | Unset
    if isinstance(to_t, Unset):
        json_to_t = UNSET
    else:
        json_to_t = to_t
    params["to_t"] = json_to_t

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/runs/{run_id}/samples/columns".format(
            run_id=quote(str(run_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | RunSampleColumns | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = RunSampleColumns.from_dict(response.json())

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
) -> Response[ErrorBody | RunSampleColumns | ServerErrorBody]:
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
    step: int | Unset = 1,
    source: None | str | Unset = UNSET,
    from_t: int | None | Unset = UNSET,
    to_t: int | None | Unset = UNSET,
) -> Response[ErrorBody | RunSampleColumns | ServerErrorBody]:
    """Get Run Sample Columns

     The samples as one array per metric, per source; with `step` > 1, one point per bucket:
    counters as per-second rates, gauges averaged, and each bucket's min and max. PostgreSQL
    builds the arrays' JSON (backend/runs/samples/columns.py), which is passed through as is.

    Args:
        run_id (int):
        step (int | Unset): Seconds per point: 1 for the stored seconds, more to downsample.
            Default: 1.
        source (None | str | Unset):
        from_t (int | None | Unset):
        to_t (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RunSampleColumns | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        step=step,
        source=source,
        from_t=from_t,
        to_t=to_t,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    step: int | Unset = 1,
    source: None | str | Unset = UNSET,
    from_t: int | None | Unset = UNSET,
    to_t: int | None | Unset = UNSET,
) -> ErrorBody | RunSampleColumns | ServerErrorBody | None:
    """Get Run Sample Columns

     The samples as one array per metric, per source; with `step` > 1, one point per bucket:
    counters as per-second rates, gauges averaged, and each bucket's min and max. PostgreSQL
    builds the arrays' JSON (backend/runs/samples/columns.py), which is passed through as is.

    Args:
        run_id (int):
        step (int | Unset): Seconds per point: 1 for the stored seconds, more to downsample.
            Default: 1.
        source (None | str | Unset):
        from_t (int | None | Unset):
        to_t (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RunSampleColumns | ServerErrorBody
    """

    return sync_detailed(
        run_id=run_id,
        client=client,
        step=step,
        source=source,
        from_t=from_t,
        to_t=to_t,
    ).parsed


async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    step: int | Unset = 1,
    source: None | str | Unset = UNSET,
    from_t: int | None | Unset = UNSET,
    to_t: int | None | Unset = UNSET,
) -> Response[ErrorBody | RunSampleColumns | ServerErrorBody]:
    """Get Run Sample Columns

     The samples as one array per metric, per source; with `step` > 1, one point per bucket:
    counters as per-second rates, gauges averaged, and each bucket's min and max. PostgreSQL
    builds the arrays' JSON (backend/runs/samples/columns.py), which is passed through as is.

    Args:
        run_id (int):
        step (int | Unset): Seconds per point: 1 for the stored seconds, more to downsample.
            Default: 1.
        source (None | str | Unset):
        from_t (int | None | Unset):
        to_t (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RunSampleColumns | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        step=step,
        source=source,
        from_t=from_t,
        to_t=to_t,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    step: int | Unset = 1,
    source: None | str | Unset = UNSET,
    from_t: int | None | Unset = UNSET,
    to_t: int | None | Unset = UNSET,
) -> ErrorBody | RunSampleColumns | ServerErrorBody | None:
    """Get Run Sample Columns

     The samples as one array per metric, per source; with `step` > 1, one point per bucket:
    counters as per-second rates, gauges averaged, and each bucket's min and max. PostgreSQL
    builds the arrays' JSON (backend/runs/samples/columns.py), which is passed through as is.

    Args:
        run_id (int):
        step (int | Unset): Seconds per point: 1 for the stored seconds, more to downsample.
            Default: 1.
        source (None | str | Unset):
        from_t (int | None | Unset):
        to_t (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RunSampleColumns | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            run_id=run_id,
            client=client,
            step=step,
            source=source,
            from_t=from_t,
            to_t=to_t,
        )
    ).parsed
