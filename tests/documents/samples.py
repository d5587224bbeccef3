"""Small documents of every accepted type, built by the tests themselves."""

from __future__ import annotations

import io
import zipfile

import docx
import openpyxl
import pypdf
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
