"""One module per screen; :data:`PAGES` lists them in the order the app registers them."""

from ui.screens.board_editor import BoardEditorScreen
from ui.screens.deck import DeckEnrolmentScreen
from ui.screens.hardware import HardwareScreen
from ui.screens.history import HistoryScreen
from ui.screens.home import HomeScreen
from ui.screens.new_game import NewGameScreen
from ui.screens.play import PlayScreen
from ui.screens.scores import ScoresScreen
from ui.screens.scoring import ScoringScreen
from ui.screens.settings import SettingsScreen
from ui.screens.tokens import TokenEnrolmentScreen

PAGES = (HomeScreen, NewGameScreen, PlayScreen, ScoresScreen, HistoryScreen, SettingsScreen, HardwareScreen,
         TokenEnrolmentScreen, DeckEnrolmentScreen, ScoringScreen, BoardEditorScreen)
"""Every screen; the first is shown at start."""
