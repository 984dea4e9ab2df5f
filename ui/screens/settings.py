"""Settings: language (switches live), rule options, and, behind the admin PIN, the
hardware backends and pins and the PIN itself. Everything is saved to the
configuration file with :func:`hardware.config.save_config`."""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import Any

from kivy.uix.widget import Widget

from companion import games
from companion.game import OptionKind
from companion.i18n import LANGUAGE_NAMES, LANGUAGES, current_language
from companion.pin import hash_pin
from hardware.config import gpio_pin_choices
from ui import D, theme
from ui.screens.base import Page
from ui.widgets import BigButton, Column, Keypad, Panel, Words, escape, row, scrolling, sizes

_, N_, ngettext = D.markers()

BACKENDS: dict[str, tuple[str, ...]] = {
    "rfid": ("mfrc522", "simulated"),
    "camera": ("picamera2", "opencv", "replay", "synthetic"),
    "gpio": ("native", "mock"),
}
DEVICE_NAMES = {"rfid": N_("Token readers"), "camera": N_("Camera"), "gpio": N_("Buttons, light and buzzer")}
PIN_NAMES = {
    "confirm_button": N_("Confirm button"), "undo_button": N_("Undo button"), "led_red": N_("Light, red"),
    "led_green": N_("Light, green"), "led_blue": N_("Light, blue"), "buzzer": N_("Buzzer"),
}


def neighbours(choices: list[int], pin: int) -> tuple[int, int]:
    """The allowed pins just below and just above ``pin`` (``pin`` itself at either end):
    where the − and + of a pin stepper go, skipping the pins the settings file refuses."""
    lower = max((p for p in choices if p < pin), default=pin)
    higher = min((p for p in choices if p > pin), default=pin)
    return lower, higher


class SettingsScreen(Page):
    page = "settings"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.unlocked = False

    def title(self) -> str:
        return _("Settings")

    def on_leave(self, *args: Any) -> None:
        self.unlocked = False
        super().on_leave(*args)

    @property
    def config(self) -> Any:
        return self.app.services.config

    def build(self) -> Widget:
        page = Column()
        page.add_widget(self._section(_("Language"), [row(*[
            BigButton(("» " if lang == current_language() else "") + LANGUAGE_NAMES[lang],
                      partial(self.app.set_language, lang),
                      colour=theme.ACCENT if lang == current_language() else theme.SURFACE_HIGH)
            for lang in LANGUAGES])]))
        for name in games.available():
            page.add_widget(self._rules(name))
        if self.unlocked:
            page.add_widget(self._hardware())
        else:
            page.add_widget(BigButton(_("Hardware settings (admin PIN)"), lambda: self.with_pin(self._unlock)))
        return scrolling(page)

    def _section(self, title: str, children: list[Widget]) -> Widget:
        box = Panel(orientation="vertical", size_hint_y=None)
        box.bind(minimum_height=box.setter("height"))
        box.add_widget(Words(f"[b]{escape(title)}[/b]", size="large"))
        for child in children:
            box.add_widget(child)
        return box

    # --- rules -----------------------------------------------------------------------
    def _rules(self, name: str) -> Widget:
        game = games.get_game(name)
        values = self.config.rule_options(name)
        children: list[Widget] = []
        for option in game.options:
            value = values[option.name]
            children.append(Words(f"[b]{escape(option.title.render())}[/b]"))
            children.append(Words(escape(option.explanation.render()), size="small", dim=True))
            choices = ([(True, _("On")), (False, _("Off"))] if option.kind is OptionKind.BOOL
                       else [(k, t.render()) for k, t in option.choices.items()])
            buttons = [BigButton(("» " if key == value else "") + escape(label),
                                 partial(self._set_rule, name, option.name, key),
                                 colour=theme.ACCENT if key == value else theme.SURFACE_HIGH)
                       for key, label in choices]
            if len(buttons) <= 2:
                children.append(row(*buttons))
            else:
                children.extend(buttons)
        return self._section(_("Rules of {game}").format(game=game.title.render()), children)

    def _set_rule(self, game: str, option: str, value: Any) -> None:
        rules = {g: dict(v) for g, v in self.config.rules.items()}
        rules.setdefault(game, {})[option] = value
        self._save(dataclasses.replace(self.config, rules=rules))

    # --- hardware (admin) ----------------------------------------------------------------
    def _unlock(self) -> None:
        self.unlocked = True
        self.refresh()

    def _hardware(self) -> Widget:
        m = sizes()
        real = self.config.for_saving()
        children: list[Widget] = []
        if self.config.simulated:
            children.append(Words(escape(_("The app runs in simulation now; these are the settings the table "
                                          "uses without simulation.")), size="small", dim=True))
        for section, backends in BACKENDS.items():
            current = getattr(real, section).backend
            children.append(Words(escape(_(DEVICE_NAMES[section]))))
            children.append(row(*[BigButton(("» " if b == current else "") + b,
                                            partial(self._set, section, "backend", b),
                                            colour=theme.ACCENT if b == current else theme.SURFACE_HIGH)
                                  for b in backends]))
        children.append(Words(escape(_("GPIO pins (BCM numbers)"))))
        for key, label in PIN_NAMES.items():
            pin = getattr(real.gpio, key)
            lower, higher = neighbours(gpio_pin_choices(real, key), pin)
            children.append(row(
                Words(escape(_(label)), size_hint_y=1),
                BigButton("−", partial(self._set, "gpio", key, lower), disabled=lower == pin,
                          size_hint_x=None, width=m.touch),
                Words(f"[b]{pin}[/b]", halign="center", size_hint_y=1, size_hint_x=None, width=m.touch * 1.2),
                BigButton("+", partial(self._set, "gpio", key, higher), disabled=higher == pin,
                          size_hint_x=None, width=m.touch)))
        children.append(BigButton(_("Change the admin PIN"), self._change_pin))
        children.append(Words(escape(_("Hardware changes take effect when the app is started again.")),
                             size="small", dim=True))
        return self._section(_("Hardware"), children)

    def _set(self, section: str, key: str, value: Any) -> None:
        real = self.config.for_saving()
        changed = dataclasses.replace(real, **{section: dataclasses.replace(getattr(real, section), **{key: value})})
        self._save(changed)

    def _change_pin(self) -> None:
        def done(pin: str) -> None:
            if not 4 <= len(pin) <= 8:
                self.explain(_("A PIN has 4 to 8 digits."))
                return
            if self._save(dataclasses.replace(self.config, app=dataclasses.replace(self.config.app,
                                                                                   admin_pin=hash_pin(pin)))):
                self.explain(_("The new admin PIN is saved."))

        Keypad(_("New admin PIN (4 to 8 digits)"), done, digits=True, max_length=8).open()

    def _save(self, config: Any) -> bool:
        """Save and use ``config``; ``False`` when the settings went to a new file beside
        one with a mistake (the table is told where)."""
        simulated = self.config.simulated
        saved = config.for_saving() if config.simulated else config
        notice = self.app.services.save_config(saved)
        self.app.services.config = saved.simulate() if simulated else saved
        self.refresh()
        if notice is not None:
            self.explain(notice.render(), title=_("Check the settings"))
        return notice is None
