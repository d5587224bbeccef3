"""Plant tools: growth phases, moves, harvests, destruction, waste.

- `lookup`: finding a licence's plants by label and showing one
- `params`: parameters several tools take
- `read`: the lists by growth phase, and one plant
- `changes`: growth phase, moves, harvests and destruction
- `waste`: plant waste, its reasons and methods
"""

from trichome.metrc.tools.plants.lookup import find_plants, trim_plant, unknown_plants

# Importing a module registers its tools: this order is their order in tools/list.
# isort: off
from trichome.metrc.tools.plants.read import (
    get_plant,
    list_flowering_plants,
    list_inactive_plants,
    list_on_hold_plants,
    list_vegetative_plants,
)
from trichome.metrc.tools.plants.changes import (
    HarvestedPlant,
    change_plants_growth_phase,
    destroy_plants,
    harvest_plants,
    move_plants,
)
from trichome.metrc.tools.plants.waste import (
    list_plant_waste_methods,
    list_plant_waste_reasons,
    record_plant_waste,
)
# isort: on

__all__ = [
    "HarvestedPlant",
    "change_plants_growth_phase",
    "destroy_plants",
    "find_plants",
    "get_plant",
    "harvest_plants",
    "list_flowering_plants",
    "list_inactive_plants",
    "list_on_hold_plants",
    "list_plant_waste_methods",
    "list_plant_waste_reasons",
    "list_vegetative_plants",
    "move_plants",
    "record_plant_waste",
    "trim_plant",
    "unknown_plants",
]
