"""Facility tools: the licences, their employees, locations and sublocations, units, waste
methods and tags, and webhook subscriptions.

- `facility`: licences, employees, locations, units of measure, waste methods and tags
- `locations`: renaming, retyping and archiving a location
- `lookups`: an employee's permissions, one sublocation by Id, retired units of measure
- `sublocations`: the named places inside locations (list, create, rename, archive)
- `webhooks`: where Metrc sends a licence's changes (list, subscribe, pause, delete)
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
from trichome.metrc.tools.facilities.locations import (
    archive_location,
    list_inactive_locations,
    update_location,
)
from trichome.metrc.tools.facilities.lookups import (
    get_employee_permissions,
    get_sublocation,
    list_inactive_units_of_measure,
)
from trichome.metrc.tools.facilities.sublocations import (
    archive_sublocation,
    create_sublocation,
    list_sublocations,
    rename_sublocation,
)
from trichome.metrc.tools.facilities.webhooks import (
    delete_webhook_subscription,
    list_webhook_subscriptions,
    set_webhook_subscription_active,
    subscribe_webhook,
)

__all__ = [
    "archive_location",
    "archive_sublocation",
    "create_location",
    "create_sublocation",
    "delete_webhook_subscription",
    "get_employee_permissions",
    "get_sublocation",
    "list_available_package_tags",
    "list_available_plant_tags",
    "list_employees",
    "list_facilities",
    "list_inactive_locations",
    "list_inactive_units_of_measure",
    "list_location_types",
    "list_locations",
    "list_sublocations",
    "list_units_of_measure",
    "list_waste_methods",
    "list_webhook_subscriptions",
    "rename_sublocation",
    "set_webhook_subscription_active",
    "subscribe_webhook",
    "update_location",
]
