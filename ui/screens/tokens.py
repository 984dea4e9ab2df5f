"""Token enrolment: teach the referee which RFID tag is which game token.

Players choose the kind and colour of the token in their hand, then lay it on a
reader; the next unenrolled token of that kind and colour gets the tag. Progress runs
through every token of the game (47 for Mustang); a tag that is already enrolled, or a
token group that is complete, is explained rather than silently accepted.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from kivy.uix.widget import Widget

from companion import games
from companion.game import TokenSpec
from companion.inputs import TagPlaced
from ui import D, theme
from ui.screens.base import Page
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


class TokenEnrolmentScreen(Page):
    page = "tokens"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.game_name = games.available()[0]
        self.group: GroupKey | None = None
        self.message: tuple[str, str] | None = None

    def title(self) -> str:
        return _("Teach the horse tokens")

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
        tokens = games.get_game(self.game_name).tokens()
        done = self.enrolled()
        by_group = groups(tokens)
        if self.group is None or all(s.id in done for s in by_group[self.group]):
            self.group = next((g for g, specs in by_group.items() if any(s.id not in done for s in specs)),
                              next(iter(by_group)))
        page.add_widget(Words("[b]" + escape(_("{done} of {total} tokens taught").format(
            done=sum(s.id in done for s in tokens), total=len(tokens))) + "[/b]", size="large"))
        if self.message is not None:
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
        buttons = []
        for key, specs in by_group.items():
            count = sum(s.id in done for s in specs)
            chosen = key == self.group
            label = f"{swatch(specs[0].colour)} {escape(specs[0].label.render())}  {count}/{len(specs)}"
            buttons.append(BigButton(("» " if chosen else "") + label, lambda key=key: self._choose(key),
                                     colour=theme.ACCENT if chosen else theme.SURFACE_HIGH,
                                     font_size=m.font_small))
        page.add_widget(grid(buttons, 2 if m.compact else 3))
        return scrolling(page)

    def _choose(self, key: GroupKey) -> None:
        self.group, self.message = key, None
        self.refresh()

    def handle_input(self, item: Any) -> bool:
        if not isinstance(item, TagPlaced) or self.registry is None:
            return False
        tokens = {s.id: s for s in games.get_game(self.game_name).tokens()}
        known = self.app.table.lookup(item.uid)
        if known is not None:
            label = tokens[known].label.render() if known in tokens else known
            self.message = ("info", _("This tag is already taught: it is the {token}. Lay another token.").format(
                token=label))
            self.app.services.feedback("rejected")
        else:
            done = self.enrolled()
            spec = next((s for s in groups(tuple(tokens.values()))[self.group] if s.id not in done), None)
            if spec is None:
                self.message = ("rejected", _("Every token of this kind and colour is taught. Choose another."))
                self.app.services.feedback("rejected")
            else:
                self.registry.enroll(item.uid, self.game_name, spec.id)
                self.message = ("accepted", _("Taught: {token}.").format(token=spec.label.render()))
                self.app.services.feedback("accepted")
        self.refresh()
        return True
