"""A hot-seat terminal table: everyone at one keyboard plays a scenario with the sample cards.

Commands (one per line; the same words work in a ``--script`` file, ``#`` starts a comment):

- a number — play that option from the list shown;
- ``auto`` — let the strategic automatic player
  (:class:`~meikyu.systems.liberator.strategy.StrategicPolicy`) choose; ``auto N`` does so N times;
- ``dice 3 5`` — the next dice to use (rolled at a real table), said back with whose roll they
  are for; otherwise dice are random;
- ``declare CARD`` · ``split N`` · ``effect N`` · ``resolve UID,UID`` · ``recover CARD,CARD`` ·
  ``pick CARD`` · ``obstacle UID`` · ``player SEAT`` · ``grant NAME`` ·
  ``use SEAT ABILITY [PAY] [OBSTACLE]`` · ``generate TYPE [SEED]`` · ``mission FILE`` ·
  ``continue`` · ``abandon`` · ``giveup``;
- ``gm advantage|disadvantage|warning SEAT`` · ``level SEAT CARD [CHARACTER]`` ·
  ``swap SEAT JOB [CHARACTER]`` (SEAT ``gm`` for the GM's own characters; CHARACTER one of the
  player's characters not playing now) · ``new SEAT NAME JOB CARD`` (between scenarios: a new
  level-1 character for that player's roster) ·
  ``awards LEAD_VOTES SUPPORT_VOTES`` (seats, comma-separated, ``-`` for none);
- ``odds UID,UID [CARD]`` — before the declaration, the exact odds of removing those obstacles
  with each action in hand (or CARD); once the dice are rolled, whether it is done (it is decided);
- ``next [PLAN] [PLAYER=CHARACTER …] [gm=PERSON]`` — once the scenario is over, the campaign's next
  scenario: experience is the player's and carries over with every character they own; each
  ``PLAYER=NAME`` picks which of their characters plays, ``PLAYER=new:NAME:JOB:CARD`` makes a new
  one (level 1, raised with ``level`` from the player's experience), and ``gm=PERSON`` names who runs
  it (see :mod:`~meikyu.systems.liberator.campaign`);
- ``undo`` · ``save FILE`` · ``load FILE`` · ``show`` · ``help`` · ``quit``.

>>> out = []
>>> t = Table.new([("ann", "warrior", ["mount"])], seed=3, write=out.append, dice=[5, 3])
>>> t.command("generate normal 1")
True
>>> t.command("declare swing"); t.game.state.turn.dice
True
(5, 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from meikyu.dice.source import RandomDice
from meikyu.engine import Action, Game
from meikyu.errors import InputError, MeikyuError
from meikyu.files import parse_json, read_text, write_json
from meikyu.i18n import translate
from meikyu.systems.liberator.campaign import Cast, next_scenario
from meikyu.systems.liberator.cards import CardSet, sample_cards
from meikyu.systems.liberator.character import LEVEL_COST, SWAP_COST, Character, create_character
from meikyu.systems.liberator.effects import describe_grant
from meikyu.systems.liberator.mission import Obstacle, load_mission, mission_type
from meikyu.systems.liberator.names import localize
from meikyu.systems.liberator.odds import removal_odds, split_removes
from meikyu.systems.liberator.packing import fits
from meikyu.systems.liberator.play_words import card_name, option_line
from meikyu.systems.liberator.rules import LiberatorRules, new_table
from meikyu.systems.liberator.state import (
    DYING,
    NORMAL,
    AbandonMission,
    Awards,
    ContinueMission,
    Declare,
    GenerateMission,
    GiveUp,
    GmGrant,
    LevelUp,
    NewCharacter,
    Options,
    PickCard,
    PickEffect,
    PickObstacle,
    PickPlayer,
    Resolve,
    Split,
    StartMission,
    SwapJob,
    TableState,
    UseAbility,
    UseGrant,
)
from meikyu.systems.liberator.strategy import StrategicPolicy


class QueueDice:
    """Typed dice first (a real table's roll), then random ones."""

    def __init__(self, values: Sequence[int] = (), seed: int | None = None) -> None:
        self.queue = list(values)
        self.random = RandomDice(seed)

    def roll(self, sides: int) -> int:
        if self.queue:
            value = self.queue.pop(0)
            if not 1 <= value <= sides:
                raise InputError("error.dice.too_big", index=1, value=value, sides=sides)
            return value
        return self.random.roll(sides)


def load_game(rules: LiberatorRules, path: str, lang: str = "en") -> Game[TableState]:
    """The game saved at ``path`` (the CLI's save format), replayed and checked step by step.

    Anything wrong — an unreadable file, a save of another game, a step the rules refuse — is one
    :class:`~meikyu.errors.InputError` that names the file and says what is wrong.
    """
    return game_from_data(rules, parse_json(read_text(path), path), path, lang)


def game_from_data(rules: LiberatorRules, data: Any, where: str = "<save>", lang: str = "en") -> Game[TableState]:
    """A game from save data (see :func:`load_game`); ``where`` names it in errors."""
    try:
        return Game.from_data(rules, data)
    except MeikyuError as exc:  # Game.from_data turns every malformed save into one
        detail = exc.message(lang)
        raise InputError("lb.play.bad_save", file=where, detail=detail.rstrip(".。")) from None


def random_seed() -> int:
    """A fresh seed for a table started without one (its missions differ from game to game)."""
    return random.SystemRandom().randrange(1, 2**31)


def _ints(text: str) -> tuple[int, ...]:
    if text in ("-", ""):
        return ()
    try:
        return tuple(int(x) for x in text.split(",") if x)
    except ValueError:
        raise InputError("lb.play.bad_number", text=text) from None


def _words(text: str) -> tuple[str, ...]:
    return () if text in ("-", "") else tuple(x for x in text.split(",") if x)


class Table:
    """A game plus the terminal around it; ``command`` reads one line and returns False on quit."""

    def __init__(
        self,
        game: Game[TableState],
        rules: LiberatorRules,
        lang: str,
        write: Callable[[str], None],
        dice: QueueDice,
    ) -> None:
        self.game, self.rules, self.lang, self.dice = game, rules, lang, dice
        self._out = write
        self.cards: CardSet = rules.cards

    def write(self, line: str) -> None:
        """Print a line; card names read in the table's language (the sample's are printed in ja; a deck's
        own cards by their ``names``)."""
        self._out(localize(line, self.lang, self.cards))

    @classmethod
    def new(
        cls,
        players: Sequence[tuple[str, str, Sequence[str]]],
        *,
        cards: CardSet | None = None,
        plan: Sequence[str] = ("normal", "turning", "final"),
        seed: int | None = None,
        dedicated_gm: bool = True,
        lang: str = "ja",
        write: Callable[[str], None] = print,
        dice: Sequence[int] = (),
        options: Options | None = None,
        levels: Sequence[int] | None = None,
    ) -> Table:
        """A first scenario's table; ``levels`` gives each player's level (default 1 each).

        Without ``seed`` one is drawn at random (and kept in the state, so a save replays exactly).
        """
        rules = LiberatorRules(cards if cards is not None else sample_cards())
        # At the table a GM would not set an obstacle nobody can remove: party-aware by default.
        options = options if options is not None else Options(party_missions=True)
        seed = seed if seed is not None else random_seed()
        state = new_table(
            players, rules.cards, dedicated_gm=dedicated_gm, plan=plan, seed=seed, options=options, levels=levels
        )
        return cls.around(state, rules, lang=lang, write=write, dice=dice, seed=seed)

    @classmethod
    def around(
        cls,
        state: TableState,
        rules: LiberatorRules,
        *,
        lang: str = "ja",
        write: Callable[[str], None] = print,
        dice: Sequence[int] = (),
        seed: int | None = None,
    ) -> Table:
        """A table around a ready state (a campaign's next scenario, say)."""
        queue = QueueDice(dice, seed)
        return cls(Game(rules, state, queue), rules, lang, write, queue)

    # -- output --------------------------------------------------------------------------------
    def t(self, key: str, **params: object) -> str:
        return translate(f"lb.play.{key}", self.lang, **params)

    def card(self, ident: str) -> str:
        return card_name(self.cards, self.lang, ident)

    def describe(self, action: Action, ids: bool = True) -> str:
        """One line for an option (``ids``: cards named with the id one types, as the terminal does)."""
        return option_line(self.game.state, self.cards, self.lang, action, ids)

    def show(self) -> None:
        s = self.game.state
        w = self.write
        if s.mission is not None:
            w(self.t("mission", type=mission_type(s.mission.type, self.lang), round=s.round))
            for o in s.mission.obstacles:
                enh = f" +{self.cards.enhancements[o.enhancement].name}" if o.enhancement else ""
                w(
                    self.t(
                        "obstacle",
                        uid=o.uid,
                        name=o.name or o.kind,
                        attribute=o.attribute,
                        target=o.target,
                        enh=enh,
                    )
                )
        for i, p in enumerate(s.players):
            ch = p.character
            grants = ", ".join(describe_grant(g.name, self.lang) for g in ch.grants) or "-"
            w(
                self.t(
                    "seat",
                    seat=i,
                    player=p.id if ch.name in ("", p.id) else f"{p.id} / {ch.name}",
                    job=self.cards.jobs[ch.job].name,
                    level=ch.level,
                    exp=p.exp,
                    hand=", ".join(self.card(c) for c in ch.hand) or "-",
                    discard=", ".join(self.card(c) for c in ch.discard) or "-",
                    grants=grants,
                    abilities=self.abilities(ch),
                )
            )
        for p in s.players:
            if p.roster:
                w(self.t("roster", player=p.id, characters=self.characters(p.roster)))
        if s.gm_name or s.gm_exp or s.gm_roster:
            w(self.t("gm_line", name=s.gm_name or "GM", exp=s.gm_exp, characters=self.characters(s.gm_roster)))
        for b in s.bench:
            owned = tuple(x for x in (b.character, *b.roster) if x.name)
            w(self.t("bench", player=b.id, exp=b.exp, characters=self.characters(owned)))
        spenders = [p.id for p in s.players if p.exp >= SWAP_COST]
        if spenders:
            w(self.t("can_spend", players=", ".join(spenders), level=LEVEL_COST, swap=SWAP_COST))
        self.show_options()

    def characters(self, owned: Sequence[Character]) -> str:
        """Characters as a list: name (job, level)."""
        return ", ".join(f"{x.name} ({self.cards.jobs[x.job].name} Lv{x.level})" for x in owned) or "-"

    def options(self) -> list[Action]:
        return [a for a in self.game.legal_actions() if not isinstance(a, (LevelUp, SwapJob))]

    def show_options(self) -> None:
        s = self.game.state
        if s.phase == "over":
            w = self.write
            result = translate(f"lb.word.{s.result}", self.lang)
            w(self.t("over", scenario=s.scenario, result=result, gm=s.gm_exp))
            for p in s.players:
                w(self.t("final_exp", player=p.id, earned=p.earned, exp=p.exp))
            w(self.t("over_next"))
            return
        who = self.deciding(s)
        what = self.rules.waiting_label(s, self.lang)
        self.write(self.t("waiting_who", who=who, what=what) if who else self.t("waiting", what=what))
        if s.mission is not None and s.phase == "turn":
            self.write(self.t("obstacles_line", obstacles=" · ".join(self.obstacle_tag(o) for o in s.mission.obstacles)))
        if s.turn is not None and s.turn.step == "after_roll" and not s.effects and s.check is None:
            if s.turn.card in (NORMAL, DYING):
                self.write(self.t("recovery_value", value=self.rules.turn_value(s)))
            else:
                self.write(self.t("power", pools=" + ".join(f"{a}{v}" for a, v in self.rules.pools(s))))
        roller = self.roller(s)
        if roller is not None and self.dice.queue:
            self.write(self.t("dice_ready", player=roller, dice=", ".join(map(str, self.dice.queue))))
        for n, action in enumerate(self.options()[:30], 1):
            self.write(f"  {n}. {self.describe(action)}")

    def abilities(self, ch: Character) -> str:
        """The job effect and feats, each marked when already used this scenario."""
        out = []
        for ident in (self.cards.jobs[ch.job].effect.id, *ch.feats):
            ability = self.cards.ability(ident)
            name = f"{ability.name}[{ident}]" if ability else ident
            out.append(name + (self.t("used_mark") if ch.ability_used(ident, self.cards) else ""))
        return ", ".join(out)

    def obstacle_tag(self, o: Obstacle) -> str:
        """``#3 Giant Spider P3`` (``+`` when an enhancement rides on it)."""
        name = o.name or translate(f"lb.kind.{o.kind}", self.lang)
        return f"#{o.uid} {name} {o.attribute}{o.target}" + ("+" if o.enhancement else "")

    def deciding(self, s: TableState) -> str:
        """Who answers what the table waits for: a player's name, the GM, or "" for everyone."""
        gm = self.t("gm")
        if s.effects:
            pe = s.effects[0]
            return s.players[pe.target if pe.target >= 0 else pe.player].id
        if s.check is not None:
            chk = s.check
            gm_picks = chk.kind == "disadvantage" and s.options.disadvantage_chooser == "gm"
            if chk.step == "pick" and gm_picks:
                return gm if s.dedicated_gm else s.acting_gm
            return s.players[chk.player].id
        if s.phase == "turn" and s.turn is not None:
            return s.players[s.turn.player].id
        if s.phase == "setup":
            return gm if s.dedicated_gm else s.acting_gm
        return ""

    def roller(self, s: TableState) -> str | None:
        """The player whose 2D6 the next queued dice are for, when a declaration (a roll) is next."""
        if s.effects:
            return None
        if s.check is not None:
            return s.players[s.check.player].id if s.check.step == "declare" else None
        if s.phase == "turn" and s.turn is not None and s.turn.step == "declare":
            return s.players[s.turn.player].id
        return None

    # -- input ---------------------------------------------------------------------------------
    def play(self, action: Action) -> None:
        for event in self.game.play(action):
            self.write("  " + event.render(self.lang))

    def parse(self, words: list[str]) -> Action | None:
        """Turn a command's words into an action (None for commands that are not actions)."""
        head, rest = words[0].lower(), words[1:]
        arg = rest[0] if rest else ""
        simple: dict[str, Callable[[], Action]] = {
            "declare": lambda: Declare(arg),
            "split": lambda: Split(int(arg)),
            "effect": lambda: PickEffect(int(arg)),
            "resolve": lambda: Resolve(obstacles=_ints(arg)),
            "recover": lambda: Resolve(recover=_words(arg)),
            "pick": lambda: PickCard(arg),
            "obstacle": lambda: PickObstacle(int(arg)),
            "player": lambda: PickPlayer(int(arg)),
            "grant": lambda: UseGrant(arg),
            "use": lambda: UseAbility(
                int(arg), rest[1], rest[2] if len(rest) > 2 else "", int(rest[3]) if len(rest) > 3 else 0
            ),
            "generate": lambda: GenerateMission(
                arg, int(rest[1]) if len(rest) > 1 else self.game.state.seed + len(self.game.state.log)
            ),
            "continue": ContinueMission,
            "abandon": AbandonMission,
            "giveup": GiveUp,
            "gm": lambda: GmGrant(int(rest[1]), arg),
            "level": lambda: LevelUp(_seat(arg), rest[1], rest[2] if len(rest) > 2 else ""),
            "swap": lambda: SwapJob(_seat(arg), rest[1], rest[2] if len(rest) > 2 else ""),
            "new": lambda: NewCharacter(int(arg), rest[1], rest[2], rest[3]),
            "awards": lambda: Awards(_ints(arg), _ints(rest[1] if len(rest) > 1 else "")),
            "mission": lambda: StartMission(
                load_mission(read_text(arg), arg, self.cards)
            ),
        }
        if head.isdigit():
            options = self.options()
            index = int(head) - 1
            if not 0 <= index < len(options):
                raise InputError("lb.play.bad_option", number=head, count=len(options))
            return options[index]
        if head not in simple:
            return None
        try:
            return simple[head]()
        except (IndexError, ValueError):
            raise InputError("lb.play.bad_args", command=head) from None

    def command(self, line: str) -> bool:
        """Run one line; False means quit. Errors are printed, never raised."""
        words = line.split("#", 1)[0].split()
        if not words:
            return True
        head = words[0].lower()
        try:
            if head in ("quit", "exit", "q"):
                return False
            if head == "help":
                self.write(self.t("help"))
            elif head == "show":
                self.show()
            elif head == "dice":
                self.queue_dice(words[1:])
            elif head == "next":
                self.next_scenario(*self.next_words(words[1:]))
            elif head == "undo":
                turn = self.game.undo()
                self.write(self.t("undone", action=self.describe(turn.action)))
            elif head == "save":
                self.save(words[1])
                self.write(self.t("saved", file=words[1]))
            elif head == "load":
                self.load(words[1])
                self.write(self.t("loaded", file=words[1]))
            elif head == "odds":
                self.odds(_ints(words[1] if len(words) > 1 else ""), words[2] if len(words) > 2 else "")
            elif head == "auto":
                policy = StrategicPolicy(self.rules)
                for _ in range(int(words[1]) if len(words) > 1 else 1):
                    legal = self.game.legal_actions()
                    if not legal:
                        break
                    self.play(policy.choose(self.game.state, legal))
            else:
                action = self.parse(words)
                if action is None:
                    raise InputError("lb.play.unknown", command=head)
                self.play(action)
        except MeikyuError as exc:
            self.write(self.t("error", message=exc.message(self.lang)))
        except (OSError, ValueError, KeyError, IndexError) as exc:
            self.write(self.t("error", message=self.t("bad_args", command=f"{head} ({exc})")))
        return True

    def save(self, path: str) -> None:
        """Write the game atomically (a failed write leaves the previous save whole)."""
        write_json(path, self.game.to_data())

    def load(self, path: str) -> None:
        """Continue the game saved at ``path``; on any problem the table stays exactly as it was."""
        self.load_data(parse_json(read_text(path), path), path)

    def load_data(self, data: Any, where: str = "<save>") -> None:
        """Continue from save data; everything is checked before the table changes."""
        game = game_from_data(self.rules, data, where, self.lang)
        game.dice = self.dice
        self.game = game

    def queue_dice(self, words: Sequence[str]) -> None:
        """``dice 6 3``: the next dice to use, said back with whose roll they are for."""
        from meikyu.dice.source import parse_dice_list

        values = parse_dice_list(" ".join(words))
        if not values:
            raise InputError("lb.play.dice_none")
        for index, value in enumerate(values, 1):
            if not 1 <= value <= 6:  # every Liberator roll is of six-sided dice
                raise InputError("error.dice.too_big", index=index, value=value, sides=6)
        self.dice.queue.extend(values)
        roller = self.roller(self.game.state)
        queued = ", ".join(map(str, self.dice.queue))
        if roller is None:
            self.write(self.t("dice_queued_later", dice=queued))
        else:
            self.write(self.t("dice_ready", player=roller, dice=queued))

    def next_words(self, words: Sequence[str]) -> tuple[Sequence[str] | None, Cast | None, str | None]:
        """``next``'s words: the plan, who plays which character (new ones made here), and the GM."""
        plan = [x for w in words if "=" not in w for x in w.split(",") if x]
        cast: dict[str, str | Character | None] = {}
        gm = None
        for word in (w for w in words if "=" in w):
            who, _, what = word.partition("=")
            if who.lower() == "gm":
                gm = what
            elif what.startswith("new:"):
                name, job, *extras = what[4:].split(":")
                cast[who] = create_character(self.cards, name, job, [x for x in extras if x])
            else:
                cast[who] = what or None
        if not cast:
            return plan or None, None, gm
        # The players not named play on with their characters, unless one of them is the new GM.
        seated: dict[str, str | Character | None] = {p.id: None for p in self.game.state.players if p.id != gm}
        return plan or None, {**seated, **cast}, gm

    def next_scenario(self, plan: Sequence[str] | None = None, cast: Cast | None = None,
                      gm: str | None = None) -> None:
        """``next [PLAN] [PLAYER=CHARACTER …] [gm=PERSON]``: the campaign's next scenario (see :mod:`.campaign`)."""
        state = next_scenario(self.game.state, plan=plan, cast=cast, gm=gm)
        self.game = Game(self.rules, state, self.dice)
        self.write(self.t("next_scenario", scenario=state.scenario))
        self.show()

    def odds(self, uids: tuple[int, ...], card: str = "") -> None:
        """``odds UID,UID [CARD]``: before the declaration, the exact chance each action in hand
        (or ``CARD``) removes those obstacles; once the dice are rolled, that it is decided."""
        s = self.game.state
        t = s.turn
        if t is None or s.mission is None or s.effects or s.check is not None:
            raise InputError("lb.play.odds_needs_turn")
        by_uid = {o.uid: o for o in s.mission.obstacles}
        missing = [u for u in uids if u not in by_uid]
        if missing or not uids:
            raise InputError("lb.error.no_obstacle", uid=",".join(map(str, missing)) or "-")
        targets = [(by_uid[u].attribute, by_uid[u].target) for u in uids]
        names = ",".join(map(str, uids))
        if t.step == "declare":
            hand = self.game.state.players[t.player].character.hand
            if card and card not in hand:
                raise InputError("lb.error.not_in_hand", card=card)
            for ident in [card] if card else hand:
                p = removal_odds(self.cards.actions[ident], targets)
                self.write(
                    self.t(
                        "odds_card",
                        card=self.card(ident),
                        uids=names,
                        fraction=str(p),
                        percent=f"{float(p) * 100:.1f}",
                    )
                )
            return
        if t.card in (NORMAL, DYING):
            raise InputError("lb.play.odds_recovery")
        dice = ", ".join(map(str, t.dice))
        if t.step == "split":
            action = self.cards.actions[t.card]
            ways = [
                d1
                for d1, d2 in {(t.dice[0], t.dice[1]), (t.dice[1], t.dice[0])}
                if split_removes(action, targets, d1, d2, t.bonus, t.attribute)
            ]
            if ways:
                power = ", ".join(map(str, sorted(ways, reverse=True)))
                self.write(self.t("odds_decided_split", dice=dice, uids=names, power=power))
            else:
                self.write(self.t("odds_decided_no", dice=dice, uids=names))
            return
        pools = self.rules.pools(s)
        shown = " + ".join(f"{a}{v}" for a, v in pools)
        key = "odds_decided_yes" if fits(targets, pools) else "odds_decided_no_power"
        self.write(self.t(key, dice=dice, uids=names, pools=shown))

    def run(self, lines: Callable[[], str | None]) -> int:
        """Read lines until quit or the end of input; shows the table before each prompt."""
        self.show()
        while True:
            line = lines()
            if line is None:
                return 0
            if not self.command(line):
                return 0
            if line.split() and line.split()[0].lower() not in ("help", "show", "dice", "save", "odds", "next"):
                self.show_options()


def _seat(word: str) -> int:
    """A seat number, or ``gm`` (−1) for the GM spending on their own characters."""
    return -1 if word.lower() == "gm" else int(word)
