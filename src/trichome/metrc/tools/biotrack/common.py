"""What BioTrack's tools share: barcodes as parameters, and a write's answer as a result."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.tracking.biotrack import WriteResult

Barcode = Annotated[
    str,
    Field(
        pattern=r"^\d{16}$",
        description="A BioTrack identifier: the 16-digit barcode of a plant, lot or manifest.",
    ),
]
Barcodes = Annotated[
    list[Annotated[str, Field(pattern=r"^\d{16}$")]],
    Field(
        min_length=1,
        max_length=100,
        description="16-digit BioTrack barcodes (1-100).",
    ),
]


def biotrack_written(result: WriteResult, did: str) -> dict[str, Any]:
    """A BioTrack write as the tools' `Written` result: the barcodes BioTrack issued (or
    else its transaction id) and a sentence saying what was done."""
    ids: list[int | str] = list(result.barcodes)
    if not ids and result.transaction_id is not None:
        ids = [result.transaction_id]
    return {"ok": True, "message": did, "ids": ids, "warnings": None}
