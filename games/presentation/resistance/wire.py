"""The engine names the Resistance presenter speaks (moves, events, phases), imported in
one place so a rename in the engine touches one file here."""

from games.engine.games.resistance import GAME
from games.engine.games.resistance.events import (
    Assassinated,
    GameEnded,
    GameSetUp,
    LadyExamined,
    QuestCardPlayed,
    QuestResolved,
    TeamProposed,
    VoteCast,
    VotesRevealed,
)
from games.engine.games.resistance.moves import (
    Assassinate,
    Examine,
    PlayQuestCard,
    ProposeTeam,
    Vote,
)
from games.engine.games.resistance.roles import Phase, Side

__all__ = [
    "GAME",
    "Assassinate",
    "Assassinated",
    "Examine",
    "GameEnded",
    "GameSetUp",
    "LadyExamined",
    "Phase",
    "PlayQuestCard",
    "ProposeTeam",
    "QuestCardPlayed",
    "QuestResolved",
    "Side",
    "TeamProposed",
    "Vote",
    "VoteCast",
    "VotesRevealed",
]
