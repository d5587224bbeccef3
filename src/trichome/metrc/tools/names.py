"""Names from Metrc's reference lists (units, waste types, transfer and customer types...).

Metrc's lists differ by state and change over time, so a tool does not hold a closed list of
its own: a name is matched to Metrc's spelling whatever its case, and where Metrc serves the
list (GET /harvests/v2/waste/types, /transfers/v2/types, /sales/v2/customertypes) the tool
reads it and refuses only what Metrc does not list. Where it cannot read the list, the name
goes to Metrc as given and Metrc decides.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from trichome.metrc.errors import MetrcError
from trichome.metrc.tools.registry import ToolProblem

logger = logging.getLogger(__name__)

# Metrc's units of measure (GET /unitsofmeasure/v2/active) and the weights among them.
UNITS_OF_MEASURE = (
    "Each",
    "Grams",
    "Kilograms",
    "Milligrams",
    "Ounces",
    "Pounds",
    "Fluid Ounces",
    "Gallons",
    "Liters",
    "Milliliters",
)
UNITS_OF_WEIGHT = ("Grams", "Kilograms", "Milligrams", "Ounces", "Pounds")
# GET /sales/v2/customertypes (ThunkMetrc bruno Sales/GetCustomerTypes).
CUSTOMER_TYPES = ("Consumer", "Patient", "Caregiver", "ExternalPatient", "NonResidentConsumer")
# GET /plantbatches/v2/types lists Seed and Clone; Colorado adds Genetic Material.
PLANT_BATCH_TYPES = ("Seed", "Clone", "Genetic Material")


def spelled(value: str, known: Iterable[str]) -> str | None:
    """The known spelling of a name given in any case (spaces around it ignored), or None."""
    wanted = value.strip().casefold()
    return next((name for name in known if name.casefold() == wanted), None)


def _any_case(known: Sequence[str]) -> Callable[[Any], Any]:
    def fix(value: Any) -> Any:
        if isinstance(value, str):
            return spelled(value, known) or value.strip()
        return value

    return fix


def _field(known: Sequence[str], what: str) -> Any:
    return Field(
        min_length=1,
        max_length=100,
        description=f"{what} (e.g. {', '.join(known[:5])}).",
        json_schema_extra={"examples": list(known)},
    )


# Known names in any case get Metrc's spelling; another name is passed on (states add their own).
UnitOfMeasure = Annotated[
    str,
    BeforeValidator(_any_case(UNITS_OF_MEASURE)),
    _field(UNITS_OF_MEASURE, "A unit of measure"),
]
UnitOfWeight = Annotated[
    str, BeforeValidator(_any_case(UNITS_OF_WEIGHT)), _field(UNITS_OF_WEIGHT, "A unit of weight")
]
CustomerType = Annotated[
    str, BeforeValidator(_any_case(CUSTOMER_TYPES)), _field(CUSTOMER_TYPES, "A customer type")
]
PlantBatchType = Annotated[
    str,
    BeforeValidator(_any_case(PLANT_BATCH_TYPES)),
    _field(PLANT_BATCH_TYPES, "A plant batch type"),
]


async def listed_name(
    value: str, read: Callable[[], Awaitable[Sequence[Any]]], what: str, lister: str
) -> str:
    """Metrc's spelling of a name from the list Metrc serves (records with a Name, or strings).

    Raises:
        ToolProblem: Metrc's list does not have the name.
    """
    try:
        rows = await read()
    except MetrcError as error:  # the list is unavailable: let Metrc judge the write itself
        logger.warning(
            "could not read Metrc's %s list (%s); sending %r as given", what, error, value
        )
        return value.strip()
    names = [
        str(row.get("Name")) if isinstance(row, Mapping) else str(row)
        for row in rows
        if row is not None
    ]
    found = spelled(value, names)
    if found is None and names:
        raise ToolProblem(
            f"{value!r} is not one of Metrc's {what} for this licence: {', '.join(names)} "
            f"({lister} lists them)."
        )
    return found or value.strip()
