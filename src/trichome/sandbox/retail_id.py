"""Retail ID in the sandbox: the QR codes a package's units carry (Metrc v2 `RetailId`).

One record per package that has any (kind `retailid`, labelled with the package's tag):
its QR code URLs (`Eaches`), the issuances that generated them and their serial ranges.
Shapes follow Metrc's documented answers (ThunkMetrc bruno RetailId/*.bru); the QR code
URLs are the sandbox's own (`https://id.sandbox.test/<short code>`), never Metrc's.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from trichome.sandbox.store import Record, iso

KIND = "retailid"
HOST = "id.sandbox.test"
# The quota Metrc's GetFacilityRetailItemIDAllotment example shows; generating draws on it.
ALLOTMENT = 50_000
_CODE_CHARACTERS = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
LABEL_SOURCE = "RetailId"


def short_code(url: str) -> str:
    """A QR code URL's short code: the first segment of its path (with or without a scheme)."""
    parts = urlsplit(url if "://" in url else f"https://{url}")
    return parts.path.strip("/").split("/", 1)[0]


def new_codes(count: int) -> list[str]:
    """`count` fresh QR code URLs."""
    return [
        f"https://{HOST}/" + "".join(secrets.choice(_CODE_CHARACTERS) for _ in range(13))
        for _ in range(count)
    ]


def empty(license_number: str, label: str) -> Record:
    """A package's Retail ID record before any QR code."""
    return Record(
        license_number,
        KIND,
        "active",
        {"Eaches": [], "Issuances": [], "Ranges": [], "SiblingTags": []},
        label=label,
    )


def issue(record: Record, quantity: int, now: datetime) -> dict[str, Any]:
    """Generate `quantity` QR codes for the package; GenerateQrCodeFromPackage's answer
    without the fields that need the package (`CoaBl`, `StackBl`)."""
    data = record.data
    codes = new_codes(quantity)
    first = sum(issuance["LabelQuantity"] for issuance in data["Issuances"]) + 1
    span = [first, first + quantity - 1]
    issuance_id = secrets.token_hex(12)
    data["Issuances"].append(
        {
            "LabelSet": len(data["Issuances"]),
            "LabelQuantity": quantity,
            "CreatedAt": iso(now),
            "IssuanceId": issuance_id,
        }
    )
    data["Ranges"].append(span)
    data["Eaches"].extend(codes)
    return {
        "IssuanceId": issuance_id,
        "Manifest": {"Qrs": [url.split("://", 1)[1] for url in codes], "Ranges": [span]},
        "Url": f"https://{HOST}/g/{issuance_id}",
    }


def info(label: str, record: Record | None, balance: float) -> dict[str, Any]:
    """A package's entry of PackagesInfo (`{Tag, QrCount, EstimatedBalance, SiblingCount,
    IssuanceId, Issuances, HasQrs, RequiresVerification}`); the balance is the package's
    count of units left, at most its QR codes."""
    data = record.data if record is not None else {}
    eaches = data.get("Eaches") or []
    issuances = data.get("Issuances") or []
    return {
        "Tag": label,
        "QrCount": len(eaches),
        "EstimatedBalance": min(len(eaches), max(0, int(balance))),
        "SiblingCount": len(data.get("SiblingTags") or []),
        "IssuanceId": issuances[-1]["IssuanceId"] if issuances else None,
        "Issuances": [
            {key: issuance[key] for key in ("LabelSet", "LabelQuantity", "CreatedAt")}
            for issuance in issuances
        ]
        or None,
        "HasQrs": bool(eaches),
        "RequiresVerification": False,
    }


def received(label: str, record: Record | None) -> dict[str, Any]:
    """ReceiveQrCodesPackageLabel's and ReceiveQrCodesShortCode's answer (`{Eaches,
    SiblingTags, RequiresVerification, Ranges, QrCount, ChildTag, LabelSource}`)."""
    data = record.data if record is not None else {}
    eaches = list(data.get("Eaches") or [])
    return {
        "Eaches": [url.split("://", 1)[-1] for url in eaches],
        "SiblingTags": list(data.get("SiblingTags") or []),
        "RequiresVerification": False,
        "Ranges": list(data.get("Ranges") or []),
        "QrCount": len(eaches),
        "ChildTag": label,
        "LabelSource": LABEL_SOURCE,
    }


def staged_tag(tag: Record, record: Record) -> dict[str, Any]:
    """A package tag staged with QR codes before its package exists, as GetStagedTags lists
    it (ThunkMetrc bruno Tags/GetStagedTags): the tag's fields, whether it is used, and its
    product label (the QR codes generated for it)."""
    eaches = record.data.get("Eaches") or []
    issuances = record.data.get("Issuances") or []
    return {
        "Id": tag.id,
        "TagTypeName": tag.data.get("TagTypeName"),
        "TagTypeId": tag.data.get("TagTypeId"),
        "TagInventoryTypeName": tag.data.get("TagInventoryTypeName"),
        "MaxGroupSize": tag.data.get("MaxGroupSize", 0),
        "FacilityId": tag.data.get("FacilityId", 0),
        "Label": tag.label,
        "StatusName": None,
        "CommissionedDateTime": None,
        "IsUsed": tag.state == "used",
        "UsedDateTime": None,
        "ProductLabel": {
            "QrCount": len(eaches),
            "IsChildFromParentWithLabel": False,
            "OriginalSourcePackageId": None,
            "OriginalSourcePackageLabel": None,
            "LabelSource": LABEL_SOURCE,
            "QrCodeRanges": list(record.data.get("Ranges") or []),
            "LastLabelGenerationDate": issuances[-1]["CreatedAt"] if issuances else None,
            "IsActive": True,
        },
        "DetachedDateTime": None,
        "IsArchived": False,
        "LastModified": iso(record.last_modified),
        "IsStaged": True,
        "QrCount": len(eaches),
    }
