"""What `TRICHOME_STORAGE_URL` names when it points at an S3-compatible store: read once
here, where the settings are checked, and by the file store that opens it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from urllib.parse import parse_qs, urlsplit


@dataclass(frozen=True, slots=True)
class S3Location:
    """Where in an S3-compatible store files go: bucket, key prefix, endpoint (None: AWS),
    region and addressing style. Credentials are never part of it: they come from the
    standard AWS chain (`AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, `AWS_PROFILE`, an
    instance or container role), so the URL can be shown and logged."""

    bucket: str
    prefix: str
    endpoint: str | None
    region: str | None
    addressing: Literal["path", "virtual", "auto"]

    @classmethod
    def parse(cls, url: str) -> S3Location:
        """The location an `s3://bucket/prefix?endpoint=...&region=...&addressing=...` URL
        names.

        Raises:
            ValueError: for a URL of another shape, or one carrying credentials (the message
                never repeats them).
        """
        parts = urlsplit(url)
        if parts.scheme != "s3" or not parts.hostname:
            raise ValueError("an S3 storage URL reads s3://bucket/prefix?endpoint=...")
        if "@" in parts.netloc:
            raise ValueError(
                "the storage URL may not carry credentials; set AWS_ACCESS_KEY_ID and "
                "AWS_SECRET_ACCESS_KEY (or AWS_PROFILE, or a role) instead"
            )
        query = {name: values[-1] for name, values in parse_qs(parts.query).items()}
        unknown = sorted(set(query) - {"endpoint", "region", "addressing"})
        if unknown:
            raise ValueError(f"unknown storage URL parameters: {', '.join(unknown)}")
        endpoint = query.get("endpoint")
        if endpoint is not None:
            endpoint_parts = urlsplit(endpoint)
            if endpoint_parts.scheme not in ("http", "https") or not endpoint_parts.hostname:
                raise ValueError("the storage URL's endpoint must be an http(s) address")
            if "@" in endpoint_parts.netloc:
                raise ValueError("the storage URL's endpoint may not carry credentials")
        addressing = query.get("addressing", "path" if endpoint else "auto")
        if addressing not in ("path", "virtual", "auto"):
            raise ValueError("the storage URL's addressing is path, virtual or auto")
        prefix = parts.path.strip("/")
        return cls(
            bucket=parts.hostname,
            prefix=f"{prefix}/" if prefix else "",
            endpoint=endpoint,
            region=query.get("region"),
            addressing=addressing,  # type: ignore[arg-type]
        )
