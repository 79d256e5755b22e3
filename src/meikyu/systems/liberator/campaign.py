"""Campaigns: a finished scenario's players start the next one (R-LB-13: leftover experience carries over).

What carries over, from the seed: each player's unspent experience (R-LB-13: "余った経験点は次回以降に
持ち越しできる"; "経験点はキャラクターではなくプレイヤーに与えられる": it belongs to the player, not the
character) and the GM's. A player may own several characters — level, job, action cards and feats —
and before each scenario picks which one plays (``cast``): the one they played, another of theirs, or
a new one, made at level 1 and raised with the player's experience (10 a level, R-LB-13); the others
wait in the player's roster, where experience can be spent on them too. The GM is a person of the
campaign as well (``gm``): the GM's experience is spent on the GM's own characters, and when the GM
takes a seat in a later scenario (and a player runs the game) each keeps their experience and
characters. Players who sit a scenario out keep theirs on the bench.

What starts afresh is what belongs to one scenario, a careful GM's reading where the seed is silent:
every action back in hand (a scenario starts as a new character does, with no discard pile), job
effects and feats unused again (they are once per scenario), no grants held (they last a round or a
mission at most, or until used — no longer than the scenario), no GM warning pending, and the
scenario's own tallies (experience earned, obstacles removed, obstacle names met) at zero. The GM
may also change the plan, the seed, the options and whether there is a dedicated GM.

Levels and jobs are bought as at any other time (R-LB-13: 10 experience per level with one new
action or feat, 2 to swap the job): at the end of one scenario, or at the start of the next.

>>> from dataclasses import replace
>>> from meikyu.systems.liberator.rules import new_table
>>> first = new_table([("ann", "warrior", ["mount"])])
>>> ann = replace(first.players[0], exp=13, earned=14)
>>> ann = replace(ann, character=ann.character.discard_card("swing"))
>>> over = replace(first, players=(ann,), phase="over", result="cleared", gm_exp=9)
>>> second = next_scenario(over)
>>> second.scenario, second.phase, second.gm_exp
(2, 'setup', 9)
>>> second.players[0].exp, second.players[0].earned, second.players[0].character.discard
(13, 0, ())
>>> from meikyu.systems.liberator.cards import sample_cards
>>> from meikyu.systems.liberator.character import create_character
>>> third = next_scenario(replace(second, phase="over"),
...                       cast={"ann": create_character(sample_cards(), "Mira", "mage", ["might"])})
>>> [(c.name, c.job) for c in (third.players[0].character, *third.players[0].roster)], third.players[0].exp
([('Mira', 'mage'), ('ann', 'warrior')], 13)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from meikyu.errors import InputError
from meikyu.systems.liberator.character import Character
from meikyu.systems.liberator.guards import WaitingError, waiting_for
from meikyu.systems.liberator.mission import MISSION_TYPES
from meikyu.systems.liberator.state import Options, Seat, TableState

Cast = Mapping[str, "str | Character | None"]
"""Who plays which character: a player's id → the name of one of their characters, a new character, or
None for the one they played last."""


def next_scenario(
    finished: TableState,
    *,
    plan: Sequence[str] | None = None,
    seed: int | None = None,
    options: Options | None = None,
    dedicated_gm: bool | None = None,
    cast: Cast | None = None,
    gm: str | None = None,
) -> TableState:
    """The next scenario's table: the players with their experience and characters (R-LB-13).

    ``finished`` must be over (its awards given, so its experience is final); the other arguments
    replace the finished table's plan, seed, options and GM seat (by default they stay, the seed
    moving on by one so the new scenario's missions are not the old ones again). ``cast`` seats the
    players it names, in its order, each with the character it says (see :data:`Cast`; a new player
    comes with a new character); without it everyone plays on as before. ``gm`` names the GM (a
    person of the campaign, or a newcomer; default: the same).
    """
    if finished.phase != "over":
        raise WaitingError("R-LB-13", "lb.error.scenario_not_over", what=waiting_for(finished))
    plan = tuple(plan) if plan is not None else finished.plan
    for kind in plan:
        if kind not in MISSION_TYPES:
            raise InputError("lb.error.mission_type", type=kind, types=", ".join(MISSION_TYPES))
    # Everyone of the campaign: experience and characters (the one played last first).
    people: dict[str, tuple[int, list[Character]]] = {}
    for p in (*finished.players, *finished.bench):
        people[p.id] = (p.exp, [p.character, *p.roster] if p.character.name or p.roster else [])
    if finished.gm_name:
        people[finished.gm_name] = (finished.gm_exp, list(finished.gm_roster))
    new_gm = finished.gm_name if gm is None else gm
    wanted: Cast = cast if cast is not None else {p.id: None for p in finished.players if p.id != new_gm}
    seats = []
    for pid, choice in wanted.items():
        if pid == new_gm and new_gm:
            raise InputError("lb.error.cast_gm", player=pid)
        exp, owned = people.get(pid, (0, []))
        names = [c.name for c in owned]
        if isinstance(choice, Character):
            if choice.name in names:
                raise InputError("lb.error.cast_clash", player=pid, name=choice.name)
            playing, rest = choice, owned
        elif choice is None:
            if not owned:
                raise InputError("lb.error.cast_none", player=pid)
            playing, rest = owned[0], owned[1:]
        else:
            if choice not in names:
                raise InputError("lb.error.cast_unknown", player=pid, name=choice, names=", ".join(names) or "-")
            playing, rest = owned[names.index(choice)], [c for c in owned if c.name != choice]
        seats.append(Seat(pid, playing.fresh_scenario(), exp=exp, roster=tuple(c.fresh_scenario() for c in rest)))
    if not seats:
        raise InputError("lb.error.no_players")
    if new_gm in people:
        gm_exp, gm_roster = people[new_gm]
    elif not finished.gm_name:  # the GM who ran the last one, unnamed until now (or still unnamed)
        gm_exp, gm_roster = finished.gm_exp, []
    else:  # a newcomer runs the game
        gm_exp, gm_roster = 0, []
    seated = {s.id for s in seats} | {new_gm}
    # A benched person without characters (a GM who never played) holds an empty, nameless one.
    bench = tuple(Seat(pid, owned[0].fresh_scenario(), exp=exp, roster=tuple(c.fresh_scenario() for c in owned[1:]))
                  if owned else Seat(pid, Character("", ""), exp=exp)
                  for pid, (exp, owned) in people.items() if pid not in seated)
    return TableState(
        tuple(seats),
        finished.dedicated_gm if dedicated_gm is None else dedicated_gm,
        gm_exp=gm_exp,
        options=options if options is not None else finished.options,
        plan=plan,
        seed=finished.seed + 1 if seed is None else seed,
        scenario=finished.scenario + 1,
        gm_name=new_gm,
        gm_roster=tuple(c.fresh_scenario() for c in gm_roster),
        bench=bench,
    )
