"""The topics of the exercises, one module each.

Each module declares its :class:`~ombre.teaching.generators.Topic` as ``TOPIC``: its set of the
book (the :class:`~ombre.teaching.model.SetSpec` and its :class:`~ombre.teaching.model.SetPlan`
together) and, with ``@TOPIC.generator(kind)``, the generator of each kind of exercise it asks.
:mod:`ombre.teaching.sets` collects them in the book's order.
"""
