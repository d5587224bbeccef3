"""BioTrack's own tools, each in the toolset it serves: receiving manifests (transfers) and
destruction, which BioTrack schedules and then does after the state's wait (plants and
packages). The tools both systems share (the skills, list_facilities) live with Metrc's and
run on either connection."""

from trichome.metrc.tools.biotrack.destruction import (
    destroy_scheduled,
    list_destruction_schedule,
    schedule_destruction,
    undo_destruction_schedule,
)
from trichome.metrc.tools.biotrack.manifests import list_manifests_to_receive, receive_manifest

__all__ = [
    "destroy_scheduled",
    "list_destruction_schedule",
    "list_manifests_to_receive",
    "receive_manifest",
    "schedule_destruction",
    "undo_destruction_schedule",
]
