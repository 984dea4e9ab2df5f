"""Scores: horses, colour bonuses, end bonus, and the tie-break chain."""

import pytest

from companion.game import ScoreSheet
from companion.games.mustang import Holdings, score_holdings

FAMILY = ("stallion-red-1", "mare-red-1", "mare-red-2", "foal-red-1", "foal-red-2", "foal-red-3")


def lines(sheet, seat=0):
    return {line.key: line.points for line in sheet.players[seat].lines}


def test_points_per_kind_in_stable_and_corral():
    sheet = score_holdings([Holdings("A", corral=("black-prince", "stallion-red-1"),
                                     stable=("mare-blue-1", "foal-blue-1")), Holdings("B")])
    assert lines(sheet) == {"specials": 5, "stallions": 3, "mares": 2, "foals": 1}
    assert sheet.players[0].total == 11 and sheet.winners == (0,)


def test_stallion_and_mare_of_a_colour_in_the_stable_score_two():
    sheet = score_holdings([Holdings("A", stable=("stallion-red-1", "mare-red-1", "stallion-blue-1", "mare-green-1")),
                            Holdings("B")])
    assert lines(sheet)["pair-red"] == 2 and "pair-blue" not in lines(sheet) and "pair-green" not in lines(sheet)


def test_the_pair_bonus_needs_both_in_the_stable():
    sheet = score_holdings([Holdings("A", corral=("mare-red-1",), stable=("stallion-red-1",)), Holdings("B")])
    assert "pair-red" not in lines(sheet)


def test_family_scores_seven_instead_of_two():
    sheet = score_holdings([Holdings("A", stable=FAMILY), Holdings("B")])
    assert lines(sheet)["family-red"] == 7 and "pair-red" not in lines(sheet)
    assert sheet.players[0].total == 3 + 4 + 3 + 7


@pytest.mark.parametrize("where, family", [("stable", False), ("anywhere", True)])
def test_family_half_in_the_corral_counts_only_anywhere(where, family):
    sheet = score_holdings([Holdings("A", corral=FAMILY[3:], stable=FAMILY[:3]), Holdings("B")],
                           {"family_bonus_where": where})
    assert ("family-red" in lines(sheet)) is family
    assert ("pair-red" in lines(sheet)) is not family


def test_end_bonus():
    sheet = score_holdings([Holdings("A"), Holdings("B", corral=("foal-red-1",))], end_bonus=0)
    assert lines(sheet)["end-bonus"] == 3 and sheet.winners == (0,)


def test_tie_broken_by_a_special_horse():
    sheet = score_holdings([Holdings("A", corral=("stallion-red-1", "mare-red-1")),
                            Holdings("B", corral=("black-prince",))])
    assert sheet.players[0].total == sheet.players[1].total == 5
    assert sheet.winners == (1,) and "Black Prince" in sheet.tiebreak.render("en")


def test_tie_broken_by_stallions_then_mares_then_foals_in_the_stable():
    a = Holdings("A", stable=("stallion-red-1",), corral=("foal-red-1", "foal-red-2"))
    b = Holdings("B", corral=("stallion-blue-1",), stable=("foal-blue-1", "foal-blue-2"))
    sheet = score_holdings([a, b])
    assert sheet.winners == (0,) and "stallions" in sheet.tiebreak.render("en")
    c = Holdings("C", stable=("mare-red-1", "foal-red-1"))
    d = Holdings("D", corral=("mare-blue-1",), stable=("foal-blue-1",))
    assert score_holdings([c, d]).winners == (0,)
    e = Holdings("E", stable=("foal-red-1",), corral=("foal-red-2",))
    f = Holdings("F", corral=("foal-blue-1", "foal-blue-2"))
    assert "foals" in score_holdings([e, f]).tiebreak.render("en")


def test_still_tied_is_a_shared_win_and_three_way_ties_narrow_step_by_step():
    sheet = score_holdings([Holdings("A", corral=("foal-red-1",)), Holdings("B", corral=("foal-blue-1",))])
    assert sheet.winners == (0, 1) and "share" in sheet.tiebreak.render("en")
    three = score_holdings([Holdings("A", corral=("snow-white-mare",), stable=("foal-red-1",)),
                            Holdings("B", corral=("black-prince", "foal-blue-1")),
                            Holdings("C", stable=("stallion-red-1", "mare-red-1", "foal-green-1"))])
    # C scores 3 + 2 + 1 = 6 with no +2 (stallion and mare of one colour in the stable do score +2)
    assert three.players[2].total == 8
    assert three.winners == (2,) and three.tiebreak is None


def test_tiebreak_message_is_translated():
    sheet = score_holdings([Holdings("A", corral=("foal-red-1",)), Holdings("B", corral=("foal-blue-1",))])
    texts = sheet.tiebreak.all_languages()
    assert len(set(texts.values())) == 3 and all("A" in v for v in texts.values())


def test_the_tiebreak_explains_every_step_of_the_chain():
    """A holds the Black Prince, B the Snow-White Mare, C neither; all on 5."""
    sheet = score_holdings([Holdings("A", corral=("black-prince",)), Holdings("B", corral=("snow-white-mare",)),
                            Holdings("C", corral=("stallion-red-1", "mare-red-1"))])
    assert [p.total for p in sheet.players] == [5, 5, 5] and sheet.winners == (0, 1)
    assert sheet.tiebreak.render("en") == ("Tie-break, Black Prince or Snow-White Mare: A, B ahead of C. "
                                           "Still tied after every tie-break: A, B share the win.")
    assert "C" in sheet.tiebreak.render("nl") and "C" in sheet.tiebreak.render("fr")
    chain = score_holdings([Holdings("A", stable=("stallion-red-1", "foal-red-1")),
                            Holdings("B", stable=("stallion-blue-1",), corral=("foal-blue-1",)),
                            Holdings("C", stable=("mare-red-1", "mare-blue-1"))])
    assert [p.total for p in chain.players] == [4, 4, 4] and chain.winners == (0,)
    assert chain.tiebreak.render("en") == ("Tie-break, stallions in the stable: A, B (1) ahead of C. "
                                           "Tie-break, foals in the stable: A (1) ahead of B. A wins the tie.")
    assert ScoreSheet.from_record(chain.to_record()).tiebreak.render("fr") == chain.tiebreak.render("fr")


@pytest.mark.parametrize("specials, winners, rule", [(False, (0, 1), "share"), (True, (0,), "stallions")])
def test_specials_count_in_the_tie_break_only_with_the_option(specials, winners, rule):
    """Both hold a special, so the first rule keeps both; then the Black Prince counts
    as a stallion only with the option."""
    sheet = score_holdings([Holdings("A", stable=("black-prince",)), Holdings("B", stable=("snow-white-mare",))],
                           {"specials_count_as_kind": specials})
    assert sheet.winners == winners and rule in sheet.tiebreak.render("en")
