"""Plant batch tools: plantings, growth phase, waste, destruction.

- `lookup`: finding a licence's plant batches by name and showing one
- `shapes`: the shapes of the results
- `read`: the lists, one batch and the batch types
- `changes`: planting, growth phase and moves
- `waste`: waste, its reasons, and destroying plants
- `reshape`: renaming, splitting, count and strain corrections, packaging plants
- `tags`: a new group tag on a batch
"""

from trichome.metrc.tools.plant_batches.lookup import find_batch, trim_batch

# Importing a module registers its tools: this order is their order in tools/list.
# isort: off
from trichome.metrc.tools.plant_batches.read import (
    get_plant_batch,
    list_active_plant_batches,
    list_inactive_plant_batches,
    list_plant_batch_types,
)
from trichome.metrc.tools.plant_batches.changes import (
    change_plant_batch_growth_phase,
    create_plant_batch,
    move_plant_batch,
)
from trichome.metrc.tools.plant_batches.waste import (
    destroy_plant_batch_plants,
    list_plant_batch_waste,
    list_plant_batch_waste_reasons,
    record_plant_batch_waste,
)
from trichome.metrc.tools.plant_batches.reshape import (
    adjust_plant_batch,
    change_plant_batch_strain,
    package_plant_batch,
    rename_plant_batch,
    split_plant_batch,
)
from trichome.metrc.tools.plant_batches.tags import replace_plant_batch_tag
# isort: on

__all__ = [
    "adjust_plant_batch",
    "change_plant_batch_growth_phase",
    "change_plant_batch_strain",
    "create_plant_batch",
    "destroy_plant_batch_plants",
    "find_batch",
    "get_plant_batch",
    "list_active_plant_batches",
    "list_inactive_plant_batches",
    "list_plant_batch_types",
    "list_plant_batch_waste",
    "list_plant_batch_waste_reasons",
    "move_plant_batch",
    "package_plant_batch",
    "record_plant_batch_waste",
    "rename_plant_batch",
    "replace_plant_batch_tag",
    "split_plant_batch",
    "trim_batch",
]
