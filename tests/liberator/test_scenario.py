"""A whole scenario with fixed dice — normal, turning point, final — and the experience totals.

Experience expected (R-LB-02, R-LB-05, R-LB-08, R-LB-12):
ann: turning point 2 + doubles 1 + final cleared 8 + support award 2 = 13
bob: doubles in an advantage roll 1 + enhancement (treasure) 1 + turning point 2
     + doubles in the forced recovery 1 + final cleared 8 + lead award 2 = 15
GM:  turning point 2 + final cleared 8 + its share (2 players) 2 = 12
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from lb_helpers import RULES, kinds, obstacles

from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.systems.liberator.mission import Mission
from meikyu.systems.liberator.rules import new_table
from meikyu.systems.liberator.state import NORMAL, Awards, Declare, PickEffect, Resolve, Split, StartMission

MISSIONS = {
    "normal": Mission("normal", obstacles("P1", "M1")),
    "turning": Mission("turning", obstacles("P3", "C2+treasure")),
    "final": Mission("final", obstacles("P2", "M2")),
}

SCRIPT = [
    (StartMission(MISSIONS["normal"]), []),
    (Declare("swing"), [5, 3]),
    (Split(5), []),
    (Resolve((1,)), []),  # ann removes P1
    (Declare("revelation_magic"), [4, 3]),
    (Split(4), []),
    (Resolve((2,)), []),  # bob clears
    (Declare("battle_wisdom"), [6, 1]),
    (PickEffect(6), []),  # ann's advantage: P+1
    (Declare("projection_magic"), [3, 3]),  # bob's advantage: doubles
    (StartMission(MISSIONS["turning"]), []),
    (Declare("swing"), [6, 2]),
    (Split(6), []),
    (Resolve((3,)), []),  # ann: P3, swing discarded
    (Declare("illusion_magic"), [6, 4]),
    (Split(6), []),
    (Resolve((4,)), []),  # bob: C2 + treasure, clears
    (Declare("battle_wisdom"), [2, 5]),
    (PickEffect(5), []),
    (Declare("revelation_magic"), [1, 4]),
    (PickEffect(4), []),
    (StartMission(MISSIONS["final"]), []),
    (Declare("mount"), [6, 6]),
    (Resolve((5,)), []),  # ann: doubles, P2
    (Declare("revelation_magic"), [5, 1]),
    (Split(5), []),
    (Resolve((6,)), []),  # bob clears the final
    (Declare(NORMAL), [6, 2]),
    (Split(6), []),
    (Resolve(recover=("swing",)), []),  # forced recovery
    (Declare(NORMAL), [4, 4]),
    (Resolve(), []),  # nothing fits 4
    (Awards(lead=(1, 1, 0), support=(0, 0, 0)), []),
]


def test_whole_scenario_to_the_final_mission() -> None:
    """R-LB-01…05, R-LB-08, R-LB-12: a full scenario ends with the right experience for everyone."""
    game = Game(RULES, new_table([("ann", "warrior", ["mount"]), ("bob", "mage", ["might"])], RULES.cards))
    for action, dice in SCRIPT:
        scripted = ScriptedDice(dice)
        game.play(action, scripted)
        assert scripted.remaining == 0
    s = game.state
    assert s.phase == "over" and s.result == "cleared"
    assert s.log == ("normal:cleared", "turning:cleared", "final:cleared")
    assert [p.earned for p in s.players] == [13, 15] and [p.exp for p in s.players] == [13, 15]
    assert s.gm_exp == 12
    assert "swing" in s.players[0].character.hand
    events = [e for t in game.history for e in t.events]
    assert kinds(events).count("MissionCleared") == 3
    # replay and save/load reproduce the same table
    again = Game.from_data(RULES, json.loads(json.dumps(game.to_data())))
    assert again.state == s
    for e in events:
        assert e.render("ja") and e.render("ko") and not e.render("en").startswith("lb.")


def test_scenario_through_the_terminal_table(tmp_path: Path) -> None:
    """The same scenario typed into ``meikyu liberator play --script``: the totals show at the end."""
    files = {}
    for name, m in MISSIONS.items():
        lines = [f'type = "{m.type}"']
        for o in m.obstacles:
            lines += ["[[obstacles]]", f'kind = "{o.kind}"', f"target = {o.target}"] + (
                [f'enhancement = "{o.enhancement}"'] if o.enhancement else []
            )
        files[name] = tmp_path / f"{name}.toml"
        files[name].write_text("\n".join(lines), encoding="utf-8")
    script = f"""
mission {files["normal"]}
dice 5 3
declare swing
split 5
resolve 1
dice 4 3
declare revelation_magic
split 4
resolve 2
dice 6 1
declare battle_wisdom
effect 6
dice 3 3
declare projection_magic
mission {files["turning"]}
dice 6 2
declare swing
split 6
resolve 3
dice 6 4
declare illusion_magic
undo        # take it back and do it again with the same dice
dice 6 4
declare illusion_magic
split 6
resolve 4
dice 2 5
declare battle_wisdom
effect 5
dice 1 4
declare revelation_magic
effect 4
save {tmp_path / "save.json"}
mission {files["final"]}
dice 6 6
declare mount
resolve 5
dice 5 1
declare revelation_magic
split 5
resolve 6
dice 6 2
declare normal_recovery
split 6
recover swing
dice 4 4
declare normal_recovery
resolve -
awards 1,1,0 0,0,0
"""
    (tmp_path / "script.txt").write_text(script, encoding="utf-8")
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from meikyu.systems.liberator.cli import register; import argparse;"
            "p = argparse.ArgumentParser(); register(p.add_subparsers()); a = p.parse_args(sys.argv[1:]); sys.exit(a.handler(a))",
            "liberator",
            "play",
            "--players",
            "ann:warrior:mount,bob:mage:might",
            "--script",
            str(tmp_path / "script.txt"),
            "--lang",
            "en",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "! " not in out.stdout, out.stdout
    assert (
        "ann: earned 13" in out.stdout
        and "bob: earned 15" in out.stdout
        and "GM experience: 12" in out.stdout
    )
    saved = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    assert saved["rules"] == "liberator" and len(saved["history"]) > 10
