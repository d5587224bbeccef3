"""Reading BioTrack's field values: numbers sent as text, 0/1 flags, epoch-second times.

Missing or malformed values become None, 0 or False, never an error, so a row BioTrack
sends without a field is still read.
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo
from typing import Any

from trichome.tracking.biotrack.codes import code_number


def text(value: Any) -> str | None:
    """A text field (None when missing or blank)."""
    if value is None or isinstance(value, list | dict):
        return None
    shown = str(value).strip()
    return shown or None


def maybe_number(value: Any) -> float | None:
    """A number sent as 8, 8.5 or "8.00" (None when absent or not a number)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(str(value).strip())
    except ValueError:
        return None


def number(value: Any) -> float:
    """A number (0 when absent)."""
    return maybe_number(value) or 0.0


def ident(value: Any) -> int | None:
    """A numeric id sent as a number or digits (None otherwise)."""
    return code_number(value)


def flag(value: Any) -> bool:
    """A 0/1 flag (sent as 1, "1" or true)."""
    return str(value).strip().lower() in ("1", "true")


def moment(value: Any, tz: tzinfo) -> datetime | None:
    """An epoch-seconds time as an aware datetime in the state's zone (None when absent)."""
    seconds = code_number(value)
    if seconds is None or seconds <= 0:
        return None
    return datetime.fromtimestamp(seconds, tz)


def day(value: Any, tz: tzinfo) -> date | None:
    """The state's local day of an epoch-seconds time."""
    when = moment(value, tz)
    return when.date() if when else None


def ids(value: Any) -> tuple[str, ...]:
    """One identifier or a list of them (plantid, parentid), as text."""
    items = value if isinstance(value, list) else [value]
    return tuple(str(item).strip() for item in items if text(item))
