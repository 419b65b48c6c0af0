"""What the download routes share: the attachment header, the CSV cell rule, the OpenAPI entry."""

from __future__ import annotations

from typing import Any

CSV_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/csv": {"schema": {"type": "string"}}}, "description": "CSV with a header row."}
}


def attachment(filename: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{filename}"'}


def csv_cell(value: Any) -> Any:
    """CSV text of a value: booleans and empties as JSON would spell them, not Python."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value
