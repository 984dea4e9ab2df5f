"""The configuration file: defaults, every section, errors that name the key, saving.

The file is read as the referee reads it (:class:`referee.settings.Settings`, the device
sections with ``[app] default_game`` and ``[rules.*]``) but where a test is about the
device layer alone (:class:`hardware.config.Config`)."""

from __future__ import annotations

import dataclasses
import re
import sys
import tomllib
import types
from pathlib import Path

import pytest

from companion import games
from companion.game import Game, OptionKind, RuleOption
from companion.i18n import Text
from companion.pin import PinGuard, hash_pin, pin_matches
from hardware import config as device_config
from hardware.config import (CameraConfig, Config, ConfigError, GpioConfig, ZoneConfig, dump_config, gpio_pin_choices,
                             save_config, saved_elsewhere)
from hardware.rfid.settings import ReaderConfig, RfidConfig
from referee.settings import AppSettings, Settings


class Dice(Game):
    """A game that exists only for these tests: two rule options, no play."""

    name = "dice"
    title = Text.raw("Dice")
    min_players, max_players = 2, 4
    options = (
        RuleOption("doubles_again", OptionKind.BOOL, False, Text.raw("Doubles again"), Text.raw("")),
        RuleOption("target", OptionKind.CHOICE, "fifty", Text.raw("Target"), Text.raw(""),
                   choices={"fifty": Text.raw("50"), "hundred": Text.raw("100")}),
    )
    new_state = pending = check = _apply = legal_actions = sample_chance = observation = view = scores = None


@pytest.fixture(autouse=True)
def dice_game(monkeypatch):
    module = types.ModuleType("dice_for_config_tests")
    module.GAME = Dice()
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(games.GAME_PACKAGES, "dice", module.__name__)


def load_config(path: Path | None = None, *, simulate: bool = False) -> Settings:
    return device_config.load_config(path, simulate=simulate, cls=Settings)


def load_config_or_defaults(path: Path, *, simulate: bool = False) -> tuple[Settings, ConfigError | None]:
    return device_config.load_config_or_defaults(path, simulate=simulate, cls=Settings)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path: Path, text: str) -> str:
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, text))
    return err.value.text.render("en")


def test_a_missing_file_means_every_default(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_STATE", str(tmp_path / "state"))
    config = load_config(tmp_path / "absent.toml")
    assert config == Settings()
    assert config.app == AppSettings(language="nl", database=tmp_path / "state" / "games.sqlite3",
                                   admin_pin="0000", default_game="mustang")
    assert (config.camera.width, config.camera.height, config.camera.fps) == (640, 480, 15)
    assert config.gpio.pins() == {"confirm_button": 5, "undo_button": 6, "led_red": 17,
                                  "led_green": 27, "led_blue": 22, "buzzer": 18}
    assert config.rfid == RfidConfig()
    assert config.zone.method == "markers" and config.zone.corners is None


def test_the_default_location_comes_from_companion_paths(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CONFIG", str(write(tmp_path, "[app]\nlanguage = 'fr'\n")))
    assert load_config().app.language == "fr"


def test_every_section_is_read(tmp_path):
    config = load_config(write(tmp_path, """
[app]
language = "en"
database = "~/games/table.sqlite3"
admin_pin = "01234"
default_game = "dice"

[rules.dice]
doubles_again = true
target = "hundred"

[rfid]
backend = "simulated"
poll_interval = 0.1
removal_misses = 3

[[rfid.readers]]
zone = "draw"
reset_pin = 24

[[rfid.readers]]
zone = "discard"
device = 1
irq_pin = 16

[camera]
backend = "opencv"
width = 1280
height = 720
fps = 30
device = 2
exposure_us = 10000
awb_gains = [1.5, 2]
rotation = 180

[gpio]
backend = "mock"
confirm_button = 12
undo_button = 13
buzzer = 26
led_active_high = false

[zone]
method = "manual"
corners = [[10, 20], [600, 22.5], [610, 460], [8, 470]]
model = "/srv/decks/mustang.npz"
"""))
    assert dataclasses.replace(config.app, admin_pin="01234") == AppSettings(
        "en", Path.home() / "games" / "table.sqlite3", "01234", "dice")
    assert config.app.admin_pin.startswith("scrypt$") and pin_matches(config.app.admin_pin, "01234")
    assert config.rules == {"dice": {"doubles_again": True, "target": "hundred"}}
    assert config.rule_options("dice") == {"doubles_again": True, "target": "hundred"}
    assert config.rfid == RfidConfig(backend="simulated", poll_interval=0.1, removal_misses=3, readers=(
        ReaderConfig(zone="draw", reset_pin=24), ReaderConfig(zone="discard", device=1, irq_pin=16)))
    assert config.camera == CameraConfig(backend="opencv", width=1280, height=720, fps=30, device=2,
                                         exposure_us=10000, awb_gains=(1.5, 2.0), rotation=180)
    assert config.gpio == GpioConfig(backend="mock", confirm_button=12, undo_button=13, buzzer=26,
                                     led_active_high=False)
    assert config.zone == ZoneConfig("manual", ((10.0, 20.0), (600.0, 22.5), (610.0, 460.0), (8.0, 470.0)),
                                     Path("/srv/decks/mustang.npz"))


def test_relative_paths_start_at_the_settings_files_directory(tmp_path):
    config = load_config(write(tmp_path,
                               "[camera]\nbackend = 'replay'\npath = 'shots'\n[zone]\nmodel = 'decks/m.npz'\n"))
    assert config.camera.path == tmp_path / "shots"
    assert config.zone.model == tmp_path / "decks" / "m.npz"


def test_rule_options_not_in_the_file_keep_the_games_defaults(tmp_path):
    config = load_config(write(tmp_path, "[rules.dice]\ntarget = 'hundred'\n"))
    assert config.rules == {"dice": {"target": "hundred"}}
    assert config.rule_options("dice") == {"doubles_again": False, "target": "hundred"}


@pytest.mark.parametrize("text, expected", [
    ("[camera]\nwidth = 'abc'\n",
     "config.toml: [camera] width must be a whole number between 160 and 4056, not 'abc'."),
    ("[camera]\nwidht = 640\n", "config.toml: [camera] widht is not a setting; known settings: backend, width,"),
    ("[camera]\nfps = 15.5\n", "[camera] fps must be a whole number between 1 and 120, not 15.5."),
    ("[camera]\nbackend = 'webcam'\n",
     "[camera] backend must be one of 'picamera2', 'opencv', 'replay', 'synthetic', not 'webcam'."),
    ("[camera]\nrotation = 45\n", "[camera] rotation must be one of 0, 90, 180, 270, not 45."),
    ("[camera]\nrotation = 90.0\n", "[camera] rotation must be one of 0, 90, 180, 270, not 90.0."),
    ("[camera]\nawb_gains = [1.5]\n", "[camera] awb_gains must be two numbers [red, blue] between 0 and 32"),
    ("[camera]\nbackend = 'replay'\n", "[camera] path is needed when backend is \"replay\""),
    ("[app]\nlanguage = 'de'\n", "[app] language must be one of 'nl', 'fr', 'en', not 'de'."),
    ("[app]\nadmin_pin = 1234\n", "[app] admin_pin must be 4 to 8 digits in quotes, like \"0000\", not 1234."),
    ("[app]\nadmin_pin = '12a4'\n", "[app] admin_pin must be 4 to 8 digits"),
    ("[app]\ndefault_game = 'chess'\n", "[app] default_game must be one of 'bumerang'"),
    ("[gpio]\nbuzzer = 40\n", "[gpio] buzzer must be a whole number between 0 and 27, not 40."),
    ("[gpio]\nled_active_high = 'yes'\n", "[gpio] led_active_high must be true or false (without quotes), not 'yes'."),
    ("[gpio]\nundo_button = 5\n", "[gpio] undo_button uses BCM pin 5, which [gpio] confirm_button already uses."),
    ("[[rfid.readers]]\nreset_pin = 18\n",
     "[[rfid.readers]] #1 reset_pin uses BCM pin 18, which [gpio] buzzer already uses."),
    ("[[rfid.readers]]\nirq_pin = 5\n",
     "[[rfid.readers]] #1 irq_pin uses BCM pin 5, which [gpio] confirm_button already uses."),
    ("[[rfid.readers]]\nzone = 'a'\nreset_pin = 24\n[[rfid.readers]]\nzone = 'b'\ndevice = 1\nirq_pin = 24\n",
     "[[rfid.readers]] #2 irq_pin uses BCM pin 24, which [[rfid.readers]] #1 reset_pin already uses."),
    ("[[rfid.readers]]\nzone = 'a'\nirq_pin = 4\n[[rfid.readers]]\nzone = 'b'\ndevice = 1\nirq_pin = 4\n",
     "[[rfid.readers]] #2 irq_pin uses BCM pin 4, which [[rfid.readers]] #1 irq_pin already uses."),
    ("[[rfid.readers]]\nreset_pin = 4\nirq_pin = 4\n",
     "[[rfid.readers]] #1 irq_pin uses BCM pin 4, which [[rfid.readers]] #1 reset_pin already uses."),
    ("[gpio]\nbuzzer = 8\n",
     "config.toml: [gpio] buzzer uses BCM pin 8, which belongs to SPI bus 0 of the RFID readers (BCM 7, 8, 9, 10, 11)"),
    ("[[rfid.readers]]\nirq_pin = 9\n", "[[rfid.readers]] #1 irq_pin uses BCM pin 9, which belongs to SPI bus 0"),
    ("[[rfid.readers]]\nzone = 'a'\n[[rfid.readers]]\nzone = 'b'\nbus = 1\n",
     "[gpio] led_red uses BCM pin 17, which belongs to SPI bus 1 of the RFID readers (BCM 16, 17, 18, 19, 20, 21)"),
    ("[[rfid.readers]]\nzone = 'a'\n[[rfid.readers]]\nzone = 'a'\n",
     "config.toml: [rfid] Two RFID readers watch the zone a"),
    ("[[rfid.readers]]\nzone = 'a'\n[[rfid.readers]]\nzone = 'b'\n",
     "config.toml: [rfid] Two RFID readers use SPI bus 0, chip select 0"),
    ("[[rfid.readers]]\nspeed = 3\n", "[[rfid.readers]] #1 speed is not a setting"),
    ("[rfid]\nremoval_misses = 1\n", "[rfid] removal_misses must be a whole number between 2 and 20, not 1."),
    ("[rfid]\nreaders = 3\n", "[rfid] readers must be one or more [[rfid.readers]] tables, not 3."),
    ("[zone]\nmethod = 'manual'\n", "[zone] corners are needed when method is \"manual\""),
    ("[zone]\ncorners = [[0, 0], [1, 1]]\n", "[zone] corners must be four [x, y] pairs of frame pixels"),
    ("[rules.dice]\ntarget = 'ten'\n",
     "config.toml: [rules.dice] Rule option target cannot be 'ten'; allowed: fifty, hundred."),
    ("[rules.dice]\njokers = true\n", "[rules.dice] Unknown rule option jokers; known: doubles_again, target."),
    ("[rules.chess]\nclock = 5\n", "[rules.chess] names a game the referee does not know"),
    ("[screen]\nbrightness = 1\n", "config.toml: unknown section [screen]; known sections: app, rules,"),
    ("camera = 3\n", "config.toml: [camera] must be a table of settings, not 3."),
])
def test_bad_values_are_reported_with_their_key(tmp_path, text, expected):
    assert expected in error_of(tmp_path, text)


def test_readers_may_share_a_reset_pin_and_spi1_pins_are_free_without_a_reader_on_bus_1(tmp_path):
    config = load_config(write(tmp_path, "[gpio]\nbuzzer = 19\n[[rfid.readers]]\nzone = 'a'\n"
                                         "[[rfid.readers]]\nzone = 'b'\ndevice = 1\n"))
    assert [r.reset_pin for r in config.rfid.readers] == [25, 25] and config.gpio.buzzer == 19


def test_a_second_bus_works_once_the_led_and_buzzer_moved_off_it(tmp_path):
    config = load_config(write(tmp_path, "[gpio]\nled_red = 23\nbuzzer = 26\n[[rfid.readers]]\nzone = 'a'\n"
                                         "[[rfid.readers]]\nzone = 'b'\nbus = 1\nreset_pin = 24\n"))
    assert [r.bus for r in config.rfid.readers] == [0, 1]


def test_pin_choices_leave_out_other_keys_pins_and_the_spi_buses_in_use(tmp_path):
    default = gpio_pin_choices(Config(), "buzzer")
    assert 18 in default and 19 in default and 26 in default
    for taken in (5, 6, 17, 22, 27, 25, 7, 8, 9, 10, 11):  # other [gpio] keys, the reset pin, SPI0
        assert taken not in default
    on_bus_1 = load_config(write(tmp_path, "[gpio]\nled_red = 23\nbuzzer = 26\n[[rfid.readers]]\nzone = 'a'\n"
                                           "[[rfid.readers]]\nzone = 'b'\nbus = 1\nreset_pin = 24\n"))
    assert not set(gpio_pin_choices(on_bus_1, "buzzer")) & {16, 17, 18, 19, 20, 21, 23, 24, 25}


def test_pin_clashes_are_reported_in_the_tables_language(tmp_path):
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, "[gpio]\nbuzzer = 10\n"))
    for lang in ("nl", "fr"):
        message = err.value.text.render(lang)
        assert message.startswith("config.toml") and "[gpio] buzzer " in message and "10" in message
        assert message != err.value.text.render("en")


def test_errors_are_translated(tmp_path):
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, "[camera]\nwidth = 'abc'\n"))
    dutch, french = err.value.text.render("nl"), err.value.text.render("fr")
    assert "[camera] width" in dutch and "'abc'" in dutch and dutch != err.value.text.render("en")
    assert "[camera] width" in french and "4056" in french and french != dutch


def test_a_corrupt_file_is_reported_and_the_app_can_run_on_defaults(tmp_path):
    path = write(tmp_path, "[camera\nwidth = 640\n")
    message = error_of(tmp_path, "[camera\nwidth = 640\n")
    assert "config.toml is not a valid settings file" in message and "line 1" in message
    config, error = load_config_or_defaults(path, simulate=True)
    assert config == Settings().simulate() and config.camera.backend == "synthetic"
    assert isinstance(error, ConfigError)


def test_a_file_that_is_not_text_is_a_corrupt_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ConfigError, match="not a valid settings file"):
        load_config(path)


def test_an_unreadable_path_is_reported(tmp_path):
    (tmp_path / "config.toml").mkdir()
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(tmp_path / "config.toml")


def test_simulate_switches_every_backend_and_saving_keeps_the_real_ones(tmp_path):
    path = write(tmp_path, "[camera]\nbackend = 'opencv'\n[gpio]\nbackend = 'native'\n")
    config = load_config(path, simulate=True)
    assert (config.rfid.backend, config.camera.backend, config.gpio.backend) == ("simulated", "synthetic", "mock")
    assert config.simulated
    changed = dataclasses.replace(config, app=dataclasses.replace(config.app, language="fr"))
    save_config(changed, path)
    again = load_config(path)
    assert again.camera.backend == "opencv" and again.rfid.backend == "mfrc522"
    assert again.app.language == "fr"


def test_save_and_load_round_trip(tmp_path):
    config = Settings(
        app=AppSettings(language="fr", database=tmp_path / "db" / "games.sqlite3", admin_pin=hash_pin("98765432"),
                      default_game="dice"),
        rules={"dice": {"doubles_again": True}},
        rfid=RfidConfig(backend="simulated", poll_interval=0.02, readers=(
            ReaderConfig(zone="draw"), ReaderConfig(zone="hand \"2\"", device=1, irq_pin=4))),
        camera=CameraConfig(backend="replay", path=tmp_path / "shots", fps=10, awb_gains=(1.25, 3.0),
                            exposure_us=12000, rotation=270),
        gpio=GpioConfig(confirm_button=20, undo_button=21, led_active_high=False),
        zone=ZoneConfig(method="manual", corners=((0, 0), (639.5, 0), (639.5, 479), (0, 479)),
                        model=tmp_path / "deck.npz"),
    )
    with pytest.raises(ConfigError, match="zone must be a short name"):  # never saves what cannot load
        save_config(config, tmp_path / "config.toml")
    assert not (tmp_path / "config.toml").exists()
    config = dataclasses.replace(config, rfid=dataclasses.replace(
        config.rfid, readers=(ReaderConfig(zone="draw"), ReaderConfig(zone="hand-2", device=1, irq_pin=4))))
    path = save_config(config, tmp_path / "nested" / "config.toml")
    assert load_config(path) == config
    assert not list(path.parent.glob("*.tmp"))


def test_saving_defaults_writes_only_the_header(tmp_path):
    text = dump_config(Config())
    assert tomllib.loads(text) == {}
    assert text.startswith("# Table companion settings")


def test_saving_writes_only_what_differs_from_the_defaults(tmp_path):
    text = dump_config(Config(gpio=GpioConfig(buzzer=26)))
    assert tomllib.loads(text) == {"gpio": {"buzzer": 26}}


def test_a_failed_save_leaves_the_old_file(tmp_path, monkeypatch):
    path = write(tmp_path, "[app]\nlanguage = 'en'\n")

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("hardware.config.os.fsync", broken_fsync)
    with pytest.raises(ConfigError, match="No space left on device"):
        save_config(Settings(app=AppSettings(language="fr")), path)
    assert path.read_text() == "[app]\nlanguage = 'en'\n"
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]


def test_the_example_file_holds_the_defaults_and_lists_every_key():
    example = Path(__file__).resolve().parents[2] / "config.example.toml"
    assert load_config(example) == Settings()
    keys = set(re.findall(r"^(?:# )?([a-z_]+) = ", example.read_text(encoding="utf-8"), re.MULTILINE))
    for cls in (AppSettings, CameraConfig, GpioConfig, ZoneConfig, RfidConfig, ReaderConfig):
        assert {f.name for f in dataclasses.fields(cls)} - {"readers"} <= keys, cls.__name__


def test_the_device_layer_alone_knows_no_game_table(tmp_path):
    path = write(tmp_path, "[app]\nlanguage = 'fr'\ndefault_game = 'dice'\n[rules.dice]\ntarget = 'hundred'\n")
    config, error = device_config.load_config_or_defaults(path)
    message = error.text.render("en")
    assert "config.toml: [app] default_game is not a setting; known settings: language, database, admin_pin." in message
    assert "config.toml: unknown section [rules]; known sections: app, rfid, camera, gpio, zone." in message
    assert type(config) is Config and config.app.language == "fr"
    settings = load_config(path)
    assert settings.app.default_game == "dice" and settings.rules == {"dice": {"target": "hundred"}}


def test_a_game_table_that_is_not_a_table_is_named(tmp_path):
    assert "config.toml: [rules.dice] must be a table of settings, not 3." in error_of(tmp_path, "[rules]\ndice = 3\n")
    assert "config.toml: [rules] must be a table of settings, not 'x'." in error_of(tmp_path, "rules = 'x'\n")


def test_a_game_that_is_not_installed_is_named(tmp_path, monkeypatch):
    monkeypatch.setitem(games.GAME_PACKAGES, "dice", "no_such_dice_module")
    message = error_of(tmp_path, "[rules.dice]\ntarget = 'hundred'\n")
    assert "config.toml: [rules.dice] cannot be checked: the game is not installed (No module named" in message


# --- a file with a mistake, the owner's layout, the PIN ---------------------------------------

OWNERS_FILE = """# The table in the back room.
[app]
language = "fr"   # the players speak French
admin_pin = "4321"

# A wide-angle camera.
[camera]
width = 'abc'
fps = 10
"""


def test_a_typo_keeps_every_other_value_and_names_the_wrong_key_in_the_players_language(tmp_path):
    path = write(tmp_path, OWNERS_FILE + "[gpio]\nbuzzer = 99\nled_red = 23\n")
    config, error = load_config_or_defaults(path)
    assert config.app.language == "fr" and pin_matches(config.app.admin_pin, "4321")
    assert not pin_matches(config.app.admin_pin, "0000")
    assert config.camera.fps == 10 and config.camera.width == 640 and config.gpio.led_red == 23
    assert config.gpio.buzzer == GpioConfig().buzzer
    english, french = error.text.render("en"), error.text.render("fr")
    assert "[camera] width must be a whole number" in english and "[gpio] buzzer must be" in english
    assert "[camera] width" in french and "[gpio] buzzer" in french and french != english


def test_clashing_values_put_only_their_section_back():
    config, problems = device_config.salvage_config("[app]\nlanguage = 'en'\n[gpio]\nundo_button = 5\n"
                                                    "[camera]\nbackend = 'replay'\nfps = 5\n", cls=Settings)
    assert config.app.language == "en" and config.gpio == GpioConfig()
    assert config.camera.backend == "picamera2" and config.camera.fps == 5
    assert len(problems) == 2


def test_a_file_with_a_mistake_is_never_written_over(tmp_path):
    path = write(tmp_path, OWNERS_FILE)
    config, _error = load_config_or_defaults(path)
    changed = dataclasses.replace(config, app=dataclasses.replace(config.app, language="nl"))
    written = save_config(changed, path)
    assert path.read_text(encoding="utf-8") == OWNERS_FILE
    assert written == tmp_path / "config.new.toml"
    again = load_config(written)
    assert again.app.language == "nl" and again.camera.fps == 10 and pin_matches(again.app.admin_pin, "4321")
    notice = saved_elsewhere(path, written)
    for lang in ("nl", "fr", "en"):
        assert str(path) in notice.render(lang) and str(written) in notice.render(lang)
    assert notice.render("nl") != notice.render("en")
    assert saved_elsewhere(written, written) is None


def test_saving_changes_only_the_changed_line_and_keeps_the_owners_comments(tmp_path):
    text = OWNERS_FILE.replace("width = 'abc'", "width = 800  # the lens is wide").replace('admin_pin = "4321"\n', "")
    path = write(tmp_path, text)
    config = load_config(path)
    rules = {"dice": {"target": "hundred"}}
    save_config(dataclasses.replace(config, camera=dataclasses.replace(config.camera, fps=12), rules=rules), path)
    saved = path.read_text(encoding="utf-8")
    assert saved.startswith(text.split("fps")[0])  # comments, order and the PIN line untouched
    assert "fps = 12" in saved and "width = 800  # the lens is wide" in saved
    assert tomllib.loads(saved)["rules"] == {"dice": {"target": "hundred"}}
    assert load_config(path).camera.fps == 12


def test_a_relative_path_stays_relative_when_another_value_is_saved(tmp_path, monkeypatch):
    path = write(tmp_path, "[zone]\nmodel = 'decks/m.npz'\n")
    monkeypatch.chdir("/")
    config = load_config(path)
    save_config(dataclasses.replace(config, app=dataclasses.replace(config.app, language="fr")), path)
    assert "model = 'decks/m.npz'" in path.read_text(encoding="utf-8")
    assert load_config(path).zone.model == tmp_path / "decks" / "m.npz"


def test_a_pin_from_an_older_file_is_hashed_at_the_next_save_and_still_works(tmp_path):
    path = write(tmp_path, "[app]\nadmin_pin = \"4321\"  # keep it secret\n")
    config = load_config(path)
    save_config(dataclasses.replace(config, app=dataclasses.replace(config.app, language="en")), path)
    saved = path.read_text(encoding="utf-8")
    assert "4321" not in saved and "admin_pin = \"scrypt$" in saved
    assert pin_matches(load_config(path).app.admin_pin, "4321")


def test_the_same_pin_hashes_differently_each_time():
    first, second = hash_pin("1234"), hash_pin("1234")
    assert first != second and pin_matches(first, "1234") and pin_matches(second, "1234")
    assert not pin_matches(first, "12345")


def test_wrong_pins_make_the_next_try_wait_longer_and_longer():
    now = [0.0]
    guard = PinGuard(clock=lambda: now[0])
    stored = hash_pin("2468")
    assert not guard.check(stored, "0000") and not guard.check(stored, "1111") and guard.wait() == 0
    assert not guard.check(stored, "2222") and guard.wait() == 30
    assert not guard.check(stored, "2468")  # during the wait even the right PIN is refused
    now[0] += 61
    assert guard.wait() == 0 and guard.check(stored, "2468")
    assert not guard.check(stored, "0000") and guard.wait() == 0  # a right PIN starts the count again
