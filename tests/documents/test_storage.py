"""The file stores behind one interface (local disk, and an S3-compatible store reached over
HTTP: moto's server), and the storage URL that chooses between them, which can never carry
a credential into the settings or their errors."""

from __future__ import annotations

from pathlib import Path

import pydantic
import pytest

from tests.support.s3server import BUCKET, CREDENTIALS, free_port
from trichome.config import Settings
from trichome.config.storage_url import S3Location
from trichome.documents.errors import StoreUnavailable
from trichome.documents.storage import FileStore, LocalFileStore, open_file_store


def test_an_s3_url_names_bucket_prefix_endpoint_and_region() -> None:
    location = S3Location.parse(
        "s3://docs/tenant/files/?endpoint=http://127.0.0.1:9000&region=eu-west-1"
    )
    assert location == S3Location(
        bucket="docs",
        prefix="tenant/files/",
        endpoint="http://127.0.0.1:9000",
        region="eu-west-1",
        addressing="path",
    )
    aws = S3Location.parse("s3://docs")
    assert (aws.prefix, aws.endpoint, aws.addressing) == ("", None, "auto")


@pytest.mark.parametrize(
    "url",
    [
        "s3://AKIAEXAMPLE:hunter2secret@docs/p",
        "s3://docs/p?endpoint=http://AKIAEXAMPLE:hunter2secret@127.0.0.1:9000",
    ],
)
def test_credentials_in_the_url_are_refused_without_being_repeated(url: str) -> None:
    with pytest.raises(pydantic.ValidationError) as refused:
        Settings(storage_url=url)
    assert "credentials" in str(refused.value)
    assert "hunter2secret" not in str(refused.value)


@pytest.mark.parametrize(
    "url", ["s3:///nobucket", "s3://docs?endpoint=ftp://host", "s3://docs?token=x", "gs://docs"]
)
def test_other_shapes_are_refused(url: str) -> None:
    with pytest.raises(pydantic.ValidationError):
        Settings(storage_url=url)


@pytest.fixture(params=["local", "s3"])
def store(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> FileStore:
    if request.param == "local":
        return open_file_store(None, tmp_path)
    for name, value in CREDENTIALS.items():
        monkeypatch.setenv(name, value)
    endpoint = request.getfixturevalue("s3_endpoint")
    return open_file_store(
        f"s3://{BUCKET}/store-test-{tmp_path.name}?endpoint={endpoint}", tmp_path
    )


def test_put_get_delete(store: FileStore) -> None:
    store.put("org_1/file_a", b"%PDF-1.7 bytes")
    assert store.get("org_1/file_a") == b"%PDF-1.7 bytes"
    store.delete("org_1/file_a")
    store.delete("org_1/file_a")  # deleting what is gone is not an error
    with pytest.raises(FileNotFoundError):
        store.get("org_1/file_a")
    with pytest.raises(ValueError):
        store.put("../etc/passwd", b"x")
    store.close()


def test_a_store_that_is_down_raises_store_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in CREDENTIALS.items():
        monkeypatch.setenv(name, value)
    dead = open_file_store(f"s3://{BUCKET}?endpoint=http://127.0.0.1:{free_port()}", tmp_path)
    (tmp_path / "blocked").write_text("a file where the folder should be")
    for store in (dead, LocalFileStore(tmp_path / "blocked")):
        with pytest.raises(StoreUnavailable):
            store.put("org_1/file_a", b"x")
        with pytest.raises(StoreUnavailable):
            store.get("org_1/file_a")
        with pytest.raises(StoreUnavailable):
            store.delete("org_1/file_a")
        store.close()
