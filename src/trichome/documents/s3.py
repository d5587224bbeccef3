"""The S3-compatible file store, through boto3 (AWS's own SDK) called from worker threads as
the local store is: one client per process (boto3 clients are thread-safe), short
timeouts and few retries so that a store that is down answers 503 quickly."""

from __future__ import annotations

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from trichome.config.storage_url import S3Location
from trichome.documents.errors import StoreUnavailable
from trichome.documents.storage import SAFE_KEY, checked_key

_MISSING = {"NoSuchKey", "404", "NotFound"}


def _unavailable(action: str, error: Exception) -> StoreUnavailable:
    # Only the error's kind or code: never the request, its headers or its signature.
    if isinstance(error, ClientError):
        reason = str(error.response.get("Error", {}).get("Code", "error"))
    else:
        reason = type(error).__name__
    return StoreUnavailable(f"the object store could not {action} ({reason})")


class S3FileStore:
    """Files as objects `{prefix}{organisation id}/{file id}` in one bucket."""

    def __init__(self, location: S3Location, *, timeout: float = 10.0) -> None:
        self.location = location
        self._client = boto3.session.Session().client(
            "s3",
            endpoint_url=location.endpoint,
            region_name=location.region,
            config=Config(
                connect_timeout=min(timeout, 5.0),
                read_timeout=timeout,
                retries={"max_attempts": 2, "mode": "standard"},
                s3={"addressing_style": location.addressing},
            ),
        )

    def _object_key(self, key: str) -> str:
        return self.location.prefix + checked_key(key)

    def put(self, key: str, content: bytes) -> None:
        """Store bytes under a key (an S3 PUT is all or nothing: no partial object is ever
        visible).

        Raises:
            StoreUnavailable: the store could not be reached or refused the object.
        """
        try:
            self._client.put_object(
                Bucket=self.location.bucket, Key=self._object_key(key), Body=content
            )
        except (BotoCoreError, ClientError) as error:
            raise _unavailable("store the file", error) from None

    def get(self, key: str) -> bytes:
        """The bytes stored under a key.

        Raises:
            FileNotFoundError: when nothing is stored under it.
            StoreUnavailable: the store could not be reached.
        """
        try:
            response = self._client.get_object(
                Bucket=self.location.bucket, Key=self._object_key(key)
            )
            body = response["Body"]
            try:
                content: bytes = body.read()
            finally:
                body.close()
        except ClientError as error:
            if str(error.response.get("Error", {}).get("Code")) in _MISSING:
                raise FileNotFoundError(key) from None
            raise _unavailable("read the file", error) from None
        except BotoCoreError as error:
            raise _unavailable("read the file", error) from None
        return content

    def delete(self, key: str) -> None:
        """Remove a key's object; S3 answers a deletion of what is not there as a success.

        Raises:
            StoreUnavailable: the store could not be reached.
        """
        try:
            self._client.delete_object(Bucket=self.location.bucket, Key=self._object_key(key))
        except (BotoCoreError, ClientError) as error:
            raise _unavailable("delete the file", error) from None

    def list_keys(self, after: str, limit: int) -> list[str]:
        """Up to `limit` keys after `after`, in order (S3 lists keys in UTF-8 byte order,
        which is ours: keys are ASCII).

        Raises:
            StoreUnavailable: the store could not be reached.
        """
        prefix = self.location.prefix
        try:
            listed = self._client.list_objects_v2(
                Bucket=self.location.bucket,
                Prefix=prefix,
                StartAfter=prefix + after if after else prefix,
                MaxKeys=limit,
            )
        except (BotoCoreError, ClientError) as error:
            raise _unavailable("list the files", error) from None
        keys = [str(item["Key"])[len(prefix) :] for item in listed.get("Contents", [])]
        return [key for key in keys if SAFE_KEY.match(key)]

    def close(self) -> None:
        """Close the client's connection pool."""
        self._client.close()
