"""Seat the next turno: the format of the plan, byes, numbered tables, sides, deal seeds.

§7.2 (seating, N-S v E-W tables), §7.3 (formats, mixed schemes, byes), §6.6 (Scala 40
formats). The movement modules decide who meets whom; this module turns that into
:class:`~ramino.tournament.model.Round` records. Block formats (Mitchell, all'italiana,
knockout, individual Mitchell) fix their lines at the first turno of a block of consecutive
turni of that format and keep them in every turno's ``lines`` so the tournament file is
self-describing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ramino.tournament.model import Entrant, Format, Round, Settings, Side, Table
from ramino.tournament.movements import (
    byes as bye_rule,
)
from ramino.tournament.movements import (
    danish,
    individual,
    knockout,
    mitchell,
    roundrobin,
    swiss,
)
from ramino.tournament.movements.history import History, build
from ramino.tournament.movements.sides import orient
from ramino.tournament.refusals import N_, Refusal
from ramino.tournament.scoring import score
from ramino.tournament.standings import Row

Slot = int | None
Match = tuple[Side, Side]


def first_order(settings: Settings, active: list[int]) -> list[int]:
    """Seeding for the first turno: registration order or a seeded draw (§7.2)."""
    order = sorted(active)
    if settings.first_seating == "draw":
        random.Random(f"{settings.seed}:first-draw").shuffle(order)
    return order


def deal_seed(settings: Settings, number: int, table: int, deal: int) -> int:
    """A smazzata's seed; in duplicate every table of the turno shares the table-0 seeds."""
    key = f"{settings.seed}:{number}:{0 if settings.duplicate else table}:{deal}"
    return random.Random(key).getrandbits(48)


@dataclass(slots=True)
class _Context:
    settings: Settings
    ranked: list[int]
    vp: dict[int, int]
    history: History
    block: int
    previous: Round | None


def seat(
    settings: Settings,
    entrants: list[Entrant],
    rounds: list[Round],
    standings: list[Row],
) -> Round:
    """The next turno of the plan. Earlier turni must be complete."""
    number = len(rounds) + 1
    if number > len(settings.plan):
        raise Refusal(N_("the plan has {turni} turni; all are seated"), turni=len(settings.plan))
    for rnd in rounds:
        missing = [t.number for t in rnd.tables if not t.confirmed]
        if missing:
            raise Refusal(N_("turno {turno} still waits for tables {tables}"),
                          turno=rnd.number, tables=", ".join(map(str, missing)))
    fmt = settings.plan[number - 1]
    active = {e.id for e in entrants if e.active}
    needed = 4 if fmt.individual else 2
    if len(active) < needed:
        raise Refusal(N_("seating a turno needs at least {needed} active entrants"), needed=needed)
    if rounds:
        ranked = [row.entrant for row in standings if row.entrant in active]
    else:
        ranked = first_order(settings, sorted(active))
    ctx = _Context(
        settings=settings,
        ranked=ranked,
        vp={row.entrant: row.vp for row in standings},
        history=build(rounds),
        block=_block_index(rounds, fmt),
        previous=rounds[-1] if rounds else None,
    )
    rnd = Round(number=number, format=fmt, tables=[])
    _SEATERS[fmt](rnd, ctx)
    for table in rnd.tables:
        table.deal_seeds = [
            deal_seed(settings, number, table.number, d) for d in range(settings.deals_per_round)
        ]
    return rnd


def _block_index(rounds: list[Round], fmt: Format) -> int:
    """How many turni of this format immediately precede the new one."""
    k = 0
    for rnd in reversed(rounds):
        if rnd.format is not fmt:
            break
        k += 1
    return k


def _block_length(settings: Settings, number: int, fmt: Format) -> int:
    length = 0
    for planned in settings.plan[number - 1 :]:
        if planned is not fmt:
            break
        length += 1
    return length


def _refresh(lines: list[list[Slot]], active: list[int]) -> list[int]:
    """Drop withdrawn entrants from block lines and seat late entrants in phantom slots.

    Returns the active entrants who found no slot: they have byes for the rest of the block.
    """
    present = set(active)
    for line in lines:
        for i, slot in enumerate(line):
            if slot is not None and slot not in present:
                line[i] = None
    seated = {slot for line in lines for slot in line if slot is not None}
    waiting = [e for e in active if e not in seated]
    for line in lines:
        for i, slot in enumerate(line):
            if slot is None and waiting:
                line[i] = waiting.pop(0)
    return waiting


def _block_lines(rnd: Round, ctx: _Context, fresh: list[list[Slot]]) -> list[list[Slot]]:
    if ctx.block == 0 or ctx.previous is None:
        lines = fresh
    else:
        lines = [list(line) for line in ctx.previous.lines]
    rnd.byes.extend(_refresh(lines, ctx.ranked))
    rnd.lines = lines
    return lines


def _add_oriented(rnd: Round, matches: list[Match], history: History) -> None:
    for first, second in matches:
        ns, ew = orient(first, second, history)
        rnd.tables.append(Table(number=len(rnd.tables) + 1, ns=ns, ew=ew))


def _without_byes(rnd: Round, ctx: _Context, group: int) -> list[int]:
    out = bye_rule.pick(ctx.ranked, ctx.history.byes, len(ctx.ranked) % group)
    rnd.byes.extend(out)
    sitting_out = set(out)
    return [e for e in ctx.ranked if e not in sitting_out]


def _seat_mitchell(rnd: Round, ctx: _Context) -> None:
    fresh = [*mitchell.lines(ctx.ranked)] if ctx.block == 0 else []
    lines = _block_lines(rnd, ctx, [list(x) for x in fresh])
    if ctx.block == 0 or ctx.previous is None:
        turni = _block_length(ctx.settings, rnd.number, Format.MITCHELL)
        chosen = ctx.settings.mitchell_step
        rnd.step = mitchell.effective_step(len(lines[0]), chosen, turni)
        if rnd.step != chosen:
            rnd.notes.append(
                f"Mitchell step {chosen} would repeat a meeting within {turni} turni at "
                f"{len(lines[0])} tables; using step {rnd.step}"
            )
    else:
        rnd.step = ctx.previous.step
    tables = len(lines[0])
    offsets = [(k * rnd.step) % tables for k in range(ctx.block + 1)]
    if offsets[-1] in offsets[:-1]:
        again = rnd.number - ctx.block + offsets.index(offsets[-1])
        rnd.notes.append(
            f"this Mitchell turno repeats the meetings of turno {again}: on {tables} tables "
            f"the movement has at most {tables} turni without a repeat; change the plan "
            "(ramino tournament settings --plan) to avoid it"
        )
    for number, ns, ew in mitchell.pairings(lines[0], lines[1], ctx.block, rnd.step):
        if ns is None or ew is None:
            rnd.byes.extend(e for e in (ns, ew) if e is not None)
        else:
            rnd.tables.append(Table(number=number, ns=(ns,), ew=(ew,)))
    _fewest_byes(rnd, ctx, set(e for e in lines[0] if e is not None))


def _fewest_byes(rnd: Round, ctx: _Context, ns_line: set[int]) -> None:
    """Byes by "fewest byes first", not by the empty slot a withdrawal left (§7.3):
    two entrants facing empty slots play each other at an extra table, and an entrant due a
    bye by the movement who has had more byes than someone playing swaps with the
    lowest-ranked of those (one he has not met, where possible)."""
    need = len(ctx.ranked) % 2
    byes = ctx.history.byes
    met = ctx.history.met
    waiting = list(rnd.byes)
    while len(waiting) > need + 1:
        first = waiting.pop(0)
        other = next((e for e in waiting if not met[frozenset((first, e))]), waiting[0])
        waiting.remove(other)
        ns, ew = (other, first) if other in ns_line and first not in ns_line else (first, other)
        number = max((tb.number for tb in rnd.tables), default=0) + 1
        rnd.tables.append(Table(number=number, ns=(ns,), ew=(ew,)))
    for i, resting in enumerate(waiting):
        playing = [e for tb in rnd.tables for e in tb.entrants]
        fewest = min((byes[e] for e in playing), default=byes[resting])
        if byes[resting] <= fewest:
            continue
        rank = {e: n for n, e in enumerate(ctx.ranked)}
        due = sorted((e for e in playing if byes[e] == fewest), key=lambda e: -rank[e])

        def opponent(entrant: int) -> int:
            table = next(tb for tb in rnd.tables if entrant in tb.entrants)
            return (table.ew if entrant in table.ns else table.ns)[0]

        swap = next((e for e in due if not met[frozenset((resting, opponent(e)))]), due[0])
        table = next(tb for tb in rnd.tables if swap in tb.entrants)
        if swap in table.ns:
            table.ns = (resting,)
        else:
            table.ew = (resting,)
        waiting[i] = swap
    rnd.byes[:] = waiting


def _seat_pairs(rnd: Round, ctx: _Context) -> None:
    playing = _without_byes(rnd, ctx, 2)
    fmt = rnd.format
    if fmt is Format.DANESE_PURO:
        pairs = danish.pure(playing)
    elif fmt is Format.SORTEGGIO:
        pairs = danish.draw(playing, random.Random(f"{ctx.settings.seed}:draw:{rnd.number}")
                            .getrandbits(32))
    elif fmt is Format.SWISS:
        balance = {e: ctx.history.balance(e) for e in playing}
        vp = {e: ctx.vp.get(e, 0) for e in playing}
        pairs = swiss.pair(playing, vp, ctx.history.met, balance)
    else:
        last = rnd.number == len(ctx.settings.plan)
        pairs = danish.modified(playing, set() if last else ctx.history.previous)
        if last and ctx.previous is not None:
            rnd.notes.append("last turno: Danese modificato pairs as puro (RULES.md §9.6 T-38)")
    _add_oriented(rnd, [((a,), (b,)) for a, b in pairs], ctx.history)


def _seat_italiana(rnd: Round, ctx: _Context) -> None:
    lines = _block_lines(rnd, ctx, [roundrobin.participants(ctx.ranked)])
    matches: list[Match] = []
    for a, b in roundrobin.round_pairs(lines[0], ctx.block):
        if a is None or b is None:
            rnd.byes.extend(e for e in (a, b) if e is not None)
        else:
            matches.append(((a,), (b,)))
    _add_oriented(rnd, matches, ctx.history)


def _knockout_winner(ctx: _Context, a: int, b: int, seeds: list[Slot]) -> int:
    previous = ctx.previous
    assert previous is not None
    for table in previous.tables:
        if a in table.entrants and b in table.entrants:
            result = score(table, ctx.settings)
            assert result is not None  # seat() refuses to go on before every result counts
            side_a = "ns" if a in table.ns else "ew"
            side_b = "ew" if side_a == "ns" else "ns"
            key_a = (result.vp(side_a), result.mp(side_a))
            key_b = (result.vp(side_b), result.mp(side_b))
            if key_a != key_b:
                return a if key_a > key_b else b
            # An exact tie: the higher seed goes through (documented in docs/tournament.md).
            return a if seeds.index(a) < seeds.index(b) else b
    raise ValueError(f"knockout: no table of turno {previous.number} seats {a} v {b}")


def _seat_knockout(rnd: Round, ctx: _Context) -> None:
    if ctx.block == 0 or ctx.previous is None:
        seeds: list[Slot] = list(ctx.ranked)
        slots = knockout.bracket(ctx.ranked)
    else:
        previous_slots, seeds = ctx.previous.lines[0], list(ctx.previous.lines[1])
        if len(previous_slots) <= 1:
            raise Refusal(N_("the knockout already has its winner"))
        slots = []
        for a, b in knockout.matches(previous_slots):
            if a is None or b is None:
                slots.append(a if b is None else b)
            else:
                slots.append(_knockout_winner(ctx, a, b, seeds))
        if len(slots) == 1:
            raise Refusal(N_("the knockout is over: entrant {winner} won"), winner=slots[0])
    present = set(ctx.ranked)
    slots = [s if s in present else None for s in slots]
    rnd.lines = [slots, seeds]
    matches: list[Match] = []
    for a, b in knockout.matches(slots):
        if a is None or b is None:
            rnd.byes.extend(e for e in (a, b) if e is not None)
        else:
            matches.append(((a,), (b,)))
    _add_oriented(rnd, matches, ctx.history)


def _seat_individual_danish(rnd: Round, ctx: _Context) -> None:
    playing = _without_byes(rnd, ctx, 4)
    _add_oriented(rnd, list(individual.danish(playing, ctx.history.partners)), ctx.history)


def _seat_individual_mitchell(rnd: Round, ctx: _Context) -> None:
    """Four lines of ⌊players/4⌋ tables and a bench for the others (players % 4 of them), so
    that a turno has the fewest byes the numbers allow.  Each turno the bench goes to those
    with the fewest byes so far (the lowest-ranked first, as for any bye): a benched player
    who is not due another bye takes the line seat of one who is."""
    if ctx.block == 0 or ctx.previous is None:
        bench = bye_rule.pick(ctx.ranked, ctx.history.byes, len(ctx.ranked) % 4)
        seated = [p for p in ctx.ranked if p not in bench]
        bench_line: list[Slot] = list(bench)
        lines = [*individual.mitchell_lines(seated), bench_line]
    else:
        lines = [list(line) for line in ctx.previous.lines]
        if len(lines) == 4:
            lines.append([])  # a block seated without a bench
        lines[4] = [p for p in lines[4] if p in set(ctx.ranked)]
        waiting = _refresh(lines[:4], ctx.ranked)
        lines[4].extend(p for p in waiting if p not in lines[4])
        _rotate_bench(lines, ctx, _block_length(ctx.settings, rnd.number,
                                                Format.INDIVIDUAL_MITCHELL))
    rnd.lines = lines
    rnd.byes.extend(p for p in lines[4] if p is not None)
    for number, (n, s, e, w) in individual.mitchell(lines[:4], ctx.block):
        if n is None or s is None or e is None or w is None:
            rnd.byes.extend(p for p in (n, s, e, w) if p is not None)
        else:
            rnd.tables.append(Table(number=number, ns=(n, s), ew=(e, w)))
    _extra_individual_tables(rnd, ctx)


def _extra_individual_tables(rnd: Round, ctx: _Context) -> None:
    """Seats emptied by withdrawals leave more players out than the numbers need: four of
    them at a time (the fewest byes first) play at an extra table, with new partners."""
    need = len(ctx.ranked) % 4
    rank = {e: n for n, e in enumerate(ctx.ranked)}
    waiting = list(rnd.byes)
    while len(waiting) - need >= 4:
        four = sorted(sorted(waiting, key=lambda e: (ctx.history.byes[e], -rank[e]))[:4],
                      key=rank.__getitem__)
        (ns, ew), = individual.danish(four, ctx.history.partners)
        number = max((tb.number for tb in rnd.tables), default=0) + 1
        rnd.tables.append(Table(number=number, ns=ns, ew=ew))
        waiting = [e for e in waiting if e not in four]
    partners = ctx.history.partners
    for i, resting in enumerate(waiting):
        playing = [e for tb in rnd.tables for e in tb.entrants]
        fewest = min((ctx.history.byes[e] for e in playing), default=0)
        if ctx.history.byes[resting] <= fewest:
            continue
        due = sorted((e for e in playing if ctx.history.byes[e] == fewest),
                     key=lambda e: -rank[e])

        def side_of(player: int) -> tuple[Table, str]:
            table = next(tb for tb in rnd.tables if player in tb.entrants)
            return table, "ns" if player in table.ns else "ew"

        def new_partner(player: int, coming: int) -> bool:
            table, side = side_of(player)
            mates = [e for e in getattr(table, side) if e != player]
            return not any(partners[frozenset((coming, m))] for m in mates)

        swap = next((e for e in due if new_partner(e, resting)), due[0])
        table, side = side_of(swap)
        setattr(table, side, tuple(resting if e == swap else e for e in getattr(table, side)))
        waiting[i] = swap
    rnd.byes[:] = waiting


def _rotate_bench(lines: list[list[Slot]], ctx: _Context, turni: int) -> None:
    """Fill the lines' empty seats from the bench, then give the bench to those with the
    fewest byes (ties: the lowest-ranked): a benched player swaps with a seated one who has had
    fewer byes (or as many and ranks lower), choosing, among those, one whose seat gives him
    no partner he has had in the ``turni`` left of the block."""
    bench = [p for p in lines[4] if p is not None]
    for line in lines[:4]:
        for i, slot in enumerate(line):
            if slot is None and bench:
                line[i] = bench.pop(0)
    tables = len(lines[0])
    rank = {e: n for n, e in enumerate(ctx.ranked)}
    byes = Counter(ctx.history.byes)
    partners = ctx.history.partners

    def fits(player: int, line: int, position: int) -> bool:
        for k in range(ctx.block, ctx.block + turni):
            other_line, other_position = individual.partner_slot(tables, line, position, k)
            other = lines[other_line][other_position]
            if other is not None and partners[frozenset((player, other))]:
                return False
        return True

    staying: list[int] = []
    for coming in sorted(bench, key=lambda e: (-byes[e], rank[e])):
        seats = sorted(
            (byes[slot], -rank[slot], line, i) for line in range(4)
            for i, slot in enumerate(lines[line])
            if slot is not None and (byes[slot], -rank[slot]) < (byes[coming], -rank[coming])
        )
        if not seats:
            staying.append(coming)
            continue
        _, _, row, column = next((seat for seat in seats if fits(coming, seat[2], seat[3])),
                                 seats[0])
        going = lines[row][column]
        assert going is not None
        lines[row][column] = coming
        staying.append(going)
        byes[going] += 1
    lines[4] = [p for p in ctx.ranked if p in set(staying)]


_SEATERS: dict[Format, Callable[[Round, _Context], None]] = {
    Format.MITCHELL: _seat_mitchell,
    Format.DANESE_PURO: _seat_pairs,
    Format.DANESE_MODIFICATO: _seat_pairs,
    Format.SWISS: _seat_pairs,
    Format.SORTEGGIO: _seat_pairs,
    Format.ITALIANA: _seat_italiana,
    Format.KNOCKOUT: _seat_knockout,
    Format.INDIVIDUAL_DANISH: _seat_individual_danish,
    Format.INDIVIDUAL_MITCHELL: _seat_individual_mitchell,
}
