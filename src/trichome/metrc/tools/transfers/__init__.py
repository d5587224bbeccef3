"""Transfer tools: manifests in and out, deliveries and their packages, templates, external
incoming manifests and transfer types.

Metrc's API creates licensed outgoing transfers only as templates; the licensee turns a
template into a manifest in Metrc's web app, and recipients receive there too.

- `manifests`: the lists of manifests, a manifest's deliveries and a delivery's packages
- `trips`: a delivery's transporters, the shipments a facility carries, hub legs
- `paperwork`: a manifest's printed text, a delivery's required lab tests
- `manifest_file`: a manifest as Metrc's PDF
- `templates`: outgoing transfer templates
- `external`: transfer types and manifests from shippers outside Metrc
- `template_changes`: a template's deliveries, template updates, voiding external manifests
- `external_changes`: correcting an external manifest before it is received
- `transporters`: the facility's drivers and vehicles
- `common`: what they share
"""

# Importing a module registers its tools: this order is their order in tools/list.
# isort: off
from trichome.metrc.tools.transfers.manifests import (
    list_delivery_packages,
    list_incoming_transfers,
    list_outgoing_transfers,
    list_rejected_transfers,
    list_transfer_deliveries,
)
from trichome.metrc.tools.transfers.trips import (
    get_delivery_transporters,
    list_transfer_hub,
    record_transfer_hub_leg,
)
from trichome.metrc.tools.transfers.paperwork import (
    get_transfer_manifest,
    list_required_lab_tests,
)
from trichome.metrc.tools.transfers.manifest_file import get_transfer_manifest_pdf
from trichome.metrc.tools.transfers.templates import (
    TemplatePackage,
    create_transfer_template,
    delete_transfer_template,
    list_transfer_templates,
)
from trichome.metrc.tools.transfers.external import (
    ExternalPackage,
    create_external_incoming_transfer,
    list_delivery_package_states,
    list_transfer_types,
)
from trichome.metrc.tools.transfers.template_changes import (
    get_transfer_template_deliveries,
    update_transfer_template,
    void_external_incoming_transfer,
)
from trichome.metrc.tools.transfers.external_changes import (
    PackageCorrection,
    update_external_incoming_transfer,
)
from trichome.metrc.tools.transfers.transporters import (
    archive_driver,
    archive_vehicle,
    create_driver,
    create_vehicle,
    list_drivers,
    list_vehicles,
    update_driver,
    update_vehicle,
)
# isort: on

__all__ = [
    "ExternalPackage",
    "PackageCorrection",
    "TemplatePackage",
    "archive_driver",
    "archive_vehicle",
    "create_driver",
    "create_external_incoming_transfer",
    "create_transfer_template",
    "create_vehicle",
    "delete_transfer_template",
    "get_delivery_transporters",
    "get_transfer_manifest",
    "get_transfer_manifest_pdf",
    "get_transfer_template_deliveries",
    "list_delivery_package_states",
    "list_delivery_packages",
    "list_drivers",
    "list_incoming_transfers",
    "list_outgoing_transfers",
    "list_rejected_transfers",
    "list_required_lab_tests",
    "list_transfer_deliveries",
    "list_transfer_hub",
    "list_transfer_templates",
    "list_transfer_types",
    "list_vehicles",
    "record_transfer_hub_leg",
    "update_driver",
    "update_external_incoming_transfer",
    "update_transfer_template",
    "update_vehicle",
    "void_external_incoming_transfer",
]
