"""Package tools: lists and details, adjustments, new packages, moves, finishing, testing.

- `lookup`: finding a licence's packages by label and showing one (other toolsets use it)
- `shapes`: the shapes of the results
- `read`: the lists, one package, the adjustment history and its reasons
- `write`: new packages, adjustments, moves, finishing, remediation and lab samples
- `write_marks`: notes, flags, shelf-life dates and discontinuing
- `read_shipments`: lab samples made, packages shipped, a package's source harvests
- `write_details`: a counted quantity, decontamination, external id, item, required lab tests,
  and plantings from a package
- `retail_id`: Retail ID QR codes on a package's units, and the facility's quota
- `retail_id_lookup`: the package a scanned QR code is on, and tags staged with QR codes
"""

from trichome.metrc.tools.packages.lookup import (
    find_package,
    find_packages,
    trim_package,
    unknown_packages,
)
from trichome.metrc.tools.packages.read import (
    get_package,
    list_active_packages,
    list_in_transit_packages,
    list_inactive_packages,
    list_on_hold_packages,
    list_package_adjustment_reasons,
    list_package_adjustments,
    list_package_types,
)
from trichome.metrc.tools.packages.read_shipments import (
    get_package_source_harvests,
    list_package_lab_samples,
    list_shipped_packages,
)
from trichome.metrc.tools.packages.retail_id import (
    associate_retail_ids,
    generate_retail_ids,
    get_package_retail_ids,
    get_retail_id_allotment,
    get_retail_id_packages_info,
    merge_retail_id_packages,
)
from trichome.metrc.tools.packages.retail_id_lookup import (
    get_package_by_qr_code,
    list_staged_tags,
)
from trichome.metrc.tools.packages.write import (
    Ingredient,
    adjust_package,
    create_package,
    finish_packages,
    move_packages,
    remediate_packages,
    submit_package_for_testing,
    unfinish_packages,
)
from trichome.metrc.tools.packages.write_details import (
    change_package_item,
    decontaminate_packages,
    plant_batch_from_package,
    set_package_external_id,
    set_package_quantity,
    set_package_required_lab_tests,
)
from trichome.metrc.tools.packages.write_marks import (
    discontinue_package,
    flag_packages,
    set_package_note,
    set_package_shelf_life_dates,
)

__all__ = [
    "Ingredient",
    "adjust_package",
    "associate_retail_ids",
    "change_package_item",
    "create_package",
    "decontaminate_packages",
    "discontinue_package",
    "find_package",
    "find_packages",
    "finish_packages",
    "flag_packages",
    "generate_retail_ids",
    "get_package",
    "get_package_by_qr_code",
    "get_package_retail_ids",
    "get_package_source_harvests",
    "get_retail_id_allotment",
    "get_retail_id_packages_info",
    "list_active_packages",
    "list_in_transit_packages",
    "list_inactive_packages",
    "list_on_hold_packages",
    "list_package_adjustment_reasons",
    "list_package_adjustments",
    "list_package_lab_samples",
    "list_package_types",
    "list_shipped_packages",
    "list_staged_tags",
    "merge_retail_id_packages",
    "move_packages",
    "plant_batch_from_package",
    "remediate_packages",
    "set_package_external_id",
    "set_package_note",
    "set_package_quantity",
    "set_package_required_lab_tests",
    "set_package_shelf_life_dates",
    "submit_package_for_testing",
    "trim_package",
    "unfinish_packages",
    "unknown_packages",
]
