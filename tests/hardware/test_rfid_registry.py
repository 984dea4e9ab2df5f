"""The token registry: enrolment rules, unknown tags, progress, and recovering
enrolments from the identity written on the tags."""

from __future__ import annotations

import pytest

from companion.db import connect
from companion.errors import CompanionError
from companion.game import TokenSpec
from companion.i18n import Text
from hardware.rfid import (DuplicateEnrolment, TagIdentity, TokenError, TokenRegistry, UnknownTag)
from hardware.rfid.identity import IDENTITY_BLOCKS
from hardware.rfid.settings import ReaderConfig

UID = "04A1B2C3"
OTHER = "5E6F7A8B"
GAME = "somegame"
SPECS = tuple(TokenSpec(f"knight-{colour}-{n}", "knight", colour, Text.raw(f"{colour} knight {n}"))
              for colour in ("red", "blue") for n in (1, 2)) + (TokenSpec("queen", "queen", None, Text.raw("queen")),)


@pytest.fixture
def registry(tmp_path) -> TokenRegistry:
    return TokenRegistry(connect(tmp_path / "games.sqlite3"))


def test_enrolled_tags_are_looked_up_forgotten_and_kept_on_disk(registry, tmp_path):
    enrolment = registry.enroll("04a1b2c3", GAME, "queen", label="the queen")
    assert (enrolment.uid, enrolment.token_id, enrolment.label) == (UID, "queen", "the queen")
    registry.enroll(OTHER, GAME, "knight-red-1")
    registry.enroll("11223344", "othergame", "queen")
    reopened = TokenRegistry(connect(tmp_path / "games.sqlite3"))
    assert reopened.lookup(UID) == enrolment
    assert [e.token_id for e in reopened.tokens(GAME)] == ["knight-red-1", "queen"]
    assert reopened.enrolled(GAME) == {"knight-red-1": OTHER, "queen": UID}
    assert reopened.forget(UID) and not reopened.forget(UID)
    assert reopened.lookup(UID) is None


def test_a_tag_cannot_be_two_tokens(registry):
    registry.enroll(UID, GAME, "knight-red-1")
    assert registry.enroll(UID, GAME, "knight-red-1").token_id == "knight-red-1"  # again: no change
    with pytest.raises(DuplicateEnrolment) as refused:
        registry.enroll(UID, GAME, "knight-blue-2")
    message = refused.value.text.render("en")
    assert "knight-red-1" in message and "knight-blue-2" in message
    assert registry.lookup(UID).token_id == "knight-red-1"


def test_a_token_cannot_have_two_tags(registry):
    registry.enroll(UID, GAME, "queen")
    with pytest.raises(DuplicateEnrolment) as refused:
        registry.enroll(OTHER, GAME, "queen")
    assert "queen" in refused.value.text.render("fr") and UID in refused.value.text.render("nl")
    assert registry.lookup(OTHER) is None
    registry.enroll(OTHER, "othergame", "queen")  # the same id in another game is another token


def test_an_unknown_tag_is_named_and_explained_in_every_language(registry):
    with pytest.raises(UnknownTag) as unknown:
        registry.identify("5e:6f:7a:8b")
    assert unknown.value.uid == OTHER
    texts = unknown.value.text.all_languages()
    assert texts["en"] == "This tag is not a known token: teach it first on the home screen, under Teach the tokens."
    assert len(set(texts.values())) == 3
    registry.enroll(OTHER, "othergame", "queen")
    with pytest.raises(UnknownTag) as elsewhere:
        registry.identify(OTHER, game=GAME)
    assert "othergame" in elsewhere.value.text.render("en")
    assert registry.identify(OTHER, game="othergame").token_id == "queen"


def test_progress_counts_the_game_tokens_with_a_tag(registry):
    registry.enroll(UID, GAME, "knight-red-2")
    registry.enroll(OTHER, GAME, "retired-token")
    progress = registry.progress(GAME, SPECS)
    assert [s.id for s in progress.enrolled] == ["knight-red-2"]
    assert [s.id for s in progress.missing] == ["knight-red-1", "knight-blue-1", "knight-blue-2", "queen"]
    assert [e.token_id for e in progress.unexpected] == ["retired-token"]
    assert (progress.total, progress.complete) == (5, False)
    assert progress.summary().render("en") == "1 of 5 tokens enrolled."
    assert progress.summary().render("fr") == "1 pions enregistrés sur 5."


def test_a_malformed_uid_is_refused_with_a_message(registry):
    with pytest.raises(CompanionError) as bad:
        registry.enroll("not-a-tag", GAME, "queen")
    assert "04A1B2C3" in bad.value.text.render("en")  # shows how to write one
    assert registry.tokens(GAME) == []


def test_identity_round_trips_and_refuses_what_does_not_fit():
    identity = TagIdentity("stramash", "pièce-rouge-4")
    data = identity.encode()
    assert len(data) == 16 * len(IDENTITY_BLOCKS)
    assert TagIdentity.decode(data) == identity
    assert TagIdentity.decode(bytes(48)) is None
    with pytest.raises(TokenError):
        TagIdentity.decode(b"TC\x01\x30" + bytes(44))  # claims more than it holds
    with pytest.raises(TokenError):
        TagIdentity("g" * 30, "t" * 30).encode()


def test_enrolments_are_recovered_from_the_tags_at_another_table(rfid_readers, rfid_table, tmp_path):
    (reader,) = rfid_readers(ReaderConfig("enrol"), start=False)
    here = TokenRegistry(connect(tmp_path / "here.sqlite3"))
    for uid, token in ((UID, "knight-blue-1"), (OTHER, "queen")):
        rfid_table.place("enrol", uid)
        here.enroll(uid, GAME, token)
        reader.write_identity(TagIdentity(GAME, token), uid=uid)
        rfid_table.lift("enrol", uid)

    there = TokenRegistry(connect(tmp_path / "there.sqlite3"))
    for uid in (OTHER, UID):
        rfid_table.place("enrol", uid)
        assert there.recover_from_tag(reader, uid=uid) == there.lookup(uid)
        rfid_table.lift("enrol", uid)
    assert [(e.uid, e.token_id) for e in there.tokens(GAME)] == [(UID, "knight-blue-1"), (OTHER, "queen")]

    rfid_table.place("enrol", "11223344")
    with pytest.raises(UnknownTag) as blank:
        there.recover_from_tag(reader)
    assert blank.value.uid == "11223344"
    rfid_table.place("enrol", "11223344", data={4: b"TC\x01\x09somegame"})  # cut short
    with pytest.raises(TokenError):
        there.recover_from_tag(reader)
    reader.close()
