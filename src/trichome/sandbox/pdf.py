"""A one-page PDF of plain text lines: the printable transfer manifest (GetManifestPdf) and a
lab's certificate of analysis attached to its results (UpdateLabTestDocument)."""

from __future__ import annotations


def _pdf_text(line: str) -> str:
    ascii_line = line.encode("ascii", "replace").decode()
    return ascii_line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def text_pdf(lines: list[str]) -> bytes:
    """Lines of text as a one-page PDF (Helvetica, one line of text per line, 48 at most)."""
    text = "\n".join(
        f"BT /F1 10 Tf 40 {800 - 16 * n} Td ({_pdf_text(line)}) Tj ET"
        for n, line in enumerate(lines[:48])
    ).encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] "
        b"/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(text), text),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        table,
    )
    return bytes(out)
