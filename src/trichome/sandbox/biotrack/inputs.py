"""Reading a BioTrack request's fields: each reader returns the typed value or refuses the
request with a message naming the field (never an exception the route would turn into 500)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from trichome.sandbox.biotrack.reference import EACH_TYPES, GRAMS_PER_UNIT
from trichome.sandbox.biotrack.store import BioTrackError

MAX_ITEMS = 500  # identifiers or nodes in one request
MAX_QUANTITY = Decimal(10**9)
CENT = Decimal("0.01")


def text(body: dict[str, Any], name: str, *, required: bool = True) -> str:
    """A text field (numbers are accepted as their text), stripped."""
    value = body.get(name)
    if isinstance(value, bool) or value is None or isinstance(value, list | dict):
        if required or value is not None:
            raise BioTrackError(f"Please specify {name} as text.")
        return ""
    result = str(value).strip()
    if required and not result:
        raise BioTrackError(f"Please specify {name}.")
    if len(result) > 200:
        raise BioTrackError(f"{name} is longer than 200 characters.")
    return result


def integer(body: dict[str, Any], name: str, *, default: int | None = None) -> int:
    """A whole number (or its text)."""
    value = body.get(name, default)
    if value is None:
        raise BioTrackError(f"Please specify {name} as an integer.")
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 19:
        return int(value)
    raise BioTrackError(f"{name} must be an integer.")


def flag(body: dict[str, Any], name: str) -> bool:
    """A 0/1 field, absent meaning 0."""
    return integer(body, name, default=0) == 1


def decimal(body: dict[str, Any], name: str, *, positive: bool = True) -> Decimal:
    """A decimal amount (or its text), more than zero unless `positive` is false."""
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise BioTrackError(f"Please specify {name} as a decimal value.")
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise BioTrackError(f"{name} must be a decimal value.") from None
    if not amount.is_finite() or abs(amount) > MAX_QUANTITY:
        raise BioTrackError(f"{name} is out of range.")
    if amount < 0 or (positive and amount == 0):
        raise BioTrackError(f"{name} must be greater than zero.")
    return amount


def identifiers(body: dict[str, Any], name: str = "barcodeid") -> list[str]:
    """One identifier or an array of them (at least one, no repeats)."""
    value = body.get(name)
    values = value if isinstance(value, list) else [value]
    found: list[str] = []
    for item in values:
        if isinstance(item, bool) or not isinstance(item, str | int) or not str(item).strip():
            raise BioTrackError("Please specify at least one identifier.")
        found.append(str(item).strip())
    if not found or len(found) > MAX_ITEMS:
        raise BioTrackError(f"Please specify between 1 and {MAX_ITEMS} identifiers.")
    if len(set(found)) != len(found):
        raise BioTrackError("The same identifier was given more than once.")
    return found


def nodes(body: dict[str, Any], name: str = "data") -> list[dict[str, Any]]:
    """An array of objects (one object is taken as an array of one)."""
    value = body.get(name)
    values = [value] if isinstance(value, dict) else value
    if not isinstance(values, list) or not values or len(values) > MAX_ITEMS:
        raise BioTrackError(f"Please specify {name} as an array of 1 to {MAX_ITEMS} nodes.")
    if not all(isinstance(node, dict) for node in values):
        raise BioTrackError(f"Every node of {name} must be an object.")
    return values


def amount_in(node: dict[str, Any], name: str, uom_name: str, inventory_type: int) -> Decimal:
    """An amount converted to the unit the inventory type is kept in: grams, or each."""
    amount = decimal(node, name)
    uom = text(node, uom_name, required=False).lower() or (
        "each" if inventory_type in EACH_TYPES else "g"
    )
    if inventory_type in EACH_TYPES:
        if uom != "each":
            raise BioTrackError(f"{uom_name} must be each for inventory type {inventory_type}.")
        if amount != amount.to_integral_value():
            raise BioTrackError(f"{name} must be a whole number of items.")
        return amount
    if uom not in GRAMS_PER_UNIT:
        raise BioTrackError(f"{uom_name} must be one of g, mg, kg, oz, lb.")
    return (amount * GRAMS_PER_UNIT[uom]).quantize(Decimal("0.0001"))


def grams(node: dict[str, Any], name: str = "amount", uom_name: str = "uom") -> Decimal:
    """A weight in grams (for weights that are not an inventory item's quantity)."""
    return amount_in(node, name, uom_name, 6)


def shown(amount: Decimal) -> str:
    """An amount as BioTrack writes them: text with two decimals."""
    return str(amount.quantize(CENT))


def stored(row_value: Any) -> Decimal:
    """A quantity read back from a row."""
    return Decimal(str(row_value))
