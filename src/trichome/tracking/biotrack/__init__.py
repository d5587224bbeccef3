"""BioTrack (BioTrackTHC) beside Metrc: a client for its legacy action API and the mapping
of its records into our track-and-trace model (docs/biotrack.md describes the API)."""

from trichome.tracking.biotrack.client import BioTrackClient
from trichome.tracking.biotrack.connection import WriteResult
from trichome.tracking.biotrack.cursors import (
    CursorStore,
    MemoryCursorStore,
    SyncPage,
    TableCheck,
    TransactionCursor,
)
from trichome.tracking.biotrack.errors import (
    BioTrackConnectionError,
    BioTrackError,
    BioTrackInputError,
    BioTrackLoginError,
    BioTrackPermissionDenied,
    BioTrackRejected,
    BioTrackServerError,
    BioTrackSessionExpired,
)
from trichome.tracking.biotrack.sessions import BioTrackCredentials
from trichome.tracking.biotrack.states import STATES, BioTrackState
from trichome.tracking.biotrack.transport import Retry
from trichome.tracking.biotrack.waste import InventoryDestruction
from trichome.tracking.biotrack.writes import Item, ManifestStop, Removal, Weight

__all__ = [
    "STATES",
    "BioTrackClient",
    "BioTrackConnectionError",
    "BioTrackCredentials",
    "BioTrackError",
    "BioTrackInputError",
    "BioTrackLoginError",
    "BioTrackPermissionDenied",
    "BioTrackRejected",
    "BioTrackServerError",
    "BioTrackSessionExpired",
    "BioTrackState",
    "CursorStore",
    "InventoryDestruction",
    "Item",
    "ManifestStop",
    "MemoryCursorStore",
    "Removal",
    "Retry",
    "SyncPage",
    "TableCheck",
    "TransactionCursor",
    "Weight",
    "WriteResult",
]
