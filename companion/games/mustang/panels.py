"""Mustang's panels on the play screen: the prairie (face-up horses, stacks, the
specials) and every player's corral and stable, drawn from the game's observation
(:attr:`companion.view.View.panels`). Imported by the app only: it needs Kivy."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.uix.widget import Widget

from companion.games.mustang.texts import MUSTANG
from companion.view import View
from ui import theme
from ui.panels import GamePanels
from ui.widgets import Column, Panel, Words, chips, escape, icon, sizes, swatch

_, N_, ngettext = MUSTANG.markers()

STACKS = {"stallion": N_("Stallions"), "mare": N_("Mares"), "foal": N_("Foals")}
PLACES = {"corral": N_("Corral"), "stable": N_("Stable")}


class MustangPanels(GamePanels):
    def widget(self, view: View) -> Widget:
        observation = view.panels
        page = Column()
        page.add_widget(self._prairie(observation))
        for player in observation["players"]:
            page.add_widget(self._player(observation, player))
        page.spacing = sizes().unit
        return page

    def _prairie(self, view: Mapping[str, Any]) -> Widget:
        box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE)
        box.bind(minimum_height=box.setter("height"))
        box.add_widget(Words(f"[b]{escape(_('Prairie'))}[/b]"))
        face_up = view["prairie"]
        box.add_widget(chips(self.token(h) for h in face_up) if face_up
                       else Words(escape(_("No horse face up.")), size="small"))
        stacks = "   ".join(
            ngettext("{kind}: {n} left in the stack", "{kind}: {n} left in the stack", n).format(
                kind=_(STACKS[kind]) if kind in STACKS else kind, n=n)
            for kind, n in view["stacks"].items())
        box.add_widget(Words(escape(stacks), size="small", dim=True))
        return box

    def _player(self, view: Mapping[str, Any], player: Mapping[str, Any]) -> Widget:
        turn = view["current"] == player["seat"] and not view["over"]
        waiting = view["pending"].get("player") == player["seat"]
        box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE,
                    border=theme.ACCENT if waiting or turn else (0, 0, 0, 0))
        box.bind(minimum_height=box.setter("height"))
        marks = []
        if turn:
            marks.append(f"{icon('▶')} " + escape(_("to play")))
        if view["dealer"] == player["seat"]:
            marks.append(escape(_("dealer")))
        hand = ngettext("{n} card in hand", "{n} cards in hand", player["hand"]).format(n=player["hand"])
        box.add_widget(Words(f"{swatch(player['colour'])} [b]{escape(player['name'])}[/b]  ·  {escape(hand)}"
                            + ("  ·  " + "  ·  ".join(marks) if marks else "")))
        for place in PLACES:
            horses = player[place]
            box.add_widget(Words(f"[b]{escape(self.place_name(place))}:[/b]"
                                 + ("" if horses else " " + escape(_("empty"))), size="small"))
            if horses:
                box.add_widget(chips(self.token(h) for h in horses))
        return box

    def place_name(self, place: str) -> str:
        return _(PLACES[place]) if place in PLACES else place

    def hint(self) -> str:
        return _("Lay the cards in the play zone and scan the horse, then confirm.")


PANELS = MustangPanels
