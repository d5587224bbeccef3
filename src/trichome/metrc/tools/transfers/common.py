"""What the transfer tools share: Metrc's records, transfer types and shipping times."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import Field

Record = dict[str, Any]
# Each state names its own transfer types (GET /transfers/v2/types): any case, checked there.
TransferType = Annotated[str, Field(min_length=1, max_length=100)]
Departure = Annotated[datetime, Field(description="When it leaves (ISO 8601 date-time).")]
Arrival = Annotated[datetime, Field(description="When it is due to arrive (ISO 8601 date-time).")]
