"""Printable sheets as PDF: one A4 page per image, each image kept pixel for pixel."""

from __future__ import annotations

import numpy as np
import pikepdf
import pytest

from vision.sheets import marker_sheet, write_pages


def test_a_pdf_has_one_a4_page_per_sheet_with_the_pixels_unchanged(tmp_path):
    rng = np.random.default_rng(7)
    noise = rng.integers(0, 256, (351, 248, 3), dtype=np.uint8)  # JPEG would not keep these
    pages = [marker_sheet(dpi=30), noise]
    (written,) = write_pages(tmp_path / "sheets.pdf", pages)
    with pikepdf.open(written) as pdf:
        assert len(pdf.pages) == 2
        for page, image in zip(pdf.pages, pages):
            width, height = float(page.mediabox[2]), float(page.mediabox[3])
            assert width == pytest.approx(595.3, abs=1) and height == pytest.approx(841.9, abs=1.5)
            xobjects = page.Resources.XObject
            (name,) = xobjects.keys()
            embedded = xobjects[name]
            rgb = np.asarray(pikepdf.PdfImage(embedded).as_pil_image().convert("RGB"))
            assert np.array_equal(rgb, image[:, :, ::-1])


def test_pages_not_ending_in_pdf_are_numbered_pngs(tmp_path):
    written = write_pages(tmp_path / "sheet", [marker_sheet(dpi=30)] * 2)
    assert [p.name for p in written] == ["sheet-1.png", "sheet-2.png"] and all(p.is_file() for p in written)
