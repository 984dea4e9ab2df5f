"""``companion vision …``: render faces, sheets, scenes and markers; teach a deck;
recognise cards in images; benchmark the recogniser."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

from companion.i18n import Domain
from vision.decks import builtin, deck_names
from vision.errors import ImageError

D = Domain("vision", "vision")
_, N_, ngettext = D.markers()


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    decks = deck_names()
    vision = subparsers.add_parser("vision", help=_("card vision: teach a deck, recognise cards"))
    sub = vision.add_subparsers(dest="vision_command", metavar="COMMAND", required=True)

    render = sub.add_parser("render", help=_("draw card faces, print sheets, test scenes or zone markers"))
    what = render.add_subparsers(dest="render_what", metavar="WHAT", required=True)
    deck = what.add_parser("deck", help=_("one PNG per card face, named by card id"))
    deck.add_argument("--deck", choices=decks, default="mustang")
    deck.add_argument("--out", required=True, help=_("folder to write to"))
    deck.set_defaults(func=_render_deck)
    sheet = what.add_parser("sheet", help=_("A4 sheets of card faces to print (PDF or PNG)"))
    sheet.add_argument("--deck", choices=decks, default="mustang")
    sheet.add_argument("--dpi", type=int, default=150)
    sheet.add_argument("--out", required=True, help=_("file to write (.pdf or .png)"))
    sheet.set_defaults(func=_render_sheet)
    scene = what.add_parser("scene", help=_("photo-like test scenes with their ground truth (JSON)"))
    scene.add_argument("--deck", choices=decks, default="mustang")
    scene.add_argument("--cards", nargs="*", help=_("card ids (default: random)"))
    scene.add_argument("--count", type=int, default=1, help=_("how many scenes"))
    scene.add_argument("--seed", type=int, default=0)
    scene.add_argument("--surface", help=_("wood, cloth, light or dark"))
    scene.add_argument("--clean", action="store_true", help=_("no distortions"))
    scene.add_argument("--markers", action="store_true", help=_("lay the four zone markers in the corners"))
    scene.add_argument("--out", required=True, help=_("folder to write to"))
    scene.set_defaults(func=_render_scene)
    style = what.add_parser("style", help=_("a test set of the standard pack in a second, independent style: "
                                            "refs/, scenes/ and labels.json, as bench --real reads"))
    style.add_argument("--scenes", type=_at_least(1), default=40, help=_("how many scenes"))
    style.add_argument("--seed", type=_at_least(0), default=0)
    style.add_argument("--cards", nargs="+", help=_("card ids (default: the whole pack)"))
    style.add_argument("--out", required=True, help=_("folder to write to"))
    style.set_defaults(func=_render_style)
    markers = what.add_parser("markers", help=_("the four play-zone corner markers to print (PDF or PNG)"))
    markers.add_argument("--dpi", type=int, default=150)
    markers.add_argument("--size-mm", type=float, default=40.0, help=_("side of each marker in millimetres"))
    markers.add_argument("--out", required=True, help=_("file to write (.pdf or .png)"))
    markers.set_defaults(func=_render_markers)

    enroll = sub.add_parser("enroll", help=_("teach a deck from one image per card"))
    enroll.add_argument("--deck", choices=(*decks, "custom"), required=True)
    enroll.add_argument("--images", required=True, help=_("folder of images named by card id"))
    enroll.add_argument("--out", required=True, help=_("model file to write (.npz)"))
    enroll.add_argument("--partial", action="store_true", help=_("allow cards without an image"))
    enroll.set_defaults(func=_enroll)

    recognize = sub.add_parser("recognize", help=_("name the cards in images"))
    recognize.add_argument("--model", required=True, help=_("model file made by enroll"))
    recognize.add_argument("--zone", help=_("play-zone file (JSON) to flatten the images with"))
    recognize.add_argument("--json", action="store_true", help=_("print JSON"))
    recognize.add_argument("images", nargs="+")
    recognize.set_defaults(func=_recognize)

    bench = sub.add_parser("bench", help=_("measure accuracy and speed on held-out rendered scenes"))
    bench.add_argument("--quick", action="store_true", help=_("a smaller sample"))
    bench.add_argument("--deck", choices=decks, action="append",
                       help=_("a deck to measure (repeatable; default: mustang and standard)"))
    bench.add_argument("--photo", default="/work/shared/samples/geaxgx/scene.png",
                       help=_("a real photo of the two of clubs to check"))
    bench.add_argument("--real", metavar="DIR",
                       help=_("only a folder of real photos: refs/ (one image per card), scenes/ and labels.json"))
    bench.set_defaults(func=_bench)


def _at_least(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number not below ``least``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = least - 1
        if value < least:
            raise argparse.ArgumentTypeError(_("{value} is not a whole number of at least {least}").format(
                value=text, least=least))
        return value
    return parse


def _folder(path: str) -> Path:
    """The folder ``path``, made if missing; :class:`ImageError` when it cannot be."""
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ImageError(D.text("Cannot make the folder {path}: {detail}", path=str(out),
                                detail=err.strerror or str(err))) from err
    return out


def _render_deck(args: argparse.Namespace) -> int:
    from vision.faces import face_image

    from vision.sheets import write_image

    out = _folder(args.out)
    for card in builtin(args.deck).ids:
        write_image(out / f"{card}.png", face_image(card, args.deck))
    print(_("Wrote {n} card faces to {path}.").format(n=len(builtin(args.deck).ids), path=out))
    return 0


def _render_sheet(args: argparse.Namespace) -> int:
    from vision.sheets import card_sheets, write_pages

    written = write_pages(args.out, card_sheets(args.deck, args.dpi), name=f"{args.deck}-sheet")
    print(_("Wrote {files}.").format(files=", ".join(map(str, written))))
    return 0


def _render_style(args: argparse.Namespace) -> int:
    from vision.otherstyle import write_dataset

    labels = write_dataset(args.out, args.scenes, args.seed, args.cards)
    print(_("Wrote {n} scenes to {path}.").format(n=len(labels), path=args.out))
    return 0


def _render_markers(args: argparse.Namespace) -> int:
    from vision.sheets import marker_sheet, write_pages

    written = write_pages(args.out, [marker_sheet(args.dpi, args.size_mm)], name="zone-markers")
    print(_("Wrote {files}.").format(files=", ".join(map(str, written))))
    return 0


def _render_scene(args: argparse.Namespace) -> int:
    from vision.render import random_cards, render_scene
    from vision.sheets import write_image

    out = _folder(args.out)
    for k in range(args.count):
        seed = args.seed + k
        rng = np.random.default_rng(seed)
        cards = args.cards or random_cards(rng, args.deck, int(rng.integers(3, 7)))
        image, truth = render_scene(cards, deck=args.deck, seed=seed, surface=args.surface,
                                    distortions=() if args.clean else None, markers=args.markers)
        write_image(out / f"scene-{seed}.png", image)
        try:
            (out / f"scene-{seed}.json").write_text(json.dumps(truth.to_json(), indent=1), encoding="utf-8")
        except OSError as err:
            raise ImageError(D.text("Could not write the image {path}: {detail}", path=str(out / f"scene-{seed}.json"),
                                    detail=err.strerror or str(err))) from err
    print(_("Wrote {n} scenes to {path}.").format(n=args.count, path=out))
    return 0


def _enroll(args: argparse.Namespace) -> int:
    from vision.enrol import enrol_images

    model = enrol_images(args.images, args.deck, partial=args.partial)
    model.save(args.out)
    print(_("Taught {n} cards of the {deck} deck; model written to {path}.").format(
        n=len(model.ids), deck=args.deck, path=args.out))
    return 0


def _recognize(args: argparse.Namespace) -> int:
    from vision.model import DeckModel
    from vision.recognize import Recognizer
    from vision.zone import PlayZone

    recognizer = Recognizer(DeckModel.load(args.model), PlayZone.load(args.zone) if args.zone else None)
    results = {}
    status = 0
    for name in args.images:
        image = cv2.imread(name, cv2.IMREAD_COLOR)
        if image is None:
            print(ImageError(D.text("Cannot read the image {path}.", path=name)).text.render())
            status = 1
            continue
        results[name] = recognizer.recognize(image)
    if args.json:
        print(json.dumps({name: [d.to_json() for d in found] for name, found in results.items()}, indent=1))
        return status
    for name, found in results.items():
        print(f"{name}:")
        if not found:
            print("  " + _("no card found"))
        for d in found:
            label = d.card if d.card is not None else _("unknown (nearest {card})").format(card=d.best)
            corners = " ".join(f"({x:.0f},{y:.0f})" for x, y in d.outline)
            print(f"  {label:<28} " + _("confidence {confidence:.2f}, margin {margin:.2f}").format(
                confidence=d.confidence, margin=d.margin) + f"  {corners}")
    return status


def _bench(args: argparse.Namespace) -> int:
    from vision.bench import HELD_OUT_SEED, accuracy, real_photos, speed, taught
    from vision.recognize import Recognizer

    if args.real:
        print(_("Real photos in {path}: taught from refs/, scenes scaled to 640 pixels on the long side.").format(
            path=args.real))
        real_photos(args.real)
        return 0
    per_cell = 1 if args.quick else 6
    print(_("Held-out scenes from seed {seed}; decks taught from one clean rendered image per card.").format(
        seed=HELD_OUT_SEED))
    accuracy(per_cell, tuple(args.deck or ("mustang", "standard")))
    speed(40 if args.quick else 150)
    photo = cv2.imread(args.photo, cv2.IMREAD_COLOR) if args.photo else None
    if photo is not None:
        found = Recognizer(taught("standard")).recognize(photo)
        names = [d.card or _("unknown") for d in found]
        print(_("Real photo {path}: {n} card(s) found: {names}").format(
            path=args.photo, n=len(found), names=", ".join(names) or "-"))
    return 0
