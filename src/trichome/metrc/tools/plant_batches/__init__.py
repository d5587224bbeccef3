"""Plant batch tools: plantings, growth phase, waste, destruction.

- `lookup`: finding a licence's plant batches by name and showing one
- `shapes`: the shapes of the results
- `read`: the lists, one batch and the batch types
- `changes`: planting, growth phase and moves
- `waste`: waste, its reasons, and destroying plants
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
# isort: on

__all__ = [
    "change_plant_batch_growth_phase",
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
    "record_plant_batch_waste",
    "trim_batch",
]
