"""Fair, checkable deals: commit before the first action, reveal at the end.

The server shuffles with ``secrets`` and publishes ``sha256(salt + ":" + canonical deal)`` in
every update of the hand; the last update, and the hand's record (``meta.salt``,
``meta.commitment``), reveal the salt and the deal.  :func:`verify_document` is what
``ramino verify RECORD`` runs: the revealed deal must hash to the commitment, and the record
must replay legally (docs/record.md §5), so the deal was fixed before anyone played.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from ramino.errors import RecordError
from ramino.games.deal import Deal
from ramino.records import read_record, replay
from ramino.records.document import write_deal
from ramino.records.scala40 import record as scala40_record
from ramino.records.scala40.record import is_scala40_document


def canonical_deal(deal: dict[str, Any]) -> str:
    return json.dumps(deal, sort_keys=True, separators=(",", ":"))


def commitment_of(deal: dict[str, Any], salt: str) -> str:
    """The published hash of a deal (docs/record.md §4 ``deal`` as JSON) and its secret salt."""
    return hashlib.sha256(f"{salt}:{canonical_deal(deal)}".encode()).hexdigest()


@dataclass(frozen=True)
class Verdict:
    ok: bool
    message: str
    exit_code: int  # 0 checked, 1 the deal or an action does not check, 2 not checkable


def verify_document(document: object) -> Verdict:
    """Check a hand record written by the server (its ``meta`` holds salt and commitment):
    Burraco, Buraco or Scala 40."""
    scala40 = is_scala40_document(document)
    deals: list[Deal | None]
    try:
        if scala40:
            s40 = scala40_record.read_record(document)
            meta_value, deals = s40.meta, [h.deal for h in s40.hands]
        else:
            record = read_record(document)
            meta_value, deals = record.meta, [h.deal for h in record.hands]
    except RecordError as exc:
        return Verdict(False, f"not a well-formed record: {exc}", 2)
    meta = meta_value if isinstance(meta_value, dict) else {}
    salt, commitment = meta.get("salt"), meta.get("commitment")
    if not isinstance(salt, str) or not isinstance(commitment, str):
        return Verdict(False, "meta: no salt and commitment (not a hand from a ramino "
                       "server)", 2)
    deal = deals[0] if len(deals) == 1 else None
    if deal is None:
        return Verdict(False, "deal: a server hand record holds exactly one dealt hand", 2)
    computed = commitment_of(write_deal(deal), salt)
    if computed != commitment:
        return Verdict(False, f"the deal does NOT match the commitment: sha256 is {computed}, "
                       f"the server published {commitment}", 1)
    report = scala40_record.replay(document) if scala40 else replay(document)
    if not report.ok:
        problems = "; ".join(p.message for p in report.problems)
        return Verdict(False, f"the deal matches its commitment, but the record does not "
                       f"replay: {problems}", 1)
    return Verdict(True, f"the deal matches the commitment {commitment} published before "
                   "the first action, and every action replays legally", 0)
