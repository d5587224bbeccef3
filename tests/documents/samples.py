"""Small documents of every accepted type, built by the tests themselves."""

from __future__ import annotations

import io
import zipfile

import docx
import numpy
import openpyxl
import pypdf
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject


def pdf(*pages: str) -> bytes:
    """A PDF with one line of Helvetica text per page, written by hand (offsets counted)."""
    objects: list[bytes] = []
    page_ids = [3 + 2 * index for index in range(len(pages))]
    font_id = 3 + 2 * len(pages)
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    kids = " ".join(f"{page} 0 R" for page in page_ids).encode()
    objects.append(b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % len(pages))
    for index, text in enumerate(pages):
        stream = b"BT /F1 12 Tf 72 720 Td (" + text.encode("latin-1") + b") Tj ET"
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>"
            % (font_id, page_ids[index] + 1)
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\n" % (len(objects) + 1))
    out.write(b"startxref\n%d\n%%%%EOF\n" % xref)
    return out.getvalue()


def _pdf_string(text: str) -> bytes:
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"(" + escaped.encode("latin-1") + b")"


def pdf_document(*pages: list[str]) -> bytes:
    """A PDF written by pypdf's writer: each page a list of lines of Helvetica text (in
    WinAnsi, so Latin-1 characters such as µ come through)."""
    writer = pypdf.PdfWriter()
    for lines in pages:
        page = writer.add_blank_page(612, 792)
        font = DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Font"),
                NameObject("/Subtype"): NameObject("/Type1"),
                NameObject("/BaseFont"): NameObject("/Helvetica"),
                NameObject("/Encoding"): NameObject("/WinAnsiEncoding"),
            }
        )
        page[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/Font"): DictionaryObject({NameObject("/F1"): font})}
        )
        shown = b" ".join(_pdf_string(line) + b" Tj T*" for line in lines)
        stream = DecodedStreamObject()
        stream.set_data(b"BT /F1 11 Tf 14 TL 72 720 Td " + shown + b" ET")
        page.replace_contents(stream)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def encrypted_pdf() -> bytes:
    """A password-protected PDF."""
    writer = pypdf.PdfWriter(clone_from=io.BytesIO(pdf("Secret SOP")))
    writer.encrypt("open-sesame", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def docx_file(paragraph: str, table: list[list[str]]) -> bytes:
    """A DOCX with a paragraph and a table."""
    document = docx.Document()
    document.add_paragraph(paragraph)
    grid = document.add_table(rows=len(table), cols=len(table[0]))
    for row_cells, row in zip(grid.rows, table, strict=True):
        for cell, value in zip(row_cells.cells, row, strict=True):
            cell.text = value
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def xlsx_file(rows: list[list[object]], title: str = "Results") -> bytes:
    """An XLSX with one sheet of rows."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def zip_with(*names: str) -> bytes:
    """A ZIP archive holding empty members of the given names."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name in names:
            archive.writestr(name, b"")
    return out.getvalue()


def sparse_xlsx_bomb() -> bytes:
    """A 5 KB XLSX whose one sheet spans every row and column Excel allows (a cell in A1
    and one in XFD1048576): read row by row, it is 17 billion empty cells."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet["A1"], sheet["XFD1048576"] = "start", "end"
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def inflating_docx(megabytes: int) -> bytes:
    """A DOCX of a few hundred KB whose body XML inflates to about `megabytes` MB of text
    (under the 200 MB unpacked-archive limit, so only extraction meets it)."""
    source = zipfile.ZipFile(io.BytesIO(docx_file("cover", [["a"]])))
    paragraph = b"<w:p><w:r><w:t>" + b"A" * 1000 + b"</w:t></w:r></w:p>"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for member in source.infolist():
            data = source.read(member.filename)
            if member.filename == "word/document.xml":
                data = data.replace(b"<w:body>", b"<w:body>" + paragraph * (megabytes * 1000))
            archive.writestr(member, data)
    return out.getvalue()


def text_picture(lines: list[str], width: int = 1000) -> Image.Image:
    """A white picture with black lines of text drawn on it, as a phone or a scanner would
    capture a printed page (Pillow's own font, 30 px, so no system font is needed)."""
    picture = Image.new("L", (width, 60 + 56 * len(lines)), 255)
    draw = ImageDraw.Draw(picture)
    font = ImageFont.load_default(size=30)
    for index, line in enumerate(lines):
        draw.text((40, 30 + 56 * index), line, fill=0, font=font)
    return picture


def image_file(lines: list[str], image_format: str = "PNG") -> bytes:
    """An image file (PNG, JPEG, TIFF, WebP) of the lines of text."""
    out = io.BytesIO()
    text_picture(lines).save(out, image_format)
    return out.getvalue()


def phone_photo(picture: Image.Image, turned: float, exif_orientation: int = 1) -> bytes:
    """A JPEG of the picture as a phone photographs a page lying on a desk: seen at a slant
    (a perspective that narrows the far edge), turned by `turned` degrees, a little out of
    focus, on greyish paper with sensor noise, saved at a phone's JPEG quality; with an EXIF
    orientation other than 1 the pixels are stored turned and the tag says how to stand
    them up, as phones do."""
    width, height = picture.size
    # Pillow's perspective maps each output pixel back to the page: the top edge narrower.
    slant = (1.0, 0.12, -0.06 * width, 0.04, 1.0, 0.0, 0.00012, 0.00025)
    seen = picture.transform((width, height), Image.Transform.PERSPECTIVE, slant, fillcolor=255)
    seen = seen.rotate(turned, expand=True, fillcolor=255).filter(ImageFilter.GaussianBlur(1.0))
    noise = numpy.random.default_rng(7).normal(0, 10, (seen.height, seen.width))
    grey = numpy.asarray(seen, dtype=float) * 0.8 + 35 + noise
    paper = Image.fromarray(grey.clip(0, 255).astype(numpy.uint8))
    exif = Image.Exif()
    if exif_orientation != 1:
        exif[0x0112] = exif_orientation
        # Orientation 6 means "turn 90 degrees clockwise to view": stored the other way.
        stored = {3: 180, 6: 90, 8: 270}[exif_orientation]
        paper = paper.rotate(stored, expand=True)
    out = io.BytesIO()
    paper.convert("RGB").save(out, "JPEG", quality=72, exif=exif.tobytes())
    return out.getvalue()


def scanned_pdf(*pages: list[str]) -> bytes:
    """A PDF as a scanner makes it: each page one image of its lines, no text layer."""
    pictures = [text_picture(lines).convert("RGB") for lines in pages]
    out = io.BytesIO()
    pictures[0].save(out, "PDF", resolution=150, save_all=True, append_images=pictures[1:])
    return out.getvalue()


def pdf_with_scanned_page(text_page: list[str], scanned_page: list[str]) -> bytes:
    """A PDF whose first page has a text layer and whose second is a scan of lines."""
    writer = pypdf.PdfWriter()
    writer.append(pypdf.PdfReader(io.BytesIO(pdf_document(text_page))))
    writer.append(pypdf.PdfReader(io.BytesIO(scanned_pdf(scanned_page))))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
