"""The Mustang rules engine: :class:`Mustang`, a :class:`companion.game.Game`.

The flow of a turn. The current player takes one action (exchange, catch, steal,
stable). Its consequences are queued as :class:`~.state.Step` s: a token drawn from a
stack (a chance outcome), the owner's defence and the thief's penalty (decisions), the
refill of every hand that played or discarded cards (automatic; the referee tells the
dealer who gets how many), the events revealed when the supply ran out (a chance
outcome, then decisions player by player), and the end of the turn. The end of the game
is checked after every change and stops everything at once.

Everything follows ``shared/rulings/mustang.md``; each rejection cites the rulebook.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from typing import Any, Callable, Mapping, Sequence

from companion.errors import GameError
from companion.game import (Action, BGStats, CardSpec, Chance, Decision, Deck, Game, HoldingPlace, Over, Pending,
                            Proposal, ScoreSheet, Seat, Sensed, Setup, Showcase, TokenSpec, Verdict)
from companion.games.mustang import cards as C
from companion.games.mustang.changes import changes, snapshot
from companion.games.mustang.actions import (ACTION_TYPES, Catch, Decline, Defend, DiscardCowboys, Done,
                                             DrawToken, Exchange, Release, RevealEvent, Stable, Steal)
from companion.games.mustang.faces import FACE_ART
from companion.games.mustang.horses import (HORSES, SPECIALS, STACK_KINDS, HorseKind, counts_as,
                                            tokens_of)
from companion.games.mustang.options import EVENT_DECKS, OPTIONS
from companion.games.mustang.scoring import Holdings, score_holdings, score_state
from companion.games.mustang.state import Deal, GameEnd, Instruction, MustangState, PlayerState, Step
from companion.games.mustang.texts import (TITLE, CARD_NAMES, COMBO_NAMES, EVENT_NAMES, NEEDS, RUN_OUT, STACK_EMPTY,
                                           STACK_TOPS, STEAL_NEEDS, Section, horse_name, t, tn)
from companion.i18n import Text
from companion.view import View

HAND = C.HAND_SIZE

_CATCHES: dict[str, C.ComboKind] = {**{h.id: h.kind.combination for h in HORSES.values()},
                                    **{k.value: k.combination for k in STACK_KINDS}}
"""The combination that takes each horse, and the top of each stack (by stack name)."""


def card_name(card: str) -> Text:
    if card == C.COWBOY:
        return t("cowboy")
    n = C.natural(card)
    if n is None:
        return Text.raw(card)
    return t(CARD_NAMES[n.colour], value=n.value)


def combo_name(combo: C.Combination) -> Text:
    return t(COMBO_NAMES[combo.kind.value], value=combo.value)


def _reject(reason: str, section: Section, message: Text) -> Verdict:
    return Verdict.reject(reason, section.text, message)


class Mustang(Game[MustangState]):
    """Mustang (Wolf Fang, 2007) for 2–5 players."""

    name = "mustang"
    title = TITLE
    min_players = 2
    max_players = 5
    options = OPTIONS
    action_types = ACTION_TYPES
    bgstats = BGStats(None)
    panels = "companion.games.mustang.panels"
    token_words = {"enter": t("Enter a horse by hand"), "scanned": t("Which horse was scanned?"),
                   "drawn": t("Which horse was drawn?")}

    # --- catalogue --------------------------------------------------------------------
    def tokens(self) -> tuple[TokenSpec, ...]:
        return tuple(TokenSpec(h.id, h.kind.value, h.colour, horse_name(h.id)) for h in HORSES.values())

    def showcases(self, seats: Sequence[Seat]) -> tuple[Showcase, ...]:
        from companion.games.mustang.showcase import showcases   # pictures only: not loaded with the rules

        return showcases(self, seats)

    def decks(self) -> tuple[Deck, ...]:
        """The cowboy cards and the event cards, taught as one deck: the camera reads the
        cards played and the event turned over."""
        cowboys = tuple(CardSpec(card, card_name(card), C.copies(card), FACE_ART[card]) for card in C.DECK_IDS)
        events = tuple(CardSpec(event, t(EVENT_NAMES[event]), EVENT_DECKS["standard"].count(event), FACE_ART[event])
                       for event in dict.fromkeys(EVENT_DECKS["standard"]))
        return (Deck("mustang", t("Cowboy and event cards"), cowboys + events),)

    # --- setup ------------------------------------------------------------------------
    def new_state(self, setup: Setup, options: Mapping[str, Any], *, seed: int = 0) -> MustangState:
        seats, dealer, simulated_hands = setup.seats, setup.dealer, setup.simulated_hands
        opts = dict(options)
        if simulated_hands:
            deck = C.full_deck()
            random.Random(f"mustang:{seed}:deal").shuffle(deck)
            hands: list[list[str | None]] = [list(deck[i * HAND:(i + 1) * HAND]) for i in range(len(seats))]
            supply: list[str | None] = list(deck[len(seats) * HAND:])
        else:
            hands = [[None] * HAND for _ in seats]
            supply = [None] * (len(C.full_deck()) - len(seats) * HAND)
        state = MustangState(
            seats=seats, options=opts, seed=seed, dealer=dealer, simulated=simulated_hands,
            players=[PlayerState(hand=list(h)) for h in hands], current=dealer,
            stacks={k.value: set(tokens_of(k)) for k in STACK_KINDS},
            prairie=list(SPECIALS), supply=supply,
            event_deck=list(EVENT_DECKS[opts["event_deck"]]),
            agenda=[Step("flip", stack=k.value) for k in STACK_KINDS],
            dealer_instructions=[Instruction(Deal.GIVE, p, HAND) for p in range(len(seats))],
        )
        return state

    # --- the flow ----------------------------------------------------------------------
    def pending(self, state: MustangState) -> Pending:
        if state.end is not None:
            return Over(self._end_text(state))
        if not state.agenda:
            return Decision(state.current, "turn", t("{name}: your turn. Exchange, catch, steal or stable.",
                                                     name=self._name(state, state.current)))
        step = state.agenda[0]
        name = self._name(state, step.player) if step.player is not None else ""
        if step.kind == "draw":
            return Chance("draw", t("{name}: take {top} and scan it.", name=name, top=t(STACK_TOPS[step.pile])),
                          tuple(sorted(state.stacks[step.pile])))
        if step.kind == "flip":
            return Chance("flip", t("Turn {top} face up and scan it.", top=t(STACK_TOPS[step.pile])),
                          tuple(sorted(state.stacks[step.pile])))
        if step.kind == "reveal":
            return Chance("event", t("The supply ran out: turn over the top event card and lay it in the play zone."),
                          tuple(sorted(set(state.event_deck))))
        if step.kind == "defend":
            return Decision(step.seat, "defend", t(
                "{name}: {thief} wants {horse} from your corral with {combo}. Lay a stronger combination or let it go.",
                name=name, thief=self._name(state, step.thief_seat), horse=horse_name(step.stolen, True),
                combo=combo_name(C.Combination(C.ComboKind(step.attack[0]), step.attack[1]))))
        if step.kind == "penalty":
            return Decision(step.seat, "penalty", t(
                "{name}: the steal failed. Lay every cowboy in your hand in the play zone (or none if you have none).",
                name=name))
        if step.kind == "release":
            return Decision(step.seat, "release", t(
                "{name}: rotten fence! Scan one horse of your corral to release it.",
                                                      name=name))
        if step.kind == "rain":
            return Decision(step.seat, "rain", t(
                "{name}: heavy rain! Scan up to {n} horses of your corral to stable them, or tap Done.",
                name=name, n=step.moves))
        raise GameError(Text.raw(f"unknown step {step.kind}"))  # pragma: no cover - agenda invariant

    def check(self, state: MustangState, action: Action) -> Verdict:
        pending = self.pending(state)
        if isinstance(pending, Over):
            return _reject("game-over", Section.END, t("The game is over."))
        step = state.agenda[0] if state.agenda else Step("turn", state.current)
        checker = _CHECKS.get((step.kind, type(action)))
        if checker is None:
            return _not_now(pending)
        return checker(self, state, step, action)

    def _apply(self, state: MustangState, action: Action) -> Verdict:
        step = state.agenda[0] if state.agenda else Step("turn", state.current)
        before = snapshot(state)
        state.dealer_instructions = []
        message = _APPLY[type(action)](self, state, step, action)
        self._run(state)
        return Verdict.ok(message, changes(before, state, self._end_text))

    def legal_actions(self, state: MustangState) -> list[Action]:
        """Every legal action, built legal (the property tests check each against
        :meth:`check`). With unseen hands, plays of cards cannot be listed: only
        exchanges, stabling and the answers that need no cards."""
        pending = self.pending(state)
        if isinstance(pending, Over):
            return []
        if isinstance(pending, Chance):
            maker = DrawToken if pending.kind in ("draw", "flip") else RevealEvent
            return [maker(o) for o in pending.outcomes]
        p = state.players[pending.player]
        out: list[Action] = []
        if pending.kind == "turn":
            out += self._exchanges(state, p)
            combos = self._combos(state, p)
            if combos:
                # what each kind of combination can take
                stacks: dict[C.ComboKind, list[str]] = {}
                prairie: dict[C.ComboKind, list[str]] = {}
                steals: dict[C.ComboKind, list[str]] = {}
                for kind, tokens in state.stacks.items():
                    if tokens:
                        stacks.setdefault(_CATCHES[kind], []).append(kind)
                for token in dict.fromkeys(state.prairie):
                    prairie.setdefault(_CATCHES[token], []).append(token)
                for seat, other in enumerate(state.players):
                    if seat != pending.player:
                        for token in other.corral:
                            steals.setdefault(_CATCHES[token], []).append(token)
                for cards, combo in combos:
                    out += [Catch(cards, stack=kind) for kind in stacks.get(combo.kind, ())]
                    out += [Catch(cards, horse=token) for token in prairie.get(combo.kind, ())]
                    out += [Steal(cards, token) for token in steals.get(combo.kind, ())]
            out += [Stable(h) for h in p.corral]
        elif pending.kind == "defend":
            step = state.agenda[0]
            attack = C.Combination(C.ComboKind(step.attack[0]), step.attack[1])
            out += [Defend(cards) for cards, combo in self._combos(state, p) if combo.beats(attack)]
            out.append(Decline())
        elif pending.kind == "penalty":
            if state.simulated:
                out.append(DiscardCowboys(tuple(c for c in p.hand if c == C.COWBOY)))
            else:
                out += [DiscardCowboys((C.COWBOY,) * k) for k in range(len(p.hand) + 1)]
        elif pending.kind == "release":
            out += [Release(h) for h in p.corral]
        elif pending.kind == "rain":
            out += [Stable(h) for h in p.corral] + [Done()]
        return out

    def _exchanges(self, state: MustangState, p: PlayerState) -> list[Action]:
        if not state.simulated:
            return [Exchange(k) for k in (1, 2) if k <= len(p.hand)]
        hand = _known(p.hand)
        singles = sorted(set(hand))
        pairs = sorted({tuple(sorted(pair)) for pair in itertools.combinations(hand, 2)})
        out: list[Action] = [Exchange(1, (c,)) for c in singles]
        return out + [Exchange(2, pair) for pair in pairs]

    def _combos(self, state: MustangState, p: PlayerState) -> list[tuple[tuple[str, ...], C.Combination]]:
        """Distinct combinations a simulated hand can play (none when hands are unseen)."""
        return C.playable(_known(p.hand)) if state.simulated else []

    def sample_chance(self, state: MustangState, rng: random.Random) -> Action:
        pending = self.pending(state)
        if not isinstance(pending, Chance):
            raise GameError(t("No chance outcome is awaited now."))
        if pending.kind == "event":
            return RevealEvent(rng.choice(sorted(state.event_deck)))
        return DrawToken(rng.choice(pending.outcomes))

    def choose(self, state: MustangState, rng: random.Random) -> Action:
        from companion.games.mustang.bot import choose

        return choose(self, state, rng)

    # --- table inputs ---------------------------------------------------------------------
    def propose(self, state: MustangState, sensed: Sensed) -> Proposal | Verdict | None:
        """Mustang has one reader: where the token was scanned does not matter.

        Every input that cannot be part of the move awaited is refused at once with its
        reason (an unknown or out-of-game token, a scan while a defence, penalty or event
        card is awaited, anything after the end); ``None`` only while the move is still
        being put together (cards laid before the token is scanned, or the other way).
        """
        cards, token = sensed.cards, sensed.token
        pending = self.pending(state)
        if isinstance(pending, Over):
            return _reject("game-over", Section.END, t("The game is over."))
        if token is not None and token not in HORSES:
            return _reject("unknown-token", Section.PLAY, _where(self, state, token))
        if isinstance(pending, Chance):
            if token is not None and pending.kind in ("draw", "flip"):
                return Proposal((DrawToken(token),), auto=True)
            events = [card for card in cards if card in EVENT_NAMES]
            if pending.kind == "event" and events:
                return Proposal((RevealEvent(events[0]),), auto=True)
            if token is not None:
                return _not_now(pending)
            return None
        if pending.kind in ("release", "rain"):
            if token is None:
                return None
            return Proposal((Release(token) if pending.kind == "release" else Stable(token),), auto=True)
        if pending.kind in ("defend", "penalty"):
            if token is not None:
                return _not_now(pending)
            if not cards:
                return None
            return Proposal((Defend(cards),) if pending.kind == "defend" else (DiscardCowboys(cards),))
        if token is None:
            return None
        held = state.owner_of(token)
        if held == (pending.player, "corral"):
            return Proposal((Stable(token),))
        if token in state.out_of_game:
            return _reject("out-of-game", Section.EVENTS, _where(self, state, token))
        if held == (pending.player, "stable"):
            return _reject("own-horse", Section.STABLE, t(
                "{horse} is already in your stable: it stays there until the end of the game.",
                horse=horse_name(token, True)))
        if not cards:
            return None
        if token in state.prairie:
            return Proposal((Catch(cards, horse=token),))
        stack = state.stack_of(token)
        if stack is not None:
            return Proposal((Catch(cards, stack=stack), DrawToken(token)))
        return Proposal((Steal(cards, token),))

    def intent(self, state: MustangState, name: str, args: Mapping[str, Any]) -> Action | Verdict | None:
        try:
            if name == "exchange":
                return Exchange(int(args.get("count", 1)), tuple(args.get("cards", ())))
            if name == "event":
                return RevealEvent(str(args["event"]))
            if name == "draw":
                return DrawToken(str(args["token"]))
        except (KeyError, TypeError, ValueError, GameError):
            return _reject("bad-intent", Section.PLAY, t("That input is incomplete: try again."))
        simple = {"decline": Decline(), "done": Done(), "no_cowboys": DiscardCowboys(())}
        return simple.get(name)

    def touch_actions(self, state: MustangState) -> list[Action]:
        """Legal moves that need no cards (exchange, stable, decline, done…)."""
        if isinstance(self.pending(state), Chance):
            return []
        return [a for a in self.legal_actions(state) if not getattr(a, "cards", ())]

    def table_inputs(self, state: MustangState, actions: Sequence[Action]) -> list[dict[str, Any]]:
        from companion.games.mustang.script import table_inputs

        return table_inputs(self, state, actions)

    # --- views -------------------------------------------------------------------------
    def observation(self, state: MustangState, player: int | None = None) -> dict[str, Any]:
        pending = self.pending(state)
        players = []
        for seat, (s, p) in enumerate(zip(state.seats, state.players)):
            entry = {"seat": seat, "name": s.name, "colour": s.colour, "hand": len(p.hand),
                     "corral": list(p.corral), "stable": list(p.stable)}
            if state.simulated and player == seat:
                entry["cards"] = sorted(_known(p.hand))
            players.append(entry)
        view: dict[str, Any] = {
            "game": self.name, "turn": state.turn, "current": state.current, "dealer": state.dealer,
            "players": players,
            "prairie": list(state.prairie),
            "stacks": {k: len(v) for k, v in state.stacks.items()},
            "out_of_game": list(state.out_of_game),
            "supply": len(state.supply), "discard": len(state.discard),
            "discard_top": list(state.discard[-5:]),
            "event_deck": len(state.event_deck), "events": list(state.events_revealed),
            "last_event": state.events_revealed[-1] if state.events_revealed else None,
            "dealer_instructions": [i.to_json() for i in state.dealer_instructions],
            "owed": {str(seat): n for seat, n in state.owed.items()},
            "pending": {"type": type(pending).__name__.lower(), "kind": getattr(pending, "kind", None),
                        "player": getattr(pending, "player", None)},
            "over": state.end is not None,
        }
        if state.end is not None:
            view["end"] = {"reason": state.end.reason, "player": state.end.player, "kind": state.end.kind,
                           "bonus": state.end.bonus}
        return view

    def holding_places(self) -> tuple[HoldingPlace, ...]:
        return (HoldingPlace("corral", t("Corral")), HoldingPlace("stable", t("Stable")))

    def score_holdings(self, names: Sequence[str], held: Mapping[tuple[int, str], Sequence[str]],
                       ender: int | None, options: Mapping[str, Any]) -> ScoreSheet:
        holdings = [Holdings(name, tuple(held.get((seat, "corral"), ())), tuple(held.get((seat, "stable"), ())))
                    for seat, name in enumerate(names)]
        return score_holdings(holdings, options, ender)

    def turn(self, state: MustangState) -> int:
        return state.turn

    def hand(self, state: MustangState, player: int) -> tuple[str | None, ...]:
        return tuple(state.players[player].hand)

    def view(self, state: MustangState, player: int | None = None) -> View:
        from companion.games.mustang.view import view

        return view(self, state, player)

    def scores(self, state: MustangState) -> ScoreSheet:
        return score_state(state)

    def describe(self, action: Action) -> Text:
        if isinstance(action, Catch):
            top = STACK_TOPS.get(action.stack or "")       # a catch names a horse or a stack
            target = horse_name(action.horse, True) if action.horse else t(top) if top else Text.raw(str(action.stack))
            return t("Catch {target} with {cards}", target=target, cards=self._cards_text(action.cards))
        if isinstance(action, Steal):
            return t("Steal {horse} with {cards}", horse=horse_name(action.horse, True),
                     cards=self._cards_text(action.cards))
        if isinstance(action, Stable):
            return t("Stable {horse}", horse=horse_name(action.horse, True))
        if isinstance(action, Exchange):
            return tn("Exchange {n} card", "Exchange {n} cards", action.count)
        if isinstance(action, Defend):
            return t("Defend with {cards}", cards=self._cards_text(action.cards))
        if isinstance(action, DiscardCowboys):
            return tn("Discard {n} cowboy", "Discard {n} cowboys", len(action.cards))
        if isinstance(action, Release):
            return t("Release {horse}", horse=horse_name(action.horse, True))
        if isinstance(action, DrawToken):
            return t("Drawn: {horse}", horse=horse_name(action.token))
        if isinstance(action, RevealEvent):
            return t("Event: {event}", event=t(EVENT_NAMES.get(action.event, action.event)))
        if isinstance(action, Decline):
            return t("Let the steal go")
        return t("Done")

    def describe_state(self, state: MustangState) -> list[Text]:
        lines = [t("Prairie: {horses}. Stacks: {stallions} stallions, {mares} mares, {foals} foals. "
                   "Supply {supply}, discard pile {discard}, event deck {events}.",
                   horses=_names(state.prairie), stallions=len(state.stacks["stallion"]),
                   mares=len(state.stacks["mare"]), foals=len(state.stacks["foal"]), supply=len(state.supply),
                   discard=len(state.discard), events=len(state.event_deck))]
        for seat, p in zip(state.seats, state.players):
            lines.append(t("{name}: {hand} in hand; corral: {corral}; stable: {stable}.", name=seat.name,
                           hand=len(p.hand), corral=_names(p.corral), stable=_names(p.stable)))
        return lines

    def _cards_text(self, cards: Sequence[str]) -> Text:
        combo = C.evaluate(cards)
        return combo_name(combo) if combo else Text.raw(", ".join(cards))

    # --- helpers -----------------------------------------------------------------------
    @staticmethod
    def _name(state: MustangState, seat: int | None) -> str:
        return state.seats[seat].name if seat is not None else ""

    def _end_text(self, state: MustangState) -> Text:
        end = state.end
        assert end is not None, "asked why a game that goes on ended"
        if end.reason == "herd":
            return t("Game over: {name} has a full herd in the stable.", name=self._name(state, end.player))
        return t(RUN_OUT[end.kind or ""])

    # --- card checks ---------------------------------------------------------------------
    def check_cards(self, state: MustangState, seat: int, cards: Sequence[str]) -> Verdict | None:
        """A rejection if ``cards`` cannot come from ``seat``'s hand, else ``None``."""
        for card in cards:
            if C.copies(card) == 0:
                return _reject("unknown-card", Section.COMBINATIONS,
                               t("{card} is not a Mustang card: check the play zone.", card=card))
        hand = state.players[seat].hand
        if state.simulated:
            if not C.is_multiset_subset(cards, hand):
                return _reject("cards-not-in-hand", Section.PLAY, t("{name} does not hold those cards.",
                                                                    name=self._name(state, seat)))
            return None
        if len(cards) > len(hand):
            return _reject("too-many-cards", Section.PLAY, t(
                "More cards were laid ({m}) than {name} holds ({n}).", name=self._name(state, seat), n=len(hand),
                m=len(cards)))
        laid = Counter(cards)
        on_discard = Counter(state.discard)
        for card, n in laid.items():
            if n > C.copies(card):
                return _reject("card-seen-twice", Section.PLAY, tn(
                    "The card {card} is laid {laid} times, but the deck has only one: "
                    "check the cards in the play zone.",
                    "The card {card} is laid {laid} times, but the deck has only {n}: "
                    "check the cards in the play zone.",
                    C.copies(card), card=card_name(card), laid=n))
            if n + on_discard[card] > C.copies(card):
                return _reject("card-already-played", Section.PLAY, t(
                    "The card {card} is already on the discard pile: check the cards in the play zone.",
                    card=card_name(card)))
        return None

    def combination_for(self, state: MustangState, seat: int, cards: Sequence[str], kind: HorseKind,
                        section: Section, needs: Mapping[str, str]) -> tuple[C.Combination | None, Verdict | None]:
        """The combination ``cards`` make for taking a horse of ``kind``, or the rejection
        (citing ``section``; ``needs``: the sentence naming the combination ``kind`` takes,
        worded for a catch or a steal)."""
        bad = self.check_cards(state, seat, cards)
        if bad:
            return None, bad
        combo = C.evaluate(cards)
        if combo is None:
            return None, _no_combination(len(cards))
        if combo.kind is not kind.combination:
            return None, _reject("wrong-combination", section, t(needs[kind.value], combo=combo_name(combo)))
        return combo, None

    # --- movements ---------------------------------------------------------------------
    def _discard(self, state: MustangState, seat: int, cards: Sequence[str]) -> None:
        """Played cards go face up on the discard pile and count for the refill. The
        discard pile is reshuffled only when a card must be drawn (:meth:`_deal`)."""
        hand = state.players[seat].hand
        for card in cards:
            hand.remove(card if state.simulated else None)
            state.discard.append(card)
        state.spent[seat] = state.spent.get(seat, 0) + len(cards)

    def _restock(self, state: MustangState) -> None:
        """An empty supply is refilled from the discard pile, if it has cards: the dealer
        is told to shuffle it into a new supply, and an event reveal is owed (resolved
        once this action's draws are done)."""
        if state.supply or not state.discard:
            return
        state.shuffles += 1
        cards: list[str | None] = list(state.discard)
        state.discard.clear()
        if state.simulated:
            random.Random(f"mustang:{state.seed}:shuffle:{state.shuffles}").shuffle(cards)
            state.supply = cards
        else:
            state.supply = [None] * len(cards)
        state.reveals_due += 1
        state.dealer_instructions.append(Instruction(Deal.RESHUFFLE, cards=len(cards)))

    def _deal(self, state: MustangState, seat: int, count: int) -> None:
        """``seat`` draws ``count`` cards and the dealer is told so.

        When the last card of the supply is drawn the discard pile becomes the new
        supply at once (the ruling); if it was empty then, that happens at the next
        draw. Cards neither can give are owed to ``seat`` (:meth:`_pay_debts`).
        """
        for drawn in range(count):
            self._restock(state)
            if not state.supply:
                state.owed[seat] = state.owed.get(seat, 0) + count - drawn
                state.dealer_instructions.append(Instruction(Deal.OWED, seat, state.owed[seat]))
                return
            state.players[seat].hand.append(state.supply.pop())
            last = state.dealer_instructions[-1] if state.dealer_instructions else None
            if last is not None and last.kind is Deal.GIVE and last.player == seat:
                state.dealer_instructions[-1] = dataclasses.replace(last, cards=last.cards + 1)
            else:
                state.dealer_instructions.append(Instruction(Deal.GIVE, seat, 1))
            if not state.supply:
                self._restock(state)

    def _pay_debts(self, state: MustangState) -> None:
        """Deal the cards owed to players, oldest debt first, as far as the supply (and
        a reshuffle of the discard pile) allows."""
        if not (state.supply or state.discard):
            return
        debts = list(state.owed.items())
        state.owed.clear()
        for seat, count in debts:
            self._deal(state, seat, count)

    def _check_end(self, state: MustangState, actor: int | None, by_catch: bool) -> None:
        if state.end is not None:
            return
        specials = state.options["specials_count_as_kind"]
        for seat, p in enumerate(state.players):
            if _herd_complete(p.stable, specials):
                state.end = GameEnd("herd", seat, None, seat)
                break
        else:
            for kind in STACK_KINDS:
                stack_empty = not state.stacks[kind.value]
                face_up = any(HORSES[h].kind is kind for h in state.prairie)
                if stack_empty and (state.options["end_when"] == "stack_empty" or not face_up):
                    state.end = GameEnd("exhausted", actor, kind.value, actor if by_catch else None)
                    break
        if state.end is not None:
            state.agenda.clear()

    def _run(self, state: MustangState) -> None:
        """Carry out automatic steps until a decision or chance node (or the end) is due."""
        while state.end is None and state.agenda:
            step = state.agenda[0]
            if step.kind == "refill":
                state.agenda.pop(0)
                self._pay_debts(state)
                for seat, spent in list(state.spent.items()):
                    self._deal(state, seat, spent)
                state.spent.clear()
            elif step.kind == "end_turn":
                if state.reveals_due:
                    state.reveals_due -= 1
                    state.agenda.insert(0, Step("reveal"))
                    continue
                state.agenda.pop(0)
                state.current = (state.current + 1) % state.n
                state.turn += 1
            elif step.kind in ("release", "rain") and not state.players[step.seat].corral:
                state.agenda.pop(0)
            elif step.kind in ("draw", "flip") and not state.stacks[step.pile]:
                state.agenda.pop(0)
            else:
                return


def _names(tokens: Sequence[str]) -> Text:
    """A list of horses by name ("-" when empty)."""
    if not tokens:
        return Text.raw("-")
    return t("{first}, {rest}", first=horse_name(tokens[0]), rest=_names(tokens[1:])) if len(tokens) > 1 \
        else horse_name(tokens[0])


def _not_now(pending: Pending) -> Verdict:
    """A scan while something else than a token is awaited."""
    return _reject("not-now", Section.PLAY, t("That is not possible now. {prompt}", prompt=pending.prompt))


def _no_combination(n: int) -> Verdict:
    return _reject("not-a-combination", Section.COMBINATIONS, tn(
        "One card makes no combination: play a pair, trio, quartet or a royal straight in one colour.",
        "These {n} cards make no combination: play a pair, trio, quartet or a royal straight in one colour.", n))


def _herd_complete(stable: Sequence[str], specials: bool) -> bool:
    def count(kind: HorseKind) -> int:
        return sum(1 for h in stable if counts_as(h, kind, specials))

    return count(HorseKind.STALLION) >= 1 and count(HorseKind.MARE) >= 2 and count(HorseKind.FOAL) >= 3


# --- checks, one per (step kind, action type) -------------------------------------------

def _check_exchange(g: Mustang, s: MustangState, step: Step, a: Exchange) -> Verdict:
    hand = s.players[step.seat].hand
    if a.count not in (1, 2) or a.count > len(hand):
        return _reject("bad-exchange", Section.EXCHANGE, t("Exchange one or two cards."))
    if s.simulated:
        if len(a.cards) != a.count or not C.is_multiset_subset(a.cards, hand):
            return _reject("cards-not-in-hand", Section.EXCHANGE, t("{name} does not hold those cards.",
                                                                    name=g._name(s, step.seat)))
    elif a.cards:
        return _reject("bad-exchange", Section.EXCHANGE, t("Exchanged cards stay face down: give only their number."))
    return Verdict.ok(g.describe(a))


def _check_catch(g: Mustang, s: MustangState, step: Step, a: Catch) -> Verdict:
    if (a.horse is None) == (a.stack is None):
        return _reject("bad-target", Section.CATCH, t("Catch either a face-up horse or the top of a stack."))
    if a.horse is not None:
        if a.horse not in s.prairie:
            return _reject("not-in-prairie", Section.CATCH, _where(g, s, a.horse))
        kind = HORSES[a.horse].kind
    else:
        if a.stack not in s.stacks:
            return _reject("bad-target", Section.CATCH, t("There is no stack of that kind."))
        if not s.stacks[a.stack]:
            return _reject("stack-empty", Section.CATCH, t(STACK_EMPTY[a.stack]))
        kind = HorseKind(a.stack)
    _, bad = g.combination_for(s, step.seat, a.cards, kind, Section.CATCH, NEEDS)
    return bad or Verdict.ok(g.describe(a))


def _check_steal(g: Mustang, s: MustangState, step: Step, a: Steal) -> Verdict:
    held = s.owner_of(a.horse)
    if held is None:
        return _reject("not-in-corral", Section.STEAL, _where(g, s, a.horse))
    seat, place = held
    if seat == step.seat:
        return _reject("own-horse", Section.STEAL, t("You already own {horse}.", horse=horse_name(a.horse, True)))
    if place == "stable":
        return _reject("horse-in-stable", Section.STABLE, t(
            "{name} keeps {horse} in the stable, and horses in a stable cannot be stolen.",
            horse=horse_name(a.horse, True), name=g._name(s, seat)))
    _, bad = g.combination_for(s, step.seat, a.cards, HORSES[a.horse].kind, Section.STEAL, STEAL_NEEDS)
    return bad or Verdict.ok(g.describe(a))


def _check_stable(g: Mustang, s: MustangState, step: Step, a: Stable) -> Verdict:
    if a.horse not in s.players[step.seat].corral:
        return _reject("not-in-own-corral", Section.STABLE, t(
            "Only a horse from your own corral can be stabled. {where}", where=_where(g, s, a.horse)))
    return Verdict.ok(g.describe(a))


def _check_defend(g: Mustang, s: MustangState, step: Step, a: Defend) -> Verdict:
    bad = g.check_cards(s, step.seat, a.cards)
    if bad:
        return bad
    combo = C.evaluate(a.cards)
    if combo is None:
        return _no_combination(len(a.cards))
    attack = C.Combination(C.ComboKind(step.attack[0]), step.attack[1])
    if not combo.beats(attack):
        return _reject("defence-too-weak", Section.STEAL, t(
            "Not strong enough: {defence} does not beat {attack}. The defence must be strictly stronger.",
            defence=combo_name(combo), attack=combo_name(attack)))
    return Verdict.ok(g.describe(a))


def _check_ok(g: Mustang, s: MustangState, step: Step, a: Action) -> Verdict:
    return Verdict.ok(g.describe(a))


def _check_penalty(g: Mustang, s: MustangState, step: Step, a: DiscardCowboys) -> Verdict:
    if any(c != C.COWBOY for c in a.cards):
        return _reject("penalty-not-cowboys", Section.STEAL, t("Only cowboys are discarded after a failed steal."))
    hand = s.players[step.seat].hand
    if s.simulated and len(a.cards) != hand.count(C.COWBOY):
        return _reject("penalty-cowboys-missing", Section.STEAL, t(
            "Every cowboy in the hand must be discarded: {name} holds {n}.", name=g._name(s, step.seat),
            n=hand.count(C.COWBOY)))
    return g.check_cards(s, step.seat, a.cards) or Verdict.ok(g.describe(a))


def _check_release(g: Mustang, s: MustangState, step: Step, a: Release | Stable) -> Verdict:
    if a.horse not in s.players[step.seat].corral:
        return _reject("not-in-own-corral", Section.EVENTS, t(
            "Choose a horse from your own corral. {where}", where=_where(g, s, a.horse)))
    return Verdict.ok(g.describe(a))


def _check_draw(g: Mustang, s: MustangState, step: Step, a: DrawToken) -> Verdict:
    if a.token not in s.stacks[step.pile]:
        return _reject("token-not-in-stack", _draw_section(step), t(
            "That horse does not come from {top}. {where}", top=t(STACK_TOPS[step.pile]),
            where=_where(g, s, a.token)))
    return Verdict.ok(g.describe(a))


def _draw_section(step: Step) -> Section:
    """The section a wrong token for a draw or flip cites: the event that asked for it,
    the catch it follows, or the set-up."""
    if step.event:
        return Section.EVENTS
    return Section.CATCH if step.player is not None else Section.PLAY


def _check_reveal(g: Mustang, s: MustangState, step: Step, a: RevealEvent) -> Verdict:
    if a.event not in s.event_deck:
        return _reject("event-not-in-deck", Section.EVENTS, t("That event card is not in the event deck."))
    return Verdict.ok(g.describe(a))


def _where(g: Mustang, s: MustangState, token: str) -> Text:
    """Where a token is now, in words (for rejections)."""
    if token not in HORSES:
        return t("{token} is not a Mustang horse.", token=token)
    name = horse_name(token)
    held = s.owner_of(token)
    if held:
        seat, place = held
        return (t("In {name}'s corral: {horse}.", horse=name, name=g._name(s, seat)) if place == "corral"
                else t("In {name}'s stable: {horse}.", horse=name, name=g._name(s, seat)))
    if token in s.prairie:
        return t("Face up in the prairie: {horse}.", horse=name)
    if token in s.out_of_game:
        return t("Out of the game: {horse}.", horse=name)
    return t("Still in its face-down stack: {horse}.", horse=name)


# Each handler takes the action type it is filed under (hence ``Any`` for the action).
_CHECKS: dict[tuple[str, type[Action]], Callable[[Mustang, MustangState, Step, Any], Verdict]] = {
    ("turn", Exchange): _check_exchange,
    ("turn", Catch): _check_catch,
    ("turn", Steal): _check_steal,
    ("turn", Stable): _check_stable,
    ("defend", Defend): _check_defend,
    ("defend", Decline): _check_ok,
    ("penalty", DiscardCowboys): _check_penalty,
    ("release", Release): _check_release,
    ("rain", Stable): _check_release,
    ("rain", Done): _check_ok,
    ("draw", DrawToken): _check_draw,
    ("flip", DrawToken): _check_draw,
    ("reveal", RevealEvent): _check_reveal,
}


# --- effects, one per action type --------------------------------------------------------

def _do_exchange(g: Mustang, s: MustangState, step: Step, a: Exchange) -> Text:
    p = s.players[step.seat]
    given: list[str | None] = list(a.cards) if s.simulated else [None] * a.count
    g._restock(s)                                   # a draw follows: the given cards go under a new supply
    for card in given:
        p.hand.remove(card)
    s.supply[0:0] = given
    s.dealer_instructions.append(Instruction(Deal.GIVE, step.seat, 0, returned=a.count))
    g._deal(s, step.seat, 2 if s.options["exchange_draws_two"] else a.count)
    g._pay_debts(s)
    s.agenda[0:0] = [Step("end_turn")]
    return g.describe(a)


def _do_catch(g: Mustang, s: MustangState, step: Step, a: Catch) -> Text:
    seat = step.seat
    g._discard(s, seat, a.cards)
    if a.stack is not None:
        s.agenda[0:0] = [Step("draw", seat, stack=a.stack), Step("refill"), Step("end_turn")]
        return g.describe(a)
    assert a.horse is not None, a                     # _check_catch: a horse or a stack
    s.prairie.remove(a.horse)
    s.players[seat].corral.append(a.horse)
    kind = HORSES[a.horse].kind
    follow = [Step("flip", seat, stack=kind.value)] if kind is not HorseKind.SPECIAL else []
    s.agenda[0:0] = follow + [Step("refill"), Step("end_turn")]
    g._check_end(s, seat, by_catch=True)
    return g.describe(a)


def _do_steal(g: Mustang, s: MustangState, step: Step, a: Steal) -> Text:
    combo = C.evaluate(a.cards)
    held = s.owner_of(a.horse)
    assert combo is not None and held is not None, a  # _check_steal: a combination, a horse in a corral
    owner, _ = held
    g._discard(s, step.seat, a.cards)
    s.agenda[0:0] = [Step("defend", owner, thief=step.player, horse=a.horse,
                          combo=(int(combo.kind), combo.value)), Step("refill"), Step("end_turn")]
    return g.describe(a)


def _do_stable(g: Mustang, s: MustangState, step: Step, a: Stable) -> Text:
    p = s.players[step.seat]
    p.corral.remove(a.horse)
    p.stable.append(a.horse)
    if step.kind == "rain":
        s.agenda.pop(0)
        if step.moves > 1:
            s.agenda.insert(0, Step("rain", step.seat, moves=step.moves - 1, event=True))
    else:
        s.agenda[0:0] = [Step("end_turn")]
    g._check_end(s, step.seat, by_catch=False)
    return g.describe(a)


def _do_defend(g: Mustang, s: MustangState, step: Step, a: Defend) -> Text:
    s.agenda.pop(0)
    g._discard(s, step.seat, a.cards)
    s.agenda.insert(0, Step("penalty", step.thief_seat))
    return t("{name} defends {horse}: the steal fails.", name=g._name(s, step.seat),
             horse=horse_name(step.stolen, True))


def _do_decline(g: Mustang, s: MustangState, step: Step, a: Decline) -> Text:
    s.agenda.pop(0)
    s.players[step.seat].corral.remove(step.stolen)
    s.players[step.thief_seat].corral.append(step.stolen)
    return t("{thief} steals {horse} from {name}.", thief=g._name(s, step.thief_seat),
             horse=horse_name(step.stolen, True), name=g._name(s, step.seat))


def _do_penalty(g: Mustang, s: MustangState, step: Step, a: DiscardCowboys) -> Text:
    s.agenda.pop(0)
    g._discard(s, step.seat, a.cards)
    return g.describe(a)


def _do_release(g: Mustang, s: MustangState, step: Step, a: Release) -> Text:
    s.agenda.pop(0)
    s.players[step.seat].corral.remove(a.horse)
    s.prairie.append(a.horse)
    return g.describe(a)


def _do_done(g: Mustang, s: MustangState, step: Step, a: Done) -> Text:
    s.agenda.pop(0)
    return g.describe(a)


def _do_draw(g: Mustang, s: MustangState, step: Step, a: DrawToken) -> Text:
    s.agenda.pop(0)
    s.stacks[step.pile].remove(a.token)
    if step.kind == "flip":
        s.prairie.append(a.token)
        g._check_end(s, step.player, by_catch=step.player is not None and not step.event)
        return t("Face up in the prairie: {horse}.", horse=horse_name(a.token))
    p = s.players[step.seat]
    (p.stable if step.dest == "stable" else p.corral).append(a.token)
    g._check_end(s, step.seat, by_catch=not step.event)
    return t("{name} takes {horse}.", name=g._name(s, step.seat), horse=horse_name(a.token, True))


def _do_reveal(g: Mustang, s: MustangState, step: Step, a: RevealEvent) -> Text:
    s.agenda.pop(0)
    s.event_deck.remove(a.event)
    s.events_revealed.append(a.event)
    if not s.event_deck:
        s.event_deck = list(EVENT_DECKS[s.options["event_deck"]])
    order = s.clockwise_from(s.current)
    steps: list[Step] = []
    if a.event == "rotten_fence":
        steps = [Step("release", seat, event=True) for seat in order]
    elif a.event == "heavy_rain":
        steps = [Step("rain", seat, moves=2, event=True) for seat in order]
    elif a.event == "birth":
        specials = s.options["specials_count_as_kind"]
        steps = [Step("draw", seat, stack="foal", dest=s.options["birth_to"], event=True) for seat in order
                 if any(counts_as(h, HorseKind.STALLION, specials) for h in s.players[seat].stable)
                 and any(counts_as(h, HorseKind.MARE, specials) for h in s.players[seat].stable)]
    elif a.event == "indians":
        s.out_of_game += s.prairie
        s.prairie.clear()
        steps = [Step("flip", stack=k.value, event=True) for k in STACK_KINDS]
        g._check_end(s, None, by_catch=False)
    if s.end is None:
        s.agenda[0:0] = steps
    return g.describe(a)


_APPLY: dict[type[Action], Callable[[Mustang, MustangState, Step, Any], Text]] = {
    Exchange: _do_exchange, Catch: _do_catch, Steal: _do_steal, Stable: _do_stable, Defend: _do_defend,
    Decline: _do_decline, DiscardCowboys: _do_penalty, Release: _do_release, Done: _do_done,
    DrawToken: _do_draw, RevealEvent: _do_reveal,
}


def _known(hand: Sequence[str | None]) -> list[str]:
    """The cards of a simulated hand (all known: only unseen hands hold ``None``)."""
    return [card for card in hand if card is not None]


GAME = Mustang()
