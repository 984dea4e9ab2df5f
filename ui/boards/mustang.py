"""Mustang's table: the prairie (face-up horses, stacks, the specials), every player's
corral and stable, hand counts, supply, discard and event deck."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.uix.widget import Widget

from companion.games.mustang.texts import EVENT_EFFECTS, EVENT_NAMES, t
from ui import D, theme
from ui.boards.generic import GenericBoard
from ui.widgets import Column, Panel, Words, chips, escape, icon, sizes, swatch

_, N_, ngettext = D.markers()

STACKS = {"stallion": N_("Stallions"), "mare": N_("Mares"), "foal": N_("Foals")}
PLACES = {"corral": N_("Corral"), "stable": N_("Stable")}

class MustangBoard(GenericBoard):
    def widget(self, view: Mapping[str, Any]) -> Widget:
        m = sizes()
        page = Column()
        page.add_widget(self._prairie(view))
        for player in view["players"]:
            page.add_widget(self._player(view, player))
        counts = [
            ngettext("Supply: {n} card", "Supply: {n} cards", view["supply"]).format(n=view["supply"]),
            ngettext("Discard pile: {n} card", "Discard pile: {n} cards", view["discard"]).format(n=view["discard"]),
            ngettext("Event deck: {n} card", "Event deck: {n} cards", view["event_deck"]).format(n=view["event_deck"]),
        ]
        page.add_widget(Words(escape("   ·   ".join(counts)), size="small"))
        if view.get("last_event"):
            page.add_widget(Words(escape(_("Last event: {event}").format(
                event=t(EVENT_NAMES[view["last_event"]]).render())), size="small", dim=True))
        page.spacing = m.unit
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
            box.add_widget(Words(f"[b]{escape(self.place_name(place))}:[/b]" + ("" if horses else " " + escape(_("empty"))),
                                size="small"))
            if horses:
                box.add_widget(chips(self.token(h) for h in horses))
        return box

    def place_name(self, place: str) -> str:
        return _(PLACES[place]) if place in PLACES else place

    def hint(self) -> str:
        return _("Lay the cards in the play zone and scan the horse, then confirm.")

    def event(self, view: Mapping[str, Any]) -> tuple[str, str] | None:
        event = view.get("last_event")
        if not event:
            return None
        return t(EVENT_NAMES[event]).render(), t(EVENT_EFFECTS[event]).render()

    def countdown(self, view: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[str, float] | None:
        """The robbed owner's time to defend (rule option ``defence_seconds``; 0: none)."""
        default = next(o.default for o in self.game.options if o.name == "defence_seconds")
        seconds = options.get("defence_seconds", default)  # a game logged before the option: its default
        if view["pending"].get("kind") != "defend" or not seconds:
            return None
        return "decline", float(seconds)


BOARD_CLASS = MustangBoard
