"""`MetrcClient`: the async Metrc v2 client with a named method per endpoint the tools use.

The generic layer (get, list, post, put, delete), authentication, per-facility limits, retries,
paging, 24-hour windows and chunked writes live in `MetrcBaseClient`; each endpoint area adds
its named methods in `trichome.metrc.endpoints`.
"""

from __future__ import annotations

from trichome.metrc.endpoints.additives import AdditivesTemplatesApi
from trichome.metrc.endpoints.catalogue import CatalogueApi
from trichome.metrc.endpoints.checkins import PatientCheckInsApi
from trichome.metrc.endpoints.connect import ConnectApi
from trichome.metrc.endpoints.cultivation_additives import CultivationAdditivesApi
from trichome.metrc.endpoints.deliveries import DeliveriesApi
from trichome.metrc.endpoints.facilities import FacilitiesApi
from trichome.metrc.endpoints.harvests import HarvestsApi
from trichome.metrc.endpoints.item_media import ItemMediaApi
from trichome.metrc.endpoints.labtests import LabTestsApi
from trichome.metrc.endpoints.package_changes import PackageChangesApi
from trichome.metrc.endpoints.packages import PackagesApi
from trichome.metrc.endpoints.patients import PatientsApi
from trichome.metrc.endpoints.plant_changes import PlantChangesApi
from trichome.metrc.endpoints.plant_records import PlantRecordsApi
from trichome.metrc.endpoints.plantbatch_changes import PlantBatchChangesApi
from trichome.metrc.endpoints.plantbatches import PlantBatchesApi
from trichome.metrc.endpoints.plants import PlantsApi
from trichome.metrc.endpoints.processing import ProcessingApi
from trichome.metrc.endpoints.processing_changes import ProcessingChangesApi
from trichome.metrc.endpoints.retail_id import RetailIdApi
from trichome.metrc.endpoints.retailer import RetailerDeliveriesApi
from trichome.metrc.endpoints.sales import SalesApi
from trichome.metrc.endpoints.sublocations import SublocationsApi
from trichome.metrc.endpoints.transfer_changes import TransferChangesApi
from trichome.metrc.endpoints.transfer_details import TransferDetailsApi
from trichome.metrc.endpoints.transfers import TransfersApi
from trichome.metrc.endpoints.transporters import TransportersApi


class MetrcClient(
    FacilitiesApi,
    SublocationsApi,
    CatalogueApi,
    ItemMediaApi,
    PlantsApi,
    PlantRecordsApi,
    PlantChangesApi,
    CultivationAdditivesApi,
    AdditivesTemplatesApi,
    PlantBatchesApi,
    PlantBatchChangesApi,
    HarvestsApi,
    PackagesApi,
    PackageChangesApi,
    RetailIdApi,
    LabTestsApi,
    TransfersApi,
    TransferDetailsApi,
    TransferChangesApi,
    TransportersApi,
    SalesApi,
    DeliveriesApi,
    RetailerDeliveriesApi,
    PatientsApi,
    PatientCheckInsApi,
    ProcessingApi,
    ProcessingChangesApi,
    ConnectApi,
):
    """Async Metrc v2 client for one base URL; use `async with` or call `aclose()`.

    Give `base_url` (any server, e.g. the local sandbox) or `state` (with `sandbox=True` for
    Metrc's sandbox). Credentials may be set here or passed to each call, so many tenants can
    share one client; requests are capped per licence.
    """
