"""Reading the others' hands from their last scarto (``ramino.bots.burraco.reading``) and the
search's
worlds weighed by it."""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator

from ramino.bots.burraco.expert import ExpertBot
from ramino.bots.burraco.reading import DiscardReading, last_discards
from ramino.bots.burraco.search import SearchBot
from ramino.games.actions import DISCARD, PICK
from ramino.games.burraco.state import BurracoState, Observation
from ramino.games.resample import resample
from ramino.rules import preset
from ramino.rules.options import DiscardPickup
from tests.helpers import at_turn, cards, hands_of, position

RULES = preset("fibur")


def test_last_discards_are_each_seats_scarto_while_the_pile_shows_it() -> None:
    """Read off the pile alone, each other seat's last scarto is the card it threw, for as
    long as nobody has taken the pile since (§2.3)."""
    compared = 0
    for deal in range(1, 6):
        state = BurracoState.new_hand(RULES, seed=deal)
        bots = [ExpertBot(seat, RULES) for seat in range(4)]
        threw: list[int | None] = [None] * 4
        while not state.is_over:
            seat = state.current
            seen = state.observation(seat)
            for other, card in last_discards(seen):
                assert other != seat
                assert card == threw[other], (deal, state.turn, other)
                compared += 1
            action = bots[seat].choose(seen, state.legal_actions())
            if action.kind == DISCARD:
                threw[seat] = action.cards[0]
            elif action.kind == PICK:
                threw = [None] * 4  # the pile, and every scarto in it, is in a hand now
            state.apply(action)
    assert compared > 300


def test_a_guess_holding_what_the_scarto_would_have_kept_is_less_likely() -> None:
    # Seat 3 threw the 7h just now.  Holding the 7c, or the 6h and 8h, the expert would have
    # kept it (group or sequence material) and thrown the lone Kd or Qs instead.
    state = position(["Ah 4s", "Jc Jd 5s 8d Ac", "Js Qd 5c 8s Ad", "Jh Qc 5d 8c As"],
                     pile="3c 9s 7h", phase="draw")
    seen = at_turn(state.observation(0), 12)
    reading = DiscardReading(seen, ExpertBot(0, RULES), temperature=2.0)
    assert [(r.seat, r.discard) for r in reading.seats] == [
        (1, cards("3c")[0]), (2, cards("9s")[0]), (3, cards("7h")[0])]
    lone = reading.log_weight(hands_of("", "", "", "Kd 4c Qs"))
    pair = reading.log_weight(hands_of("", "", "", "Kd 7c Qs"))
    sequence = reading.log_weight(hands_of("", "", "", "Kd 6h 8h"))
    assert pair < lone - 5
    assert sequence < lone - 5


def test_no_reading_under_a_closed_pile_or_a_top_card_pickup() -> None:
    state = position(["Ah 4s", "Jc", "Js", "Jh"], pile="3c 9s 7h", phase="draw")
    seen = at_turn(state.observation(0), 12)
    top_only = RULES.with_options(discard_pickup=DiscardPickup.TOP_CARD)
    assert DiscardReading(seen, ExpertBot(0, top_only), temperature=2.0).seats == []
    closed = at_turn(position(["Ah 4s", "Jc", "Js", "Jh"], pile="7h", phase="draw")
                     .observation(0), 0)
    assert last_discards(closed) == []  # nobody has played a turn yet: the upcard is no one's


def expert_readings(deals: range) -> Iterator[tuple[BurracoState, Observation,
                                                   DiscardReading, random.Random]]:
    """Seat 0's reading at each of its draws in expert self-play, where a scarto is in view."""
    for deal in deals:
        state = BurracoState.new_hand(RULES, seed=deal)
        bots = [ExpertBot(seat, RULES) for seat in range(4)]
        rng = random.Random(deal)
        while not state.is_over:
            seat = state.current
            seen = state.observation(seat)
            if seat == 0 and state.phase == "draw":
                reading = DiscardReading(seen, bots[0], temperature=2.0)
                if reading.seats:
                    yield state, seen, reading, rng
            state.apply(bots[seat].choose(seen, state.legal_actions()))


def test_the_true_hands_read_as_far_likelier_than_random_guesses() -> None:
    """Over expert self-play, the true hands of the others make their scarti likely and the
    random guesses of ``resample`` do not: the reading holds information (per seat read,
    about -0.3 against -3.6 nats at 2 points, docs/bots.md)."""
    true_logs: list[float] = []
    guess_logs: list[float] = []
    for state, seen, reading, rng in expert_readings(range(1, 5)):
        n = len(reading.seats)
        true_logs.append(reading.log_weight(state.hands) / n)
        guess_logs.extend(reading.log_weight(resample(seen, rng, RULES).hands) / n
                          for _ in range(4))
    assert len(true_logs) > 15
    assert statistics.fmean(true_logs) > -1.0
    assert statistics.fmean(guess_logs) < statistics.fmean(true_logs) - 1.5


def test_the_read_worlds_agree_with_the_observation_and_favour_the_likely_hands() -> None:
    state = position(["Ah 4s", "Jc Jd 5s", "Js Qd 5c", "Jh Qc 5d"], pile="3c 9s 7h",
                     phase="draw")
    seen = at_turn(state.observation(0), 12)
    search = SearchBot(0, RULES, reading=16)
    plain = SearchBot(0, RULES)
    reading = DiscardReading(seen, search.expert, temperature=2.0)
    read = [search.world(seen, random.Random(k)) for k in range(60)]
    guessed = [plain.world(seen, random.Random(k)) for k in range(60)]
    for world in read:
        assert world.observation(0) == seen
    assert (statistics.fmean(reading.log_weight(w.hands) for w in read)
            > statistics.fmean(reading.log_weight(w.hands) for w in guessed) + 1.0)


def test_the_chain_keeps_the_observation_and_reaches_the_read_likelihood() -> None:
    """The Metropolis chain's guesses agree with everything the seat sees and read as likely
    as the true hands do, where plain guesses read far less likely."""
    chain: list[float] = []
    plain: list[float] = []
    true: list[float] = []
    for state, seen, reading, rng in expert_readings(range(1, 4)):
        n = len(reading.seats)
        world = reading.sample(seen, rng, 150)
        assert world.observation(0) == seen
        chain.append(reading.log_weight(world.hands) / n)
        plain.append(reading.log_weight(resample(seen, rng, RULES).hands) / n)
        true.append(reading.log_weight(state.hands) / n)
    assert len(chain) > 10
    assert statistics.fmean(chain) > statistics.fmean(plain) + 1.5
    assert statistics.fmean(chain) > statistics.fmean(true) - 0.5
