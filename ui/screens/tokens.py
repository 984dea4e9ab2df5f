"""Token enrolment: teach the referee which RFID tag is which game token.

Players choose the kind and colour of the token in their hand, then lay it on a
reader; the next unenrolled token of that kind and colour gets the tag. Progress runs
through every token of the game (47 for Mustang); a tag that is already enrolled, or a
token group that is complete, is explained rather than silently accepted, and a tag
taught wrongly can be forgotten and taught again.

Tags can carry their token's identity in their own memory: when *write on the stickers*
is on, each tag taught here gets it written, and a tag laid here that already carries
one (taught at another table) is taught from it, whatever group is chosen. Tag memory
is read and written off the UI thread; the registry is changed on it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.uix.widget import Widget

from companion import games
from companion.game import TokenSpec
from companion.inputs import TagPlaced
from ui import D, theme
from ui.screens.base import Page, error_text
from ui.widgets import BigButton, Banner, Column, Words, escape, grid, scrolling, sizes, swatch

_, N_, ngettext = D.markers()


GroupKey = tuple[str, "str | None", str]
"""Kind, colour and name (msgid): the tokens players cannot tell apart."""


def groups(tokens: tuple[TokenSpec, ...]) -> "OrderedDict[GroupKey, list[TokenSpec]]":
    """Tokens grouped by kind, colour and name, in the game's order.

    Tokens of one group are interchangeable (the three red mares); tokens that share a
    kind and colour but not a name (Mustang's two colourless specials) are not.
    """
    out: OrderedDict[GroupKey, list[TokenSpec]] = OrderedDict()
    for spec in tokens:
        out.setdefault((spec.kind, spec.colour, spec.label.msgid), []).append(spec)
    return out


@dataclass(frozen=True)
class TagMemory:
    """What the reader found in a laid tag's memory: the identity written on it (or
    ``None``), or ``problem`` when its memory could not be read."""

    identity: Any | None = None
    problem: str | None = None


class TokenEnrolmentScreen(Page):
    page = "tokens"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.game_name = ""
        self.group: GroupKey | None = None
        self.message: tuple[str, str] | None = None
        self.write_on_tags = True
        self.known_uid: str | None = None
        """The last tag laid that was already taught (it may be forgotten)."""
        self.busy = False

    def title(self) -> str:
        return _("Teach the tokens")

    @property
    def registry(self) -> Any:
        return self.app.services.registry

    def enrolled(self) -> dict[str, str]:
        """``{token_id: uid}`` of this game's enrolled tokens."""
        return dict(self.registry.enrolled(self.game_name))

    def build(self) -> Widget:
        m = sizes()
        page = Column()
        if self.registry is None:
            page.add_widget(Words(escape(_("The token registry is not available, so tokens cannot be taught."))))
            return scrolling(page)
        choices = [name for name in games.available() if games.get_game(name).tokens()]
        if not choices:
            page.add_widget(Words(escape(_("No game here uses tagged tokens."))))
            return scrolling(page)
        if self.game_name not in choices:
            self.game_name = self._default_game(choices)
        picker = self.game_row(choices, self.game_name, self._choose_game)
        if picker is not None:
            page.add_widget(picker)
        tokens = games.get_game(self.game_name).tokens()
        done = self.enrolled()
        by_group = groups(tokens)
        if self.group is None or all(s.id in done for s in by_group[self.group]):
            self.group = next((g for g, specs in by_group.items() if any(s.id not in done for s in specs)),
                              next(iter(by_group)))
        page.add_widget(Words("[b]" + escape(_("{done} of {total} tokens taught").format(
            done=sum(s.id in done for s in tokens), total=len(tokens))) + "[/b]", size="large"))
        if self.busy:
            page.add_widget(Words(escape(_("Reading the sticker… keep the token on the reader.")), size="large"))
        elif self.message is not None:
            banner = Banner()
            banner.show(*self.message)
            page.add_widget(banner)
        spec = next((s for s in by_group[self.group] if s.id not in done), None)
        if spec is not None:
            page.add_widget(Words(f"{swatch(spec.colour)} " + escape(
                _("Lay a {token} on the reader.").format(token=spec.label.render())), size="large"))
        else:
            page.add_widget(Words(escape(_("Every token of this kind and colour is taught. Choose another.")),
                                 size="large"))
        writing = _("Write on the stickers: on") if self.write_on_tags else _("Write on the stickers: off")
        actions = [BigButton(writing, self._toggle_writing, font_size=m.font_small)]
        if self.known_uid is not None:
            actions.append(BigButton(_("Forget this sticker"), self._forget, colour=theme.DANGER,
                                     font_size=m.font_small))
        page.add_widget(grid(actions, 2))
        buttons = []
        for key, specs in by_group.items():
            count = sum(s.id in done for s in specs)
            chosen = key == self.group
            label = f"{swatch(specs[0].colour)} {escape(specs[0].label.render())}  {count}/{len(specs)}"
            buttons.append(BigButton(("» " if chosen else "") + label, partial(self._choose, key),
                                     colour=theme.ACCENT if chosen else theme.SURFACE_HIGH,
                                     font_size=m.font_small))
        page.add_widget(grid(buttons, 2 if m.compact else 3))
        return scrolling(page)

    def _default_game(self, choices: list[str]) -> str:
        """The game being played, else the table's default game, else the first game
        with tokens."""
        referee = self.app.table.referee
        for name in (referee.game.name if referee is not None else "", self.app.services.config.app.default_game):
            if name in choices:
                return name
        return choices[0]

    def _choose_game(self, name: str) -> None:
        if self.busy:
            return
        self.game_name, self.group, self.message, self.known_uid = name, None, None, None
        self.refresh()

    def _choose(self, key: GroupKey) -> None:
        if self.busy:  # the tag on the reader is being taught as the group chosen when it was laid
            return
        self.group, self.message, self.known_uid = key, None, None
        self.refresh()

    def _toggle_writing(self) -> None:
        self.write_on_tags = not self.write_on_tags
        self.refresh()

    def _forget(self) -> None:
        if self.known_uid is None:
            return
        specs = {s.id: s for s in games.get_game(self.game_name).tokens()}
        token = self.app.table.lookup(self.known_uid)
        self.registry.forget(self.known_uid)
        label = specs[token].label.render() if token in specs else (token or self.known_uid)
        self.message = ("info", _("Forgotten: this sticker is no longer the {token}. Lay it again to teach "
                                  "it as the token chosen below.").format(token=label))
        self.known_uid = None
        self.refresh()

    # --- a tag laid on the reader ------------------------------------------------------------
    def handle_input(self, item: Any) -> bool:
        if not isinstance(item, TagPlaced) or self.registry is None or not self.game_name:
            return False
        if self.busy:
            return True
        self.known_uid = None
        tokens = {s.id: s for s in games.get_game(self.game_name).tokens()}
        known = self.app.table.lookup(item.uid)
        if known is not None:
            label = tokens[known].label.render() if known in tokens else known
            self.message = ("info", _("This sticker is already taught: it is the {token}. Lay another token, "
                                      "or forget this sticker to teach it again.").format(token=label))
            self.known_uid = item.uid
            self.app.services.feedback("rejected")
            self.refresh()
            return True
        spec = self._next_spec()
        reader = self._reader(item.zone)
        if reader is None:  # entered without a reader: nothing to read or write
            self._teach(item.uid, spec, TagMemory(), None)
            return True
        self.busy = True
        self.refresh()
        writing = self.write_on_tags

        def work() -> None:
            memory = _read(reader, item.uid)
            written: str | None = None
            if memory.identity is None and memory.problem is None and spec is not None and writing:
                written = _write(reader, item.uid, self.game_name, spec.id)
            Clock.schedule_once(lambda _dt: self._teach(item.uid, spec, memory, written), 0)

        threading.Thread(target=work, name="tag-identity", daemon=True).start()
        return True

    def _reader(self, zone: str) -> Any | None:
        hardware = self.app.services.hardware
        readers = hardware.readers if hardware is not None else []
        return next((r for r in readers if getattr(r, "zone", None) == zone), None)

    def _next_spec(self) -> TokenSpec | None:
        if self.group is None:
            return None
        done = self.enrolled()
        tokens = games.get_game(self.game_name).tokens()
        return next((s for s in groups(tokens)[self.group] if s.id not in done), None)

    def _teach(self, uid: str, spec: TokenSpec | None, memory: TagMemory, written: str | None) -> None:
        """Enrol ``uid`` (on the UI thread): from the identity it carries, else as ``spec``
        (the next token of the group chosen when it was laid). ``written`` is ``""`` when
        ``spec``'s identity was written on the tag, or why it could not be."""
        self.busy = False
        specs = {s.id: s for s in games.get_game(self.game_name).tokens()}
        identity = memory.identity
        try:
            if identity is not None and identity.game == self.game_name and identity.token_id in specs:
                self.registry.enroll(uid, self.game_name, identity.token_id)
                self.message = ("accepted", _("The sticker says it is the {token}: taught.").format(
                    token=specs[identity.token_id].label.render()))
            elif spec is None:
                self.message = ("rejected", _("Every token of this kind and colour is taught. Choose another."))
            else:
                self.registry.enroll(uid, self.game_name, spec.id)
                self.message = ("accepted", self._taught(spec, memory, written))
        except Exception as err:  # a registry or storage error is shown, the wizard goes on
            self.message = ("rejected", error_text(err))
        self.app.services.feedback(self.message[0])
        self.refresh()

    @staticmethod
    def _taught(spec: TokenSpec, memory: TagMemory, written: str | None) -> str:
        taught = _("Taught: {token}.").format(token=spec.label.render())
        if written == "":
            return taught + " " + _("Its identity is written on the sticker.")
        problem = memory.problem or written
        if problem:
            return taught + " " + _("Nothing could be written on the sticker ({detail}); it works at this "
                                    "table all the same.").format(detail=problem)
        return taught


def _read(reader: Any, uid: str) -> TagMemory:
    """The identity written on tag ``uid`` (runs off the UI thread)."""
    try:
        _found, identity = reader.read_identity(uid=uid)
    except Exception as err:  # a tag that cannot be read is still taught, by the chosen group
        return TagMemory(problem=error_text(err))
    return TagMemory(identity=identity)


def _write(reader: Any, uid: str, game: str, token_id: str) -> str:
    """Write the identity on tag ``uid``: ``""`` when done, else why not (off the UI thread)."""
    from hardware.rfid.identity import TagIdentity

    try:
        reader.write_identity(TagIdentity(game, token_id), uid=uid)
    except Exception as err:  # a sticker that cannot be written still works at this table
        return error_text(err)
    return ""
