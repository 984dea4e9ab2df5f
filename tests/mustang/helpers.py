"""Building Mustang positions for tests: rigged hands, prairie and holdings.

Every helper keeps all 49 cards and 47 horses accounted for, so a rigged position is
one a real game could reach.
"""

from __future__ import annotations

from collections import Counter

from companion.game import Chance, Seat
from companion.games.mustang import GAME
from companion.games.mustang.actions import DrawToken
from companion.games.mustang.cards import full_deck
from companion.games.mustang.horses import HORSES

DECK = sorted(full_deck())

NAMES = ("Will", "Frank", "Lucky", "Calamity", "Jesse")


def new_game(players: int = 2, *, simulated: bool = True, flips=("stallion-red-1", "mare-red-1", "foal-red-1"),
             **options):
    """A game past its opening flips (the given tokens face up)."""
    state = GAME.start([Seat(n) for n in NAMES[:players]], options, seed=1, simulated_hands=simulated)
    for token in flips:
        GAME.apply(state, DrawToken(token))
    return state


def give_cards(state, seat: int, cards) -> None:
    """Make ``cards`` part of ``seat``'s hand (hand size unchanged), swapping with the
    supply or other hands."""
    hand = state.players[seat].hand
    wanted = list(cards)
    keep = []
    for card in wanted:
        if card in hand and hand.count(card) > keep.count(card):
            keep.append(card)
            continue
        for zone in [state.supply] + [p.hand for i, p in enumerate(state.players) if i != seat]:
            if card in zone:
                spare = next(c for c in hand if c not in wanted or hand.count(c) > wanted.count(c))
                zone[zone.index(card)] = spare
                hand[hand.index(spare)] = card
                keep.append(card)
                break
        else:
            raise AssertionError(f"{card} is nowhere to take it from")


def place(state, token: str, seat: int, where: str = "corral") -> None:
    """Move a horse from its stack (or the prairie) to ``seat``'s corral or stable."""
    kind = state.stack_of(token)
    if kind:
        state.stacks[kind].remove(token)
    elif token in state.prairie:
        state.prairie.remove(token)
    else:
        raise AssertionError(f"{token} is not free")
    getattr(state.players[seat], where).append(token)


def resolve_chances(state, *tokens: str) -> None:
    """Answer pending chance nodes with the given tokens, in order."""
    for token in tokens:
        assert isinstance(GAME.pending(state), Chance)
        GAME.apply(state, DrawToken(token))


def dealer(state) -> list[dict]:
    """The dealer's instructions as the play screen gets them."""
    return GAME.observation(state)["dealer_instructions"]


def deal(player: int, cards: int, **more) -> dict:
    """One "give cards" instruction, as :func:`dealer` lists it."""
    return {"kind": "deal", "player": player, "cards": cards, **more}


def all_horses(state) -> list[str]:
    held = [h for p in state.players for h in p.corral + p.stable]
    stacks = [h for s in state.stacks.values() for h in s]
    return sorted(held + stacks + state.prairie + state.out_of_game)


def all_cards(state) -> list:
    """Every card in hands, the supply and the discard pile (``None`` for an unseen one)."""
    return [c for p in state.players for c in p.hand] + list(state.supply) + list(state.discard)


def assert_accounted(state) -> None:
    """All 47 horses, each in one place; all 49 cards, and in simulation exactly the deck's
    cards (no card lost, doubled or replaced)."""
    assert all_horses(state) == sorted(HORSES)
    cards = all_cards(state)
    assert len(cards) == 49
    if state.simulated:
        assert sorted(cards) == DECK
    else:
        assert Counter(state.discard) <= Counter(DECK)
