"""Tools for people who write new rift levels and cards in YAML.

The loader (:mod:`gateruler.loader`) is what decides whether a file is right;
this package helps authors get there: the description of every file field
(:mod:`~gateruler.authoring.fields`), which the readers
(:mod:`gateruler.reading`) read the files by and from which the JSON Schemas
for editors (:mod:`~gateruler.authoring.schema`) and the reference page
(:mod:`~gateruler.authoring.reference`) are generated, starting files that
validate as written (:mod:`~gateruler.authoring.templates`), and a short
seeded smoke run that plays a new level to find rule errors before a player
does (:mod:`~gateruler.authoring.smoke`).  docs/authoring.md is the walk-through.
"""
