"""Card Table: card games with exact rules, for people and for research.

The layers, each importing only those below it (import-linter checks this; see
``docs/architecture.md``):

- :mod:`cardtable.cards` and :mod:`cardtable.errors`: the shared core (cards, masks,
  parsing, seeded shuffles, fair-deal commitments, the precise errors);
- :mod:`cardtable.games`: the small interface a game offers the table;
- one package per game: :mod:`cardtable.gin` (rules, melds, hand, match, records, players,
  lesson, research environments);
- :mod:`cardtable.store`, :mod:`cardtable.table` (the table service and typed seat views) and
  :mod:`cardtable.sim` (batch play, tournaments);
- the front ends, :mod:`cardtable.web` and :mod:`cardtable.tui`, over the table;
- :mod:`cardtable.cli`, the ``cardtable`` and ``ginrummy`` commands.
"""

__version__ = "0.2.0"
