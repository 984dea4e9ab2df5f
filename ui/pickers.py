"""Manual entry when a sensor is offline: pick a token, or the cards in the play zone.

Both pickers are full-screen modals of big buttons; what is picked goes to the referee
exactly as a scan or a camera reading would.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Sequence

from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.game import CardSpec, TokenSpec
from ui import D, theme
from ui.widgets import BigButton, Panel, Words, escape, primary, row, scrolling, sizes, swatch

_, N_, ngettext = D.markers()


def _modal(title: str) -> tuple[ModalView, Panel]:
    view = ModalView(size_hint=(0.98, 0.96), auto_dismiss=False, background_color=(0, 0, 0, 0.8))
    box = Panel(orientation="vertical", bg=theme.BACKGROUND)
    box.add_widget(Words(f"[b]{escape(title)}[/b]", size="large"))
    view.add_widget(box)
    return view, box


def _grid(cols: int) -> GridLayout:
    m = sizes()
    layout = GridLayout(cols=cols, spacing=m.unit / 2, size_hint_y=None, row_default_height=m.touch,
                        row_force_default=True)
    layout.bind(minimum_height=layout.setter("height"))
    return layout


def pick_token(title: str, tokens: Sequence[TokenSpec], on_pick: Callable[[str], object]) -> ModalView:
    """Choose one token among ``tokens``; ``on_pick(token_id)``."""
    m = sizes()
    view, box = _modal(title)
    layout = _grid(3 if m.compact else 4)

    def choose(token_id: str) -> None:
        view.dismiss()
        on_pick(token_id)

    for spec in tokens:
        layout.add_widget(BigButton(f"{swatch(spec.colour)} {escape(spec.label.render())}",
                                    partial(choose, spec.id)))
    box.add_widget(scrolling(layout))
    box.add_widget(BigButton(_("Cancel"), view.dismiss))
    view.open()
    return view


def pick_cards(title: str, cards: Sequence[CardSpec], on_pick: Callable[[tuple[str, ...]], object]) -> ModalView:
    """Choose the cards lying in the play zone (a face may be chosen up to its copies)."""
    m = sizes()
    view, box = _modal(title)
    chosen: list[str] = []
    shown = Words("", size="large")
    labels = {spec.id: spec.label.render() for spec in cards}

    def update() -> None:
        shown.text = escape(", ".join(labels[c] for c in chosen) if chosen else _("No card chosen yet."))

    def add(spec: CardSpec) -> None:
        if chosen.count(spec.id) < spec.copies:
            chosen.append(spec.id)
        update()

    def clear() -> None:
        chosen.clear()
        update()

    def done() -> None:
        view.dismiss()
        on_pick(tuple(sorted(chosen)))

    layout = _grid(5 if m.compact else 8)
    for spec in cards:
        layout.add_widget(BigButton(escape(labels[spec.id]), partial(add, spec)))
    box.add_widget(shown)
    box.add_widget(scrolling(layout))
    box.add_widget(row(BigButton(_("Cancel"), view.dismiss), BigButton(_("Clear"), clear),
                       primary(_("These cards are in the zone"), done)))
    update()
    view.open()
    return view
