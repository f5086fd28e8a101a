"""The ``ramino-record/1`` game record: read, write and replay (docs/record.md; ``docs/record.md``).

- :func:`read_record` / :func:`write_record`: JSON object <-> :class:`Record`, malformed input
  refused with :class:`~ramino.errors.RecordError` naming the field path;
- :func:`record_of` / :func:`match_record_of`: the record of a hand or match the engine played;
- :func:`replay`: check a record action by action and its result (docs/record.md §5);
- :func:`load_document`: JSON text -> object, with JSON syntax errors as ``RecordError``.
"""

from ramino.records.burraco.position import Position, position_of, read_position
from ramino.records.burraco.replay import HandReplay, ReplayReport, replay
from ramino.records.burraco.writer import match_record_of, record_of
from ramino.records.document import (
    BREAKDOWN_KEYS,
    FORMAT,
    HandRecord,
    Record,
    RecordedResult,
    Turn,
    group_turns,
    read_record,
    write_record,
)
from ramino.records.io import dump_document, load_document
from ramino.records.problem import Problem

__all__ = [
    "BREAKDOWN_KEYS", "FORMAT", "HandRecord", "HandReplay", "Position", "Problem", "Record",
    "RecordedResult", "ReplayReport", "Turn", "dump_document", "group_turns", "load_document",
    "match_record_of", "position_of", "read_position", "read_record", "record_of", "replay",
    "write_record",
]
