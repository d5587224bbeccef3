"""Item tools: the products packages hold, and the state's item categories.

- `lookup`: finding an item by name or Id
- `read`: the lists, one item and the item categories
- `write`: new items and corrections
"""

from trichome.metrc.tools.items.lookup import find_item
from trichome.metrc.tools.items.read import (
    get_item,
    list_active_items,
    list_inactive_items,
    list_item_categories,
)
from trichome.metrc.tools.items.write import create_item, update_item

__all__ = [
    "create_item",
    "find_item",
    "get_item",
    "list_active_items",
    "list_inactive_items",
    "list_item_categories",
    "update_item",
]
