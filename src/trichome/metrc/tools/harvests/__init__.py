"""Harvest tools: lists, packages from harvests, waste, finishing.

- `lookup`: finding a licence's harvests by name or Id and showing one
- `shapes`: the shapes of the results
- `read`: the lists and one harvest
- `packaging`: packages filled from a harvest
- `waste`: harvest waste and its types
- `lifecycle`: moving, renaming, finishing and reopening harvests
- `restore`: plants harvested by mistake put back to flowering
"""

from trichome.metrc.tools.harvests.lookup import find_harvest, find_harvests, trim_harvest

# Importing a module registers its tools: this order is their order in tools/list.
# isort: off
from trichome.metrc.tools.harvests.read import (
    get_harvest,
    list_active_harvests,
    list_inactive_harvests,
    list_on_hold_harvests,
)
from trichome.metrc.tools.harvests.packaging import NewPackage, create_harvest_packages
from trichome.metrc.tools.harvests.waste import (
    delete_harvest_waste,
    list_harvest_waste,
    list_harvest_waste_types,
    record_harvest_waste,
)
from trichome.metrc.tools.harvests.lifecycle import (
    finish_harvests,
    move_harvest,
    rename_harvest,
    unfinish_harvests,
)
from trichome.metrc.tools.harvests.restore import restore_harvested_plants
# isort: on

__all__ = [
    "NewPackage",
    "create_harvest_packages",
    "delete_harvest_waste",
    "find_harvest",
    "find_harvests",
    "finish_harvests",
    "get_harvest",
    "list_active_harvests",
    "list_harvest_waste",
    "list_harvest_waste_types",
    "list_inactive_harvests",
    "list_on_hold_harvests",
    "move_harvest",
    "record_harvest_waste",
    "rename_harvest",
    "restore_harvested_plants",
    "trim_harvest",
    "unfinish_harvests",
]
