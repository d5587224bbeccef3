"""Item brands, and the files and photos items show (Metrc v2 `Items`: GetItemBrands,
CreateItemBrand, UpdateItemBrand, ArchiveItemBrand, UploadFile, GetFileById, UploadImage,
GetImageById)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.media import ItemBrandCreate, ItemBrandUpdate, ItemFileUpload
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.writes import WriteResult

Record = dict[str, Any]


class ItemMediaApi(MetrcBaseClient):
    """Item brands (list, create, rename, archive) and item files and photos (upload, read)."""

    async def item_brands(
        self,
        license_number: str,
        *,
        page_size: int | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> list[Record]:
        """The facility's active item brands (`{Id, Name, Status}`); GetItemBrands.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.list(
            "/items/v2/brands", license_number, page_size=page_size, credentials=credentials
        )

    async def create_item_brands(
        self,
        license_number: str,
        brands: Sequence[ItemBrandCreate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Create item brands (`{Name}`); CreateItemBrand answers their Ids.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/items/v2/brand", license_number, body=brands, credentials=credentials
        )

    async def update_item_brands(
        self,
        license_number: str,
        brands: Sequence[ItemBrandUpdate | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Rename item brands, by Id (`{Id, Name}`); UpdateItemBrand answers nothing.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.put(
            "/items/v2/brand", license_number, body=brands, credentials=credentials
        )

    async def archive_item_brand(
        self, license_number: str, brand_id: int, *, credentials: MetrcCredentials | None = None
    ) -> WriteResult:
        """Archive an item brand; ArchiveItemBrand answers nothing.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.delete(
            f"/items/v2/brand/{int(brand_id)}", license_number, credentials=credentials
        )

    async def upload_item_files(
        self,
        license_number: str,
        files: Sequence[ItemFileUpload | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Upload images or PDF files for items (labels, packaging, documents), Base64-encoded
        (`{FileName, EncodedImageBase64}`); UploadFile answers their Ids.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/items/v2/file", license_number, body=files, credentials=credentials
        )

    async def item_file(
        self, license_number: str, file_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One uploaded file (`{FileContents, ContentType, FileDownloadName}`, the contents in
        Base64); GetFileById.

        Raises:
            MetrcNotFound: no such file; MetrcError: any other subclass.
        """
        result: Record = await self.get(
            f"/items/v2/file/{int(file_id)}", license_number, credentials=credentials
        )
        return result

    async def upload_item_photos(
        self,
        license_number: str,
        photos: Sequence[ItemFileUpload | Mapping[str, Any]],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """Upload item images, Base64-encoded (`{FileName, EncodedImageBase64}`); Metrc takes
        BMP, GIF, JPG and PNG files of at most 5 MB. UploadImage answers their Ids.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.post(
            "/items/v2/photo", license_number, body=photos, credentials=credentials
        )

    async def item_photo(
        self, license_number: str, photo_id: int, *, credentials: MetrcCredentials | None = None
    ) -> Record:
        """One uploaded image (`{FileContents, ContentType, FileDownloadName}`); GetImageById.

        Raises:
            MetrcNotFound: no such image; MetrcError: any other subclass.
        """
        result: Record = await self.get(
            f"/items/v2/photo/{int(photo_id)}", license_number, credentials=credentials
        )
        return result
