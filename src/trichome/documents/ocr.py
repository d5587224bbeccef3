"""Text read from pictures of text: uploaded images (PNG, JPEG, TIFF, WebP) and the pages
of a PDF that have no text layer (scans). RapidOCR runs PaddleOCR's PP-OCRv6 small
detection and recognition models, and the angle classifier, on ONNX Runtime on the CPU;
the three models are files inside the installed `rapidocr` package and are opened by
their paths, so nothing is ever downloaded (RapidOCR fetches a model only when it is not
given one). Bounded three ways: pixels per picture (checked before decoding), pages read
per file, and seconds per file; past any of them the file is refused, not half-read."""

from __future__ import annotations

import contextlib
import functools
import io
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, ImageOps, UnidentifiedImageError

from trichome.documents.errors import FileRejected, corrupt

if TYPE_CHECKING:
    import numpy as np
    import pypdf
    from rapidocr import RapidOCR

# A picture of more pixels than this is refused before it is decoded (a page scanned at
# 600 dpi is about 35 million; a decompression bomb is billions).
MAX_PIXELS = 50_000_000
# Pages (frames of an image, scanned PDF pages) read by OCR in one file.
MAX_OCR_PAGES = 30
# The longest side OCR works on; larger pictures are scaled down to it first (text of a
# page scanned at 150-200 dpi is still legible at this size, and time grows with area).
MAX_SIDE = 2000
# Pictures smaller than this on either side hold no legible line.
_MIN_SIDE = 8
# Recognised lines scored below this are dropped as noise.
_MIN_SCORE = 0.5

_MODELS = {
    "Det.model_path": "PP-OCRv6_det_small.onnx",
    "Rec.model_path": "PP-OCRv6_rec_small.onnx",
    "Cls.model_path": "ch_ppocr_mobile_v2.0_cls_mobile.onnx",
}


def model_paths() -> dict[str, Path]:
    """The model files the OCR engine opens, inside the installed `rapidocr` package."""
    import rapidocr

    folder = Path(rapidocr.__file__).parent / "models"
    return {key: folder / name for key, name in _MODELS.items()}


@functools.cache
def _engine() -> RapidOCR:
    """The OCR engine, built once per process (in the extraction child, never in a process
    that forks: ONNX Runtime's threads do not survive a fork)."""
    from rapidocr import RapidOCR

    paths = model_paths()
    missing = [str(path) for path in paths.values() if not path.is_file()]
    if missing:
        # Without its model file RapidOCR would try to download it; refuse instead.
        raise RuntimeError(f"OCR model files are missing: {', '.join(missing)}")
    params: dict[str, object] = {key: str(path) for key, path in paths.items()}
    params.update(
        {
            "Global.log_level": "error",
            "Global.text_score": _MIN_SCORE,
            "Global.max_side_len": MAX_SIDE,
            # One core per file: the service runs one extraction per core already.
            "EngineConfig.onnxruntime.intra_op_num_threads": 1,
            "EngineConfig.onnxruntime.inter_op_num_threads": 1,
        }
    )
    return RapidOCR(params=params)


class Budget:
    """The seconds and pages OCR may still spend on one file."""

    def __init__(self, seconds: float, pages: int = MAX_OCR_PAGES) -> None:
        self.seconds = seconds
        self.pages = pages
        self._deadline = time.monotonic() + seconds
        self._read = 0

    def take_page(self) -> None:
        """Count one more page to read.

        Raises:
            FileRejected: 400 `extraction_limit_exceeded` when the pages or the time are
                spent.
        """
        if self._read >= self.pages:
            raise _over(f"has more than {self.pages} pages that need OCR")
        if time.monotonic() > self._deadline:
            raise _over(f"took longer than {self.seconds:g} s to read by OCR")
        self._read += 1


def _over(what: str) -> FileRejected:
    return FileRejected(
        400,
        "extraction_limit_exceeded",
        f"The file {what}; it is refused. Split it into smaller files or upload its text.",
    )


def _too_many_pixels() -> FileRejected:
    return _over(f"holds a picture of more than {MAX_PIXELS // 1_000_000} million pixels")


def _check_size(width: int, height: int) -> None:
    if width * height > MAX_PIXELS:
        raise _too_many_pixels()


@contextlib.contextmanager
def _bounded_decoding() -> Iterator[None]:
    """Pillow's own check of a picture's size (before it decodes one, in this module or in
    pypdf), as the same refusal as ours."""
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            yield
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise _too_many_pixels() from None


def _pixels(picture: Image.Image) -> np.ndarray:
    """A picture as OCR reads it: upright by its EXIF orientation, RGB on white, at most
    `MAX_SIDE` on its longer side."""
    import numpy as np

    upright = ImageOps.exif_transpose(picture) or picture
    if upright.mode in ("RGBA", "LA", "PA") or "transparency" in upright.info:
        rgba = upright.convert("RGBA")
        background = Image.new("RGBA", rgba.size, "white")
        upright = Image.alpha_composite(background, rgba)
    rgb = upright.convert("RGB")
    rgb.thumbnail((MAX_SIDE, MAX_SIDE))
    # RapidOCR takes OpenCV's channel order (BGR).
    return np.ascontiguousarray(np.asarray(rgb)[:, :, ::-1])


def read_picture(picture: Image.Image) -> str:
    """The lines of text in a picture, top to bottom, one a line ("" when none)."""
    if min(picture.size) < _MIN_SIDE:
        return ""
    try:
        result = _engine()(_pixels(picture))
    except Exception as error:
        # ONNX Runtime reports a failed allocation (the process's memory bound) as its own
        # error; it is the bound, not damage in the file.
        if "alloc" in str(error).lower():
            raise MemoryError from None
        raise
    # Detection, classification and recognition all on: the whole pipeline's output.
    lines: tuple[str, ...] = getattr(result, "txts", None) or ()
    return "\n".join(line.strip() for line in lines if line.strip())


def _frames(content: bytes) -> Iterator[Image.Image]:
    try:
        picture = Image.open(io.BytesIO(content))
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as error:
        raise corrupt(f"The image cannot be read ({type(error).__name__}).") from None
    _check_size(*picture.size)
    for index in range(getattr(picture, "n_frames", 1)):
        picture.seek(index)
        _check_size(*picture.size)
        yield picture


def image_text(content: bytes, budget: Budget) -> str:
    """The text of an image file, read by OCR: each frame (a TIFF's pages) a page, a form
    feed between pages, as PDF text is.

    Raises:
        FileRejected: 400 for an image that cannot be decoded or is past the budget.
    """
    pages: list[str] = []
    with _bounded_decoding():
        for frame in _frames(content):
            budget.take_page()
            try:
                frame.load()
            except (OSError, ValueError, SyntaxError) as error:
                raise corrupt(f"The image cannot be decoded ({type(error).__name__}).") from None
            pages.append(read_picture(frame))
    return "\f".join(pages)


def _image_sizes(page: pypdf.PageObject) -> Iterator[tuple[int, int]]:
    """Width and height of each image the page draws directly (read from its dictionary,
    before any is decoded)."""
    resources = page.get("/Resources")
    resources = resources.get_object() if resources is not None else None
    objects = resources.get("/XObject") if resources is not None else None
    if objects is None:
        return
    for reference in objects.get_object().values():
        stream = reference.get_object()
        if stream.get("/Subtype") == "/Image":
            yield int(stream.get("/Width", 0)), int(stream.get("/Height", 0))


def scanned_page_text(page: pypdf.PageObject, budget: Budget) -> str:
    """The text of a PDF page without a text layer, read by OCR from the images it draws
    (a scanner's page is one image), largest first; "" for a page with no image."""
    sizes = list(_image_sizes(page))
    if not sizes:
        return ""
    for width, height in sizes:
        _check_size(width, height)
    budget.take_page()
    with _bounded_decoding():
        pictures = [image.image for image in page.images if image.image is not None]
    pictures.sort(key=lambda picture: picture.width * picture.height, reverse=True)
    return "\n".join(text for text in map(read_picture, pictures) if text)
