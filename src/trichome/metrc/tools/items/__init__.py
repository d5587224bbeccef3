"""Item tools: the products packages hold, the state's item categories, item brands, files
and photos.

- `lookup`: finding an item by name or Id
- `read`: the lists, one item and the item categories
- `write`: new items and corrections
- `brands`: the brands items are sold under
- `media`: the files and photos items show (upload, read)
"""

from trichome.metrc.tools.items.brands import (
    archive_item_brand,
    create_item_brand,
    list_item_brands,
    rename_item_brand,
)
from trichome.metrc.tools.items.lookup import find_item
from trichome.metrc.tools.items.media import get_item_media, upload_item_media
from trichome.metrc.tools.items.read import (
    get_item,
    list_active_items,
    list_inactive_items,
    list_item_categories,
)
from trichome.metrc.tools.items.write import archive_item, create_item, update_item

__all__ = [
    "archive_item",
    "archive_item_brand",
    "create_item",
    "create_item_brand",
    "find_item",
    "get_item",
    "get_item_media",
    "list_active_items",
    "list_inactive_items",
    "list_item_brands",
    "list_item_categories",
    "rename_item_brand",
    "update_item",
    "upload_item_media",
]
