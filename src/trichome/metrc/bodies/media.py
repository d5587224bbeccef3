"""Request bodies for item brands, item files and photos (Metrc v2 `Items`), Retail ID
associations (`RetailId`) and webhook subscriptions (`Webhooks`)."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, field

from trichome.metrc.serialize import MetrcBody


@dataclass(frozen=True, kw_only=True, slots=True)
class ItemBrandCreate(MetrcBody):
    """A new item brand (Items CreateItemBrand: `{Name}`)."""

    name: str


@dataclass(frozen=True, kw_only=True, slots=True)
class ItemBrandUpdate(ItemBrandCreate):
    """An item brand's new name, by Id (Items UpdateItemBrand: `{Id, Name}`)."""

    id: int


@dataclass(frozen=True, kw_only=True, slots=True)
class ItemFileUpload(MetrcBody):
    """A file or image for items (Items UploadFile and UploadImage: `{FileName,
    EncodedImageBase64}`); `from_bytes` encodes the content."""

    file_name: str
    encoded_image_base64: str = field(metadata={"metrc": "EncodedImageBase64"})

    @classmethod
    def from_bytes(cls, file_name: str, content: bytes) -> ItemFileUpload:
        """The upload of `content` under `file_name`, Base64-encoded as Metrc takes it."""
        return cls(file_name=file_name, encoded_image_base64=base64.b64encode(content).decode())


@dataclass(frozen=True, kw_only=True, slots=True)
class RetailIdAssociation(MetrcBody):
    """Retail ID QR codes for one package (RetailId AssociateQrCodes: `{PackageLabel,
    QrUrls}`)."""

    package_label: str
    qr_urls: Sequence[str]


@dataclass(frozen=True, kw_only=True, slots=True)
class WebhookSubscription(MetrcBody):
    """A webhook subscription (Webhooks SetSubscription). Metrc's collection names the fields
    in camelCase and types every one as text, `facilityLicenseNumbers` included."""

    object_type: str = field(metadata={"metrc": "objectType"})
    url: str = field(metadata={"metrc": "url"})
    verb: str = field(metadata={"metrc": "verb"})
    status: str = field(metadata={"metrc": "status"})
    facility_license_numbers: str = field(metadata={"metrc": "facilityLicenseNumbers"})
    user_api_key: str | None = field(default=None, metadata={"metrc": "userApiKey"})
    tpi_api_key: str | None = field(default=None, metadata={"metrc": "tpiApiKey"})
    server_public_key_fingerprint: str | None = field(
        default=None, metadata={"metrc": "serverPublicKeyFingerprint"}
    )
    template: str | None = field(default=None, metadata={"metrc": "template"})
    error_response_json_template: str | None = field(
        default=None, metadata={"metrc": "errorResponseJsonTemplate"}
    )
