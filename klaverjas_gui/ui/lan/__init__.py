"""Play on the network: choose Host or Join (choose.py), the host's screen (host.py), the
join screen (join.py) and the questions put to the host's person (questions.py); what they
share is in common.py. The servers and threads are started by play/net (starters.py), never
by a screen: a screen asks a starter and shows what it reports. Nothing here plays: both
hand the match to the app's table (`Shell.start_network`).
"""

from .choose import NetworkScene
from .host import HostScene
from .join import JoinScene
from .questions import StallScene, TakeoverScene, ask_person

__all__ = ["HostScene", "JoinScene", "NetworkScene", "StallScene", "TakeoverScene", "ask_person"]
