"""Live enrolment tells look-alike faces apart: a deck whose faces differ by a few pips
is taught without a single card refused as "already shown"."""

from vision.decks import builtin
from vision.enrol import EnrolState, LiveEnrolment
from vision.render import render_scene

LOOK_ALIKES = ["red-1", "red-2", "red-3", "red-4", "purple-1", "purple-2", "blue-1", "blue-2"]


def show(live: LiveEnrolment, card: str, seed: int):
    """Lay ``card`` in a clean scene and feed frames until the wizard decides."""
    live.expect(card)
    frame, _ = render_scene([card], seed=seed, surface="cloth", distortions=(), distractors=0)
    for _ in range(live.still_frames + 1):
        status = live.feed(frame)
        if status.state in (EnrolState.CAPTURED, EnrolState.RETRY):
            return status
    return status


def test_look_alike_faces_are_all_learnt():
    live = LiveEnrolment("mustang")
    refused = {card: show(live, card, 504_000 + n).message.render("en")
               for n, card in enumerate(LOOK_ALIKES)}
    refused = {card: message for card, message in refused.items() if card not in live.captured}
    assert not refused
    assert live.progress == (len(LOOK_ALIKES), len(builtin("mustang").ids))
