"""Plant tools: growth phases, moves, harvests, destruction, waste.

- `lookup`: finding a licence's plants by label and showing one
- `params`: parameters several tools take
- `read`: the lists by growth phase, and one plant
- `changes`: growth phase, moves, harvests and destruction
- `waste`: plant waste, its reasons and methods
- `waste_records`: one plant waste record's plants and packages
- `groups`: tags, strain, merges and splits, manicures, clones taken from a plant
- `additives`: additives applied to plants, locations and batches
- `additives_templates`: saved additive products, and the additive types
"""

from trichome.metrc.tools.plants.lookup import find_plants, trim_plant, unknown_plants

# Importing a module registers its tools: this order is their order in tools/list.
# isort: off
from trichome.metrc.tools.plants.read import (
    get_plant,
    list_flowering_plants,
    list_inactive_plants,
    list_mother_plants,
    list_on_hold_plants,
    list_plant_growth_phases,
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
from trichome.metrc.tools.plants.waste_records import get_plant_waste
from trichome.metrc.tools.plants.groups import (
    change_plants_strain,
    manicure_plants,
    merge_plants,
    package_clones_from_plant,
    replace_plant_tag,
    split_plants,
    start_batch_from_plant,
)
from trichome.metrc.tools.plants.additives import list_plant_additives, record_additive
from trichome.metrc.tools.plants.additives_templates import (
    create_additives_template,
    get_additives_template,
    list_additive_types,
    list_additives_templates,
    update_additives_template,
)
# isort: on

__all__ = [
    "HarvestedPlant",
    "change_plants_growth_phase",
    "change_plants_strain",
    "create_additives_template",
    "destroy_plants",
    "find_plants",
    "get_additives_template",
    "get_plant",
    "get_plant_waste",
    "harvest_plants",
    "list_additive_types",
    "list_additives_templates",
    "list_flowering_plants",
    "list_inactive_plants",
    "list_mother_plants",
    "list_on_hold_plants",
    "list_plant_additives",
    "list_plant_growth_phases",
    "list_plant_waste_methods",
    "list_plant_waste_reasons",
    "list_vegetative_plants",
    "manicure_plants",
    "merge_plants",
    "move_plants",
    "package_clones_from_plant",
    "record_additive",
    "record_plant_waste",
    "replace_plant_tag",
    "split_plants",
    "start_batch_from_plant",
    "trim_plant",
    "unknown_plants",
    "update_additives_template",
]
