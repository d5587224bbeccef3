"""Facility tools: the licences, their employees, locations and sublocations, units, waste
methods and tags.

- `facility`: licences, employees, locations, units of measure, waste methods and tags
- `sublocations`: the named places inside locations (list, create, rename, archive)
"""

from trichome.metrc.tools.facilities.facility import (
    create_location,
    list_available_package_tags,
    list_available_plant_tags,
    list_employees,
    list_facilities,
    list_location_types,
    list_locations,
    list_units_of_measure,
    list_waste_methods,
)
from trichome.metrc.tools.facilities.sublocations import (
    archive_sublocation,
    create_sublocation,
    list_sublocations,
    rename_sublocation,
)

__all__ = [
    "archive_sublocation",
    "create_location",
    "create_sublocation",
    "list_available_package_tags",
    "list_available_plant_tags",
    "list_employees",
    "list_facilities",
    "list_location_types",
    "list_locations",
    "list_sublocations",
    "list_units_of_measure",
    "list_waste_methods",
    "rename_sublocation",
]
