"""Every widget callback: what a user's action does to the example. Rendering lives in editor/panels.

Callbacks change the example only through ``session.set_example`` and only with a value that is
one of the field's choices; anything else is ignored, and the next run shows the example again.
"""

from __future__ import annotations

from dataclasses import replace

from teach import choices, model, presets
from ui import failsafe, session

POOL_MODES = ("listed", "judged")  # IDCG over the listed items, or over every judged item
ORDER_ACTIONS = ("ideal", "reverse", "shuffle", "undo", "reset")  # the buttons under the drag list
ORDER_HELP = ("undo", "reset")  # the buttons with a tooltip (help_<action>)


# ---------------------------------------------------------------- language and settings


@failsafe.callback
def on_language(key: str) -> None:
    if session.widget_value(key) in model.LANGS:
        session.set_language(session.widget_value(key))


def setting_ok(field: str, value) -> bool:
    """Whether ``value`` is one of the choices of the example's ``field`` (never write anything else)."""
    if field == "k":
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= model.MAX_K
    if field == "use_scores":
        return isinstance(value, bool)
    if field == "threshold":
        return isinstance(value, int) and not isinstance(value, bool) and value in model.SCALES
    return value in {"scale": model.SCALES, "gain": choices.gains(), "ties": choices.ties()}[field]


@failsafe.callback
def on_setting(field: str, key: str) -> None:
    value = session.widget_value(key)
    if not setting_ok(field, value):
        return
    if field == "k":
        value = value or None
    ex = replace(session.example(), **{field: value})
    if field == "use_scores" and value:
        ex = model.with_default_scores(ex)
    session.set_example(ex)


@failsafe.callback
def on_k_slider(key: str) -> None:
    """The nDCG@k page's slider: copy its k into the example."""
    value = session.widget_value(key)
    if isinstance(value, int) and value >= 1:
        session.set_example(replace(session.example(), k=value))


# ---------------------------------------------------------------- moves


def apply_move(order, moved_uid) -> bool:
    """Apply a reported order once (the component's callback and the script can both see it)."""
    if not isinstance(order, list | tuple):  # the report is the browser's JSON: anything at all
        return False
    if not session.first_report((tuple(order), moved_uid)):
        return False
    ex = session.example()
    new = model.reorder(ex, order)
    if new is None or new.items == ex.items:
        return False
    before = [i.uid for i in ex.items]
    after = [i.uid for i in new.items]
    item = next((i for i in new.items if i.uid == moved_uid), None)
    note = None
    if item is not None:
        note = (
            "moved",
            {"name": str(item.name), "src": before.index(moved_uid) + 1, "dst": after.index(moved_uid) + 1},
        )
    _record_move(ex, new, note)
    return True


@failsafe.callback
def on_list_moved(key: str) -> None:
    value = session.widget_value(key) or {}
    moved = value.get("moved") if hasattr(value, "get") else None
    if isinstance(moved, dict):
        apply_move(moved.get("order") or [], moved.get("uid"))


@failsafe.callback
def on_order_button(action: str) -> None:
    """Sort ideally, reverse, shuffle (seeded: "shuffle #3" is the same for the whole class), undo or reset."""
    session.forget_reports()
    ex = session.example()
    if action == "undo":
        before = session.pop_undo()
        if before is not None:
            session.set_example(before, remember=False)
            session.set_last_move(ex, before, ("did_undo", {}))
        return
    note: model.Problem
    if action == "ideal":
        new, note = model.ideal_order(ex), ("did_ideal", {})
    elif action == "reverse":
        new, note = model.reversed_order(ex), ("did_reverse", {})
    elif action == "shuffle":
        seed = session.next_shuffle()
        new, note = model.shuffled(ex, seed), ("did_shuffle", {"seed": seed})
    else:
        session.forget_move()
        session.reset()
        return
    _record_move(ex, new, note)


def _record_move(old: model.Example, new: model.Example, note: model.Problem | None) -> None:
    session.set_example(new)
    session.set_last_move(old, new, note)


# ---------------------------------------------------------------- loading examples


def open_source_example() -> None:
    """Load the source's worked example (A, B, C with grades 1, 3, 2) into the shared example."""
    session.forget_move()
    session.set_example(model.DEFAULT)


@failsafe.callback
def on_preset(key: str) -> None:
    """Open the preset chosen in the picker (Undo takes it back); the empty choice changes nothing."""
    name = session.widget_value(key)
    preset = presets.PRESETS.get(name) if isinstance(name, str) else None
    if preset is None:
        return
    session.forget_move()
    session.set_example(preset.example)


@failsafe.callback
def load_grades(grades: list[float]) -> None:
    """Replace the items with A, B, ... carrying ``grades``, keeping the settings."""
    items = tuple(
        model.Item(i, name, float(g), None)
        for i, (name, g) in enumerate(zip(model.letters(len(grades)), grades, strict=True))
    )
    session.forget_move()
    session.set_example(replace(session.example(), items=items, use_scores=False, use_pool=False))


@failsafe.callback
def cap_grades() -> None:
    """Lower every grade above the scale to the scale's top (offered when the scale was lowered)."""
    ex = session.example()
    items = tuple(replace(i, grade=float(ex.scale)) if (model.number(i.grade) or 0) > ex.scale else i for i in ex.items)
    session.forget_move()
    session.set_example(replace(ex, items=items, pool=tuple(min(g, float(ex.scale)) for g in ex.pool)))


# ---------------------------------------------------------------- the IDCG pool


@failsafe.callback
def on_pool_mode(key: str) -> None:
    if session.widget_value(key) in POOL_MODES:
        session.set_example(replace(session.example(), use_pool=session.widget_value(key) == "judged"))


@failsafe.callback
def on_pool_text(key: str) -> None:
    """Judged grades typed as "3, 1": the good entries count; each bad one stays on screen and is named.

    With too many entries nothing changes, and the sentence says so.
    """
    raw = session.widget_value(key) or ""
    ex = session.example()
    parts = [p.strip() for p in raw.split(",")] if raw.strip() else []
    if len(parts) > model.MAX_ITEMS:
        session.set_pool_problem([("url_too_many", {"param": "pool", "count": len(parts), "max": model.MAX_ITEMS})])
        return
    grades, problems = [], []
    for j, part in enumerate(parts, start=1):
        problem = model.grade_problem(part, ex.scale)
        if problem:
            problems.append(("pool_bad", {"pos": j, "why": problem}))
        else:
            grades.append(float(part))
    session.set_pool_problem(problems or None)
    session.set_example(replace(ex, pool=tuple(grades)))
