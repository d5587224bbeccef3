"""What the transfer tools share: Metrc's records, transfer types and shipping times."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import Field

Record = dict[str, Any]
TransferType = Literal["Affiliated Transfer", "Unaffiliated Transfer", "Lab Sample Transfer"]
Departure = Annotated[datetime, Field(description="When it leaves (ISO 8601 date-time).")]
Arrival = Annotated[datetime, Field(description="When it is due to arrive (ISO 8601 date-time).")]
