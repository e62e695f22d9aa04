"""The readers of the data files, each driven by the field tables of :mod:`gateruler.authoring.fields`.

* :mod:`~gateruler.reading.tables`: reading any mapping by its table, and the
  :class:`~gateruler.reading.tables.Rules` a kind of mapping adds (its
  fields read by hand, its rules across fields, how it is built);
* :mod:`~gateruler.reading.sources`: where the shipped files are, opening a
  file, telling the kinds of file apart, the files a ``card_files`` list names;
* one module per kind of file: :mod:`~gateruler.reading.cards` (and the
  shipped cards), :mod:`~gateruler.reading.rulers`,
  :mod:`~gateruler.reading.levels`, :mod:`~gateruler.reading.decks`,
  :mod:`~gateruler.reading.collection`, with
  :mod:`~gateruler.reading.entries` for their card lists;
* :mod:`~gateruler.reading.validate`: every finding about a file of any kind.

:mod:`gateruler.loader` gathers their public names; the ban list is read in
:mod:`gateruler.validation`, a player's card library in :mod:`gateruler.library`.
"""
