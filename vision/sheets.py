"""Printable sheets: card faces at poker size and the four play-zone markers, as PNG
pages or one PDF (img2pdf)."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import cv2
import img2pdf
import numpy as np

from vision.decks import D, builtin
from vision.errors import ImageError
from vision.faces import face_image
from vision.zone import ZONE_MARKER_IDS, Aruco

A4_MM = (210.0, 297.0)
CARD_MM = (63.0, 88.0)


def _mm(mm: float, dpi: int) -> int:
    return int(round(mm / 25.4 * dpi))


def card_sheets(deck: str, dpi: int = 150) -> list[np.ndarray]:
    """A4 pages (BGR) with the faces of ``deck``, nine to a page, with cut lines."""
    page_w, page_h = _mm(A4_MM[0], dpi), _mm(A4_MM[1], dpi)
    card_w, card_h = _mm(CARD_MM[0], dpi), _mm(CARD_MM[1], dpi)
    x0, y0 = (page_w - 3 * card_w) // 2, (page_h - 3 * card_h) // 2
    pages = []
    ids = builtin(deck).ids
    for start in range(0, len(ids), 9):
        page = np.full((page_h, page_w, 3), 255, np.uint8)
        for k, card in enumerate(ids[start:start + 9]):
            x, y = x0 + (k % 3) * card_w, y0 + (k // 3) * card_h
            page[y:y + card_h, x:x + card_w] = cv2.resize(face_image(card, deck), (card_w, card_h),
                                                          interpolation=cv2.INTER_AREA)
            cv2.rectangle(page, (x, y), (x + card_w - 1, y + card_h - 1), (200, 200, 200), 1)
        pages.append(page)
    return pages


def marker_sheet(dpi: int = 150, marker_mm: float = 40.0) -> np.ndarray:
    """One A4 page (BGR) with the four zone markers to cut out, each labelled with its
    corner of the play zone."""
    page_w, page_h = _mm(A4_MM[0], dpi), _mm(A4_MM[1], dpi)
    page = np.full((page_h, page_w, 3), 255, np.uint8)
    side = _mm(marker_mm, dpi)
    aruco = Aruco()
    names = ("0: top left", "1: top right", "2: bottom right", "3: bottom left")
    for k, (marker_id, name) in enumerate(zip(ZONE_MARKER_IDS, names)):
        column = k % 2 if k < 2 else 1 - k % 2  # clockwise: TL, TR, BR, BL
        x = page_w // 4 * (1 + 2 * column) - side // 2
        y = page_h // 4 * (1 + 2 * (k // 2)) - side // 2
        page[y:y + side, x:x + side] = cv2.cvtColor(aruco.marker(marker_id, side), cv2.COLOR_GRAY2BGR)
        cv2.putText(page, name, (x, y + side + _mm(8, dpi)), cv2.FONT_HERSHEY_SIMPLEX, dpi / 150,
                    (0, 0, 0), max(1, dpi // 150), cv2.LINE_AA)
    return page


def write_pdf(path: str | Path, pages: Sequence[np.ndarray], page_mm: tuple[float, float] = A4_MM) -> None:
    """Write BGR images as the pages of a PDF, each filling a ``page_mm`` page.

    img2pdf embeds each page as its lossless PNG data: the markers' edges stay sharp."""
    size = (img2pdf.mm_to_pt(page_mm[0]), img2pdf.mm_to_pt(page_mm[1]))
    images = [cv2.imencode(".png", page)[1].tobytes() for page in pages]
    Path(path).write_bytes(img2pdf.convert(images, layout_fun=img2pdf.get_layout_fun(size)))


def write_image(path: str | Path, image: np.ndarray) -> Path:
    """Write ``image`` to ``path`` (its suffix names the format); raises :class:`ImageError`
    naming the file when it could not be written (a missing folder, no permission, a
    full disk, a suffix OpenCV does not know)."""
    path = Path(path)
    try:
        written = cv2.imwrite(str(path), image)
    except cv2.error as err:
        raise ImageError(D.text("Could not write the image {path}: {detail}", path=str(path),
                                detail=str(err).strip().splitlines()[-1])) from err
    if not written:
        raise ImageError(D.text("Could not write the image {path}: check that its folder exists and can be "
                                "written to.", path=str(path)))
    return path


def write_pages(path: str | Path, pages: Sequence[np.ndarray], name: str = "sheet") -> list[Path]:
    """Write pages to ``path``: one PDF if it ends in ``.pdf``, else numbered PNGs. A
    folder (one that exists, or a path ending in ``/``) gets ``name``'s files inside it.
    Raises :class:`ImageError` when a file could not be written."""
    target = Path(path)
    if target.is_dir() or str(path).endswith(("/", "\\")):
        target = target / name
    if target.suffix.lower() == ".pdf":
        try:
            write_pdf(target, pages)
        except OSError as err:
            raise ImageError(D.text("Could not write the image {path}: {detail}", path=str(target),
                                    detail=err.strerror or str(err))) from err
        return [target]
    if len(pages) == 1:
        return [write_image(target.with_suffix(".png"), pages[0])]
    return [write_image(target.with_name(f"{target.stem}-{n}.png"), page) for n, page in enumerate(pages, start=1)]
