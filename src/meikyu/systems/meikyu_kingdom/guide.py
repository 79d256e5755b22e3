"""Running a Meikyuu Kingdom session from Python: the sample kingdom's round table, step by step.

A session is a :class:`meikyu.engine.Game` over :class:`.session.SessionRules`. Every GM decision is
an action; a request the rules cannot allow raises :class:`meikyu.errors.RuleError` and changes
nothing, and ``game.undo()`` takes back the last action.

>>> import meikyu.systems.meikyu_kingdom
>>> from meikyu.dice import RandomDice
>>> from meikyu.engine import Game
>>> from meikyu.errors import RuleError
>>> from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
>>> from meikyu.systems.meikyu_kingdom.sheets.display import render_map
>>> from meikyu.systems.meikyu_kingdom.session import Advance, SessionRules, SessionState
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()                                    # 버섯골 왕국 and its court of four
>>> game = Game(SessionRules(), SessionState(s.kingdom, s.characters), RandomDice(7))
>>> _ = game.play(Advance()); _ = game.play(Advance())   # preparation → prologue → round table
>>> game.state.phase, game.state.step
('kingdom', 'round_table')

Organization meeting (R-MK-04): citizens become minions; the rest stay home.

>>> _ = game.play(rt.AssignMinions("doyun", 10)); _ = game.play(rt.EndOrganization())
>>> game.state.kingdom.citizens
30

Budget meeting (R-MK-05): each request waits for the GM. A field in B3 (1 MG) is approved:

>>> _ = game.play(rt.RequestFacility("밭", 0, "B3")); _ = game.play(rt.Approve())
>>> game.state.kingdom.budget
5

A passage joining B3 and C3 (1 MG) makes the two fields one group of facility level 2 (R-MK-06):

>>> _ = game.play(rt.RequestPassage(0, "B3", "C3")); _ = game.play(rt.Approve())
>>> [(g.rooms, g.level) for g in game.state.kingdom.maps[0].facility_groups() if g.name == "밭"]
[(('A1', 'A2'), 2), (('B3', 'C3'), 2)]

A throne room (3 MG) and an immigrant town (3 MG): the second cannot be paid any more, so the rules
refuse its approval and the GM refuses the request; nothing changes.

>>> _ = game.play(rt.RequestFacility("왕좌의 방", 0, "A3")); _ = game.play(rt.Approve())
>>> _ = game.play(rt.RequestFacility("이민가", 0, "C1"))
>>> try:
...     game.play(rt.Approve())
... except RuleError as err:
...     print(err.message("en"))
this request costs 3 MG but the budget is 1 MG: it cannot be approved (R-MK-05).
>>> events = game.play(rt.Refuse())
>>> print(events[0].render("en"))
Request facility Immigrant Town in map 1 C1: refused, cost 0 MG, budget now 1 MG.
>>> print(events[0].render("ko"))
신청 지도 1 C1에 시설 이민가: 거절, 비용 0 MG, 남은 예산 1 MG.
>>> _ = game.play(rt.EndBudget())
>>> print(render_map(game.state.kingdom.maps[0], "en"))
Home Land
   +-------------+-------------+-------------+
 1 | Field       | Throne Room | .           |
   +     ||      +     ||      +             +
 2 | Field       = Plaza       = Warehouse   |
   +             +     ||      +     ||      +
 3 | Throne Room |*Field       = Field       |
   +-------------+-------------+-------------+
          A             B             C
  (* entrance   = and || passage   | and - wall   . empty room)

The round table is over; the session goes on to the actions, the departure and the labyrinth.

>>> _ = game.play(Advance()); game.state.step
'actions'
"""
